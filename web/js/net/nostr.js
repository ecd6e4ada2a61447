// The relays' side of a table played online: a small Nostr client (NIP-01) that publishes and
// hears the events of one room and nothing else. A relay is untrusted: every frame it sends is
// read by size first, then as JSON of the exact shapes NIP-01 gives (EVENT, OK, EOSE, NOTICE,
// CLOSED), and an event is taken only when it is of the room's kind and topic, addressed to this
// page, recent (`since`, a clock slack), and not heard before (its id, once, across every relay).
// What an event says is room.js's to decrypt and check; nothing here parses its content.
//
//   const pool = new RelayPool(urls, { filter: {"#t": [topic], "#p": [me]}, onevent, onstatus });
//   pool.start();
//   await pool.publish(event);   // {ok, failed}: once a relay took it (or every one did not)
//   pool.stop();
//
// A relay that fails or closes is tried again later (backing off to a minute), while the pool
// runs; onstatus says how many are open, so the page can say that every relay is down instead
// of waiting forever. The events are ephemeral (a kind the relays pass on and need not keep).
// Signing (BIP-340 Schnorr over secp256k1) is @noble/secp256k1's, fetched from later/vendor/ the
// first time a room is opened (scripts/build copies it from web/node_modules), so a table played
// alone never loads it.

import { siteURL } from "../boot/site.js";

/** The room's events: ephemeral (20000-29999 in NIP-01), so relays forward them and may drop them. */
export const ROOM_KIND = 25050;
/** The largest frame read from a relay, in UTF-16 units; a longer one is dropped unread. */
export const MAX_FRAME_CHARS = 200_000;
/** The largest event content this client sends or takes (a chunk of a table message, encrypted). */
export const MAX_CONTENT_CHARS = 64_000;
/** Events further in the past than the subscription or this far in the future are dropped (s). */
export const CLOCK_SLACK_S = 120;
/** How many event ids are remembered to drop repeats (the same event from several relays). */
const SEEN_IDS = 4096;
/** Reconnecting a relay: first after this, doubling up to the most (ms). */
const RETRY_MS = { first: 2000, most: 60_000 };
/** How long a publish waits for relays' OK before it counts the silent ones as failed (ms). */
const PUBLISH_WAIT_MS = 6000;

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const EVENT_KEYS = ["content", "created_at", "id", "kind", "pubkey", "sig", "tags"];

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
export function unhex(text) {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

let secp = null;
/** @noble/secp256k1, loaded once (a module of the site's later/vendor/). */
export function loadCurve(load = () => import(siteURL("later/vendor/noble-secp256k1/index.js").href)) {
  secp ??= load().catch((error) => {
    secp = null; // a failed fetch (offline at the first table online) may be tried again
    throw error;
  });
  return secp;
}

/** A page's key in the room: `secret` (hex) given, or a fresh one; `public` is BIP-340's x-only key. */
export async function keyPair(secret = null, curve = null) {
  const lib = curve ?? (await loadCurve());
  const sk = secret ? unhex(secret) : lib.utils.randomSecretKey();
  return { secret: hex(sk), public: hex(lib.schnorr.getPublicKey(sk)) };
}

/** An event's id (NIP-01): SHA-256 of the serialised event. */
async function idOf({ pubkey, created_at, kind, tags, content }) {
  const body = JSON.stringify([0, pubkey, created_at, kind, tags, content]);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
}

/** A signed event (NIP-01): its id signed with Schnorr. */
export async function signEvent({ kind = ROOM_KIND, tags, content, created_at }, key, curve = null) {
  const lib = curve ?? (await loadCurve());
  const event = { pubkey: key.public, created_at: created_at ?? Math.floor(Date.now() / 1000), kind, tags, content };
  const id = await idOf(event);
  const sig = await lib.schnorr.signAsync(id, unhex(key.secret));
  return { id: hex(id), ...event, sig: hex(sig) };
}

/** Whether `ev` is an event as NIP-01 writes one, of `kind` (a room's), with a tag `t` of `topic`
 * and a tag `p` of `to` (when given); the content's size checked, never its meaning. */
export function isRoomEvent(ev, topic, to = null, kind = ROOM_KIND) {
  if (!ev || typeof ev !== "object" || Array.isArray(ev)) return false;
  const keys = Object.keys(ev).sort();
  if (keys.length !== EVENT_KEYS.length || keys.some((k, i) => k !== EVENT_KEYS[i])) return false;
  if (typeof ev.id !== "string" || !HEX64.test(ev.id)) return false;
  if (typeof ev.pubkey !== "string" || !HEX64.test(ev.pubkey)) return false;
  if (typeof ev.sig !== "string" || !HEX128.test(ev.sig)) return false;
  if (ev.kind !== kind || !Number.isSafeInteger(ev.created_at)) return false;
  if (typeof ev.content !== "string" || ev.content.length > MAX_CONTENT_CHARS) return false;
  if (!Array.isArray(ev.tags) || ev.tags.length > 8) return false;
  const tag = (name) => ev.tags.find((t) => Array.isArray(t) && t[0] === name)?.[1];
  if (
    !ev.tags.every((t) => Array.isArray(t) && t.length <= 4 && t.every((v) => typeof v === "string" && v.length <= 200))
  )
    return false;
  return tag("t") === topic && (to === null || tag("p") === to);
}

/**
 * The relays a room talks through, each a WebSocket kept open while the pool runs.
 *   onevent(ev, url)   an event of the room for this page, checked by isRoomEvent, heard once
 *   onstatus({open, total, states, down})   a relay opened, closed or failed; `down`: every relay
 *                                      has failed (not merely still connecting)
 */
export class RelayPool {
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
    } = {},
  ) {
    this.verify = verify ?? null; // (ev) => Promise<boolean>: the owner's check before an id counts as heard
    this.urls = [...new Set(urls)];
    this.topic = topic;
    this.kind = kind; // a room's events, or the lobby's (net/lobby.js)
    this.to = to;
    this.now = now ?? (() => Date.now());
    this.since = since ?? Math.floor(this.now() / 1000) - 10;
    this.onevent = onevent;
    this.onstatus = onstatus;
    this.Socket = WebSocketClass ?? globalThis.WebSocket;
    this.relays = new Map(); // url -> {ws, state, retry, timer, pending: Map(id -> resolve)}
    this.seen = new Set();
    this.running = false;
    this.dropped = 0; // frames and events refused, for the tests and the benchmark
    this.sent = 0; // events this page published (each counted once, whatever the relays)
  }

  get open() {
    return [...this.relays.values()].filter((r) => r.state === "open").length;
  }

  /** Connect to every relay (again after stop(): hearing only what comes from now on). */
  start() {
    if (this.running) return;
    if (this.stopped) this.since = Math.floor(this.now() / 1000) - 10;
    this.running = true;
    for (const url of this.urls) this.#connect(url, RETRY_MS.first);
  }

  stop() {
    this.running = false;
    this.stopped = true;
    for (const relay of this.relays.values()) {
      clearTimeout(relay.timer);
      for (const done of relay.pending.values()) done(false);
      try {
        relay.ws?.close();
      } catch {
        // already closed
      }
    }
    this.relays.clear();
  }

  #status() {
    const states = Object.fromEntries([...this.relays].map(([url, r]) => [url, r.state]));
    const total = this.urls.length;
    const tried = Object.values(states);
    const down = total > 0 && tried.length === total && tried.every((s) => s === "closed");
    this.onstatus({ open: this.open, total, states, down });
  }

  #connect(url, retry) {
    if (!this.running) return;
    const relay = this.relays.get(url) ?? { pending: new Map() };
    Object.assign(relay, { state: "connecting", retry, timer: null });
    this.relays.set(url, relay);
    let ws;
    try {
      ws = new this.Socket(url);
    } catch {
      this.#lost(url, relay); // a refused address (CSP, a bad URL): counted as down, retried later
      return;
    }
    relay.ws = ws;
    ws.onopen = () => {
      relay.state = "open";
      relay.retry = RETRY_MS.first;
      const filter = { kinds: [this.kind], "#t": [this.topic], since: this.since };
      if (this.to) filter["#p"] = [this.to];
      ws.send(JSON.stringify(["REQ", "room", filter]));
      this.#status();
    };
    // a socket of an earlier run (stop() then start()) that closes or speaks late is not this one
    ws.onmessage = (message) => relay.ws === ws && this.#frame(url, relay, message.data);
    ws.onerror = () => {}; // the close that follows says it
    ws.onclose = () => relay.ws === ws && this.#lost(url, relay);
    this.#status();
  }

  #lost(url, relay) {
    if (this.relays.get(url) !== relay) return; // a relay of an earlier run
    if (relay.state === "closed" && relay.timer) return;
    relay.state = "closed";
    relay.ws = null;
    for (const done of relay.pending.values()) done(false);
    relay.pending.clear();
    this.#status();
    if (!this.running) return;
    const next = Math.min(RETRY_MS.most, relay.retry * 2);
    relay.timer = setTimeout(() => this.#connect(url, next), relay.retry);
  }

  #frame(url, relay, data) {
    if (typeof data !== "string" || data.length > MAX_FRAME_CHARS) return this.#drop();
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return this.#drop();
    }
    if (!Array.isArray(msg) || typeof msg[0] !== "string") return this.#drop();
    if (msg[0] === "EVENT" && msg.length === 3 && msg[1] === "room") return this.#event(url, msg[2]);
    if (msg[0] === "OK" && msg.length >= 3 && typeof msg[1] === "string" && typeof msg[2] === "boolean") {
      relay.pending.get(msg[1])?.(msg[2]);
      return;
    }
    if (msg[0] === "EOSE" || msg[0] === "NOTICE") return; // nothing to act on
    if (msg[0] === "CLOSED" && msg[1] === "room") {
      relay.ws?.close(); // the relay ended the subscription: reconnect later, as for a drop
      return;
    }
    this.#drop();
  }

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
    if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value);
    this.onevent(ev, url);
  }

  #drop() {
    this.dropped += 1;
  }

  /** Send a signed event to every open relay: resolves {ok, failed} as soon as one relay took it
   * (a slow or silent relay holds nobody up: a table's messages go one after another), else once
   * every relay refused it or its wait passed. */
  publish(event) {
    this.sent += 1;
    const open = [...this.relays.values()].filter((r) => r.state === "open");
    const text = JSON.stringify(["EVENT", event]);
    const closedOnes = this.urls.length - open.length;
    return new Promise((resolve) => {
      let ok = 0;
      let answered = 0;
      const settle = () => resolve({ ok, failed: answered - ok + closedOnes });
      if (!open.length) return settle();
      for (const relay of open) {
        const timer = setTimeout(() => done(false), PUBLISH_WAIT_MS);
        function done(took) {
          clearTimeout(timer);
          relay.pending.delete(event.id);
          answered += 1;
          if (took) ok += 1;
          if ((took && ok === 1) || answered === open.length) settle();
        }
        relay.pending.set(event.id, done);
        try {
          relay.ws.send(text);
        } catch {
          done(false);
        }
      }
    });
  }
}
