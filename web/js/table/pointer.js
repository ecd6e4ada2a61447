// Pointer input: one path for mouse, touch and pen (lichess chessground's drag.ts). A press on a
// rack tile becomes a tap (lift it; tap a lit end to play it there) or, past a few pixels, a drag
// (drop it on a lit end). A tap on the glowing boneyard draws. The page decides no rule: a tile
// plays where the snapshot lists a target for it, and a tile without one only shakes.

import { hitRack, hitTarget, inside, TAP_SLOP_PX } from "../board/hit.js";
import { boneyardRect } from "../board/regions.js";
import { rackRects, targetsOf } from "../board/scene.js";
import { canAct, handTile } from "../board/state.js";

const WANDER_PX = 3 * TAP_SLOP_PX; // a press that wandered this far off what it started on is no tap
const SNAP_RADIUS_PX = 56; // a dragged tile snaps to a lit end this close (or 1.6 tiles)

/**
 * Listen on `canvas`.
 * @param {object} o
 * @param {HTMLCanvasElement} o.canvas
 * @param {object} o.state see board/state.js
 * @param {object} o.act {play(tile, arm, source), draw(), shake(tile), changed()}
 */
export function listenPointer({ canvas, state, act }) {
  let press = null;
  const point = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const tileAt = (p) => {
    if (!state.snap) return null;
    const i = hitRack(rackRects(state), p);
    return i >= 0 ? state.snap.hand[i] : null;
  };
  const onBoneyard = (p) => state.snap?.can_draw && inside(boneyardRect(state.R), p.x, p.y);

  const down = (e) => {
    if (!e.isPrimary || (e.pointerType === "mouse" && e.button !== 0) || press) return;
    state.keyboardUsed = false;
    canvas.focus({ preventScroll: true });
    const p = point(e);
    const ok = canAct(state);
    let kind = "empty";
    let tile = null;
    const target = state.selected && ok ? hitTarget(targetsOf(state, state.selected), p) : null;
    const onHand = tileAt(p);
    if (target) kind = "target";
    else if (onHand) {
      kind = "tile";
      tile = onHand.tile;
    } else if (ok && onBoneyard(p)) kind = "boneyard";
    press = { pointerId: e.pointerId, kind, tile, target, x0: p.x, y0: p.y, dragging: false };
    if (kind !== "empty") {
      e.preventDefault();
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // the pointer is already gone
      }
    }
  };

  const move = (e) => {
    const p = point(e);
    if (!press || e.pointerId !== press.pointerId) {
      if (e.pointerType === "mouse") hover(p);
      return;
    }
    if (press.kind !== "tile") return;
    if (!press.dragging) {
      if (Math.hypot(p.x - press.x0, p.y - press.y0) < TAP_SLOP_PX) return;
      if (!handTile(state, press.tile)?.playable || !canAct(state)) {
        press.kind = "dead"; // a tile that does not play does not move
        act.shake(press.tile);
        return;
      }
      press.dragging = true;
      state.selected = press.tile;
      const sprite = state.sprites.get(press.tile);
      press.dx = sprite.cur.x - press.x0;
      press.dy = sprite.cur.y - press.y0;
      state.drag = { tile: press.tile, x: p.x + press.dx, y: p.y + press.dy, snapped: null };
      canvas.classList.add("dragging");
    }
    e.preventDefault();
    state.drag.x = p.x + press.dx;
    state.drag.y = p.y + press.dy;
    const radius = Math.max(SNAP_RADIUS_PX, state.cam.k * 1.6);
    state.drag.snapped = hitTarget(targetsOf(state, press.tile), p, radius);
    act.changed();
  };

  const up = (e) => {
    if (!press || e.pointerId !== press.pointerId) return;
    const was = press;
    press = null;
    const p = point(e);
    if (was.dragging) {
      const drag = state.drag;
      canvas.classList.remove("dragging");
      state.drag = null;
      if (drag.snapped && canAct(state)) {
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

  const cancel = (e) => {
    if (!press || e.pointerId !== press.pointerId) return;
    press = null;
    state.drag = null;
    canvas.classList.remove("dragging");
    act.changed();
  };

  const tap = (was) => {
    const ok = canAct(state);
    if (was.kind === "target" && ok) {
      act.play(state.selected, was.target.arm, "tap");
    } else if (was.kind === "tile") {
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
    } else if (was.kind === "boneyard" && ok && state.snap.can_draw) {
      act.draw();
    } else if (was.kind === "empty") {
      state.selected = null;
    }
    act.changed();
  };

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
