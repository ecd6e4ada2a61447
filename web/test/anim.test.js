// anim.js: what moves where when a reply arrives, and one frame of a rack tile's slide.
import assert from "node:assert/strict";
import { test } from "node:test";
import { flightAt, landing, MS, planEvents, planRack, stepSprite } from "../js/board/anim.js";

const slot = (i) => ({ x: 100 + 50 * i, y: 700 });
const bone = { x: 330, y: 80, s: 14 };
const base = { now: 1000, slot, angle: Math.PI / 2, s: 48, bone, reduced: false };

test("a held tile keeps its sprite; a drawn one comes from the boneyard", () => {
  const held = new Map([["6-3", { tile: "6-3", cur: { x: 5, y: 6, angle: 0, s: 48 } }]]);
  const next = planRack(held, [{ tile: "6-3" }, { tile: "2-1" }], { ...base, dealt: false, resumed: false });
  assert.equal(next.get("6-3"), held.get("6-3"));
  assert.deepEqual(next.get("2-1").cur, { x: 330, y: 80, angle: 0, s: 14 });
});

test("a deal sends the tiles one after another; a resumed rack is simply there", () => {
  const hand = [{ tile: "6-3" }, { tile: "2-1" }, { tile: "0-0" }];
  const dealt = planRack(new Map(), hand, { ...base, dealt: true, resumed: false });
  const starts = hand.map((t) => dealt.get(t.tile).t0);
  assert.deepEqual(starts, [1000, 1000 + MS.dealStagger, 1000 + 2 * MS.dealStagger]);
  const resumed = planRack(new Map(), hand, { ...base, dealt: false, resumed: true });
  assert.deepEqual(resumed.get("2-1").cur, { x: 150, y: 700, angle: Math.PI / 2, s: 48 });
  assert.equal(resumed.get("2-1").dur, 0, "and takes its first place at once");
});

function plan(events, extra = {}) {
  return planEvents(events, {
    now: 0,
    viewer: 0,
    layout: [{ x: 0, y: 0, dir: "E", a: 6, b: 3 }],
    held: new Map([["6-3", { tile: "6-3", cur: { x: 200, y: 700, angle: Math.PI / 2, s: 48 } }]]),
    source: null,
    seatFrom: (seat) => ({ x: 10 * seat, y: 50, angle: Math.PI / 2, s: 14 }),
    bone,
    notePoint: (seat) => ({ x: seat, y: 99 }),
    words: { passed: "Pass", drew: "Draws" },
    reduced: false,
    ...extra,
  });
}

test("the viewer's tile flies from the rack; another seat's from its place, slower", () => {
  const mine = plan([{ kind: "placed", seat: 0, tile: "6-3", index: 0, points: 9 }]);
  assert.equal(mine.flights.length, 1);
  assert.deepEqual(mine.flights[0].from, { x: 200, y: 700, angle: Math.PI / 2, s: 48 });
  assert.equal(mine.flights[0].dur, MS.place);
  assert.deepEqual([...mine.hidden], [0], "the layout hides the tile until it lands");
  const theirs = plan([{ kind: "placed", seat: 2, tile: "6-3", index: 0, points: 0 }]);
  assert.deepEqual(theirs.flights[0].from, { x: 20, y: 50, angle: Math.PI / 2, s: 14 });
  assert.equal(theirs.flights[0].dur, MS.computerPlace);
  const dropped = plan([{ kind: "placed", seat: 0, tile: "6-3", index: 0, points: 0 }], { source: "drag" });
  assert.ok(dropped.flights[0].dur < MS.place, "a dropped tile has less far to go");
});

test("a tile placed by its lower half starts its flight turned, so the picture does not jump", () => {
  const out = plan([{ kind: "placed", seat: 0, tile: "6-3", index: 0, points: 0 }], {
    layout: [{ x: 0, y: 0, dir: "E", a: 3, b: 6 }],
  });
  assert.ok(Math.abs(out.flights[0].from.angle - (Math.PI / 2 + Math.PI)) < 1e-9);
});

test("another seat's draw flies face down to it and says so; a pass floats words; a deal shuffles", () => {
  const out = plan([
    { kind: "deal", round_no: 1 },
    { kind: "drew", seat: 1 },
    { kind: "passed", seat: 3 },
    { kind: "drew", seat: 0, tile: "5-5" },
  ]);
  assert.deepEqual(
    out.flights.map((f) => [f.kind, f.seat]),
    [["draw", 1]],
  );
  assert.deepEqual(
    out.floaters.map((f) => [f.text, f.screen.x]),
    [
      ["Draws", 1],
      ["Pass", 3],
    ],
  );
  assert.deepEqual(out.sounds, ["shuffle", "clink"], "the viewer's own draw clinks at once");
});

test("a scoring tile lands with a chime for its points and a rising +N where it lies", () => {
  const flight = { kind: "place", points: 12, world: { x: 1, y: 0 } };
  assert.deepEqual(landing(flight, 5).sounds, ["clink", "click", ["chime", 12]]);
  assert.deepEqual(landing({ ...flight, points: 0 }, 5).sounds, ["clink", "click"], "joins the line: a click");
  assert.equal(landing(flight, 5).floaters[0].text, "+12");
  assert.deepEqual(landing({ ...flight, points: 0 }, 5).floaters, []);
});

test("a flight ends exactly at its goal", () => {
  const f = { kind: "draw", t0: 0, dur: 300, from: { x: 0, y: 0, angle: 0, s: 10 } };
  const to = { x: 100, y: 50, angle: Math.PI / 2, s: 14 };
  const mid = flightAt(f, to, 150);
  assert.ok(!mid.done && mid.y < 50 && mid.x > 0 && mid.x < 100);
  const end = flightAt(f, to, 300);
  assert.ok(end.done);
  assert.deepEqual([end.x, end.y, end.s], [100, 50, 14]);
});

test("a rack tile slides to a new goal and settles there", () => {
  const sprite = {
    cur: { x: 0, y: 0, angle: 0, s: 40 },
    from: { x: 0, y: 0, angle: 0, s: 40 },
    to: null,
    t0: 0,
    dur: 0,
  };
  const goal = { x: 100, y: 0, angle: 0, s: 40 };
  stepSprite(sprite, { x: 0, y: 0, angle: 0, s: 40 }, 0);
  assert.equal(stepSprite(sprite, goal, 10), true);
  assert.equal(stepSprite(sprite, goal, 10 + MS.slide), false);
  assert.deepEqual(sprite.cur, goal);
  const dragged = stepSprite(sprite, { ...goal, x: 7, direct: true }, 20);
  assert.equal(dragged, true);
  assert.equal(sprite.cur.x, 7, "a dragged tile follows the finger at once");
});

test("a play that would pass an exact target floats what did not count, over its seat", () => {
  const out = plan([{ kind: "placed", seat: 1, tile: "6-3", index: 0, points: 0, bust: 8, taker: -1 }], {
    words: { passed: "Pass", drew: "Draws", bust: (n) => `Bust! ${n}` },
  });
  assert.deepEqual(
    out.floaters.map((f) => [f.text, f.screen]),
    [["Bust! 8", { x: 1, y: 99 }]],
  );
  const counted = plan([{ kind: "placed", seat: 1, tile: "6-3", index: 0, points: 8, bust: 0, taker: -1 }], {
    words: { passed: "Pass", drew: "Draws", bust: (n) => `Bust! ${n}` },
  });
  assert.equal(counted.floaters.length, 0);
});
