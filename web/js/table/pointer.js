// @ts-check
// Pointer input: one path for mouse, touch and pen (lichess chessground's drag.ts). A press on a
// rack tile becomes a tap (lift it; tap a lit end to play it there) or, past a few pixels, a drag
// (drop it on a lit end). A tap on the glowing boneyard draws. The page decides no rule: a tile
// plays where the snapshot lists a target for it, and a tile without one only shakes.

import { hitRack, hitTarget, inside, TAP_SLOP_PX } from "../board/hit.js";
import { boneyardRect } from "../board/regions.js";
import { rackRects, targetsOf } from "../board/scene.js";
import { canAct, handTile, isDrawn } from "../board/state.js";

const WANDER_PX = 3 * TAP_SLOP_PX; // a press that wandered this far off what it started on is no tap
const SNAP_RADIUS_PX = 56; // a dragged tile snaps to a lit end this close (or 1.6 tiles)

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../board/state.js").Drawn} Drawn */
/** @typedef {import("../board/hit.js").ScreenTarget} ScreenTarget */
/** @typedef {import("../board/regions.js").Point} Point */
/** @typedef {import("../shapes/snapshot.js").Arm} Arm */

/**
 * What a pointer asks of the table (input.js tableCommands has them all).
 * @typedef {Object} PointerPort
 * @property {(tile: string, arm: Arm|null, source: "drag"|"tap") => void} play
 * @property {() => void} draw
 * @property {(tile: string) => void} shake a tile that does not play
 * @property {() => void} changed the selection or a dragged tile moved
 */

/**
 * A press under way: what it started on, where, and whether it became a drag (dx, dy: from the
 * pointer to the dragged tile's centre).
 * @typedef {Object} Press
 * @property {number} pointerId
 * @property {"empty"|"target"|"tile"|"boneyard"|"dead"} kind
 * @property {string|null} tile
 * @property {ScreenTarget|null} target
 * @property {number} x0
 * @property {number} y0
 * @property {boolean} dragging
 * @property {number} dx
 * @property {number} dy
 */

/**
 * Listen on `canvas`.
 * @param {object} o
 * @param {HTMLCanvasElement} o.canvas
 * @param {State} o.state
 * @param {PointerPort} o.act
 */
export function listenPointer({ canvas, state, act }) {
  /** @type {Press|null} */
  let press = null;
  /** @param {PointerEvent} e @returns {Point} */
  const point = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  /** @param {Point} p */
  const tileAt = (p) => {
    if (!isDrawn(state)) return null;
    const i = hitRack(rackRects(state), p);
    return i >= 0 ? state.snap.hand[i] : null;
  };
  /** @param {Point} p */
  const onBoneyard = (p) => state.snap?.can_draw && state.R && inside(boneyardRect(state.R), p.x, p.y);

  /** @param {PointerEvent} e */
  const down = (e) => {
    if (!e.isPrimary || (e.pointerType === "mouse" && e.button !== 0) || press) return;
    state.keyboardUsed = false;
    canvas.focus({ preventScroll: true });
    const p = point(e);
    const ok = canAct(state);
    /** @type {Press["kind"]} */
    let kind = "empty";
    /** @type {string|null} */
    let tile = null;
    const target = state.selected && ok ? hitTarget(targetsOf(state, state.selected), p) : null;
    const onHand = tileAt(p);
    if (target) kind = "target";
    else if (onHand) {
      kind = "tile";
      tile = onHand.tile;
    } else if (ok && onBoneyard(p)) kind = "boneyard";
    press = { pointerId: e.pointerId, kind, tile, target, x0: p.x, y0: p.y, dragging: false, dx: 0, dy: 0 };
    if (kind !== "empty") {
      e.preventDefault();
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // the pointer is already gone
      }
    }
  };

  /** @param {PointerEvent} e */
  const move = (e) => {
    const p = point(e);
    if (!press || e.pointerId !== press.pointerId) {
      if (e.pointerType === "mouse") hover(p);
      return;
    }
    const tile = press.tile;
    if (press.kind !== "tile" || tile === null) return;
    let drag = state.drag;
    if (!press.dragging) {
      if (Math.hypot(p.x - press.x0, p.y - press.y0) < TAP_SLOP_PX) return;
      if (!handTile(state, tile)?.playable || !canAct(state)) {
        press.kind = "dead"; // a tile that does not play does not move
        act.shake(tile);
        return;
      }
      press.dragging = true;
      state.selected = tile;
      const cur = state.sprites.get(tile)?.cur ?? { x: press.x0, y: press.y0 };
      press.dx = cur.x - press.x0;
      press.dy = cur.y - press.y0;
      drag = state.drag = { tile, x: p.x + press.dx, y: p.y + press.dy, snapped: null };
      canvas.classList.add("dragging");
    }
    e.preventDefault();
    if (!drag) return;
    drag.x = p.x + press.dx;
    drag.y = p.y + press.dy;
    const radius = Math.max(SNAP_RADIUS_PX, (state.cam?.k ?? 0) * 1.6);
    drag.snapped = hitTarget(targetsOf(state, tile), p, radius);
    act.changed();
  };

  /** @param {PointerEvent} e */
  const up = (e) => {
    if (!press || e.pointerId !== press.pointerId) return;
    const was = press;
    press = null;
    const p = point(e);
    if (was.dragging) {
      const drag = state.drag;
      canvas.classList.remove("dragging");
      state.drag = null;
      if (drag?.snapped && was.tile !== null && state.cam && canAct(state)) {
        // it waits where it was dropped until the engine's answer sends it to its place
        const t = drag.snapped;
        state.parked = { tile: was.tile, x: t.x, y: t.y, angle: t.spriteAngle, s: state.cam.k };
        act.play(was.tile, t.arm, "drag");
      }
      act.changed();
      return;
    }
    if (was.kind !== "tile" && Math.hypot(p.x - was.x0, p.y - was.y0) > WANDER_PX) return;
    tap(was);
  };

  /** @param {PointerEvent} e */
  const cancel = (e) => {
    if (!press || e.pointerId !== press.pointerId) return;
    press = null;
    state.drag = null;
    canvas.classList.remove("dragging");
    act.changed();
  };

  /** @param {Press} was */
  const tap = (was) => {
    const ok = canAct(state);
    if (was.kind === "target" && ok) {
      if (state.selected !== null && was.target) act.play(state.selected, was.target.arm, "tap");
    } else if (was.kind === "tile" && was.tile !== null) {
      const tile = handTile(state, was.tile);
      if (!tile || !ok || !tile.playable) {
        state.selected = null;
        act.shake(was.tile);
      } else if (state.selected === tile.tile) {
        const targets = targetsOf(state, tile.tile);
        if (targets.length === 1) act.play(tile.tile, targets[0].arm, "tap");
        else state.selected = null;
      } else {
        state.selected = tile.tile;
        state.keyTarget = 0;
      }
    } else if (was.kind === "boneyard" && ok && state.snap?.can_draw) {
      act.draw();
    } else if (was.kind === "empty") {
      state.selected = null;
    }
    act.changed();
  };

  /** @param {Point} p */
  const hover = (p) => {
    let cursor = "";
    if (state.snap && canAct(state)) {
      const tile = tileAt(p);
      if (tile) cursor = tile.playable ? "grab" : "not-allowed";
      else if (state.selected && hitTarget(targetsOf(state, state.selected), p)) cursor = "pointer";
      else if (onBoneyard(p)) cursor = "pointer";
    }
    if (canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
  };

  canvas.addEventListener("pointerdown", down);
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", cancel);
  canvas.addEventListener("lostpointercapture", (e) => {
    if (press && e.pointerId === press.pointerId) cancel(e);
  });
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
}
