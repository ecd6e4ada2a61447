// @ts-check
// The lobby's events (net/lobby.js, net/announcer.js, net/quick.js share them): their kind and
// public topics, the exact shapes of what they say, and how one is made and checked.
//
//   a table   {v, type: "table", room, name, lang, players, teams, sprint, free, preset, target,
//              clock, quick, since} on the tables' topic, with proof of work (NIP-13) and, when it
//              answers asks, a tag ["p", ASKER] for each (the asks' keys are fresh: one per ask)
//   in play   {v, type: "play", watch, name, lang, players, teams, sprint, preset, target, clock,
//              watchers, since} on the tables' topic, with proof of work: a listed table dealt
//              that lets people watch (`watch`: its watch link's secret, with the sender's key)
//   gone      {v, type: "gone"} on the tables' topic: the host's table leaves every list
//   an ask    {v, type: "ask", quick, preset} on the asks' topic, with proof of work; tags
//              ["p", HOST] make it an ask of those hosts alone
//
// Every event is checked cheap first: its shape and content (microseconds), then its work (the
// id's leading zero bits: the id is recomputed by nostr.js before any check), and only then,
// within a budget, its BIP-340 signature (a curve operation).

import { CLOCK_SLACK_S, signEvent, unhex } from "./nostr.js";
import { Bucket } from "./peer.js";
import { MOST_WATCHERS } from "./watch.js";
import { mine, worked } from "./work.js";

/** The lobby's events: ephemeral (NIP-01's 20000-29999), beside the rooms' 25050. */
export const LOBBY_KIND = 25051;
/** The announcements' version: an entry of another is not shown (nor guessed at). */
export const LOBBY_VERSION = 1;
/** The proof of work every table and ask carries (NIP-13 difficulty, leading zero bits of the
 * id): measured in docs/performance.md (`scripts/bench net --lobby`), a phone's tens of
 * milliseconds for each announcement, every 30 s. */
export const WORK_BITS = 13;
/** An entry not heard again within this (s) leaves the list: three announcements missed. */
export const ENTRY_LIFE_S = 95;
/** The longest announcement read (characters of its content); a longer one is refused unread. */
export const MAX_ENTRY_CHARS = 700;
/** The kinds of a quick match: two players, or partners (four seats, two sides). */
export const QUICK_KINDS = ["2p", "partners"];
export const LANGS = ["en", "pl"];
/** The most keys an answer names (tags ["p", asker]; nostr.js reads at most 8 tags an event). */
export const MOST_NAMED = 4;
/** Signature checks, for one listener: each costs a curve operation, so a flood of forged events
 * (cheap to make once their work is done) costs a bounded time; charged before each check. */
export const SIGNATURES = { burst: 60, perSecond: 20 };
/** The longest table clock an entry may carry (s a move; 0: off); the choices are Python's
 * (py/allthrees/net/clock.py), which the page hands the Lobby. */
const MOST_CLOCK_S = 3600;

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const PRESET = /^[a-z0-9_]{1,24}$/;
const TITLE = /^[a-z_]{1,24}$/; // a title's code; the page words those it knows
const MOST_RATING = 4000; // career/rated.py's MOST_RATING: past any rating
// a name is plain words: no control characters, no markup's angle brackets (shown as text anyway)
const NAME = /^[^\p{Cc}\p{Cf}<>]{1,24}$/u;
const ENCODER = new TextEncoder();

/** @param {string} text */
async function sha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", ENCODER.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
/** The lobby's public topics: where tables are announced, and where asks go. */
export const lobbyTopics = async () => ({
  tables: await sha256Hex("allthrees lobby tables v1"),
  asks: await sha256Hex("allthrees lobby asks v1"),
});

// What the events say: a table (content of a kind 25051 event on the tables' topic), a table in
// play (the same topic), an ask (on the asks' topic; signed by a key of its own), a table gone.
/** @typedef {import("../shapes/lobby.js").LobbyTable} LobbyTable */
/** @typedef {import("../shapes/lobby.js").LobbyAsk} LobbyAsk */
/** @typedef {import("../shapes/lobby.js").LobbyPlay} LobbyPlay */
/** @typedef {import("../shapes/lobby.js").LobbyGone} LobbyGone */
/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** A field's check, of a value that is any JSON until it has passed. @typedef {(v: any) => boolean} Check */

/** LobbyTable's fields, each as it must be. @type {Record<string, Check>} */
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
  // the host's own start: checked as ever, never believed (a list counts from when it heard it)
  since: (v) => Number.isSafeInteger(v) && v > 0,
  rating: (/** @type {any} */ v) => v === null || (Number.isInteger(v) && v >= 0 && v <= MOST_RATING),
  provisional: (/** @type {unknown} */ v) => typeof v === "boolean",
  title: (/** @type {unknown} */ v) => v === null || (typeof v === "string" && TITLE.test(v)),
  abandoned: (/** @type {any} */ v) => Number.isInteger(v) && v >= 0 && v <= 9999,
};
/** LobbyPlay's: a table's own fields but its seats' (none is free) and a quick match's.
 * @type {Record<string, Check>} */
const PLAY_FIELDS = {
  v: TABLE_FIELDS.v,
  type: (v) => v === "play",
  watch: (v) => typeof v === "string" && HEX64.test(v),
  name: TABLE_FIELDS.name,
  lang: TABLE_FIELDS.lang,
  players: TABLE_FIELDS.players,
  teams: TABLE_FIELDS.teams,
  sprint: TABLE_FIELDS.sprint,
  preset: TABLE_FIELDS.preset,
  target: TABLE_FIELDS.target,
  clock: TABLE_FIELDS.clock,
  watchers: (v) => Number.isInteger(v) && v >= 0 && v <= MOST_WATCHERS,
  since: TABLE_FIELDS.since,
};
/** LobbyGone's, LobbyAsk's. @type {Record<string, Check>} */
const GONE_FIELDS = { v: (v) => v === LOBBY_VERSION, type: (v) => v === "gone" };
/** @type {Record<string, Check>} */
const ASK_FIELDS = {
  v: (v) => v === LOBBY_VERSION,
  type: (v) => v === "ask",
  quick: (v) => v === null || QUICK_KINDS.includes(v),
  preset: (v) => v === null || (typeof v === "string" && PRESET.test(v)),
};

/** The body of `content` when it is JSON of exactly `spec`'s fields, each as it says; else the
 * reason it is not.
 * @param {unknown} content @param {Record<string, Record<string, Check>>} specs
 * @returns {{problem?: string, body?: any}} `body`: JSON whose fields passed `specs`'
 */
function exactly(content, specs) {
  if (typeof content !== "string" || content.length > MAX_ENTRY_CHARS) return { problem: "size" };
  /** @type {any} a stranger's JSON, any shape until checked here */
  let body;
  try {
    body = JSON.parse(content);
  } catch {
    return { problem: "json" };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { problem: "shape" };
  if (body.v !== LOBBY_VERSION) return { problem: "version" };
  const spec = specs[body.type];
  if (!spec) return { problem: "type" };
  const names = Object.keys(body);
  if (names.length !== Object.keys(spec).length || !Object.keys(spec).every((k) => k in body && spec[k](body[k])))
    return { problem: "shape" };
  return { body };
}

/** Why an announcement is not shown, or null when it may be: the content's own checks (the
 * event's envelope, its work, its signature and the flood limits are the Lobby's).
 * @param {unknown} content @param {number} createdAt @param {number} nowS (s)
 * @param {string[]|null} [presets] the presets this page can say (null: any)
 * @param {number[]|null} [clocks] the clocks this page's Python has (null: any)
 * @returns {string|null}
 */
export function entryProblem(content, createdAt, nowS, presets = null, clocks = null) {
  const { problem, body } = exactly(content, { table: TABLE_FIELDS, play: PLAY_FIELDS, gone: GONE_FIELDS });
  if (problem) return problem;
  if (body.type === "gone") return null;
  if (body.type === "table" && body.free >= body.players) return "shape"; // the host holds a seat
  if (body.teams && body.players !== 4) return "shape";
  if (body.quick === "partners" && !body.teams) return "shape";
  if (body.quick === "2p" && body.players !== 2) return "shape";
  if (presets && !presets.includes(body.preset)) return "preset"; // rules this page cannot say
  if (clocks && !clocks.includes(body.clock)) return "clock"; // a clock this page's Python has not
  if (createdAt < nowS - ENTRY_LIFE_S || createdAt > nowS + CLOCK_SLACK_S) return "expired";
  if (body.since > createdAt + CLOCK_SLACK_S || body.since < createdAt - 86_400) return "shape";
  return null;
}

/** Why an ask is not read, or null when it may be (its content alone). @param {unknown} content */
export function askProblem(content) {
  return exactly(content, { ask: ASK_FIELDS }).problem ?? null;
}

/** The values of an event's tags named `name` (the keys a table answers, or an ask is for).
 * @param {{tags: string[][]}} ev @param {string} name */
export const tagged = (ev, name) => ev.tags.filter((t) => t[0] === name && HEX64.test(t[1] ?? "")).map((t) => t[1]);

/**
 * A lobby event, made: its proof of work (NIP-13, `bits`; none for 0) and its signature by `key`.
 * Null when `stopped()` says so before it is done (the page closed its lobby meanwhile).
 * @param {{tags: string[][], content: string}} what
 * @param {KeyPair} key
 * @param {Curve} curve the curve (noble-secp256k1)
 * @param {{bits?: number, now?: () => number, stopped?: () => boolean}} [o]
 * @returns {Promise<NostrEvent|null>}
 */
export async function lobbyEvent({ tags, content }, key, curve, { bits = WORK_BITS, now = Date.now, stopped } = {}) {
  const created_at = Math.floor(now() / 1000);
  const plain = { pubkey: key.public, created_at, kind: LOBBY_KIND, tags, content };
  const made = bits > 0 ? await mine(plain, bits, { stopped }) : { tags };
  if (!made) return null;
  return signEvent({ kind: LOBBY_KIND, tags: made.tags, content, created_at }, key, curve);
}

/** The checks of a stranger's events, cheapest first, for one listener (a Lobby, an Announcer,
 * a quick match's look). */
export class Checks {
  /**
   * @param {Curve} curve the curve (noble-secp256k1)
   * @param {number} bits the work every table and ask must carry
   */
  constructor(curve, bits = WORK_BITS) {
    this.curve = curve;
    this.bits = bits;
    this.signatures = new Bucket(SIGNATURES);
  }

  /** Its work (NIP-13, committed): free to check, costly to make. @param {NostrEvent} ev */
  worked(ev) {
    return worked(ev, this.bits);
  }

  /** BIP-340: the event's id signed by its key (the relays' word for it is not taken), within
   * `bucket` (the listener's budget of signature checks, unless told another).
   * @param {NostrEvent} ev @param {Bucket} [bucket] */
  async signed(ev, bucket = this.signatures) {
    if (!HEX128.test(ev.sig) || !bucket.take()) return false;
    try {
      return await this.curve.schnorr.verifyAsync(unhex(ev.sig), unhex(ev.id), unhex(ev.pubkey));
    } catch {
      return false;
    }
  }
}
