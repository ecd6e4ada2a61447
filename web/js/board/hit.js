// @ts-check
// Hit testing: where each lit end is on the screen and what a point touches. Pure functions.
//
// Python places every legal target in table units exactly as the tile would lie there
// ({arm, x, y, dir, a, b}: the tile reads a -> b along dir); this module only turns that into
// screen pixels and a tap area of at least MIN_TARGET_PX each way.

import { toScreen } from "./camera.js";
import { MIN_TARGET_PX } from "./regions.js";

/** @typedef {import("../dom/dom.js").Rect} Rect */
/** @typedef {import("./regions.js").Point} Point */
/** @typedef {import("./camera.js").Cam} Cam */

/**
 * A lit end on the screen: where the tile would lie, as drawn (halves a, b at `angle`), and the
 * area a tap takes. spriteAngle: how the rack's picture of the tile (high half first) must turn
 * to show the same thing.
 * @typedef {Object} ScreenTarget
 * @property {import("../shapes/snapshot.js").Arm|null} arm null for a lead
 * @property {number} points what the play would score (Python's)
 * @property {number} x
 * @property {number} y
 * @property {number} angle
 * @property {number} w
 * @property {number} h
 * @property {number} spriteAngle
 * @property {Rect} rect
 * @property {number} a
 * @property {number} b
 */

/** @type {Record<import("../shapes/snapshot.js").Dir, number>} */
export const DIR_ANGLE = { E: 0, S: Math.PI / 2, W: Math.PI, N: -Math.PI / 2 };
export const TAP_SLOP_PX = 6; // a press that moves this far becomes a drag

/** @param {Rect|null|undefined} r @param {number} x @param {number} y */
export const inside = (r, x, y) => !!r && x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

/**
 * The halves of a tile name: "6-3" -> [6, 3] (high half first, as the rack draws it).
 * @param {string} name
 */
export const halves = (name) => name.split("-").map(Number);

/**
 * A hand tile's targets on the screen.
 * @param {import("../shapes/snapshot.js").HandTile|null|undefined} tile a hand entry of the snapshot
 * @param {Cam|null} cam @param {Rect} free
 * @returns {ScreenTarget[]}
 */
export function screenTargets(tile, cam, free) {
  if (!tile?.targets?.length || !cam) return [];
  const [hi] = halves(tile.tile);
  return tile.targets.map((t) => {
    const c = toScreen(cam, free, t.x, t.y);
    const angle = DIR_ANGLE[t.dir] + cam.a;
    const vertical = Math.abs(Math.sin(angle)) > 0.7;
    const w = 2 * cam.k;
    const h = cam.k;
    const rw = Math.max(MIN_TARGET_PX, (vertical ? h : w) + 6);
    const rh = Math.max(MIN_TARGET_PX, (vertical ? w : h) + 6);
    const flip = t.a !== hi && t.a !== t.b ? Math.PI : 0;
    return {
      arm: t.arm,
      points: t.points, // Python's: what the play would score
      x: c.x,
      y: c.y,
      angle,
      w,
      h,
      spriteAngle: angle + flip,
      rect: { x: c.x - rw / 2, y: c.y - rh / 2, width: rw, height: rh },
      a: t.a,
      b: t.b,
    };
  });
}

/**
 * The target under `p`, or the nearest within `radius` px (a drag snaps to it).
 * @param {ScreenTarget[]} targets @param {Point} p @param {number} [radius]
 */
export function hitTarget(targets, p, radius = 0) {
  /** @type {ScreenTarget|null} */
  let best = null;
  let bestD = Infinity;
  for (const t of targets) {
    const d = Math.hypot(p.x - t.x, p.y - t.y);
    if ((inside(t.rect, p.x, p.y) || d <= radius) && d < bestD) {
      best = t;
      bestD = d;
    }
  }
  return best;
}

/**
 * The index of the rack tile under `p` (the last drawn is on top), or -1.
 * @param {(Rect|null)[]} rects @param {Point} p
 */
export function hitRack(rects, p) {
  for (let i = rects.length - 1; i >= 0; i--) if (inside(rects[i], p.x, p.y)) return i;
  return -1;
}
