// strings.js: the catalogue has words for every code the engine sends and every choice it offers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { modeWords, T } from "../js/strings.js";

function walk(value, path, out) {
  if (typeof value === "function") out.push([path, value]);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, out);
  else out.push([path, value]);
}

test("every entry is words: a non-empty string, or a function that returns one", () => {
  const entries = [];
  walk(T, "T", entries);
  assert.ok(entries.length > 60);
  for (const [path, value] of entries) {
    const text = typeof value === "function" ? value("X", "Y", "Z", "1", "2", "3") : value;
    assert.equal(typeof text, "string", path);
    assert.ok(text.trim().length > 0, `${path} is empty`);
    assert.ok(!text.includes("undefined"), `${path}: ${text}`);
  }
});

// The codes py/allthrees sends, read from its source, so a new code without words fails here.
const py = (file) => readFileSync(new URL(`../../py/allthrees/${file}`, import.meta.url), "utf8");
// The strings of a module-level tuple: NAME = ("a", "b", ...)
const tupleOf = (source, name) =>
  [...source.match(new RegExp(`^${name} = \\(([^)]*)\\)`, "m"))[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);

test("every lead rule code the presenter sends has words", () => {
  const codes = tupleOf(py("present.py"), "LEAD_CODES");
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
