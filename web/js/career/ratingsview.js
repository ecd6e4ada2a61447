// @ts-check
// The career screen's Ratings tab: each kind of table's rating as Python worked it out from the
// career's rated entries (career.rating: Glicko-2), its deviation, provisional marked, the title
// reached, the best established rating, the chart of its run, and each rated match's change,
// newest first; and the preference that hides one's title at the table. It shows; every figure
// is Python's.

import { h } from "../dom/dom.js";
import { chartSummary } from "../draw/chartmath.js";
import { drawRating } from "../draw/charts.js";
import { LANG, when } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";

/** @typedef {import("../shapes/career.js").Ratings} Ratings */
/** @typedef {import("../shapes/career.js").KindRating} KindRating */

const KINDS = ["two", "multi", "partners"]; // career.rated.KINDS, in its order
const CHANGES_SHOWN = 20; // the latest rated matches listed under the chart

/**
 * A rating as a player reads it: whole points, no thousands separator (as chess writes them).
 * @param {number} v
 */
const whole = (v) => String(Math.round(v));

/**
 * A rating's change, signed: "+12", "−7", "0".
 * @param {number} v
 */
export function signed(v) {
  const r = Math.round(v);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "0";
}

/**
 * The Ratings tab's content.
 * @param {Ratings|undefined} ratings Python's (the career's figures)
 * @param {{hidden: boolean, hide: (on: boolean) => void}} title the "Hide my title" preference
 * @returns {HTMLElement[]}
 */
export function ratingsPanel(ratings, title) {
  const R = T.ratings;
  /** @type {HTMLElement[]} */
  const out = [h("p", { class: "panel-sub", text: R.about })];
  const shown = KINDS.map((k) => ratings?.kinds[k] ?? null).filter((k) => k !== null);
  if (!shown.length) {
    out.push(h("p", { class: "career-empty", id: "ratings-none", text: R.none }));
    return out;
  }
  for (const rating of shown) out.push(kindBox(rating));
  const hide = h("input", {
    type: "checkbox",
    id: "ratings-hide-title",
    onchange: () => title.hide(hide.checked),
  });
  hide.checked = title.hidden;
  out.push(h("label", { class: "field check" }, hide, h("span", { text: R.hideTitle })));
  return out;
}

/** @param {KindRating} k */
function kindBox(k) {
  const R = T.ratings;
  const words = /** @type {Record<string, string>} */ (T.titles);
  const value = R.value(whole(k.rating), whole(k.deviation));
  const facts = [R.played(k.played), k.abandoned ? R.abandoned(k.abandoned) : null].filter(Boolean).join(" · ");
  const best = k.best ? R.best(whole(k.best.rating), when(k.best.date, LANG, { time: false })) : R.bestNone;
  const head = h(
    "p",
    { class: "rating-value", id: `rating-${k.kind}-value` },
    h("strong", { text: value }),
    k.provisional
      ? h("span", { class: "rating-provisional", title: R.provisionalWhy, text: ` (${R.provisional})` })
      : null,
  );
  const ratings = k.history.map((p) => p.rating);
  const deviations = k.history.map((p) => p.deviation);
  const canvas = h("canvas", {
    id: `rating-${k.kind}-chart`,
    class: "career-chart",
    role: "img",
    "aria-label": chartSummary("rating", { ratings }, T.charts),
  });
  requestAnimationFrame(() => drawRating(/** @type {HTMLCanvasElement} */ (canvas), { ratings, deviations }));
  const changes = h(
    "ol",
    { class: "rating-changes", id: `rating-${k.kind}-changes`, "aria-label": R.changes },
    ...k.history
      .slice(-CHANGES_SHOWN)
      .reverse()
      .map((p) =>
        h(
          "li",
          { class: p.change >= 0 ? "up" : "down" },
          h("span", { class: "history-date", text: when(p.date) }),
          h("span", { class: "rating-change", text: signed(p.change) }),
          h("span", { class: "rating-after", text: whole(p.rating) }),
        ),
      ),
  );
  return h(
    "section",
    { class: "rating-kind", id: `rating-${k.kind}`, "aria-labelledby": `rating-${k.kind}-title` },
    h("h3", {
      id: `rating-${k.kind}-title`,
      text: R.kinds[/** @type {"two"|"multi"|"partners"} */ (k.kind)] ?? k.kind,
    }),
    head,
    h("p", { class: "rating-title", text: R.title(words[k.title] ?? k.title) }),
    h("p", { class: "rating-facts", text: `${facts} · ${best}` }),
    h("figure", { class: "career-figure" }, h("figcaption", { text: R.chartTitle }), canvas),
    h("h4", { text: R.changes }),
    changes,
  );
}
