// The parlor's lobby on the relays: open tables announced where anyone can see them, and a quick
// match's waiting table among them. No server of ours: a host's page announces its table as a
// short-lived event on the same public relays that carry a room's handshake (nostr.js), and a
// page with the lobby open lists what it hears. Joining a listed table is opening its one link
// (the room's secret and the host's key, which the announcement carries: a public table is one
// anyone may join), so every seat is taken and kept exactly as a friend's (online.js).
//
//   const lobby = new Lobby({ relays, presets, onchange });   // the list, live
//   await lobby.open();  lobby.tables();  lobby.pause(); lobby.resume(); lobby.close();
//   const ad = new Announcer({ relays, key, entry: () => ({...}) });   // a host's table, repeated
//   ad.start();  ad.update();  ad.stop();   // stop() says "gone": it leaves every list at once
//
// A good citizen of volunteer relays: an announcement is an ephemeral event (kept by nobody),
// repeated every ANNOUNCE_EVERY_MS while the table waits, and an entry not heard again within
// ENTRY_LIFE_S leaves the list; a page that opens the lobby asks once ("ask", on a topic of its
// own that only announcing pages hear), and an announcing page answers asks at most once every
// ANSWER_EVERY_MS. The flow (table/parlor.js) pauses both while the page is hidden or idle.
//
// Strangers are untrusted: an entry is shown only when every check passes (checkEntry: the
// event's kind and topic, its size, its JSON's exact shape and types, the version, a preset this
// page knows, a time that is neither expired nor in the future, within one sender's flood limit
// and the lobby's limit on senders not heard before, and a valid signature). A name is text to
// be set as text, never markup. The sender's key is the host's key in its room, so an
// announcement cannot name another host's room.

import { CLOCK_SLACK_S, keyPair, loadCurve, RelayPool, signEvent, unhex } from "./nostr.js";
import { Bucket } from "./peer.js";

/** The lobby's events: ephemeral (NIP-01's 20000-29999), beside the rooms' 25050. */
export const LOBBY_KIND = 25051;
/** The announcements' version: an entry of another is not shown (nor guessed at). */
export const LOBBY_VERSION = 1;
/** How often a waiting table is announced again (ms): a list needs no more. */
export const ANNOUNCE_EVERY_MS = 30_000;
/** An entry not heard again within this (s) leaves the list: three announcements missed. */
export const ENTRY_LIFE_S = 95;
/** An ask is answered at most this often (ms), whoever asks. */
export const ANSWER_EVERY_MS = 5000;
/** The longest announcement read (characters of its content); a longer one is refused unread. */
export const MAX_ENTRY_CHARS = 700;
/** One sender: a few announcements at once, then one every 10 s (it repeats every 30 s). */
const PER_SENDER = { burst: 4, perSecond: 0.1 };
/** Senders not heard before, for the whole lobby (counted once their signature holds). */
const NEWCOMERS = { burst: 40, perSecond: 4 };
/** Signature checks, for the whole lobby: each costs a curve operation, so a flood of forged
 * events (cheap to make) costs a bounded time; charged before each check. */
const SIGNATURES = { burst: 60, perSecond: 20 };
/** The most tables listed (the oldest go first beyond it) and senders remembered. */
export const MOST_TABLES = 60;
const SENDERS_KEPT = 512;
/** The kinds of a quick match: two players, or partners (four seats, two sides). */
export const QUICK_KINDS = ["2p", "partners"];
/** The longest table clock an entry may carry (s a move; 0: off); the choices are Python's
 * (py/allthrees/net/clock.py), which the page hands the Lobby. */
const MOST_CLOCK_S = 3600;
export const LANGS = ["en", "pl"];

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const PRESET = /^[a-z0-9_]{1,24}$/;
// a name is plain words: no control characters, no markup's angle brackets (shown as text anyway)
const NAME = /^[^\p{Cc}\p{Cf}<>]{1,24}$/u;
const ENCODER = new TextEncoder();

async function sha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", ENCODER.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
/** The lobby's public topics: where tables are announced, and where asks go. */
export const lobbyTopics = async () => ({
  tables: await sha256Hex("allthrees lobby tables v1"),
  asks: await sha256Hex("allthrees lobby asks v1"),
});

const TABLE_FIELDS = {
  v: (v) => v === LOBBY_VERSION,
  type: (v) => v === "table",
  room: (v) => typeof v === "string" && HEX64.test(v),
  name: (v) => typeof v === "string" && NAME.test(v) && v.trim() === v,
  lang: (v) => LANGS.includes(v),
  players: (v) => Number.isInteger(v) && v >= 2 && v <= 4,
  teams: (v) => typeof v === "boolean",
  sprint: (v) => typeof v === "boolean", // one round (a Quick Sprint), not a match to a target
  free: (v) => Number.isInteger(v) && v >= 1 && v <= 3,
  preset: (v) => typeof v === "string" && PRESET.test(v),
  target: (v) => Number.isInteger(v) && v >= 1 && v <= 1000,
  clock: (v) => Number.isInteger(v) && v >= 0 && v <= MOST_CLOCK_S,
  quick: (v) => v === null || QUICK_KINDS.includes(v),
  since: (v) => Number.isSafeInteger(v) && v > 0,
};
const GONE_FIELDS = { v: (v) => v === LOBBY_VERSION, type: (v) => v === "gone" };

/** Why an announcement is not shown, or null when it may be: the content's own checks (the
 * event's envelope, its signature and the flood limits are the Lobby's). */
export function entryProblem(content, createdAt, nowS, presets = null, clocks = null) {
  if (typeof content !== "string" || content.length > MAX_ENTRY_CHARS) return "size";
  let body;
  try {
    body = JSON.parse(content);
  } catch {
    return "json";
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return "shape";
  if (body.v !== LOBBY_VERSION) return "version";
  const spec = body.type === "table" ? TABLE_FIELDS : body.type === "gone" ? GONE_FIELDS : null;
  if (!spec) return "type";
  const names = Object.keys(body);
  if (names.length !== Object.keys(spec).length || !Object.keys(spec).every((k) => k in body && spec[k](body[k])))
    return "shape";
  if (body.type === "gone") return null;
  if (body.free >= body.players) return "shape"; // the host holds a seat
  if (body.teams && body.players !== 4) return "shape";
  if (body.quick === "partners" && !body.teams) return "shape";
  if (body.quick === "2p" && body.players !== 2) return "shape";
  if (presets && !presets.includes(body.preset)) return "preset"; // rules this page cannot say
  if (clocks && !clocks.includes(body.clock)) return "clock"; // a clock this page's Python has not
  if (createdAt < nowS - ENTRY_LIFE_S || createdAt > nowS + CLOCK_SLACK_S) return "expired";
  if (body.since > createdAt + CLOCK_SLACK_S || body.since < createdAt - 86_400) return "shape";
  return null;
}

/** The list of open tables, live, as the relays bring announcements. */
export class Lobby {
  /**
   * @param {object} o
   * @param {string[]} o.relays
   * @param {string[]|null} [o.presets] the rule presets this page can say (Python's choices)
   * @param {number[]|null} [o.clocks] the table clocks this page's Python offers (s a move)
   * @param {() => void} [o.onchange] the list changed
   * @param {(status: {open, total, down}) => void} [o.onstatus]
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
  }) {
    Object.assign(this, { relays, presets, clocks, onchange, onstatus, WebSocketClass });
    this.curve = curve ?? null;
    this.now = now ?? (() => Date.now());
    this.entries = new Map(); // host's key -> entry
    this.senders = new Map(); // sender's key -> Bucket
    this.newcomers = new Bucket(NEWCOMERS);
    this.signatures = new Bucket(SIGNATURES);
    this.closed = false;
    this.paused = false;
    this.counts = { heard: 0, shown: 0, refused: 0 }; // for the benchmark and the tests
    this.queue = Promise.resolve();
    this.pool = null;
    this.asker = null;
    this.sweeper = null;
  }

  async open() {
    this.curve ??= await loadCurve();
    this.topics = await lobbyTopics();
    if (this.closed) return; // closed while the code loaded
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
        if (status.open > 0 && !this.asked) this.#ask().catch(() => {}); // once a relay can carry it; unsaid if not
      },
      WebSocketClass: this.WebSocketClass,
    });
    if (this.paused) return;
    this.pool.start();
    this.sweeper = setInterval(() => this.#sweep(), 5000);
  }

  /** The tables listed now, the longest waiting first. */
  tables() {
    return [...this.entries.values()].sort((a, b) => a.since - b.since || (a.host < b.host ? -1 : 1));
  }

  /** The page is hidden or idle: no socket open, nothing heard (resume() asks again). */
  pause() {
    this.paused = true;
    this.pool?.stop();
    clearInterval(this.sweeper);
    this.sweeper = null;
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
  }

  /** Ask every announcing page to announce again now (a page that opens the lobby sees the
   * tables at once, not at their next turn). */
  async #ask() {
    this.asked = true;
    const pool = this.pool;
    const key = await keyPair(null, this.curve);
    const content = JSON.stringify({ v: LOBBY_VERSION, type: "ask" });
    const event = await signEvent({ kind: LOBBY_KIND, tags: [["t", this.topics.asks]], content }, key, this.curve);
    // closed (or paused and opened again) while the ask was being signed: this one goes unsaid
    if (this.closed || this.pool !== pool || !pool.running) return;
    // through this lobby's own sockets: a pool publishes any event, whatever topic it hears
    await pool.publish(event);
  }

  #heard(ev) {
    this.counts.heard += 1;
    this.queue = this.queue.then(() => this.#read(ev)).catch(() => this.counts.refused++);
  }

  /** The pool's check before an event counts as heard: the content's own checks, then (within
   * the lobby's budget of signature checks) its signature. */
  async #checked(ev) {
    const nowS = Math.floor(this.now() / 1000);
    const ok =
      !entryProblem(ev.content, ev.created_at, nowS, this.presets, this.clocks) &&
      HEX128.test(ev.sig) &&
      this.signatures.take() &&
      (await this.#signed(ev));
    if (!ok) this.counts.refused++;
    return ok;
  }

  /** A checked, signed announcement: listed, within the flood limits (charged only now, so a
   * forger who knows a host's key cannot spend that host's limit). */
  async #read(ev) {
    const known = this.senders.get(ev.pubkey);
    if (!known && !this.newcomers.take()) return this.counts.refused++;
    const bucket = known ?? new Bucket(PER_SENDER);
    if (!known) {
      this.senders.set(ev.pubkey, bucket);
      if (this.senders.size > SENDERS_KEPT) this.senders.delete(this.senders.keys().next().value);
    }
    if (!bucket.take()) return this.counts.refused++;
    const body = JSON.parse(ev.content);
    const had = this.entries.get(ev.pubkey);
    if (had && had.at > ev.created_at) return; // an older announcement, after a newer one
    if (body.type === "gone") {
      if (had) {
        this.entries.delete(ev.pubkey);
        this.onchange();
      }
      return;
    }
    const { v: _v, type: _t, ...entry } = body;
    this.entries.set(ev.pubkey, { ...entry, host: ev.pubkey, id: ev.pubkey.slice(0, 16), at: ev.created_at });
    if (this.entries.size > MOST_TABLES) {
      const oldest = [...this.entries.values()].sort((a, b) => a.at - b.at)[0];
      this.entries.delete(oldest.host);
    }
    this.counts.shown += 1;
    this.onchange();
  }

  /** BIP-340: the event's id signed by its key (the relays' word for it is not taken). */
  async #signed(ev) {
    try {
      return await this.curve.schnorr.verifyAsync(unhex(ev.sig), unhex(ev.id), unhex(ev.pubkey));
    } catch {
      return false;
    }
  }

  #sweep() {
    const nowS = Math.floor(this.now() / 1000);
    let gone = false;
    for (const [key, e] of this.entries) {
      if (e.at < nowS - ENTRY_LIFE_S) {
        this.entries.delete(key);
        gone = true;
      }
    }
    if (gone) this.onchange();
  }
}

/** A host's table in the lobby: announced now, again every ANNOUNCE_EVERY_MS and at an ask
 * (at most every ANSWER_EVERY_MS), until stop(). */
export class Announcer {
  /**
   * @param {object} o
   * @param {string[]} o.relays
   * @param {{secret: string, public: string}} o.key the host's key in its room (the entry's id)
   * @param {() => object} o.entry the table as it stands: the fields of an announcement but
   *   v and type (checked here as any page checks it)
   */
  constructor({ relays, key, entry, WebSocketClass, curve, now }) {
    Object.assign(this, { relays, key, entry, WebSocketClass });
    this.curve = curve ?? null;
    this.now = now ?? (() => Date.now());
    this.pool = null;
    this.timer = null;
    this.lastAnswer = 0;
    this.sent = 0; // events this announcer published
    this.running = false;
    this.stopped = false;
  }

  async start() {
    if (this.running || this.stopped) return;
    this.running = true;
    this.curve ??= await loadCurve();
    this.topics ??= await lobbyTopics();
    if (!this.running) return;
    this.pool ??= new RelayPool(this.relays, {
      topic: this.topics.asks,
      kind: LOBBY_KIND,
      onevent: () => this.#asked(),
      onstatus: (status) => {
        if (status.open > 0 && !this.said) this.#say(); // the first announcement once a relay is open
      },
      WebSocketClass: this.WebSocketClass,
    });
    this.said = false;
    this.pool.start();
    this.timer = setInterval(() => this.#say(), ANNOUNCE_EVERY_MS);
  }

  /** The table changed (a seat taken or freed): announced again now. */
  update() {
    if (this.running && this.said) this.#say();
  }

  /** The page is hidden or idle: nothing sent or heard until resume(). */
  pause() {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
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
    clearInterval(this.timer);
    if (was && this.pool.open > 0) await this.#publish({ v: LOBBY_VERSION, type: "gone" }).catch(() => {});
    this.pool?.stop();
    this.pool = null;
  }

  #asked() {
    const t = this.now();
    if (t - this.lastAnswer < ANSWER_EVERY_MS) return;
    this.lastAnswer = t;
    this.#say();
  }

  async #say() {
    if (!this.running) return;
    const body = { v: LOBBY_VERSION, type: "table", ...this.entry() };
    const content = JSON.stringify(body);
    const nowS = Math.floor(this.now() / 1000);
    if (entryProblem(content, nowS, nowS)) return; // never announce what no page would show
    this.said = true;
    await this.#publish(body).catch(() => {});
  }

  async #publish(body) {
    this.sent += 1;
    const tags = [
      ["t", this.topics.tables],
      ["expiration", String(Math.floor(this.now() / 1000) + ENTRY_LIFE_S)], // NIP-40
    ];
    const event = await signEvent({ kind: LOBBY_KIND, tags, content: JSON.stringify(body) }, this.key, this.curve);
    return this.pool.publish(event);
  }
}

/** A quick match's choice among the listed tables: the longest-waiting quick table of `kind`
 * (and `preset`, when one is asked for) with a free seat, not this page's own; null: none. */
export function quickTable(tables, { kind, preset = null, own = null }) {
  return (
    tables.find((t) => t.quick === kind && t.free > 0 && t.host !== own && (preset === null || t.preset === preset)) ??
    null
  );
}

/** Whether this page's waiting quick table should give way to `other` (the same kind): the one
 * that waited longer hosts, the smaller key when both began in the same second; so of two pages
 * that opened at once, exactly one goes to the other's table. */
export function givesWay(mine, other) {
  return other.since < mine.since || (other.since === mine.since && other.host < mine.host);
}
