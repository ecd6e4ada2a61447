// @ts-check
// A code's body (net/codes.js wraps it in a version, flags, a check and base64url): an SDP's
// parts a peer needs (sdp.js) and the code's meta, packed into bytes and read back. The ICE
// credentials take 6 bits a character, a fingerprint its bytes, a candidate's address 4 or 16
// bytes (IPv4, IPv6, a browser's mDNS name) or its text, and the meta, when it is a flat object of
// short values, its values by type (else its JSON). Reading refuses anything out of shape as a
// CodeError("damaged").

import { CANDIDATE_TYPES, HASHES, SETUPS } from "./sdp.js";

/** @typedef {import("./sdp.js").SdpDesc} SdpDesc */
/** @typedef {import("./codes.js").Meta} Meta */

/**
 * A code that cannot be used, by reason: "empty", "foreign" (not a code of this game),
 * "version" (a newer game's code), "damaged" (cut short or changed), "kind" (an answer where an
 * invite was expected, or the other way), "compression" (deflated, and this browser cannot
 * inflate).
 */
export class CodeError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "CodeError";
    this.code = code;
  }
}

// --- bytes ----------------------------------------------------------------------------------

class Writer {
  constructor() {
    /** @type {number[]} */
    this.bytes = [];
  }
  /** @param {number} n */
  u8(n) {
    this.bytes.push(n & 255);
  }
  /** @param {number} n */
  u16(n) {
    this.u8(n >> 8);
    this.u8(n);
  }
  /** @param {Iterable<number>} bytes */
  raw(bytes) {
    for (const b of bytes) this.u8(b);
  }
  /** @param {string} text */
  str(text) {
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > 255) throw new RangeError("a string of the SDP is too long");
    this.u8(bytes.length);
    this.raw(bytes);
  }
  /** @param {number} n */
  varint(n) {
    while (n >= 128) {
      this.u8((n % 128) | 128);
      n = Math.floor(n / 128);
    }
    this.u8(n);
  }
  /** An ICE ufrag or pwd: 6 bits a character when it keeps to the ice-char set (it always does).
   * @param {string} text */
  ice(text) {
    if (!ICE_TEXT.test(text)) throw new RangeError("an ICE credential outside the ice-char set");
    this.u8(text.length);
    const bits = new Uint8Array(Math.ceil((text.length * 6) / 8));
    for (let i = 0; i < text.length; i += 1) {
      const v = ICE_CHARS.indexOf(text[i]);
      const at = i * 6;
      const word = v << (10 - (at & 7));
      bits[at >> 3] |= word >> 8;
      if ((at >> 3) + 1 < bits.length) bits[(at >> 3) + 1] |= word & 255;
    }
    this.raw(bits);
  }
}

const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ICE_TEXT = /^[A-Za-z0-9+/]{1,255}$/;

// --- meta: a flat object of short strings, whole numbers, booleans and nulls is packed by type
// (a lowercase hex string, such as a commitment, as its bytes); anything else as JSON ---
const META_JSON = 255;
const HEX = /^(?:[0-9a-f]{2})+$/;

/** @param {Writer} w @param {Meta} meta */
function writeMeta(w, meta) {
  const entries = Object.entries(meta);
  const typed = (/** @type {any} a meta's value: any JSON */ v) =>
    v === null ||
    typeof v === "boolean" ||
    (Number.isSafeInteger(v) && v >= 0) ||
    (typeof v === "string" && new TextEncoder().encode(v).length < 256);
  if (entries.length >= META_JSON || !entries.every(([k, v]) => new TextEncoder().encode(k).length < 256 && typed(v))) {
    w.u8(META_JSON);
    w.raw(new TextEncoder().encode(JSON.stringify(meta)));
    return;
  }
  w.u8(entries.length);
  for (const [key, value] of entries) {
    w.str(key);
    if (value === null) w.u8(0);
    else if (typeof value === "boolean") w.u8(value ? 2 : 1);
    else if (typeof value === "number") {
      w.u8(3);
      w.varint(value);
    } else if (HEX.test(value) && value.length <= 510) {
      w.u8(4);
      w.u8(value.length / 2);
      w.raw(/** @type {string[]} tested: HEX */ (value.match(/../g)).map((b) => Number.parseInt(b, 16)));
    } else {
      w.u8(5);
      w.str(value);
    }
  }
}

/** @param {Reader} r @returns {Meta} */
function readMeta(r) {
  const count = r.u8();
  if (count === META_JSON) {
    /** @type {any} the code's JSON, any shape until checked here */
    let meta;
    try {
      meta = JSON.parse(utf8(r.rest()));
    } catch (error) {
      if (error instanceof CodeError) throw error;
      throw new CodeError("damaged", "the code's details are not JSON");
    }
    if (!meta || typeof meta !== "object" || Array.isArray(meta))
      throw new CodeError("damaged", "the code's details are not an object");
    return meta;
  }
  /** @type {Meta} */
  const meta = {};
  for (let i = 0; i < count; i += 1) {
    const key = r.str();
    const type = r.u8();
    let value;
    if (type === 0) value = null;
    else if (type === 1 || type === 2) value = type === 2;
    else if (type === 3) value = r.varint();
    else if (type === 4) value = Array.from(r.take(r.u8()), (b) => b.toString(16).padStart(2, "0")).join("");
    else if (type === 5) value = r.str();
    else throw new CodeError("damaged", "a detail of the code is of no known type");
    Object.defineProperty(meta, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (r.at !== r.bytes.length) throw new CodeError("damaged", "the code goes on after its details");
  return meta;
}

class Reader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }
  /** @param {number} n */
  take(n) {
    if (this.at + n > this.bytes.length) throw new CodeError("damaged", "the code ends too soon");
    const part = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return part;
  }
  u8() {
    return this.take(1)[0];
  }
  u16() {
    const [a, b] = this.take(2);
    return (a << 8) | b;
  }
  str() {
    return utf8(this.take(this.u8()));
  }
  varint() {
    let n = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = this.u8();
      n += (b & 127) * shift;
      if (b < 128) return n;
      if (shift > 2 ** 42) throw new CodeError("damaged", "a number of the code is too long");
    }
  }
  ice() {
    const length = this.u8();
    const bits = this.take(Math.ceil((length * 6) / 8));
    let text = "";
    for (let i = 0; i < length; i += 1) {
      const at = i * 6;
      const word = (bits[at >> 3] << 8) | (bits[(at >> 3) + 1] ?? 0);
      text += ICE_CHARS[(word >> (10 - (at & 7))) & 63];
    }
    return text;
  }
  rest() {
    return this.take(this.bytes.length - this.at);
  }
}

/** @param {Uint8Array} bytes */
function utf8(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CodeError("damaged", "the code's text is not UTF-8");
  }
}

/** FNV-1a folded to 16 bits. @param {Uint8Array} bytes */
export function check16(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return ((h >>> 16) ^ h) & 0xffff;
}

// --- addresses: IPv4 (4 bytes), IPv6 (16), a browser's mDNS name <uuid>.local (16), else text ---

const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** @param {string} address @returns {number[]|null} */
function ipv6Bytes(address) {
  if (!/^[0-9a-fA-F:]+$/.test(address) || address.split("::").length > 2) return null;
  const [head, tail] = address.includes("::") ? address.split("::") : [address, null];
  const groups = (/** @type {string|null} */ part) => (part ? part.split(":") : []);
  const h = groups(head);
  const t = groups(tail);
  const missing = 8 - h.length - t.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array(tail === null ? 0 : missing).fill("0"), ...t];
  if (all.some((g) => g.length < 1 || g.length > 4)) return null;
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

/**
 * An address's kind (0 IPv4, 1 IPv6, 2 mDNS, 3 text) and how to write it.
 * @param {Writer} w @param {string} address
 * @returns {[number, () => void]}
 */
function writeAddress(w, address) {
  const lower = address.toLowerCase();
  const v4 = IPV4.exec(address);
  if (v4?.slice(1).every((n) => Number(n) < 256)) return [0, () => w.raw(v4.slice(1).map(Number))];
  const v6 = ipv6Bytes(address);
  if (v6) return [1, () => w.raw(v6)];
  const uuid = UUID_LOCAL.exec(lower);
  if (uuid)
    return [
      2,
      () =>
        w.raw(
          /** @type {string[]} 32 hex digits */ (uuid.slice(1).join("").match(/../g)).map((b) =>
            Number.parseInt(b, 16),
          ),
        ),
    ];
  return [3, () => w.str(address)];
}

/** @param {Reader} r @param {number} kind */
function readAddress(r, kind) {
  if (kind === 0) return Array.from(r.take(4)).join(".");
  const hex = Array.from(r.take(kind === 3 ? 0 : 16), (b) => b.toString(16).padStart(2, "0")).join("");
  if (kind === 1)
    return /** @type {string[]} 32 hex digits */ (hex.match(/..../g))
      .map((g) => Number.parseInt(g, 16).toString(16))
      .join(":");
  if (kind === 2)
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  return r.str();
}

// --- the body ---------------------------------------------------------------------------------

/** The bytes of a description and its meta (before the check and compression).
 * @param {SdpDesc} desc @param {Meta} [meta] */
export function packBody(desc, meta = {}) {
  const w = new Writer();
  w.u8(SETUPS.indexOf(desc.setup));
  w.ice(desc.ufrag);
  w.ice(desc.pwd);
  w.str(desc.mid);
  const hash = HASHES.findIndex(
    ([name, size]) => name === desc.fingerprint.hash && size === desc.fingerprint.bytes.length,
  );
  if (hash < 0) throw new RangeError(`a ${desc.fingerprint.hash} fingerprint cannot be packed`);
  w.u8(hash);
  w.raw(desc.fingerprint.bytes);
  const candidates = desc.candidates.slice(0, 255);
  w.u8(candidates.length);
  for (const c of candidates) {
    const [kind, write] = writeAddress(w, c.address);
    w.u8(CANDIDATE_TYPES.indexOf(c.type) | (kind << 2));
    write();
    w.u16(c.port);
  }
  writeMeta(w, meta);
  return Uint8Array.from(w.bytes);
}

/** packBody's inverse: {desc, meta}; a CodeError("damaged") for bytes that are not one.
 * @param {Uint8Array} bytes @returns {{desc: SdpDesc, meta: Meta}} */
export function unpackBody(bytes) {
  const r = new Reader(bytes);
  const setup = SETUPS[r.u8()];
  const ufrag = r.ice();
  const pwd = r.ice();
  const mid = r.str();
  const [hashName, size] = HASHES[r.u8()] ?? [];
  if (!setup || !hashName) throw new CodeError("damaged", "the code's description is not one");
  const fingerprint = { hash: hashName, bytes: Uint8Array.from(r.take(size)) };
  /** @type {SdpDesc["candidates"]} */
  const candidates = [];
  for (let n = r.u8(); n > 0; n -= 1) {
    const head = r.u8();
    if (head >> 4) throw new CodeError("damaged", "a candidate of the code is not one");
    const address = readAddress(r, head >> 2);
    candidates.push({ type: CANDIDATE_TYPES[head & 3], address, port: r.u16() });
  }
  const meta = readMeta(r);
  return { desc: { setup, ufrag, pwd, mid, fingerprint, candidates }, meta };
}
