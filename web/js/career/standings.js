// @ts-check
// The daily deal's standings in the page's flow: after the day's scored attempt, its entry (op
// "standings_entry": the chosen name, the score and the record, nothing else) signed with this
// page's standings key and published (net/standings.js), unless the player turned it off; when
// the player opens the standings, the date's entries fetched once (kept for REFETCH_MS) and handed
// to Python to check and rank (op "standings": no check and no rank here), CHECK_STEP replays a
// request and at most CHECKS_PER_LOOK a look, each entry's verdict kept by its digest so it is
// replayed once.
//
// Kept in localStorage `allthrees.standings.v1` (STANDINGS_KEY): the key (made the first time
// an entry goes out), whether to publish, this page's own entries by date (the signed event and
// whether a relay took it: one that did not is sent again when the standings are opened), and
// the verdicts of the last KEEP_DATES dates. Read field by field: what is not of its shape is
// dropped (the verdicts are this page's own, and Python takes only those that are verdicts).

import { read, write } from "../store/storage.js";
import { utcDate } from "./store.js";

export const STANDINGS_KEY = "allthrees.standings.v1";
/** The most replays one look at the standings asks of Python (the rest wait for the next look). */
export const CHECKS_PER_LOOK = 12;
/** The replays one request asks (each 0.6 to 1.1 s of the worker in the browser: docs/performance.md). */
export const CHECK_STEP = 2;
/** A look within this long of the last one uses the entries fetched then (ms). */
export const REFETCH_MS = 60_000;
/** The dates whose verdicts are kept. */
const KEEP_DATES = 4;
const HEX64 = /^[0-9a-f]{64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * @typedef {import("../net/standings.js").NostrEvent} NostrEvent
 * @typedef {import("../net/standings.js").Fetched} Fetched
 * @typedef {import("../shapes/career.js").Standings} Standings
 * @typedef {import("../shapes/career.js").StandingsRow} StandingsRow
 * @typedef {import("../net/standings.js").StandingsEntry} StandingsEntry
 * @typedef {{entry: StandingsEntry, event: NostrEvent|null, tooLong: boolean, sent: boolean}} Mine
 *   this page's entry of a date: as Python made it, its signed event once made (none when its
 *   record was too long to publish), and whether a relay took it
 *   when its record was too long to publish
 * @typedef {{v: 1, secret: string|null, publish: boolean, mine: Record<string, Mine>,
 *   verdicts: Record<string, Record<string, unknown>>}} Kept
 * @typedef {{standings: Standings, me: StandingsRow|null, mine: Mine|null, publish: boolean,
 *   fetched: Fetched}} Look  what the panel shows
 * @typedef {(op: string, payload?: Record<string, unknown>) => Promise<any>} EngineCall
 */

/** @param {string|null} text @returns {unknown} */
function parsed(text) {
  try {
    return JSON.parse(text ?? "null");
  } catch {
    return null;
  }
}

/** @returns {Kept} */
const blank = () => ({ v: 1, secret: null, publish: true, mine: {}, verdicts: {} });

/** @param {unknown} raw @returns {Kept} */
function readKept(raw) {
  const out = blank();
  if (!raw || typeof raw !== "object") return out;
  const r = /** @type {Record<string, any>} */ (raw);
  if (typeof r.secret === "string" && HEX64.test(r.secret)) out.secret = r.secret;
  if (typeof r.publish === "boolean") out.publish = r.publish;
  for (const [date, m] of Object.entries(r.mine && typeof r.mine === "object" ? r.mine : {})) {
    if (DATE.test(date) && m && typeof m === "object" && m.entry && typeof m.entry === "object") {
      const event = m.event && typeof m.event === "object" ? m.event : null;
      out.mine[date] = { entry: m.entry, event, tooLong: m.tooLong === true, sent: m.sent === true };
    }
  }
  for (const [date, v] of Object.entries(r.verdicts && typeof r.verdicts === "object" ? r.verdicts : {})) {
    if (DATE.test(date) && v && typeof v === "object" && !Array.isArray(v)) out.verdicts[date] = v;
  }
  return out;
}

export class DailyStandings {
  /**
   * @param {object} o
   * @param {EngineCall} o.call the engine (not blocking the table)
   * @param {() => string} o.name the chosen name (the name at the table)
   * @param {() => Promise<string[]>} o.relays the relays to use
   * @param {import("../net/standings.js").PoolOptions} [o.net] stand-ins for tests
   */
  constructor({ call, name, relays, net = {} }) {
    this.call = call;
    this.name = name;
    this.relays = relays;
    this.netOptions = net;
    this.kept = readKept(parsed(read(STANDINGS_KEY)));
    /** @type {{date: string, at: number, fetched: Fetched}|null} the last fetch */
    this.last = null;
    /** @type {{rank: number, count: number}|null} the player's place, once looked at (the test hook's) */
    this.place = null;
  }

  get publish() {
    return this.kept.publish;
  }

  /** @param {boolean} on whether the day's entry goes out */
  setPublish(on) {
    this.kept.publish = on;
    this.#save();
  }

  #save() {
    const dates = Object.keys(this.kept.verdicts).sort().slice(-KEEP_DATES);
    this.kept.verdicts = Object.fromEntries(dates.map((d) => [d, this.kept.verdicts[d]]));
    const mine = Object.keys(this.kept.mine).sort().slice(-KEEP_DATES);
    this.kept.mine = Object.fromEntries(mine.map((d) => [d, this.kept.mine[d]]));
    write(STANDINGS_KEY, JSON.stringify(this.kept));
  }

  /** The net module and the curve, loaded when first needed. */
  async #net() {
    const net = await import("../net/standings.js");
    const curve = this.netOptions.curve ?? (await net.loadCurve());
    return { net, curve };
  }

  /** This page's standings key, made the first time. */
  async #key() {
    const { net, curve } = await this.#net();
    const key = await net.keyPair(/** @type {any} a secret or null */ (this.kept.secret), curve);
    if (this.kept.secret !== key.secret) {
      this.kept.secret = key.secret;
      this.#save();
    }
    return key;
  }

  /**
   * The day's scored attempt finished: its entry made, signed and published (once a date, and
   * only when the player publishes).
   * @param {import("../shapes/career.js").CareerEntry} entry Python's, with its record
   */
  async finished(entry) {
    const date = entry.daily;
    if (!date || !this.kept.publish || this.kept.mine[date]) return;
    const reply = await this.call("standings_entry", { name: this.name(), entry });
    if (!reply?.ok) return;
    // kept before anything can fail (the curve's download, the relays): sent on a later look
    this.kept.mine[date] = { entry: reply.entry, event: null, tooLong: false, sent: false };
    this.#save();
    await this.#send(date);
  }

  /** This page's entry of `date`, signed if it is not yet, to the relays if none took it yet.
   * @param {string} date */
  async #send(date) {
    const mine = this.kept.mine[date];
    if (!mine || mine.tooLong || mine.sent) return;
    const { net, curve } = await this.#net();
    if (!mine.event) {
      mine.event = await net.entryEvent(mine.entry, await this.#key(), curve);
      mine.tooLong = mine.event === null;
      this.#save();
      if (!mine.event) return;
    }
    const out = await net.publishEvent(await this.relays(), mine.event, this.netOptions);
    if (out.ok > 0) {
      mine.sent = true;
      this.#save();
      this.last = null; // the next look fetches again, with this entry
    }
  }

  /**
   * The standings of `date` as of today: fetched (or the last fetch, if recent), checked and
   * ranked by Python a few replays at a time (CHECK_STEP a request, so the table's own requests
   * wait for no more than those), `onstep` given each step's standings, until every entry is
   * checked, CHECKS_PER_LOOK replays were made, or `wanted` says the player looks no more.
   * @param {object} [o]
   * @param {string} [o.date]
   * @param {(look: Look) => void} [o.onstep]
   * @param {() => boolean} [o.wanted]
   * @returns {Promise<Look|null>} null when Python refused (nothing to show)
   */
  async look({ date = utcDate(), onstep = () => {}, wanted = () => true } = {}) {
    await this.#send(date).catch(() => {}); // an entry no relay took yet goes now (or next time)
    const { net } = await this.#net();
    if (!this.last || this.last.date !== date || Date.now() - this.last.at > REFETCH_MS) {
      const fetched = await net.fetchEntries(await this.relays(), date, this.netOptions);
      this.last = { date, at: Date.now(), fetched };
    }
    const fetched = this.last.fetched;
    const key = this.kept.secret ? (await this.#key()).public : null;
    /** @type {Look|null} */
    let look = null;
    for (let replays = 0; replays < CHECKS_PER_LOOK; ) {
      const known = this.kept.verdicts[date] ?? {};
      const reply = await this.call("standings", {
        entries: fetched.entries,
        date,
        today: utcDate(),
        known,
        budget: CHECK_STEP,
      });
      if (!reply?.ok) return look;
      /** @type {Standings} */
      const standings = reply.standings;
      const fresh = Object.keys(standings.checked).filter((d) => !(d in known)).length;
      replays += fresh;
      this.kept.verdicts[date] = { ...known, ...standings.checked };
      this.#save();
      const me = standings.rows.find((r) => r.key === key) ?? null;
      if (date === utcDate()) this.place = me ? { rank: me.rank, count: standings.count } : null;
      look = { standings, me, mine: this.kept.mine[date] ?? null, publish: this.kept.publish, fetched };
      onstep(look);
      if (!standings.unchecked || !fresh || !wanted()) break;
    }
    return look;
  }
}
