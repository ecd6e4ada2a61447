// @ts-check
// The daily deal's standings on the relays: the one event a player publishes after the day's
// scored attempt, and the fetch of a date's events when the player opens the standings. What an
// entry says is Python's to check (career/standings.py: op "standings"); here only the event.
//
// An entry is a stored, addressable event (NIP-01's 30000-39999, NIP-33): kind STANDINGS_KIND,
// tags `d` (the UTC date: one entry a key and date, a relay keeps the newest), `t`
// (STANDINGS_TOPIC) and NIP-40's `expiration` (EXPIRY_DAYS after the date's end), the content the
// entry's JSON ({v, name, date, score, record}: nothing else). A whole event of more than
// MAX_EVENT_CHARS (nostr-relay's default limit on content, 4096) is not made: such a record is
// not published, and the page says so.
//
// A fetch is one subscription a relay ({kinds, #d, #t, limit}), closed at its EOSE (or after
// FETCH_WAIT_MS): a relay keeps one event a key and date, so it sends about one event a player. A
// relay that sent a whole FETCH_LIMIT is asked for the older ones, up to FETCH_PAGES in all (a
// flood newer than the genuine entries pushes them down the relay's list, not out of it).
// An event is taken only when it has the exact shape (readEvent), its id is its content's and its
// signature its key's, within a budget of signature checks (CHECKS_MOST); the rest are counted,
// never shown. A relay that withholds entries makes the standings shorter, one that floods them
// fills the budget: neither makes an entry appear that was not signed by its key.

import { CLOCK_SLACK_S, hex, idOf, isEvent, keyPair, loadCurve, RelayPool, signEvent, verifyEvent } from "./nostr.js";

/** The standings' events: addressable (NIP-01: 30000-39999), one a key and `d` tag. */
export const STANDINGS_KIND = 30_333;
/** Their `t` tag. */
export const STANDINGS_TOPIC = "allthrees-daily";
/** The longest event (its JSON, in characters) this page makes or takes. */
export const MAX_EVENT_CHARS = 4096;
/** An entry expires (NIP-40) this many days after its date's end. */
export const EXPIRY_DAYS = 3;
/** The most events a relay is asked for at once (the filter's `limit`). */
export const FETCH_LIMIT = 500;
/** A relay that sent a whole FETCH_LIMIT is asked for the older ones (`until`), this many times in all. */
export const FETCH_PAGES = 4;
/** A fetch ends by then even if a relay never said EOSE (ms). */
export const FETCH_WAIT_MS = 8000;
/** A publish waits this long after the first relay opened for the others to open too (ms). */
export const OPEN_GRACE_MS = 1500;
/** The most signatures one fetch checks; events past it are counted, not taken. */
export const CHECKS_MOST = 2000;

const DAY_S = 86_400;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * @typedef {{v: number, name: string, date: string, score: number, record: string[][]}} StandingsEntry
 *   what a player publishes (Python's shapes.career.StandingsEntry)
 * @typedef {{key: string, at: number, entry: unknown}} Published  an entry as handed to Python:
 *   its event's key and time, its content as read (Python checks every field)
 * @typedef {{id: string, pubkey: string, created_at: number, kind: number, tags: string[][],
 *   content: string, sig: string}} NostrEvent
 * @typedef {{entries: Published[], events: number, dropped: number, over: number, relays: number,
 *   answered: number}} Fetched  a fetch: the entries taken; every event heard; those dropped (bad
 *   shape, id, signature, a repeat); those past the budget; the relays asked and those that said EOSE
 * @typedef {{WebSocketClass?: any, now?: () => number, book?: any, fetch?: any, curve?: any,
 *   waitMs?: number, checks?: number, limit?: number}} PoolOptions  a test's stand-ins
 */

/** The seconds of `date`'s start (00:00 UTC). @param {string} date */
export const dayStart = (date) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);

/**
 * The signed event of `entry` (Python's op "standings_entry"), or null when it would be longer
 * than MAX_EVENT_CHARS.
 * @param {StandingsEntry} entry @param {{secret: string, public: string}} key
 * @param {any} [curve] @param {number} [nowS]
 * @returns {Promise<NostrEvent|null>}
 */
export async function entryEvent(entry, key, curve = null, nowS = Math.floor(Date.now() / 1000)) {
  const tags = [
    ["d", entry.date],
    ["t", STANDINGS_TOPIC],
    ["expiration", String(dayStart(entry.date) + (1 + EXPIRY_DAYS) * DAY_S)],
  ];
  const content = JSON.stringify(entry);
  // the signed event's length before signing: its id and signature are fixed-length hex
  const sized = { id: "0".repeat(64), pubkey: key.public, created_at: nowS, kind: STANDINGS_KIND, tags, content };
  if (JSON.stringify({ ...sized, sig: "0".repeat(128) }).length > MAX_EVENT_CHARS) return null;
  return signEvent({ kind: STANDINGS_KIND, tags, content, created_at: nowS }, key, curve);
}

/**
 * `ev` read as `date`'s entry, or null: an event of the exact shape (isEvent), of the kind, its
 * `d` tag the date and `t` the topic, at most MAX_EVENT_CHARS, made after the date began and not
 * ahead of the clock, its content JSON. Its id and signature are checked apart (costly).
 * @param {unknown} ev @param {string} date @param {number} nowS
 * @returns {Published|null}
 */
export function readEvent(ev, date, nowS) {
  if (!isEvent(ev, { maxContent: MAX_EVENT_CHARS, maxTags: 4, maxTag: 2, maxValue: 64 })) return null;
  const e = /** @type {NostrEvent} */ (ev);
  if (e.kind !== STANDINGS_KIND || JSON.stringify(e).length > MAX_EVENT_CHARS) return null;
  const tag = (/** @type {string} */ name) => e.tags.filter((t) => t[0] === name);
  const [d, t] = [tag("d"), tag("t")];
  if (d.length !== 1 || d[0][1] !== date || t.length !== 1 || t[0][1] !== STANDINGS_TOPIC) return null;
  if (e.created_at < dayStart(date) - CLOCK_SLACK_S || e.created_at > nowS + CLOCK_SLACK_S) return null;
  try {
    return { key: e.pubkey, at: e.created_at, entry: JSON.parse(e.content) };
  } catch {
    return null;
  }
}

/** A pool that asks its relays for one date's entries, once, and knows when each has sent them. */
class FetchPool extends RelayPool {
  /**
   * @param {string[]} urls @param {string} date @param {PoolOptions} o
   * @param {() => void} changed a relay answered or went away
   */
  constructor(urls, date, o, changed) {
    super(
      urls,
      /** @type {any} the pool's options (nostr.js) */ ({
        ...o,
        topic: STANDINGS_TOPIC,
        kind: STANDINGS_KIND,
        since: dayStart(date) - CLOCK_SLACK_S,
        learn: false,
        onevent: () => {},
        onstatus: () => changed(),
      }),
    );
    this.date = date;
    this.changed = changed;
    /** @type {Set<string>} relays that said EOSE */
    this.answered = new Set();
    /** @type {Map<string, Published>} taken, by event id */
    this.taken = new Map();
    /** @type {Promise<void>[]} the checks under way */
    this.checks = [];
    this.budget = o.checks ?? CHECKS_MOST;
    this.events = 0;
    this.over = 0;
    this.limit = o.limit ?? FETCH_LIMIT;
    /** @type {Map<string, {page: number, count: number, oldest: number, until: number}>} by relay */
    this.paging = new Map();
  }

  /** @param {string} url */
  #pageOf(url) {
    let p = this.paging.get(url);
    if (!p) {
      p = { page: 0, count: 0, oldest: Number.MAX_SAFE_INTEGER, until: Number.MAX_SAFE_INTEGER };
      this.paging.set(url, p);
    }
    return p;
  }

  /** @returns {any} the one subscription: the date's entries (no `since`: a relay keeps the newest of each key) */
  filter() {
    return { kinds: [STANDINGS_KIND], "#d": [this.date], "#t": [STANDINGS_TOPIC], limit: this.limit };
  }

  /** @param {any} link @param {string} name */
  linkEose(link, name) {
    if (name !== "room" && !name.startsWith("page")) return super.linkEose(link, name);
    link.unsubscribe(name); // this page of the stored entries is all in
    const p = this.#pageOf(link.url);
    // a whole page, room to check more: the older ones, from the oldest time heard (again: others
    // may share that second), or past it when the page brought nothing older (a flood of one second)
    if (p.count >= this.limit && p.page + 1 < FETCH_PAGES && this.budget > 0) {
      const until = p.oldest < p.until ? p.oldest : p.oldest - 1;
      Object.assign(p, { page: p.page + 1, count: 0, until });
      link.subscribe(`page${p.page}`, { ...this.filter(), until });
      return;
    }
    this.answered.add(link.url);
    this.changed();
  }

  /** @param {any} link @param {string} name @param {unknown} ev */
  linkEvent(link, name, ev) {
    if (name !== "room" && !name.startsWith("page")) return super.linkEvent(link, name, ev);
    this.events += 1;
    const p = this.#pageOf(link.url);
    p.count += 1;
    const at = /** @type {{created_at?: unknown}} */ (ev)?.created_at;
    if (Number.isSafeInteger(at)) p.oldest = Math.min(p.oldest, /** @type {number} */ (at));
    this.checks.push(this.#take(ev));
  }

  /** @param {unknown} ev */
  async #take(ev) {
    const read = readEvent(ev, this.date, Math.floor(this.now() / 1000));
    const e = /** @type {NostrEvent} */ (ev);
    if (!read || this.taken.has(e.id)) {
      this.dropped += 1;
    } else if (this.budget <= 0) {
      this.over += 1;
    } else {
      this.budget -= 1;
      // the id recomputed (a relay may forward an event under an id it was not signed with)
      const genuine = hex(await idOf(e)) === e.id && (await verifyEvent(e, await this.curveLib()));
      if (genuine) this.taken.set(e.id, read);
      else this.dropped += 1;
    }
  }

  /** Whether every relay answered or is down. */
  get done() {
    return this.urls.every(
      (u) => this.answered.has(u) || ["closed", "refused"].includes(this.links.get(u)?.state ?? ""),
    );
  }
}

/**
 * `date`'s entries as the relays at `urls` have them: resolves once every relay said EOSE or is
 * down, or after FETCH_WAIT_MS, with every signature checked.
 * @param {string[]} urls @param {string} date @param {PoolOptions} [o]
 * @returns {Promise<Fetched>}
 */
export async function fetchEntries(urls, date, o = {}) {
  if (!DATE.test(date)) throw new Error("a date is YYYY-MM-DD");
  /** @type {() => void} */
  let wake = () => {};
  const woken = new Promise((resolve) => {
    wake = () => resolve(undefined);
  });
  const pool = new FetchPool(urls, date, o, () => pool?.done && wake());
  const timer = setTimeout(wake, o.waitMs ?? FETCH_WAIT_MS);
  pool.start();
  await woken;
  clearTimeout(timer);
  pool.stop();
  await Promise.all(pool.checks);
  return {
    entries: [...pool.taken.values()],
    events: pool.events,
    dropped: pool.dropped,
    over: pool.over,
    relays: urls.length,
    answered: pool.answered.size,
  };
}

/** A pool that only publishes (its one subscription asks for nothing but the event sent). */
class PublishPool extends RelayPool {
  /**
   * @param {string[]} urls @param {NostrEvent} event @param {PoolOptions} o
   * @param {(status: {open: number, total: number, down: boolean}) => void} opened a relay's state changed
   */
  constructor(urls, event, o, opened) {
    super(
      urls,
      /** @type {any} the pool's options (nostr.js) */ ({
        ...o,
        topic: STANDINGS_TOPIC,
        kind: STANDINGS_KIND,
        learn: false,
        onevent: () => {},
        onstatus: (/** @type {{open: number, total: number, down: boolean}} */ s) => opened(s),
      }),
    );
    this.event = event;
  }

  /** @returns {any} the one subscription: the event sent, nothing else */
  filter() {
    return { ids: [this.event.id], limit: 1 };
  }
}

/**
 * Publish `event` to the relays at `urls`: {ok, failed} as RelayPool.publish says (ok: how many
 * took it), once every relay opened (or OPEN_GRACE_MS after the first did, or every one is down,
 * or FETCH_WAIT_MS passed).
 * @param {string[]} urls @param {NostrEvent} event @param {PoolOptions} [o]
 * @returns {Promise<{ok: number, failed: number}>}
 */
export async function publishEvent(urls, event, o = {}) {
  /** @type {() => void} */
  let wake = () => {};
  const woken = new Promise((resolve) => {
    wake = () => resolve(undefined);
  });
  /** @type {ReturnType<typeof setTimeout>|null} */
  let grace = null;
  // every relay open (or every one down), else OPEN_GRACE_MS after the first opened
  const pool = new PublishPool(urls, event, o, (s) => {
    if (s.down || s.open === s.total) wake();
    else if (s.open > 0) grace ??= setTimeout(wake, OPEN_GRACE_MS);
  });
  const timer = setTimeout(wake, o.waitMs ?? FETCH_WAIT_MS);
  pool.start();
  await woken;
  clearTimeout(timer);
  if (grace) clearTimeout(grace);
  try {
    return await pool.publish(event);
  } finally {
    pool.stop();
  }
}

export { keyPair, loadCurve };
