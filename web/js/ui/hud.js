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

export class Hud {
  /** Open or close the phone's menu of tools (toolbar.js). */
  #menu = () => {};

  /** @param {object} on {pass(), newGame(), rules(), keys(), howTo(), dismissHowTo(), language(), fair(), career(), toggleSound(), levels(), toggleSum(), hint(), ready()} */
  constructor(on) {
    this.on = on;
    this.root = h("div", { id: "hud", class: "hud" });
    this.#buildTop();
    this.#buildStatus();
    this.#buildCover();
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
      // Play online, from the first screen as from the menu (table/parlor.js)
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

  #buildTop() {
    this.scoreBox = h("div", { class: "scores", id: "scores" });
    this.targetEl = h("div", { class: "target", id: "target" });
    const bar = buildToolbar(this.on); // the tools, folded into a menu on a phone (toolbar.js)
    Object.assign(this, bar.buttons, bar.parts);
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
      if (!this.top.contains(e.target)) this.#menu(false);
    });
    this.root.append(this.top);
  }

  offerHowTo(on) {
    this.howToOffer.hidden = !on;
  }

  #buildStatus() {
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
    // a returning player's table drawn before Python is up (table/waking.js): said quietly
    this.wakingEl = h("p", { id: "waking", class: "waking", role: "status", text: T.waking, hidden: true });
    this.root.append(this.status, this.passBtn, this.backBtn, this.hintBtn, this.hintBox, this.wakingEl);
  }

  /** "Waking up…" under the status line while the kept table waits for Python. */
  waking(on) {
    this.wakingEl.hidden = !on;
  }

  /** No table: the drawn one was not Python's (table/waking.js), the next is on its way. */
  blank() {
    this.gathering("");
    this.cover.hidden = true;
  }

  /** A table across devices: each seat played elsewhere with how it stands ([{name, presence}]),
   * whether an invite can be shown again, and whether reactions go anywhere. */
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

  /** "I'm back", for a guest whose seat a computer plays for now. */
  back(on) {
    this.backBtn.hidden = !on;
  }

  /** The table clock's words (null: no clock runs); `urgent`: a few seconds left. */
  clock(text, urgent = false) {
    this.clockEl.hidden = !text;
    if (this.clockEl.textContent !== (text ?? "")) this.clockEl.textContent = text ?? "";
    this.clockEl.classList.toggle("urgent", Boolean(urgent));
  }

  /** A table across devices before its deal: no scores yet, and who is awaited. */
  gathering(text) {
    this.scoreBox.replaceChildren();
    this.endsEl.replaceChildren();
    this.targetEl.hidden = true;
    this.passBtn.hidden = true;
    this.turnEl.textContent = text;
  }

  /** The pass-and-play cover: hides the rack until the next person taps it. */
  #buildCover() {
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
  }

  // ------------------------------------------------------------------------------ updating
  /** Place the status line, the buttons and the cover between the table regions (CSS px). */
  place({ statusTop, rackTop, tableBottom }) {
    const root = document.documentElement.style;
    root.setProperty("--status-top", `${Math.round(statusTop)}px`);
    root.setProperty("--rack-top", `${Math.round(rackTop)}px`);
    root.setProperty("--table-bottom", `${Math.round(tableBottom ?? rackTop)}px`);
  }

  topHeight() {
    return this.top.getBoundingClientRect().height;
  }

  setMuted(muted) {
    this.soundIcon.replaceChildren(icon(muted ? ICONS.muted : ICONS.sound));
    const label = muted ? T.soundOff : T.soundOn;
    this.soundLabel.textContent = label;
    this.soundBtn.setAttribute("aria-pressed", String(!muted));
    this.soundBtn.title = label;
    this.soundBtn.setAttribute("aria-label", label);
  }

  /** Everything the snapshot says, as of now; `title`: the player's rating title beside their
   * side's name (null: none, or hidden). */
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
      const chip = this.scoreBox.children[i];
      const pts = chip.querySelector(".score-pts");
      const value = String(side.score);
      if (pts.textContent !== value) {
        if (Number(value) > Number(pts.textContent)) {
          chip.classList.remove("bump");
          void chip.offsetWidth; // restart the animation
          chip.classList.add("bump");
        }
        pts.textContent = value;
      }
      const name = chip.querySelector(".score-name");
      if (name.textContent !== side.name) name.textContent = side.name;
      // one's own title beside one's name; another's as its device said it (a table online)
      const titled = side.side === mySide ? title : seatTitles(snap, side.seats);
      const badge = chip.querySelector(".score-title");
      badge.hidden = !titled;
      if (badge.textContent !== (titled ?? "")) badge.textContent = titled ?? "";
      chip.title = titled ? `${side.name} (${titled}): ${value}` : `${side.name}: ${value}`;
      chip.classList.toggle("active", !snap.round.over && side.seats.includes(snap.to_move));
      chip.classList.toggle("me", side.side === mySide);
      chip.classList.toggle("team-0", snap.rules.teams && side.side === 0);
      chip.classList.toggle("team-1", snap.rules.teams && side.side === 1);
    });
    this.scoreBox.classList.toggle("many", sides.length > 2 || snap.rules.teams);
  }

  #ends(snap, hideSum, turned) {
    const ends = snap.layout.ends;
    this.endsEl.replaceChildren();
    if (!hideSum && ends.length) {
      const parts = ends
        .map((e) => [armLabel(e.arm, turned), e.points])
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

  #cover(snap) {
    const up = snap.cover !== null && !snap.round.over;
    if (up) this.coverTitle.textContent = T.passTo(snap.seats[snap.cover].name);
    if (this.cover.hidden === up) {
      const hadFocus = this.cover.contains(document.activeElement);
      this.cover.hidden = !up;
      if (up) this.coverBtn.focus({ preventScroll: true });
      // the next person's keyboard play starts on the table
      else if (hadFocus) document.getElementById("table")?.focus({ preventScroll: true });
    }
  }

  /** The Hint button: enabled on the viewer's turn, "thinking" while the Expert looks. */
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

  /** The lasting notice that progress is not being saved (storage full or turned off). */
  saveTrouble(on) {
    if (this.trouble.hidden === !on) return;
    this.trouble.hidden = !on;
  }

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
