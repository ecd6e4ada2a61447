// @ts-check
// Watching a table played online: the host sends one stream for every watcher through the relays,
// and a watcher's page says nothing but hello (again now and then, so the host counts it) and
// goodbye. No watcher connects to the host's device, and none can reach the table's room: the
// watch link (`SITE#watch=SECRET.HOSTKEY`) carries a secret of its own (Python's, derived apart
// from the room's), whose hash is the stream's topic on the relays.
//
// What the stream carries is what the host's Python made for no seat, one move behind (the
// public table: the tiles played, each hand's size, the boneyard's, the scores, the clock; the
// hands only once a round's end reveals them): nothing hidden is ever in it, so a watcher, or
// anyone a watcher passes the link to, learns nothing a player could not see across the table.
//
// Every message is a Nostr event (kind WATCH_KIND, ephemeral) under the stream's topic, its
// content encrypted with AES-GCM under a key made from the watch secret (HKDF), the sender's
// public key bound in as associated data, so the relays see a topic, keys, sizes and times only.
// All watchers hold that key, so a watcher takes the stream's events only from the host's key,
// with the host's BIP-340 signature checked (another watcher could encrypt, not sign as the
// host). Kinds inside:
//   frame {m, i, of, t}   host -> every watcher: part i of `of` of the stream's text number m
//   full {to}             host -> one watcher: the table has MOST_WATCHERS watchers already
//   hello {}, bye {}      a watcher -> the host
//
//   const host = await WatchHost.open({ secret, key, relays, onwatchers });
//   host.publish(text);       // the watchers' table, as Python made it
//   const watcher = await WatchGuest.open({ secret, host: HOSTKEY, relays, ontable, onfull });
//   watcher.close();          // says goodbye

import { CLOCK_SLACK_S, keyPair, loadCurve, RelayPool, signEvent, unhex, verifyEvent } from "./nostr.js";
import { Bucket } from "./peer.js";
import { chunkBudget, cutText, fromBase64, randomHex, toBase64, topicOf } from "./room.js";

/** The stream's events: ephemeral (NIP-01: relays pass them on and need not keep them). */
export const WATCH_KIND = 25052;
/** A table takes at most this many watchers; the next is told so. */
export const MOST_WATCHERS = 20;
/** A watcher says hello again this often (ms), and is counted gone after WATCHER_GONE_MS without. */
export const HELLO_EVERY_MS = 60_000;
export const WATCHER_GONE_MS = 150_000;
/** The largest stream text a watcher puts together (a watcher's table is a few kB). */
export const MAX_WATCH_CHARS = 200_000;
/** Watchers not heard before whose hello may be read (a flood of fresh keys costs little), and
 * one watcher's own messages (a hello a minute, a goodbye). */
const NEWCOMERS = { burst: 25, perSecond: 2 };
const PER_WATCHER = { burst: 4, perSecond: 0.2 };
const MAX_PARTS = 64;
const HEX64 = /^[0-9a-f]{64}$/;
const ENCODER = new TextEncoder();
const DECODER = new TextDecoder("utf-8", { fatal: true });

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("../shapes/nostr.js").Published} Published */
/** @typedef {import("../shapes/watch.js").WatchFrame} WatchFrame */
/** @typedef {import("../shapes/watch.js").WatchFull} WatchFull */
/** @typedef {import("../shapes/watch.js").WatchHello} WatchHello */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/** @typedef {import("./nostr.js").PoolStatus} PoolStatus */
/**
 * A message of the stream, opened and checked (a WatchMessage's fields by their meaning).
 * @typedef {{run: string, n: number} & ({kind: "frame", body: WatchFrame} | {kind: "full", body: WatchFull}
 *   | {kind: "hello"|"bye", body: WatchHello})} Opened
 */
/** A field's check, of a value that is any JSON until it has passed. @typedef {(v: any) => boolean} Check */

/** @param {number} least @param {number} most @returns {Check} */
const isCount = (least, most) => (v) => Number.isSafeInteger(v) && v >= least && v <= most;
/** Each kind's exact fields. @type {Record<string, Record<string, Check>>} */
const KINDS = {
  frame: {
    m: isCount(0, Number.MAX_SAFE_INTEGER),
    i: isCount(0, MAX_PARTS - 1),
    of: isCount(1, MAX_PARTS),
    t: (v) => typeof v === "string",
  },
  full: { to: (v) => typeof v === "string" && HEX64.test(v) },
  hello: {},
  bye: {},
};

/** @param {string} kind @param {any} body a message's JSON, any shape until checked here */
function isBody(kind, body) {
  const spec = Object.hasOwn(KINDS, kind) ? KINDS[kind] : null;
  if (!spec || !body || typeof body !== "object" || Array.isArray(body)) return false;
  const names = Object.keys(body);
  const want = Object.keys(spec);
  return names.length === want.length && want.every((k) => k in body && spec[k](body[k]));
}

/** The stream's key: HKDF of the watch secret, under its own label. @param {string} secret */
async function streamKey(secret) {
  const ikm = await crypto.subtle.importKey("raw", unhex(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: ENCODER.encode("allthrees watch v1"), info: ENCODER.encode("stream") },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** One end of the stream: its key, its pool on the relays, its messages sealed and opened. */
class WatchEnd {
  /** @param {{secret: string, me: KeyPair, topic: string, aes: CryptoKey, curve: Curve}} o */
  constructor({ secret, me, topic, aes, curve }) {
    this.secret = secret;
    this.me = me;
    this.topic = topic;
    this.aes = aes;
    this.curve = curve;
    this.run = randomHex(8);
    this.n = 0;
    this.refused = 0;
    /** @type {RelayPool | null} */
    this.pool = null;
  }

  /** Send `body` of `kind` to the stream's topic (`to`: one reader's key in a `p` tag).
   * @param {"frame"|"full"|"hello"|"bye"} kind @param {WatchFrame|WatchFull|WatchHello} body
   * @param {string|null} [to]
   * @returns {Promise<Published>} */
  async send(kind, body, to = null) {
    const text = JSON.stringify({ k: kind, s: this.run, n: this.n++, at: Date.now(), b: body });
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: ENCODER.encode(this.me.public) },
        this.aes,
        ENCODER.encode(text),
      ),
    );
    const blob = new Uint8Array(iv.length + sealed.length);
    blob.set(iv);
    blob.set(sealed, iv.length);
    const tags = [["t", this.topic]];
    if (to) tags.push(["p", to]);
    const event = await signEvent({ kind: WATCH_KIND, tags, content: toBase64(blob) }, this.me, this.curve);
    return this.pool?.publish(event) ?? { ok: 0, failed: 0 };
  }

  /** An event's message: {kind, body}, or null (not of this stream, stale, or of another shape).
   * @param {NostrEvent} ev
   * @returns {Promise<Opened|null>} */
  async open(ev) {
    /** @type {any} the sender's JSON, any shape until checked here */
    let msg;
    try {
      const blob = fromBase64(ev.content);
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: blob.subarray(0, 12), additionalData: ENCODER.encode(ev.pubkey) },
        this.aes,
        blob.subarray(12),
      );
      msg = JSON.parse(DECODER.decode(plain));
    } catch {
      return null;
    }
    if (!msg || typeof msg !== "object" || Object.keys(msg).sort().join() !== "at,b,k,n,s") return null;
    if (typeof msg.s !== "string" || !/^[0-9a-f]{16}$/.test(msg.s) || !Number.isSafeInteger(msg.n)) return null;
    if (!Number.isFinite(msg.at) || Math.abs(Date.now() - msg.at) > CLOCK_SLACK_S * 1000) return null;
    if (!isBody(msg.k, msg.b)) return null;
    return /** @type {Opened} checked: isBody */ ({ kind: msg.k, body: msg.b, run: msg.s, n: msg.n });
  }

  close() {
    this.pool?.stop();
  }
}

/** The host's end: publishes the watchers' table, counts the watchers, tells the 21st. */
export class WatchHost extends WatchEnd {
  /**
   * @param {object} o
   * @param {string} o.secret the watch secret (64 hex digits, Python's)
   * @param {{secret: string}} o.key the host's key (its key in the table's room)
   * @param {string[]} o.relays
   * @param {(count: number, joined: boolean) => void} [o.onwatchers] the count changed (`joined`:
   *   a watcher new to the table, who should see the table now rather than at the next move)
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {Curve} [o.curve]
   */
  static async open({ secret, key, relays, onwatchers = () => {}, WebSocketClass, curve }) {
    const lib = curve ?? (await loadCurve());
    const me = await keyPair(key.secret, lib);
    const end = new WatchHost({ secret, me, topic: await topicOf(secret), aes: await streamKey(secret), curve: lib });
    end.onwatchers = onwatchers;
    end.pool = new RelayPool(relays, {
      topic: end.topic,
      to: me.public,
      kind: WATCH_KIND,
      onevent: (ev) => end.#heard(ev),
      WebSocketClass,
      key: me,
      curve: lib,
    });
    end.pool.start();
    end.sweeper = setInterval(() => end.#sweep(), 30_000);
    return end;
  }

  /** @param {{secret: string, me: KeyPair, topic: string, aes: CryptoKey, curve: Curve}} o */
  constructor(o) {
    super(o);
    /** @type {Map<string, {at: number, bucket: Bucket}>} watcher's key -> when last heard */
    this.watchers = new Map();
    this.newcomers = new Bucket(NEWCOMERS);
    this.m = 0;
    /** @type {(count: number, joined: boolean) => void} */
    this.onwatchers = (_count, _joined) => {};
    /** @type {Promise<unknown>} what is sent and heard, one after another */
    this.queue = Promise.resolve();
    this.sweeper = /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined);
  }

  get count() {
    return this.watchers.size;
  }

  /** The watchers' table (Python's text), cut into frames that fit the relays in use. @param {string} text */
  publish(text) {
    const m = this.m++;
    const parts = cutText(text, chunkBudget(this.pool?.maxContent ?? Number.POSITIVE_INFINITY));
    if (parts.length > MAX_PARTS) return; // far beyond any table: not sent
    for (const [i, t] of parts.entries()) {
      this.queue = this.queue.then(() => this.send("frame", { m, i, of: parts.length, t })).catch(() => {});
    }
  }

  /** @param {NostrEvent} ev */
  #heard(ev) {
    if (ev.pubkey === this.me.public) return;
    this.queue = this.queue.then(() => this.#read(ev)).catch(() => this.refused++);
  }

  /** @param {NostrEvent} ev */
  async #read(ev) {
    const known = this.watchers.get(ev.pubkey);
    if (known ? !known.bucket.take() : !this.newcomers.take()) return this.refused++;
    const msg = await this.open(ev);
    if (!msg || (msg.kind !== "hello" && msg.kind !== "bye")) return this.refused++; // a watcher says nothing else
    if (msg.kind === "bye") {
      if (this.watchers.delete(ev.pubkey)) this.onwatchers(this.count, false);
      return;
    }
    if (known) {
      known.at = Date.now();
      return;
    }
    if (this.count >= MOST_WATCHERS) return void this.send("full", { to: ev.pubkey }, ev.pubkey).catch(() => {});
    this.watchers.set(ev.pubkey, { at: Date.now(), bucket: new Bucket(PER_WATCHER) });
    this.onwatchers(this.count, true);
  }

  #sweep() {
    const before = this.count;
    for (const [key, w] of this.watchers) if (Date.now() - w.at > WATCHER_GONE_MS) this.watchers.delete(key);
    if (this.count !== before) this.onwatchers(this.count, false);
  }

  close() {
    clearInterval(this.sweeper);
    super.close();
  }
}

/** A watcher's end: the host's stream, put back together, and a hello now and then. */
export class WatchGuest extends WatchEnd {
  /**
   * @param {object} o
   * @param {string} o.secret the watch secret, from the watch link
   * @param {string} o.host the host's public key, from the watch link
   * @param {string[]} o.relays
   * @param {(text: string) => void} o.ontable the watchers' table, as the host's Python made it
   * @param {() => void} [o.onfull] the table has as many watchers as it takes
   * @param {(status: PoolStatus) => void} [o.onstatus]
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {Curve} [o.curve]
   */
  static async open({ secret, host, relays, ontable, onfull = () => {}, onstatus = () => {}, WebSocketClass, curve }) {
    const lib = curve ?? (await loadCurve());
    const me = await keyPair(null, lib);
    const end = new WatchGuest({ secret, me, topic: await topicOf(secret), aes: await streamKey(secret), curve: lib });
    Object.assign(end, { host, ontable, onfull });
    end.pool = new RelayPool(relays, {
      topic: end.topic,
      kind: WATCH_KIND,
      // the stream is the host's alone: another key's event is dropped before anything is read,
      // and the host's own is taken only with its signature checked (every watcher holds the key)
      verify: (ev) => ev.pubkey === host && verifyEvent(ev, lib),
      onevent: (ev) => end.#heard(ev),
      onstatus: (status) => {
        onstatus(status);
        if (status.open && !end.greeted) end.#hello();
      },
      WebSocketClass,
      key: me,
      curve: lib,
    });
    end.pool.start();
    end.helloTimer = setInterval(() => end.#hello(), HELLO_EVERY_MS);
    return end;
  }

  /** @param {{secret: string, me: KeyPair, topic: string, aes: CryptoKey, curve: Curve}} o */
  constructor(o) {
    super(o);
    this.host = "";
    /** @type {(text: string) => void} */
    this.ontable = (_text) => {};
    this.onfull = () => {};
    this.greeted = false;
    this.next = -1; // the next stream text to hand on (-1: from the first one heard)
    /** @type {Map<number, {of: number, parts: string[], have: number}>} */
    this.parts = new Map();
    /** @type {string|null} the host's page's run, from its first frame heard */
    this.hostRun = null;
    /** @type {Promise<unknown>} what is heard, read one after another */
    this.queue = Promise.resolve();
    this.helloTimer = /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined);
  }

  #hello() {
    this.greeted = true;
    this.send("hello", {}, this.host).catch(() => {});
  }

  /** @param {NostrEvent} ev */
  #heard(ev) {
    this.queue = this.queue.then(() => this.#read(ev)).catch(() => this.refused++);
  }

  /** @param {NostrEvent} ev */
  async #read(ev) {
    const msg = await this.open(ev);
    if (!msg) return this.refused++;
    if (msg.kind === "full") {
      if (msg.body.to === this.me.public) this.onfull();
      return;
    }
    if (msg.kind !== "frame") return this.refused++;
    if (msg.run !== this.hostRun) {
      // the host's page is new (a reload): its stream starts again from its first text
      Object.assign(this, { hostRun: msg.run, next: -1 });
      this.parts.clear();
    }
    const { m, i, of, t } = msg.body;
    if (m < this.next || i >= of) return;
    const entry = this.parts.get(m) ?? { of, parts: [], have: 0 };
    if (entry.of !== of || entry.parts[i] !== undefined) return;
    entry.parts[i] = t;
    entry.have += 1;
    this.parts.set(m, entry);
    if (entry.have < of) return;
    // a whole text: it and anything older are done (the latest table is all a watcher needs)
    for (const k of [...this.parts.keys()]) if (k <= m) this.parts.delete(k);
    this.next = m + 1;
    const text = entry.parts.join("");
    if (text.length <= MAX_WATCH_CHARS) this.ontable(text);
  }

  /** The watcher goes: a goodbye (best effort), then nothing more. */
  close() {
    clearInterval(this.helloTimer);
    this.send("bye", {}, this.host).catch(() => {});
    setTimeout(() => super.close(), 300);
  }
}
