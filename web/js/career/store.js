// @ts-check
// The player's career on this device, kept apart from the match save under versioned keys of its
// own:
//
// - allthrees.career.v1: every finished match as an entry (Python's career.entry: the figures of
//   one match, without its record), and the daily deal's attempts ({date: the match that was that
//   day's scored attempt}, as Python's op "daily_start" returns them).
// - allthrees.history.v1: the last whole matches ({id, date, settings, record}: the record with
//   every hand and the revealed seed, which replays exactly).
//
// Python computes every figure from the entries (op "career"), decides which start of the daily
// is scored and how many entries and whole matches are kept (career_entry's `keep`: one
// definition, career/transfer.py); this module only keeps what it is told. What
// cannot be read here (damaged, or written by a newer version) is never written over: it is kept
// aside under `<key>.unreadable`, and while that place is taken by something else the career is
// not written at all (so nothing a player saved is lost).

import { read, write } from "../store/storage.js";

/** @typedef {import("../shapes/career.js").CareerEntry} CareerEntry */
/** @typedef {import("../shapes/career.js").HistoryItem} HistoryItem */
/** The daily's attempts: {UTC day: its scored attempt's match}. @typedef {Record<string, string>} Attempts */
/** A rated match this device left for good (career.signed.abandon). @typedef {{id: string, date: string, kind: string}} Abandoned */
/** allthrees.career.v1 (`abandoned`: absent from a career from before ratings).
 * @typedef {{version: number, entries: CareerEntry[], daily: {attempts: Attempts}, abandoned?: Abandoned[]}} CareerData */
/** allthrees.history.v1. @typedef {{version: number, items: HistoryItem[]}} HistoryData */
/**
 * Everything the career store holds, as an export carries it.
 * @typedef {{entries: CareerEntry[], daily: {attempts: Attempts}, history: HistoryItem[], abandoned: Abandoned[]}} Exportable
 */

const CAREER_KEY = "allthrees.career.v1";
const HISTORY_KEY = "allthrees.history.v1";
const IMPORT_BACKUP_KEY = "allthrees.import.backup";
const CAREER_VERSION = 1;

/**
 * The preferences a merge of two careers carries (pair.js, sync.js), each filled only where unset.
 * @type {readonly ("tiles"|"felt")[]}
 */
export const DESIGN_PREFS = ["tiles", "felt"];

/** @returns {CareerData} */
const EMPTY = () => ({ version: CAREER_VERSION, entries: [], daily: { attempts: {} } });
/** @returns {HistoryData} */
const EMPTY_HISTORY = () => ({ version: CAREER_VERSION, items: [] });

/**
 * `raw` parsed as a store of this version, or null when it is not one.
 * @template T
 * @param {string} raw @param {(data: any) => boolean} shape whether the parsed JSON is a T
 * @returns {T|null}
 */
function parseStore(raw, shape) {
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object" || data.version !== CAREER_VERSION) return null;
    return shape(data) ? data : null;
  } catch {
    return null;
  }
}

/** @param {any} d JSON of a career store's version */
const isCareer = (d) =>
  Array.isArray(d.entries) && d.daily && typeof d.daily === "object" && typeof d.daily.attempts === "object";
/** @param {any} d JSON of a history store's version */
const isHistory = (d) => Array.isArray(d.items);

/**
 * One store (career or history): read it, and say whether it may be written. A store that cannot
 * be read moves aside first (never over something else kept aside).
 * @template T
 * @param {string} key @param {(data: any) => boolean} shape @param {() => T} empty
 * @returns {{data: T, writable: boolean, problem: "kept_aside"|"unreadable"|null}}
 */
function open(key, shape, empty) {
  const raw = read(key);
  if (raw === null) return { data: empty(), writable: true, problem: null };
  /** @type {T|null} */
  const data = parseStore(raw, shape);
  if (data) return { data, writable: true, problem: null };
  const aside = `${key}.unreadable`;
  const kept = read(aside);
  if (kept === raw || (kept === null && write(aside, raw) === true)) {
    return { data: empty(), writable: true, problem: "kept_aside" };
  }
  return { data: empty(), writable: false, problem: "unreadable" };
}

export class Career {
  constructor() {
    const career = open(CAREER_KEY, isCareer, EMPTY);
    const history = open(HISTORY_KEY, isHistory, EMPTY_HISTORY);
    this.data = career.data;
    this.history = history.data;
    this.writable = { career: career.writable, history: history.writable };
    this.problem = career.problem ?? history.problem; // for the page to say once
  }

  get entries() {
    return this.data.entries;
  }

  /** The daily's attempts, {date: match id}, for Python to read. */
  get attempts() {
    return this.data.daily.attempts;
  }

  /** The rated matches this device left for good (Python's list: op rated_abandon). */
  get abandoned() {
    return Array.isArray(this.data.abandoned) ? this.data.abandoned : [];
  }

  /** Keep the abandoned list as Python returned it. @param {Abandoned[]} abandoned */
  keepAbandoned(abandoned) {
    this.data.abandoned = abandoned;
    this.#save();
  }

  /** @param {string} id */
  has(id) {
    return this.data.entries.some((e) => e.id === id);
  }

  /** Keep a finished match: its entry (figures) and the whole of it, each list cut to the newest
   * `keep` says (Python's: {entries, history}).
   * @param {import("../shapes/career.js").Recorded["entry"]} entry
   * @param {import("../shapes/career.js").Keep} keep
   * @returns {boolean} whether it is new */
  add(entry, keep) {
    if (!entry?.id || this.has(entry.id)) return false;
    const { record, settings, ...figures } = entry;
    const entries = this.data.entries;
    entries.push(figures);
    if (entries.length > keep.entries) entries.splice(0, entries.length - keep.entries);
    if (record && settings) {
      this.history.items.unshift({ id: entry.id, date: entry.date, settings, record });
      this.history.items.length = Math.min(this.history.items.length, keep.history);
    }
    this.#save();
    return true;
  }

  /**
   * A kept entry in place of the one of its id (a rated match's, once every person signed it:
   * career/rated.js); false when the career has no such entry.
   * @param {CareerEntry & {record?: unknown, settings?: unknown}} entry
   */
  update(entry) {
    const { record: _record, settings: _settings, ...figures } = entry;
    const at = this.data.entries.findIndex((e) => e.id === entry.id);
    if (at < 0) return false;
    this.data.entries[at] = figures;
    this.#save();
    return true;
  }

  /**
   * Keep the daily's attempts as Python returned them (op "daily_start").
   * @param {Attempts} attempts
   */
  keepAttempts(attempts) {
    this.data.daily.attempts = attempts;
    this.#save();
  }

  /**
   * The date whose scored daily attempt `matchId` is, or null.
   * @param {string} matchId
   */
  dailyOf(matchId) {
    for (const [date, id] of Object.entries(this.data.daily.attempts)) if (id === matchId) return date;
    return null;
  }

  /** @param {string} date a UTC day */
  playedDaily(date) {
    return date in this.data.daily.attempts;
  }

  /**
   * Everything this store holds, for an export.
   * @returns {Exportable}
   */
  exportable() {
    return {
      entries: this.data.entries,
      daily: this.data.daily,
      history: this.history.items,
      abandoned: this.abandoned,
    };
  }

  /**
   * Replace everything with an import Python has checked, keeping what it replaces as a backup.
   * @param {{entries: CareerEntry[], daily?: {attempts: Attempts}|null, history: HistoryItem[], abandoned?: Abandoned[]}} imported
   * @returns {"replaced"|"backup"|"write"} "backup": the backup could not be written, "write": the import
   */
  replace({ entries, daily, history, abandoned = [] }) {
    const backup = JSON.stringify({
      at: new Date().toISOString(),
      career: read(CAREER_KEY),
      history: read(HISTORY_KEY),
    });
    if (write(IMPORT_BACKUP_KEY, backup) !== true) return "backup";
    this.data = { version: CAREER_VERSION, entries, daily: daily ?? { attempts: {} }, abandoned };
    this.history = { version: CAREER_VERSION, items: history };
    this.writable = { career: true, history: true };
    return this.#save() ? "replaced" : "write";
  }

  #save() {
    let ok = true;
    if (this.writable.career) ok = write(CAREER_KEY, JSON.stringify(this.data)) === true && ok;
    if (this.writable.history) {
      // the history gives way first when storage is full: the oldest whole matches go
      let items = this.history.items;
      while (write(HISTORY_KEY, JSON.stringify({ ...this.history, items })) !== true) {
        if (!items.length) return false;
        items = items.slice(0, -1);
      }
      this.history.items = items;
    }
    return ok;
  }
}

export const CAREER_KEYS = { career: CAREER_KEY, history: HISTORY_KEY, importBackup: IMPORT_BACKUP_KEY };

/**
 * Today's date in UTC, as the daily deal counts days ("2026-12-02").
 * @param {Date} [now]
 */
export function utcDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}
