// @ts-check
// The career screen: a modal dialog of tabs (WAI-ARIA tabs: arrows move between them) over what
// Python computed from the career's entries (op "career"): Statistics with charts, Ratings
// (ratingsview.js), the match
// History (each match opens in the replay viewer), Trophies with the date each was earned,
// Designs (tiles and felts the trophies unlocked), the Daily deal, and Export / Import. It shows
// and forwards; every figure and every condition comes from Python.

import { h } from "../dom/dom.js";
import { chartSummary } from "../draw/chartmath.js";
import { drawHistogram, drawWinRate } from "../draw/charts.js";
import { available, currentDesign, FELTS, TILE_DESIGNS } from "../draw/designs.js";
import { LANG, num, when } from "../i18n/lang.js";
import { modeWords, T } from "../i18n/strings.js";
import { askDialog } from "../ui/modal.js";
import { ratingsPanel } from "./ratingsview.js";
import { standingsSection } from "./standingsview.js";

/** @typedef {import("../shapes/career.js").CareerFigures} CareerFigures */
/** @typedef {import("../shapes/career.js").CareerEntry} CareerEntry */
/** @typedef {import("../shapes/career.js").HistoryItem} HistoryItem */
/** @typedef {"stats"|"ratings"|"history"|"trophies"|"designs"|"daily"} Tab */
/**
 * What the career screen's controls do.
 * @typedef {Object} CareerActions
 * @property {(item: HistoryItem) => void} replay
 * @property {() => void} playDaily
 * @property {() => void} exportCareer
 * @property {() => void} importCareer
 * @property {() => void} pairDevice
 * @property {(kind: "tiles"|"felts", id: string) => void} chooseDesign
 * @property {(text: string) => void} copy
 * @property {import("./standingsview.js").StandingsActions} [standings] the daily's standings
 * @property {{hidden: boolean, hide: (on: boolean) => void}} title the "Hide my title" preference
 */

/** @type {Tab[]} */
const TABS = ["stats", "ratings", "history", "trophies", "designs", "daily"];

/**
 * Open the career screen.
 * @param {object} o
 * @param {CareerFigures} o.figures Python's career figures
 * @param {CareerEntry[]} o.entries the career's entries, oldest first
 * @param {HistoryItem[]} o.history the whole matches kept, newest first
 * @param {CareerActions} o.on
 * @param {string} [o.tab] the tab to open on
 * @param {HTMLElement} o.root where the dialog goes
 */
export function showCareer({ figures, entries, history, on, tab = "stats", root }) {
  const tabs = h("div", { class: "career-tabs", role: "tablist", "aria-label": T.career.title });
  /** @type {HTMLElement[]} */
  const panels = [];
  /** @type {HTMLButtonElement[]} */
  const buttons = [];
  /** @type {Record<Tab, () => (HTMLElement|null)[]>} */
  const build = {
    stats: () => statsPanel(figures),
    ratings: () => ratingsPanel(figures.ratings, on.title),
    history: () => historyPanel(entries, history, on),
    trophies: () => trophiesPanel(figures),
    designs: () => designsPanel(figures, on),
    daily: () => dailyPanel(figures.daily, on),
  };
  /** @param {Tab} name @param {boolean} [focus] */
  const select = (name, focus = false) => {
    TABS.forEach((t, i) => {
      const chosen = t === name;
      buttons[i].setAttribute("aria-selected", String(chosen));
      buttons[i].tabIndex = chosen ? 0 : -1;
      panels[i].hidden = !chosen;
      if (chosen && !panels[i].childElementCount) panels[i].append(...build[t]().filter((el) => el !== null));
      if (chosen && focus) buttons[i].focus();
    });
  };
  TABS.forEach((name, i) => {
    const button = h("button", {
      type: "button",
      role: "tab",
      id: `career-tab-${name}`,
      class: "career-tab",
      "aria-controls": `career-panel-${name}`,
      text: T.career.tabs[name],
      onclick: () => select(name),
    });
    button.addEventListener("keydown", (e) => {
      /** @type {Record<string, number>} */
      const steps = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: TABS.length - 1 - i };
      const step = steps[e.key];
      if (step === undefined) return;
      e.preventDefault();
      select(TABS[(i + step + TABS.length) % TABS.length], true);
    });
    buttons.push(button);
    tabs.append(button);
    panels.push(
      h("div", {
        role: "tabpanel",
        id: `career-panel-${name}`,
        class: "career-panel",
        "aria-labelledby": `career-tab-${name}`,
        tabindex: "0",
      }),
    );
  });
  const done = askDialog(
    "career-dialog",
    T.career.title,
    [tabs, ...panels],
    [
      { id: "career-export", text: T.career.export, keep: true, onclick: () => on.exportCareer() },
      { id: "career-import", text: T.career.import, keep: true, onclick: () => on.importCareer() },
      { id: "career-pair", text: T.pair.button, keep: true, onclick: () => on.pairDevice() },
      { id: "career-close", text: T.close, primary: true, value: undefined },
    ],
    { root, className: "dialog career-dialog" },
  );
  const at = /** @type {readonly string[]} */ (TABS).indexOf(tab);
  select(TABS[at] ?? "stats");
  buttons[at]?.focus({ preventScroll: true });
  return done;
}

// ------------------------------------------------------------------------------ statistics

/** @param {CareerFigures} f */
function statsPanel(f) {
  const C = T.career;
  if (!f.played) return [h("p", { class: "career-empty", text: C.noMatches })];
  /** @param {number|null|undefined} x */
  const pct = (x) => (x === null || x === undefined ? "–" : `${num(Math.round(x * 100))} %`);
  /** @param {string} label @param {string} value */
  const row = (label, value) => h("tr", {}, h("th", { scope: "row", text: label }), h("td", { text: String(value) }));
  const summary = h(
    "table",
    { class: "score-table career-figures", id: "career-figures" },
    h(
      "tbody",
      {},
      row(C.played, num(f.played)),
      row(C.won, `${num(f.won)} (${pct(f.win_rate)})`),
      row(C.streak, `${num(f.streak)} · ${C.longest} ${num(f.longest_streak)}`),
      row(C.perRound, num(f.points_per_round ?? 0, LANG, 1)),
      row(C.perTurn, num(f.points_per_turn ?? 0, LANG, 2)),
      row(C.multiples, num(f.multiples)),
      row(C.largest, f.largest ? C.largestPlay(f.largest.points, when(f.largest.date, LANG, { time: false })) : "–"),
      row(C.dominoes, `${num(f.dominoes)} · ${C.blocks} ${num(f.blocks)}`),
      f.best ? row(C.best, C.matchLine(f.best, when(f.best.date, LANG, { time: false }))) : null,
      f.worst ? row(C.worst, C.matchLine(f.worst, when(f.worst.date, LANG, { time: false }))) : null,
    ),
  );
  /** @param {string} title @param {Record<string, import("../shapes/career.js").SplitRow>|undefined} table */
  const split = (title, table) => {
    const rows = Object.entries(table ?? {}).map(([key, v]) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", text: T.modes[key]?.name ?? T.controllers[key] ?? C.keyWords(key) }),
        h("td", { text: `${num(v.won)} / ${num(v.played)}` }),
      ),
    );
    return rows.length
      ? h("table", { class: "score-table career-split" }, h("caption", { text: title }), h("tbody", {}, ...rows))
      : null;
  };
  const rate = chart("career-winrate", C.winRateTitle, (canvas) => drawWinRate(canvas, { values: f.win_rate_series }));
  rate.canvas.setAttribute("aria-label", chartSummary("winRate", { values: f.win_rate_series }, T.charts));
  const plays = chart("career-plays", C.playsTitle, (canvas) => drawHistogram(canvas, { buckets: f.plays_histogram }));
  plays.canvas.setAttribute("aria-label", chartSummary("histogram", { buckets: f.plays_histogram }, T.charts));
  return [
    summary,
    rate.box,
    plays.box,
    split(C.byMode, f.by_mode),
    split(C.byPlayers, f.by_players),
    split(C.byLevel, f.by_level),
  ].filter(Boolean);
}

/**
 * A chart under its title; drawn once it has a width (the tab just became visible).
 * @param {string} id @param {string} title @param {(canvas: HTMLCanvasElement) => void} draw
 */
function chart(id, title, draw) {
  const canvas = h("canvas", { id, class: "career-chart", role: "img" });
  const box = h("figure", { class: "career-figure" }, h("figcaption", { text: title }), canvas);
  requestAnimationFrame(() => draw(canvas));
  return { box, canvas };
}

// ------------------------------------------------------------------------------ history

/** @param {CareerEntry[]} entries @param {HistoryItem[]} history @param {CareerActions} on */
function historyPanel(entries, history, on) {
  const C = T.career;
  if (!history.length) return [h("p", { class: "career-empty", text: C.noHistory })];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const list = h(
    "ol",
    { class: "history-list", id: "history-list" },
    ...history.map((item) => {
      const e = byId.get(item.id);
      const result = e ? (e.won ? C.won1 : C.lost1) : "";
      const scores = e ? e.scores.join(" – ") : "";
      return h(
        "li",
        { class: `history-item ${e?.won ? "won" : "lost"}` },
        h(
          "button",
          {
            type: "button",
            class: "history-open",
            "data-id": item.id,
            onclick: () => on.replay(item),
          },
          h("span", { class: "history-date", text: when(item.date) }),
          h("span", {
            class: "history-mode",
            text: e
              ? C.modeLine(
                  modeWords(e.mode).name,
                  e.names.map((n) => T.seatName(n)),
                )
              : "",
          }),
          h("span", { class: "history-result", text: `${result} ${scores}` }),
        ),
      );
    }),
  );
  return [h("p", { class: "panel-sub", text: C.historyNote(history.length) }), list];
}

// ------------------------------------------------------------------------------ trophies

/** @param {CareerFigures} f */
function trophiesPanel(f) {
  const C = T.career;
  const earned = new Map((f.trophies ?? []).map((t) => [t.id, t]));
  const items = Object.keys(T.trophies).map((id) => {
    const got = earned.get(id);
    return h(
      "li",
      { class: `trophy ${got ? "earned" : "locked"}`, "data-id": id },
      h("span", { class: "trophy-name", text: T.trophies[id].name }),
      h("span", { class: "trophy-how", text: T.trophies[id].how }),
      h("span", { class: "trophy-date", text: got ? C.earnedOn(when(got.date, LANG, { time: false })) : C.notYet }),
    );
  });
  return [
    h("p", { class: "panel-sub", text: C.trophyCount(earned.size, items.length) }),
    h("ul", { class: "trophy-list", id: "trophy-list" }, ...items),
  ];
}

// ------------------------------------------------------------------------------ designs

/** @param {CareerFigures} f @param {CareerActions} on */
function designsPanel(f, on) {
  const C = T.career;
  const earned = (f.trophies ?? []).map((t) => t.id);
  const open = available(earned);
  const now = currentDesign();
  /**
   * @param {"tiles"|"felts"} kind
   * @param {readonly (import("../draw/designs.js").TileDesign|import("../draw/designs.js").Felt)[]} list
   * @param {string} chosen
   */
  const group = (kind, list, chosen) =>
    h(
      "fieldset",
      { class: "design-group", id: `design-${kind}` },
      h("legend", { text: C.designKinds[kind] }),
      ...list.map((d) => {
        const free = open[kind].includes(d.id);
        const input = h("input", {
          type: "radio",
          name: `design-${kind}`,
          id: `design-${kind}-${d.id}`,
          value: d.id,
          disabled: !free,
          onchange: () => on.chooseDesign(kind, d.id),
        });
        input.checked = d.id === chosen;
        const lock = free || d.unlock === null ? "" : C.lockedBy(T.trophies[d.unlock]?.name ?? d.unlock);
        return h(
          "label",
          { class: `design-choice ${free ? "" : "locked"}`, for: `design-${kind}-${d.id}` },
          input,
          h("span", { text: /** @type {Record<string, string>} */ (T.designs[kind])[d.id] }),
          lock ? h("small", { text: lock }) : null,
        );
      }),
    );
  return [
    h("p", { class: "panel-sub", text: C.designsNote }),
    group("tiles", TILE_DESIGNS, now.tiles),
    group("felts", FELTS, now.felt),
  ];
}

// ------------------------------------------------------------------------------ the daily deal

/** Today's deal, as Python has it as of today: the live streak, whether the day's scored attempt
 * was started, and its line to share once finished.
 * @param {import("../shapes/career.js").DailyFigures} daily @param {CareerActions} on */
function dailyPanel(daily, on) {
  const C = T.career;
  // the career screen asks as of today: its figures have today's
  const today = /** @type {import("../shapes/career.js").DailyToday} */ (daily.today);
  const line = today.line ? C.dailyLine(today.line) : null;
  /** @type {HTMLElement[]} */
  const out = [
    h("p", { class: "panel-sub", text: C.dailyAbout }),
    h("p", { id: "daily-date", text: C.dailyDate(today.date) }),
    h("p", { id: "daily-streak", text: C.dailyStreak(daily.streak, daily.longest) }),
    h("button", {
      type: "button",
      id: "daily-play",
      class: "big-button primary",
      text: today.attempted ? C.dailyAgain : C.dailyPlay,
      onclick: () => on.playDaily(),
    }),
  ];
  if (line) {
    out.push(
      h("p", { class: "daily-line", id: "daily-line", text: line }),
      h("button", {
        type: "button",
        id: "daily-copy",
        class: "big-button quiet",
        text: C.copy,
        onclick: () => on.copy(line),
      }),
    );
  }
  if (on.standings) out.push(standingsSection(on.standings));
  return out;
}
