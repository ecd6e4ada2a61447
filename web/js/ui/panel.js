// @ts-check
// The round (and match) panel: who won and why (the summary's words come from Python), every
// hand left, what each side earned (each partner's points in play, the bonus, the totals), the
// match's statistics at its end, the Expert's review, and Next round / Rematch.

import { h } from "../dom/dom.js";
import { paintMiniHand } from "../draw/tiles.js";
import { LANG, num } from "../i18n/lang.js";
import { T, whyWords } from "../i18n/strings.js";
import { isYou, summaryWords, winnerTitle } from "../i18n/words.js";
import { trapTab } from "./modal.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */

export class Panel {
  /** @param {HTMLElement} root @param {{next: () => void, peek?: (on: boolean) => void}} on */
  constructor(root, on) {
    this.on = on;
    this.title = h("h2", { id: "round-title" });
    this.sub = h("p", { class: "panel-sub", id: "round-sub" });
    // what the match just ended earned (a trophy, a title), said under the panel's title
    this.honours = h("ul", { class: "panel-honours", id: "round-honours", "aria-live": "polite", hidden: true });
    this.lines = h("ol", { class: "summary", id: "round-summary" });
    this.hands = h("div", { class: "hands", id: "round-hands" });
    this.scores = h("table", { class: "score-table", id: "round-scores" });
    this.stats = h("table", { class: "score-table stats-table", id: "match-stats", hidden: true });
    // the match's score race, round by round (from its career entry, once Python has made it)
    this.raceCanvas = h("canvas", { id: "race-chart", class: "career-chart", role: "img" });
    this.race = h(
      "figure",
      { class: "career-figure race", id: "match-race", hidden: true },
      h("figcaption", { text: T.career.raceTitle }),
      this.raceCanvas,
    );
    this.raceData = null;
    this.reviewStatus = h("p", { class: "review-status", id: "review-status" });
    this.reviewList = h("ol", { class: "review-list", id: "review-list" });
    this.review = h(
      "section",
      { class: "review", id: "round-review", "aria-live": "polite", "aria-labelledby": "review-title" },
      h("h3", { id: "review-title", text: T.reviewTitle }),
      this.reviewStatus,
      this.reviewList,
    );
    this.nextBtn = h("button", {
      type: "button",
      id: "btn-next",
      class: "big-button primary",
      text: T.nextRound,
      onclick: () => on.next(),
    });
    this.peekBtn = h("button", {
      type: "button",
      id: "btn-peek",
      class: "big-button quiet",
      text: T.lookAtTable,
      onclick: () => this.#peek(true),
    });
    this.card = h(
      "div",
      { class: "panel-card" },
      this.title,
      this.sub,
      this.honours,
      this.lines,
      this.review,
      this.hands,
      this.scores,
      this.stats,
      this.race,
      h("div", { class: "panel-actions" }, this.peekBtn, this.nextBtn),
    );
    this.el = h(
      "section",
      {
        class: "panel",
        id: "round-panel",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "round-title",
        hidden: true,
      },
      this.card,
    );
    // A modal panel: Tab stays in it; Escape looks at the table (and, from there, comes back).
    this.el.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.#peek(true);
      } else trapTab(e, this.card);
    });
    this.unpeekBtn = h("button", {
      type: "button",
      id: "btn-unpeek",
      class: "big-button primary unpeek",
      hidden: true,
      text: T.showResult,
      onclick: () => this.#peek(false),
    });
    this.unpeekBtn.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.#peek(false);
      }
    });
    root.append(this.el, this.unpeekBtn);
  }

  /** @param {boolean} on */
  #peek(on) {
    this.el.hidden = on;
    this.unpeekBtn.hidden = !on;
    (on ? this.unpeekBtn : this.nextBtn).focus({ preventScroll: true });
  }

  get visible() {
    return !this.el.hidden || !this.unpeekBtn.hidden;
  }

  hide() {
    this.el.hidden = true;
    this.unpeekBtn.hidden = true;
    this.honours.replaceChildren(); // said for the match that ended, once
    this.honours.hidden = true;
  }

  /** Something the match just ended earned (a trophy, a title), in words: said in the panel's
   * head, where it covers nothing (the career says it as the match ends, a moment before the
   * panel opens; a screen reader hears it with the panel, or at once if the panel is up).
   * @param {string} text */
  honour(text) {
    this.honours.append(h("li", { text }));
    this.honours.hidden = false;
  }

  /** Fill and open the panel from the snapshot. @param {Snapshot} snap */
  show(snap) {
    const { round, match } = snap;
    this.title.textContent = winnerTitle(snap);
    const winner = match.over ? match.winner : round.winner;
    this.el.classList.toggle("won", winner !== null && snap.sides[winner]?.seats.includes(snap.you));
    this.sub.textContent = snap.rules.single_round
      ? T.sprintTitle(/** @type {string} the round is over */ (round.reason))
      : T.roundTitle(snap.round_no, /** @type {string} the round is over */ (round.reason));
    this.lines.replaceChildren(...summaryWords(snap).map((text) => h("li", { text })));
    if (!match.over) this.honours.replaceChildren(); // only a match's end earns anything
    this.honours.hidden = !this.honours.childElementCount;
    this.#hands(snap);
    this.#scores(snap);
    this.#stats(snap);
    if (!match.over) this.raceData = null; // a new match: its race comes at its end
    this.race.hidden = !match.over || !this.raceData;
    if (!this.race.hidden) requestAnimationFrame(() => this.repaint());
    this.nextBtn.textContent = !match.over ? T.nextRound : snap.rules.single_round ? T.newSprint : T.rematch;
    this.el.hidden = false;
    this.unpeekBtn.hidden = true;
    this.nextBtn.focus({ preventScroll: true });
  }

  /** The finished match's score race (its career entry's `race`: each side's score after each
   * round), drawn now if the panel is up, else when it opens.
   * @param {{race?: number[][]}|null|undefined} entry @param {Snapshot|null|undefined} snap */
  showRace(entry, snap) {
    if (!entry?.race || !snap?.match.over) return;
    this.raceData = {
      series: entry.race.map((points, side) => ({ label: snap.sides[side]?.name ?? "", points })),
      target: snap.rules.single_round ? null : snap.rules.target,
    };
    const data = this.raceData;
    this.raceCanvas.setAttribute("aria-label", T.career.raceTitle); // named at once; the summary follows
    import("../draw/chartmath.js").then(({ chartSummary }) => {
      this.raceCanvas.setAttribute("aria-label", chartSummary("race", data, T.charts));
    });
    if (!this.el.hidden) {
      this.race.hidden = false;
      this.repaint();
    }
  }

  /** Paint the chart again (a new size or a new design); charts.js comes when first needed. */
  async repaint() {
    if (!this.raceData || this.race.hidden) return;
    const { drawRace } = await import("../draw/charts.js");
    if (this.raceData && !this.race.hidden) drawRace(this.raceCanvas, this.raceData);
  }

  /** @param {Snapshot} snap */
  #hands(snap) {
    const round = snap.round;
    this.hands.replaceChildren(
      h("h3", { text: T.handsLeft }),
      ...snap.seats.map((seat) => {
        const tiles = round.hands?.[seat.seat] ?? [];
        const row = h("div", { class: "hand-row" }, h("span", { class: "hand-name", text: seat.name }));
        if (tiles.length) {
          const canvas = h("canvas", { class: "mini-hand", role: "img", "aria-label": tiles.join(", ") });
          paintMiniHand(canvas, tiles, 15);
          row.append(canvas, h("span", { class: "hand-pips", text: T.pips(round.pips?.[seat.seat] ?? 0) }));
        } else {
          row.append(h("span", { class: "hand-pips", text: T.emptyHand }));
        }
        return row;
      }),
    );
  }

  /** A column per side: each seat's points in play this round, the bonus, and the score. */
  /** @param {Snapshot} snap */
  #scores(snap) {
    const { round } = snap;
    const teams = snap.rules.teams;
    /** @param {string|number} text @param {string} [cls] */
    const cell = (text, cls) => h("td", { text: String(text), class: cls });
    const head = h(
      "tr",
      {},
      h("th", {}, h("span", { class: "sr-only", text: T.sideColumn })),
      ...snap.sides.map((s) => h("th", { scope: "col", text: s.name })),
    );
    const bonus = (/** @type {import("../shapes/snapshot.js").Side} */ side) =>
      round.winner === side.side ? round.bonus : 0;
    const played = h(
      "tr",
      { class: "in-play" },
      h("th", { scope: "row", text: T.inPlay }),
      ...snap.sides.map((side) => {
        if (!teams) return cell(round.seat_points[side.seats[0]]);
        const td = h("td");
        for (const seat of side.seats) {
          td.append(h("span", { class: "seat-points", text: `${snap.seats[seat].name} ${round.seat_points[seat]}` }));
        }
        return td;
      }),
    );
    const rows = [
      played,
      h("tr", {}, h("th", { scope: "row", text: T.bonus }), ...snap.sides.map((s) => cell(bonus(s)))),
      h(
        "tr",
        { class: "total" },
        h("th", {
          scope: "row",
          text: snap.rules.single_round ? T.score : `${T.score} (${T.target} ${snap.rules.target})`,
        }),
        ...snap.sides.map((s) => cell(s.score)),
      ),
    ];
    this.scores.replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
  }

  /** The match's statistics per seat (scoring plays, points per turn), at the match's end. */
  /** @param {Snapshot} snap */
  #stats(snap) {
    const match = snap.match;
    this.stats.hidden = !match.over;
    if (!match.over) return;
    const head = h(
      "tr",
      {},
      h("th", {}, h("span", { class: "sr-only", text: T.statColumn })),
      ...snap.seats.map((s) => h("th", { scope: "col", text: s.name })),
    );
    const row = (/** @type {string} */ label, /** @type {string[]} */ values) =>
      h("tr", {}, h("th", { scope: "row", text: label }), ...values.map((v) => h("td", { text: v })));
    this.stats.replaceChildren(
      h("thead", {}, head),
      h(
        "tbody",
        {},
        row(
          T.multiples(snap.rules.multiple),
          match.stats.map((s) => String(s.multiples)),
        ),
        row(
          T.avgPerTurn,
          match.stats.map((s) => num(s.avg_per_turn, LANG, 2)),
        ),
      ),
    );
  }

  /**
   * The Expert's review.
   * @param {null | "busy" | "failed" | import("../shapes/replay.js").ReviewEntry[]} review
   * @param {(move: string) => string} label a move's notation as the person sees the table
   * @param {Snapshot} snap
   */
  showReview(review, label, snap) {
    this.review.classList.toggle("busy", review === "busy");
    this.reviewList.replaceChildren();
    if (review === "busy") this.reviewStatus.textContent = T.reviewBusy;
    else if (review === "failed" || review == null) this.reviewStatus.textContent = T.reviewFailed;
    else if (!review.length) this.reviewStatus.textContent = T.reviewAgrees;
    else {
      this.reviewStatus.textContent = "";
      this.reviewList.append(
        ...review.map((r) => {
          const who = isYou(snap, r.seat) ? T.you : (snap.seats[r.seat]?.name ?? r.name);
          const loss = num(Number(r.loss), LANG, 1);
          const why = whyWords(r.why);
          return h("li", { text: T.reviewEntry(r.turn, who, label(r.played), label(r.expert), loss, why) });
        }),
      );
    }
    this.reviewStatus.hidden = !this.reviewStatus.textContent;
  }
}
