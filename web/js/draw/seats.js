// @ts-check
// The seats around the table and the boneyard: each seat's face-down tiles (face up once the
// round is over), its name in its team's colour, whose turn it is, thinking dots, what it did
// last (passed, drew) and its player's title at a table online (as its device said it); the
// boneyard's stack, its count, and its glow when drawing is the move.

import { dealDuration, dealtTileAt } from "../board/anim.js";
import { boneyardCenter, boneyardRect } from "../board/regions.js";
import { seatBox, seatLayout } from "../board/scene.js";
import { T } from "../i18n/strings.js";
import { seatTitles } from "../i18n/words.js";
import { drawBadge, drawText, roundRectPath, TEAM_RGB } from "./render.js";
import { drawTile } from "./tiles.js";

/** @typedef {import("../board/state.js").Drawn} Drawn */
/** @typedef {import("./render.js").Ctx} Ctx */

const THINK_DOT_MS = 300; // "thinking..." grows a dot this often
const INK = "#f5f1e3";
const INK_SOFT = "rgba(230, 240, 232, 0.8)";
const TURN_GOLD = "#ffe08a";

/**
 * Every seat but the one at the bottom. Returns {glowing, wakeAt}: glowing while a deal is still
 * arriving; wakeAt, when the thinking dots next change (so the page redraws then, not every frame).
 * @param {Ctx} ctx @param {Drawn} state @param {number} now @param {boolean} reduced
 */
export function drawSeats(ctx, state, now, reduced) {
  const snap = state.snap;
  let glowing = false;
  let wakeAt = 0;
  const bone = boneyardCenter(state.R);
  const teams = snap.rules.teams;
  for (const seat of snap.seats) {
    const box = seatBox(state, seat.seat);
    if (!box) continue;
    const drawing = state.flights.filter((f) => f.kind === "draw" && f.seat === seat.seat).length;
    const lay = seatLayout(state, seat.seat, seat.tiles);
    if (!lay) continue; // (a seat with a box has its layout)
    const shown = lay.slots.length - drawing;
    const revealed = snap.round.over ? (snap.round.hands?.[seat.seat] ?? []) : null;
    const moving = snap.to_move === seat.seat && !snap.round.over;
    if (moving) {
      ctx.save();
      roundRectPath(ctx, box.x + 2, box.y + 3, box.width - 4, box.height - 6, 10);
      ctx.fillStyle = "rgba(242, 193, 78, 0.12)";
      ctx.strokeStyle = "rgba(242, 193, 78, 0.55)";
      ctx.lineWidth = 1.5;
      ctx.fill();
      ctx.stroke();
      ctx.restore();
    }
    lay.slots.forEach((slot, i) => {
      if (i >= shown) return;
      let { x, y } = slot;
      let alpha = 1;
      if (state.deal) {
        const at = dealtTileAt(state.deal.t0, i, bone, slot, now, reduced);
        if (!at) {
          glowing = true;
          return;
        }
        if (!at.done) glowing = true;
        ({ x, y, alpha } = at);
      }
      if (revealed?.[i]) {
        const [a, b] = revealed[i].split("-").map(Number);
        drawTile(ctx, { x, y, s: lay.s * 1.15, angle: lay.angle, a, b, lift: 0.2, alpha });
      } else {
        drawTile(ctx, { x, y, s: lay.s, angle: lay.angle, faceDown: true, lift: 0.2, alpha });
      }
    });
    const thinking = snap.computer_to_move && moving;
    const colour = teams ? `rgb(${TEAM_RGB[seat.side]})` : INK;
    drawText(ctx, seat.name, lay.name.x, lay.name.y, {
      size: lay.name.size,
      weight: 700,
      color: thinking ? TURN_GOLD : colour,
      align: lay.name.align,
      maxWidth: lay.name.maxWidth,
    });
    let note = T.tiles(seat.tiles);
    if (thinking) {
      note = `${T.thinkingShort}${".".repeat(Math.floor(now / THINK_DOT_MS) % 4)}`;
      wakeAt = (Math.floor(now / THINK_DOT_MS) + 1) * THINK_DOT_MS;
    } else if (!snap.round.over && seat.passed) note = `${T.tiles(seat.tiles)} · ${T.passedMark}`;
    else if (!snap.round.over && seat.drew) note = `${T.tiles(seat.tiles)} · ${T.drewTiles(seat.drew)}`;
    const title = seatTitles(snap, [seat.seat]); // beside the name: under it, before the tiles
    if (title && !thinking) note = `${title} · ${note}`;
    drawText(ctx, note, lay.note.x, lay.note.y, {
      size: lay.note.size,
      weight: 500,
      color: INK_SOFT,
      align: lay.note.align,
      maxWidth: lay.note.maxWidth,
    });
  }
  if (state.deal) {
    const most = Math.max(...snap.seats.map((s) => s.tiles));
    if (now - state.deal.t0 > dealDuration(most, reduced)) state.deal = null;
  }
  return { glowing, wakeAt };
}

/**
 * The boneyard: a small stack, its count, and a glow when drawing is the move.
 * @param {Ctx} ctx @param {Drawn} state @param {number} pulse @param {boolean} canDraw
 */
export function drawBoneyard(ctx, state, pulse, canDraw) {
  const R = state.R;
  const count = state.snap.boneyard;
  const bone = boneyardCenter(R);
  if (canDraw) {
    const r = boneyardRect(R);
    ctx.save();
    ctx.shadowColor = `rgba(255, 214, 102, ${0.6 + 0.4 * pulse})`;
    ctx.shadowBlur = (14 + 12 * pulse) * state.size.dpr;
    ctx.fillStyle = `rgba(255, 214, 102, ${0.12 + 0.14 * pulse})`;
    roundRectPath(ctx, r.x, r.y, r.width, r.height, 12);
    ctx.fill();
    ctx.restore();
  }
  const layers = count === 0 ? 0 : Math.min(3, Math.ceil(count / 4));
  for (let i = 0; i < layers; i++) {
    drawTile(ctx, { x: bone.x - 2 + i * 2, y: bone.y + 3 - i * 3.5, s: R.boneS, angle: 0, faceDown: true, lift: 0.3 });
  }
  if (!layers) {
    ctx.save();
    ctx.setLineDash([4, 4]);
    ctx.strokeStyle = "rgba(255,255,255,0.25)";
    ctx.strokeRect(bone.x - R.boneS, bone.y - R.boneS / 2, 2 * R.boneS, R.boneS);
    ctx.restore();
  }
  drawBadge(ctx, bone.x + R.boneS + 4, bone.y + R.boneS * 0.7, String(count), {
    size: R.compact ? 12 : 13,
    fill: canDraw ? "#f2c14e" : "rgba(0, 0, 0, 0.6)",
    color: canDraw ? "#2b1d00" : "#fff",
  });
  if (!R.flat) {
    // tiles that stay in the boneyard (a stock reserve) are said so: they are never drawn
    const kept = state.snap.reserve;
    let label = canDraw ? T.drawLabel : T.boneyard;
    if (!canDraw && kept) label = R.compact ? T.kept(kept) : `${T.boneyard} · ${T.kept(kept)}`;
    // in block play nobody draws: every tile left is out of play
    if (state.snap.rules?.options?.draw === false) label = T.outOfPlay(count);
    drawText(ctx, label, bone.x, R.band.y + R.band.height - (R.compact ? 7 : 9), {
      size: 12,
      weight: canDraw ? 800 : 500,
      color: canDraw ? TURN_GOLD : "rgba(230, 240, 232, 0.7)",
      align: "center",
    });
  }
  return canDraw;
}
