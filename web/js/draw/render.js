// Drawing primitives for the table canvas: felt, tiles with pips, the rack, the boneyard, glows.
// Everything is in CSS pixels; the caller sets the device-pixel transform. Shadows are the one
// thing a canvas transform does not scale, so they are multiplied by the device pixel ratio here.
// The colours of the tiles, the felt and the rack are the player's chosen design (designs.js).

import { feltStyle, tileStyle } from "./designs.js";

let DPR = 1;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export function setDevicePixelRatio(dpr) {
  DPR = dpr;
}

// Pip positions in one half of a tile, as (along, across) offsets in {-1, 0, 1}. "Along" runs with
// the tile's long side, so a six reads as two rows of three on a tile lying flat and as two
// columns of three on a standing one, as on a real set. 0..9 covers the double-nine set too.
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

export const DIR_ANGLE = { E: 0, S: Math.PI / 2, W: Math.PI, N: -Math.PI / 2 };
export const DIR_VEC = { E: [1, 0], W: [-1, 0], N: [0, -1], S: [0, 1] };

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

/** A seeded random sequence in [0, 1): the felt and a tile's marks look the same at every repaint. */
function seeded(seed) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

let feltTexture = null;
function feltPattern(ctx) {
  if (feltTexture) return feltTexture;
  const size = 160;
  const tile = new OffscreenCanvas(size, size);
  const g = tile.getContext("2d");
  const rand = seeded(7);
  for (let i = 0; i < 2600; i++) {
    const light = rand() < 0.5;
    g.fillStyle = light ? `rgba(255,255,255,${0.018 + rand() * 0.03})` : `rgba(0,0,0,${0.03 + rand() * 0.05})`;
    const x = rand() * size;
    const y = rand() * size;
    g.fillRect(x, y, 1 + rand() * 1.5, 1);
  }
  feltTexture = ctx.createPattern(tile, "repeat");
  return feltTexture;
}

/**
 * The felt (green baize by default), with a soft light in the middle of the table area and darker
 * edges; a wooden table has planks and grain instead of fibres, a stone one clouds under them.
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
  if (felt.grain === "wood") {
    drawWood(ctx, w, h, felt.tint);
    return;
  }
  if (felt.grain === "stone") drawClouds(ctx, w, h, felt.tint);
  ctx.save();
  ctx.fillStyle = feltPattern(ctx);
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
}

/** Planks across the table: long wavy grain, a fine seam between planks, now and then a joint. */
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

/** Soft light and dark clouds, as in a slab of stone. */
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

// --------------------------------------------------------------------------------------- tiles

/**
 * One domino, centred at (x, y), short side s, long axis rotated by angle (0 = lying east-west).
 * Half `a` is on the local -x side, half `b` on +x.
 */
export function drawTile(ctx, opt) {
  const { x, y, s, angle = 0, a = 0, b = 0, faceDown = false, alpha = 1, lift = 0.35, glow = null, dim = 0 } = opt;
  const L = 2 * s;
  const r = s * 0.16;
  const look = tileStyle();
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.globalAlpha = alpha;

  // drop shadow
  if (lift > 0) {
    ctx.save();
    ctx.shadowColor = `rgba(0, 0, 0, ${0.28 + lift * 0.25})`;
    ctx.shadowBlur = s * (0.12 + lift * 0.35) * DPR;
    const off = s * (0.04 + lift * 0.1) * DPR;
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
    ctx.shadowBlur = s * 0.5 * DPR;
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

// --------------------------------------------------------------------------------------- furniture

/** The wooden rack the person's tiles stand on. */
export function drawRack(ctx, rect) {
  const { x, y, width: w, height: h } = rect;
  const felt = feltStyle();
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = 18 * DPR;
  ctx.shadowOffsetY = -2 * DPR;
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

/** A lit end or the lead spot: where the lifted tile may go. */
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

/** The two teams' colours in a partnership (the score chips use the same, in table.css). */
export const TEAM_RGB = ["255, 209, 102", "142, 203, 255"];

/** The colours of the Hint's highlight (a cool light, apart from the gold of a selection). */
export const HINT_RGB = "120, 214, 255";
export const HINT_LINE = "190, 236, 255";
export const HINT_GLOW = "rgba(120, 214, 255, 0.95)";

/** A small round badge with text (counts, arm letters). */
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

/** `text` cut with an ellipsis to fit `maxWidth` px in the context's current font. */
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

/** Rising points: "+15" in gold with a dark outline. */
export function drawFloater(ctx, text, x, y, { size = 26, alpha = 1, color = "#ffd666" } = {}) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.font = `800 ${size}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = size * 0.18;
  ctx.strokeStyle = "rgba(40, 20, 0, 0.85)";
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
  ctx.restore();
}

/** A canvas element sized `w` x `h` CSS px for the screen's pixel ratio, `draw(ctx)` into it. */
function paintCanvas(canvas, w, h, draw) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const saved = DPR;
  DPR = dpr;
  draw(ctx);
  DPR = saved;
}

/** Draw a row of small face-up tiles into a canvas element (round summary). */
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

/** Tiles end to end in a line, left to right, each "a-b" with a on its left (How to play). */
export function paintLine(canvas, tiles, s = 36) {
  const h = s + 12;
  paintCanvas(canvas, tiles.length * 2 * s + 8, h, (ctx) => {
    tiles.forEach((name, i) => {
      const [a, b] = name.split("-").map(Number);
      drawTile(ctx, { x: 4 + s + i * 2 * s, y: h / 2, s, angle: 0, a, b, lift: 0.15 });
    });
  });
}
