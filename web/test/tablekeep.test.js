// store/tablekeep.js: the kept table passes its typed check only whole, leaves the revealed seed
// out, and is the same table as Python's only to the last field; board/state.js: while the table
// wakes, the start's requests are no reason to wait, one move is held at a time, and idle() waits.
import assert from "node:assert/strict";
import { test } from "node:test";
import { canAct, createState, isIdle } from "../js/board/state.js";
import { checkSnapshot, keepTable, keptTable, sameTable, TABLE_KEY } from "../js/store/tablekeep.js";

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
};

function snapshot() {
  const seat = (i) => ({ seat: i, side: i, tiles: 7, label: { kind: i ? "computer" : "you" }, name: "x" });
  return {
    version: "0.1.0",
    mode: "match",
    settings: {},
    rules: { preset: "parlor", options: {}, target: 150 },
    seats: [seat(0), seat(1)],
    sides: [
      { side: 0, seats: [0], score: 3 },
      { side: 1, seats: [1], score: 12 },
    ],
    you: 0,
    viewer: 0,
    cover: null,
    turn: 0,
    person_to_move: 0,
    round_no: 1,
    hand: [{ tile: "6-5", a: 6, b: 5, playable: true, targets: [{ arm: "E", a: 5, b: 6 }] }],
    boneyard: 14,
    layout: { tiles: [], ends: [], bounds: [0, 0, 0, 0] },
    end_sum: 0,
    round: { over: false },
    match: { over: false },
    fair: { commitment: "c".repeat(64), practice: false },
  };
}

test("a snapshot kept is read back whole, checked", () => {
  const snap = snapshot();
  keepTable(snap);
  const kept = keptTable();
  assert.deepEqual(kept.snap, snap);
  assert.ok(sameTable(kept.text, snapshot()));
  const moved = snapshot();
  moved.sides[1].score = 15;
  assert.equal(sameTable(kept.text, moved), false, "another score is another table");
});

test("the seed a finished match reveals is not kept", () => {
  const snap = snapshot();
  snap.match.over = true;
  snap.fair.seed = "5".repeat(64);
  keepTable(snap);
  assert.doesNotMatch(store.get(TABLE_KEY), /5{64}/);
  assert.equal("seed" in keptTable().snap.fair, false);
  assert.ok(sameTable(keptTable().text, snap), "Python's table with its seed is the kept one");
});

test("anything but a whole snapshot is ignored", () => {
  for (const text of ["{", "null", "[]", '{"v":1}', '{"v":2,"snap":{}}', "x".repeat(500_000)]) {
    store.set(TABLE_KEY, text);
    assert.equal(keptTable(), null, text.slice(0, 20));
  }
  const broken = [
    (s) => (s.hand[0].tile = { a: 6 }),
    (s) => (s.seats = "nobody"),
    (s) => (s.viewer = 7),
    (s) => (s.layout.bounds = [0, 0]),
    (s) => delete s.rules.options,
    (s) => (s.sides[0].score = "3"),
    (s) => (s.seats[1].seat = 0),
  ];
  for (const breakIt of broken) {
    const snap = snapshot();
    breakIt(snap);
    assert.equal(checkSnapshot(snap), false, String(breakIt));
    store.set(TABLE_KEY, JSON.stringify({ v: 1, snap }));
    assert.equal(keptTable(), null);
  }
  assert.equal(checkSnapshot(snapshot()), true);
});

test("while the table wakes a move may be made over the start's requests, one at a time", () => {
  const state = createState();
  state.snap = { round: { over: false }, viewer: 0, person_to_move: 0, cover: null };
  state.work = 1; // the start's own requests, waiting for Python
  assert.equal(canAct(state), false);
  state.waking = true;
  assert.equal(canAct(state), true);
  assert.equal(isIdle(state), false, "idle() waits for Python");
  state.held = true;
  assert.equal(canAct(state), false, "one move held at a time");
});
