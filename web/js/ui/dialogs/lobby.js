// @ts-check
// The Play online dialog (table/playonline.js drives it): the player's name at the table, Quick match
// (2 players or partners, any rules or one preset), Open a table (the New game dialog, its table
// then listed), the open tables, live, each with Join (the table in words as its accessible
// description), and the tables in play that let people watch, each with Watch. While this page's own quick match waits, the dialog says so, with the computer
// offered instead and, once someone has joined, the empty seats for computers. Every name a
// stranger sent is set as text (h's `text`), never as markup.

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { Modal, statusLine } from "./invitekit.js";

/** A catalogue's words by a key that may not be one of its own. @param {object} words */
const byKey = (words) => /** @type {Record<string, string|undefined>} */ (words);

/** A host's title in words (a code this page does not know is not said).
 * @param {string|null|undefined} code */
const titleWords = (code) => (code ? (byKey(T.titles)[code] ?? null) : null);

/**
 * A table as the list shows it (net/lobby.js's entry, as table/playonline.js hands it on): one open
 * to join, or (`playing`) one in play to watch, with its watchers.
 * @typedef {{id: string, preset: string, target: number, players: number, teams: boolean,
 *   sprint: boolean, free?: number, name: string, lang: string, since: number, clock: number,
 *   quick?: string|null, playing: boolean, watchers?: number, rating?: number|null,
 *   provisional?: boolean, title?: string|null, abandoned?: number}} ListedTable
 */

/** How long a table has waited, in words. @param {number} seconds */
export const waitedWords = (seconds) => T.lobby.minutes(Math.floor(Math.max(0, seconds) / 60));

export class LobbyDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "lobby");
    /** @type {WeakMap<HTMLElement, string>} what each list last showed (#fill) */
    this.filled = new WeakMap();
    // made by open(), each time the dialog opens (every method but open() returns while it is shut)
    /** @type {{join: (table: ListedTable) => void, watch: (table: ListedTable) => void, refresh: () => void}} */
    this.on; // declared for the type checker
    /** @type {HTMLElement} */
    this.playList; // declared for the type checker
    /** @type {HTMLElement} */
    this.playCount; // declared for the type checker
    /** @type {HTMLElement} */
    this.quickBox; // declared for the type checker
    /** @type {HTMLElement} */
    this.waitBox; // declared for the type checker
    /** @type {HTMLElement} */
    this.list; // declared for the type checker
    /** @type {HTMLElement} */
    this.count; // declared for the type checker
    /** @type {HTMLButtonElement} */
    this.refreshBtn; // declared for the type checker
  }

  get isOpen() {
    return this.modal.isOpen;
  }

  /**
   * @param {object} o
   * @param {string} o.name the player's name at the table (the preference `name`)
   * @param {string[]} o.presets the rule presets (Python's choices)
   * @param {(name: string) => void} o.rename
   * @param {(kind: string, preset: string|null) => void} o.quick
   * @param {() => void} o.openTable
   * @param {(table: ListedTable) => void} o.join
   * @param {(table: ListedTable) => void} o.watch a table in play, watched
   * @param {() => void} o.refresh the list after a pause
   * @returns {Promise<string>} how it closed
   */
  open({ name, presets, rename, quick, openTable, join, watch, refresh }) {
    const p = this.modal.prefix;
    const L = T.lobby;
    this.on = { join, watch, refresh };
    this.isPaused = false;
    this.line = statusLine(`${p}-status`);
    const nameBox = h("input", {
      type: "text",
      id: `${p}-name`,
      maxlength: "16",
      autocomplete: "nickname",
      value: name,
      onchange: (e) => rename(/** @type {HTMLInputElement} */ (e.target).value),
    });
    const kinds = h(
      "fieldset",
      { class: "choices", id: `${p}-kind` },
      h("legend", { text: L.kindLegend }),
      ...Object.entries(L.kinds).map(([kind, words], i) =>
        h(
          "label",
          { class: "choice" },
          h("input", { type: "radio", name: `${p}-kind`, value: kind, checked: i === 0 }),
          h("span", { text: words }),
        ),
      ),
    );
    const rules = h(
      "select",
      { id: `${p}-rules` },
      h("option", { value: "", text: L.anyRules }),
      ...presets.map((preset) => h("option", { value: preset, text: byKey(T.presets)[preset] ?? preset })),
    );
    this.quickBox = h(
      "section",
      { class: "invite-part", "aria-labelledby": `${p}-quick-title` },
      h("h3", { id: `${p}-quick-title`, text: L.quickTitle }),
      h("p", { class: "panel-sub", text: L.quickAbout }),
      kinds,
      h("label", { class: "field", for: `${p}-rules` }, h("span", { text: L.rulesLabel }), rules),
      h("button", {
        type: "button",
        class: "big-button primary",
        id: `${p}-quick`,
        text: L.quick,
        onclick: () => {
          const kind = /** @type {HTMLInputElement|null} */ (kinds.querySelector("input:checked"))?.value ?? "2p";
          quick(kind, rules.value || null);
        },
      }),
    );
    this.waitBox = h("section", { class: "invite-part lobby-wait", id: `${p}-wait`, hidden: true });
    this.list = h("ul", { class: "lobby-list", id: `${p}-list`, "aria-labelledby": `${p}-tables-title` });
    this.count = h("p", { class: "panel-sub", id: `${p}-count`, role: "status", "aria-live": "polite" });
    this.playList = h("ul", { class: "lobby-list", id: `${p}-playing`, "aria-labelledby": `${p}-playing-title` });
    this.playCount = h("p", { class: "panel-sub", id: `${p}-playing-count` });
    this.refreshBtn = h("button", {
      type: "button",
      class: "big-button quiet",
      id: `${p}-refresh`,
      text: L.refresh,
      hidden: true,
      onclick: () => this.on.refresh(),
    });
    const closed = this.modal.show(L.title, [
      h("p", { class: "invite-intro", text: L.intro }),
      h("label", { class: "field", for: `${p}-name` }, h("span", { text: L.nameLabel }), nameBox),
      this.quickBox,
      this.waitBox,
      h(
        "section",
        { class: "invite-part", "aria-labelledby": `${p}-open-title` },
        h("h3", { id: `${p}-open-title`, text: L.openTitle }),
        h("p", { class: "panel-sub", text: L.openAbout }),
        h("button", { type: "button", class: "big-button", id: `${p}-open`, text: L.open, onclick: () => openTable() }),
      ),
      h(
        "section",
        { class: "invite-part", "aria-labelledby": `${p}-tables-title` },
        h("h3", { id: `${p}-tables-title`, text: L.tablesTitle }),
        this.count,
        this.refreshBtn,
        this.list,
      ),
      h(
        "section",
        { class: "invite-part", "aria-labelledby": `${p}-playing-title` },
        h("h3", { id: `${p}-playing-title`, text: L.playingTitle }),
        this.playCount,
        this.playList,
      ),
      this.line,
    ]);
    this.show([]);
    return closed;
  }

  /** The tables, as the lobby lists them (each already checked), in words: those open to join,
   * and those in play to watch.
   * @param {ListedTable[]} listed @param {number} [nowS] */
  show(listed, nowS = Date.now() / 1000) {
    if (!this.modal.isOpen) return;
    const p = this.modal.prefix;
    const L = T.lobby;
    const tables = listed.filter((t) => !t.playing);
    const playing = listed.filter((t) => t.playing);
    // paused, the line keeps saying so: a change heard just before (or the waited times moving
    // on) redraws the list, not the words that it is paused
    if (!this.isPaused) this.count.textContent = tables.length ? L.count(tables.length) : L.none;
    this.playCount.textContent = playing.length ? L.playingCount(playing.length) : L.playingNone;
    const focused = /** @type {HTMLElement|null} */ (document.activeElement)?.dataset?.table;
    this.#fill(
      this.playList,
      playing,
      playing.map((t) => {
        const about = `${p}-w-${t.id}`;
        const words = L.describePlaying({
          rules: byKey(T.presets)[t.preset] ?? t.preset,
          target: t.target,
          players: t.players,
          teams: t.teams,
          sprint: t.sprint,
          name: t.name,
          lang: byKey(L.languages)[t.lang] ?? t.lang,
          playing: waitedWords(nowS - t.since),
          watchers: t.watchers ?? 0,
        });
        return h(
          "li",
          { class: "lobby-table" },
          h("p", { id: about, text: words }),
          h("button", {
            type: "button",
            class: "big-button quiet",
            text: L.watch,
            "data-table": `w-${t.id}`,
            "aria-describedby": about,
            onclick: () => this.on.watch(t),
          }),
        );
      }),
    );
    this.#fill(
      this.list,
      tables,
      tables.map((t) => {
        const about = `${p}-t-${t.id}`;
        const words = L.describe({
          rules: byKey(T.presets)[t.preset] ?? t.preset,
          target: t.target,
          players: t.players,
          teams: t.teams,
          sprint: t.sprint,
          free: t.free ?? 0,
          // the host's rating and title, its own word (net/lobbyevents.js)
          name: T.ratings.host(t.name, t.rating ?? null, t.provisional === true, titleWords(t.title), t.abandoned ?? 0),
          lang: byKey(L.languages)[t.lang] ?? t.lang,
          waited: waitedWords(nowS - t.since),
          clock: t.clock ? T.clock.seconds(t.clock) : "",
        });
        const button = h("button", {
          type: "button",
          class: "big-button",
          text: L.join,
          "data-table": t.id,
          "aria-describedby": about,
          onclick: () => this.on.join(t),
        });
        return h(
          "li",
          { class: "lobby-table" },
          h("p", { id: about, text: t.quick ? `${words} (${L.quickTag})` : words }),
          button,
        );
      }),
    );
    if (focused)
      /** @type {HTMLElement|null} */ (
        this.list.querySelector(`[data-table="${focused}"]`) ?? this.playList.querySelector(`[data-table="${focused}"]`)
      )?.focus();
  }

  /** `list`'s rows, put in only when they say something new: a row a person is about to press
   * (or a screen reader is reading) stays the same element while nothing about it (its table, its
   * words) changed. @param {HTMLElement} list @param {ListedTable[]} tables @param {HTMLElement[]} rows */
  #fill(list, tables, rows) {
    const said = JSON.stringify(tables) + rows.map((row) => row.outerHTML).join("");
    if (this.filled.get(list) === said) return;
    this.filled.set(list, said);
    list.replaceChildren(...rows);
  }

  /** The list is paused (the page idle or hidden) or not: Refresh brings it back. @param {boolean} on */
  paused(on) {
    if (!this.modal.isOpen) return;
    this.isPaused = on;
    this.refreshBtn.hidden = !on;
    if (on) this.count.textContent = T.lobby.paused;
  }

  /** @param {string|null} [text] */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  /**
   * This page's quick match is waiting (null: not any more): what it looks for, how long, who has
   * joined, and what the player may do meanwhile.
   * @param {{kind: string, waited: number, joined: number, computer: () => void, fill: (() => void)|null, stop: () => void}|null} w
   */
  waiting(w) {
    if (!this.modal.isOpen) return;
    const L = T.lobby;
    this.quickBox.hidden = Boolean(w);
    this.waitBox.hidden = !w;
    if (!w) return this.waitBox.replaceChildren();
    const p = this.modal.prefix;
    const had = document.activeElement?.id;
    /** @param {string} id @param {string} text @param {() => void} onclick */
    const button = (id, text, onclick, primary = false) =>
      h("button", {
        type: "button",
        class: `big-button${primary ? " primary" : " quiet"}`,
        id: `${p}-${id}`,
        text,
        onclick,
      });
    this.waitBox.replaceChildren(
      h("h3", { text: L.looking }),
      h("p", { id: `${p}-looking`, text: L.lookingFor(String(byKey(L.kinds)[w.kind]), waitedWords(w.waited)) }),
      h("p", { class: "panel-sub", text: w.joined ? L.joinedSoFar(w.joined) : L.alone }),
      w.fill ? button("fill", L.fill, w.fill, true) : button("computer", L.computerInstead, w.computer),
      button("stop", L.stop, w.stop),
    );
    if (had) document.getElementById(had)?.focus();
  }

  close() {
    this.modal.close();
  }
}
