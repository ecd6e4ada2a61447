// @ts-check
// A watcher's page: the table of a game played online, as the public may see it (net/watch.js:
// the host's stream through the relays), drawn from what the host's Python made for no seat and
// checked by this device's Python (op `host_message`, the `watch` kind) like any host's text. This
// page plays nothing and sends nothing but its hello and goodbye: a move, a hint or a reaction is
// answered with words, never sent; the table's engine on this device only checks what comes.
//
//   const watching = new Watching({ local, accept, toast, changed, relays });
//   watching.bridge                   // the table's engine on this device: nothing to play
//   await watching.join({ secret, host })
//   watching.leave()                  // says goodbye; this device's own table comes back

import { T } from "../i18n/strings.js";
import { readHostText } from "./earlycheck.js";
import { relaysFrom } from "./relays.js";

/** What a watcher's own Python answers (career, words, checks); nothing of the table's. */
const LOCAL_OPS = new Set(["ping", "choices", "rules_form", "career", "daily", "host_message", "replay_round"]);
/** The stream counts as live while a table came within this long (the host sends one a move, and
 * again to each watcher who says hello). */
const QUIET_MS = 150_000;

export class Watching {
  /**
   * @param {object} o
   * @param {{call: (op: string, payload?: object) => Promise<any>, up?: boolean, whenUp?: Promise<void>}} o.local
   *   this device's engine (its replies: any of Python's, passed on as they are)
   * @param {(reply: {ok: true, snapshot: object, events: object[]}) => Promise<void>} o.accept the
   *   watchers' table, taken in as the table's own
   * @param {(text: string) => void} o.toast
   * @param {() => void} o.changed how the watching stands changed
   * @param {unknown} [o.relays] the preference `relays` (net/relays.js)
   */
  constructor({ local, accept, toast, changed, relays }) {
    this.local = local;
    this.accept = accept;
    this.toast = toast;
    this.changed = changed;
    this.relays = relaysFrom({ relays }).urls;
    /** @type {import("./watch.js").WatchGuest | null} */
    this.stream = null;
    /** @type {string|null} the host's table id, from its first text */
    this.table = null;
    this.heardAt = 0;
    this.full = false;
    this.applying = Promise.resolve();
    /** @type {{call: (op: string, payload?: object) => Promise<any>, drives: boolean}} */
    this.bridge = { call: (op, payload) => this.#call(op, payload), drives: false };
    addEventListener("pagehide", () => this.stream?.close());
  }

  get active() {
    return this.stream !== null;
  }

  /** The host's stream is coming: the table drawn is the one being played (one move behind). */
  get live() {
    return this.heardAt > 0 && Date.now() - this.heardAt < QUIET_MS;
  }

  /** The test hook's view: a watcher plays no seat. */
  hook() {
    return this.active ? { role: "watcher", seats: [], commitment: null } : null;
  }

  /** Watch the table whose watch link this page opened.
   * @param {{secret: string, host: string}} link the watch secret and the host's key, from the link */
  async join({ secret, host }) {
    if (!this.relays.length) return this.toast(T.watch.noRelays); // this player wants no relay
    this.changed();
    try {
      const { WatchGuest } = await import("./watch.js");
      this.stream = await WatchGuest.open({
        secret,
        host,
        relays: this.relays,
        ontable: (text) => this.#heard(text),
        onfull: () => {
          this.full = true;
          this.toast(T.watch.full);
          this.changed();
        },
      });
    } catch {
      this.toast(T.watch.noRelays);
    }
    this.changed();
  }

  /** A text of the host's stream: checked (by Python once it is up), then drawn, in order.
   * @param {string} text */
  #heard(text) {
    this.applying = this.applying.then(async () => {
      const reply = await readHostText(this.local, text, () => this.leave(false));
      const m = reply?.ok ? reply.message : null;
      if (m?.kind !== "watch") return; // a watcher takes the watchers' table only
      if (this.table && m.table !== this.table) return;
      this.table = m.table;
      this.heardAt = Date.now();
      this.full = false;
      await this.accept({ ok: true, snapshot: m.snapshot, events: m.events ?? [] });
      this.changed();
    });
  }

  /** The table's engine on this device: a watcher checks what comes and plays nothing.
   * @param {string} op @param {object} [payload]
   * @returns {Promise<any>} Python's reply (any of them), or one made here */
  async #call(op, payload = {}) {
    if (op === "intent") {
      this.toast(T.watch.cannotPlay);
      return null;
    }
    if (op === "record") return { ok: true, record: null };
    if (LOCAL_OPS.has(op)) return this.local.call(op, payload);
    return { ok: false, code: "bad_request", error: `${op}: a watcher plays no seat`, values: {} };
  }

  /** Stop watching: a goodbye to the host (`reload`: this device's own table comes back). */
  leave(reload = true) {
    this.stream?.close();
    this.stream = null;
    this.changed();
    if (reload) setTimeout(() => location.replace(location.pathname + location.search), 350);
  }
}
