// @ts-check
// A host's table in the lobby (net/lobby.js lists it): announced when it opens, again every
// ANNOUNCE_EVERY_MS while it waits, at once when a seat is taken or freed, and in answer to the
// asks of pages looking for a table; "gone" when it stops (full, dealt, closed, the page goes).
//
//   const ad = new Announcer({ relays, key, entry: () => ({...}) });
//   ad.start();  ad.update();  ad.answer([askKey]);  ad.pause();  ad.resume();  ad.stop();
//
// An answer is this table's announcement naming the asks it answers (a tag "p" with each ask's
// key: every ask has a fresh key), so the page that asked knows this table is there now, which a
// ghost's repeated announcement never says. Each asker is answered once (again only after
// ANSWER_EVERY_MS); the asks heard while an answer is being made go together in the next one
// (up to MOST_NAMED); and answers have a budget (ANSWERS), since each carries its proof of work:
// a flood of asks, each with work of its own, gets no more of this page's time than that. An ask
// of a quick match (its kind, its preset) is answered only by a quick table it would take; an ask
// naming hosts, only by those. Every ask is checked as a table is (lobbyevents.js): its exact
// shape, its work, then (within a budget) its signature.

import {
  askProblem,
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
import { loadCurve, RelayPool } from "./nostr.js";
import { Bucket } from "./peer.js";

/** How often a waiting table is announced again (ms): a list needs no more. */
export const ANNOUNCE_EVERY_MS = 30_000;
/** One asker is answered at most this often (ms): an ask said again is not answered twice. */
export const ANSWER_EVERY_MS = 5000;
/** Answers: a few at once, then one every 2 s (each names up to MOST_NAMED asks). */
const ANSWERS = { burst: 6, perSecond: 0.5 };
const ASKERS_KEPT = 256;

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** A table as its host announces it: a LobbyTable's fields but `v` and `type`, or (in play) a
 * LobbyPlay's but `v`.
 * @typedef {Omit<import("../shapes/lobby.js").LobbyTable, "v"|"type"> | Omit<import("../shapes/lobby.js").LobbyPlay, "v">} TableFields */
/** The page's lobby, open on the same relays (net/lobby.js's pool): what an announcer sends through it.
 * @typedef {{open: number, running?: boolean,
 *   publish: (event: NostrEvent) => Promise<import("../shapes/nostr.js").Published>}} Via */

export class Announcer {
  /**
   * @param {object} o
   * @param {string[]} o.relays
   * @param {KeyPair} o.key the host's key in its room (the entry's id)
   * @param {() => TableFields} o.entry the table as it stands: the fields of an announcement but
   *   v and type (a table waiting; a table in play says `type: "play"`), checked here as any page
   *   checks it
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {Curve|null} [o.curve]
   * @param {() => number} [o.now]
   * @param {number} [o.bits] the proof of work each announcement carries, and each ask must
   * @param {Via|null} [o.via] a pool
   *   already open on the same relays (the page's lobby): the first announcements go through it
   *   while this announcer's own sockets are still opening (a relay's handshake is not waited for)
   */
  constructor({ relays, key, entry, WebSocketClass, curve, now, bits = WORK_BITS, via = null }) {
    this.relays = relays;
    this.key = key;
    this.entry = entry;
    this.WebSocketClass = WebSocketClass;
    this.bits = bits;
    this.via = via;
    this.curve = curve ?? null;
    this.now = now ?? (() => Date.now());
    /** @type {{tables: string, asks: string}|null} the lobby's topics, once known */
    this.topics = null;
    /** @type {Checks|null} */
    this.checks = null;
    /** @type {RelayPool|null} */
    this.pool = null;
    /** @type {ReturnType<typeof setInterval>|null} */
    this.timer = null;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.retry = null;
    /** @type {Set<string>} asks' keys to name in the next announcement */
    this.pending = new Set();
    /** @type {Map<string, number>} asker's key -> when it was last named (ms) */
    this.answeredAt = new Map();
    this.budget = new Bucket(ANSWERS);
    this.sent = 0; // events this announcer published
    this.running = false;
    this.stopped = false;
    this.saying = false;
    this.said = false; // an announcement went out
    this.again = false; // a change came while one was being made: another follows
    /** @type {() => void} */
    let said = () => {};
    /** @type {Promise<void>} Resolves once the table's first announcement is out (its asks are heard from then on). */
    this.ready = new Promise((resolve) => (said = resolve));
    this.onsaid = said;
  }

  async start() {
    if (this.running || this.stopped) return;
    this.running = true;
    this.curve ??= await loadCurve();
    this.topics ??= await lobbyTopics();
    if (!this.running) return;
    this.checks ??= new Checks(this.curve, this.bits);
    const checks = this.checks;
    this.pool ??= new RelayPool(this.relays, {
      topic: this.topics.asks,
      kind: LOBBY_KIND,
      verify: async (ev) => !askProblem(ev.content) && checks.worked(ev) && (await checks.signed(ev)),
      onevent: (ev) => this.#asked(ev),
      onstatus: (status) => {
        if (status.open === 0) return;
        if (!this.said)
          this.#say(); // the first announcement once a relay is open
        else this.#answerSoon(); // asks heard while no relay was open
      },
      WebSocketClass: this.WebSocketClass,
    });
    this.said = false;
    this.pool.start();
    this.timer = setInterval(() => this.#say(), ANNOUNCE_EVERY_MS);
    if (this.#out()) this.#say();
  }

  /** The table changed (a seat taken or freed): announced again now. */
  update() {
    if (this.running && this.said) this.#say();
  }

  /** Name these asks (their keys) in an announcement soon: pages looking for this table, heard
   * before this announcer listened (a quick match's look, net/quick.js).
   * @param {string[]} keys */
  answer(keys) {
    for (const key of keys) this.#want(key);
  }

  /** The page is hidden or idle: nothing sent or heard until resume(). */
  pause() {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer ?? undefined);
    clearTimeout(this.retry ?? undefined);
    this.retry = null;
    this.pool?.stop();
  }

  resume() {
    if (this.running || this.stopped) return;
    this.start(); // (it reuses its pool; a pause before the pool was made leaves none)
  }

  /** The table is full, started or closed: "gone" to every list, and silence. */
  async stop() {
    const was = this.pool && (this.running || this.said);
    this.running = false;
    this.stopped = true;
    clearInterval(this.timer ?? undefined);
    clearTimeout(this.retry ?? undefined);
    const pool = this.pool;
    this.pool = null;
    // no work on a "gone": a page that goes has no time for it (lists take it only from a host
    // they list, so it cannot take off another's table)
    if (was && pool && pool.open > 0) {
      const content = JSON.stringify({ v: LOBBY_VERSION, type: "gone" });
      const event = await lobbyEvent({ tags: this.#tags([]), content }, this.key, this.#curve(), {
        bits: 0,
        now: this.now,
      });
      this.sent += 1;
      await pool.publish(/** @type {NostrEvent} made without work: never stopped */ (event)).catch(() => {});
    }
    pool?.stop();
  }

  /** @param {NostrEvent} ev */
  #asked(ev) {
    const body = JSON.parse(ev.content);
    const to = tagged(ev, "p");
    if (to.length && !to.includes(this.key.public)) return; // an ask of other hosts
    if (body.quick !== null) {
      // a quick match's ask: answered by a quick table it would sit down at
      const table = this.entry();
      const fits =
        "quick" in table && // (a table in play takes nobody)
        table.quick === body.quick &&
        table.free > 0 &&
        (body.preset === null || body.preset === table.preset);
      if (!fits) return;
    }
    this.#want(ev.pubkey);
  }

  /** @param {string} key */
  #want(key) {
    if (this.stopped || this.now() - (this.answeredAt.get(key) ?? -Infinity) < ANSWER_EVERY_MS) return;
    this.pending.add(key);
    this.#answerSoon();
  }

  /** The pending asks answered now, within the budget (else when it allows). */
  #answerSoon() {
    if (!this.running || this.retry || !this.pending.size || !this.#out()) return; // (the first announcement names them)
    if (this.budget.take()) return void this.#say();
    this.retry = setTimeout(() => {
      this.retry = null;
      this.#answerSoon();
    }, 1000 / ANSWERS.perSecond);
  }

  /** The sockets an announcement goes out on: this announcer's own once one is open, else the
   * page's lobby's meanwhile; null while neither has a relay open. */
  #out() {
    if ((this.pool?.open ?? 0) > 0) return this.pool;
    return (this.via?.open ?? 0) > 0 && this.via?.running !== false ? this.via : null;
  }

  /** The curve, which start() loaded before anything is announced. */
  #curve() {
    return /** @type {Curve} */ (this.curve);
  }

  /** @param {string[]} named */
  #tags(named) {
    return [
      ["t", /** @type {{tables: string}} start() found them before any announcement */ (this.topics).tables],
      ["expiration", String(Math.floor(this.now() / 1000) + ENTRY_LIFE_S)], // NIP-40
      ...named.map((key) => ["p", key]),
    ];
  }

  /** The table announced now, naming the asks pending (one announcement at a time: what comes
   * while one is made goes in the next). With no relay open, nothing: the first that opens says
   * it (onstatus). */
  async #say() {
    if (!this.running || !this.#out()) return;
    if (this.saying) {
      this.again = true;
      return;
    }
    this.saying = true;
    try {
      do {
        this.again = false;
        // a waiting table's fields, or (with their own `type: "play"`) a dealt one's that may be watched
        const body = { v: LOBBY_VERSION, type: "table", ...this.entry() };
        const content = JSON.stringify(body);
        const nowS = Math.floor(this.now() / 1000);
        if (entryProblem(content, nowS, nowS)) return; // never announce what no page would show
        const named = [...this.pending].slice(0, MOST_NAMED);
        for (const key of named) {
          this.pending.delete(key);
          this.answeredAt.set(key, this.now()); // (an ask said again meanwhile is this one)
          if (this.answeredAt.size > ASKERS_KEPT)
            this.answeredAt.delete(/** @type {string} */ (this.answeredAt.keys().next().value));
        }
        const mine = this.pool;
        const event = await lobbyEvent({ tags: this.#tags(named), content }, this.key, this.#curve(), {
          bits: this.bits,
          now: this.now,
          stopped: () => !this.running,
        });
        if (!event || !this.running || this.pool !== mine) return; // stopped while it was made
        const out = this.#out();
        if (!out) {
          for (const key of named) {
            this.answeredAt.delete(key);
            this.pending.add(key); // (its relays went: the next announcement names them)
          }
          return;
        }
        this.said = true;
        this.sent += 1;
        await out.publish(event).catch(() => {});
        this.onsaid();
      } while (this.again && this.running);
    } finally {
      this.saying = false;
    }
    this.#answerSoon();
  }
}
