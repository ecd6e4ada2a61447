// @ts-check
// One relay of a pool (nostr.js): its WebSocket, kept open while the pool runs and opened again
// with a growing delay when it fails; the subscriptions the pool asks for; what the relay answers
// to each event this page sends it; its NIP-11 limits (relayinfo.js), which nothing sent here may
// exceed; and NIP-42 authentication when the relay asks for it.
//
// Every NIP-01 refusal (`OK false` or `CLOSED`, "prefix: words") has its own handling:
//   duplicate:     the relay has the event: taken
//   rate-limited:  nothing more goes to that relay for a pause that doubles with each refusal in a
//                  row (RATE_PAUSE_MS); the refused event, and what comes meanwhile, wait for its
//                  end and go then, unless another relay has carried them by then
//   auth-required: answered with NIP-42 (kind 22242 with the relay's URL and its challenge, signed
//                  by the page's own key), then the event or the subscription is tried once more;
//                  a relay that asks without a challenge, or refuses the answer, is dropped
//   restricted:, blocked:, pow:, invalid: (and a subscription's unsupported:)  the relay is
//                  dropped for this pool and set aside in the page's record (relaybook.js)
//   error:         the event is tried once more later (a subscription, again and again, further
//                  apart), the relay kept
//   mute: or none  not taken by that relay, nothing more
// A relay that refuses never holds the table up: the pool's publish resolves once any relay took
// the event, and each relay's own wait is bounded (PUBLISH_WAIT_MS, and RETRY_AGE_S for retries).

import { authEvent } from "./nostrevent.js";
import { fetchInfo, unusable } from "./relayinfo.js";
import { relayURL } from "./relayurl.js";

/** Opening a relay again: first after this, doubling up to the most (ms). */
export const RETRY_MS = { first: 2000, most: 60_000 };
/** A socket not open by then has failed (ms). */
export const CONNECT_TIMEOUT_MS = 8000;
/** How long a relay has to answer an event (OK) before it counts as not taken there (ms). */
export const PUBLISH_WAIT_MS = 6000;
/** A relay that says rate-limited gets nothing for this long, doubling in a row (ms). */
export const RATE_PAUSE_MS = { first: 2000, most: 60_000 };
/** A subscription that lived this long before the relay ended it starts its delays over (ms). */
const SUB_LIVED_MS = 60_000;
/** An event an `error:` refused is tried once more after this (ms). */
const ERROR_RETRY_MS = 5000;
/** An event is not sent again once this old (s): pages drop a message older than two minutes. */
const RETRY_AGE_S = 90;
/** The most events waiting for one relay's pause to end; more are not kept for it. */
const QUEUE_MOST = 64;
/** A challenge longer than this is not one (characters). */
const MAX_CHALLENGE_CHARS = 512;
/** How long a relay that refused so is set aside in the page's record, at least (ms). */
const HOUR_MS = 3_600_000;
/** @type {Record<string, number>} */
const ASIDE_MS = {
  restricted: 6 * HOUR_MS,
  blocked: 6 * HOUR_MS,
  pow: 6 * HOUR_MS,
  unsupported: 6 * HOUR_MS,
  invalid: HOUR_MS, // perhaps this page's clock, or one bad event: sooner
  "auth-required": HOUR_MS,
};
/** The refusals that drop a relay from its pool. */
const DROPPING = new Set(["restricted", "blocked", "pow", "invalid", "unsupported"]);
const ENCODER = new TextEncoder();

/** A refusal's machine-readable prefix (NIP-01: "prefix: human words"), or "" when it has none.
 * @param {unknown} message */
export function prefixOf(message) {
  const m = /^([a-z][a-z-]{0,30}):/.exec(typeof message === "string" ? message : "");
  return m ? m[1] : "";
}

/** `text`'s length in UTF-8 bytes (what NIP-11's max_message_length counts). @param {string} text */
export const byteLength = (text) => ENCODER.encode(text).length;

/**
 * @typedef {object} LinkOwner  what a link needs of its pool (nostr.js RelayPool)
 * @property {boolean} running
 * @property {() => number} now
 * @property {typeof WebSocket} Socket  the browser's, or a test's stand-in
 * @property {import("./relaybook.js").RelayBook} book
 * @property {typeof globalThis.fetch|null} fetch
 * @property {number} pow  the proof of work this page's events carry (bits)
 * @property {() => RelayFilter} filter  the room's subscription filter
 * @property {() => Promise<KeyPair>} authKey
 * @property {() => Promise<Curve>} curveLib
 * @property {(link: RelayLink) => void} linkState
 * @property {(link: RelayLink) => void} linkOpened
 * @property {(link: RelayLink, sub: string, ev: unknown) => void} linkEvent
 * @property {(link: RelayLink, sub: string) => void} linkEose
 * @property {(prefix: string) => void} refused  a refusal heard (counted)
 * @property {(link: RelayLink, data: unknown) => void} frame  a frame the relay sent
 */
/** @typedef {import("../shapes/nostr.js").RelayFilter} RelayFilter */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {{ok: boolean, message: string}} Answer  a relay's OK for an event */

export class RelayLink {
  /** @param {string} url @param {LinkOwner} owner */
  constructor(url, owner) {
    this.url = url;
    this.owner = owner;
    /** @type {"connecting"|"open"|"closed"|"refused"} */
    this.state = "closed";
    this.why = ""; // why it was dropped
    /** @type {WebSocket|null} */
    this.ws = null;
    this.retry = RETRY_MS.first;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.timer = null;
    /** @type {Map<string, (answer: Answer|null) => void>} event id -> done(answer) */
    this.pending = new Map();
    /** @type {Set<() => void>} pauses under way (ended at once by stop()) */
    this.waits = new Set();
    /** @type {string|null} */
    this.challenge = null;
    this.authed = false;
    /** @type {Promise<boolean>|null} */
    this.authing = null;
    this.pausedUntil = 0;
    this.pauseMs = 0;
    this.queued = 0;
    /** @type {Map<string, {filter: RelayFilter, tries: number, at: number}>} name ("room", "monitors") -> {filter, tries} */
    this.subs = new Map();
    const info = owner.book.info(url);
    /** @type {import("./relaybook.js").RelayLimits|null} NIP-11's limits, once known */
    this.lim = info?.lim ?? null;
    this.infoKnown = Boolean(info);
  }

  /** Open, unless the relay is known not to take this page's events. */
  start() {
    const why = unusable(this.lim, { pow: this.owner.pow });
    if (why) return this.#refuse(why, false);
    this.#connect();
  }

  stop() {
    clearTimeout(this.timer ?? undefined);
    this.timer = null;
    for (const done of [...this.pending.values()]) done(null);
    for (const end of [...this.waits]) end();
    const ws = this.ws;
    this.ws = null;
    if (this.state !== "refused") this.state = "closed";
    try {
      ws?.close();
    } catch {
      // already closed
    }
  }

  /** Whether an event may go to this relay now or once its pause ends. */
  get writable() {
    return this.state === "open";
  }

  /** Whether a second subscription (the monitors' reports) fits the relay's limit. */
  get roomForAnother() {
    const most = this.lim?.maxSubs ?? 0;
    return most < 1 || most >= 2;
  }

  #connect() {
    if (!this.owner.running || this.state === "refused") return;
    this.state = "connecting";
    this.challenge = null;
    this.authed = false;
    let ws;
    try {
      ws = new this.owner.Socket(this.url);
    } catch {
      this.#lost(null); // a refused address (CSP, a bad URL): counted as down, tried again later
      return;
    }
    this.ws = ws;
    this.timer = setTimeout(() => this.ws === ws && this.state === "connecting" && this.#lost(ws), CONNECT_TIMEOUT_MS);
    ws.onopen = () => this.ws === ws && this.#opened();
    // a socket of an earlier run (stop() then start()) that closes or speaks late is not this one
    ws.onmessage = (message) => this.ws === ws && this.owner.frame(this, message.data);
    ws.onerror = () => {}; // the close that follows says it
    ws.onclose = () => this.ws === ws && this.#lost(ws);
    this.owner.linkState(this);
  }

  #opened() {
    clearTimeout(this.timer ?? undefined);
    this.timer = null;
    this.state = "open";
    this.retry = RETRY_MS.first;
    this.owner.book.opened(this.url);
    for (const [name, sub] of this.subs) this.#req(name, sub.filter);
    if (!this.subs.has("room")) this.subscribe("room", this.owner.filter());
    this.owner.linkOpened(this);
    this.owner.linkState(this);
    if (!this.infoKnown) this.#info();
  }

  /** @param {WebSocket|null} ws */
  #lost(ws) {
    if (this.state === "refused") return;
    const wasOpen = this.state === "open";
    clearTimeout(this.timer ?? undefined);
    this.state = "closed";
    this.ws = null;
    try {
      ws?.close();
    } catch {
      // already closed
    }
    for (const done of [...this.pending.values()]) done(null);
    if (!wasOpen) this.owner.book.failed(this.url, "down"); // it did not open: set aside a while
    this.owner.linkState(this);
    if (!this.owner.running) return;
    const next = Math.min(RETRY_MS.most, this.retry * 2);
    this.timer = setTimeout(() => {
      this.retry = next;
      this.#connect();
    }, this.retry);
  }

  /** Dropped for this pool: closed and not opened again (`record`: set aside in the page's record).
   * @param {string} why */
  #refuse(why, record = true) {
    if (this.state === "refused") return;
    this.why = why;
    this.stop();
    this.state = "refused";
    if (record) this.owner.book.failed(this.url, why, ASIDE_MS[why] ?? 0);
    this.owner.linkState(this);
  }

  /** The relay's NIP-11 limits: fetched once it is open (a relay that is down costs no fetch). */
  async #info() {
    this.infoKnown = true;
    // only a relay's own address (never a test's made-up one, which would go looking for its host)
    if (!this.owner.fetch || relayURL(this.url) !== this.url) return;
    const lim = await fetchInfo(this.url, { fetch: this.owner.fetch });
    this.owner.book.setInfo(this.url, lim);
    this.lim = lim;
    const why = unusable(lim, { pow: this.owner.pow });
    if (why) return this.#refuse(why, false); // the record's limits keep it out of later choices
    if (lim?.auth && this.challenge) this.#authenticate();
  }

  // ------------------------------------------------------------------ frames

  /** A message from the relay (the pool checked the frame's size and JSON), by its NIP-01 shape:
   * false when it has none of them (the pool counts it as dropped).
   * @param {unknown[]} msg a relay's JSON array, its items any JSON until checked here */
  heard(msg) {
    const [type] = msg;
    if (type === "EVENT" && msg.length === 3 && typeof msg[1] === "string") {
      const name = this.#subName(msg[1]);
      if (!name) return false;
      this.owner.linkEvent(this, name, msg[2]);
      return true;
    }
    if (type === "OK" && msg.length >= 3 && typeof msg[1] === "string" && typeof msg[2] === "boolean") {
      const message = typeof msg[3] === "string" ? msg[3] : "";
      this.pending.get(msg[1])?.({ ok: msg[2], message });
      return true;
    }
    if (type === "EOSE" && typeof msg[1] === "string") {
      const name = this.#subName(msg[1]);
      if (name) this.owner.linkEose(this, name);
      return Boolean(name);
    }
    if (type === "CLOSED" && typeof msg[1] === "string") {
      const name = this.#subName(msg[1]);
      if (name) this.#closed(name, typeof msg[2] === "string" ? msg[2] : "");
      return Boolean(name);
    }
    if (type === "AUTH" && msg.length === 2 && typeof msg[1] === "string") {
      if (msg[1].length === 0 || msg[1].length > MAX_CHALLENGE_CHARS) return false;
      this.challenge = msg[1];
      if (this.lim?.auth) this.#authenticate(); // the relay said it serves nobody unauthenticated
      return true;
    }
    return type === "NOTICE"; // words for people: nothing to act on
  }

  // ------------------------------------------------------------------ subscriptions

  /** A subscription's id on this relay: its name, cut to the relay's max_subid_length.
   * @param {string} name */
  #subId(name) {
    const most = this.lim?.maxSubid ?? 0;
    return most >= 1 && name.length > most ? name.slice(0, most) : name;
  }

  /** @param {string} id */
  #subName(id) {
    for (const name of this.subs.keys()) if (this.#subId(name) === id) return name;
    return null;
  }

  /** Ask the relay for `filter`'s events under `name` (again whenever the socket opens).
   * @param {string} name @param {RelayFilter} filter */
  subscribe(name, filter) {
    this.subs.set(name, { filter, tries: 0, at: 0 });
    if (this.state === "open") this.#req(name, filter);
  }

  /** @param {string} name */
  unsubscribe(name) {
    if (!this.subs.delete(name) || this.state !== "open") return;
    this.#write(["CLOSE", this.#subId(name)]);
  }

  /** @param {string} name @param {RelayFilter} filter */
  #req(name, filter) {
    const sub = this.subs.get(name);
    if (sub) sub.at = this.owner.now();
    this.#write(["REQ", this.#subId(name), filter]);
  }

  /** @param {unknown[]} message */
  #write(message) {
    // a socket closing or closed takes nothing (a send would only log an error): its close says it
    if (!this.ws || this.ws.readyState > 1) return;
    try {
      this.ws.send(JSON.stringify(message));
    } catch {
      // the close that follows says it
    }
  }

  /** The relay ended a subscription (CLOSED): by its prefix, asked again, or the relay dropped.
   * @param {string} name @param {string} message */
  async #closed(name, message) {
    const prefix = prefixOf(message);
    this.owner.refused(prefix);
    const sub = this.subs.get(name);
    if (!sub || name !== "room") return this.subs.delete(name); // the monitors' reports: done
    if (prefix === "auth-required") {
      if (sub.tries === 0 && (await this.#authenticate())) {
        sub.tries += 1;
        return this.#req(name, sub.filter);
      }
      return this.#refuse("auth-required");
    }
    if (DROPPING.has(prefix)) return this.#refuse(prefix);
    // rate-limited, error or anything else: asked again, further apart each time it ends early
    if (prefix === "rate-limited") this.#pause();
    if (this.owner.now() - sub.at > SUB_LIVED_MS) sub.tries = 0;
    sub.tries += 1;
    const delay = Math.min(RETRY_MS.most, RETRY_MS.first * 2 ** Math.min(sub.tries - 1, 5));
    await this.#wait(Math.max(delay, this.pausedUntil - this.owner.now()));
    if (this.state === "open" && this.subs.get(name) === sub) this.#req(name, sub.filter);
  }

  // ------------------------------------------------------------------ events

  /**
   * Send `event` (its frame `text`, `bytes` long): true once the relay took it, false when it did
   * not (refused, silent, beyond a limit, or carried elsewhere while it waited).
   * @param {{id: string, created_at: number, content: string, tags: string[][]}} event
   * @param {string} text @param {number} bytes
   * @param {() => boolean} taken whether another relay has taken it (a wait ends in nothing then)
   */
  async send(event, text, bytes, taken) {
    if (!this.#fits(event, bytes)) return false;
    let authTried = false;
    let errorTried = false;
    for (;;) {
      if (this.state !== "open") return false;
      if (this.pausedUntil > this.owner.now()) {
        if (this.queued >= QUEUE_MOST) return false;
        this.queued += 1;
        await this.#wait(this.pausedUntil - this.owner.now());
        this.queued -= 1;
        if (taken() || !this.#fits(event, bytes, RETRY_AGE_S)) return false;
        continue;
      }
      const answer = await this.#ask(event.id, text);
      if (!answer) return false; // silent, or the socket closed
      const prefix = answer.ok ? "" : prefixOf(answer.message);
      if (answer.ok || prefix === "duplicate") {
        this.pauseMs = 0;
        return true;
      }
      this.owner.refused(prefix);
      if (prefix === "rate-limited") {
        this.#pause();
        continue;
      }
      if (prefix === "auth-required") {
        if (!authTried && (await this.#authenticate())) {
          authTried = true;
          continue;
        }
        this.#refuse("auth-required");
        return false;
      }
      if (DROPPING.has(prefix)) {
        this.#refuse(prefix);
        return false;
      }
      if (prefix !== "error" || errorTried) return false; // mute:, or words without a prefix
      errorTried = true;
      await this.#wait(ERROR_RETRY_MS);
      if (taken() || !this.#fits(event, bytes, RETRY_AGE_S)) return false;
    }
  }

  /** Whether `event` is within every limit the relay states (and, for a retry, not too old).
   * @param {{created_at: number, content: string, tags: string[][]}} event @param {number} bytes */
  #fits(event, bytes, oldest = Number.POSITIVE_INFINITY) {
    /** @type {import("./relaybook.js").RelayLimits} */
    const lim = this.lim ?? {};
    const age = Math.floor(this.owner.now() / 1000) - event.created_at;
    if (age > oldest || age > (lim.olderThan ?? Number.POSITIVE_INFINITY)) return false;
    if (-age > (lim.newerThan ?? Number.POSITIVE_INFINITY)) return false;
    if (event.content.length > (lim.maxContent ?? Number.POSITIVE_INFINITY)) return false;
    if (event.tags.length > (lim.maxTags ?? Number.POSITIVE_INFINITY)) return false;
    return bytes <= (lim.maxMessage ?? Number.POSITIVE_INFINITY);
  }

  /** Send a frame that the relay answers with OK for `id`: the answer, or null (silent, closed).
   * @param {string} id @param {string} text
   * @returns {Promise<Answer|null>} */
  #ask(id, text) {
    return new Promise((resolve) => {
      this.pending.get(id)?.(null); // the same event sent again: the first wait ends
      /** @param {Answer|null} answer */
      const done = (answer) => {
        clearTimeout(timer);
        if (this.pending.get(id) === done) this.pending.delete(id);
        resolve(answer);
      };
      const timer = setTimeout(() => done(null), PUBLISH_WAIT_MS);
      this.pending.set(id, done);
      const ws = this.ws;
      if (!ws || ws.readyState > 1) return void done(null); // closing: its close says it
      try {
        ws.send(text);
      } catch {
        done(null);
      }
    });
  }

  #pause() {
    this.pauseMs = Math.min(RATE_PAUSE_MS.most, Math.max(RATE_PAUSE_MS.first, this.pauseMs * 2));
    this.pausedUntil = this.owner.now() + this.pauseMs;
  }

  /** A wait of `ms` that stop() ends at once.
   * @param {number} ms @returns {Promise<void>} */
  #wait(ms) {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.waits.delete(end);
        resolve();
      };
      const timer = setTimeout(end, Math.max(0, ms));
      this.waits.add(end);
    });
  }

  /** NIP-42: the relay's last challenge answered with the page's key; whether it took it. */
  #authenticate() {
    if (this.authed) return Promise.resolve(true);
    if (!this.challenge || this.state !== "open") return Promise.resolve(false);
    this.authing ??= (async () => {
      const [key, curve] = await Promise.all([this.owner.authKey(), this.owner.curveLib()]);
      // (checked above; a socket opened again meanwhile may have cleared it: the relay refuses that)
      const ev = await authEvent(this.url, /** @type {string} */ (this.challenge), key, curve);
      if (this.state !== "open") return false;
      const answer = await this.#ask(ev.id, JSON.stringify(["AUTH", ev]));
      this.authed = answer?.ok === true;
      return this.authed;
    })()
      .catch(() => false)
      .finally(() => {
        this.authing = null;
      });
    return this.authing;
  }
}
