// @ts-check
// The camera over the line of play: which way the layout is shown (straight, or a quarter turned
// on a tall screen), the zoom that fits it, easing toward that, and table units -> CSS pixels.
// Pure functions over plain values, so they run (and are tested) without a DOM.
//
//   cam = {x, y, k, a}: the centre in table units, CSS px per table unit, the turn in radians.
//   free = {x, y, width, height}: the screen area the layout may use (see regions.js).
//   bounds = [x0, y0, x1, y1]: the layout's extent in table units (from the snapshot).

/** @typedef {import("../dom/dom.js").Rect} Rect */
/** @typedef {import("../shapes/snapshot.js").Arm} Arm */
/**
 * The camera: its centre in table units, CSS px per table unit, its turn in radians.
 * @typedef {{x: number, y: number, k: number, a: number}} Cam
 */

// A portrait table shows the layout turned a quarter clockwise, so the long W-E line runs down the
// tall side of the screen; the arms are then labelled by where they point on the screen.
/** @type {Record<Arm, Arm>} */
export const QUARTER = { E: "S", S: "W", W: "N", N: "E" };
export const MIN_ZOOM = 6; // CSS px per table unit, however long the line grows
const MARGIN_UNITS = 0.5; // kept free around the layout's bounds
const TURN_GAIN = 1.25; // the other way must show the tiles this much bigger to turn the table
const TALL = 1.15; // a free area this much taller than wide starts a deal turned
const EASE_MS = 110; // the camera's position and zoom ease with this time constant
const TURN_EASE_MS = 160;

/**
 * An arm's name as the person sees it (intents always name the engine's arm).
 * @param {Arm} arm @param {boolean|null} turned
 * @returns {Arm}
 */
export function armLabel(arm, turned) {
  return turned ? QUARTER[arm] : arm;
}

/**
 * The zoom that fits `bounds` into `free`, shown straight or turned, at most `kMax`.
 * @param {readonly number[]} bounds [x0, y0, x1, y1] @param {Rect} free
 * @param {boolean|null} turned @param {number} kMax
 */
export function fitZoom(bounds, free, turned, kMax) {
  const [x0, y0, x1, y1] = bounds;
  let bw = x1 - x0 + MARGIN_UNITS;
  let bh = y1 - y0 + MARGIN_UNITS;
  if (turned) [bw, bh] = [bh, bw];
  return Math.max(MIN_ZOOM, Math.min(free.width / bw, free.height / bh, kMax));
}

/**
 * Straight or turned: a fresh deal starts turned on a tall area (the line first grows W-E);
 * later the table turns only when the other way shows the tiles clearly bigger.
 * @param {{bounds: readonly number[], free: Rect, kMax: number, turned: boolean|null, fresh?: boolean}} o
 * @returns {boolean} turned
 */
export function orient({ bounds, free, kMax, turned, fresh }) {
  let t = turned;
  if (fresh || t === null || t === undefined) t = free.height > free.width * TALL;
  if (fitZoom(bounds, free, !t, kMax) > fitZoom(bounds, free, t, kMax) * TURN_GAIN) t = !t;
  return t;
}

/**
 * Where the camera wants to be for this layout.
 * @param {readonly number[]} bounds @param {Rect} free @param {boolean|null} turned @param {number} kMax
 * @returns {Cam}
 */
export function cameraTarget(bounds, free, turned, kMax) {
  const [x0, y0, x1, y1] = bounds;
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, k: fitZoom(bounds, free, turned, kMax), a: turned ? Math.PI / 2 : 0 };
}

/**
 * Table units -> CSS pixels on the canvas.
 * @param {Cam} cam @param {Rect} free @param {number} wx @param {number} wy
 */
export function toScreen(cam, free, wx, wy) {
  const dx = wx - cam.x;
  const dy = wy - cam.y;
  const cos = Math.cos(cam.a);
  const sin = Math.sin(cam.a);
  return {
    x: free.x + free.width / 2 + (dx * cos - dy * sin) * cam.k,
    y: free.y + free.height / 2 + (dx * sin + dy * cos) * cam.k,
  };
}

/** @param {number} a @param {number} b @param {number} t */
const lerp = (a, b, t) => a + (b - a) * t;

/**
 * One frame of easing toward `goal` after `dt` ms (at once with reduced motion).
 * @param {Cam} cam @param {Cam} goal @param {number} dt @param {boolean} [reduced]
 * @returns {{cam: Cam, moving: boolean}} the new camera, and whether it is still on its way
 */
export function easeCamera(cam, goal, dt, reduced = false) {
  const a = reduced ? 1 : 1 - Math.exp(-dt / EASE_MS);
  const b = reduced ? 1 : 1 - Math.exp(-dt / TURN_EASE_MS);
  const next = {
    x: lerp(cam.x, goal.x, a),
    y: lerp(cam.y, goal.y, a),
    k: lerp(cam.k, goal.k, a),
    a: lerp(cam.a, goal.a, b),
  };
  const close =
    Math.abs(next.x - goal.x) * next.k < 0.3 &&
    Math.abs(next.y - goal.y) * next.k < 0.3 &&
    Math.abs(next.k - goal.k) < 0.02 &&
    Math.abs(next.a - goal.a) < 0.002;
  return close ? { cam: { ...goal }, moving: false } : { cam: next, moving: true };
}
