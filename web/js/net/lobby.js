// @ts-check
// The parlor's lobby on the relays: open tables announced where anyone can see them, and a quick
// match's waiting table among them. No server of ours: a host's page announces its table as a
// short-lived event on the same public relays that carry a room's handshake (nostr.js), and a
// page with the lobby open lists what it hears. Joining a listed table is opening its one link
// (the room's secret and the host's key, which the announcement carries: a public table is one
// anyone may join), so every seat is taken and kept exactly as a friend's (online.js).
//
//   const lobby = new Lobby({ relays, presets, onchange });   // the list, live
//   await lobby.open();  lobby.tables();  lobby.pause(); lobby.resume(); lobby.close();
//   const key = await lobby.ask({ quick: "2p" });   // hosts answer this page: entry.answered
//   const ad = new Announcer({ relays, key, entry: () => ({...}) });   // net/announcer.js
//   const seek = new Seek({ lobby, kind: "2p", relays });   // a quick match's look: net/quick.js
//
// A listing is a stranger's word, and a table listed is not yet a table that is there: anyone may
// announce a table nobody hosts (a ghost), or a host's page may have frozen. So a page asks, and
// the hosts answer it: each ask is signed by a fresh key, and a host's answer is its announcement
// naming that key (a tag "p"), which no ghost makes. Play online lists first the tables that
// answered this page; a quick match sits down only at one that answered its own ask (quick.js).
// A page asks when its lobby opens and again soon after it hears a table that has not answered it
// (at most every ASK_AGAIN_MS). How long a table has waited counts from when this page first
// heard it, never from the `since` it claims; an entry not heard again within ENTRY_LIFE_S (by
// this page's clock) leaves the list, and beyond MOST_TABLES the tables that never answered go
// first.
//
// Strangers are untrusted: an entry is shown only when every check passes, cheapest first
// (lobbyevents.js: the event's kind and topic, its size, its JSON's exact shape and types, the
// version, a preset this page knows, a time that is neither expired nor in the future; then its
// proof of work; then, within a budget, its signature), within one sender's flood limit and the
// lobby's limit on senders not heard before (an answer to this page's own ask has a budget of its
// own instead). A name is text to be set as text, never markup. The sender's key is the host's
// key in its room, so an announcement cannot name another host's room.

import {
  Checks,
  ENTRY_LIFE_S,
  entryProblem,
  LOBBY_KIND,
  LOBBY_VERSION,
  lobbyEvent,
  lobbyTopics,
  MOST_NAMED,
  tagged,
  WORK_BITS,
} from "./lobbyevents.js";
import { keyPair, loadCurve, RelayPool } from "./nostr.js";
import { Bucket } from "./peer.js";

export { ANNOUNCE_EVERY_MS, ANSWER_EVERY_MS, Announcer } from "./announcer.js";
export {
  askProblem,
  ENTRY_LIFE_S,
  entryProblem,
  LANGS,
  LOBBY_KIND,
  LOBBY_VERSION,
  lobbyEvent,
  lobbyTopics,
  MAX_ENTRY_CHARS,
  QUICK_KINDS,
  WORK_BITS,
} from "./lobbyevents.js";
export { ANSWER_WAIT_MS, givesWay, quickFits, quickTable, Seek } from "./quick.js";
export { worked } from "./work.js";

/** One sender: a few announcements at once, then one every 10 s (it repeats every 30 s). */
const PER_SENDER = { burst: 4, perSecond: 0.1 };
/** Senders not heard before, for the whole lobby (counted once their signature holds). */
const NEWCOMERS = { burst: 40, perSecond: 4 };
/** Answers to this page's own asks: read past the newcomers' and the senders' limits (a host
 * answering this page is what it asked for), within a budget of their own. */
const ANSWERS = { burst: 60, perSecond: 10 };
/** The most tables listed (beyond it, those that never answered go first) and senders remembered. */
export const MOST_TABLES = 60;
const SENDERS_KEPT = 512;
/** A table heard that has not answered this page brings an ask soon (ms), and no sooner than
 * ASK_AGAIN_MS after the last one. */
const ASK_SOON_MS = 300;
export const ASK_AGAIN_MS = 4000;
/** This page's asks remembered (their keys, to know an answer). */
const ASKS_KEPT = 64;
/** A table is listed as answering while it answered this page's last ask of every table, or the
 * one before while the last is younger than this (ms): its answer is on its way. */
export const ANSWER_GRACE_MS = 1500;

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {import("./nostr.js").PoolStatus} PoolStatus */
/**
 * A table listed: its announcement's fields (LobbyTable's, or a table in play's LobbyPlay's, but
 * `v`, `type` and the claimed `since`), whether it is in play, and what this page knows of it.
 * @typedef {(Omit<import("../shapes/lobby.js").LobbyTable, "v"|"type"|"since"> & {playing: false,
 *   watch?: undefined, watchers?: undefined}) |
 *   (Omit<import("../shapes/lobby.js").LobbyPlay, "v"|"type"|"since"> & {playing: true,
 *   room?: undefined, free?: undefined, quick?: undefined, rating?: undefined})} ListedFields
 * @typedef {ListedFields & {
 *   host: string, id: string, at: number, since: number, heard: number, answered: number,
 *   live?: boolean}} LobbyEntry
 *   host: its key (the room's host); id: the key's first 16 digits; at: its announcement's time
 *   (s, the host's clock); since: first heard here, heard: last heard here (s, this page's clock);
 *   answered: its last answer to this page's asks (ms, 0: none); live: it answered the last ask
 *   of every table (tables() says)
 */
/** @typedef {(entry: LobbyEntry, askKey: string) => void} AnswerListener */

/** The list of open tables, live, as the relays bring announcements. */
export class Lobby {
  /**
   * @param {object} o
   * @param {string[]} o.relays
   * @param {string[]|null} [o.presets] the rule presets this page can say (Python's choices)
   * @param {number[]|null} [o.clocks] the table clocks this page's Python offers (s a move)
   * @param {() => void} [o.onchange] the list changed
   * @param {(status: PoolStatus) => void} [o.onstatus]
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {Curve|null} [o.curve] the curve, noble-secp256k1 (loaded when not given)
   * @param {() => number} [o.now] the clock (ms)
   * @param {number} [o.bits] the proof of work asked of every table, and given every ask
   */
  constructor({
    relays,
    presets = null,
    clocks = null,
    onchange = () => {},
    onstatus = () => {},
    WebSocketClass,
    curve,
    now,
    bits = WORK_BITS,
  }) {
    this.relays = relays;
    this.presets = presets;
    this.clocks = clocks;
    this.onchange = onchange;
    this.onstatus = onstatus;
    this.WebSocketClass = WebSocketClass;
    this.bits = bits;
    this.curve = curve ?? null;
    this.now = now ?? (() => Date.now());
    /** @type {{tables: string, asks: string}|null} the lobby's topics, once open() found them */
    this.topics = null;
    /** @type {Checks|null} made by open() */
    this.checks = null;
    /** @type {Map<string, LobbyEntry>} host's key -> entry */
    this.entries = new Map();
    /** @type {Map<string, Bucket>} sender's key -> its flood limit */
    this.senders = new Map();
    this.newcomers = new Bucket(NEWCOMERS);
    this.answerBudget = new Bucket(ANSWERS);
    /** @type {Map<string, number>} this page's asks: the ask's key (public) -> the time it was asked (ms) */
    this.asks = new Map();
    /** @type {number[]} the times of this page's asks of every table (ms), the last few */
    this.everyone = [];
    /** @type {Set<AnswerListener>} a table answered one of this page's asks */
    this.listeners = new Set();
    this.closed = false;
    this.paused = false;
    this.asked = false;
    this.lastAsk = -Infinity;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.askTimer = null;
    /** @type {Promise<void>|null} resolves once a relay is open (an ask waits for one) */
    this.opened = null;
    this.counts = { heard: 0, shown: 0, refused: 0 }; // for the benchmark and the tests
    /** @type {Promise<unknown>} the announcements heard, read one after another */
    this.queue = Promise.resolve();
    /** @type {RelayPool|null} */
    this.pool = null;
    /** @type {ReturnType<typeof setInterval>|null} */
    this.sweeper = null;
  }

  async open() {
    this.curve ??= await loadCurve();
    this.topics = await lobbyTopics();
    if (this.closed) return; // closed while the code loaded
    this.checks = new Checks(this.curve, this.bits);
    /** @type {() => void} */
    let opened = () => {};
    this.opened = new Promise((resolve) => (opened = resolve));
    this.pool = new RelayPool(this.relays, {
      topic: this.topics.tables,
      kind: LOBBY_KIND,
      since: Math.floor(this.now() / 1000) - 10,
      onevent: (ev) => this.#heard(ev),
      // checked before the pool counts the event's id as heard: a forged copy first cannot hide
      // the real one
      verify: (ev) => this.#checked(ev),
      onstatus: (status) => {
        this.onstatus(status);
        if (status.open === 0) return;
        opened();
        if (!this.asked) this.ask().catch(() => {}); // once a relay can carry it; unsaid if not
      },
      WebSocketClass: this.WebSocketClass,
    });
    if (this.paused) return;
    this.pool.start();
    this.sweeper = setInterval(() => this.#sweep(), 5000);
  }

  /** The tables listed now: first those that answered this page (its last ask of every table,
   * or the one before while the last one's answers are on their way: `live`), then the longest
   * heard. A table whose page froze stops answering, and so goes down the list at the next ask. */
  tables() {
    const now = this.now();
    const settled = this.everyone.filter((at) => now - at >= ANSWER_GRACE_MS);
    const from = settled.length
      ? /** @type {number} */ (settled.at(-1))
      : (this.everyone[0] ?? Number.POSITIVE_INFINITY);
    const entries = [...this.entries.values()];
    for (const e of entries) e.live = e.answered > 0 && e.answered >= from;
    return entries.sort((a, b) => Number(b.live) - Number(a.live) || a.since - b.since || (a.host < b.host ? -1 : 1));
  }

  /** Calls `listener(entry, askKey)` whenever a table answers one of this page's asks; returns
   * the way to stop.
   * @param {AnswerListener} listener */
  onanswer(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Ask the announcing pages to announce again now, naming this ask (a fresh key, or `key` for
   * an ask said again): each host answers with its table, naming the ask's key. `quick`, `preset`:
   * only quick tables of that kind (and preset) answer; `to`: only those hosts.
   * @param {{quick?: "2p"|"partners"|null, preset?: string|null, to?: string[], key?: KeyPair|null}} [o]
   * @returns {Promise<KeyPair|null>} the ask's key; null when it went unsaid
   */
  async ask({ quick = null, preset = null, to = [], key = null } = {}) {
    this.asked = true;
    this.lastAsk = this.now();
    clearTimeout(this.askTimer ?? undefined);
    this.askTimer = null;
    await this.opened;
    const pool = this.pool;
    const gone = () => this.closed || this.pool !== pool || !pool?.running;
    if (gone()) return null;
    const asker = key ?? (await keyPair(null, this.curve));
    this.asks.set(asker.public, this.now()); // before it goes: an answer may come at once
    if (quick === null && !to.length) this.everyone = [...this.everyone.slice(-3), this.now()];
    if (this.asks.size > ASKS_KEPT) this.asks.delete(/** @type {string} */ (this.asks.keys().next().value));
    const content = JSON.stringify({ v: LOBBY_VERSION, type: "ask", quick, preset });
    const topics = /** @type {{asks: string}} open() found them before its pool opened */ (this.topics);
    const tags = [["t", topics.asks], ...to.slice(0, MOST_NAMED).map((host) => ["p", host])];
    const event = await lobbyEvent({ tags, content }, asker, /** @type {Curve} loaded by open() */ (this.curve), {
      bits: this.bits,
      now: this.now,
      stopped: gone,
    });
    // closed (or paused and opened again) while the ask was being made: this one goes unsaid
    if (!event || gone() || !pool) return null;
    // through this lobby's own sockets: a pool publishes any event, whatever topic it hears
    await pool.publish(event);
    return asker;
  }

  /** The page is hidden or idle: no socket open, nothing heard (resume() asks again). */
  pause() {
    this.paused = true;
    this.pool?.stop();
    clearInterval(this.sweeper ?? undefined);
    clearTimeout(this.askTimer ?? undefined);
    this.sweeper = null;
    this.askTimer = null;
  }

  resume() {
    this.paused = false;
    if (!this.pool || this.pool.running || this.closed) return;
    this.asked = false;
    this.pool.start();
    this.sweeper = setInterval(() => this.#sweep(), 5000);
  }

  close() {
    this.pause();
    this.closed = true;
    this.pool = null;
    this.entries.clear();
    this.listeners.clear();
  }

  /** @param {NostrEvent} ev */
  #heard(ev) {
    this.counts.heard += 1;
    this.queue = this.queue.then(() => this.#read(ev)).catch(() => this.counts.refused++);
  }

  /** Whether `ev` answers one of this page's asks (a table naming an ask's key). @param {NostrEvent} ev */
  #answers(ev) {
    return tagged(ev, "p").filter((key) => this.asks.has(key));
  }

  /** The pool's check before an event counts as heard, cheapest first: the content's own checks,
   * its work (a table) or an entry it could take off (a "gone", which carries no work: a page
   * that goes has no time for it), then (within a budget) its signature.
   * @param {NostrEvent} ev */
  async #checked(ev) {
    const checks = /** @type {Checks} open() made them before its pool hears anything */ (this.checks);
    const nowS = Math.floor(this.now() / 1000);
    let ok = !entryProblem(ev.content, ev.created_at, nowS, this.presets, this.clocks);
    if (ok && JSON.parse(ev.content).type === "gone") ok = this.entries.has(ev.pubkey);
    else ok &&= checks.worked(ev);
    const budget = this.#answers(ev).length ? this.answerBudget : undefined;
    ok &&= await checks.signed(ev, budget);
    if (!ok) this.counts.refused++;
    return ok;
  }

  /** A checked, signed announcement: listed, within the flood limits (charged only now, so a
   * forger who knows a host's key cannot spend that host's limit).
   * @param {NostrEvent} ev */
  #read(ev) {
    const body = JSON.parse(ev.content);
    const answers = body.type === "gone" ? [] : this.#answers(ev);
    if (!answers.length && !this.#withinLimits(ev.pubkey)) return this.counts.refused++;
    const had = this.entries.get(ev.pubkey);
    if (had && had.at > ev.created_at) return; // an older announcement, after a newer one
    if (body.type === "gone") {
      if (had) {
        this.entries.delete(ev.pubkey);
        this.onchange();
      }
      return;
    }
    const nowS = Math.floor(this.now() / 1000);
    // the claimed `since` is checked (lobbyevents.js) and left: the wait counts from this page's hearing
    const { v: _v, type, since: _claimed, ...fields } = body;
    /** @type {LobbyEntry} */
    const entry = {
      ...fields,
      playing: type === "play", // a table in play, to watch (its `watch`: the watch link's secret)
      host: ev.pubkey,
      id: ev.pubkey.slice(0, 16),
      at: ev.created_at,
      // first heard here (s, this page's clock): waiting, or in play since
      since: had && had.playing === (type === "play") ? had.since : nowS,
      heard: nowS, // last heard here
      answered: answers.length ? this.now() : (had?.answered ?? 0), // its last answer to this page (ms)
    };
    this.entries.set(ev.pubkey, entry);
    if (this.entries.size > MOST_TABLES) {
      const first = [...this.entries.values()].sort(
        (a, b) => Number(a.answered > 0) - Number(b.answered > 0) || a.heard - b.heard,
      )[0];
      this.entries.delete(first.host);
    }
    this.counts.shown += 1;
    this.onchange();
    for (const key of answers) for (const listener of this.listeners) listener(entry, key);
    if (!entry.answered && !this.closed) this.#askSoon();
  }

  /** The flood limits: the lobby's on senders not heard before, then the sender's own.
   * @param {string} sender */
  #withinLimits(sender) {
    const known = this.senders.get(sender);
    if (!known && !this.newcomers.take()) return false;
    const bucket = known ?? new Bucket(PER_SENDER);
    if (!known) {
      this.senders.set(sender, bucket);
      if (this.senders.size > SENDERS_KEPT)
        this.senders.delete(/** @type {string} */ (this.senders.keys().next().value));
    }
    return bucket.take();
  }

  /** A table that has not answered this page: an ask soon, which it answers if it is there. */
  #askSoon() {
    if (this.askTimer || this.paused) return;
    const wait = Math.max(ASK_SOON_MS, this.lastAsk + ASK_AGAIN_MS - this.now());
    this.askTimer = setTimeout(() => {
      this.askTimer = null;
      if (!this.closed && !this.paused) this.ask().catch(() => {});
    }, wait);
  }

  #sweep() {
    const nowS = Math.floor(this.now() / 1000);
    let gone = false;
    for (const [key, e] of this.entries) {
      if (e.heard < nowS - ENTRY_LIFE_S) {
        this.entries.delete(key);
        gone = true;
      }
    }
    if (gone) this.onchange();
  }
}
