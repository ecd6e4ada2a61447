// @ts-check
// Proof of work for the lobby's events (NIP-13): flooding the lobby costs the flooder. An event
// carries a tag ["nonce", N, TARGET]; its NIP-01 id (SHA-256 of the serialised event) then has
// at least TARGET leading zero bits, which every page checks in microseconds (the id is
// recomputed anyway) before it spends a signature check on the event. Making one takes about
// 2^TARGET hashes: tens of milliseconds of a phone's time for a host that announces every 30 s,
// and as much again for every ghost table a spammer wants listed.
//
//   const tags = await mine({ pubkey, created_at, kind, tags, content }, bits);   // + the nonce tag
//   worked(event, bits)   // the event's id has `bits` of work, and it committed to at least that
//
// The hashing is SHA-256 written out here (synchronous, so that a try costs no promise): the
// serialised event up to the nonce is hashed once (its whole blocks), and each try hashes only
// what follows. Mining yields to the page every few milliseconds, so it never makes a long task.

/** SHA-256's round constants. */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const START = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/**
 * One block of 64 bytes of `m` from `o` into the state `h` (`w`: the schedule's room).
 * @param {Int32Array} h @param {Int32Array} w @param {Uint8Array} m @param {number} o
 */
function compress(h, w, m, o) {
  for (let i = 0; i < 16; i++, o += 4) w[i] = (m[o] << 24) | (m[o + 1] << 16) | (m[o + 2] << 8) | m[o + 3];
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let f = h[5];
  let g = h[6];
  let hh = h[7];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
  h[5] = (h[5] + f) | 0;
  h[6] = (h[6] + g) | 0;
  h[7] = (h[7] + hh) | 0;
}

/** `rest` padded as SHA-256's last blocks of a message `total` bytes long.
 * @param {Uint8Array} rest @param {number} total */
function padded(rest, total) {
  const out = new Uint8Array(Math.ceil((rest.length + 9) / 64) * 64);
  out.set(rest);
  out[rest.length] = 0x80;
  const bits = total * 8;
  const view = new DataView(out.buffer);
  view.setUint32(out.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(out.length - 4, bits >>> 0);
  return out;
}

/** @param {Int32Array} h */
const hexOf = (h) => Array.from(h, (x) => (x >>> 0).toString(16).padStart(8, "0")).join("");

/** SHA-256 of `bytes`, in hex (the same as crypto.subtle's; the tests hold the two together).
 * @param {Uint8Array} bytes */
export function sha256Hex(bytes) {
  const h = START.slice();
  const w = new Int32Array(64);
  const whole = bytes.length - (bytes.length % 64);
  for (let o = 0; o < whole; o += 64) compress(h, w, bytes, o);
  const last = padded(bytes.subarray(whole), bytes.length);
  for (let o = 0; o < last.length; o += 64) compress(h, w, last, o);
  return hexOf(h);
}

/** NIP-13's difficulty: the leading zero bits of an id (64 hex digits). @param {string} id */
export function workOf(id) {
  let bits = 0;
  for (const digit of id) {
    const n = Number.parseInt(digit, 16);
    if (n !== 0) return bits + Math.clz32(n) - 28;
    bits += 4;
  }
  return bits;
}

/** Leading zero bits of a state (the id as eight words). @param {Int32Array} h */
function zeros(h) {
  for (let i = 0; i < 8; i++) if (h[i] !== 0) return 32 * i + Math.clz32(h[i]);
  return 256;
}

const NONCE = /^[0-9]{1,20}$/;
const TARGET = /^[0-9]{1,3}$/;

/** Whether `event` (its id already recomputed from its content: nostr.js does) carries `bits`
 * of work: one nonce tag, its committed target at least `bits` (NIP-13: a spammer's lucky id
 * under a lower target is refused), and an id with at least that many leading zero bits.
 * @param {{id: string, tags: string[][]}} event @param {number} bits */
export function worked(event, bits) {
  const tags = event.tags.filter((t) => t[0] === "nonce");
  if (tags.length !== 1) return false;
  const [, nonce, target] = tags[0];
  if (tags[0].length !== 3 || !NONCE.test(nonce) || !TARGET.test(target)) return false;
  return Number(target) >= bits && workOf(event.id) >= Number(target);
}

/** How many digits a nonce has (fixed, so each try writes them in place). */
const DIGITS = 12;
const encoder = new TextEncoder();
/** Give the page its turn (a frame, input) between slices of work. */
const yieldNow = () =>
  // @ts-expect-error: scheduler.yield is Chromium's (and Firefox's); elsewhere a task
  globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The tags of `event` with a nonce tag that gives its id `bits` leading zero bits (NIP-13), the
 * committed target `bits`; null when `stopped()` says to stop first.
 * @param {{pubkey: string, created_at: number, kind: number, tags: string[][], content: string}} event
 * @param {number} bits
 * @param {{sliceMs?: number, stopped?: () => boolean}} [o] `sliceMs`: work between two yields
 * @returns {Promise<{tags: string[][], id: string, tries: number}|null>}
 */
export async function mine(event, bits, { sliceMs = 8, stopped = () => false } = {}) {
  const marker = "X".repeat(DIGITS);
  const tags = [...event.tags, ["nonce", marker, String(bits)]];
  const text = JSON.stringify([0, event.pubkey, event.created_at, event.kind, tags, event.content]);
  // the marker's quotes are the serialised tag's own: a string inside the content has its quotes
  // escaped, so this is the nonce tag's place and nowhere else
  const at = text.indexOf(`["nonce","${marker}"`) + '["nonce","'.length;
  const head = encoder.encode(text.slice(0, at));
  const tail = encoder.encode(text.slice(at + DIGITS));
  const whole = head.length - (head.length % 64);
  const mid = START.slice();
  const w = new Int32Array(64);
  for (let o = 0; o < whole; o += 64) compress(mid, w, head, o);
  const rest = new Uint8Array(head.length - whole + DIGITS + tail.length);
  rest.set(head.subarray(whole));
  rest.set(tail, head.length - whole + DIGITS);
  const buf = padded(rest, head.length + DIGITS + tail.length);
  const first = head.length - whole; // where the digits are in buf
  // a random start: two pages mining the same event do not race through the same nonces
  const start = Math.floor(Math.random() * 9e11);
  const digits = encoder.encode(String(start).padStart(DIGITS, "0"));
  buf.set(digits, first);
  const h = new Int32Array(8);
  let tries = 0;
  for (;;) {
    const sliceEnd = performance.now() + sliceMs;
    do {
      for (let k = 0; k < 128; k++) {
        h.set(mid);
        for (let o = 0; o < buf.length; o += 64) compress(h, w, buf, o);
        tries += 1;
        if (zeros(h) >= bits) {
          const nonce = new TextDecoder().decode(buf.subarray(first, first + DIGITS));
          return { tags: [...event.tags, ["nonce", nonce, String(bits)]], id: hexOf(h), tries };
        }
        // the next nonce: the decimal digits counted up in place
        let i = first + DIGITS - 1;
        while (buf[i] === 0x39) buf[i--] = 0x30;
        if (i < first) buf.fill(0x30, first, first + DIGITS);
        else buf[i] += 1;
      }
    } while (performance.now() < sliceEnd);
    await yieldNow();
    if (stopped()) return null;
  }
}
