// The career's charts on our own Canvas: a match's score race, the rolling win rate, the points
// per play; each also said in a sentence or two (chartSummary) for the canvas's aria-label.
//
// Why not uPlot (issue 17: a small library "or say with numbers why"), measured 2026-12-02:
// - Bytes. The budget of a first visit is 4,500,000 bytes (gzip -9 stand-in, README "Load time");
//   it takes 4,492,731: 7,269 to spare. `cd /tmp && npm pack uplot` (1.6.32, MIT):
//   dist/uPlot.iife.min.js 51,081 bytes, 22,009 gzip -9; dist/uPlot.min.css 1,857, 772. That is
//   22,781 before any code to set it up, three times this file: 21,813 raw, 7,549 gzip -9
//   (`wc -c js/charts.js; gzip -9c js/charts.js | wc -c`). Loaded lazily it still costs every
//   first visit, since the service worker keeps all of dist/ offline. (`npm view uplot
//   dist.unpackedSize` prints nothing; the tarball unpacks to 545,468 bytes.) Even this file is
//   more than the 7,269 spare: the cold load should not import it (import() it for a chart).
// - Not the CSP: uPlot has no innerHTML (`grep -c innerHTML dist/uPlot.esm.js`: 0), sets its
//   legend as textContent and its 14 `.style` writes through the CSSOM, which `style-src 'self'`
//   allows. Its zoom, cursor and time axes are what three small charts do not need; what they
//   do need it would have to be taught: the catalogue's words and num()'s numbers, 12 px text at
//   360 px, lines apart by dash and marker as well as colour (a canvas cannot follow forced
//   colours: under them we paint in CanvasText on Canvas).
//
// Each chart takes a <canvas> whose width the page's CSS sets, data, and options {words, lang,
// width, dpr, forced}; draws at the device pixel ratio, sets the canvas's CSS height, returns
// {width, height} in CSS px. Redraw when the width changes. The helpers are pure (node tests).

import { fitText } from "../draw/render.js";
import { LANG, num } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'; // render.js's
const TEXT = 12; // the smallest text, CSS px (readable on a phone)
const PAD = 10;

/** The colours: the table's ink and gold, a blue, a coral and a lilac, on the dialogs' dark green. */
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

// --------------------------------------------------------------------------------- pure helpers

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts. */
export function niceStep(span, count = 5) {
  const raw = Math.abs(span) / Math.max(1, count) || 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/**
 * About `count` round ticks covering [min, max]: the first at or below min, the last at or above
 * max, no step under `minStep` (1 for whole numbers). ticks(0, 150, 4) -> [0, 50, 100, 150].
 */
export function ticks(min, max, count = 5, minStep = 0) {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  const lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (hi === lo) hi = lo + (minStep || 1);
  let step = niceStep(hi - lo, count);
  if (step < minStep) step = minStep;
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const out = [];
  for (let i = first; i <= last; i++) out.push(Number((i * step).toFixed(digits)));
  return out;
}

/** A linear map from the domain [d0, d1] onto [r0, r1] (the middle of the range if d0 = d1). */
export function scale(d0, d1, r0, r1) {
  const span = d1 - d0;
  return (v) => (span ? r0 + ((v - d0) / span) * (r1 - r0) : (r0 + r1) / 2);
}

/** How many ticks fit along `px` CSS px, one every `every` px at most, at least 2. */
export function tickCount(px, every) {
  return Math.max(2, Math.floor(px / every));
}

/** A histogram bucket's label: "0", "1–5", "31+" (no `to`: that many and more). */
export function bucketLabel({ from, to }, lang = LANG) {
  if (to == null || to === Number.POSITIVE_INFINITY) return `${num(from, lang)}+`;
  return from === to ? num(from, lang) : `${num(from, lang)}–${num(to, lang)}`;
}

/** The same said in words: "1 to 5", "31 or more" (words: a catalogue's `charts`). */
export function bucketWords({ from, to }, words, lang = LANG) {
  if (to == null || to === Number.POSITIVE_INFINITY) return words.atLeast(num(from, lang));
  return from === to ? num(from, lang) : words.range(num(from, lang), num(to, lang));
}

/** 0.55 -> "55%" as the language writes it. */
export function percent(v, lang = LANG) {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(v);
}

/** A side's score after round `r` (0 before the first); a shorter list holds its last value. */
const scoreAt = (points, r) => (points.length ? points[Math.min(r, points.length - 1)] : 0);

/**
 * Who leads a race of `lists` (each side's score by round, from round 0): {rounds, leader (the
 * index of the side strictly ahead after the last round, -1 on a tie at the top), from (the
 * round since which it has been ahead all the way, at least 1), changes (how often the lead
 * passed from one side to another)}.
 */
export function raceLead(lists) {
  const rounds = Math.max(0, ...lists.map((p) => p.length - 1));
  const aheadAt = (r) => {
    let best = -1;
    let top = Number.NEGATIVE_INFINITY;
    let tied = false;
    lists.forEach((p, i) => {
      const v = scoreAt(p, r);
      if (v > top) [best, top, tied] = [i, v, false];
      else if (v === top) tied = true;
    });
    return tied ? -1 : best;
  };
  let changes = 0;
  let previous = -1;
  for (let r = 1; r <= rounds; r++) {
    const now = aheadAt(r);
    if (now >= 0 && previous >= 0 && now !== previous) changes++;
    if (now >= 0) previous = now;
  }
  const leader = rounds ? aheadAt(rounds) : -1;
  let from = rounds;
  while (leader >= 0 && from > 1 && aheadAt(from - 1) === leader) from--;
  return { rounds, leader, from: leader >= 0 ? from : null, changes };
}

/** WCAG contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrast(a, b) {
  const lum = (hex) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** Items of these widths in rows no wider than `width`, `gap` apart: [[index, ...], ...]. */
export function legendRows(widths, width, gap) {
  const rows = [];
  let row = [];
  let used = 0;
  widths.forEach((w, i) => {
    if (row.length && used + gap + w > width) {
      rows.push(row);
      row = [];
      used = 0;
    }
    used += (row.length ? gap : 0) + w;
    row.push(i);
  });
  if (row.length) rows.push(row);
  return rows;
}

/**
 * The chart said in a sentence or two, for its aria-label and fallback. kind: "race", "winRate"
 * or "histogram", data as the chart takes it, words: a catalogue's `charts` (T.charts).
 */
export function chartSummary(kind, data, words = T.charts, lang = LANG) {
  if (kind === "race") {
    const series = data.series ?? [];
    const lead = raceLead(series.map((s) => s.points ?? []));
    if (!series.length || !lead.rounds) return words.raceNone;
    const parts = series.map((s) => words.scorePart(s.label, num(scoreAt(s.points ?? [], lead.rounds), lang)));
    const target = data.target ? num(data.target, lang) : "";
    const said = words.race(parts.join("; "), lead.rounds, target);
    return `${said} ${lead.leader >= 0 ? words.raceLead(series[lead.leader].label, lead.from) : words.raceLevel}`;
  }
  if (kind === "winRate") {
    const values = data.values ?? [];
    const known = values.filter((v) => v != null);
    if (!known.length) return words.winRateNone;
    const p = (v) => percent(v, lang);
    const [now, low, high] = [known.at(-1), Math.min(...known), Math.max(...known)].map(p);
    const window = data.window ? num(data.window, lang) : "";
    return words.winRate(values.length, num(values.length, lang), now, low, high, window);
  }
  if (kind === "histogram") {
    const buckets = data.buckets ?? [];
    const total = buckets.reduce((sum, b) => sum + b.count, 0);
    if (!total) return words.histogramNone;
    const top = buckets.reduce((best, b) => (b.count > best.count ? b : best));
    const said = words.histogram(
      total,
      num(total, lang),
      bucketWords(top, words, lang),
      top.count,
      num(top.count, lang),
    );
    const parts = buckets.map((b) => words.bucketPart(bucketWords(b, words, lang), num(b.count, lang)));
    return `${said} ${parts.join("; ")}.`;
  }
  return "";
}

// --------------------------------------------------------------------------------- drawing

/** The options every chart shares, with the page's defaults filled in. */
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

/** Size the canvas for `width` x `height` CSS px at the pixel ratio, paint its card, -> ctx. */
function begin(canvas, set, height) {
  canvas.width = Math.round(set.width * set.dpr);
  canvas.height = Math.round(height * set.dpr);
  const ctx = canvas.getContext("2d");
  canvas.style.height = `${height}px`; // the width is the page's CSS; the height is the chart's
  ctx.setTransform(set.dpr, 0, 0, set.dpr, 0, 0);
  ctx.clearRect(0, 0, set.width, height);
  ctx.beginPath();
  ctx.roundRect(0, 0, set.width, height, 10);
  ctx.fillStyle = set.colours.background;
  ctx.fill();
  return ctx;
}

function font(ctx, size = TEXT, weight = 500) {
  ctx.font = `${weight} ${size}px ${FONT}`;
}

function text(ctx, words, x, y, { size = TEXT, weight = 500, color, align = "left", base = "middle" }) {
  font(ctx, size, weight);
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = base;
  ctx.fillText(words, x, y);
}

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

/** A polyline through `pts` ([x, y] or null for a gap), dashed as `dash`. */
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

/** Grid lines and tick numbers along the left of the plot box `box`. */
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

/** Tick numbers under the plot at `values`, and the axis's title under them. */
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

/** The widest of these labels in the tick font. */
function widest(ctx, labels) {
  font(ctx);
  return Math.max(0, ...labels.map((t) => ctx.measureText(t).width));
}

const AXIS_BELOW = 6 + TEXT + 6 + TEXT + 2; // tick numbers, then the title

function nothing(canvas, set) {
  const height = 120;
  const ctx = begin(canvas, set, height);
  text(ctx, set.words.empty, set.width / 2, height / 2, { size: 14, color: set.colours.soft, align: "center" });
  return { width: set.width, height };
}

/**
 * A match's score race: series [{label, points: [score after round 0, 1, ...], colour?}], one
 * line each, a marker at every round; `target` as a dashed line when given.
 */
export function drawRace(canvas, { series = [], target = null } = {}, options = {}) {
  const set = settings(canvas, options);
  const lead = raceLead(series.map((s) => s.points ?? []));
  if (!series.length || !lead.rounds) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const probe = canvas.getContext("2d");
  const stroke = (i) => STROKES[i % STROKES.length];
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
  const box = { top: PAD + legendH + 10, bottom: PAD + legendH + 10 + plotH };
  box.left =
    PAD +
    widest(
      probe,
      ys.map((v) => num(v, lang)),
    ) +
    8;
  box.right = width - PAD - 6;
  const sx = scale(0, lead.rounds, box.left + 6, box.right - 6);
  const sy = scale(0, ys.at(-1), box.bottom, box.top);
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
    const pts = Array.from({ length: lead.rounds + 1 }, (_, k) => [sx(k), sy(scoreAt(s.points ?? [], k))]);
    line(ctx, pts, colour(i), stroke(i).dash);
    for (const [x, y] of pts) marker(ctx, stroke(i).marker, x, y, r, colour(i), colours.background);
  });
  return { width, height };
}

/** The rolling win rate: values [0..1 or null (not yet known), ...], oldest first; `from` numbers
 * the first (1 by default); `window` (the matches behind each point) is for the summary. */
export function drawWinRate(canvas, { values = [], from = 1 } = {}, options = {}) {
  const set = settings(canvas, options);
  if (!values.some((v) => v != null)) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const plotH = Math.round(Math.min(220, Math.max(130, width * 0.34)));
  const height = PAD + 12 + plotH + AXIS_BELOW + PAD;
  const ys = plotH >= 160 ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.5, 1];
  const probe = canvas.getContext("2d");
  const box = { top: PAD + 12, bottom: PAD + 12 + plotH };
  box.left =
    PAD +
    widest(
      probe,
      ys.map((v) => percent(v, lang)),
    ) +
    8;
  // the latest rate is written to the right of its point, in room kept for it
  const latest = values.findLastIndex((v) => v != null);
  const said = percent(values[latest], lang);
  font(probe, 13, 700);
  box.right = width - PAD - probe.measureText(said).width - 8;
  const last = from + values.length - 1;
  const sx = scale(from, last, box.left + 6, box.right);
  const sy = scale(0, 1, box.bottom, box.top);
  const xs = ticks(from, last, tickCount(box.right - box.left, 44), 1).filter((m) => m >= from && m <= last);

  const ctx = begin(canvas, set, height);
  yAxis(ctx, set, box, ys, sy, (v) => percent(v, lang));
  xAxis(ctx, set, box, xs, sx, set.words.match);
  const colour = colours.series[0];
  const pts = values.map((v, i) => (v == null ? null : [sx(from + i), sy(v)]));
  line(ctx, pts, colour, []);
  const dots = sx(from + 1) - sx(from) >= 10;
  pts.forEach((p, i) => {
    const alone = p && !pts[i - 1] && !pts[i + 1];
    if (p && (dots || alone || i === pts.length - 1))
      marker(ctx, "circle", p[0], p[1], 3.5, colour, colours.background);
  });
  const [x, y] = pts[latest];
  text(ctx, said, x + 8, y, { size: 13, weight: 700, color: colours.ink });
  return { width, height };
}

/** Points per play: buckets [{from, to (null: and more), count}], a bar each with its count. */
export function drawHistogram(canvas, { buckets = [] } = {}, options = {}) {
  const set = settings(canvas, options);
  if (!buckets.some((b) => b.count > 0)) return nothing(canvas, set);
  const { width, lang, colours } = set;
  const labels = buckets.map((b) => bucketLabel(b, lang));
  const probe = canvas.getContext("2d");
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
