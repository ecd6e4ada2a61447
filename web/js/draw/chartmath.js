// @ts-check
// The career's charts without a canvas: round ticks and linear scales, who leads a score race,
// legend rows, contrast, the numbers as a language writes them, and each chart said in a sentence
// or two (chartSummary, for the canvas's aria-label). Pure, so node tests them; charts.js paints
// with them.

import { LANG, num } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";

/**
 * A catalogue's words of the charts (T.charts).
 * @typedef {import("../i18n/strings.js").Catalogue["charts"]} ChartWords
 */
/**
 * A side of a score race: its name, its score after round 0, 1, ..., and its own colour if any.
 * @typedef {{label: string, points?: number[], colour?: string}} RaceSeries
 */
/**
 * A score race, and the match's target (a dashed line).
 * @typedef {{series?: RaceSeries[], target?: number|null}} RaceData
 */
/**
 * The rolling win rate: 0..1 or null (not yet known) per match, oldest first; `from` numbers the
 * first (1 by default); `window`, the matches behind each point, is for the summary.
 * @typedef {{values?: (number|null)[], from?: number, window?: number|null}} WinRateData
 */
/**
 * A bar of points per play: from, to (null: and more), how many plays.
 * @typedef {{from: number, to?: number|null, count: number}} Bucket
 */
/** Points per play. @typedef {{buckets?: Bucket[]}} HistogramData */
/**
 * A rating's run: the rating after each rated match, oldest first, and its deviation then (the
 * band drawn around it); both Python's (career.rating).
 * @typedef {{ratings?: number[], deviations?: number[]}} RatingData
 */

/**
 * A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts.
 * @param {number} span @param {number} [count]
 */
export function niceStep(span, count = 5) {
  const raw = Math.abs(span) / Math.max(1, count) || 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/**
 * About `count` round ticks covering [min, max]: the first at or below min, the last at or above
 * max, no step under `minStep` (1 for whole numbers). ticks(0, 150, 4) -> [0, 50, 100, 150].
 * @param {number} min @param {number} max @param {number} [count] @param {number} [minStep]
 * @returns {number[]}
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

/**
 * A linear map from the domain [d0, d1] onto [r0, r1] (the middle of the range if d0 = d1).
 * @param {number} d0 @param {number} d1 @param {number} r0 @param {number} r1
 * @returns {(v: number) => number}
 */
export function scale(d0, d1, r0, r1) {
  const span = d1 - d0;
  return (v) => (span ? r0 + ((v - d0) / span) * (r1 - r0) : (r0 + r1) / 2);
}

/**
 * How many ticks fit along `px` CSS px, one every `every` px at most, at least 2.
 * @param {number} px @param {number} every
 */
export function tickCount(px, every) {
  return Math.max(2, Math.floor(px / every));
}

/**
 * A histogram bucket's label: "0", "1–5", "31+" (no `to`: that many and more).
 * @param {Bucket} bucket @param {string} [lang]
 */
export function bucketLabel({ from, to }, lang = LANG) {
  if (to == null || to === Number.POSITIVE_INFINITY) return `${num(from, lang)}+`;
  return from === to ? num(from, lang) : `${num(from, lang)}–${num(to, lang)}`;
}

/**
 * The same said in words: "1 to 5", "31 or more" (words: a catalogue's `charts`).
 * @param {Bucket} bucket @param {ChartWords} words @param {string} [lang]
 */
export function bucketWords({ from, to }, words, lang = LANG) {
  if (to == null || to === Number.POSITIVE_INFINITY) return words.atLeast(num(from, lang));
  return from === to ? num(from, lang) : words.range(num(from, lang), num(to, lang));
}

/**
 * 0.55 -> "55%" as the language writes it.
 * @param {number} v @param {string} [lang]
 */
export function percent(v, lang = LANG) {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(v);
}

/**
 * A side's score after round `r` (0 before the first); a shorter list holds its last value.
 * @param {readonly number[]} points @param {number} r
 */
export const scoreAt = (points, r) => (points.length ? points[Math.min(r, points.length - 1)] : 0);

/**
 * Who leads a race of `lists` (each side's score by round, from round 0): {rounds, leader (the
 * index of the side strictly ahead after the last round, -1 on a tie at the top), from (the
 * round since which it has been ahead all the way, at least 1), changes (how often the lead
 * passed from one side to another)}.
 * @param {readonly (readonly number[])[]} lists
 * @returns {{rounds: number, leader: number, from: number|null, changes: number}}
 */
export function raceLead(lists) {
  const rounds = Math.max(0, ...lists.map((p) => p.length - 1));
  /** @param {number} r */
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

/**
 * WCAG contrast ratio of two "#rrggbb" colours (1 to 21).
 * @param {string} a @param {string} b
 */
export function contrast(a, b) {
  /** @param {string} hex */
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

/**
 * Items of these widths in rows no wider than `width`, `gap` apart: [[index, ...], ...].
 * @param {readonly number[]} widths @param {number} width @param {number} gap
 */
export function legendRows(widths, width, gap) {
  /** @type {number[][]} */
  const rows = [];
  /** @type {number[]} */
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
 * The chart said in a sentence or two, for its aria-label and fallback. kind: "race", "winRate",
 * "histogram" or "rating", data as the chart takes it, words: a catalogue's `charts` (T.charts).
 * @param {"race"|"winRate"|"histogram"|"rating"} kind @param {RaceData & WinRateData & HistogramData & RatingData} data
 * @param {ChartWords} [words] @param {string} [lang]
 */
export function chartSummary(kind, data, words = T.charts, lang = LANG) {
  if (kind === "race") {
    const series = data.series ?? [];
    const lead = raceLead(series.map((s) => s.points ?? []));
    if (!series.length || !lead.rounds) return words.raceNone;
    const parts = series.map((s) => words.scorePart(s.label, num(scoreAt(s.points ?? [], lead.rounds), lang)));
    const target = data.target ? num(data.target, lang) : "";
    const said = words.race(parts.join("; "), lead.rounds, target);
    if (lead.leader < 0 || lead.from === null) return `${said} ${words.raceLevel}`; // (no leader: no from)
    return `${said} ${words.raceLead(series[lead.leader].label, lead.from)}`;
  }
  if (kind === "winRate") {
    const values = data.values ?? [];
    const known = values.filter((v) => v != null);
    if (!known.length) return words.winRateNone;
    /** @param {number} v */
    const p = (v) => percent(v, lang);
    const [now, low, high] = [known[known.length - 1], Math.min(...known), Math.max(...known)].map(p);
    const window = data.window ? num(data.window, lang) : "";
    return words.winRate(values.length, num(values.length, lang), now, low, high, window);
  }
  if (kind === "rating") {
    const values = data.ratings ?? [];
    if (!values.length) return words.ratingNone;
    /** @param {number} v a rating, written whole, as chess writes them (no thousands separator) */
    const r = (v) => String(Math.round(v));
    const [now, low, high] = [values[values.length - 1], Math.min(...values), Math.max(...values)].map(r);
    return words.rating(values.length, num(values.length, lang), now, low, high);
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
