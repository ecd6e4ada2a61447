// @ts-check
// One frame of the table: the felt and rack (cached), the line of play with its open ends, the lit
// targets, the viewer's rack, the dragged tile, tiles in flight and rising points. The seats
// around the table and the boneyard are drawn by seats.js. Every function reads the state and
// returns whether something it drew still moves (or glows), so the frame loop knows whether to go on.

import { clamp, flightAt, landing, shakeAt, stepSprite } from "../board/anim.js";
import { armLabel, toScreen } from "../board/camera.js";
import { DIR_ANGLE, halves } from "../board/hit.js";
import { seatFrom, spriteGoal, targetsOf } from "../board/scene.js";
import { hintedTile } from "../board/state.js";
import { T } from "../i18n/strings.js";
import { currentDesign } from "./designs.js";
import { drawBadge, drawFelt, drawRack, drawTarget, HINT_GLOW, HINT_LINE, HINT_RGB } from "./render.js";
import { drawTile } from "./tiles.js";

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../board/state.js").Drawn} Drawn */
/** @typedef {import("./render.js").Ctx} Ctx */
/** @typedef {import("../board/hit.js").ScreenTarget} ScreenTarget */
/** @typedef {import("../shapes/snapshot.js").HandTile} HandTile */

const LAST_GLOW = "rgba(255, 214, 102, 0.75)";
const SELECTED_GLOW = "rgba(255, 214, 102, 0.95)";
const TILE_FILL = 0.965; // a layout tile's short side, in table units (a hair of gap between tiles)
// The felt's resolution (device pixels per CSS pixel): fibres, gradients and the rack's soft
// shadow look the same at 1.5 as at a phone's 2.6, for a third of the pixels. A repeat visit's
// first frame on Pixel 7 (4x CPU) spent 190 ms painting the felt at full resolution.
const FELT_MAX_DPR = 1.5;

/**
 * The felt, the band under the score bar and the rack: painted on a canvas of their own under the
 * table's (`felt`), only when the size, the regions or the design change (designs.js), never per
 * frame: a full-screen gradient and the rack's wide soft shadow are the costliest things to
 * paint, and even copying them took a tenth of a frame's work while a computer moves. It is
 * painted at most FELT_MAX_DPR device pixels to the CSS pixel and scaled up by the compositor.
 * @param {HTMLCanvasElement} felt @param {State["size"]} size the table canvas's
 * @param {import("../board/regions.js").Regions} R
 */
export function drawBackground(felt, size, R) {
  const { w, h } = size;
  const dpr = Math.min(size.dpr, FELT_MAX_DPR);
  const key = `${w}x${h}@${dpr}:${R.free.x},${R.free.y},${R.free.width},${R.free.height}:${R.band.y + R.band.height}:${R.rack.y}:${currentDesign().felt}`;
  const width = Math.round(w * dpr);
  const height = Math.round(h * dpr);
  if (felt.dataset.painted !== key || felt.width !== width || felt.height !== height) {
    if (felt.width !== width || felt.height !== height) {
      felt.width = width;
      felt.height = height;
    }
    const g = /** @type {CanvasRenderingContext2D} asked for only in 2D */ (felt.getContext("2d", { alpha: false }));
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const F = R.free;
    drawFelt(g, w, h, { x: F.x + F.width / 2, y: F.y + F.height / 2 });
    const bottom = R.band.y + R.band.height;
    const band = g.createLinearGradient(0, 0, 0, bottom);
    band.addColorStop(0, "rgba(0, 0, 0, 0.34)");
    band.addColorStop(1, "rgba(0, 0, 0, 0.08)");
    g.fillStyle = band;
    g.fillRect(0, 0, w, bottom);
    drawRack(g, R.rack, dpr);
    felt.dataset.painted = key;
  }
}

/**
 * The layout's tiles (Python's x, y, dir in table units) through camera `cam` onto `free`; the
 * tile at index `lit` glows as the last played, those in `hidden` are not drawn (still in flight).
 * The table's and the replay viewer's one way of drawing a line of play.
 * @param {Ctx} ctx @param {readonly import("../shapes/snapshot.js").LayoutTile[]} tiles
 * @param {import("../board/camera.js").Cam} cam @param {import("../dom/dom.js").Rect} free
 * @param {{lit?: number, hidden?: Set<number>|null}} [o]
 */
export function drawLineTiles(ctx, tiles, cam, free, { lit = -1, hidden = null } = {}) {
  tiles.forEach((tile, i) => {
    if (hidden?.has(i)) return;
    const p = toScreen(cam, free, tile.x, tile.y);
    drawTile(ctx, {
      x: p.x,
      y: p.y,
      s: cam.k * TILE_FILL,
      angle: DIR_ANGLE[tile.dir] + cam.a,
      a: tile.a,
      b: tile.b,
      lift: 0.25,
      glow: i === lit ? LAST_GLOW : null,
    });
  });
}

/**
 * The line of play, and each open end's name (and what it counts unless the sum is hidden).
 * @param {Ctx} ctx @param {Drawn} state
 */
export function drawLayout(ctx, state) {
  const snap = state.snap;
  const { cam } = state;
  const free = state.R.free;
  const lit = snap.round.over ? -1 : (snap.last?.index ?? -1);
  drawLineTiles(ctx, snap.layout.tiles, cam, free, { lit, hidden: state.hiddenLayout });
  const hideSum = snap.settings?.hide_sum;
  for (const end of snap.layout.ends) {
    const p = toScreen(cam, free, end.x, end.y);
    const label = T.armShort[armLabel(end.arm, state.turned)];
    drawBadge(ctx, p.x, p.y, hideSum ? label : `${label} ${end.points}`, {
      size: clamp(cam.k * 0.34, 12, 14),
      fill: "rgba(0, 0, 0, 0.22)",
      color: "rgba(255, 255, 255, 0.7)",
    });
  }
}

/**
 * The lit ends of the lifted (or dragged) tile, or the hint's end alone. Returns true if any.
 * @param {Ctx} ctx @param {Drawn} state @param {number} pulse @param {boolean} canActNow
 */
export function drawTargets(ctx, state, pulse, canActNow) {
  if (!canActNow) return false;
  const name = state.drag?.tile ?? state.selected;
  const hinted = hintedTile(state);
  const hint = state.hint;
  /** @param {ScreenTarget} t @param {string} tile */
  const hintedEnd = (t, tile) => hinted === tile && hint?.kind === "play" && (t.arm ?? null) === (hint.arm ?? null);
  /** @param {ScreenTarget} t */
  const box = (t) => ({ x: t.x, y: t.y, w: t.w, h: t.h, angle: t.angle, pulse });
  if (!name) {
    const t = hinted ? targetsOf(state, hinted).find((x) => hintedEnd(x, hinted)) : null;
    if (!t) return false;
    drawTarget(ctx, { ...box(t), strength: 0.5, rgb: HINT_RGB, line: HINT_LINE });
    return true;
  }
  const targets = targetsOf(state, name);
  const snapped = state.drag?.snapped;
  targets.forEach((t, i) => {
    let strength = 0;
    if (snapped) strength = snapped.arm === t.arm ? 1 : 0;
    else if (state.keyboardUsed && i === state.keyTarget) strength = 0.6;
    const hint = hintedEnd(t, name) ? { rgb: HINT_RGB, line: HINT_LINE } : {};
    drawTarget(ctx, { ...box(t), strength, ...hint });
  });
  return targets.length > 0;
}

/**
 * The viewer's rack. Returns true while a tile is still sliding or shaking.
 * @param {Ctx} ctx @param {Drawn} state @param {number} now @param {boolean} canActNow @param {boolean} reduced
 */
export function drawHand(ctx, state, now, canActNow, reduced) {
  const snap = state.snap;
  const anyPlayable = snap.hand.some((t) => t.playable);
  const hinted = canActNow ? hintedTile(state) : null;
  let moving = false;
  /** @type {{tile: HandTile, sprite: import("../board/anim.js").Sprite, dx: number}[]} */
  const order = [];
  snap.hand.forEach((tile, i) => {
    const sprite = state.sprites.get(tile.tile);
    if (!sprite) return;
    const dur = state.drag?.snapped && state.drag.tile === sprite.tile ? 120 : undefined;
    if (stepSprite(sprite, spriteGoal(state, sprite, i, canActNow), now, { reduced, dur })) moving = true;
    if (sprite.hideUntil && now < sprite.hideUntil) {
      moving = true;
      return;
    }
    let dx = 0;
    const started = state.shakes.get(tile.tile);
    if (started !== undefined) {
      const shake = shakeAt(started, now, reduced);
      if (shake.done) state.shakes.delete(tile.tile);
      else {
        dx = shake.dx;
        moving = true;
      }
    }
    order.push({ tile, sprite, dx });
  });
  for (const { tile, sprite, dx } of order) {
    if (state.drag && state.drag.tile === tile.tile) continue; // drawn last, on top
    const [a, b] = halves(tile.tile);
    const selected = state.selected === tile.tile;
    const isHint = hinted === tile.tile;
    drawTile(ctx, {
      x: sprite.cur.x + dx,
      y: sprite.cur.y,
      s: sprite.cur.s,
      angle: sprite.cur.angle,
      a,
      b,
      lift: selected || isHint ? 0.9 : 0.45,
      glow: selected ? SELECTED_GLOW : isHint ? HINT_GLOW : null,
      dim: canActNow && anyPlayable && !tile.playable ? 1 : 0,
    });
  }
  return moving;
}

/**
 * The tile being dragged, over everything. Returns true while there is one.
 * @param {Ctx} ctx @param {State} state
 */
export function drawDragged(ctx, state) {
  if (!state.drag) return false;
  const sprite = state.sprites.get(state.drag.tile);
  if (!sprite) return false;
  const [a, b] = halves(state.drag.tile);
  drawTile(ctx, {
    ...sprite.cur,
    a,
    b,
    lift: state.drag.snapped ? 0.5 : 1.2,
    glow: "rgba(255, 214, 102, 0.9)",
  });
  return true;
}

/**
 * Tiles in flight. Landed flights are removed and their landing (sounds, "+N") handed to
 * `onLand`. Returns true while any is in the air.
 * @param {Ctx} ctx @param {Drawn} state @param {number} now
 * @param {(land: ReturnType<typeof landing>) => void} onLand
 */
export function drawFlights(ctx, state, now, onLand) {
  if (!state.flights.length) return false;
  /** @type {import("../board/anim.js").Flight[]} */
  const done = [];
  for (const f of state.flights) {
    /** @type {import("../board/anim.js").Pose} */
    let to;
    let face = null;
    if (f.kind === "place") {
      const tile = state.snap.layout.tiles[f.index];
      if (!tile) {
        done.push(f);
        continue;
      }
      const p = toScreen(state.cam, state.R.free, tile.x, tile.y);
      to = { x: p.x, y: p.y, angle: DIR_ANGLE[tile.dir] + state.cam.a, s: state.cam.k * TILE_FILL };
      face = { a: f.a, b: f.b };
    } else {
      to = seatFrom(state, f.seat);
    }
    const at = flightAt(f, to, now);
    drawTile(ctx, {
      x: at.x,
      y: at.y,
      s: at.s,
      angle: at.angle,
      a: face?.a,
      b: face?.b,
      faceDown: !face,
      lift: at.lift,
    });
    if (at.done) done.push(f);
  }
  for (const f of done) {
    state.flights.splice(state.flights.indexOf(f), 1);
    if (f.kind === "place") state.hiddenLayout.delete(f.index);
    onLand(landing(f, now));
  }
  return true;
}
