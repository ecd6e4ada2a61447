// web/js/shapes/: types only, and typedefs.js reads them (with TypeScript's checker) as the JSON
// tests/app/test_shapes_js.py holds to Python's shapes.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { SHAPES_DIR, typedefsIn } from "./typedefs.js";

/** typedefsIn over modules written for the test: {name: source}. */
function typedefsOf(modules) {
  const dir = mkdtempSync(join(tmpdir(), "shapes-"));
  try {
    for (const [name, source] of Object.entries(modules)) writeFileSync(join(dir, name), source);
    return typedefsIn(dir);
  } finally {
    rmSync(dir, { recursive: true });
  }
}

test("the shapes' modules hold types only: nothing in them runs", () => {
  for (const file of readdirSync(SHAPES_DIR).filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(join(SHAPES_DIR, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "")
      .trim();
    assert.equal(code, "export {};", `${file} has code besides its typedefs`);
  }
});

test("the shapes' modules read as one Program: the page's shapes, requests, replies and messages", () => {
  const shapes = typedefsIn();
  for (const name of ["Snapshot", "HandTile", "TableReply", "AnyRequest", "Reply", "HostMessage"]) {
    assert.ok(shapes[name], name);
  }
  assert.deepEqual(shapes.Target.fields.arm, { type: '"N" | "E" | "S" | "W" | null', required: true });
  assert.deepEqual(shapes.FairDeal.fields.seed, { type: "str", required: false });
});

test("reads a shape's fields in order, optional ones marked, across modules and imports", () => {
  const shapes = typedefsOf({
    "a.js": `/** @typedef {number} Int */
/** @typedef {"N"|"S"} Arm */
/**
 * A thing.
 * @typedef {Object} Thing
 * @property {Int} n a count
 * @property {string | null} [name] sometimes absent
 * @property {import("./b.js").Other[]} others
 * @property {Object<string, Arm[]>} ways a name written out where it is used
 * @property {{x: number}} inline not Python's grammar
 * @property {true} ok
 */
/** @typedef {Thing|import("./b.js").Other} Either */
export {};`,
    "b.js": `/** @typedef {import("./a.js").Int} Int */
/** @typedef {Object} Other
 * @property {Int} id
 * @property {number} share */
export {};`,
  });
  assert.deepEqual(shapes, {
    Thing: {
      module: "a",
      fields: {
        n: { type: "int", required: true },
        name: { type: "str | null", required: false },
        others: { type: "list[Other]", required: true },
        ways: { type: 'dict[str, list["N" | "S"]]', required: true },
        inline: { type: "?{x:number}", required: true },
        ok: { type: "true", required: true },
      },
    },
    Other: { module: "b", fields: { id: { type: "int", required: true }, share: { type: "float", required: true } } },
  });
});

test("a union of shapes is written as describe writes Python's", () => {
  const shapes = typedefsOf({
    "a.js": `/** @typedef {Object} A
 * @property {"a"} kind */
/** @typedef {Object} B
 * @property {"b"} kind */
/** @typedef {A|B} AB */
export {};`,
  });
  assert.deepEqual(shapes.AB, { module: "a", union: ["A", "B"] });
});
