// @ts-check
// Nostr events (NIP-01) as this page makes and reads them: ids, BIP-340 signatures, and the exact
// shape an event from a relay must have before anything else looks at it. Signing is
// @noble/secp256k1's, fetched from later/vendor/ the first time a room is opened (scripts/build
// copies it from web/node_modules), so a table played alone never loads it.

import { siteURL } from "../boot/site.js";

/** The room's events: ephemeral (20000-29999 in NIP-01), so relays forward them and may drop them. */
export const ROOM_KIND = 25050;
/** NIP-42's authentication event, signed for one relay's challenge and never published. */
export const AUTH_KIND = 22242;
/** The largest frame read from a relay, in UTF-16 units; a longer one is dropped unread. */
export const MAX_FRAME_CHARS = 200_000;
/** The largest event content this client sends or takes (a chunk of a table message, encrypted). */
export const MAX_CONTENT_CHARS = 64_000;
/** Events further in the past than the subscription or this far in the future are dropped (s). */
export const CLOCK_SLACK_S = 120;

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;
const EVENT_KEYS = ["content", "created_at", "id", "kind", "pubkey", "sig", "tags"];

/** @typedef {import("../shapes/nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("../shapes/nostr.js").EventDraft} EventDraft */
/** @typedef {{secret: string, public: string}} KeyPair  a page's key: both halves in hex */
/**
 * The part of the curve library (noble-secp256k1) this page uses (later/vendor/noble-secp256k1).
 * @typedef {object} Curve
 * @property {{randomSecretKey: () => Uint8Array}} utils
 * @property {(secret: Uint8Array, pub: Uint8Array) => Uint8Array<ArrayBuffer>} getSharedSecret  ECDH (room.js)
 * @property {{getPublicKey: (secret: Uint8Array) => Uint8Array,
 *   signAsync: (message: Uint8Array, secret: Uint8Array) => Promise<Uint8Array>,
 *   verifyAsync: (sig: Uint8Array, message: Uint8Array, pub: Uint8Array) => Promise<boolean>}} schnorr
 */

/** @param {ArrayLike<number>} bytes @returns {string} */
export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
/** @param {string} text hex digits */
export function unhex(text) {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @type {Promise<Curve>|null} */
let secp = null;
/**
 * The curve library (noble-secp256k1), loaded once (a module of the site's later/vendor/).
 * @param {() => Promise<Curve>} [load]
 * @returns {Promise<Curve>}
 */
export function loadCurve(load = () => import(siteURL("later/vendor/noble-secp256k1/index.js").href)) {
  secp ??= load().catch((error) => {
    secp = null; // a failed fetch (offline at the first table online) may be tried again
    throw error;
  });
  return secp;
}

/**
 * A page's key in the room: `secret` (hex) given, or a fresh one; `public` is BIP-340's x-only key.
 * @param {string|null} [secret]
 * @param {Curve|null} [curve]
 * @returns {Promise<KeyPair>}
 */
export async function keyPair(secret = null, curve = null) {
  const lib = curve ?? (await loadCurve());
  const sk = secret ? unhex(secret) : lib.utils.randomSecretKey();
  return { secret: hex(sk), public: hex(lib.schnorr.getPublicKey(sk)) };
}

/**
 * An event's id (NIP-01): SHA-256 of the serialised event.
 * @param {{pubkey: string, created_at: number, kind: number, tags: string[][], content: string}} event
 */
export async function idOf({ pubkey, created_at, kind, tags, content }) {
  const body = JSON.stringify([0, pubkey, created_at, kind, tags, content]);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
}

/**
 * A signed event (NIP-01): its id signed with Schnorr.
 * @param {EventDraft} draft
 * @param {KeyPair} key
 * @param {Curve|null} [curve]
 * @returns {Promise<NostrEvent>}
 */
export async function signEvent({ kind = ROOM_KIND, tags, content, created_at }, key, curve = null) {
  const lib = curve ?? (await loadCurve());
  const event = { pubkey: key.public, created_at: created_at ?? Math.floor(Date.now() / 1000), kind, tags, content };
  const id = await idOf(event);
  const sig = await lib.schnorr.signAsync(id, unhex(key.secret));
  return { id: hex(id), ...event, sig: hex(sig) };
}

/**
 * NIP-42: the event that answers relay `url`'s `challenge`, signed by `key`.
 * @param {string} url @param {string} challenge @param {KeyPair} key @param {Curve|null} [curve]
 */
export const authEvent = (url, challenge, key, curve = null) =>
  signEvent(
    {
      kind: AUTH_KIND,
      tags: [
        ["relay", url],
        ["challenge", challenge],
      ],
      content: "",
    },
    key,
    curve,
  );

/** Whether `ev` is an event as NIP-01 writes one: its seven fields of their types, at most
 * `maxTags` tags of strings (each of at most `maxTag` values of `maxValue` characters), content
 * of at most `maxContent` characters. Its id and signature are not checked here (verifyEvent).
 * @param {any} ev a relay's JSON, any shape until checked here
 * @param {{maxContent?: number, maxTags?: number, maxTag?: number, maxValue?: number}} [limits]
 * @returns {ev is NostrEvent}
 */
export function isEvent(ev, { maxContent = MAX_CONTENT_CHARS, maxTags = 8, maxTag = 4, maxValue = 200 } = {}) {
  if (!ev || typeof ev !== "object" || Array.isArray(ev)) return false;
  const keys = Object.keys(ev).sort();
  if (keys.length !== EVENT_KEYS.length || keys.some((k, i) => k !== EVENT_KEYS[i])) return false;
  if (typeof ev.id !== "string" || !HEX64.test(ev.id)) return false;
  if (typeof ev.pubkey !== "string" || !HEX64.test(ev.pubkey)) return false;
  if (typeof ev.sig !== "string" || !HEX128.test(ev.sig)) return false;
  if (!Number.isSafeInteger(ev.kind) || !Number.isSafeInteger(ev.created_at)) return false;
  if (typeof ev.content !== "string" || ev.content.length > maxContent) return false;
  if (!Array.isArray(ev.tags) || ev.tags.length > maxTags) return false;
  return ev.tags.every(
    (/** @type {unknown} */ t) =>
      Array.isArray(t) && t.length <= maxTag && t.every((v) => typeof v === "string" && v.length <= maxValue),
  );
}

/** Whether `ev` is an event as NIP-01 writes one, of `kind` (a room's), with a tag `t` of `topic`
 * and a tag `p` of `to` (when given); the content's size checked, never its meaning.
 * @param {unknown} ev @param {string} topic @param {string|null} [to] @param {number} [kind]
 * @returns {ev is NostrEvent}
 */
export function isRoomEvent(ev, topic, to = null, kind = ROOM_KIND) {
  if (!isEvent(ev) || ev.kind !== kind) return false;
  const tags = ev.tags;
  const tag = (/** @type {string} */ name) => tags.find((t) => t[0] === name)?.[1];
  return tag("t") === topic && (to === null || tag("p") === to);
}

/** Whether `ev`'s id is its content's (recomputed: a relay may forward an event under an id it was
 * not signed with) and its BIP-340 signature is its key's.
 * @param {NostrEvent} ev @param {Curve} curve
 */
export async function verifyEvent(ev, curve) {
  try {
    if (hex(await idOf(ev)) !== ev.id) return false;
    return await curve.schnorr.verifyAsync(unhex(ev.sig), unhex(ev.id), unhex(ev.pubkey));
  } catch {
    return false;
  }
}
