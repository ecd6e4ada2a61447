// @ts-check
// What this page learnt of each relay, kept between visits (localStorage `allthrees.relays.v1`):
// its own experience (a relay that served it well, one that failed or refused it and until when
// it is set aside), each relay's NIP-11 limits (relayinfo.js) with when they were fetched, and
// what a NIP-66 monitor reported of a relay (discovery.js). net/relays.js chooses a table's
// relays from it; every pool (nostr.js) writes to it as it goes.
//
// It is the page's own cache of strangers' words and its own guesses, never a player's data:
// read field by field, an entry of the wrong shape is left out, a record that cannot be read is
// ignored whole (and replaced at the next write: nothing a player chose is in it), and it is
// kept small (MOST_ENTRIES relays, the least recently touched go first). Several tabs may write
// it: each write takes the stored record and lays over it only the entries this page changed.

import { relayURL } from "./relayurl.js";

export const BOOK_KEY = "allthrees.relays.v1";
/** The most relays remembered (an entry is a few hundred characters). */
export const MOST_ENTRIES = 64;
/** A relay that served this page this many events, within KEPT_FOR_MS, is kept as a known good one. */
export const KEEP_AFTER = 3;
const KEPT_FOR_MS = 30 * 86_400_000;
/** A relay that failed is set aside for this, doubling with each failure in a row, up to a day. */
const ASIDE_MS = { first: 60_000, most: 86_400_000 };
/** NIP-11 limits are fetched again after this (and a failed fetch is not tried again before). */
export const INFO_LIFE_MS = { ok: 86_400_000, failed: 3_600_000 };
/** A monitor's report is taken while it is this recent (s). */
export const REPORT_LIFE_S = 2 * 86_400;
/** A relay is asked for monitors' reports at most this often, by any pool of this page. */
export const ASK_EVERY_MS = 10 * 60_000;

// a stored record's values are any JSON until these have checked them
const isCount = (/** @type {any} */ v) => Number.isSafeInteger(v) && v >= 0;
const isTime = (/** @type {any} */ v) => Number.isSafeInteger(v) && v >= 0;
/** @param {unknown} v @returns {v is string} */
const isWord = (v) => typeof v === "string" && v.length <= 40 && /^[a-z0-9-]*$/.test(v);
/** @type {LimitKey[]} */
const LIMIT_KEYS = ["maxMessage", "maxContent", "maxSubs", "maxSubid", "maxTags", "olderThan", "newerThan", "minPow"];
/** @type {FlagKey[]} */
const FLAG_KEYS = ["auth", "payment", "restricted"];
/** @type {("t"|"good"|"lastGood"|"fails"|"aside"|"asked")[]} */
const COUNT_KEYS = ["t", "good", "lastGood", "fails", "aside", "asked"];

/**
 * @typedef {{maxMessage?: number, maxContent?: number, maxSubs?: number, maxSubid?: number,
 *   maxTags?: number, olderThan?: number, newerThan?: number, minPow?: number, auth?: boolean,
 *   payment?: boolean, restricted?: boolean}} RelayLimits  a relay's NIP-11 `limitation`, as read
 * @typedef {"maxMessage"|"maxContent"|"maxSubs"|"maxSubid"|"maxTags"|"olderThan"|"newerThan"|"minPow"} LimitKey
 *   RelayLimits' counts
 * @typedef {"auth"|"payment"|"restricted"} FlagKey  RelayLimits' flags
 * @typedef {{at: number, rtt: number, by: string, ok: boolean}} Report  a monitor's word on a
 *   relay: when it said it (s), its round trip (ms, 0 unknown), its key, whether it takes our kinds
 * @typedef {{t: number, good: number, lastGood: number, fails: number, aside: number, why: string,
 *   info: {at: number, lim: RelayLimits|null}|null, found: Report|null, asked: number}} Entry
 */

/** @returns {Entry} */
const blank = () => ({ t: 0, good: 0, lastGood: 0, fails: 0, aside: 0, why: "", info: null, found: null, asked: 0 });

/**
 * @param {any} lim stored JSON, any shape until checked here
 * @returns {RelayLimits|null}
 */
function readLimits(lim) {
  if (!lim || typeof lim !== "object" || Array.isArray(lim)) return null;
  /** @type {RelayLimits} */
  const out = {};
  for (const k of LIMIT_KEYS) if (isCount(lim[k])) out[k] = lim[k];
  for (const k of FLAG_KEYS) if (typeof lim[k] === "boolean") out[k] = lim[k];
  return out;
}

/**
 * One stored entry, field by field; null when it is not an entry.
 * @param {any} raw stored JSON, any shape until checked here
 * @returns {Entry|null}
 */
function readEntry(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const e = blank();
  for (const k of COUNT_KEYS) {
    if (!isCount(raw[k])) return null;
    e[k] = raw[k];
  }
  if (!isWord(raw.why)) return null;
  e.why = raw.why;
  if (raw.info !== null) {
    if (!raw.info || !isTime(raw.info.at)) return null;
    e.info = { at: raw.info.at, lim: raw.info.lim === null ? null : readLimits(raw.info.lim) };
  }
  if (raw.found !== null) {
    const f = raw.found;
    if (!f || !isTime(f.at) || !isCount(f.rtt) || typeof f.ok !== "boolean") return null;
    if (typeof f.by !== "string" || !/^[0-9a-f]{64}$/.test(f.by)) return null;
    e.found = { at: f.at, rtt: f.rtt, by: f.by, ok: f.ok };
  }
  return e;
}

/**
 * The stored record's entries, or an empty map when it is missing or cannot be read.
 * @param {string|null} text
 * @returns {Map<string, Entry>}
 */
function readRecord(text) {
  const out = new Map();
  /** @type {any} stored JSON, any shape until checked here */
  let record;
  try {
    record = JSON.parse(text ?? "null");
  } catch {
    return out;
  }
  if (record?.v !== 1 || !record.relays || typeof record.relays !== "object") return out;
  for (const [url, raw] of Object.entries(record.relays)) {
    const entry = relayURL(url) === url ? readEntry(raw) : null;
    if (entry) out.set(url, entry);
  }
  return out;
}

export class RelayBook {
  /**
   * @param {Storage|null} storage where the record is kept (null: this page's memory alone)
   * @param {() => number} [now] ms
   */
  constructor(storage = null, now = () => Date.now()) {
    this.storage = storage;
    this.now = now;
    this.entries = readRecord(this.#stored());
    /** @type {Set<string>} the relays whose entries this page changed since its last write */
    this.dirty = new Set();
  }

  /** The page's one book (pools share what each learns at once), kept in localStorage when the
   * page has it. */
  static shared() {
    let storage = null;
    try {
      storage = globalThis.localStorage ?? null;
    } catch {
      // storage refused (a privacy setting): this page's memory alone
    }
    shared ??= new RelayBook(storage);
    return shared;
  }

  #stored() {
    try {
      return this.storage?.getItem(BOOK_KEY) ?? null;
    } catch {
      return null;
    }
  }

  /** The entry of `url`, or null (an address no relay may have is never recorded). @param {string} url */
  get(url) {
    return this.entries.get(url) ?? null;
  }

  /** The entry of `url` to change (made when new); null for an address no relay may have. @param {string} url */
  #touch(url) {
    if (relayURL(url) !== url) return null;
    const entry = this.entries.get(url) ?? blank();
    entry.t = this.now();
    this.entries.delete(url); // most recently touched last
    this.entries.set(url, entry);
    this.dirty.add(url);
    return entry;
  }

  /** Whether `url` is set aside now (it failed or refused this page lately). @param {string} url */
  aside(url) {
    return (this.get(url)?.aside ?? 0) > this.now();
  }

  /** A relay opened: its failures to connect are forgiven. @param {string} url */
  opened(url) {
    const e = this.get(url);
    if (!e || (e.fails === 0 && e.aside === 0)) return;
    if (e.why === "down" || e.why === "") Object.assign(this.#touch(url) ?? {}, { fails: 0, aside: 0, why: "" });
    this.save();
  }

  /** A relay carried an event to this page that no other relay had brought first. @param {string} url */
  served(url) {
    const e = this.#touch(url);
    if (!e) return;
    e.good += 1;
    e.lastGood = e.t;
    if (e.why === "down") Object.assign(e, { fails: 0, aside: 0, why: "" }); // it works again
    // a write now and then: the count only matters once it passes KEEP_AFTER
    if (e.good === KEEP_AFTER || e.good % 20 === 0) this.save();
  }

  /** A relay failed (`why`: "down", or the refusal's prefix): set aside, for longer each time it
   * fails again once its time is over, and at least `least` ms. (A pool that keeps trying it
   * meanwhile adds nothing: a relay down for half an hour is not set aside for a day.)
   * @param {string} url @param {string} why @param {number} [least] ms
   */
  failed(url, why, least = 0) {
    const had = this.get(url);
    if (had && had.aside > this.now() && had.why === why) return;
    const e = this.#touch(url);
    if (!e) return;
    e.fails = Math.min(e.fails + 1, 30);
    e.why = isWord(why) ? why : "error";
    e.aside = e.t + Math.max(least, Math.min(ASIDE_MS.most, ASIDE_MS.first * 2 ** (e.fails - 1)));
    this.save();
  }

  /** The NIP-11 limits of `url` while fresh: {lim} (lim null: none could be read), or null to fetch.
   * @param {string} url */
  info(url) {
    const info = this.get(url)?.info;
    if (!info) return null;
    const life = info.lim ? INFO_LIFE_MS.ok : INFO_LIFE_MS.failed;
    return this.now() - info.at < life ? info : null;
  }

  /** @param {string} url @param {RelayLimits|null} lim */
  setInfo(url, lim) {
    const e = this.#touch(url);
    if (!e) return;
    e.info = { at: e.t, lim };
    this.save();
  }

  /** A monitor's report on `url` (discovery.js checked it); a newer one replaces an older.
   * @param {string} url @param {Report} report */
  found(url, report) {
    const had = this.get(url)?.found;
    if (had && had.at >= report.at) return;
    const e = this.#touch(url);
    if (!e) return;
    e.found = { ...report };
    this.save();
  }

  /** Whether `url` may be asked for monitors' reports now (and, if so, it is counted as asked).
   * @param {string} url */
  mayAsk(url) {
    const e = this.get(url);
    if (e && this.now() - e.asked < ASK_EVERY_MS) return false;
    const touched = this.#touch(url);
    if (!touched) return false;
    touched.asked = touched.t;
    this.save();
    return true;
  }

  /** The relays that served this page well lately, the best first. */
  kept() {
    const since = this.now() - KEPT_FOR_MS;
    return [...this.entries]
      .filter(([, e]) => e.good >= KEEP_AFTER && e.lastGood >= since)
      .sort(([, a], [, b]) => b.good - a.good)
      .map(([url]) => url);
  }

  /** The relays a recent report says take our kinds without payment or authentication, the
   * quickest first. */
  discovered() {
    const since = Math.floor(this.now() / 1000) - REPORT_LIFE_S;
    return [...this.entries]
      .filter(([, e]) => e.found?.ok && e.found.at >= since)
      .sort(([, a], [, b]) => (a.found?.rtt || 1e9) - (b.found?.rtt || 1e9))
      .map(([url]) => url);
  }

  /** Written to storage: the stored record with this page's changes laid over it, the least
   * recently touched beyond MOST_ENTRIES left out. */
  save() {
    if (!this.storage || this.dirty.size === 0) return;
    const merged = readRecord(this.#stored());
    for (const url of this.dirty) {
      const mine = this.entries.get(url);
      if (mine) merged.set(url, mine);
    }
    const kept = [...merged].sort(([, a], [, b]) => a.t - b.t).slice(-MOST_ENTRIES);
    try {
      this.storage.setItem(BOOK_KEY, JSON.stringify({ v: 1, relays: Object.fromEntries(kept) }));
      this.dirty.clear();
    } catch {
      // storage full or refused: what this page learnt lives on in its memory
    }
    if (this.entries.size > MOST_ENTRIES) {
      const order = [...this.entries].sort(([, a], [, b]) => a.t - b.t);
      for (const [url] of order.slice(0, this.entries.size - MOST_ENTRIES)) this.entries.delete(url);
    }
  }
}

/** @type {RelayBook|null} */
let shared = null;
