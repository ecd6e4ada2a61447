// @ts-check
// The cribbage peg track: a row of holes per side, 0 to the target, and each side's two pegs.
// Python says where each side's front and back pegs stand (the back peg is where the front was
// before the side's last award); when a side scores, its back peg leapfrogs the front one to the
// new score, hole by hole along an arc.

import { clamp, easeOut, lerp, motion } from "../board/anim.js";
import { drawText, roundRectPath, TEAM_RGB } from "./render.js";

/** @typedef {import("../board/state.js").DrawnPegs} DrawnPegs */

const HOP_MS = 60; // per hole the leaping peg passes
const MAX_HOP_MS = 900;
const SEAT_RGB = ["255, 209, 102", "142, 203, 255", "255, 140, 140", "170, 235, 150"];
const LABEL_PX = 44;

/**
 * The pegs as drawn: per side {front, back, leap}; starts a leap where Python's pegs moved.
 * @param {DrawnPegs[]|null} drawn @param {readonly import("../shapes/snapshot.js").PegPair[]|null} pegs
 * @param {number} now @param {boolean} reduced
 * @returns {DrawnPegs[]|null}
 */
export function updatePegs(drawn, pegs, now, reduced) {
  if (!pegs) return null;
  return pegs.map((p, side) => {
    const was = drawn?.[side];
    if (!was || (was.front === p.front && was.back === p.back)) return { ...p, leap: was?.leap ?? null };
    if (p.front === was.front) return { ...p, leap: null }; // a new match: no leap
    const from = was.back; // the back peg jumps past the front one
    const holes = Math.abs(p.front - from);
    return {
      ...p,
      leap: { from, to: p.front, t0: now, dur: motion(Math.min(MAX_HOP_MS, 200 + holes * HOP_MS), reduced) },
    };
  });
}

/**
 * The centre of hole `n` of the track row of `side`.
 * @param {import("../dom/dom.js").Rect} box the track (the regions' `pegs`) @param {number} target
 * @param {number} side @param {number} n
 */
export function holeAt(box, target, side, n) {
  const x0 = box.x + LABEL_PX;
  const step = (box.width - LABEL_PX - 6) / Math.max(1, target);
  return { x: x0 + clamp(n, 0, target) * step, y: box.y + 8 + side * 16 };
}

/**
 * Draw the track. Returns true while a peg is still leaping.
 * @param {import("./render.js").Ctx} ctx @param {import("../board/state.js").Drawn} state @param {number} now
 */
export function drawPegs(ctx, state, now) {
  const snap = state.snap;
  const drawn = state.pegs;
  const track = state.R.pegs;
  if (!drawn || !track) return false;
  const target = snap.rules.target;
  /** @param {number} side */
  const colour = (side) => (snap.rules.teams ? TEAM_RGB[side] : SEAT_RGB[side % SEAT_RGB.length]);
  let moving = false;
  ctx.save();
  ctx.fillStyle = "rgba(60, 36, 18, 0.85)";
  roundRectPath(ctx, track.x, track.y, track.width, track.height, 8);
  ctx.fill();
  drawn.forEach((p, side) => {
    const rgb = colour(side);
    const row = holeAt(track, target, side, 0);
    drawText(ctx, String(snap.sides[side].score), track.x + 6, row.y, {
      size: 12,
      weight: 700,
      color: `rgb(${rgb})`,
      maxWidth: LABEL_PX - 10,
      shadow: false,
    });
    for (let n = 0; n <= target; n++) {
      const c = holeAt(track, target, side, n);
      ctx.beginPath();
      ctx.arc(c.x, c.y, n % 5 === 0 ? 1.9 : 1.3, 0, Math.PI * 2);
      ctx.fillStyle = n % 5 === 0 ? "rgba(0, 0, 0, 0.75)" : "rgba(0, 0, 0, 0.55)";
      ctx.fill();
    }
    /** @param {number} x @param {number} y @param {boolean} filled */
    const peg = (x, y, filled) => {
      ctx.beginPath();
      ctx.arc(x, y, 4.2, 0, Math.PI * 2);
      ctx.fillStyle = filled ? `rgb(${rgb})` : `rgba(${rgb}, 0.35)`;
      ctx.strokeStyle = "rgba(0, 0, 0, 0.8)";
      ctx.lineWidth = 1.2;
      ctx.fill();
      ctx.stroke();
    };
    const back = holeAt(track, target, side, p.back);
    peg(back.x, back.y, false);
    let front = holeAt(track, target, side, p.front);
    if (p.leap) {
      const t = p.leap.dur > 0 ? clamp((now - p.leap.t0) / p.leap.dur, 0, 1) : 1;
      const a = holeAt(track, target, side, p.leap.from);
      const b = holeAt(track, target, side, p.leap.to);
      const e = easeOut(t);
      front = { x: lerp(a.x, b.x, e), y: lerp(a.y, b.y, e) - Math.sin(Math.PI * e) * 7 };
      if (t < 1) moving = true;
      else p.leap = null;
    }
    peg(front.x, front.y, true);
  });
  ctx.restore();
  return moving;
}
