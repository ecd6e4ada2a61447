// @ts-check
// The table's tools (the menu and the keys that open the same things): New game, the rules, the
// keys, How to play, the fair deal, the language, the sound (the mute) and its levels. Each dialog is modal over the
// table (board/state.js modal()): nothing on the table may be touched while it is up, and the keyboard
// goes back to the table when it closes. What a dialog shows comes from Python (the choices, the
// rules text, the fair deal's commitment) or from the snapshot.

import { LANG, LANGUAGES } from "../i18n/lang.js";
import { canDirect } from "../net/direct.js";
import { soundLevels, storePrefs } from "../store/storage.js";
import { showKeys, showRules } from "../ui/dialogs/help.js";
import { showHowTo } from "../ui/dialogs/howto.js";
import { NewGameDialog } from "../ui/dialogs/newgame.js";
import { showFairDeal } from "../ui/dialogs/notices.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../shapes/choices.js").Choices} Choices */
/** @typedef {import("../store/storage.js").Prefs} Prefs */

/**
 * What the tools use of the request flow (controller.js): Python's answers (any of its replies:
 * JSON, each read for the field its op gives) and a new match.
 * @typedef {Object} ToolsController
 * @property {(op: string, payload: object, blocking: boolean) => Promise<any>} call
 * @property {(settings: SettingsJson, seed: null, o: {gather: {name: string, clock: number, watch: boolean,
 *   rated: boolean}|null}) => Promise<void>} newGame
 */

/**
 * What the tools use of the HUD (ui/hud.js): its root, the How to play offer, the sound button.
 * @typedef {{root: HTMLElement, offerHowTo: (on: boolean) => void, setMuted: (muted: boolean) => void}} ToolsHud
 */

/**
 * What the tools use of the sound (sound/sound.js).
 * @typedef {Object} ToolsSound
 * @property {(levels: {effects?: number, music?: number}) => void} setLevels
 * @property {(muted: boolean) => void} setMuted
 * @property {() => void} unlock
 * @property {() => void} clink
 */

/**
 * Play online (playonline.js, made after the tools, so each is called when needed): the player's
 * name at the table, the table being gathered listed there (no invite dialog: the lobby seats it),
 * and a table just opened announced in the lobby.
 * @typedef {Object} ToolsOnline
 * @property {() => string} name
 * @property {() => void} list
 * @property {(spec: {settings: SettingsJson, clock: number, quick: null}) => Promise<void>} announce
 */

export class Tools {
  /**
   * @param {object} o
   * @param {{snap: Snapshot|null}} o.state the table's state (board/state.js): its snapshot
   * @param {ToolsController} o.controller
   * @param {ToolsHud} o.hud
   * @param {Prefs} o.prefs the page's preferences (storage.js), kept when changed
   * @param {ToolsSound} o.sound
   * @param {<T>(open: () => Promise<T>) => Promise<T>} o.modal the table's modal(): see Game
   * @param {ToolsOnline} o.online
   */
  constructor({ state, controller, hud, prefs, sound, modal, online }) {
    this.state = state;
    this.controller = controller;
    this.hud = hud;
    this.prefs = prefs;
    this.sound = sound;
    this.modal = modal;
    /** @type {Choices|null|undefined} Python's choices for New game (asked at the start, else when opened) */
    this.choices = null;
    this.online = online;
    this.dialog = new NewGameDialog(hud.root, {
      // a table with friends' seats gathers with the player's name and its clock; one opened
      // from Play online is listed there (table/playonline.js)
      start: (settings, { clock, listed, watch, rated }) => this.started(settings, clock, listed, watch, rated),
      form: async (settings) => (await controller.call("rules_form", { settings }, false))?.form ?? null,
      relayOnly: {
        fixed: !canDirect(), // no WebRTC in this browser
        get: () => prefs.relayOnly === true,
        set: (on) => {
          prefs.relayOnly = on;
          storePrefs(prefs);
        },
      },
    });
  }

  /**
   * Python's choices for New game (asked once).
   * @returns {Promise<Choices|null|undefined>}
   */
  async choicesNow() {
    this.choices ??= (await this.controller.call("choices", {}, false))?.choices;
    return this.choices;
  }

  /** Python's choices, as the start asked them (New game then opens without asking again).
   * @param {Choices|null} choices */
  knowChoices(choices) {
    this.choices ??= choices;
  }

  /**
   * New game; `listed`: Open a table (Play online), a friend's seat at least, then listed.
   * @param {{listed?: boolean}} [o]
   */
  async newGame({ listed = false } = {}) {
    const choices = await this.choicesNow();
    if (!choices) return;
    // the last choices made in the dialog, else the table in play
    /** @type {Partial<SettingsJson>|undefined} */
    let last = this.prefs.settings?.seats ? this.prefs.settings : this.state.snap?.settings;
    const friend = choices.friend;
    if (listed && !last?.seats?.some((s) => s.controller === friend))
      last = { ...(last ?? {}), mode: "match", seats: [{ controller: "you" }, { controller: friend }] };
    await this.modal(() => this.dialog.show(choices, last, { listed }));
  }

  /**
   * The dialog's Start: a new match with its settings (a table with friends' seats gathers, and
   * one opened from Play online is listed there).
   * @param {SettingsJson} settings @param {number} clock @param {boolean} listed
   * @param {boolean} [watch] @param {boolean} [rated]
   */
  async started(settings, clock, listed, watch = false, rated = false) {
    const friends = settings.seats.some((s) => s.controller === this.choices?.friend);
    const gather = friends ? { name: this.online.name(), clock, watch, rated } : null;
    if (listed && friends) this.online.list(); // no invite dialog: the lobby seats it
    await this.controller.newGame(settings, null, { gather });
    if (listed && friends) await this.online.announce({ settings, clock, quick: null });
  }

  async rules() {
    const reply = await this.controller.call("rules_text", {}, false);
    if (!reply?.ok) return;
    await this.modal(() => showRules(this.hud.root, reply.rules));
  }

  keys() {
    return this.modal(() => showKeys(this.hud.root));
  }

  async howTo() {
    this.howToDone();
    if (!this.state.snap) return; // the table's rules are not in yet
    const snap = this.state.snap;
    await this.modal(() => showHowTo(this.hud.root, snap));
  }

  /** How to play was opened or declined: not offered again. */
  howToDone() {
    this.hud.offerHowTo(false);
    if (this.prefs.howTo) return;
    this.prefs.howTo = true;
    storePrefs(this.prefs);
  }

  async fair() {
    const fair = this.state.snap?.fair;
    if (!fair) return;
    const record = async () => (await this.controller.call("record", {}, false))?.record;
    await this.modal(() => showFairDeal(fair, record));
  }

  /** The next language, remembered; the page reloads in it (the match is saved: nothing is lost). */
  language() {
    const codes = Object.keys(LANGUAGES);
    this.prefs.lang = codes[(codes.indexOf(LANG) + 1) % codes.length];
    storePrefs(this.prefs);
    location.reload();
  }

  /** The effects' and the music's levels: each change heard at once and remembered. The mute
   * stays as it is (it is over both). The dialog is imported when first opened (precached, so
   * offline too): a first load does not carry it. */
  levels() {
    /** @param {"effects"|"music"} kind @param {number} level @param {boolean} done */
    const change = (kind, level, done) => {
      this.prefs[kind] = level;
      this.sound.setLevels({ [kind]: level });
      this.sound.unlock(); // a slider moved by a person: a gesture (music may start now)
      if (!done) return;
      storePrefs(this.prefs);
      if (kind === "effects") this.sound.clink(); // how loud the table now knocks
    };
    return this.modal(async () => {
      const { showLevels } = await import("../ui/dialogs/soundlevels.js");
      return showLevels(this.hud.root, soundLevels(this.prefs), { muted: this.prefs.muted, change });
    });
  }

  toggleSound() {
    this.prefs.muted = !this.prefs.muted;
    storePrefs(this.prefs);
    this.sound.setMuted(this.prefs.muted);
    this.hud.setMuted(this.prefs.muted);
    if (!this.prefs.muted) {
      this.sound.unlock();
      this.sound.clink();
    }
  }
}
