// @ts-check
// Where things are on the screen right now, from the state: the lit ends of a tile, each seat's
// box and tiles, where a rack tile wants to be. Pure functions of the state (regions.js, camera.js
// and hit.js do the arithmetic), shared by drawing, input, animation and the test hook.

import { screenTargets } from "./hit.js";
import { boneyardCenter, handRect, positionOf, rackAngle, rackSlot, seatNotePoint, seatTiles } from "./regions.js";
import { handTile, hintedTile } from "./state.js";

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./anim.js").Pose} Pose */
/** @typedef {import("./state.js").Drawn} Drawn */

/**
 * The lit ends of a hand tile, on the screen (see hit.screenTargets).
 * @param {State} state @param {string} name
 */
export function targetsOf(state, name) {
  const tile = handTile(state, name);
  if (!tile?.playable || !state.cam || !state.R) return [];
  return screenTargets(tile, state.cam, state.R.free);
}

/**
 * The box of a seat around the table, or null for the seat at the bottom (the rack's).
 * @param {Drawn} state @param {number} seat
 * @returns {import("./regions.js").SeatBox|null}
 */
export function seatBox(state, seat) {
  const pos = positionOf(seat, state.anchor, state.snap.seats.length);
  return pos === "bottom" ? null : (state.R.seats[pos] ?? null);
}

/**
 * A seat's tile slots, text lines and tile size (regions.seatTiles), for `count` tiles.
 * @param {Drawn} state @param {number} seat @param {number} count
 */
export function seatLayout(state, seat, count) {
  const box = seatBox(state, seat);
  return box ? seatTiles(state.R, box, count) : null;
}

/**
 * Where a tile leaving a seat starts: the middle of its tiles, or the boneyard.
 * @param {Drawn} state @param {number} seat @param {import("../shapes/snapshot.js").Snapshot} [snap]
 * @returns {Pose}
 */
export function seatFrom(state, seat, snap = state.snap) {
  const count = snap.seats[seat]?.tiles ?? 1;
  const lay = seatLayout(state, seat, Math.max(1, count));
  if (!lay) return { ...boneyardCenter(state.R), angle: Math.PI / 2, s: state.R.handS };
  const mid = lay.slots[Math.floor(lay.slots.length / 2)];
  return { x: mid.x, y: mid.y, angle: lay.angle, s: lay.s };
}

/**
 * Where words about a seat float up.
 * @param {Drawn} state @param {number} seat
 */
export function notePoint(state, seat) {
  return seatNotePoint(state.R, seatBox(state, seat), state.snap.seats[seat]?.tiles ?? 1);
}

/**
 * The centre of the viewer's rack slot `i`.
 * @param {Drawn} state @param {number} i
 */
export function rackSlotOf(state, i) {
  return rackSlot(state.R, i, state.snap.hand.length);
}

/**
 * Where a rack tile wants to be this frame: its slot (lifted when chosen), dragged or parked.
 * @param {Drawn} state @param {import("./anim.js").Sprite} sprite @param {number} i
 * @param {boolean} canActNow
 * @returns {Pose & {direct?: boolean}}
 */
export function spriteGoal(state, sprite, i, canActNow) {
  const R = state.R;
  const s = R.handS;
  if (state.parked?.tile === sprite.tile) return { ...state.parked };
  if (state.drag && state.drag.tile === sprite.tile) {
    const snapTo = state.drag.snapped;
    if (snapTo) return { x: snapTo.x, y: snapTo.y, angle: snapTo.spriteAngle, s: state.cam.k };
    return { x: state.drag.x, y: state.drag.y, angle: rackAngle(R), s: s * 1.06, direct: true };
  }
  const slot = rackSlotOf(state, i);
  const up = state.selected === sprite.tile || (canActNow && hintedTile(state) === sprite.tile);
  const lift = up ? s * (R.flat ? 0.3 : 0.42) : 0;
  return { x: slot.x, y: slot.y - lift, angle: rackAngle(R), s };
}

/**
 * The screen rect of each rack tile, in hand order (null for a tile not drawn yet).
 * @param {Drawn} state
 */
export function rackRects(state) {
  return state.snap.hand.map((t) => {
    const sprite = state.sprites.get(t.tile);
    return sprite ? handRect(state.R, sprite.cur) : null;
  });
}
