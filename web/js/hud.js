// The DOM over the canvas: score bar, turn and end-sum line, Pass button, round/match panel,
// New game dialog, toasts. Real elements, so they are keyboard- and screen-reader-accessible; the
// canvas draws the table itself. The HUD only shows what the snapshot says and forwards clicks.

import { paintMiniHand } from "./render.js";
import { T } from "./strings.js";

const TARGETS = [61, 100, 120, 150, 180, 200];
const LEVELS = ["beginner", "casual", "expert"];

/** h("div", {class: "x", id: "y"}, child, "text") -> Element */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child == null) continue;
    el.append(child);
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";
function icon(paths) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon");
  for (const d of paths) {
    const p = document.createElementNS(SVG_NS, "path");
    p.setAttribute("d", d);
    svg.append(p);
  }
  return svg;
}

const ICON_SOUND = ["M4 9h4l5-4v14l-5-4H4z", "M16 8.5a5 5 0 0 1 0 7", "M18.5 6a8.5 8.5 0 0 1 0 12"];
const ICON_MUTED = ["M4 9h4l5-4v14l-5-4H4z", "M16.5 9.5l5 5", "M21.5 9.5l-5 5"];
const ICON_NEW = ["M12 5v14", "M5 12h14"];
const ICON_HINT = [
  "M9 18h6",
  "M10 21h4",
  "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z",
];

export class Hud {
  /**
   * @param {object} handlers {pass(), next(), newGame(settings), toggleSound(), toggleSum(), hint()}
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.root = h("div", { id: "hud", class: "hud" });
    this.#buildTop();
    this.#buildStatus();
    this.#buildPanel();
    this.#buildDialog();
    this.toastBox = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    this.root.append(this.toastBox);
    document.body.append(this.root);
    this.roundShownFor = null;
  }

  // ------------------------------------------------------------------------------ building
  #buildTop() {
    this.scoreBox = h("div", { class: "scores", id: "scores" });
    this.targetEl = h("div", { class: "target", id: "target" });
    this.soundBtn = h("button", {
      type: "button",
      id: "btn-sound",
      class: "tool",
      "aria-pressed": "true",
      title: T.soundOn,
      "aria-label": T.soundOn,
      onclick: () => this.handlers.toggleSound(),
    });
    this.sumBtn = h("button", {
      type: "button",
      id: "btn-sum",
      class: "tool tool-text",
      "aria-pressed": "true",
      title: T.hideSum,
      "aria-label": T.hideSum,
      onclick: () => this.handlers.toggleSum(),
      text: "Σ",
    });
    this.newBtn = h(
      "button",
      {
        type: "button",
        id: "btn-new",
        class: "tool tool-wide",
        title: T.newGame,
        onclick: () => this.openNewDialog(),
      },
      icon(ICON_NEW),
      h("span", { class: "tool-label", text: T.newGame }),
    );
    this.top = h(
      "header",
      { class: "topbar", id: "topbar" },
      h("div", { class: "brand", "aria-hidden": "true" }, h("b", { text: "All Threes" })),
      this.scoreBox,
      this.targetEl,
      h("div", { class: "tools" }, this.sumBtn, this.soundBtn, this.newBtn),
    );
    this.root.append(this.top);
  }

  #buildStatus() {
    this.turnEl = h("span", { class: "turn", id: "turn" });
    this.endsEl = h("span", { class: "ends", id: "ends" });
    this.status = h("div", { class: "status", id: "status", "aria-live": "polite" }, this.turnEl, this.endsEl);
    this.passBtn = h("button", {
      type: "button",
      id: "btn-pass",
      class: "big-button pass",
      hidden: true,
      text: T.pass,
      onclick: () => this.handlers.pass(),
    });
    this.hintBtn = h(
      "button",
      {
        type: "button",
        id: "btn-hint",
        class: "hint-button",
        title: T.hintLabel,
        "aria-label": T.hintLabel,
        disabled: true,
        onclick: () => this.handlers.hint(),
      },
      icon(ICON_HINT),
      h("span", { class: "hint-label", text: T.hint }),
    );
    this.hintBox = h("div", { id: "hint-text", class: "hint-callout", role: "status", "aria-live": "polite", hidden: true });
    this.root.append(this.status, this.passBtn, this.hintBtn, this.hintBox);
  }

  /** The Hint button: enabled on the person's turn, "thinking" while the Expert looks. */
  setHintButton({ enabled, thinking }) {
    const disabled = !enabled || thinking;
    if (this.hintBtn.disabled !== disabled) this.hintBtn.disabled = disabled;
    this.hintBtn.classList.toggle("thinking", Boolean(thinking));
    this.hintBtn.setAttribute("aria-busy", String(Boolean(thinking)));
  }

  /** The hint's words under the status line (null hides them). */
  showHint(text, { thinking = false } = {}) {
    if (text == null) {
      this.hintBox.hidden = true;
      this.hintBox.textContent = "";
      return;
    }
    this.hintBox.textContent = text;
    this.hintBox.classList.toggle("thinking", thinking);
    this.hintBox.hidden = false;
  }

  /** Pass glows when the hint says pass. */
  setPassHinted(on) {
    this.passBtn.classList.toggle("hinted", on);
  }

  #buildPanel() {
    this.panelTitle = h("h2", { id: "round-title" });
    this.panelSub = h("p", { class: "panel-sub", id: "round-sub" });
    this.panelLines = h("ol", { class: "summary", id: "round-summary" });
    this.panelHands = h("div", { class: "hands", id: "round-hands" });
    this.panelScores = h("table", { class: "score-table", id: "round-scores" });
    this.reviewStatus = h("p", { class: "review-status", id: "review-status" });
    this.reviewList = h("ol", { class: "review-list", id: "review-list" });
    this.panelReview = h(
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
      onclick: () => this.handlers.next(),
    });
    this.peekBtn = h("button", {
      type: "button",
      id: "btn-peek",
      class: "big-button quiet",
      text: "Look at the table",
      onclick: () => this.#peek(true),
    });
    this.card = h(
      "div",
      { class: "panel-card" },
      this.panelTitle,
      this.panelSub,
      this.panelLines,
      this.panelReview,
      this.panelHands,
      this.panelScores,
      h("div", { class: "panel-actions" }, this.peekBtn, this.nextBtn),
    );
    this.panel = h(
      "section",
      { class: "panel", id: "round-panel", role: "dialog", "aria-labelledby": "round-title", hidden: true },
      this.card,
    );
    this.unpeekBtn = h("button", {
      type: "button",
      id: "btn-unpeek",
      class: "big-button primary unpeek",
      hidden: true,
      text: "Show the result",
      onclick: () => this.#peek(false),
    });
    this.root.append(this.panel, this.unpeekBtn);
  }

  #peek(on) {
    this.panel.hidden = on;
    this.unpeekBtn.hidden = !on;
    (on ? this.unpeekBtn : this.nextBtn).focus({ preventScroll: true });
  }

  #buildDialog() {
    const radios = LEVELS.map((level) =>
      h(
        "label",
        { class: "choice" },
        h("input", { type: "radio", name: "opponent", value: level }),
        h("span", { text: T.levels[level] }),
      ),
    );
    this.targetSelect = h(
      "select",
      { id: "new-target", name: "target" },
      ...TARGETS.map((t) => h("option", { value: String(t), text: `${t} points` })),
    );
    this.hideSumBox = h("input", { type: "checkbox", id: "new-hide-sum", name: "hide_sum" });
    this.dialog = h(
      "dialog",
      { id: "new-dialog", class: "dialog", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title", text: T.newGame }),
      h("p", { class: "panel-sub", text: T.confirmNew }),
      h("fieldset", { class: "choices" }, h("legend", { text: "Opponent" }), ...radios),
      h("label", { class: "field" }, h("span", { text: "Play to" }), this.targetSelect),
      h("label", { class: "field check" }, this.hideSumBox, h("span", { text: T.hideSum })),
      h(
        "div",
        { class: "panel-actions" },
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: "new-cancel",
          text: "Cancel",
          onclick: () => this.dialog.close(),
        }),
        h("button", {
          type: "button",
          class: "big-button primary",
          id: "new-start",
          text: "Start new game",
          onclick: () => this.#startNew(),
        }),
      ),
    );
    this.root.append(this.dialog);
  }

  openNewDialog() {
    const s = this.settings ?? {};
    for (const input of this.dialog.querySelectorAll("input[name=opponent]")) {
      input.checked = input.value === (s.opponent ?? "expert");
    }
    this.targetSelect.value = String(s.target ?? 150);
    this.hideSumBox.checked = Boolean(s.hide_sum);
    this.dialog.showModal();
  }

  #startNew() {
    const level = this.dialog.querySelector("input[name=opponent]:checked")?.value ?? "expert";
    const settings = { opponent: level, target: Number(this.targetSelect.value), hide_sum: this.hideSumBox.checked };
    this.dialog.close();
    this.handlers.newGame(settings);
  }

  // ------------------------------------------------------------------------------ updating
  /** Place the status line and Pass button between the table regions (CSS pixels). */
  place({ statusTop, rackTop }) {
    const root = document.documentElement.style;
    root.setProperty("--status-top", `${Math.round(statusTop)}px`);
    root.setProperty("--rack-top", `${Math.round(rackTop)}px`);
  }

  topHeight() {
    return this.top.getBoundingClientRect().height;
  }

  setMuted(muted) {
    this.soundBtn.replaceChildren(icon(muted ? ICON_MUTED : ICON_SOUND));
    const label = muted ? T.soundOff : T.soundOn;
    this.soundBtn.setAttribute("aria-pressed", String(!muted));
    this.soundBtn.title = label;
    this.soundBtn.setAttribute("aria-label", label);
  }

  /**
   * @param {object} snap the engine snapshot
   * @param {object} view {busy, thinking}
   */
  update(snap, { thinking, label = (arm) => arm }) {
    this.settings = snap.settings;
    const hideSum = Boolean(snap.settings?.hide_sum);
    this.sumBtn.setAttribute("aria-pressed", String(!hideSum));
    this.sumBtn.title = hideSum ? T.showSum : T.hideSum;
    this.sumBtn.setAttribute("aria-label", this.sumBtn.title);
    this.sumBtn.classList.toggle("off", hideSum);

    // scores
    const names = snap.names;
    if (this.scoreBox.children.length !== names.length) {
      this.scoreBox.replaceChildren(
        ...names.map((name, seat) =>
          h(
            "div",
            { class: "score", id: `score-${seat}` },
            h("span", { class: "score-name", text: name }),
            h("span", { class: "score-pts", text: "0" }),
          ),
        ),
      );
    }
    names.forEach((name, seat) => {
      const chip = this.scoreBox.children[seat];
      const pts = chip.querySelector(".score-pts");
      const value = String(snap.scores[seat] ?? 0);
      if (pts.textContent !== value) {
        if (pts.textContent !== "" && Number(value) > Number(pts.textContent)) {
          chip.classList.remove("bump");
          void chip.offsetWidth; // restart the animation
          chip.classList.add("bump");
        }
        pts.textContent = value;
      }
      chip.querySelector(".score-name").textContent = name;
      chip.classList.toggle("active", !snap.round.over && snap.turn === seat);
      chip.classList.toggle("me", seat === snap.human);
    });
    this.targetEl.textContent = `${T.target} ${snap.rules.target}`;

    // turn line
    let turn;
    if (snap.match.over) turn = T.matchOver;
    else if (snap.round.over) turn = T.roundOver;
    else if (snap.turn !== snap.human) turn = T.thinking(names[snap.turn]);
    else if (snap.must_pass) turn = T.mustPass;
    else if (snap.can_draw) turn = T.mustDraw;
    else if (snap.phase === "lead") turn = T.yourLead;
    else turn = T.yourTurn;
    this.turnEl.textContent = turn;
    this.status.classList.toggle("mine", !snap.round.over && snap.turn === snap.human);
    this.status.classList.toggle("thinking", Boolean(thinking));

    // ends and end sum
    const ends = snap.layout.ends;
    this.endsEl.replaceChildren();
    if (!hideSum && ends.length) {
      const order = ["W", "E", "N", "S"];
      const parts = ends
        .map((e) => [label(e.arm), e.points])
        .sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0]))
        .map(([arm, points]) => `${arm} ${points}`)
        .join(" · ");
      this.endsEl.append(
        h("span", { class: "ends-list", text: parts }),
        h("span", { class: snap.end_sum_scores ? "sum hit" : "sum", text: ` = ${snap.end_sum}` }),
      );
    } else if (hideSum && ends.length) {
      this.endsEl.append(h("span", { class: "ends-list muted", text: T.sumHidden }));
    }
    this.endsEl.hidden = !ends.length;

    this.passBtn.hidden = !snap.must_pass;
  }

  /** Fill and open the round (or match) panel from the snapshot. */
  showRound(snap) {
    const round = snap.round;
    const match = snap.match;
    const names = snap.names;
    if (match.over) {
      this.panelTitle.textContent = match.draw ? T.matchDraw : T.matchWinner(names[match.winner]);
    } else if (round.winner == null) {
      this.panelTitle.textContent = T.roundTie;
    } else {
      this.panelTitle.textContent = T.roundWinner(names[round.winner]);
    }
    this.panel.classList.toggle("won", !match.over ? round.winner === snap.human : match.winner === snap.human);
    this.panelSub.textContent = T.roundTitle(snap.round_no, round.reason);
    this.panelLines.replaceChildren(...(round.summary ?? []).map((line) => h("li", { text: line })));

    this.panelHands.replaceChildren(
      h("h3", { text: T.handsLeft }),
      ...names.map((name, seat) => {
        const tiles = round.hands?.[seat] ?? [];
        const row = h("div", { class: "hand-row" }, h("span", { class: "hand-name", text: name }));
        if (tiles.length) {
          const canvas = h("canvas", { class: "mini-hand", role: "img", "aria-label": tiles.join(", ") });
          paintMiniHand(canvas, tiles, 15);
          row.append(canvas);
          row.append(h("span", { class: "hand-pips", text: `${round.pips?.[seat] ?? 0} pips` }));
        } else {
          row.append(h("span", { class: "hand-pips", text: T.emptyHand }));
        }
        return row;
      }),
    );

    const head = h("tr", {}, h("th", { text: "" }), ...names.map((n) => h("th", { scope: "col", text: n })));
    const rows = [
      h(
        "tr",
        { class: "total" },
        h("th", { scope: "row", text: `${T.score} (${T.target} ${snap.rules.target})` }),
        ...snap.scores.map((s) => h("td", { text: String(s) })),
      ),
    ];
    if (match.over) {
      rows.push(
        h(
          "tr",
          {},
          h("th", { scope: "row", text: T.multiples }),
          ...match.stats.map((s) => h("td", { text: String(s.multiples) })),
        ),
        h(
          "tr",
          {},
          h("th", { scope: "row", text: T.avgPerTurn }),
          ...match.stats.map((s) => h("td", { text: s.avg_per_turn.toFixed(2) })),
        ),
      );
    }
    this.panelScores.replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows));
    this.nextBtn.textContent = match.over ? T.rematch : T.nextRound;
    this.panel.hidden = false;
    this.unpeekBtn.hidden = true;
    this.nextBtn.focus({ preventScroll: true });
  }

  /**
   * The Expert's review of the round in the panel.
   * @param {null | "busy" | "failed" | Array<{turn, played, expert, loss, why}>} review
   * @param {(move: string) => string} label a move's notation as the person sees the table
   */
  showReview(review, label = (move) => move) {
    this.panelReview.classList.toggle("busy", review === "busy");
    this.reviewList.replaceChildren();
    if (review === "busy") this.reviewStatus.textContent = T.reviewBusy;
    else if (review === "failed" || review == null) this.reviewStatus.textContent = T.reviewFailed;
    else if (!review.length) this.reviewStatus.textContent = T.reviewAgrees;
    else {
      this.reviewStatus.textContent = "";
      this.reviewList.append(
        ...review.map((r) =>
          h("li", {
            text: T.reviewEntry(r.turn, label(r.played), label(r.expert), Number(r.loss).toFixed(1), r.why),
          }),
        ),
      );
    }
    this.reviewStatus.hidden = !this.reviewStatus.textContent;
  }

  hideRound() {
    this.panel.hidden = true;
    this.unpeekBtn.hidden = true;
  }

  get roundVisible() {
    return !this.panel.hidden || !this.unpeekBtn.hidden;
  }

  toast(text, ms = 3200) {
    const el = h("div", { class: "toast", text });
    this.toastBox.append(el);
    setTimeout(() => {
      el.classList.add("out");
      setTimeout(() => el.remove(), 400);
    }, ms);
  }

  /** The rect of a visible element in client CSS pixels, or null. */
  static rectOf(el) {
    if (!el || el.hidden || !el.isConnected) return null;
    for (let node = el; node; node = node.parentElement) if (node.hidden) return null;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }
}
