// @ts-check
// Drawing primitives for the table canvas: the felt, the rack, the lit targets, badges, words and
// rising points, and the rounded rectangle and seeded randomness the tiles (tiles.js) are drawn
// with too. Everything is in CSS pixels; the caller sets the device-pixel transform. Shadows are
// the one thing a canvas transform does not scale, so they are multiplied by the device pixel
// ratio (shadowScale()). The colours of the felt and the rack are the player's chosen design
// (designs.js).

import { feltStyle } from "./designs.js";

/**
 * A canvas's 2D context: the page's, or an offscreen canvas's.
 * @typedef {CanvasRenderingContext2D|OffscreenCanvasRenderingContext2D} Ctx
 */

let DPR = 1;
/** The type of every word on a canvas: the table's and the career's charts'. */
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** @param {number} dpr */
export function setDevicePixelRatio(dpr) {
  DPR = dpr;
}

/** What a shadow's blur and offset are multiplied by: the device pixel ratio being drawn at. */
export function shadowScale() {
  return DPR;
}

/**
 * A rounded rectangle's path (begun anew).
 * @param {Ctx} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundRectPath(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

// --------------------------------------------------------------------------------------- the felt

/**
 * A seeded random sequence in [0, 1): the felt and a tile's marks look the same at every repaint.
 * @param {number} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

/** @type {CanvasPattern|null} */
let feltTexture = null;
const FIBRE_TILE = 160; // CSS px: the felt's fibres repeat at this period
const FIBRES = 2600;
/** The fibres' tile: light and dark specks, 1-2.5 px long, written into the pixels directly (2,600
 * fillRects with a colour string each took 78 ms of a repeat visit's first frame on Pixel 7 at
 * 4x CPU; this takes a few). Each speck goes over what is there ("source-over"). */
function fibreTile() {
  const size = FIBRE_TILE;
  const rgb = new Float32Array(size * size); // the tile is grey: one channel, 0 black to 1 white
  const alpha = new Float32Array(size * size);
  const rand = seeded(7);
  for (let i = 0; i < FIBRES; i++) {
    const light = rand() < 0.5;
    const a = light ? 0.018 + rand() * 0.03 : 0.03 + rand() * 0.05;
    const c = light ? 1 : 0;
    const x = Math.floor(rand() * size);
    const y = Math.floor(rand() * size);
    const length = Math.round(1 + rand() * 1.5);
    for (let dx = 0; dx < length; dx++) {
      const at = y * size + ((x + dx) % size);
      const out = a + alpha[at] * (1 - a);
      rgb[at] = (c * a + rgb[at] * alpha[at] * (1 - a)) / out;
      alpha[at] = out;
    }
  }
  const image = new ImageData(size, size);
  const px = image.data;
  for (let at = 0; at < size * size; at++) {
    if (alpha[at] === 0) continue; // most of the tile: left transparent
    const v = Math.round(rgb[at] * 255);
    px[at * 4] = v;
    px[at * 4 + 1] = v;
    px[at * 4 + 2] = v;
    px[at * 4 + 3] = Math.round(alpha[at] * 255);
  }
  const tile = new OffscreenCanvas(size, size);
  /** @type {OffscreenCanvasRenderingContext2D} a new canvas has one */ (tile.getContext("2d")).putImageData(
    image,
    0,
    0,
  );
  return tile;
}

/** @param {Ctx} ctx */
function feltPattern(ctx) {
  feltTexture ??= ctx.createPattern(fibreTile(), "repeat");
  return feltTexture;
}

/**
 * The felt (green baize by default), with a soft light in the middle of the table area and darker
 * edges; a wooden table has planks and grain instead of fibres, a stone one clouds under them.
 * @param {Ctx} ctx @param {number} w @param {number} h @param {{x: number, y: number}} light
 */
export function drawFelt(ctx, w, h, light) {
  const felt = feltStyle();
  const cx = light.x;
  const cy = light.y;
  const grad = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.hypot(w, h) * 0.62);
  grad.addColorStop(0, felt.light[0]);
  grad.addColorStop(0.45, felt.light[1]);
  grad.addColorStop(1, felt.light[2]);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, w, h);
  if (felt.grain === "wood" && felt.tint) {
    drawWood(ctx, w, h, felt.tint);
    return;
  }
  if (felt.grain === "stone" && felt.tint) drawClouds(ctx, w, h, felt.tint);
  ctx.save();
  ctx.fillStyle = feltPattern(ctx) ?? "transparent";
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
}

/** @typedef {{light: string, dark: string}} Tint */

/**
 * Planks across the table: long wavy grain, a fine seam between planks, now and then a joint.
 * @param {Ctx} ctx @param {number} w @param {number} h @param {Tint} tint
 */
function drawWood(ctx, w, h, tint) {
  const rand = seeded(11);
  const plank = 64;
  ctx.save();
  ctx.lineCap = "round";
  for (let top = -rand() * plank; top < h; top += plank) {
    // each plank a shade lighter or darker than the next
    ctx.fillStyle =
      rand() < 0.5 ? `rgba(${tint.light}, ${0.02 + rand() * 0.03})` : `rgba(${tint.dark}, ${0.04 + rand() * 0.06})`;
    ctx.fillRect(0, top, w, plank);
    for (let i = 0; i < 22; i++) {
      const base = top + rand() * plank;
      const amp = 0.5 + rand() * 3;
      const freq = 0.002 + rand() * 0.005;
      const phase = rand() * Math.PI * 2;
      const lit = rand() < 0.35;
      ctx.beginPath();
      for (let x = 0; x <= w + 12; x += 12) {
        const y = base + amp * Math.sin(x * freq + phase) + 1.2 * Math.sin(x * freq * 3.7 + phase);
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.lineWidth = 0.5 + rand() * 1.6;
      ctx.strokeStyle = lit
        ? `rgba(${tint.light}, ${0.03 + rand() * 0.04})`
        : `rgba(${tint.dark}, ${0.06 + rand() * 0.09})`;
      ctx.stroke();
    }
    ctx.fillStyle = `rgba(${tint.dark}, 0.3)`;
    ctx.fillRect(0, top + plank - 1, w, 1);
    ctx.fillStyle = `rgba(${tint.light}, 0.05)`;
    ctx.fillRect(0, top + plank, w, 1);
    for (let x = 200 + rand() * 700; x < w; x += 700 + rand() * 500) {
      ctx.fillStyle = `rgba(${tint.dark}, 0.25)`;
      ctx.fillRect(x, top, 1, plank - 1);
    }
  }
  ctx.restore();
}

/**
 * Soft light and dark clouds, as in a slab of stone.
 * @param {Ctx} ctx @param {number} w @param {number} h @param {Tint} tint
 */
function drawClouds(ctx, w, h, tint) {
  const rand = seeded(5);
  const count = Math.ceil((w * h) / 9000);
  for (let i = 0; i < count; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const radius = 20 + rand() * 90;
    const cloud = ctx.createRadialGradient(x, y, 0, x, y, radius);
    const colour = rand() < 0.45 ? `rgba(${tint.light}, ` : `rgba(${tint.dark}, `;
    cloud.addColorStop(0, `${colour}${0.03 + rand() * 0.05})`);
    cloud.addColorStop(1, `${colour}0)`);
    ctx.fillStyle = cloud;
    ctx.fillRect(x - radius, y - radius, 2 * radius, 2 * radius);
  }
}

// --------------------------------------------------------------------------------------- furniture

/**
 * The wooden rack the person's tiles stand on.
 * @param {Ctx} ctx @param {import("../dom/dom.js").Rect} rect @param {number} [scale] the device pixels' ratio
 */
export function drawRack(ctx, rect, scale = DPR) {
  const { x, y, width: w, height: h } = rect;
  const felt = feltStyle();
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = 18 * scale;
  ctx.shadowOffsetY = -2 * scale;
  roundRectPath(ctx, x, y, w, h + 20, 18);
  const wood = ctx.createLinearGradient(0, y, 0, y + h);
  wood.addColorStop(0, felt.rack[0]);
  wood.addColorStop(0.08, felt.rack[1]);
  wood.addColorStop(1, felt.rack[2]);
  ctx.fillStyle = wood;
  ctx.fill();
  ctx.restore();
  // grain
  ctx.save();
  roundRectPath(ctx, x, y, w, h + 20, 18);
  ctx.clip();
  ctx.globalAlpha = 0.1;
  ctx.strokeStyle = "#000";
  for (let i = 0; i < 7; i++) {
    const gy = y + 8 + (i * h) / 7;
    ctx.beginPath();
    ctx.moveTo(x, gy);
    ctx.bezierCurveTo(x + w * 0.3, gy + 4, x + w * 0.6, gy - 4, x + w, gy + 2);
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  ctx.restore();
  // lip highlight
  ctx.beginPath();
  ctx.moveTo(x + 18, y + 1);
  ctx.lineTo(x + w - 18, y + 1);
  ctx.strokeStyle = felt.rackLip;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/**
 * A lit end or the lead spot: where the lifted tile may go.
 * @param {Ctx} ctx
 * @param {{x: number, y: number, w: number, h: number, angle: number, strength: number, pulse: number,
 *   rgb?: string, line?: string}} target
 */
export function drawTarget(ctx, { x, y, w, h, angle, strength, pulse, rgb = "255, 214, 102", line = "255, 228, 140" }) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  const r = Math.min(w, h) * 0.18;
  ctx.shadowColor = `rgba(${rgb}, 0.9)`;
  ctx.shadowBlur = (10 + 10 * pulse) * DPR * (0.6 + strength);
  roundRectPath(ctx, -w / 2, -h / 2, w, h, r);
  ctx.fillStyle = `rgba(${rgb}, ${0.16 + 0.14 * pulse + 0.25 * strength})`;
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.setLineDash([Math.max(4, h * 0.18), Math.max(3, h * 0.12)]);
  ctx.lineWidth = Math.max(2, h * 0.07);
  ctx.strokeStyle = `rgba(${line}, ${0.75 + 0.25 * strength})`;
  ctx.stroke();
  ctx.restore();
}

/** The two teams' colours in a partnership (the score chips use the same, in css/table/scorebar.css). */
export const TEAM_RGB = ["255, 209, 102", "142, 203, 255"];

/** The colours of the Hint's highlight (a cool light, apart from the gold of a selection). */
export const HINT_RGB = "120, 214, 255";
export const HINT_LINE = "190, 236, 255";
export const HINT_GLOW = "rgba(120, 214, 255, 0.95)";

/**
 * A small round badge with text (counts, arm letters).
 * @param {Ctx} ctx @param {number} x @param {number} y @param {string} text
 * @param {{size?: number, fill?: string, color?: string}} [look]
 */
export function drawBadge(ctx, x, y, text, { size = 12, fill = "rgba(0,0,0,0.55)", color = "#fff" } = {}) {
  ctx.save();
  ctx.font = `700 ${size}px ${FONT}`;
  const w = Math.max(size * 1.6, ctx.measureText(text).width + size * 0.9);
  const h = size * 1.6;
  roundRectPath(ctx, x - w / 2, y - h / 2, w, h, h / 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = color;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + size * 0.05);
  ctx.restore();
}

/**
 * `text` cut with an ellipsis to fit `maxWidth` px in the context's current font.
 * @param {Ctx} ctx @param {string} text @param {number} maxWidth
 */
export function fitText(ctx, text, maxWidth) {
  if (!maxWidth || ctx.measureText(text).width <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/**
 * A line of text, its middle at y.
 * @param {Ctx} ctx @param {string} text @param {number} x @param {number} y
 * @param {{size?: number, weight?: number, color?: string, align?: CanvasTextAlign, alpha?: number,
 *   shadow?: boolean, maxWidth?: number}} [look]
 */
export function drawText(
  ctx,
  text,
  x,
  y,
  { size = 14, weight = 600, color = "#fff", align = "left", alpha = 1, shadow = true, maxWidth = 0 } = {},
) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.font = `${weight} ${size}px ${FONT}`;
  ctx.textAlign = align;
  ctx.textBaseline = "middle";
  if (shadow) {
    ctx.shadowColor = "rgba(0,0,0,0.55)";
    ctx.shadowBlur = 4 * DPR;
    ctx.shadowOffsetY = 1 * DPR;
  }
  ctx.fillStyle = color;
  ctx.fillText(fitText(ctx, text, maxWidth), x, y);
  ctx.restore();
}

/**
 * A canvas element sized `w` x `h` CSS px for the screen's pixel ratio, `draw(ctx)` into it.
 * @param {HTMLCanvasElement} canvas @param {number} w @param {number} h
 * @param {(ctx: CanvasRenderingContext2D) => void} draw
 */
export function paintCanvas(canvas, w, h, draw) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = /** @type {CanvasRenderingContext2D} a canvas element's, asked for only in 2D */ (
    canvas.getContext("2d")
  );
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const saved = DPR;
  DPR = dpr;
  draw(ctx);
  DPR = saved;
}
