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
    if (path.startsWith("T.partnerNote.")) continue; // takes a note: tested below
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

test("every partner note advice.py sends has words, and they read as a sentence", () => {
  const codes = [...py("ai/advice.py").matchAll(/"code": "(\w+)"/g)].map((m) => m[1]);
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
