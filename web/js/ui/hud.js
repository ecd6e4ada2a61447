// @ts-check
// The DOM over the canvas: the score bar (a chip per side), the turn and end-sum line, the Pass
// and Hint buttons, the hint's words, toasts, and the pass-and-play cover. Real elements, so they
// are keyboard- and screen-reader-accessible. The HUD shows what the snapshot says and forwards
// clicks; it decides nothing.

import { armLabel } from "../board/camera.js";
import { h, ICONS, icon, rectOf } from "../dom/dom.js";
import { T } from "../i18n/strings.js";
import { seatTitles, turnWords } from "../i18n/words.js";
import { buildToolbar } from "./toolbar.js";

const ARM_ORDER = ["W", "E", "N", "S"];

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").Arm} Arm */
/** @typedef {import("./toolbar.js").ToolHandlers} ToolHandlers */

/**
 * What the HUD's buttons ask of the table (table/input.js tableCommands has them all): the tools'
 * (toolbar.js), and Pass, I'm back, Hint, the cover's Ready, and the first visit's offer.
 * @typedef {ToolHandlers & {pass: () => void, back: () => void, hint: () => void, ready: () => void,
 *   dismissHowTo: () => void}} HudPort
 */

/**
 * A table across devices as the HUD shows it: each seat played elsewhere and how it stands, which
 * of its buttons show, how many watch, and on a watcher's page whether the stream was full.
 * @typedef {Object} HudNet
 * @property {{name: string|null, presence: string}[]} seats
 * @property {boolean} invite
 * @property {boolean} react
 * @property {boolean} [leave]
 * @property {boolean} [give]
 * @property {number} [watchers]
 * @property {{full: boolean}|null} [watching]
 */

export class Hud {
  /** Open or close the phone's menu of tools (toolbar.js). @type {(open: boolean) => void} */
  #menu = () => {};

  /** @param {HudPort} on */
  constructor(on) {
    this.on = on;
    this.root = h("div", { id: "hud", class: "hud" });
    // the top bar: the scores, the target and the tools
    this.scoreBox = h("div", { class: "scores", id: "scores" });
    this.targetEl = h("div", { class: "target", id: "target" });
    const bar = buildToolbar(this.on); // the tools, folded into a menu on a phone (toolbar.js)
    // the tools' buttons and the spans the HUD rewrites
    const { buttons, parts } = bar;
    this.inviteBtn = buttons.inviteBtn;
    this.reactBtn = buttons.reactBtn;
    this.leaveBtn = buttons.leaveBtn;
    this.giveBtn = buttons.giveBtn;
    this.sumBtn = buttons.sumBtn;
    this.soundBtn = buttons.soundBtn;
    this.fairBtn = buttons.fairBtn;
    this.soundIcon = parts.soundIcon;
    this.soundLabel = parts.soundLabel;
    this.sumLabel = parts.sumLabel;
    this.fairPrint = parts.fairPrint;
    this.tools = bar.tools;
    this.menuBtn = bar.menuBtn;
    this.#menu = bar.menu;
    this.top = h(
      "header",
      { class: "topbar", id: "topbar" },
      h("div", { class: "brand", "aria-hidden": "true" }, h("b", { text: "All Threes" })),
      this.scoreBox,
      this.targetEl,
      this.menuBtn,
      this.tools,
    );
    document.addEventListener("pointerdown", (e) => {
      if (!(e.target instanceof Node && this.top.contains(e.target))) this.#menu(false);
    });
    this.root.append(this.top);
    // the status line, Pass, I'm back, Hint and its words
    this.turnEl = h("span", { class: "turn", id: "turn" });
    this.endsEl = h("span", { class: "ends", id: "ends" });
    // not live: the mirror's log says each event once (screenreader.js); this line is rewritten often
    // the seats played on other devices and how each stands (connected, reconnecting, away)
    this.netEl = h("span", { class: "net-seats", id: "net-seats", hidden: true });
    // the table clock of a table played online (table/clock.js): not live, the log says it once
    this.clockEl = h("span", { class: "table-clock", id: "clock", role: "timer", hidden: true });
    this.status = h("div", { class: "status", id: "status" }, this.turnEl, this.endsEl, this.clockEl, this.netEl);
    this.passBtn = h("button", {
      type: "button",
      id: "btn-pass",
      class: "big-button pass",
      hidden: true,
      text: T.pass,
      onclick: () => this.on.pass(),
    });
    // a guest whose seat a computer plays for now (its clock ran out three times): take it back
    this.backBtn = h("button", {
      type: "button",
      id: "btn-back",
      class: "big-button pass",
      hidden: true,
      text: T.clock.back,
      onclick: () => this.on.back(),
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
        onclick: () => this.on.hint(),
      },
      icon(ICONS.hint),
      h("span", { class: "hint-label", text: T.hint }),
    );
    this.hintBox = h("div", {
      id: "hint-text",
      class: "hint-callout",
      role: "status",
      "aria-live": "polite",
      hidden: true,
    });
    // a returning player's table drawn before Python is up (table/earlytable.js): said quietly
    this.wakingEl = h("p", { id: "waking", class: "waking", role: "status", text: T.waking, hidden: true });
    this.root.append(this.status, this.passBtn, this.backBtn, this.hintBtn, this.hintBox, this.wakingEl);
    // The pass-and-play cover: hides the rack until the next person taps it.
    this.coverTitle = h("span", { class: "cover-title", id: "cover-title" });
    this.coverBtn = h(
      "button",
      { type: "button", id: "btn-ready", class: "cover-button", onclick: () => this.on.ready() },
      this.coverTitle,
      h("span", { class: "cover-sub", text: T.tapWhenReady }),
    );
    this.cover = h(
      "section",
      { id: "cover", class: "cover", hidden: true, "aria-labelledby": "cover-title" },
      this.coverBtn,
      h("p", { class: "cover-note", text: T.coverNote }),
    );
    this.root.append(this.cover);
    this.toastBox = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    this.trouble = h("p", {
      id: "save-trouble",
      class: "save-trouble",
      role: "alert",
      text: T.saveTrouble,
      hidden: true,
    });
    // A first visit: How to play is offered above the rack until it is opened or declined.
    this.howToOffer = h(
      "div",
      { id: "howto-offer", class: "howto-offer", hidden: true },
      h("button", { type: "button", id: "btn-howto-offer", text: T.howToOffer, onclick: () => this.on.howTo() }),
      // Play online, from the first screen as from the menu (table/playonline.js)
      h("button", { type: "button", id: "btn-online-offer", text: T.lobby.button, onclick: () => this.on.online() }),
      h("button", {
        type: "button",
        id: "btn-howto-dismiss",
        class: "howto-dismiss",
        "aria-label": T.howToDismiss,
        title: T.howToDismiss,
        text: "×",
        onclick: () => this.on.dismissHowTo(),
      }),
    );
    this.root.append(this.toastBox, this.trouble, this.howToOffer);
    // inside the page's <main> (index.html), so every part of the table is in a landmark
    (document.getElementById("main") ?? document.body).append(this.root);
  }

  /** @param {boolean} on */
  offerHowTo(on) {
    this.howToOffer.hidden = !on;
  }

  /** "Waking up…" under the status line while the kept table waits for Python. @param {boolean} on */
  waking(on) {
    this.wakingEl.hidden = !on;
  }

  /** No table: the drawn one was not Python's (table/earlytable.js), the next is on its way. */
  blank() {
    this.gathering("");
    this.cover.hidden = true;
  }

  /** A table across devices: each seat played elsewhere with how it stands ([{name, presence}]),
   * whether an invite can be shown again, and whether reactions go anywhere. @param {HudNet} o */
  net({ seats, invite, react, leave = false, give = false, watchers = 0, watching = null }) {
    this.leaveBtn.hidden = !leave;
    this.giveBtn.hidden = !give;
    // a watcher's line says so; a player's names the seats played elsewhere, and who watches
    const words = watching
      ? [watching.full ? T.watch.fullShort : T.watch.status]
      : [...seats.map((s) => T.netTable.seat(s.name, s.presence)), ...(watchers ? [T.watch.count(watchers)] : [])];
    const line = words.join(" · ");
    if (this.netEl.textContent !== line) this.netEl.textContent = line;
    this.netEl.hidden = !words.length;
    this.hintBtn.hidden = Boolean(watching); // a watcher has no move to be hinted
    const leaveWords = watching ? T.watch.stop : T.netTable.leaveButton; // a watcher stops watching
    if (this.leaveBtn.title !== leaveWords) {
      this.leaveBtn.title = leaveWords;
      this.leaveBtn.setAttribute("aria-label", leaveWords);
      const label = this.leaveBtn.querySelector(".tool-label");
      if (label) label.textContent = leaveWords;
    }
    this.inviteBtn.hidden = !invite;
    this.reactBtn.hidden = !react;
  }

  /** "I'm back", for a guest whose seat a computer plays for now. @param {boolean} on */
  back(on) {
    this.backBtn.hidden = !on;
  }

  /**
   * The table clock's words (null: no clock runs); `urgent`: a few seconds left.
   * @param {string|null} text @param {boolean} [urgent]
   */
  clock(text, urgent = false) {
    this.clockEl.hidden = !text;
    if (this.clockEl.textContent !== (text ?? "")) this.clockEl.textContent = text ?? "";
    this.clockEl.classList.toggle("urgent", Boolean(urgent));
  }

  /** A table across devices before its deal: no scores yet, and who is awaited. @param {string} text */
  gathering(text) {
    this.scoreBox.replaceChildren();
    this.endsEl.replaceChildren();
    this.targetEl.hidden = true;
    this.passBtn.hidden = true;
    this.turnEl.textContent = text;
  }

  // ------------------------------------------------------------------------------ updating
  /**
   * Place the status line, the buttons and the cover between the table regions (CSS px).
   * @param {{statusTop: number, rackTop: number, tableBottom?: number}} o
   */
  place({ statusTop, rackTop, tableBottom }) {
    const root = document.documentElement.style;
    root.setProperty("--status-top", `${Math.round(statusTop)}px`);
    root.setProperty("--rack-top", `${Math.round(rackTop)}px`);
    root.setProperty("--table-bottom", `${Math.round(tableBottom ?? rackTop)}px`);
  }

  topHeight() {
    return this.top.getBoundingClientRect().height;
  }

  /** @param {boolean} muted */
  setMuted(muted) {
    this.soundIcon.replaceChildren(icon(muted ? ICONS.muted : ICONS.sound));
    const label = muted ? T.soundOff : T.soundOn;
    this.soundLabel.textContent = label;
    this.soundBtn.setAttribute("aria-pressed", String(!muted));
    this.soundBtn.title = label;
    this.soundBtn.setAttribute("aria-label", label);
  }

  /** Everything the snapshot says, as of now; `title`: the player's rating title beside their
   * side's name (null: none, or hidden).
   * @param {Snapshot} snap
   * @param {{thinking: boolean, turned: boolean|null, title?: string|null}} o
   */
  update(snap, { thinking, turned, title = null }) {
    const hideSum = Boolean(snap.settings?.hide_sum);
    this.sumBtn.setAttribute("aria-pressed", String(!hideSum));
    this.sumBtn.title = hideSum ? T.showSum : T.hideSum;
    this.sumBtn.setAttribute("aria-label", this.sumBtn.title);
    this.sumLabel.textContent = this.sumBtn.title;
    this.sumBtn.classList.toggle("off", hideSum);
    this.#scores(snap, title);
    this.targetEl.textContent = snap.rules.single_round ? "" : `${T.target} ${snap.rules.target}`;
    this.targetEl.hidden = snap.rules.single_round;
    this.turnEl.textContent = turnWords(snap);
    const mine = !snap.round.over && snap.viewer !== null && snap.person_to_move === snap.viewer;
    this.status.classList.toggle("mine", mine);
    this.status.classList.toggle("thinking", Boolean(thinking));
    this.#ends(snap, hideSum, turned);
    this.passBtn.hidden = !snap.must_pass;
    this.#cover(snap);
    if (snap.fair) {
      const print = snap.fair.commitment.slice(0, 6);
      if (this.fairPrint.textContent !== print) {
        this.fairPrint.textContent = print;
        // the name holds what the button shows (the fingerprint), as a voice user would say it
        this.fairBtn.setAttribute("aria-label", `${T.fairButton} ${print}`);
      }
      this.fairBtn.title = `${T.fairButton}: ${snap.fair.commitment.slice(0, 12)}`;
    }
  }

  /** @param {Snapshot} snap @param {string|null} title */
  #scores(snap, title) {
    const sides = snap.sides;
    if (this.scoreBox.children.length !== sides.length) {
      this.scoreBox.replaceChildren(
        ...sides.map((side) =>
          h(
            "div",
            { class: "score", id: `score-${side.side}` },
            h("span", { class: "score-name" }),
            h("span", { class: "score-title", hidden: true }),
            h("span", { class: "score-pts", text: "0" }),
          ),
        ),
      );
    }
    const mySide = snap.seats[snap.viewer ?? snap.you]?.side;
    sides.forEach((side, i) => {
      // each chip as made above: its name, its title and its points
      const chip = /** @type {HTMLElement} */ (this.scoreBox.children[i]);
      const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (chip.querySelector(selector));
      const pts = part(".score-pts");
      const value = String(side.score);
      if (pts.textContent !== value) {
        if (Number(value) > Number(pts.textContent)) {
          chip.classList.remove("bump");
          void chip.offsetWidth; // restart the animation
          chip.classList.add("bump");
        }
        pts.textContent = value;
      }
      const name = part(".score-name");
      if (name.textContent !== side.name) name.textContent = side.name;
      // one's own title beside one's name; another's as its device said it (a table online)
      const titled = side.side === mySide ? title : seatTitles(snap, side.seats);
      const badge = part(".score-title");
      badge.hidden = !titled;
      if (badge.textContent !== (titled ?? "")) badge.textContent = titled ?? "";
      chip.title = titled ? `${side.name} (${titled}): ${value}` : `${side.name}: ${value}`;
      chip.classList.toggle("active", !snap.round.over && snap.to_move !== null && side.seats.includes(snap.to_move));
      chip.classList.toggle("me", side.side === mySide);
      chip.classList.toggle("team-0", snap.rules.teams && side.side === 0);
      chip.classList.toggle("team-1", snap.rules.teams && side.side === 1);
    });
    this.scoreBox.classList.toggle("many", sides.length > 2 || snap.rules.teams);
  }

  /** @param {Snapshot} snap @param {boolean} hideSum @param {boolean|null} turned */
  #ends(snap, hideSum, turned) {
    const ends = snap.layout.ends;
    this.endsEl.replaceChildren();
    if (!hideSum && ends.length) {
      const parts = ends
        .map((e) => /** @type {[Arm, number]} */ ([armLabel(e.arm, turned), e.points]))
        .sort((x, y) => ARM_ORDER.indexOf(x[0]) - ARM_ORDER.indexOf(y[0]))
        .map(([arm, points]) => `${T.armShort[arm]} ${points}`)
        .join(" · ");
      this.endsEl.append(
        h("span", { class: "ends-list", text: parts }),
        h("span", { class: snap.end_sum_scores ? "sum hit" : "sum", text: ` = ${snap.end_sum}` }),
      );
    } else if (hideSum && ends.length) {
      this.endsEl.append(h("span", { class: "ends-list muted", text: T.sumHidden }));
    }
    this.endsEl.hidden = !ends.length;
  }

  /** @param {Snapshot} snap */
  #cover(snap) {
    const seat = snap.cover;
    const up = seat !== null && !snap.round.over;
    if (up) this.coverTitle.textContent = T.passTo(snap.seats[seat].name);
    if (this.cover.hidden === up) {
      const hadFocus = this.cover.contains(document.activeElement);
      this.cover.hidden = !up;
      if (up) this.coverBtn.focus({ preventScroll: true });
      // the next person's keyboard play starts on the table
      else if (hadFocus) document.getElementById("table")?.focus({ preventScroll: true });
    }
  }

  /**
   * The Hint button: enabled on the viewer's turn, "thinking" while the Expert looks.
   * @param {{enabled: boolean, thinking: boolean}} o
   */
  setHintButton({ enabled, thinking }) {
    const disabled = !enabled || thinking;
    if (this.hintBtn.disabled !== disabled) this.hintBtn.disabled = disabled;
    // called every frame: the DOM is written only when it changes (a write is a style and an
    // accessibility tree update)
    const busy = String(Boolean(thinking));
    if (this.hintBtn.getAttribute("aria-busy") === busy) return;
    this.hintBtn.classList.toggle("thinking", Boolean(thinking));
    this.hintBtn.setAttribute("aria-busy", busy);
  }

  /**
   * The hint's words under the status line (null hides them).
   * @param {string|null} text @param {{thinking?: boolean}} [o]
   */
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

  /** Pass glows when the hint says pass. @param {boolean} on */
  setPassHinted(on) {
    this.passBtn.classList.toggle("hinted", on);
  }

  /** The lasting notice that progress is not being saved (storage full or turned off). @param {boolean} on */
  saveTrouble(on) {
    if (this.trouble.hidden === !on) return;
    this.trouble.hidden = !on;
  }

  /** A short line of words that goes by itself after `ms`. @param {string} text @param {number} [ms] */
  toast(text, ms = 3200) {
    const last = this.toastBox.lastElementChild;
    if (last?.textContent === text && !last.classList.contains("out")) return; // said, still showing
    const el = h("div", { class: "toast", text });
    this.toastBox.append(el);
    setTimeout(() => {
      el.classList.add("out");
      setTimeout(() => el.remove(), 400);
    }, ms);
  }

  get coverRect() {
    return rectOf(this.coverBtn);
  }
}
