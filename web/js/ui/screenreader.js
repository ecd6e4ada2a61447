// @ts-check
// The table in words, for a screen reader (and anyone who would rather read than look): what the
// canvas shows, rewritten from each snapshot (never per frame), and one announcement per event.
//
// - `#mirror` (visually hidden): the scores, whose turn and why, the open ends and what they add
//   up to (unless the end sum is hidden), each seat's tiles, the boneyard and your whole hand.
// - The moves you can make, as options inside the canvas (its fallback content, which browsers
//   put in the accessibility tree): the focused canvas points at the one the keyboard chose
//   (aria-activedescendant), so moving through them with the arrow keys reads each ("six-three on
//   East, scores 9"); the canvas draws the same choice lifted and ringed.
// - `#announcer`, a polite log: one sentence per event ("Computer plays six-three on East and
//   scores 9."), the scores after a play that scored, and "Your turn" when it comes; nothing when the table
//   is only redrawn. The HUD's status line is no longer live, so nothing is read twice.
//
// It shows what the snapshot says; the rule facts (which tiles play where, for how much, what the
// ends add up to and whether that scores) all come from Python.

import { armLabel } from "../board/camera.js";
import { h } from "../dom/dom.js";
import { SR, T } from "../i18n/strings.js";
import { isYou, turnWords, winnerTitle } from "../i18n/words.js";

const LOG_KEEP = 8; // sentences kept in the log (older ones go; removals are not read)

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/engine.js").Event} Event */

export class ScreenReader {
  /** @param {HTMLCanvasElement} canvas the table, whose fallback content holds the moves */
  constructor(canvas) {
    this.canvas = canvas;
    const line = (/** @type {string} */ id) => h("p", { id });
    this.turn = line("mirror-turn");
    this.scores = line("mirror-scores");
    this.ends = line("mirror-ends");
    this.seats = h("ul", { id: "mirror-seats" });
    this.boneyard = line("mirror-boneyard");
    this.hand = line("mirror-hand");
    this.region = h(
      "section",
      { id: "mirror", class: "sr-only", "aria-label": SR.region },
      this.turn,
      this.scores,
      this.ends,
      this.seats,
      this.boneyard,
      this.hand,
      h("p", { id: "mirror-keys", text: SR.keysHint }),
    );
    this.log = h("div", { id: "announcer", class: "sr-only", role: "log", "aria-live": "polite" });
    this.moves = h("div", { id: "mirror-moves", role: "listbox", "aria-label": SR.handLabel });
    canvas.replaceChildren(this.moves);
    canvas.setAttribute("aria-describedby", "mirror-keys");
    canvas.after(this.region, this.log);
    this.key = ""; // the moves' identity, so that they are rebuilt only when they change
  }

  /** Rewrite the words from a new snapshot. @param {State} state */
  update(state) {
    const snap = state.snap;
    if (!snap) return;
    const turned = state.turned;
    setText(this.turn, turnWords(snap));
    const parts = snap.sides.map((side) => SR.scorePart(side.name, side.score));
    setText(this.scores, SR.scores(parts, snap.rules.single_round ? null : snap.rules.target));
    setText(this.ends, endsWords(snap, turned));
    const seatLines = snap.seats
      .filter((s) => s.seat !== snap.viewer)
      .map((s) => SR.seat(s.name, s.tiles, s.passed, s.drew));
    if (this.seats.textContent !== seatLines.join("")) {
      this.seats.replaceChildren(...seatLines.map((text) => h("li", { text })));
    }
    setText(this.boneyard, SR.boneyard(snap.boneyard, snap.reserve, snap.rules?.options?.draw === false));
    setText(this.hand, SR.hand(snap.hand.map((t) => SR.handTile(t.tile, t.playable))));
    this.#moves(snap, turned);
    this.select(state);
  }

  /** The options: every way each playable tile can go, in the order the keys move through.
   * @param {Snapshot} snap @param {boolean|null} turned */
  #moves(snap, turned) {
    /** @type {{id: string, text: string}[]} */
    const options = [];
    for (const tile of snap.hand) {
      tile.targets.forEach((t, i) => {
        options.push({
          id: optionId(tile.tile, i),
          text: SR.option(tile.tile, t.arm && armLabel(t.arm, turned), t.points),
        });
      });
    }
    const key = options.map((o) => `${o.id}:${o.text}`).join("|");
    if (key === this.key) return;
    this.key = key;
    this.moves.replaceChildren(
      ...options.map((o) => h("div", { id: o.id, role: "option", "aria-selected": "false", text: o.text })),
    );
  }

  /** Point the canvas at the move the keyboard (or a tap) chose. @param {State} state */
  select(state) {
    const id = state.selected ? optionId(state.selected, state.keyTarget) : "";
    const option = id ? document.getElementById(id) : null;
    const current = this.canvas.getAttribute("aria-activedescendant") ?? "";
    if ((option ? id : "") === current) return;
    if (current) document.getElementById(current)?.setAttribute("aria-selected", "false");
    if (option) {
      option.setAttribute("aria-selected", "true");
      this.canvas.setAttribute("aria-activedescendant", id);
    } else this.canvas.removeAttribute("aria-activedescendant");
  }

  /** A sentence of its own for the log (the clock's time running short). @param {string} text */
  say(text) {
    this.log.append(h("p", { text }));
    while (this.log.children.length > LOG_KEEP) this.log.firstElementChild?.remove();
  }

  /** One sentence per event of a reply, then the scores after a play that scored and "your turn".
   * @param {Event[]} events @param {State} state */
  announce(events, state) {
    const snap = state.snap;
    if (!snap || !events.length) return;
    const said = eventWords(events, snap, state.turned);
    if (events.some((e) => (e.kind === "placed" && e.made) || e.kind === "round_over")) {
      said.push(SR.scoresNow(snap.sides.map((side) => SR.scorePart(side.name, side.score))));
    }
    const mine = !snap.round.over && snap.viewer !== null && snap.person_to_move === snap.viewer;
    if (mine && snap.cover === null) said.push(turnWords(snap));
    for (const text of said) this.log.append(h("p", { text }));
    while (this.log.children.length > LOG_KEEP) this.log.firstElementChild?.remove();
  }
}

/** An option's id: the tile and which of its targets (the order of the snapshot's targets).
 * @param {string} tile @param {number} target */
export function optionId(tile, target) {
  return `move-${tile}-${target}`;
}

/** @param {HTMLElement} el @param {string} text */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {Snapshot} snap @param {boolean|null} turned */
function endsWords(snap, turned) {
  const ends = snap.layout.ends;
  if (!ends.length) return SR.emptyTable;
  const parts = ends.map((e) => SR.endPart(armLabel(e.arm, turned), e.value, e.points));
  const sum = snap.settings?.hide_sum ? "" : ` ${SR.endSum(snap.end_sum, snap.end_sum_scores)}`;
  return `${SR.ends(parts)}${sum}`;
}

/** The events in words; a seat's draws in a row make one sentence.
 * @param {Event[]} events @param {Snapshot} snap @param {boolean|null} turned */
function eventWords(events, snap, turned) {
  const name = (/** @type {number} */ seat) => snap.seats[seat]?.name ?? "";
  const who = (/** @type {number} */ seat) => (isYou(snap, seat) ? T.controllers.you : name(seat));
  /** @type {string[]} */
  const out = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "deal") {
      if (snap.viewer !== null) out.push(SR.dealt(snap.round_no, snap.hand.length));
    } else if (e.kind === "placed") {
      out.push(SR.placed(who(e.seat), isYou(snap, e.seat), e.tile, e.arm && armLabel(e.arm, turned), e.points, e.bust));
    } else if (e.kind === "drew") {
      const run = [e];
      const drawn = (/** @type {Event|undefined} */ next) => next?.kind === "drew" && next.seat === e.seat;
      while (drawn(events[i + 1])) run.push(/** @type {import("../shapes/engine.js").DrewEvent} */ (events[++i]));
      const seen = /** @type {string[]} the tiles this page saw */ (run.map((d) => d.tile).filter(Boolean));
      out.push(
        seen.length === run.length && e.seat === snap.viewer ? SR.drewOwn(seen) : SR.drewOther(who(e.seat), run.length),
      );
    } else if (e.kind === "passed") {
      out.push(SR.passedEv(who(e.seat), isYou(snap, e.seat)));
    } else if (e.kind === "round_over") {
      out.push(
        SR.roundOver(
          T.roundTitle(snap.round_no, e.reason),
          winnerTitle({ ...snap, match: { ...snap.match, over: false } }),
        ),
      );
    } else if (e.kind === "match_over") {
      out.push(SR.matchOver(winnerTitle(snap)));
    } else if (e.kind === "covered") {
      out.push(SR.coveredEv(name(e.seat)));
    } else if (e.kind === "timed_out") {
      out.push(e.away ? T.clock.away(who(e.seat)) : T.clock.timedOut(who(e.seat)));
    }
  }
  return out;
}
