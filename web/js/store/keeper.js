// @ts-check
// Keeping the match: every reply that changes the table is stored (storage.js: sealed, signed,
// never over a newer save of the same match), and the person is told, and kept told, while
// storage fails (from the start where the browser refuses storage altogether); it is tried again
// without waiting for the next move. A save found to be behind the stored one (another tab played
// on) stops this tab instead (`stale`).

import { sameSave, storageWorks, storeSave } from "./storage.js";

/** @typedef {import("../shapes/engine.js").StoredSave} StoredSave */

const SAVE_RETRY_MS = 5000; // while a save fails, how often it is tried again without a move

export class SaveKeeper {
  /**
   * @param {object} o
   * @param {import("./savekeys.js").SaveKeys|null} o.saveKeys seals and signs saves; null where the browser cannot
   * @param {(failing: boolean) => void} o.trouble say (or stop saying) that saving fails
   * @param {() => void} o.stale another tab played on: this one is behind
   * @param {() => boolean} o.halted another tab has the table: nothing more is written
   */
  constructor({ saveKeys, trouble, stale, halted }) {
    this.saveKeys = saveKeys;
    this.trouble = trouble;
    this.stale = stale;
    this.halted = halted;
    /** @type {StoredSave["rest"]|null} the rest of the save in storage now (as Python handed it over) */
    this.stored = null;
    /** @type {string|null} the match in play's id, from Python's last reply */
    this.matchId = null;
    this.retryTimer = 0;
    if (!storageWorks()) trouble(true);
  }

  /** The save keys, once opened (they may open after the table is up).
   * @param {import("./savekeys.js").SaveKeys|null} saveKeys */
  useKeys(saveKeys) {
    this.saveKeys = saveKeys;
  }

  /**
   * The save just resumed is in storage already: it is not written again.
   * @param {import("./storage.js").LoadedSave|null} loaded
   */
  resumed(loaded) {
    this.stored = loaded?.rest ?? null;
  }

  /** Another tab had the table: what is in storage is not known any more (it is read again). */
  forget() {
    clearTimeout(this.retryTimer);
    this.stored = null;
  }

  /**
   * Keep a reply's save (`reply.stored`, Python's: {match_id, moves, seed, rest}).
   * @param {{stored?: StoredSave}|null|undefined} reply
   * @returns {Promise<void>}
   */
  async keep(reply) {
    const save = reply?.stored;
    if (!save) return;
    clearTimeout(this.retryTimer);
    this.matchId = save.match_id;
    if (this.halted() || sameSave(save.rest, this.stored)) return; // nothing new: the stored save stands
    const done = await storeSave(this.saveKeys, save);
    if (done === "saved") this.stored = save.rest;
    if (done === "stale") {
      this.stale();
      return;
    }
    this.trouble(done !== "saved");
    // storage may come back (space freed, another tab closed) before the next move: try again
    if (done !== "saved") this.retryTimer = setTimeout(() => this.keep(reply), SAVE_RETRY_MS);
  }
}
