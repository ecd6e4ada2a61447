// @ts-check
// The New game dialog (mode, players, who sits in each seat, the rules: rulesform.js). What may be chosen comes from
// Python: modes, player counts, seat controllers, the longest name (`choices`), and every rule
// option with its allowed values and the engine's word on impossible combinations (`rules_form`).

import { seatPositions } from "../../board/regions.js";
import { h } from "../../dom/dom.js";
import { modeWords, T } from "../../i18n/strings.js";
import { RulesForm } from "./rulesform.js";

/** @typedef {import("../../shapes/choices.js").Choices} Choices */
/** @typedef {import("../../shapes/choices.js").RulesForm} Form */
/** @typedef {import("../../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../../shapes/snapshot.js").SeatSpec} SeatSpec */
/** @typedef {import("./rulesform.js").FormSettings} FormSettings */

/**
 * A table with friends' seats: the table clock's seconds a move (0: none), listed in Play online,
 * open to watchers, rated.
 * @typedef {{clock: number, listed: boolean, watch: boolean, rated: boolean}} StartOptions
 */

/**
 * What the dialog asks of the table (tools.js): start a new match, Python's form for the rules of
 * some settings, and the preference "Hide my address from other players" for tables across
 * devices (`fixed`: no WebRTC in this browser, always hidden).
 * @typedef {Object} NewGamePort
 * @property {(settings: SettingsJson, o: StartOptions) => unknown} start
 * @property {(settings: FormSettings) => Promise<Form|null>} form
 * @property {{get: () => boolean, set: (on: boolean) => void, fixed?: boolean}} [relayOnly]
 */

export class NewGameDialog {
  /**
   * @param {HTMLElement} root
   * @param {NewGamePort} on
   */
  constructor(root, on) {
    this.on = on;
    /** @type {Choices|null} */
    this.choices = null;
    /** @type {SeatSpec[]} the seats as chosen (the first is the player's) */
    this.seats = [];
    this.listed = false;
    /** @type {(() => void)|null} settles the promise show() returned */
    this.closed = null;
    this.rules = new RulesForm(
      (settings) => on.form(settings),
      (valid) => {
        this.startBtn.disabled = !valid;
        this.generalError.textContent = this.rules.generalError;
        this.generalError.hidden = !this.generalError.textContent;
      },
    );
    this.rules.changed = () => this.#refreshRules();
    this.generalError = h("p", { class: "option-error", id: "new-error", role: "alert", hidden: true });
    this.startBtn = h("button", {
      type: "button",
      class: "big-button primary",
      id: "new-start",
      text: T.start,
      onclick: () => this.#start(),
    });
    this.modeBox = h("fieldset", { class: "choices", id: "new-mode" }, h("legend", { text: T.modeLegend }));
    this.playersBox = h("fieldset", { class: "choices", id: "new-players" }, h("legend", { text: T.playersLegend }));
    this.seatsBox = h("fieldset", { class: "seats", id: "new-seats" }, h("legend", { text: T.seatsLegend }));
    this.hideSumBox = h("input", { type: "checkbox", id: "new-hide-sum", name: "hide_sum" });
    // the table clock, for a table played online (Python's rule: net/clock.py): seconds a move
    this.clockBox = h("select", { id: "new-clock" }); // its choices: Python's, at each opening
    // a preference, not a setting of the table: kept as soon as it is changed, for the tables
    // this device hosts or joins across devices (a guest who opened a link has no other dialog)
    // the host's choice for a table across devices: watchers may follow it (net/watch.js); on
    // for a table opened to anyone (Play online), off for friends' tables until chosen
    this.watchBox = h("input", {
      type: "checkbox",
      id: "new-watch",
      name: "watch",
      "aria-describedby": "new-watch-why",
    });
    // the host's choice of a rated table with friends (Python's rule: career/rated.py): off for
    // friends' tables until chosen, on for a table opened to anyone (Play online)
    this.ratedBox = h("input", {
      type: "checkbox",
      id: "new-rated",
      name: "rated",
      "aria-describedby": "new-rated-why",
    });
    this.hideAddressBox = h("input", {
      type: "checkbox",
      id: "new-hide-address",
      "aria-describedby": "new-hide-address-why",
      onchange: () => on.relayOnly?.set(this.hideAddressBox.checked),
    });
    this.hideAddressWhy = h("p", { class: "panel-sub", id: "new-hide-address-why", text: T.room.hideWhy });
    this.el = h(
      "dialog",
      { id: "new-dialog", class: "dialog", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title", text: T.newGame }),
      h("p", { class: "panel-sub", text: T.confirmNew }),
      this.modeBox,
      this.playersBox,
      this.seatsBox,
      this.rules.el,
      this.generalError,
      h("label", { class: "field check" }, this.hideSumBox, h("span", { text: T.hideSum })),
      h("label", { class: "field", for: "new-clock" }, h("span", { text: T.clock.legend }), this.clockBox),
      h("label", { class: "field check" }, this.watchBox, h("span", { text: T.watch.allow })),
      h("p", { class: "panel-sub", id: "new-watch-why", text: T.watch.allowWhy }),
      h("label", { class: "field check" }, this.ratedBox, h("span", { text: T.ratings.ratedMatch })),
      h("p", { class: "panel-sub", id: "new-rated-why", text: T.ratings.ratedWhy }),
      h("label", { class: "field check" }, this.hideAddressBox, h("span", { text: T.room.hide })),
      this.hideAddressWhy,
      h(
        "div",
        { class: "panel-actions" },
        // a friend's table on another device: this page becomes a guest's (main.js, #join)
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: "new-join",
          text: T.netTable.joinButton,
          onclick: () => {
            location.hash = "join";
            location.reload();
          },
        }),
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: "new-cancel",
          text: T.cancel,
          onclick: () => this.close(),
        }),
        this.startBtn,
      ),
    );
    // Escape closes it too (the browser's own close): the promise settles then.
    this.el.addEventListener("close", () => this.#settle());
    root.append(this.el);
  }

  get open() {
    return this.el.open;
  }

  close() {
    if (this.el.open) this.el.close();
    this.#settle();
  }

  /** The table is the person's again at once: the "close" event comes a task later, and a key
   * pressed in between (the browser runs input first) would find the table still covered. */
  #settle() {
    const closed = this.closed;
    this.closed = null;
    closed?.();
  }

  /**
   * Open with `settings` (the last choices) filled in; resolves when the dialog closes.
   * `listed`: Open a table (Play online): its title and button say so.
   * @param {Choices} choices @param {Partial<SettingsJson>|null|undefined} settings
   * @param {{listed?: boolean}} [o]
   * @returns {Promise<void>}
   */
  show(choices, settings, { listed = false } = {}) {
    this.listed = listed;
    this.watchBox.checked = listed; // a table opened to anyone may be watched unless chosen otherwise
    this.ratedBox.checked = listed; // and is rated unless chosen otherwise
    const title = /** @type {HTMLElement} */ (this.el.querySelector("#new-title"));
    title.textContent = listed ? T.lobby.openTitle : T.newGame;
    this.startBtn.textContent = listed ? T.lobby.open : T.start;
    /** @type {Promise<void>} */
    const closed = new Promise((resolve) => {
      this.closed = resolve;
    });
    this.choices = choices;
    this.clockBox.replaceChildren(
      ...choices.clocks.map((sec) =>
        h("option", { value: String(sec), text: sec ? T.clock.seconds(sec) : T.clock.off }),
      ),
    );
    const s = { ...choices.defaults, ...(settings ?? {}) };
    this.seats = (s.seats ?? choices.defaults.seats).map((seat) => ({ ...seat }));
    this.seatsBox.replaceChildren(); // the last opening's rows are not this one's choices
    this.modeBox.replaceChildren(
      h("legend", { text: T.modeLegend }),
      ...choices.modes.map((mode) => {
        const words = modeWords(mode);
        return h(
          "label",
          { class: "choice wide" },
          h("input", {
            type: "radio",
            name: "mode",
            value: mode,
            checked: mode === s.mode,
            onchange: () => this.#layout(),
          }),
          h("span", {}, h("b", { text: words.name }), h("small", { text: words.about(choices.default_target) })),
        );
      }),
    );
    this.playersBox.replaceChildren(
      h("legend", { text: T.playersLegend }),
      ...choices.players.map((n) =>
        h(
          "label",
          { class: "choice" },
          h("input", {
            type: "radio",
            name: "players",
            value: String(n),
            checked: n === this.seats.length,
            onchange: () => this.#layout(),
          }),
          h("span", { text: T.playersCount(n) }),
        ),
      ),
    );
    this.hideSumBox.checked = Boolean(s.hide_sum);
    // no WebRTC in this browser: its tables go through the relays, whatever the preference says
    const fixed = Boolean(this.on.relayOnly?.fixed);
    this.hideAddressBox.checked = fixed || Boolean(this.on.relayOnly?.get());
    this.hideAddressBox.disabled = fixed;
    this.hideAddressWhy.textContent = fixed ? T.room.noDirect : T.room.hideWhy;
    this.rules.load(s);
    this.#layout();
    this.el.showModal();
    this.#checkedMode()?.focus();
    return closed;
  }

  /** @returns {HTMLInputElement|null} */
  #checkedMode() {
    return this.el.querySelector("input[name=mode]:checked");
  }

  /** The mode chosen: its radio's value is one of Python's `choices.modes`. */
  #mode() {
    return /** @type {SettingsJson["mode"]} */ (this.#checkedMode()?.value ?? "match");
  }

  /** Seats and fields for the chosen mode and player count. */
  #layout() {
    const choices = this.choices;
    if (!choices) return; // not shown yet
    this.#readSeats();
    const mode = this.#mode();
    const partners = mode === "partners";
    const fixed = partners ? choices.partners_players : null;
    for (const input of this.playersBox.querySelectorAll("input")) {
      input.disabled = Boolean(fixed) && Number(input.value) !== fixed;
      if (fixed) input.checked = Number(input.value) === fixed;
    }
    /** @type {HTMLInputElement|null} */
    const players = this.playersBox.querySelector("input:checked");
    const n = Number(players?.value ?? 2);
    while (this.seats.length < n) this.seats.push({ controller: "expert" });
    this.seats.length = n;
    this.rules.main.hidden = mode === "sprint"; // a sprint is one round: no target
    const computers = choices.computers;
    const named = choices.named; // the seats that carry a name: a person here, a friend elsewhere
    const rows = seatPositions(n).map((place, i) => {
      const seat = i + 1;
      const spec = this.seats[seat];
      const select = h(
        "select",
        { id: `seat-${seat}`, name: `seat-${seat}`, onchange: () => this.#layout() },
        ...[...computers, ...named].map((c) => h("option", { value: c, text: T.controllers[c] })),
      );
      select.value = spec.controller === "you" ? "expert" : spec.controller;
      const name = h("input", {
        type: "text",
        id: `seat-${seat}-name`,
        class: "seat-name",
        maxlength: String(choices.name_max),
        autocomplete: "off",
        spellcheck: "false",
        placeholder: T.namePlaceholder(seat + 1),
        "aria-label": `${T.nameLabel}, ${T.places[place].toLowerCase()}`,
        hidden: !named.includes(select.value),
      });
      name.value = spec.name ?? "";
      const role = partners ? (place === "top" ? T.partnerSeat : T.opponentSeat) : "";
      return h(
        "div",
        { class: "seat-row" },
        h(
          "label",
          { for: `seat-${seat}`, class: "seat-place" },
          h("b", { text: T.places[place] }),
          role ? h("small", { text: role }) : null,
        ),
        select,
        name,
      );
    });
    this.seatsBox.replaceChildren(h("legend", { text: T.seatsLegend }), ...rows);
    this.#refreshRules(); // the number of players and the mode change the rules' defaults
  }

  #readSeats() {
    const named = this.choices?.named ?? [];
    for (let seat = 1; seat < this.seats.length; seat++) {
      /** @type {HTMLSelectElement|null} */
      const select = this.el.querySelector(`#seat-${seat}`);
      if (!select) continue;
      /** @type {HTMLInputElement|null} */
      const nameBox = this.el.querySelector(`#seat-${seat}-name`);
      const name = nameBox?.value ?? "";
      const controller = select.value;
      this.seats[seat] = named.includes(controller) ? { controller, name } : { controller };
    }
  }

  /** The dialog's settings as they stand. */
  #settings() {
    this.#readSeats();
    return {
      mode: this.#mode(),
      ...this.rules.value(),
      seats: [{ controller: "you" }, ...this.seats.slice(1)],
      hide_sum: this.hideSumBox.checked,
    };
  }

  #refreshRules() {
    return this.rules.refresh(this.#settings());
  }

  #start() {
    if (!this.rules.valid) return;
    // valid: the preset is loaded and Python's form found the options possible
    const settings = /** @type {SettingsJson} */ (this.#settings());
    this.close();
    this.on.start(settings, {
      clock: Number(this.clockBox.value),
      listed: this.listed,
      watch: this.watchBox.checked,
      rated: this.ratedBox.checked,
    });
  }
}
