// The levels of the page's sound, with no WebAudio in them (so Node's tests run them): the level
// curve (a slider's 0..100 to a gain) and the levels a first visit starts with. (How the chime
// grows with the points is chime.js's.)

/** A level as the sliders show it: 0 (off) to 100 (full), in steps of 5. */
export const LEVEL_MAX = 100;
export const LEVEL_STEP = 5;
/** A first visit: effects fairly loud, music off (nothing fetched, nothing heard unasked). */
export const DEFAULT_LEVELS = { effects: 80, music: 0 };
/** The quietest step above off is this many decibels below full (the curve is linear in dB). */
export const LEVEL_RANGE_DB = 30;

/** A level (0..100, anything else clamped; not a number: off) as a gain: 0 for off, else a
 * curve linear in decibels, so equal steps of the slider sound like equal steps of loudness. */
export function levelGain(level) {
  const v = clampLevel(level);
  if (v <= 0) return 0;
  const db = -LEVEL_RANGE_DB * (1 - v / LEVEL_MAX);
  return 10 ** (db / 20);
}

/** A level as stored: a whole number 0..100 (a damaged preference gives `fallback`). */
export function clampLevel(level, fallback = 0) {
  const v = Number(level);
  if (!Number.isFinite(v)) return fallback;
  return Math.round(Math.min(LEVEL_MAX, Math.max(0, v)));
}
