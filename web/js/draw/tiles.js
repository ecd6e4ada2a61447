// @ts-check
// The dominoes: a tile face up (its pips, the material's marks, the divider and the spinner pin) or
// face down, at any size and angle, with its shadow, a glow or a dimming; and rows of small tiles
// painted into canvases of their own (the round panel's hands, How to play's line). Sizes are CSS
// pixels; the colours are the tile design in use (designs.js).

import { tileStyle } from "./designs.js";
import { paintCanvas, roundRectPath, seeded, shadowScale } from "./render.js";

/** @typedef {import("./render.js").Ctx} Ctx */
/** @typedef {import("./designs.js").TileDesign} TileDesign */

/**
 * How a tile is drawn: its centre, short side and turn; its halves; face down; its opacity; how
 * high it is lifted (its shadow); a glow's colour; how dimmed (0 to 1).
 * @typedef {{x: number, y: number, s: number, angle?: number, a?: number, b?: number, faceDown?: boolean,
 *   alpha?: number, lift?: number, glow?: string|null, dim?: number}} TileLook
 */

// Pip positions in one half of a tile, as (along, across) offsets in {-1, 0, 1}. "Along" runs with
// the tile's long side, so a six reads as two rows of three on a tile lying flat and as two
// columns of three on a standing one, as on a real set. 0..9 covers the double-nine set too.
/** @type {[number, number][][]} */
const PIPS = [
  [],
  [[0, 0]],
  [
    [-1, -1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 1],
    [0, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ],
  [
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 0],
    [0, 0],
    [1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ],
];

/**
 * One domino, centred at (x, y), short side s, long axis rotated by angle (0 = lying east-west).
 * Half `a` is on the local -x side, half `b` on +x.
 * @param {Ctx} ctx @param {TileLook} opt
 */
export function drawTile(ctx, opt) {
  const { x, y, s, angle = 0, a = 0, b = 0, faceDown = false, alpha = 1, lift = 0.35, glow = null, dim = 0 } = opt;
  const L = 2 * s;
  const r = s * 0.16;
  const look = tileStyle();
  const k = shadowScale();
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.globalAlpha = alpha;

  // drop shadow
  if (lift > 0) {
    ctx.save();
    ctx.shadowColor = `rgba(0, 0, 0, ${0.28 + lift * 0.25})`;
    ctx.shadowBlur = s * (0.12 + lift * 0.35) * k;
    const off = s * (0.04 + lift * 0.1) * k;
    ctx.shadowOffsetX = off * 0.4;
    ctx.shadowOffsetY = off;
    roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
    ctx.fillStyle = faceDown ? look.shadowBack : look.shadowFace;
    ctx.fill();
    ctx.restore();
  }

  if (glow) {
    ctx.save();
    ctx.shadowColor = glow;
    ctx.shadowBlur = s * 0.5 * k;
    roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
    ctx.strokeStyle = glow;
    ctx.lineWidth = Math.max(2, s * 0.07);
    ctx.stroke();
    ctx.restore();
  }

  if (faceDown) {
    drawBack(ctx, L, s, r, look);
  } else {
    drawFace(ctx, L, s, r, a, b, look);
  }

  if (dim > 0) {
    roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
    ctx.fillStyle = `rgba(${look.dim}, ${look.dimAlpha * dim})`;
    ctx.fill();
  }
  ctx.restore();
}

/**
 * @param {Ctx} ctx @param {number} L its long side @param {number} s @param {number} r its corners
 * @param {number} a @param {number} b @param {TileDesign} look
 */
function drawFace(ctx, L, s, r, a, b, look) {
  // the body (ivory by default) with a faint sheen across it
  const body = ctx.createLinearGradient(-L / 2, -s / 2, L / 2, s / 2);
  body.addColorStop(0, look.face[0]);
  body.addColorStop(0.55, look.face[1]);
  body.addColorStop(1, look.face[2]);
  roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
  ctx.fillStyle = body;
  ctx.fill();
  if (look.texture && s >= 14) {
    drawTexture(ctx, L, s, r, look.texture, a * 10 + b);
    roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
  }
  ctx.lineWidth = Math.max(0.75, s * 0.025);
  ctx.strokeStyle = look.edge;
  ctx.stroke();
  // bevel: light inner rim on the top-left
  const inset = Math.max(1, s * 0.05);
  roundRectPath(ctx, -L / 2 + inset, -s / 2 + inset, L - 2 * inset, s - 2 * inset, r * 0.7);
  ctx.lineWidth = Math.max(0.6, s * 0.02);
  ctx.strokeStyle = look.bevel;
  ctx.stroke();

  // divider
  ctx.beginPath();
  ctx.moveTo(0, -s * 0.36);
  ctx.lineTo(0, s * 0.36);
  ctx.lineWidth = Math.max(1, s * 0.04);
  ctx.strokeStyle = look.divider;
  ctx.lineCap = "round";
  ctx.stroke();
  // the spinner pin (brass by default)
  if (s >= 16) {
    const pin = ctx.createRadialGradient(-s * 0.02, -s * 0.02, 0, 0, 0, s * 0.07);
    pin.addColorStop(0, look.pin[0]);
    pin.addColorStop(0.6, look.pin[1]);
    pin.addColorStop(1, look.pin[2]);
    ctx.beginPath();
    ctx.arc(0, 0, s * 0.065, 0, Math.PI * 2);
    ctx.fillStyle = pin;
    ctx.fill();
  }

  drawPips(ctx, -s / 2, s, a, look);
  drawPips(ctx, s / 2, s, b, look);
}

/**
 * The material's own marks on a face, the same on a tile every frame (seeded by its pips): the
 * fine streaks of ebony's grain, the flecks of bone, the clouds and veins of jade.
 * @param {Ctx} ctx @param {number} L @param {number} s @param {number} r
 * @param {import("./designs.js").Texture} texture @param {number} which the tile's own seed
 */
function drawTexture(ctx, L, s, r, texture, which) {
  const rand = seeded(1 + which * 7919);
  ctx.save();
  roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
  ctx.clip();
  ctx.lineCap = "round";
  if (texture.kind === "veins") {
    for (let i = 0; i < 3; i++) {
      const y = (rand() - 0.5) * s;
      ctx.beginPath();
      ctx.moveTo(-L / 2, y);
      ctx.bezierCurveTo(-L / 6, y + (rand() - 0.5) * s, L / 6, y + (rand() - 0.5) * s, L / 2, y + (rand() - 0.5) * s);
      ctx.lineWidth = s * (0.03 + rand() * 0.1);
      ctx.strokeStyle = i ? texture.color : texture.deep;
      ctx.stroke();
    }
  } else {
    // grain and flecks: short strokes along the tile's length
    const count = texture.kind === "grain" ? 14 : 8;
    for (let i = 0; i < count; i++) {
      const x = (rand() - 0.5) * L;
      const y = (rand() - 0.5) * s;
      const len = texture.kind === "grain" ? L * (0.3 + rand() * 0.6) : s * (0.04 + rand() * 0.1);
      ctx.beginPath();
      ctx.moveTo(x - len / 2, y);
      ctx.quadraticCurveTo(x, y + (rand() - 0.5) * len * 0.08, x + len / 2, y + (rand() - 0.5) * len * 0.06);
      ctx.lineWidth = Math.max(0.5, s * (0.01 + rand() * 0.015));
      ctx.strokeStyle = rand() < 0.3 ? texture.deep : texture.color;
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** @param {Ctx} ctx @param {number} cx @param {number} s @param {number} n @param {TileDesign} look */
function drawPips(ctx, cx, s, n, look) {
  const layout = PIPS[n] ?? [];
  if (!layout.length) return;
  const d = s * (n > 6 ? 0.26 : 0.245);
  const pr = s * (n > 6 ? 0.068 : n > 3 ? 0.078 : 0.088);
  for (const [u, v] of layout) {
    const px = cx + u * d;
    const py = v * d;
    ctx.beginPath();
    ctx.arc(px, py, pr, 0, Math.PI * 2);
    ctx.fillStyle = look.pip;
    ctx.fill();
    if (pr > 2.5) {
      // a carved pip catches a little light on its lower edge
      ctx.beginPath();
      ctx.arc(px + pr * 0.2, py + pr * 0.25, pr * 0.45, 0, Math.PI * 2);
      ctx.fillStyle = look.pipGlint;
      ctx.fill();
    }
  }
}

/** @param {Ctx} ctx @param {number} L @param {number} s @param {number} r @param {TileDesign} look */
function drawBack(ctx, L, s, r, look) {
  const body = ctx.createLinearGradient(-L / 2, -s / 2, L / 2, s / 2);
  body.addColorStop(0, look.back[0]);
  body.addColorStop(1, look.back[1]);
  roundRectPath(ctx, -L / 2, -s / 2, L, s, r);
  ctx.fillStyle = body;
  ctx.fill();
  ctx.lineWidth = Math.max(0.75, s * 0.03);
  ctx.strokeStyle = look.backEdge;
  ctx.stroke();
  const inset = s * 0.14;
  roundRectPath(ctx, -L / 2 + inset, -s / 2 + inset, L - 2 * inset, s - 2 * inset, r * 0.6);
  ctx.lineWidth = Math.max(0.6, s * 0.035);
  ctx.strokeStyle = look.inlay;
  ctx.stroke();
  // a small diamond in the middle
  const m = s * 0.16;
  ctx.beginPath();
  ctx.moveTo(0, -m);
  ctx.lineTo(m, 0);
  ctx.lineTo(0, m);
  ctx.lineTo(-m, 0);
  ctx.closePath();
  ctx.fillStyle = look.diamond;
  ctx.fill();
}

/**
 * Draw a row of small face-up tiles into a canvas element (round summary).
 * @param {HTMLCanvasElement} canvas @param {readonly string[]} tiles @param {number} [s]
 */
export function paintMiniHand(canvas, tiles, s = 16) {
  const gap = Math.round(s * 0.3);
  const w = Math.max(1, tiles.length * (s + gap) - gap + 8);
  const h = 2 * s + 8;
  paintCanvas(canvas, w, h, (ctx) => {
    tiles.forEach((name, i) => {
      const [a, b] = name.split("-").map(Number);
      drawTile(ctx, { x: 4 + s / 2 + i * (s + gap), y: h / 2, s, angle: Math.PI / 2, a, b, lift: 0.15 });
    });
  });
}

/**
 * Tiles end to end in a line, left to right, each "a-b" with a on its left (How to play).
 * @param {HTMLCanvasElement} canvas @param {readonly string[]} tiles @param {number} [s]
 */
export function paintLine(canvas, tiles, s = 36) {
  const h = s + 12;
  paintCanvas(canvas, tiles.length * 2 * s + 8, h, (ctx) => {
    tiles.forEach((name, i) => {
      const [a, b] = name.split("-").map(Number);
      drawTile(ctx, { x: 4 + s + i * 2 * s, y: h / 2, s, angle: 0, a, b, lift: 0.15 });
    });
  });
}
