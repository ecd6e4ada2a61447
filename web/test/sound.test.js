// sound/gain.js, store/soundprefs.js, sound/chime.js and later/soundtrack.js's score: the numbers
// behind the sound.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chimeShape } from "../js/sound/chime.js";
import { LEVEL_RANGE_DB, levelGain } from "../js/sound/gain.js";
import { clampLevel, DEFAULT_LEVELS } from "../js/store/soundprefs.js";
import { compose, LOOP_S, SCORE, SEED } from "../later/soundtrack.js";

test("the level curve: off is silent, full is whole, equal steps are equal decibels", () => {
  assert.equal(levelGain(0), 0);
  assert.equal(levelGain(-20), 0, "below off is off");
  assert.equal(levelGain("x"), 0, "not a number is off");
  assert.equal(levelGain(100), 1);
  assert.equal(levelGain(250), 1, "above full is full");
  let last = 0;
  for (let v = 5; v <= 100; v += 5) {
    assert.ok(levelGain(v) > last, `louder at ${v}`);
    last = levelGain(v);
  }
  const db = (v) => 20 * Math.log10(levelGain(v));
  assert.ok(Math.abs(db(50) + LEVEL_RANGE_DB / 2) < 1e-9, "half the slider: half the range in dB");
  assert.ok(Math.abs(db(20) - db(10) - (db(90) - db(80))) < 1e-9, "a step is the same in dB anywhere");
});

test("levels as stored: whole numbers 0..100, a damaged one is the fallback", () => {
  assert.equal(clampLevel(42.4), 42);
  assert.equal(clampLevel(140), 100);
  assert.equal(clampLevel(-3), 0);
  assert.equal(clampLevel(undefined, 80), 80);
  assert.equal(clampLevel("loud", 80), 80);
  assert.deepEqual(DEFAULT_LEVELS, { effects: 80, music: 0 }, "a first visit: effects on, music off");
});

test("the chime grows with the points: a 3 is not a 30", () => {
  const three = chimeShape(3);
  const thirty = chimeShape(30);
  assert.equal(three.notes.length, 2);
  assert.ok(thirty.notes.length > three.notes.length, "more notes");
  assert.ok(thirty.gain > three.gain, "louder");
  assert.ok(thirty.cutoff > three.cutoff, "brighter");
  assert.equal(three.chord, false);
  assert.equal(thirty.chord, true, "ends on a chord");
  let prev = chimeShape(1);
  for (let p = 3; p <= 60; p += 3) {
    const now = chimeShape(p);
    assert.ok(now.notes.length >= prev.notes.length && now.gain >= prev.gain && now.cutoff >= prev.cutoff, `${p}`);
    assert.ok(now.gain <= 0.2 && now.notes.length <= 6, "bounded");
    prev = now;
  }
});

test("the soundtrack's score: the same every time, a loop of 30 to 60 s, every voice in it", () => {
  assert.deepEqual(compose(SEED), SCORE, "seeded: the same score again");
  assert.notDeepEqual(compose(SEED + 1), SCORE, "the seed makes it");
  assert.ok(LOOP_S >= 30 && LOOP_S <= 60, `${LOOP_S} s`);
  assert.ok(
    SCORE.every((n) => n.t >= 0 && n.t < LOOP_S),
    "every note inside the loop",
  );
  assert.ok(
    SCORE.every((n, i) => i === 0 || SCORE[i - 1].t <= n.t),
    "in time order",
  );
  assert.equal(SCORE[0].t, 0, "it starts at once");
  const voices = new Set(SCORE.map((n) => n.voice));
  assert.deepEqual([...voices].sort(), ["bass", "harp", "pluck"]);
  assert.ok(
    SCORE.every((n) => n.vel > 0 && n.vel < 0.5 && n.midi >= 30 && n.midi <= 90),
    "soft, in range",
  );
});
