// @ts-check
// The level curve, with no WebAudio in it (so Node's tests run it): a slider's 0..100 as a gain.
// What a level is (its range, its steps, a first visit's levels) is the preferences'
// (store/soundprefs.js); how the chime grows with the points is chime.js's.

import { clampLevel, LEVEL_MAX } from "../store/soundprefs.js";

/** The quietest step above off is this many decibels below full (the curve is linear in dB). */
export const LEVEL_RANGE_DB = 30;

/**
 * A level (0..100, anything else clamped; not a number: off) as a gain: 0 for off, else a
 * curve linear in decibels, so equal steps of the slider sound like equal steps of loudness.
 * @param {unknown} level
 */
export function levelGain(level) {
  const v = clampLevel(level);
  if (v <= 0) return 0;
  const db = -LEVEL_RANGE_DB * (1 - v / LEVEL_MAX);
  return 10 ** (db / 20);
}
