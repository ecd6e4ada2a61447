// strings.js: the catalogue has words for every code the engine sends and every choice it offers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { pickLanguage } from "../js/i18n/lang.js";
import { catalogues, modeWords, T } from "../js/i18n/strings.js";

const CATALOGUES = await catalogues();

function walk(value, path, out) {
  if (typeof value === "function") out.push([path, value]);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, out);
  else out.push([path, value]);
}

// Arguments for the entries that take more than names and numbers.
const ARGS = {
  seatName: [{ kind: "level", level: "expert", n: 2 }],
  describe: [
    {
      rules: "Parlor",
      sprint: false,
      target: 150,
      players: 2,
      teams: false,
      free: 1,
      name: "Ana",
      lang: "English",
      waited: "1 minute",
      clock: "60 s",
    },
  ],
  describePlaying: [
    {
      rules: "Parlor",
      sprint: false,
      target: 150,
      players: 2,
      teams: false,
      name: "Ana",
      lang: "English",
      playing: "1 minute",
      watchers: 2,
    },
  ],
  lookingFor: ["2 players", "1 minute"],
  sideName: [["Ana", "Ola"]],
  sections: [{ k: 3, reserve: 2, spinner: true, target: 150 }],
  hand: [["six-three", "double five"]],
  drewOwn: [["6-3", "5-5"]],
  scores: [["You 6", "Casual 21"], 150],
  scoresNow: [["You 6", "Casual 21"]],
  ends: [["West 6", "East 3"]],
  option: ["6-3", "E", 9],
  placed: ["Casual", false, "6-3", "E", 9],
  endPart: ["W", 6, 12],
  boneyard: [5, 2],
  seat: ["Casual", 5, false, 2],
  handTile: ["6-2", false],
  dealt: [2, 7],
  drewOther: ["Casual", 3],
  // the career screen (careerview.js, transfer.js)
  largestPlay: [30, "Dec 1, 2026"],
  matchLine: [{ scores: [150, 98], margin: 52 }, "Dec 1, 2026"],
  earnedOn: ["Dec 1, 2026"],
  dailyLine: [{ date: "2026-12-01", points: 87, margin: 23, won: true }],
  brings: [{ entries: 3, history: 3, trophies: 2, newest: "2026-12-01T10:00:00Z" }],
  exported: ["allthrees-career-2026-12-01.json", 3, 3],
  replaces: [3, 3],
  historyNote: [3],
  dailyStreak: [3, 5],
  trophyCount: [2, 15],
  modeLine: ["Quick Sprint", ["You", "Expert"]],
};

function checkWords(catalogue, name, least) {
  const entries = [];
  walk(catalogue, name, entries);
  assert.ok(entries.length > least, name);
  for (const [path, value] of entries) {
    if (
      [".partnerNote.", ".summary.", ".why.", ".rulesText.lines.", ".presetAbout", ".refusals."].some((p) =>
        path.includes(p),
      )
    )
      continue; // each takes its own values: tested below
    const key = path.split(".").at(-1);
    const args = ARGS[key] ?? ["X", "Y", "Z", "1", "2", "3"];
    let text = typeof value === "function" ? value(...args) : value;
    if (key === "sections") text = JSON.stringify(text);
    assert.equal(typeof text, "string", path);
    assert.ok(text.trim().length > 0, `${path} is empty`);
    assert.ok(!text.includes("undefined") && !text.includes("NaN"), `${path}: ${text}`);
  }
}

test("every entry is words: a non-empty string, or a function that returns one, in every language", () => {
  for (const [lang, { T: words, SR: said }] of Object.entries(CATALOGUES)) {
    checkWords(words, `${lang}.T`, 60);
    checkWords(said, `${lang}.SR`, 20);
  }
});

/** The shape of a catalogue: every key path, and for a list its length. */
function shape(value, path = "", out = new Set()) {
  if (Array.isArray(value)) out.add(`${path}[${value.length}]`);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) shape(v, `${path}.${k}`, out);
  else out.add(`${path}:${typeof value}`);
  return out;
}

test("the Polish catalogue has every key the English one has, and no other", () => {
  for (const part of ["T", "SR"]) {
    const en = shape(CATALOGUES.en[part]);
    const pl = shape(CATALOGUES.pl[part]);
    assert.deepEqual(
      [...en].filter((k) => !pl.has(k)),
      [],
      `${part}: no Polish words for these`,
    );
    assert.deepEqual(
      [...pl].filter((k) => !en.has(k)),
      [],
      `${part}: Polish words for nothing`,
    );
  }
});

test("Polish counts with its three plural forms", () => {
  const { T: pl } = CATALOGUES.pl;
  assert.equal(pl.tiles(1), "1 kamień");
  assert.equal(pl.tiles(3), "3 kamienie");
  assert.equal(pl.tiles(5), "5 kamieni");
  assert.equal(pl.tiles(22), "22 kamienie");
  assert.equal(pl.points(12), "12 punktów");
  assert.equal(pl.mustPassReserve(2), "Nie masz czym zagrać: pasuj (ostatnie 2 kamienie zostają w talonie)");
  assert.equal(
    CATALOGUES.pl.SR.placed("Ekspert", false, "6-3", "E", 9),
    "Ekspert zagrywa sześć-trzy po prawej i zdobywa 9 punktów.",
  );
  assert.equal(CATALOGUES.pl.SR.placed("Ty", true, "5-5", null, 0), "Zagrywasz dublet pięć.");
});

test("a language is picked from the browser's list, English when none is known", () => {
  assert.equal(pickLanguage(["pl-PL", "en-US"]), "pl");
  assert.equal(pickLanguage(["de-DE", "pl"]), "pl");
  assert.equal(pickLanguage(["de-DE"]), "en");
  assert.equal(pickLanguage([]), "en");
});

// The codes py/allthrees sends, read from its source, so a new code without words fails here.
const py = (file) => readFileSync(new URL(`../../py/allthrees/${file}`, import.meta.url), "utf8");
// The strings of a module-level tuple: NAME = ("a", "b", ...)
const tupleOf = (source, name) =>
  [...source.match(new RegExp(`^${name} = \\(([^)]*)\\)`, "m"))[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);

test("every lead rule code the presenter sends has words", () => {
  const codes = tupleOf(py("snapshot.py"), "LEAD_CODES");
  assert.ok(codes.length >= 8 && codes.includes("highest_double") && codes.includes("lots"));
  assert.deepEqual(Object.keys(T.yourLead).sort(), [...codes].sort(), "no words for a code that is gone");
  for (const code of codes) assert.equal(typeof T.yourLead[code]("6-6"), "string", code);
});

test("every mode and seat controller the settings offer has words", () => {
  const source = py("settings.py");
  const tuple = (name) => tupleOf(source, name);
  for (const mode of tuple("MODES")) assert.notEqual(modeWords(mode).name, mode, mode);
  for (const c of [...tuple("PEOPLE"), ...tuple("COMPUTERS")]) assert.ok(T.controllers[c], c);
});

test("every partner note advice.py sends has words, and they read as a sentence", () => {
  const source = py("ai/advice.py");
  const body = source.slice(source.indexOf("def partner_note"));
  const codes = [...body.matchAll(/"code": "(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(codes)].sort(), Object.keys(T.partnerNote).sort());
  const note = { tile: "3-1", other_tile: "3-4", lacks: [1, 3, 5], must: "pass", value: 5 };
  assert.equal(
    T.partnerNote.kept_open(note, "West", null),
    "West plays 3-1, not 3-4, to keep an end open for you: you have shown no 1, 3 or 5",
  );
  assert.equal(
    T.partnerNote.shut_out({ ...note, lacks: [4] }, "West", null, "North"),
    "West plays 3-1: North has shown no 4, so must pass",
  );
  assert.match(T.partnerNote.kept_open(note, "West", "Ana"), /for Ana: Ana has shown no/);
  assert.equal(T.partnerNote.two_ends(note, "West", null), "West plays 3-1: a 5 stays open on two ends for you");
  const fewer = { ...note, given_up: 6, left: 1, instead: 3 };
  assert.equal(
    T.partnerNote.safe(fewer, "West", null, "East"),
    "West plays 3-1, not 3-4 for 6: it leaves East fewer scoring replies (1 tile it may hold scores, not 3)",
  );
  assert.equal(
    T.partnerNote.set_up({ ...fewer, given_up: 0, left: 7 }, "West", null),
    "West plays 3-1, not 3-4: it leaves you more scoring replies (7 tiles you may hold score, not 3)",
  );
});

test("every summary line summary.py sends has words, in every language", () => {
  const codes = [...py("summary.py").matchAll(/"code": "(\w+)"/g)].map((m) => m[1]);
  assert.ok(codes.includes("domino") && codes.includes("bonus"));
  const seat = (i) => ["Ty", "Amator"][i];
  const side = seat;
  const you = (i) => i === 0;
  const line = { taker: 1, seat: 0, award: 6, pegs: false, claim: null, made: 6, seats: [1], parts: [5, 2] };
  Object.assign(line, { total: 7, rounded: 6, side: 0, rule: "difference", opponents: 9, own: 2, pips: 7 });
  Object.assign(line, { multiple: 3, bonus: 2, divisor: 5, points: 2, target: 61 });
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(words.summary).sort(), [...new Set(codes)].sort(), lang);
    for (const code of codes) {
      const text = words.summary[code](line, seat, side, you);
      assert.ok(text.length > 3 && !text.includes("undefined"), `${lang} ${code}: ${text}`);
    }
  }
  assert.equal(CATALOGUES.en.T.summary.holds(line, seat, side, you), "Amator holds 5+2 = 7 → 6");
});

test("every reason advice.py gives a move has words, in every language", () => {
  const source = py("ai/advice.py");
  const body = source.slice(source.indexOf("def reason_code"), source.indexOf("def reason_words"));
  const codes = [...body.matchAll(/"code": "(\w+)"/g)].map((m) => m[1]);
  assert.ok(codes.length >= 7, codes.join());
  const values = { points: 9, safe: true, sum: 7, k: 3, pips: 11, replies: 2 };
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(words.why).sort(), [...new Set(codes)].sort(), lang);
    for (const code of codes) {
      const text = words.why[code]({ code, ...values });
      assert.ok(text.length > 3 && !text.includes("undefined"), `${lang} ${code}: ${text}`);
    }
  }
  assert.equal(CATALOGUES.en.T.why.leaves({ sum: 7, replies: 2 }), "leaves 7: 2 tiles you cannot see could score next");
});

/** The keys of a Python dict literal NAME = { "key": ... } in english.py. */
function dictKeys(source, name) {
  const start = source.indexOf(`\n${name} = {`);
  const body = source.slice(start, source.indexOf("\n}\n", start + 1));
  return [...body.matchAll(/^ {4}"(\w+)":/gm)].map((m) => m[1]);
}

test("every line of the rules screen and every preset part explain.py sends has words, in every language", () => {
  const source = py("english.py");
  const lines = dictKeys(source, "LINES");
  const parts = dictKeys(source, "PRESET_PARTS");
  assert.ok(lines.length > 20 && lines.includes("example_blocked"), lines.join());
  assert.ok(parts.length >= 9, parts.join());
  const titles = dictKeys(source, "TITLES");
  const values = {
    top: 6,
    tiles: 28,
    players: 2,
    teams: false,
    hand: 7,
    target: 150,
    pegs: false,
    rule: "difference",
    reserve: 2,
    sides_count: true,
    k: 3,
    divide: { by: 3, pegs: true },
    tile: "6-3",
    sum: 9,
    award: 9,
    own: 3,
    others: 11,
    raw: 8,
    rounded: 9,
    score: 3,
    by: 3,
    // the Fives and Threes family's lines
    points: 1,
    exact: true,
    fives: 3,
    threes: 5,
    at: 59,
    need: 2,
    sums: [6, 10],
  };
  const rules = { lead: ["highest_double", "highest_double_any", "lots"], next_lead: ["same", "winner", "left"] };
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(words.rulesText.lines).sort(), [...lines].sort(), `${lang} lines`);
    assert.deepEqual(Object.keys(words.rulesText.titles).sort(), [...titles].sort(), `${lang} titles`);
    for (const code of lines) {
      for (const rule of rules[code] ?? ["difference", "total"]) {
        const text = words.rulesText.lines[code]({ code, ...values, rule });
        assert.ok(
          typeof text === "string" && text.length > 10 && !text.includes("undefined"),
          `${lang} ${code}: ${text}`,
        );
      }
    }
    const about = words.presetAbout(
      parts.map((code) => ({ code, ...values, rule: code === "lead" ? "lots" : "winner" })),
    );
    assert.ok(!about.includes("undefined") && about.length > 40, `${lang}: ${about}`);
  }
  assert.equal(
    CATALOGUES.en.T.presetAbout([
      { code: "target", target: 150 },
      { code: "reserve", tiles: 2 },
    ]),
    "To 150; 2 tiles stay in the boneyard",
  );
});

test("every refusal code the engine names has words, in every language", () => {
  // errors.REFUSAL_CODES; tests/app/test_refusal_codes.py holds every raise to that list
  const named = tupleOf(py("errors.py"), "REFUSAL_CODES");
  assert.ok(named.length >= 35 && named.includes("too_many_tiles") && named.includes("link_unknown"));
  const values = {
    ...{ least: 2, players: 4, hand: 9, need: 36, top: 6, tiles: 28, seats: 3, most: 999 },
    ...{ text: "x", name: "x", key: "sprint", where: [2, 5] },
  };
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(words.refusals).sort(), [...named].sort(), lang);
    for (const code of named) {
      const text = words.refusals[code](values);
      assert.ok(text.length > 5 && !text.includes("undefined"), `${lang} ${code}: ${text}`);
    }
  }
});

test("every way the worker says its start failed has words, in every language", async () => {
  const { BOOT_WORDS, failureWords } = await import("../js/i18n/bootwords.js");
  const source = readFileSync(new URL("../js/boot/worker.js", import.meta.url), "utf8");
  const codes = new Set(["worker"]);
  for (const m of source.matchAll(/new BootFailure\([^,]+, "(\w+)"|step\([^,]+, "(\w+)"/g)) codes.add(m[1] ?? m[2]);
  assert.ok(codes.size >= 10, [...codes].join());
  for (const [lang, words] of Object.entries(BOOT_WORDS)) {
    assert.deepEqual(Object.keys(words.failures).sort(), [...codes].sort(), lang);
    for (const label of ["runtime", "stdlib", "loader", "engine"]) assert.ok(words.files[label], `${lang} ${label}`);
    for (const code of codes) {
      const text = failureWords({ code, values: { label: "engine", file: "a.whl", status: "404" } }, words);
      assert.ok(text.length > 10 && !text.includes("undefined") && /^\p{Lu}/u.test(text), `${lang} ${code}: ${text}`);
    }
  }
  assert.equal(
    failureWords({ code: "download_http", values: { label: "engine", file: "a.whl", status: "404" } }, BOOT_WORDS.en),
    "Could not download the game engine (a.whl): HTTP 404.",
  );
});

test("every trophy the engine names has a name and a condition, in every language", () => {
  const ids = tupleOf(py("career/awards.py"), "TROPHY_IDS");
  assert.ok(ids.length >= 12 && ids.includes("grand_master"));
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    assert.deepEqual(Object.keys(words.trophies), ids, `${lang}: the engine's trophies, in its order`);
    for (const id of ids) assert.ok(words.trophies[id].name && words.trophies[id].how.length > 8, `${lang} ${id}`);
  }
});

test("How to play and the rules screen say Fives and Threes' own rules, in every language", () => {
  const fives = {
    k: 3,
    reserve: 14,
    spinner: false,
    target: 61,
    fives: true,
    draw: false,
    pips: false,
    outBonus: 1,
    exact: true,
  };
  for (const [lang, { T: words }] of Object.entries(CATALOGUES)) {
    const text = JSON.stringify(words.howTo.sections(fives));
    assert.ok(!text.includes("undefined"), `${lang}: ${text}`);
    assert.doesNotMatch(text, /boneyard until|dobieraj z talonu/, `${lang}: no drawing in block play`);
    assert.match(text, /61/);
  }
  const en = CATALOGUES.en.T;
  assert.equal(
    en.howTo.picture(6, 4, 10, 3, 2, false, { fives: 2, threes: 0 }),
    "The open ends are 6 and 4: 6 + 4 = 10, 2 fives, so the play scores 2.",
  );
  assert.equal(
    en.rulesText.lines.example_fives_play({ tile: "6-3", sum: 15, fives: 3, threes: 5, award: 8, pegs: true }),
    "Then 6-3 on the east end: the end sum is 15, 3 fives and 5 threes: it scores 8 pegs.",
  );
  assert.equal(en.roundTitle(2, "target"), "Round 2: exactly on target");
  assert.equal(
    CATALOGUES.pl.T.summary.target(
      { seat: 0, side: 0, target: 61 },
      () => "Ty",
      () => "Ty",
    ),
    "Ty: dokładnie 61! Rozgrywkę wygrywa: Ty.",
  );
});
