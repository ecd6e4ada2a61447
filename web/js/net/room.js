// @ts-check
// A table's room on the relays: the pages of one table find each other there and, when no direct
// connection can be made (or a player hides their address), carry the table's messages through
// it. The room is named by a secret that only the host's one link carries (in its fragment, never
// sent to the site's host): the relays see a topic (a hash of the secret), each page's public key,
// the events' sizes and times, and nothing else.
//
// Every message goes from one page to one other, encrypted end to end: AES-GCM under a key made
// from the two pages' keys (ECDH over secp256k1) and the room's secret (HKDF), so only those two
// can read it and nobody outside the room can forge one; the sender's key is proven by the
// decryption itself. A relay or a stranger is untrusted: an event is refused unread when it is not
// the room's (nostr.js), then when it does not decrypt, is too long for its kind, has another
// shape, is older than a few minutes, repeats one already taken from that page, or comes past
// that page's flood limit, or past the room's limit on pages not heard before.
//
//   const room = await Room.open({ secret, key, relays, onmessage, onstatus });
//   room.me                                  // this page's public key in the room
//   await room.send(peer, "knock", {key, relay: false});
//   room.close();
//
// RelayChannel is a table's channel through the room (the same face as peer.js's Channel): a
// message is cut into chunks that fit an event, each numbered, and put back in order.

import { CLOCK_SLACK_S, keyPair, loadCurve, RelayPool, signEvent, unhex } from "./nostr.js";
import { Bucket, FLOOD, MAX_MESSAGE_CHARS, NetError } from "./peer.js";

/** What each kind's body may be: its longest JSON text, and its shape. */
const HEX64 = /^[0-9a-f]{64}$/;
/** A field's check, of a value that is any JSON until it has passed. @typedef {(v: any) => boolean} Check */
/** A message's body, of its kind's shape (isBody checked it): JSON. @typedef {Record<string, any>} Body */
/** @param {number} most @returns {Check} */
const isText = (most) => (v) => typeof v === "string" && v.length <= most;
/** @param {number} least @param {number} most @returns {Check} */
const isCount = (least, most) => (v) => Number.isSafeInteger(v) && v >= least && v <= most;
/** The longest text a chunk of a relayed message holds (its JSON, escaped, in UTF-8 bytes): its
 * event stays well under public relays' limits. A relay in use that takes less content makes the
 * chunks smaller (chunkBudget), down to MIN_CHUNK_CHARS. */
export const CHUNK_CHARS = 16_000;
/** The smallest chunk budget (a relay that takes less content is not used: relayinfo.js). */
const MIN_CHUNK_CHARS = 2000;
/** A relayed message has at most this many chunks: its text is within peer.js's
 * MAX_MESSAGE_CHARS, and no character costs more than 6 bytes escaped. */
const MAX_CHUNKS = Math.ceil((6 * MAX_MESSAGE_CHARS) / MIN_CHUNK_CHARS);
/** What a chunk's event carries beside its text: the message's JSON around it, AES-GCM's nonce
 * and tag (bytes, before base64). */
const CHUNK_ENVELOPE = 200;

/** A chunk's budget when the relays in use take at most `maxContent` characters of content
 * (nostr.js's pool.maxContent): base64 makes 3 bytes 4 characters.
 * @param {number} maxContent */
export function chunkBudget(maxContent) {
  const fits = Math.floor((maxContent * 3) / 4) - CHUNK_ENVELOPE;
  return Math.max(MIN_CHUNK_CHARS, Math.min(CHUNK_CHARS, fits));
}

/** `text` cut where each piece's JSON string (escaped, in UTF-8) is at most `budget` bytes: a
 * quote or a backslash costs two, a control character six, a character beyond ASCII its UTF-8
 * bytes; a surrogate pair is never cut.
 * @param {string} text @param {number} budget */
export function cutText(text, budget) {
  /** @type {string[]} */
  const parts = [];
  let start = 0;
  let cost = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    let w = 1;
    if (pair) w = 4;
    else if (c === 0x22 || c === 0x5c) w = 2;
    else if (c < 0x20 || (c >= 0xd800 && c < 0xe000)) w = 6;
    else if (c >= 0x800) w = 3;
    else if (c >= 0x80) w = 2;
    if (cost + w > budget && i > start) {
      parts.push(text.slice(start, i));
      start = i;
      cost = 0;
    }
    cost += w;
    if (pair) i += 1;
  }
  parts.push(text.slice(start));
  return parts;
}
/** @type {Record<string, {most: number, fields: Record<string, Check>}>} */
export const KINDS = {
  knock: {
    most: 200,
    fields: { key: (v) => typeof v === "string" && HEX64.test(v), relay: (v) => typeof v === "boolean" },
  },
  offer: { most: 6000, fields: { code: isText(5000) } },
  answer: { most: 6000, fields: { code: isText(5000) } },
  // the host's word that the table's messages go through the room, and to which table and seat
  relay: {
    most: 200,
    fields: {
      table: (v) => typeof v === "string" && /^[0-9a-f]{16}$/.test(v),
      seat: isCount(0, 3),
      commitment: (v) => typeof v === "string" && HEX64.test(v),
    },
  },
  // two of one's own devices meeting to merge their careers (career/sync.js): a call, its reply
  hi: {
    most: 300,
    fields: {
      n: (v) => typeof v === "string" && HEX64.test(v),
      reply: (v) => typeof v === "boolean",
      name: isText(60),
    },
  },
  // a page moved its table's messages to a direct channel after `m` of them went through the room (link.js)
  moved: { most: 80, fields: { m: isCount(0, Number.MAX_SAFE_INTEGER) } },
  // the host's page is back after a reload: a friend seated before knocks again at once
  back: { most: 40, fields: {} },
  full: { most: 40, fields: {} },
  busy: { most: 40, fields: {} },
  ping: { most: 40, fields: {} },
  bye: { most: 40, fields: {} },
  data: {
    most: CHUNK_CHARS + 200,
    fields: {
      m: isCount(0, Number.MAX_SAFE_INTEGER),
      i: isCount(0, MAX_CHUNKS - 1),
      of: isCount(1, MAX_CHUNKS),
      t: isText(CHUNK_CHARS),
    },
  },
};
/** Pages not heard before whose first message may be read, a bucket for the whole room: each
 * costs a key agreement, so a flood of fresh keys is dropped before it costs more. */
const NEWCOMERS = { burst: 20, perSecond: 5 };
/** The pages remembered (keys, sequence, flood); the least recently heard goes beyond it. */
const PEERS_KEPT = 64;
/** Relays deliver in any order: a message number is taken once, within this many of the highest
 * taken from that page's run; an older one is a replay or too late. */
const REPLAY_WINDOW = 512;

const ENCODER = new TextEncoder();

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostrevent.js").KeyPair} KeyPair */
/** @typedef {import("./nostrevent.js").Curve} Curve */
/**
 * What a room knows of another page: the key they share, its flood limit, its run and the
 * message numbers taken from it.
 * @typedef {{aes: Promise<CryptoKey>, bucket: Bucket, session: string|null, top: number,
 *   taken: Set<number>}} Peer
 */
const DECODER = new TextDecoder("utf-8", { fatal: true });

/** @param {Uint8Array} bytes */
export function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
/** @param {string} text */
export function fromBase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
/** `n` random bytes as hex. @param {number} n */
export const randomHex = (n) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The room's public name on the relays: SHA-256 of a label and the secret (the secret stays secret). */
/** @param {string} secret */
export async function topicOf(secret) {
  const data = ENCODER.encode(`allthrees topic v1:${secret}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `body` is of `kind`'s exact shape (no field more, none missing).
 * @param {string} kind @param {any} body any JSON until checked here */
export function isBody(kind, body) {
  const spec = KINDS[kind];
  if (!spec || !body || typeof body !== "object" || Array.isArray(body)) return false;
  const names = Object.keys(body);
  const want = Object.keys(spec.fields);
  return names.length === want.length && want.every((k) => k in body && spec.fields[k](body[k]));
}

export class Room {
  /**
   * @param {object} o
   * @param {string} o.secret the room's secret (64 hex digits, from the link)
   * @param {{secret: string}|null} [o.key] this page's key (its secret half) (the host's is the
   *   table's own, so a reload keeps it); null: a fresh one
   * @param {string[]} o.relays the relays' URLs
   * @param {(from: string, kind: string, body: Body, run: string) => void} o.onmessage `run`: the
   *   sending page's run (a reload of that page starts a new one)
   * @param {(status: import("./nostr.js").PoolStatus) => void} [o.onstatus]
   * @param {typeof WebSocket} [o.WebSocketClass]
   * @param {Curve} [o.curve]
   */
  static async open({ secret, key = null, relays, onmessage, onstatus = () => {}, WebSocketClass, curve }) {
    if (typeof secret !== "string" || !HEX64.test(secret))
      throw new NetError("code", "a room's secret is 64 hex digits", "room");
    const lib = curve ?? (await loadCurve());
    const me = await keyPair(key?.secret ?? null, lib);
    const topic = await topicOf(secret);
    const room = new Room(secret, me, topic, lib, onmessage);
    room.pool = new RelayPool(relays, {
      topic,
      to: me.public,
      key: me, // NIP-42: a relay that asks is answered with this page's own key
      curve: lib,
      onevent: (ev) => room.#heard(ev),
      onstatus,
      WebSocketClass,
    });
    room.pool.start();
    return room;
  }

  /**
   * @param {string} secret @param {KeyPair} me @param {string} topic @param {Curve} curve
   * @param {(from: string, kind: string, body: Body, run: string) => void} onmessage
   */
  constructor(secret, me, topic, curve, onmessage) {
    this.secret = secret;
    this.key = me;
    this.me = me.public;
    this.topic = topic;
    this.curve = curve;
    this.onmessage = onmessage;
    this.session = randomHex(8); // this page's run: a reload starts a new sequence
    this.n = 0;
    /** @type {Map<string, Peer>} public key -> what this page knows of that page */
    this.peers = new Map();
    this.newcomers = new Bucket(NEWCOMERS);
    this.refused = 0; // events refused after the relays' checks: wrong room, replays, floods
    /** @type {Promise<unknown>} events are read one after another, in the order they came */
    this.queue = Promise.resolve();
    /** @type {RelayPool} the room's relays (open() sets it) */
    this.pool; // declared for the type checker: open() sets it
  }

  get status() {
    return { open: this.pool.open, total: this.pool.urls.length };
  }

  close() {
    this.pool.stop();
  }

  /** Stop listening to the relays (a direct channel needs them no more), or listen again.
   * @param {boolean} on */
  quiet(on) {
    if (on) this.pool.stop();
    else this.pool.start();
  }

  /** @param {string} pub @returns {Peer} */
  #peer(pub) {
    let peer = this.peers.get(pub);
    if (peer) {
      this.peers.delete(pub); // most recently heard goes last
      this.peers.set(pub, peer);
      return peer;
    }
    peer = { aes: this.#pairKey(pub), bucket: new Bucket(FLOOD), session: null, top: -1, taken: new Set() };
    this.peers.set(pub, peer);
    if (this.peers.size > PEERS_KEPT) this.peers.delete(/** @type {string} */ (this.peers.keys().next().value));
    return peer;
  }

  /** The key this page and `pub` share: ECDH, then HKDF with the room's secret as salt.
   * @param {string} pub */
  async #pairKey(pub) {
    const shared = this.curve.getSharedSecret(unhex(this.key.secret), unhex(`02${pub}`)).subarray(1, 33);
    const ikm = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveKey"]);
    return crypto.subtle.deriveKey(
      { name: "HKDF", hash: "SHA-256", salt: unhex(this.secret), info: ENCODER.encode("allthrees pair v1") },
      ikm,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
  }

  /** Send `body` of `kind` to the page `to`: {ok, failed}, how many relays took it.
   * @param {string} to @param {string} kind @param {Body} body */
  async send(to, kind, body) {
    if (!isBody(kind, body)) throw new TypeError(`not a ${kind}: ${JSON.stringify(body).slice(0, 80)}`);
    const text = JSON.stringify({ k: kind, s: this.session, n: this.n++, at: Date.now(), b: body });
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const aes = await this.#peer(to).aes;
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: ENCODER.encode(`${this.me}>${to}`) },
        aes,
        ENCODER.encode(text),
      ),
    );
    const blob = new Uint8Array(iv.length + sealed.length);
    blob.set(iv);
    blob.set(sealed, iv.length);
    const tags = [
      ["t", this.topic],
      ["p", to],
    ];
    const event = await signEvent({ tags, content: toBase64(blob) }, this.key, this.curve);
    return this.pool.publish(event);
  }

  /** @param {NostrEvent} ev */
  #heard(ev) {
    this.queue = this.queue.then(() => this.#read(ev)).catch(() => this.refused++);
  }

  /** @param {NostrEvent} ev */
  async #read(ev) {
    if (ev.pubkey === this.me) return; // an echo of this page's own
    const known = this.peers.has(ev.pubkey);
    if (!known && !this.newcomers.take()) return this.refused++;
    const peer = this.#peer(ev.pubkey);
    if (!peer.bucket.take()) return this.refused++;
    let text;
    try {
      const blob = fromBase64(ev.content);
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: blob.subarray(0, 12), additionalData: ENCODER.encode(`${ev.pubkey}>${this.me}`) },
        await peer.aes,
        blob.subarray(12),
      );
      text = DECODER.decode(plain);
    } catch {
      if (!known) this.peers.delete(ev.pubkey); // not of this room: forget it at once
      return this.refused++;
    }
    /** @type {any} the sender's JSON, any shape until checked here */
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.refused++;
    }
    const spec = KINDS[msg?.k];
    if (!spec || text.length > spec.most + 120) return this.refused++;
    const names = Object.keys(msg).sort().join();
    if (names !== "at,b,k,n,s" || typeof msg.s !== "string" || !/^[0-9a-f]{16}$/.test(msg.s)) return this.refused++;
    if (!Number.isSafeInteger(msg.n) || msg.n < 0 || !Number.isFinite(msg.at)) return this.refused++;
    if (Math.abs(Date.now() - msg.at) > CLOCK_SLACK_S * 1000) return this.refused++; // expired (or a clock far off)
    if (msg.s === peer.session && (peer.taken.has(msg.n) || msg.n <= peer.top - REPLAY_WINDOW)) return this.refused++; // a replay
    if (!isBody(msg.k, msg.b)) return this.refused++;
    if (msg.s !== peer.session) Object.assign(peer, { session: msg.s, top: -1, taken: new Set() }); // that page's new run
    peer.taken.add(msg.n);
    peer.top = Math.max(peer.top, msg.n);
    if (peer.taken.size > REPLAY_WINDOW)
      for (const n of peer.taken) if (n <= peer.top - REPLAY_WINDOW) peer.taken.delete(n);
    this.onmessage(ev.pubkey, msg.k, msg.b, msg.s);
  }
}

/** How often a relayed channel says it is there, and how long a silent one is given (ms). */
export const KEEPALIVE = { every: 15_000, gone: 50_000 };

/**
 * A table's channel through the room, to one other page: peer.js's Channel's face (send, close,
 * state, onmessage, onstate, ondrop). Its owner hands it what the room heard from that page
 * (`heard(kind, body)`).
 */
export class RelayChannel {
  /**
   * @param {Room} room @param {string} peer the other page's key in the room
   * @param {{flood?: {burst: number, perSecond: number}, maxMessage?: number,
   *   keepalive?: {every: number, gone: number}}} [o]
   */
  constructor(room, peer, { flood = FLOOD, maxMessage = MAX_MESSAGE_CHARS, keepalive = KEEPALIVE } = {}) {
    this.room = room;
    this.peer = peer;
    this.maxMessage = maxMessage;
    this.keepalive = keepalive;
    this.state = "connected";
    this.via = "relay";
    /** @type {import("./codes.js").Meta|undefined} the table and seat the host gave (a guest's) */
    this.peerMeta; // declared for the type checker: its owner sets it
    /** @type {((text: string) => void)|null} */
    this.onmessage = null;
    /** @type {((state: string) => void)|null} */
    this.onstate = null;
    /** @type {((drop: import("./peer.js").Drop) => void)|null} */
    this.ondrop = null;
    this.dropped = 0;
    this.bucket = new Bucket(flood);
    this.m = 0; // the next message's number, sent
    this.next = 0; // the next message's number, to hand on
    /** @type {Map<number, {of: number, chunks: string[], have: number}>} m -> its chunks so far */
    this.parts = new Map();
    /** @type {Promise<unknown>} the chunks go one after another */
    this.sending = Promise.resolve();
    this.lastHeard = Date.now();
    this.pinger = setInterval(() => this.#tick(), keepalive.every);
  }

  #tick() {
    if (Date.now() - this.lastHeard > this.keepalive.gone) return this.#setState("closed");
    this.room.send(this.peer, "ping", {}).catch(() => {});
  }

  /** What the room heard from this channel's page.
   * @param {string} kind @param {Body} body */
  heard(kind, body) {
    if (this.state === "closed") return;
    this.lastHeard = Date.now();
    if (kind === "bye") return this.#setState("closed");
    if (kind !== "data") return;
    if (body.m < this.next || body.i >= body.of) return; // already handed on, or not a part of it
    if (body.m > this.next + 64) return this.#dropped("flood", body.t.length); // far ahead: not waited for
    const entry = this.parts.get(body.m) ?? { of: body.of, chunks: [], have: 0 };
    if (entry.of !== body.of || entry.chunks[body.i] !== undefined) return;
    entry.chunks[body.i] = body.t;
    entry.have += 1;
    this.parts.set(body.m, entry);
    // hand on every whole message in order
    for (let e = this.parts.get(this.next); e && e.have === e.of; e = this.parts.get(this.next)) {
      this.parts.delete(this.next);
      this.next += 1;
      const text = e.chunks.join("");
      if (text.length > this.maxMessage) this.#dropped("size", text.length);
      else if (!this.bucket.take()) this.#dropped("flood", text.length);
      else this.onmessage?.(text);
    }
  }

  /** @param {string} reason @param {number} size */
  #dropped(reason, size) {
    this.dropped += 1;
    this.ondrop?.({ reason, size, dropped: this.dropped });
  }

  /** @param {string} state */
  #setState(state) {
    if (this.state === state || this.state === "closed") return;
    this.state = state;
    if (state === "closed") clearInterval(this.pinger);
    this.onstate?.(state);
  }

  /** Send a text message, in order; a NetError("closed") once the channel is closed. @param {string} text */
  send(text) {
    if (typeof text !== "string") throw new TypeError("a channel sends text");
    if (this.state === "closed") throw new NetError("closed", "the channel is closed");
    const m = this.m++;
    const parts = cutText(text, chunkBudget(this.room.pool?.maxContent ?? CHUNK_CHARS * 2));
    const of = parts.length;
    for (const [i, t] of parts.entries()) {
      this.sending = this.sending.then(() => this.room.send(this.peer, "data", { m, i, of, t })).catch(() => {});
    }
  }

  close() {
    if (this.state !== "closed") this.room.send(this.peer, "bye", {}).catch(() => {});
    this.#setState("closed");
  }

  /** Stop without a word to the other page (its side is done too, or ends by itself). */
  drop() {
    this.#setState("closed");
  }
}
