// @ts-check
// The relays' side of a table played online: a small Nostr client (NIP-01) that publishes and
// hears the events of one room (or the lobby) and nothing else. A relay is untrusted: every frame
// it sends is read by size first, then as JSON of the exact shapes NIP-01 gives (EVENT, OK, EOSE,
// NOTICE, CLOSED, and NIP-42's AUTH), and an event is taken only when it is of the room's kind
// and topic, addressed to this page, recent (`since`, a clock slack), its id its own, and not
// heard before (its id, once, across every relay). What an event says is room.js's to decrypt
// and check; nothing here parses its content.
//
//   const pool = new RelayPool(urls, { topic, to: me, onevent, onstatus, key, curve });
//   pool.start();
//   await pool.publish(event);   // {ok, failed}: once a relay took it (or every one did not)
//   pool.maxContent              // the longest content every relay in use takes (room.js's chunks)
//   pool.stop();
//
// Each relay is a RelayLink (relaylink.js): opened again with a growing delay when it fails,
// its NIP-01 refusals each handled (a throttling relay paused, NIP-42 answered, a relay that
// refuses our events dropped for this pool), its NIP-11 limits (relayinfo.js) kept. onstatus
// says how many are open, so the page can say that every relay is down instead of waiting forever.
//
// A pool given the list net/relays.js chose (relaysFrom) learns: it asks its relays, now and then,
// for NIP-66 monitors' reports (discovery.js) and, as they come, adds relays that take our kinds
// without payment or authentication, never more of them than of the others. What each relay did
// is written to the page's record (relaybook.js), from which the next table's list is chosen.

import { DISCOVERY_KIND, discoveryFilter, readReport } from "./discovery.js";
import {
  CLOCK_SLACK_S,
  hex,
  idOf,
  isRoomEvent,
  keyPair,
  loadCurve,
  MAX_CONTENT_CHARS,
  MAX_FRAME_CHARS,
  ROOM_KIND,
  verifyEvent,
} from "./nostrevent.js";
import { Bucket } from "./peer.js";
import { RelayBook } from "./relaybook.js";
import { contentRoom, unusable } from "./relayinfo.js";
import { byteLength, PUBLISH_WAIT_MS, RelayLink } from "./relaylink.js";
import { learning, MOST_RELAYS } from "./relays.js";

// the events' API (ids, signatures, shapes) is this module's too: room.js and lobby.js import it here
export * from "./nostrevent.js";

/** How many event ids are remembered to drop repeats (the same event from several relays). */
const SEEN_IDS = 4096;
/** Monitors' reports checked (each a signature), for the whole pool: a flood of them is cut. */
const REPORT_CHECKS = { burst: 120, perSecond: 1 };

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {import("../shapes/nostr.js").RelayFilter} RelayFilter */
/**
 * How a pool's relays stand: how many are open of how many, each one's state, and whether every
 * one has failed or refused (`down`: not merely still connecting).
 * @typedef {{open: number, total: number, states: Record<string, string>, down: boolean}} PoolStatus
 */

/**
 * The relays a room talks through, each a WebSocket kept open while the pool runs.
 *   onevent(ev, url)   an event of the room for this page, checked by isRoomEvent, heard once
 *   onstatus({open, total, states, down})   a relay opened, closed, failed or was dropped;
 *                      `down`: every relay has failed or refused (not merely still connecting)
 */
export class RelayPool {
  /**
   * @param {string[]} urls
   * @param {object} o
   * @param {string} o.topic the `t` tag heard
   * @param {string|null} [o.to] the `p` tag heard (this page's key), or any
   * @param {number} [o.kind]
   * @param {number|null} [o.since] s: nothing older is heard
   * @param {(ev: NostrEvent, url: string) => void} o.onevent
   * @param {(status: PoolStatus) => void} [o.onstatus]
   * @param {(ev: NostrEvent) => boolean|Promise<boolean>} [o.verify] the owner's check before an id
   *   counts as heard
   * @param {typeof WebSocket} [o.WebSocketClass] the browser's unless given (a test's stand-in)
   * @param {() => number} [o.now] the clock (ms)
   * @param {KeyPair|null} [o.key] this page's key, for NIP-42 (else a key
   *   of this pool's own, made when a relay first asks)
   * @param {Curve|null} [o.curve] the curve, noble-secp256k1 (else loaded when needed)
   * @param {RelayBook} [o.book] the page's record of relays (RelayBook.shared())
   * @param {typeof globalThis.fetch|null} [o.fetch] for NIP-11 documents (null: none fetched)
   * @param {number} [o.pow] the NIP-13 proof of work this pool's events carry (bits)
   * @param {boolean} [o.learn] whether to learn relays from monitors (default: whether `urls` is
   *   the list net/relays.js chose)
   */
  constructor(
    urls,
    {
      topic,
      to = null,
      kind = ROOM_KIND,
      since = null,
      onevent,
      onstatus = () => {},
      verify,
      WebSocketClass,
      now,
      key = null,
      curve = null,
      book,
      fetch,
      pow = 0,
      learn,
    },
  ) {
    this.verify = verify ?? null;
    this.chosen = learning(urls); // the chooser's word: may learn, and which of these it discovered
    this.learn = learn ?? Boolean(this.chosen);
    this.urls = [...new Set(urls)];
    this.discovered = new Set(this.chosen?.discovered ?? []);
    this.topic = topic;
    this.kind = kind; // a room's events, or the lobby's (net/lobby.js)
    this.to = to;
    this.now = now ?? (() => Date.now());
    this.since = since ?? Math.floor(this.now() / 1000) - 10;
    this.onevent = onevent;
    this.onstatus = onstatus;
    this.Socket = WebSocketClass ?? globalThis.WebSocket;
    this.key = key;
    this.curve = curve;
    this.book = book ?? RelayBook.shared();
    this.fetch = fetch === undefined ? (globalThis.fetch?.bind(globalThis) ?? null) : fetch;
    this.pow = pow;
    /** @type {Map<string, RelayLink>} */
    this.links = new Map();
    /** @type {Map<string, string>} url -> why: dropped for this pool, kept across stop() and start() */
    this.barred = new Map();
    /** @type {Set<string>} the ids heard */
    this.seen = new Set();
    this.running = false;
    this.stopped = false;
    /** @type {Promise<KeyPair>|null} a key of this pool's own, for NIP-42, made when a relay first asks */
    this.ownKey = null;
    this.reports = new Bucket(REPORT_CHECKS);
    this.reporting = Promise.resolve(); // monitors' reports are checked one after another
    this.dropped = 0; // frames and events refused, for the tests and the benchmark
    this.sent = 0; // events this page published (each counted once, whatever the relays)
    /** @type {Record<string, number>} prefix -> how many refusals (OK false, CLOSED) the relays sent */
    this.refusals = {};
  }

  get open() {
    return [...this.links.values()].filter((l) => l.state === "open").length;
  }

  /** The longest event content every relay in use takes (characters): the smallest NIP-11 limit
   * among them (max_content_length, or max_message_length less an event's other fields), else
   * MAX_CONTENT_CHARS. room.js cuts a table's messages to fit it. */
  get maxContent() {
    let most = MAX_CONTENT_CHARS;
    for (const link of this.links.values()) {
      if (link.state === "refused") continue;
      const room = contentRoom(link.lim);
      if (room !== null) most = Math.min(most, room);
    }
    return most;
  }

  /** Connect to every relay (again after stop(): hearing only what comes from now on). */
  start() {
    if (this.running) return;
    if (this.stopped) this.since = Math.floor(this.now() / 1000) - 10;
    this.running = true;
    for (const url of this.urls) this.#link(url);
    this.#status();
    this.#grow(); // what earlier pools learnt, within the rule
  }

  stop() {
    this.running = false;
    this.stopped = true;
    for (const link of this.links.values()) link.stop();
    this.links.clear();
  }

  /** Another relay for this pool (`discovered`: a monitor named it), opened at once if running.
   * @param {string} url */
  add(url, discovered = false) {
    if (this.urls.includes(url) || this.urls.length >= MOST_RELAYS) return false;
    this.urls.push(url);
    if (discovered) this.discovered.add(url);
    if (this.running) this.#link(url);
    this.#status();
    return true;
  }

  /** @param {string} url */
  #link(url) {
    const link = new RelayLink(url, this);
    this.links.set(url, link);
    if (this.barred.has(url)) {
      link.state = "refused";
      link.why = /** @type {string} */ (this.barred.get(url));
      return;
    }
    link.start();
  }

  #status() {
    const states = Object.fromEntries([...this.links].map(([url, l]) => [url, l.state]));
    const total = this.urls.length;
    const tried = Object.values(states);
    const down = total > 0 && tried.length === total && tried.every((s) => s === "closed" || s === "refused");
    this.onstatus({ open: this.open, total, states, down });
  }

  // ------------------------------------------------------------------ what the links ask of their pool

  /** @returns {RelayFilter} */
  filter() {
    /** @type {RelayFilter} */
    const filter = { kinds: [this.kind], "#t": [this.topic], since: this.since };
    if (this.to) filter["#p"] = [this.to];
    return filter;
  }

  authKey() {
    if (this.key) return Promise.resolve(this.key);
    this.ownKey ??= this.curveLib().then((curve) => keyPair(null, curve));
    return this.ownKey;
  }

  curveLib() {
    return this.curve ? Promise.resolve(this.curve) : loadCurve();
  }

  /** @param {RelayLink} link */
  linkState(link) {
    if (this.links.get(link.url) !== link) return;
    if (link.state === "refused") this.barred.set(link.url, link.why);
    this.#status();
  }

  /** A relay opened: a pool that learns asks it for monitors' reports (not more often than the
   * page's record allows, and only where a second subscription fits).
   * @param {RelayLink} link */
  linkOpened(link) {
    if (!this.learn || !link.roomForAnother || !this.book.mayAsk(link.url)) return;
    link.subscribe("monitors", discoveryFilter(Math.floor(this.now() / 1000)));
  }

  /** @param {RelayLink} link @param {string} name */
  linkEose(link, name) {
    if (name !== "monitors") return;
    link.unsubscribe("monitors"); // the stored reports are all in: done
    // once every report before it is checked, the pool grows by the best of them (one choice
    // for the whole batch, whatever order their checks end in)
    this.reporting = this.reporting.then(() => this.#grow());
  }

  /** @param {string} prefix */
  refused(prefix) {
    const key = prefix || "other";
    this.refusals[key] = (this.refusals[key] ?? 0) + 1;
  }

  /** @param {RelayLink} link @param {unknown} data */
  frame(link, data) {
    if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return this.#drop();
    /** @type {unknown} */
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return this.#drop();
    }
    if (!Array.isArray(msg) || typeof msg[0] !== "string" || !link.heard(msg)) this.#drop();
  }

  /** @param {RelayLink} link @param {string} name @param {unknown} ev as the relay sent it */
  linkEvent(link, name, ev) {
    if (name === "monitors") this.reporting = this.reporting.then(() => this.#report(ev)).catch(() => this.#drop());
    else this.#event(link.url, ev);
  }

  /** @param {string} url @param {unknown} ev */
  async #event(url, ev) {
    if (!isRoomEvent(ev, this.topic, this.to, this.kind)) return this.#drop();
    const nowS = Math.floor(this.now() / 1000);
    if (ev.created_at < this.since || ev.created_at > nowS + CLOCK_SLACK_S) return this.#drop();
    if (this.seen.has(ev.id)) return; // the same event from another relay (or replayed)
    // a relay stores and forwards an event under the id it was given: the id is checked here, so
    // that a made-up one can neither pass a repeat off as new nor shadow a real event
    if (hex(await idOf(ev)) !== ev.id) return this.#drop();
    if (this.seen.has(ev.id)) return;
    // the owner's own check first (the lobby's signature): a forged copy that came first must
    // not make the real one a repeat
    if (this.verify && !(await this.verify(ev))) return this.#drop();
    if (this.seen.has(ev.id)) return;
    this.seen.add(ev.id);
    if (this.seen.size > SEEN_IDS) this.seen.delete(/** @type {string} */ (this.seen.values().next().value));
    this.book.served(url); // this relay brought it first: it serves this page
    this.onevent(ev, url);
  }

  /** A monitor's report: read, its signature checked (within the pool's budget), recorded in the
   * page's record (the pool grows by it at the batch's end, linkEose).
   * @param {any} ev as the relay sent it, any JSON until readReport checks it */
  async #report(ev) {
    const nowS = Math.floor(this.now() / 1000);
    const read = ev?.kind === DISCOVERY_KIND ? readReport(ev, nowS, [this.kind]) : null;
    if (!read || !this.reports.take()) return this.#drop();
    if (!(await verifyEvent(ev, await this.curveLib()))) return this.#drop();
    this.book.found(read.url, read.report);
  }

  /** Relays that monitors reported (the page's record), added while the pool may learn, at most
   * as many of them as of the others (pinned, kept by experience, or the player's), and within
   * MOST_RELAYS; none set aside or known not to take our events. */
  #grow() {
    if (!this.running || !this.learn) return;
    for (const url of this.book.discovered()) {
      const fromMonitors = this.urls.filter((u) => this.discovered.has(u)).length;
      if (fromMonitors >= this.urls.length - fromMonitors || this.urls.length >= MOST_RELAYS) return;
      if (this.urls.includes(url) || this.book.aside(url) || this.barred.has(url)) continue;
      if (unusable(this.book.info(url)?.lim ?? null, { pow: this.pow })) continue;
      this.add(url, true);
    }
  }

  #drop() {
    this.dropped += 1;
  }

  /** Send a signed event to every relay that may take it: resolves {ok, failed} as soon as one
   * relay took it (a slow, throttling or silent relay holds nobody up: a table's messages go one
   * after another), else once every relay refused it or PUBLISH_WAIT_MS passed. A relay that is
   * paused may still carry it later, unless another relay has by then.
   * @param {NostrEvent} event
   * @returns {Promise<import("../shapes/nostr.js").Published>} */
  publish(event) {
    this.sent += 1;
    const links = [...this.links.values()].filter((l) => l.writable);
    const text = JSON.stringify(["EVENT", event]);
    const bytes = byteLength(text);
    const closedOnes = this.urls.length - links.length;
    return new Promise((resolve) => {
      let ok = 0;
      let answered = 0;
      let settled = false;
      // `waited`: the wait is over, and a relay that has not answered counts as not taking it
      const settle = (waited = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ok, failed: (waited ? links.length : answered) - ok + closedOnes });
      };
      const timer = setTimeout(() => settle(true), PUBLISH_WAIT_MS + 500);
      if (!links.length) return settle();
      for (const link of links) {
        link
          .send(event, text, bytes, () => ok > 0)
          .catch(() => false)
          .then((took) => {
            answered += 1;
            if (took) ok += 1;
            if ((took && ok === 1) || answered === links.length) settle();
          });
      }
    });
  }
}
