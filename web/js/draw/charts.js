// @ts-check
// The career's charts on our own canvas: a match's score race, the rolling win rate, the points
// per play, a rating's run (why not a library: docs/architecture.md "Charts on our own canvas").
//
// Each chart takes a <canvas> whose width the page's CSS sets, data, and options {words, lang,
// width, dpr, forced}; draws at the device pixel ratio, sets the canvas's CSS height, returns
// {width, height} in CSS px. Redraw when the width changes. The sums and words they draw with,
// and each chart said in a sentence, are chartmath.js's. They live in draw/, not career/: the
// round panel (ui/panel.js, the score race) draws them too, and ui/ is below career/.

import { LANG, num } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";
import { bucketLabel, legendRows, percent, raceLead, scale, scoreAt, tickCount, ticks } from "./chartmath.js";
import { FONT, fitText } from "./render.js";

/** @typedef {import("./chartmath.js").ChartWords} ChartWords */
/**
 * A chart's options: its words and language, its width in CSS px, the pixel ratio, and whether
 * the system's forced colours are on (each asked of the page when absent).
 * @typedef {{words?: ChartWords, lang?: string, width?: number, dpr?: number, forced?: boolean}} ChartOptions
 */
/** @typedef {{background: string, ink: string, soft: string, grid: string, series: string[]}} Colours */
/** @typedef {{words: ChartWords, lang: string, dpr: number, width: number, colours: Colours}} Settings */
/** A plot's box in CSS px. @typedef {{top: number, bottom: number, left: number, right: number}} Box */
/** A point of a line, or null for a gap. @typedef {[number, number]|null} LinePoint */

const TEXT = 12; // the smallest text, CSS px (readable on a phone)
const PAD = 10;

/**
 * The colours: the table's ink and gold, a blue, a coral and a lilac, on the dialogs' dark green.
 * @type {Colours}
 */
export const COLOURS = {
  background: "#0c2618",
  ink: "#f5f1e3",
  soft: "#cfe3d6",
  grid: "rgba(245, 241, 227, 0.16)",
  series: ["#ffd166", "#8ecbff", "#ff9f8a", "#d6bcff"],
};

/** A side's line: a dash pattern and a marker, so two lines differ without their colours. */
export const STROKES = [
  { dash: [], marker: "circle" },
  { dash: [9, 5], marker: "square" },
  { dash: [2, 4], marker: "triangle" },
  { dash: [12, 4, 2, 4], marker: "diamond" },
];

/**
 * The options every chart shares, with the page's defaults filled in.
 * @param {HTMLCanvasElement} canvas @param {ChartOptions} options
 * @returns {Settings}
 */
function settings(canvas, options) {
  const forced = options.forced ?? globalThis.matchMedia?.("(forced-colors: active)").matches ?? false;
  const width = Math.round(options.width ?? canvas.clientWidth) || 360;
  return {
    words: options.words ?? T.charts,
    lang: options.lang ?? LANG,
    dpr: options.dpr ?? globalThis.devicePixelRatio ?? 1,
    width: Math.max(240, width),
    // Forced colours: the system's own pair (a canvas keeps what it paints), every line alike.
    colours: forced
      ? { background: "Canvas", ink: "CanvasText", soft: "CanvasText", grid: "GrayText", series: ["CanvasText"] }
      : COLOURS,
  };
}

/**
 * Size the canvas for `width` x `height` CSS px at the pixel ratio, paint its card, -> ctx.
 * @param {HTMLCanvasElement} canvas @param {Settings} set @param {number} height
 */
function begin(canvas, set, height) {
  canvas.width = Math.round(set.width * set.dpr);
  canvas.height = Math.round(height * set.dpr);
  const ctx = context(canvas);
  canvas.style.height = `${height}px`; // the width is the page's CSS; the height is the chart's
  ctx.setTransform(set.dpr, 0, 0, set.dpr, 0, 0);
  ctx.clearRect(0, 0, set.width, height);
  ctx.beginPath();
  ctx.roundRect(0, 0, set.width, height, 10);
  ctx.fillStyle = set.colours.background;
  ctx.fill();
  return ctx;
}

/**
 * A chart canvas's 2D context (it is asked for no other kind).
 * @param {HTMLCanvasElement} canvas
 */
const context = (canvas) => /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));

/** @param {CanvasRenderingContext2D} ctx @param {number} [size] @param {number} [weight] */
function font(ctx, size = TEXT, weight = 500) {
  ctx.font = `${weight} ${size}px ${FONT}`;
}

/**
 * @param {CanvasRenderingContext2D} ctx @param {string} words @param {number} x @param {number} y
 * @param {{size?: number, weight?: number, color: string, align?: CanvasTextAlign, base?: CanvasTextBaseline}} look
 */
function text(ctx, words, x, y, { size = TEXT, weight = 500, color, align = "left", base = "middle" }) {
  font(ctx, size, weight);
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = base;
  ctx.fillText(words, x, y);
}

/**
 * @param {CanvasRenderingContext2D} ctx @param {string} kind "circle", "square", "triangle" or "diamond"
 * @param {number} x @param {number} y @param {number} r @param {string} fill @param {string} edge
 */
function marker(ctx, kind, x, y, r, fill, edge) {
  ctx.beginPath();
  if (kind === "square") ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  else if (kind === "triangle") {
    ctx.moveTo(x, y - r * 1.15);
    ctx.lineTo(x + r * 1.05, y + r * 0.75);
    ctx.lineTo(x - r * 1.05, y + r * 0.75);
    ctx.closePath();
  } else if (kind === "diamond") {
    ctx.moveTo(x, y - r * 1.2);
    ctx.lineTo(x + r * 1.2, y);
    ctx.lineTo(x, y + r * 1.2);
    ctx.lineTo(x - r * 1.2, y);
    ctx.closePath();
  } else ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = edge;
  ctx.stroke();
}

/**
 * A polyline through `pts` ([x, y] or null for a gap), dashed as `dash`.
 * @param {CanvasRenderingContext2D} ctx @param {readonly LinePoint[]} pts @param {string} color
 * @param {number[]} dash @param {number} [width]
 */
function line(ctx, pts, color, dash, width = 2.5) {
  ctx.save();
  ctx.setLineDash(dash);
  ctx.lineWidth = width;
  ctx.lineJoin = "round";
  ctx.lineCap = dash.length ? "butt" : "round";
  ctx.strokeStyle = color;
  ctx.beginPath();
  let open = false;
  for (const p of pts) {
    if (!p) open = false;
    else if (open) ctx.lineTo(p[0], p[1]);
    else {
      ctx.moveTo(p[0], p[1]);
      open = true;
    }
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * Grid lines and tick numbers along the left of the plot box `box`.
 * @param {CanvasRenderingContext2D} ctx @param {Settings} set @param {Box} box @param {number[]} values
 * @param {(v: number) => number} sy @param {(v: number) => string} label
 */
function yAxis(ctx, set, box, values, sy, label) {
  for (const v of values) {
    const y = Math.round(sy(v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(box.left, y);
    ctx.lineTo(box.right, y);
    ctx.lineWidth = 1;
    ctx.strokeStyle = set.colours.grid;
    ctx.stroke();
    text(ctx, label(v), box.left - 6, y, { color: set.colours.soft, align: "right" });
  }
}

/**
 * Tick numbers under the plot at `values`, and the axis's title under them.
 * @param {CanvasRenderingContext2D} ctx @param {Settings} set @param {Box} box @param {number[]} values
 * @param {(v: number) => number} sx @param {string} title
 */
function xAxis(ctx, set, box, values, sx, title) {
  for (const v of values) {
    const x = sx(v);
    ctx.beginPath();
    ctx.moveTo(x, box.bottom);
    ctx.lineTo(x, box.bottom + 4);
    ctx.lineWidth = 1;
    ctx.strokeStyle = set.colours.soft;
    ctx.stroke();
    text(ctx, num(v, set.lang), x, box.bottom + 6, { color: set.colours.soft, align: "center", base: "top" });
  }
  text(ctx, title, (box.left + box.right) / 2, box.bottom + 24, {
    color: set.colours.soft,
    align: "center",
    base: "top",
    weight: 600,
  });
}

/**
 * The widest of these labels in the tick font.
 * @param {CanvasRenderingContext2D} ctx @param {readonly string[]} labels
 */
function widest(ctx, labels) {
  font(ctx);
  return Math.max(0, ...labels.map((t) => ctx.measureText(t).width));
}

/**
 * A plot's left edge: room for its widest tick label inside the padding.
 * @param {CanvasRenderingContext2D} ctx @param {readonly string[]} labels
 */
const plotLeft = (ctx, labels) => PAD + widest(ctx, labels) + 8;

const AXIS_BELOW = 6 + TEXT + 6 + TEXT + 2; // tick numbers, then the title

/**
 * An empty chart's card: "Nothing to show yet".
 * @param {HTMLCanvasElement} canvas @param {Settings} set
 */
function nothing(canvas, set) {
  const height = 120;
  const ctx = begin(canvas, set, height);
  text(ctx, set.words.empty, set.width / 2, height / 2, { size: 14, color: set.colours.soft, align: "center" });
  return { width: set.width, height };
}

/**
 * A match's score race: series [{label, points: [score after round 0, 1, ...], colour?}], one
 * line each, a marker at every round; `target` as a dashed line when given.
 * @param {HTMLCanvasElement} canvas @param {import("./chartmath.js").RaceData} [data] @param {ChartOptions} [options]
 * @returns {{width: number, height: number}}
 */
export function drawRace(canvas, { series = [], target = null } = {}, options = {}) {
  const set = settings(canvas, options);
  const lead = raceLead(series.map((s) => s.points ?? []));
  if (!series.length || !lead.rounds) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const probe = context(canvas);
  /** @param {number} i */
  const stroke = (i) => STROKES[i % STROKES.length];
  /** @param {number} i */
  const colour = (i) =>
    colours === COLOURS ? (series[i].colour ?? colours.series[i % colours.series.length]) : colours.ink;

  // the legend: a line sample with its marker, the side's name and its score now
  const sample = 28;
  font(probe, 13, 600);
  const room = width - 2 * PAD - sample - 6;
  const shown = series.map((s) => {
    const score = `  ${num(scoreAt(s.points ?? [], lead.rounds), lang)}`; // a long name gives way, not the score
    return fitText(probe, s.label, room - probe.measureText(score).width) + score;
  });
  const rows = legendRows(
    shown.map((n) => sample + 6 + probe.measureText(n).width),
    width - 2 * PAD,
    18,
  );
  const legendH = rows.length * 22;

  const plotH = Math.round(Math.min(260, Math.max(150, width * 0.42)));
  const height = PAD + legendH + 10 + plotH + AXIS_BELOW + PAD;
  const top = Math.max(target ?? 0, ...series.map((s) => Math.max(0, ...(s.points ?? []))), 1);
  const ys = ticks(0, top, tickCount(plotH, 45), 1);
  const left = plotLeft(
    probe,
    ys.map((v) => num(v, lang)),
  );
  /** @type {Box} */
  const box = { top: PAD + legendH + 10, bottom: PAD + legendH + 10 + plotH, left, right: width - PAD - 6 };
  const sx = scale(0, lead.rounds, box.left + 6, box.right - 6);
  const sy = scale(0, ys[ys.length - 1], box.bottom, box.top);
  const xs = ticks(0, lead.rounds, tickCount(box.right - box.left, 44), 1).filter((r) => r <= lead.rounds);

  const ctx = begin(canvas, set, height);
  rows.forEach((row, r) => {
    let x = PAD;
    const y = PAD + 11 + r * 22;
    for (const i of row) {
      line(
        ctx,
        [
          [x, y],
          [x + sample, y],
        ],
        colour(i),
        stroke(i).dash,
      );
      marker(ctx, stroke(i).marker, x + sample / 2, y, 4, colour(i), colours.background);
      text(ctx, shown[i], x + sample + 6, y, { size: 13, weight: 600, color: colours.ink });
      font(ctx, 13, 600);
      x += sample + 6 + ctx.measureText(shown[i]).width + 18;
    }
  });
  yAxis(ctx, set, box, ys, sy, (v) => num(v, lang));
  xAxis(ctx, set, box, xs, sx, set.words.round);
  if (target) {
    const y = Math.round(sy(target)) + 0.5;
    line(
      ctx,
      [
        [box.left, y],
        [box.right, y],
      ],
      colours.ink,
      [3, 4],
      1.5,
    );
    // at the left, under the line: every side starts at the bottom there
    text(ctx, set.words.target(num(target, lang)), box.left + 4, y + 4, {
      color: colours.ink,
      align: "left",
      base: "top",
      weight: 600,
    });
  }
  const r = sx(1) - sx(0) >= 14 ? 4 : 3;
  series.forEach((s, i) => {
    /** @type {[number, number][]} */
    const pts = Array.from({ length: lead.rounds + 1 }, (_, k) => [sx(k), sy(scoreAt(s.points ?? [], k))]);
    line(ctx, pts, colour(i), stroke(i).dash);
    for (const [x, y] of pts) marker(ctx, stroke(i).marker, x, y, r, colour(i), colours.background);
  });
  return { width, height };
}

/**
 * The rolling win rate: values [0..1 or null (not yet known), ...], oldest first; `from` numbers
 * the first (1 by default); `window` (the matches behind each point) is for the summary.
 * @param {HTMLCanvasElement} canvas @param {import("./chartmath.js").WinRateData} [data]
 * @param {ChartOptions} [options]
 * @returns {{width: number, height: number}}
 */
export function drawWinRate(canvas, { values = [], from = 1 } = {}, options = {}) {
  const set = settings(canvas, options);
  if (!values.some((v) => v != null)) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const plotH = Math.round(Math.min(220, Math.max(130, width * 0.34)));
  const height = PAD + 12 + plotH + AXIS_BELOW + PAD;
  const ys = plotH >= 160 ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.5, 1];
  const probe = context(canvas);
  const left = plotLeft(
    probe,
    ys.map((v) => percent(v, lang)),
  );
  // the latest rate is written to the right of its point, in room kept for it
  const latest = values.findLastIndex((v) => v != null);
  const said = percent(/** @type {number} a known rate: there is one (above) */ (values[latest]), lang);
  font(probe, 13, 700);
  /** @type {Box} */
  const box = { top: PAD + 12, bottom: PAD + 12 + plotH, left, right: width - PAD - probe.measureText(said).width - 8 };
  const last = from + values.length - 1;
  const sx = scale(from, last, box.left + 6, box.right);
  const sy = scale(0, 1, box.bottom, box.top);
  const xs = ticks(from, last, tickCount(box.right - box.left, 44), 1).filter((m) => m >= from && m <= last);

  const ctx = begin(canvas, set, height);
  yAxis(ctx, set, box, ys, sy, (v) => percent(v, lang));
  xAxis(ctx, set, box, xs, sx, set.words.match);
  const colour = colours.series[0];
  /** @type {LinePoint[]} */
  const pts = values.map((v, i) => (v == null ? null : [sx(from + i), sy(v)]));
  line(ctx, pts, colour, []);
  const dots = sx(from + 1) - sx(from) >= 10;
  pts.forEach((p, i) => {
    const alone = p && !pts[i - 1] && !pts[i + 1];
    if (p && (dots || alone || i === pts.length - 1))
      marker(ctx, "circle", p[0], p[1], 3.5, colour, colours.background);
  });
  const [x, y] = /** @type {[number, number]} the latest known */ (pts[latest]);
  text(ctx, said, x + 8, y, { size: 13, weight: 700, color: colours.ink });
  return { width, height };
}

/**
 * A rating's run: the rating after each rated match (numbered from 1) as a line, its deviation as
 * a band around it (clipped to the plot, which the ratings alone scale: a newcomer's band is
 * wide), the latest rating written beside its point.
 * @param {HTMLCanvasElement} canvas @param {import("./chartmath.js").RatingData} [data]
 * @param {ChartOptions} [options]
 * @returns {{width: number, height: number}}
 */
export function drawRating(canvas, { ratings = [], deviations = [] } = {}, options = {}) {
  const set = settings(canvas, options);
  if (!ratings.length) return nothing(canvas, set);
  const { width, colours } = set;
  const plotH = Math.round(Math.min(220, Math.max(130, width * 0.34)));
  const height = PAD + 12 + plotH + AXIS_BELOW + PAD;
  const ys = ticks(Math.min(...ratings) - 25, Math.max(...ratings) + 25, tickCount(plotH, 40), 5);
  const probe = context(canvas);
  const left = plotLeft(
    probe,
    ys.map((v) => String(v)),
  );
  const said = String(Math.round(ratings[ratings.length - 1])); // as chess writes a rating
  font(probe, 13, 700);
  /** @type {Box} */
  const box = { top: PAD + 12, bottom: PAD + 12 + plotH, left, right: width - PAD - probe.measureText(said).width - 8 };
  const last = Math.max(2, ratings.length);
  const sx = scale(1, last, box.left + 6, box.right);
  const sy = scale(ys[0], ys[ys.length - 1], box.bottom, box.top);
  const xs = ticks(1, last, tickCount(box.right - box.left, 44), 1).filter((m) => m >= 1 && m <= ratings.length);
  const ctx = begin(canvas, set, height);
  yAxis(ctx, set, box, ys, sy, (v) => String(v));
  xAxis(ctx, set, box, xs, sx, set.words.match);
  const colour = colours.series[0];
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.left, box.top, box.right - box.left, box.bottom - box.top);
  ctx.clip();
  ctx.beginPath();
  for (let i = 0; i < ratings.length; i++) ctx.lineTo(sx(i + 1), sy(ratings[i] + (deviations[i] ?? 0)));
  for (let i = ratings.length - 1; i >= 0; i--) ctx.lineTo(sx(i + 1), sy(ratings[i] - (deviations[i] ?? 0)));
  ctx.closePath();
  ctx.globalAlpha = 0.18;
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.restore();
  /** @type {LinePoint[]} */
  const pts = ratings.map((v, i) => [sx(i + 1), sy(v)]);
  line(ctx, pts, colour, []);
  for (const p of pts) if (p) marker(ctx, "circle", p[0], p[1], 3.5, colour, colours.background);
  const [x, y] = /** @type {[number, number]} */ (pts[pts.length - 1]);
  text(ctx, said, x + 8, y, { size: 13, weight: 700, color: colours.ink });
  return { width, height };
}

/**
 * Points per play: buckets [{from, to (null: and more), count}], a bar each with its count.
 * @param {HTMLCanvasElement} canvas @param {import("./chartmath.js").HistogramData} [data]
 * @param {ChartOptions} [options]
 * @returns {{width: number, height: number}}
 */
export function drawHistogram(canvas, { buckets = [] } = {}, options = {}) {
  const set = settings(canvas, options);
  if (!buckets.some((b) => b.count > 0)) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const labels = buckets.map((b) => bucketLabel(b, lang));
  const probe = context(canvas);
  const left = PAD + 4;
  const right = width - PAD - 4;
  const slot = (right - left) / buckets.length;
  // labels too wide for their slot take turns on two rows
  const stagger = widest(probe, labels) > slot - 4;
  const plotH = Math.round(Math.min(200, Math.max(130, width * 0.36)));
  const below = 6 + TEXT + (stagger ? TEXT + 4 : 0) + 6 + TEXT + 2;
  const height = PAD + TEXT + 6 + plotH + below + PAD;
  const box = { left, right, top: PAD + TEXT + 6, bottom: PAD + TEXT + 6 + plotH };
  const most = Math.max(...buckets.map((b) => b.count));
  const sy = scale(0, most, box.bottom, box.top);

  const ctx = begin(canvas, set, height);
  const fill = colours === COLOURS ? colours.series[1] : colours.ink;
  buckets.forEach((b, i) => {
    const x = left + i * slot;
    const w = Math.max(4, Math.min(slot * 0.72, 64));
    const cx = x + slot / 2;
    const y = b.count > 0 ? Math.min(sy(b.count), box.bottom - 2) : box.bottom; // a few still show
    if (b.count > 0) {
      ctx.beginPath();
      ctx.roundRect(cx - w / 2, y, w, box.bottom - y, [3, 3, 0, 0]);
      ctx.fillStyle = fill;
      ctx.fill();
    }
    text(ctx, num(b.count, lang), cx, y - 4, { color: colours.ink, align: "center", base: "bottom", weight: 600 });
    const row = stagger && i % 2 ? TEXT + 4 : 0;
    if (row) {
      // a second-row label hangs from its bar by a thin line
      ctx.beginPath();
      ctx.moveTo(Math.round(cx) + 0.5, box.bottom + 2);
      ctx.lineTo(Math.round(cx) + 0.5, box.bottom + 4 + row);
      ctx.lineWidth = 1;
      ctx.strokeStyle = colours.grid;
      ctx.stroke();
    }
    text(ctx, labels[i], cx, box.bottom + 6 + row, { color: colours.soft, align: "center", base: "top" });
  });
  ctx.beginPath();
  ctx.moveTo(left, Math.round(box.bottom) + 0.5);
  ctx.lineTo(right, Math.round(box.bottom) + 0.5);
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.soft;
  ctx.stroke();
  text(ctx, set.words.pointsPerPlay, (left + right) / 2, height - PAD - TEXT - 2, {
    color: colours.soft,
    align: "center",
    base: "top",
    weight: 600,
  });
  return { width, height };
}
