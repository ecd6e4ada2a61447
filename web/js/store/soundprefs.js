// @ts-check
// The sound's levels as the preferences hold them (storage.js): a slider's 0 (off) to 100 (full),
// what a first visit starts with, and a stored level made whole again. How a level sounds (its
// gain) is sound/gain.js's.

/** A level as the sliders show it: 0 (off) to 100 (full), in steps of 5. */
export const LEVEL_MAX = 100;
export const LEVEL_STEP = 5;
/**
 * The sound's two levels, each 0 (off) to 100 (full).
 * @typedef {{effects: number, music: number}} SoundLevels
 */

/** A first visit: effects fairly loud, music off (nothing fetched, nothing heard unasked). */
/** @type {SoundLevels} */
export const DEFAULT_LEVELS = { effects: 80, music: 0 };

/**
 * A level as stored: a whole number 0..100 (a damaged preference gives `fallback`).
 * @param {unknown} level @param {number} [fallback]
 */
export function clampLevel(level, fallback = 0) {
  const v = Number(level);
  if (!Number.isFinite(v)) return fallback;
  return Math.round(Math.min(LEVEL_MAX, Math.max(0, v)));
}
