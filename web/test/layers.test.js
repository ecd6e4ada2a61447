// web/js/'s folders are layers: a module imports from its own layer and the layers below it, never
// from one above (a static `import ... from`, an `export ... from` or a dynamic `import("...")` of a
// relative path). A layer is the first folder under web/js (ui/dialogs/ is ui's); main.js, the
// entry, is the top. A folder that is in no layer fails too: a new folder must be given its place
// below.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

// Top to bottom.
const LAYERS = [
  "main.js", // the page's entry: boots the engine, claims the tab, sets up the table
  "table", // the table's flow: wiring (game), requests, snapshots in, start, waking, tools, input, test hook
  "career", // the career: its store, screen, replays, transfer, pairing of one's devices
  "ui", // the widgets: HUD, round panel, muggins pad, screen reader's table, modal questions, dialogs/
  "net", // play across devices: codes, the peer connection, hosting, guesting, hand-offs, QR
  "draw", // drawing on canvases: the table's frames, tiles, designs, charts
  "sound", // the sound: when it may play, the effects' voices, the chime, a level's gain
  "boot", // starting: the engine's worker and bridge, the loading screen, one tab at a time, updates
  "i18n", // words: the catalogues, the page's language, the table's words
  "board", // the table as data and geometry: state, camera, regions, scene, hit tests, animation plans
  "store", // what the device keeps: the save, preferences and sound levels, the kept table, keys, links
  "dom", // plain DOM helpers: elements, icons, an element's rect, a file to download
  "shapes", // types only (JSDoc typedefs): the snapshot, the engine's messages, the test hook's state
];

// Every module is checked by TypeScript (web/tsconfig.json: each starts with `// @ts-check`) but
// these, by their paths under web/js (none now: issue 43 checked the last of them). A module checked
// once stays checked: it is not on this list, and one on it that is checked now must leave it.
/** @type {string[]} */
const UNCHECKED = [];

const JS = resolve(dirname(fileURLToPath(import.meta.url)), "..", "js");

/** Every .js file under `dir`, as paths relative to web/js with "/" between folders. */
function modules(dir = JS) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return name.endsWith(".js") ? [relative(JS, path).split(sep).join("/")] : [];
  });
}

const STATIC = /^(?:import|export)\s(?:[^;"]*?\bfrom\s*)?"(\.{1,2}\/[^"]+)"/gm;
const DYNAMIC = /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;
// a comment (a JSDoc type's import("...") is no import: the page never loads it), as scripts/build
// reads them too: a block comment, or a line that is one
const COMMENT = /\/\*[\s\S]*?\*\/|^[ \t]*\/\/.*$/gm;

/** The relative paths `source` imports, statically or at run time. */
function importsOf(source) {
  const code = source.replace(COMMENT, "");
  return [...code.matchAll(STATIC), ...code.matchAll(DYNAMIC)].map((m) => m[1]);
}

/** A module's layer: its first folder under web/js, or its own name at the top. */
const layerOf = (rel) => (rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : rel);

/** Every import of web/js's modules: [{from, to}], both relative to web/js. */
function allImports() {
  return modules().flatMap((from) =>
    importsOf(readFileSync(join(JS, from), "utf8")).map((target) => ({
      from,
      to: relative(JS, resolve(JS, dirname(from), target))
        .split(sep)
        .join("/"),
    })),
  );
}

test("reads static, re-exported and dynamic imports, not comments", () => {
  const source = [
    'import { a } from "../board/state.js";',
    "import {",
    "  b,",
    '} from "./b.js";',
    'import "./side.js";',
    'export { c } from "../dom/dom.js";',
    'const m = await import("../draw/charts.js");',
    "/**",
    ' * @param {import("../table/game.js").Game} game',
    " */",
    '// import("../table/tools.js")',
    'const reply = /** @type {import("../shapes/engine.js").Refusal} */ (await ask());',
    'const url = "https://example.org/x.js";',
  ].join("\n");
  assert.deepEqual(importsOf(source), [
    "../board/state.js",
    "./b.js",
    "./side.js",
    "../dom/dom.js",
    "../draw/charts.js",
  ]);
});

test("every folder under web/js has its layer", () => {
  const unplaced = [...new Set(modules().map(layerOf))].filter((layer) => !LAYERS.includes(layer));
  assert.deepEqual(unplaced, [], `not in LAYERS (layers.test.js): give each its place: ${unplaced.join(", ")}`);
});

test("every relative import names a module under web/js that is there", () => {
  const have = new Set(modules());
  const missing = allImports().filter(({ to }) => !have.has(to));
  assert.deepEqual(
    missing.map(({ from, to }) => `${from} imports ${to}`),
    [],
  );
});

test("no module imports from a layer above its own", () => {
  const rank = (rel) => LAYERS.indexOf(layerOf(rel));
  const upward = allImports().filter(({ from, to }) => rank(to) >= 0 && rank(to) < rank(from));
  assert.deepEqual(
    upward.map(({ from, to }) => `${from} imports ${to}: ${layerOf(to)} is above ${layerOf(from)}`),
    [],
  );
});

/** Whether a module's source starts with `// @ts-check`. */
const checked = (source) => source.startsWith("// @ts-check\n");

test("every module starts with // @ts-check but those UNCHECKED names", () => {
  const unchecked = modules()
    .filter((rel) => !UNCHECKED.includes(rel))
    .filter((rel) => !checked(readFileSync(join(JS, rel), "utf8")));
  assert.deepEqual(unchecked, [], "TypeScript checks a module only when its first line says so (web/tsconfig.json)");
});

test("UNCHECKED names only modules that are there and are not checked yet", () => {
  const have = new Set(modules());
  const stale = UNCHECKED.filter((rel) => !have.has(rel) || checked(readFileSync(join(JS, rel), "utf8")));
  assert.deepEqual(stale, [], "a module checked now (or gone) leaves UNCHECKED (layers.test.js)");
});

test("the check of // @ts-check can fail", () => {
  assert.equal(checked("// @ts-check\nexport {};\n"), true);
  assert.equal(checked("// The table.\n// @ts-check\n"), false);
  assert.equal(checked("//@ts-check\n"), false);
});
