// @ts-check
// How the scoring chime grows with the points, with no WebAudio in it (so Node's tests run it): a 3
// is a small two-note call, a 30 a full brass call ending on a chord. effects.js plays it.

// The chime: a brass call up a major chord (C5 E5 G5 C6 E6 G6), a note more for every few points.
const CHIME_NOTES_HZ = [523.25, 659.25, 783.99, 1046.5, 1318.51, 1567.98];
const CHIME_MIN_NOTES = 2; // 3 points: two notes
const CHIME_POINTS_PER_NOTE = 6; // then one more note every 6 points (15 points: four notes)
const CHIME_GAIN_BASE = 0.08; // a note's peak gain at 3 points
const CHIME_GAIN_PER_DOUBLING = 0.035; // louder by this for each doubling of the points
const CHIME_GAIN_MAX = 0.2;
const CHIME_CUTOFF_BASE_HZ = 1400; // the brass's brightness (its low-pass) at 3 points
const CHIME_CUTOFF_PER_POINT_HZ = 90;
const CHIME_CUTOFF_MAX_HZ = 4600;
const CHIME_CHORD_FROM_POINTS = 15; // from here the last note rings as a chord (fuller)

/**
 * The chime for a play scoring `points`: which notes, how loud, how bright, whether it ends on a
 * chord. More points: never fewer notes, never quieter, never duller.
 * @param {number} points
 * @returns {{notes: number[], gain: number, cutoff: number, chord: boolean}} notes in Hz, cutoff in Hz
 */
export function chimeShape(points) {
  const p = Math.max(1, Number(points) || 1);
  const count = Math.min(
    CHIME_NOTES_HZ.length,
    CHIME_MIN_NOTES + Math.floor(Math.max(0, p - 3) / CHIME_POINTS_PER_NOTE),
  );
  const gain = Math.min(CHIME_GAIN_MAX, CHIME_GAIN_BASE + CHIME_GAIN_PER_DOUBLING * Math.log2(Math.max(1, p / 3)));
  const cutoff = Math.min(CHIME_CUTOFF_MAX_HZ, CHIME_CUTOFF_BASE_HZ + CHIME_CUTOFF_PER_POINT_HZ * p);
  return { notes: CHIME_NOTES_HZ.slice(0, count), gain, cutoff, chord: p >= CHIME_CHORD_FROM_POINTS };
}
