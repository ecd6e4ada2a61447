// @ts-check
// A quick match's look (table/playonline.js drives it): ask, and sit down at the first table that
// answers and fits (a player with a rating: the closest rating of those that answer within
// CHOOSE_MS of the first); with none within ANSWER_WAIT_MS, open one's own. A table listed is a
// stranger's word (a ghost nobody hosts, a host whose page froze): only an answer to this page's
// own ask, naming its fresh key (net/lobby.js, net/announcer.js), says that a host is there now.
//
//   const seek = new Seek({ lobby, kind: "2p", preset: null, relays });
//   const found = await seek.start();   // {join: entry} or {open: true}
//   seek.seekers                        // the asks of pages looking for the same game, heard
//   seek.stop();
//
// Two pages that press Quick match a moment apart would both find nothing and both open a
// table; so a look also hears the other pages' asks (the asks' topic) and pairs with a page
// looking for the same game (its kind and preset): the one whose ask's key is the smaller opens
// its table at once (no sooner than PAIR_AFTER_MS after its own ask, so that a waiting table's
// answer, which both would take, comes first) and names the other's ask in its first
// announcement; the other says its ask again (the smaller may not have been listening when it
// first asked) and waits for that table's answer. Two tables that opened anyway (their looks
// missed each other) meet afterwards: the one whose host key is the larger gives way (givesWay),
// once the other has answered it.

import { askProblem, Checks, LOBBY_KIND, tagged } from "./lobbyevents.js";
import { keyPair, RelayPool } from "./nostr.js";

/** How long a look waits for tables to answer its ask before it opens its own table (ms). */
export const ANSWER_WAIT_MS = 1500;
/** A look that pairs with another opens its table no sooner than this after its ask (ms). */
export const PAIR_AFTER_MS = 200;
/** The asks of other looks heard from this far back (s): a look lasts a moment, and a relay that
 * keeps ephemeral events would replay the asks of looks long settled. */
const LOOKS_BACK_S = 3;
/** A look whose ask could not go out (no relay open) within this opens its own table (ms). */
const ASK_WAIT_MS = 5000;

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {import("./lobby.js").LobbyEntry} LobbyEntry */
/** A listed table, as much of it as a quick match reads.
 * (A table in play has neither a quick kind nor a free seat: none fits.)
 * @typedef {{quick?: string|null, free?: number, host: string, preset: string}} Listed */
/** What a quick match wants: its kind, the rules (null: any), and this page's own table's key.
 * @typedef {{kind: string, preset?: string|null, own?: string|null}} Wanted */
/** How a look settled: a table to join, one's own to open, or the look stopped.
 * @typedef {{join: LobbyEntry}|{open: true}|{stopped: true}} SeekResult */

/** A look with a rating hears answers for this long after the first that fits, then sits down
 * at the closest rating of those (ms). */
export const CHOOSE_MS = 400;
/** The rating a host without one counts as: a newcomer's (career/rating.py START). */
const UNRATED = 1500;

/** Of the tables that answered (at least one), the one whose host's rating is closest to
 * `rating` (the first of equals: the first to answer; a table in play has none, and never fits).
 * @template {{rating?: number|null}} T
 * @param {T[]} tables @param {number|null} rating (null: a newcomer's)
 * @returns {T} */
export function closest(tables, rating) {
  /** @param {T} t */
  const gap = (t) => Math.abs((t.rating ?? UNRATED) - (rating ?? UNRATED));
  return tables.reduce((best, t) => (gap(t) < gap(best) ? t : best));
}

/** Whether a listed table is one a quick match of `kind` (and `preset`) may sit down at.
 * @param {Listed} t @param {Wanted} wanted */
export const quickFits = (t, { kind, preset = null, own = null }) =>
  t.quick === kind && (t.free ?? 0) > 0 && t.host !== own && (preset === null || t.preset === preset);

/** A quick match's choice among the listed tables: the first of `tables` (as Lobby.tables()
 * orders them: those that answered first) that is a quick table of `kind` (and `preset`, when
 * one is asked for) with a free seat, not this page's own; null: none.
 * @template {Listed} T
 * @param {T[]} tables @param {Wanted} wanted
 * @returns {T|null} */
export function quickTable(tables, { kind, preset = null, own = null }) {
  return tables.find((t) => quickFits(t, { kind, preset, own })) ?? null;
}

/** Whether this page's waiting quick table should give way to `other` (the same kind, and it
 * answered this page): the smaller host key hosts, which both pages see the same, so of two
 * tables that opened at once exactly one goes to the other. (Not the time each says it began:
 * that is a stranger's word, and a ghost would claim the oldest.)
 * @param {{host: string}} mine @param {{host: string}} other */
export function givesWay(mine, other) {
  return other.host < mine.host;
}

export class Seek {
  /**
   * @param {object} o
   * @param {import("./lobby.js").Lobby} o.lobby an open net/lobby.js Lobby (its answers, its asks, its curve)
   * @param {"2p"|"partners"} o.kind
   * @param {string|null} [o.preset] the rules asked for; null: any
   * @param {string[]} o.relays
   * @param {(key: string) => void} [o.onseeker] a page looking for the same game, heard (after
   *   the look has settled too: its table names that ask)
   * @param {number} [o.wait] ANSWER_WAIT_MS
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {() => number} [o.now]
   * @param {KeyPair|null} [o.key] the ask's key (a fresh one unless given)
   * @param {number|null} [o.rating] this player's rating of the game's kind: of the tables that
   *   answer within CHOOSE_MS of the first, the closest is taken (null: the first that answers)
   */
  constructor({
    lobby,
    kind,
    preset = null,
    relays,
    onseeker = () => {},
    wait = ANSWER_WAIT_MS,
    WebSocketClass,
    now,
    key = null,
    rating = null,
  }) {
    this.lobby = lobby;
    this.kind = kind;
    this.preset = preset;
    this.relays = relays;
    this.onseeker = onseeker;
    this.wait = wait;
    this.WebSocketClass = WebSocketClass;
    this.given = key;
    /** @type {number|null} this player's rating of the game's kind (null: none) */
    this.rating = rating;
    /** @type {LobbyEntry[]} the tables that answered and fit, while a look with a rating chooses */
    this.answered = [];
    this.now = now ?? (() => Date.now());
    /** @type {Set<string>} the asks' keys of pages looking for the same game */
    this.seekers = new Set();
    this.askedAgain = false;
    /** @type {KeyPair|null} this look's ask's key, once made */
    this.key = null;
    /** @type {number|null} when the ask went out (ms) */
    this.askedAt = null;
    /** @type {SeekResult|null} */
    this.result = null;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
    /** @type {RelayPool|null} */
    this.pool = null;
    /** @type {(result: SeekResult) => void} ends start()'s wait (start() sets it) */
    this.settle = () => {};
    this.unwatch = () => {};
  }

  /** Ask, and settle on the first table that answers and fits, or on opening one's own.
   * @returns {Promise<SeekResult>} */
  start() {
    return new Promise((resolve) => {
      /** @param {SeekResult} result */
      this.settle = (result) => {
        if (this.result) return;
        this.result = result;
        clearTimeout(this.timer);
        resolve(result);
      };
      this.unwatch = this.lobby.onanswer((entry, key) => {
        if (key !== this.key?.public || !quickFits(entry, this)) return;
        if (this.rating === null) return this.settle({ join: entry });
        this.answered.push(entry);
        if (this.answered.length === 1) this.#wait(CHOOSE_MS); // the others that answer meanwhile
      });
      this.#listen();
      this.timer = setTimeout(() => this.settle({ open: true }), ASK_WAIT_MS);
      this.#ask().catch(() => this.settle({ open: true }));
    });
  }

  stop() {
    this.settle?.({ stopped: true });
    this.unwatch();
    clearTimeout(this.timer);
    this.pool?.stop();
    this.pool = null;
  }

  async #ask() {
    this.key = this.given ?? (await keyPair(null, this.lobby.curve));
    const asked = await this.lobby.ask({ quick: this.kind, preset: this.preset, key: this.key });
    if (this.result) return;
    if (!asked) return this.settle({ open: true }); // the lobby closed: nobody to hear
    this.askedAt = this.now();
    this.#wait(this.wait);
    this.#pair();
  }

  /** After `ms`: the closest of the tables that answered, else one's own table.
   * @param {number} ms */
  #wait(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => this.settle(this.answered.length ? { join: closest(this.answered, this.rating) } : { open: true }),
      ms,
    );
  }

  /** The asks' topic: other pages looking for a game (each ask checked as a host checks it). */
  #listen() {
    const checks = new Checks(/** @type {Curve} the lobby is open */ (this.lobby.curve), this.lobby.bits);
    this.pool = new RelayPool(this.relays, {
      topic: /** @type {{asks: string}} the lobby is open */ (this.lobby.topics).asks,
      kind: LOBBY_KIND,
      since: Math.floor(this.now() / 1000) - LOOKS_BACK_S,
      verify: async (ev) => !askProblem(ev.content) && checks.worked(ev) && (await checks.signed(ev)),
      onevent: (ev) => this.#heard(ev),
      WebSocketClass: this.WebSocketClass,
    });
    this.pool.start();
  }

  /** @param {NostrEvent} ev */
  #heard(ev) {
    const body = JSON.parse(ev.content);
    if (ev.pubkey === this.key?.public || this.lobby.asks.has(ev.pubkey)) return; // this page's own
    if (tagged(ev, "p").length) return; // an ask of some hosts: a waiting table's, not a look's
    if (body.quick !== this.kind || body.preset !== this.preset || this.seekers.has(ev.pubkey)) return;
    this.seekers.add(ev.pubkey);
    this.onseeker(ev.pubkey);
    this.#pair();
  }

  /** Another page looks for the same game: the smaller ask's key opens its table; the other
   * asks again (so that one hears it) and waits for that table's answer. */
  #pair() {
    if (this.result || this.askedAt === null || !this.seekers.size) return;
    const mine = /** @type {KeyPair} made before the ask went out */ (this.key).public;
    if ([...this.seekers].every((key) => mine < key)) {
      const wait = this.askedAt + PAIR_AFTER_MS - this.now();
      if (wait > 0) setTimeout(() => this.#pair(), wait);
      else this.settle(this.answered.length ? { join: closest(this.answered, this.rating) } : { open: true });
      return;
    }
    if (this.askedAgain) return;
    this.askedAgain = true;
    this.#wait(this.wait); // the smaller's table has a look's time to answer
    this.lobby.ask({ quick: this.kind, preset: this.preset, key: this.key }).catch(() => {});
  }
}
