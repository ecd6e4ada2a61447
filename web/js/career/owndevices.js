// @ts-check
// The career across one's own devices (career/flow.js hands these to it): an export's import,
// pairing with another device (by one link over the relays, or by codes sent by hand: pair.js),
// the paired devices' sync that keeps one career on all of them (sync.js), and a pairing link
// opened here (#pair-room=). Each part is imported when first used: a first visit downloads only
// what the table needs. What a merge or an import means is Python's (op career_merge, check_import).

import { h } from "../dom/dom.js";
import { setDesign } from "../draw/designs.js";
import { T } from "../i18n/strings.js";
import { read } from "../store/storage.js";
import { askDialog } from "../ui/modal.js";
import { DEVICES_KEY } from "./devices.js";
import { DESIGN_PREFS } from "./store.js";

/** @typedef {import("./flow.js").CareerGame} CareerGame */
/** @typedef {import("./flow.js").EngineCall} EngineCall */

export class OwnDevices {
  /**
   * @param {object} o
   * @param {import("./store.js").Career} o.career this device's career
   * @param {EngineCall} o.call the engine (not blocking the table)
   * @param {CareerGame} o.game
   * @param {(figures: import("../shapes/career.js").CareerFigures) => void} o.took a merge's
   *   figures, now the career's
   */
  constructor({ career, call, game, took }) {
    this.career = career;
    this.call = call;
    this.game = game;
    this.took = took;
    /** @type {Promise<import("./sync.js").DeviceSync>|null} once paired devices are kept (or a pairing begins) */
    this.syncing = null;
    /** @type {import("./sync.js").DeviceSync|null} the same, once it is there */
    this.sync = null;
  }

  async importCareer() {
    const { importCareer } = await import("./transfer.js");
    const done = await importCareer({
      career: this.career,
      call: this.call,
      root: this.game.root,
      applyPrefs: (/** @type {Partial<import("../store/storage.js").Prefs>} */ prefs) => {
        Object.assign(this.game.prefs, prefs); // only the preferences an export carries
        this.game.savePrefs();
      },
    });
    if (done) location.reload(); // the table, its designs and its language as imported
  }

  /** Pair this device with another of one's own and merge the careers (pair.js); `given`: the
   * invite of a #pair= link. The page starts again from a merged career.
   * @param {string|null} [given] */
  async pair(given = null) {
    if (given === null) {
      const sync = await this.devicesSync();
      if (sync.possible && (await this.game.modal(() => this.#pairByLink(sync))) !== "manual") return;
    }
    const [{ pairDevices }, { scan }] = await Promise.all([import("./pair.js"), import("../net/qr.js")]);
    const done = await this.game.modal(() =>
      pairDevices({
        career: this.career,
        prefs: this.game.prefs,
        call: this.call,
        root: this.game.root,
        site: `${location.origin}${location.pathname}`,
        iceServers: Array.isArray(this.game.prefs.iceServers) ? this.game.prefs.iceServers : undefined,
        given,
        scan: (/** @type {HTMLVideoElement} */ video, /** @type {AbortSignal} */ signal) => scan(video, { signal }),
        applyPrefs: (/** @type {Partial<import("../store/storage.js").Prefs>} */ prefs) => {
          Object.assign(this.game.prefs, prefs); // only the designs, where this device chose none
          this.game.savePrefs();
        },
      }),
    );
    if (done) location.reload(); // the career, its figures and trophies as merged
  }

  /**
   * The paired devices' sync (career/sync.js), loaded when first needed.
   * @returns {Promise<import("./sync.js").DeviceSync>}
   */
  devicesSync() {
    this.syncing ??= Promise.all([import("./sync.js"), import("../net/relays.js")]).then(
      ([{ DeviceSync }, { relaysFrom }]) => {
        this.sync = new DeviceSync({
          career: this.career,
          call: this.call,
          relays: relaysFrom(this.game.prefs).urls,
          toast: (text) => this.game.toast(text),
          designs: () =>
            Object.fromEntries(
              DESIGN_PREFS.filter((k) => this.game.prefs[k] !== undefined).map((k) => [k, this.game.prefs[k]]),
            ),
          merged: (/** @type {import("./sync.js").MergeReply} */ reply) => this.#merged(reply),
        });
        return this.sync;
      },
    );
    return this.syncing;
  }

  /** The page is up: a device paired before meets its pairs that are open (nothing loads
   * otherwise: a first visit's bytes stay the table's). */
  async startSync() {
    if (read(DEVICES_KEY) === null) return;
    await (await this.devicesSync()).start();
  }

  /**
   * A merge replaced the career: its figures, and the designs this device chose none of.
   * @param {import("./sync.js").MergeReply} reply
   */
  #merged(reply) {
    this.took(reply.career);
    const prefs = this.game.prefs;
    const unset = DESIGN_PREFS.filter((k) => prefs[k] === undefined && reply.merged.prefs?.[k] !== undefined);
    if (unset.length) {
      for (const k of unset) prefs[k] = reply.merged.prefs[k];
      this.game.savePrefs();
      setDesign({ tiles: prefs.tiles, felt: prefs.felt });
      this.game.redraw();
    }
  }

  /** Pairing by one link (the relays carry it): this device's link, the paired devices; the
   * codes sent by hand when the person asks ("manual").
   * @param {import("./sync.js").DeviceSync} sync */
  async #pairByLink(sync) {
    const { PairLinkDialog } = await import("../ui/dialogs/pairlink.js");
    const dialog = new PairLinkDialog(this.game.root);
    const closed = dialog.open({
      devices: sync.paired,
      forget: (/** @type {string} */ room) => {
        sync.forget(room);
        dialog.list(sync.paired);
      },
    });
    let offer = null;
    try {
      offer = await sync.offer(`${location.origin}${location.pathname}`);
      dialog.offer(offer.link);
      dialog.status(T.sync.waiting);
      offer.answered.then((/** @type {string} */ label) => {
        dialog.status(T.sync.paired(label || T.sync.otherDevice));
        dialog.list(sync.paired);
      });
    } catch {
      dialog.status(T.sync.cannot);
    }
    const how = await closed;
    offer?.cancel();
    return how;
  }

  /**
   * This device opened another's pairing link (#pair-room=): asked once, then paired.
   * @param {{room: string, peer: string}} given the link's: the room's secret, the other device's key
   */
  async pairRoom(given) {
    const sync = await this.devicesSync();
    if (!sync.possible) return this.game.toast(T.sync.noRelays);
    const S = T.sync;
    const yes = await this.game.modal(() =>
      askDialog(
        "pair-ask",
        S.askTitle,
        [h("p", { class: "panel-sub", text: S.ask })],
        [
          { id: "pair-ask-no", text: S.notNow, value: false },
          { id: "pair-ask-yes", text: S.pair, value: true, primary: true },
        ],
      ),
    );
    if (yes !== true) return;
    try {
      await sync.accept(given);
      this.game.toast(S.pairedHere);
    } catch {
      this.game.toast(S.cannot);
    }
  }
}
