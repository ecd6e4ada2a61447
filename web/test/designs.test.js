// designs.js: every tile design and felt is complete, earned by a real trophy, named in every
// language, readable (pips against the face), and what render.js and tiles.js paint with once chosen.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { available, currentDesign, FELTS, feltStyle, setDesign, TILE_DESIGNS, tileStyle } from "../js/draw/designs.js";
import { drawTile } from "../js/draw/tiles.js";
import { catalogues } from "../js/i18n/strings.js";

const TILE_KEYS = [
  "id",
  "unlock",
  "face",
  "edge",
  "bevel",
  "divider",
  "pip",
  "pipGlint",
  "pin",
  "back",
  "backEdge",
  "inlay",
  "diamond",
  "shadowFace",
  "shadowBack",
  "dim",
  "dimAlpha",
  "texture",
];
const FELT_KEYS = ["id", "unlock", "light", "grain", "tint", "rack", "rackLip", "page"];
// The trophies are the engine's (career.TROPHY_IDS): read from its source, one home.
const CAREER_PY = readFileSync(new URL("../../py/allthrees/career/awards.py", import.meta.url), "utf8");
const ALL_TROPHIES = [...CAREER_PY.match(/^TROPHY_IDS = \(([^)]*)\)/m)[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);

/** WCAG relative luminance of "#rrggbb". */
function luminance(hex) {
  assert.match(hex, /^#[0-9a-f]{6}$/i, hex);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("every design and felt has every colour key, and no other", () => {
  for (const d of TILE_DESIGNS) assert.deepEqual(Object.keys(d).sort(), [...TILE_KEYS].sort(), d.id);
  for (const f of FELTS) assert.deepEqual(Object.keys(f).sort(), [...FELT_KEYS].sort(), f.id);
  for (const d of TILE_DESIGNS) {
    assert.equal(d.face.length, 3, d.id);
    assert.equal(d.pin.length, 3, d.id);
    assert.equal(d.back.length, 2, d.id);
    assert.ok(d.texture === null || ["grain", "flecks", "veins"].includes(d.texture.kind), d.id);
  }
  for (const f of FELTS) {
    assert.equal(f.light.length, 3, f.id);
    assert.equal(f.rack.length, 3, f.id);
    assert.ok(["felt", "wood", "stone"].includes(f.grain), f.id);
    assert.equal(f.tint === null, f.grain === "felt", `${f.id}: wood and stone have a tint, felt none`);
    if (f.page) assert.deepEqual(Object.keys(f.page).sort(), ["dark", "felt", "light", "theme"], f.id);
  }
});

test("ids are unique, and the four tile designs and the felts asked for are there", () => {
  for (const list of [TILE_DESIGNS, FELTS]) {
    const ids = list.map((d) => d.id);
    assert.equal(new Set(ids).size, ids.length);
  }
  for (const id of ["ivory", "ebony", "jade", "bone"])
    assert.ok(
      TILE_DESIGNS.some((d) => d.id === id),
      id,
    );
  for (const id of ["green", "blue", "mahogany"])
    assert.ok(
      FELTS.some((d) => d.id === id),
      id,
    );
});

test("each unlock names a trophy; exactly one default of each kind, today's ivory on green", () => {
  for (const d of [...TILE_DESIGNS, ...FELTS]) assert.ok(d.unlock === null || ALL_TROPHIES.includes(d.unlock), d.id);
  assert.deepEqual(
    TILE_DESIGNS.filter((d) => d.unlock === null).map((d) => d.id),
    ["ivory"],
  );
  assert.deepEqual(
    FELTS.filter((d) => d.unlock === null).map((d) => d.id),
    ["green"],
  );
  // the ids the engine computes (py/allthrees): fifteen, none twice
  assert.equal(new Set(ALL_TROPHIES).size, 15);
});

test("with no trophies only the defaults are available; each trophy opens what it unlocks", () => {
  assert.deepEqual(available([]), { tiles: ["ivory"], felts: ["green"] });
  assert.deepEqual(available(), { tiles: ["ivory"], felts: ["green"] });
  for (const d of TILE_DESIGNS.filter((x) => x.unlock)) {
    assert.ok(available([d.unlock]).tiles.includes(d.id), d.id);
    assert.ok(!available(ALL_TROPHIES.filter((t) => t !== d.unlock)).tiles.includes(d.id), d.id);
  }
  for (const f of FELTS.filter((x) => x.unlock)) {
    assert.ok(available([f.unlock]).felts.includes(f.id), f.id);
    assert.ok(!available(ALL_TROPHIES.filter((t) => t !== f.unlock)).felts.includes(f.id), f.id);
  }
  const all = available(new Set(ALL_TROPHIES));
  assert.deepEqual(
    all.tiles,
    TILE_DESIGNS.map((d) => d.id),
  );
  assert.deepEqual(
    all.felts,
    FELTS.map((d) => d.id),
  );
});

test("setDesign takes an earned choice; a locked one (trophies given) or an unknown one falls back", () => {
  try {
    assert.deepEqual(currentDesign(), { tiles: "ivory", felt: "green" });
    assert.deepEqual(setDesign({ tiles: "ebony", felt: "mahogany" }, ["first_win", "big_play"]), {
      tiles: "ebony",
      felt: "mahogany",
    });
    assert.equal(tileStyle().id, "ebony");
    assert.equal(feltStyle().id, "mahogany");
    // ebony earned, mahogany not
    assert.deepEqual(setDesign({ tiles: "ebony", felt: "mahogany" }, ["first_win"]), {
      tiles: "ebony",
      felt: "green",
    });
    // an empty list of trophies: only the defaults
    assert.deepEqual(setDesign({ tiles: "ebony", felt: "blue" }, []), { tiles: "ivory", felt: "green" });
    // no list: the caller has checked with available(); an unknown id still falls back
    assert.deepEqual(setDesign({ tiles: "jade", felt: "slate" }), { tiles: "jade", felt: "slate" });
    assert.deepEqual(setDesign({ tiles: "marble", felt: "lawn" }), { tiles: "ivory", felt: "green" });
    assert.deepEqual(setDesign({ tiles: "marble", felt: "lawn" }, ALL_TROPHIES), { tiles: "ivory", felt: "green" });
    assert.deepEqual(setDesign({ tiles: null, felt: undefined }), { tiles: "ivory", felt: "green" });
    assert.deepEqual(setDesign({}, ALL_TROPHIES), { tiles: "ivory", felt: "green" });
    assert.deepEqual(setDesign(undefined), { tiles: "ivory", felt: "green" });
    assert.deepEqual(currentDesign(), { tiles: "ivory", felt: "green" });
  } finally {
    setDesign({});
  }
});

test("pips stand out from the face: contrast of at least 4.5 against every shade of it (WCAG)", () => {
  for (const d of TILE_DESIGNS) {
    for (const shade of d.face) {
      const ratio = contrast(d.pip, shade);
      assert.ok(ratio >= 4.5, `${d.id}: pips ${d.pip} on ${shade}: ${ratio.toFixed(2)}`);
    }
  }
});

test("a face-down tile is unlike a face-up one (the back's shades against the face's middle)", () => {
  for (const d of TILE_DESIGNS) {
    for (const shade of d.back) {
      const ratio = contrast(shade, d.face[1]);
      assert.ok(ratio >= 2, `${d.id}: back ${shade} on face ${d.face[1]}: ${ratio.toFixed(2)}`);
    }
  }
});

test("every catalogue names every tile design and felt", async () => {
  const all = await catalogues();
  for (const [lang, { T }] of Object.entries(all)) {
    const words = T.designs;
    assert.ok(words, `${lang}: no designs block`);
    assert.deepEqual(Object.keys(words.tiles).sort(), TILE_DESIGNS.map((d) => d.id).sort(), lang);
    assert.deepEqual(Object.keys(words.felts).sort(), FELTS.map((d) => d.id).sort(), lang);
    for (const name of [...Object.values(words.tiles), ...Object.values(words.felts)]) {
      assert.equal(typeof name, "string", lang);
      assert.ok(name.trim().length > 0, lang);
    }
    assert.ok(words.lockedBy("First win").includes("First win"), lang);
  }
});

/** A 2D context that keeps every colour it is given (fill and stroke styles, gradient stops). */
function recordingContext() {
  const colours = [];
  const gradient = { addColorStop: (_at, colour) => colours.push(colour) };
  const target = { colours };
  const ctx = new Proxy(target, {
    get(t, key) {
      if (key in t) return t[key];
      if (key === "createLinearGradient" || key === "createRadialGradient") return () => gradient;
      return () => {};
    },
    set(_t, key, value) {
      if (key === "fillStyle" || key === "strokeStyle") colours.push(value);
      return true;
    },
  });
  return ctx;
}

test("drawTile paints with the design in use, face up and face down", () => {
  try {
    setDesign({ tiles: "ebony" });
    const up = recordingContext();
    drawTile(up, { x: 0, y: 0, s: 40, a: 6, b: 3 });
    const ebony = TILE_DESIGNS.find((d) => d.id === "ebony");
    for (const colour of [...ebony.face, ebony.pip, ebony.edge, ebony.divider, ...ebony.pin])
      assert.ok(up.colours.includes(colour), colour);
    const ivory = TILE_DESIGNS.find((d) => d.id === "ivory");
    assert.ok(!up.colours.includes(ivory.pip));
    const down = recordingContext();
    drawTile(down, { x: 0, y: 0, s: 20, faceDown: true });
    for (const colour of [...ebony.back, ebony.inlay, ebony.diamond, ebony.shadowBack])
      assert.ok(down.colours.includes(colour), colour);
  } finally {
    setDesign({});
  }
});
