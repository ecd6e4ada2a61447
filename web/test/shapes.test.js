// web/js/shapes/: types only, and shapes.js reads them as the JSON a test holds to Python's.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { SHAPES_DIR, shapesIn } from "./shapes.js";

/** shapesIn over modules written for the test: {name: source}. */
function shapesOf(modules) {
  const dir = mkdtempSync(join(tmpdir(), "shapes-"));
  try {
    for (const [name, source] of Object.entries(modules)) writeFileSync(join(dir, name), source);
    return shapesIn(dir);
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

test("every shape's fields name only shapes defined there, JSON's types and Int", () => {
  const shapes = shapesIn(); // throws on a name it does not know
  for (const name of ["Snapshot", "HandTile", "TableReply", "WorkerCall", "TestState"]) assert.ok(shapes[name], name);
  assert.deepEqual(shapes.Target.arm, { type: '"N"|"E"|"S"|"W"|null', optional: false });
  assert.deepEqual(shapes.FairDeal.seed, { type: "string", optional: true });
});

test("reads a shape's fields in order, optional ones marked, types without spaces or import paths", () => {
  const shapes = shapesOf({
    "a.js": `/** @typedef {number} Int */
/**
 * A thing.
 * @typedef {Object} Thing
 * @property {Int} n a count
 * @property {string | null} [name] sometimes absent
 * @property {import("./b.js").Other[]} others
 * @property {{x: number}} inline braces balanced
 */
export {};`,
    "b.js": `/** @typedef {import("./a.js").Int} Int */
/** @typedef {Object} Other
 * @property {Int} id */
export {};`,
  });
  assert.deepEqual(shapes, {
    Thing: {
      n: { type: "Int", optional: false },
      name: { type: "string|null", optional: true },
      others: { type: "Other[]", optional: false },
      inline: { type: "{x:number}", optional: false },
    },
    Other: { id: { type: "Int", optional: false } },
  });
});

test("a named type is written out where a field uses it, a union in parentheses for a list", () => {
  const shapes = shapesOf({
    "a.js": `/** @typedef {"N"|"S"} Arm */
/** @typedef {Arm} Way */
/** @typedef {Object} T
 * @property {Arm|null} arm
 * @property {Way[]} ways */`,
  });
  assert.deepEqual(shapes.T, {
    arm: { type: '"N"|"S"|null', optional: false },
    ways: { type: '("N"|"S")[]', optional: false },
  });
});

test("a name defined twice, or used and never defined, is an error", () => {
  assert.throws(
    () => shapesOf({ "a.js": "/** @typedef {Object} T */", "b.js": "/** @typedef {Object} T */" }),
    /T is defined twice/,
  );
  assert.throws(() => shapesOf({ "a.js": "/** @typedef {Object} T\n * @property {Nope} x */" }), /no shape named Nope/);
});
