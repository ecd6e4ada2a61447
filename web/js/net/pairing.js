// @ts-check
// Pairing two of one's own devices to merge their careers (docs/playing.md "Your career on
// every device"): the handshake is a friend's table's (peer.js: an invite whose meta is {pair, table},
// the answer's {table}, so an answer link opened on the inviting device reaches its waiting dialog
// through handoff.js), then each device sends the other, once, what its career keeps, and each
// merges on its own (Python's career_merge gives both the same career).
//
//   const mine = {entries, history, daily: {attempts}, prefs: {tiles, felt}};
//   const theirs = await exchangeCareers(channel, mine);   // a PairError if it cannot be read
//
// On the wire, one message kind after the channel opens, in order:
//   {"pair": 1, "kind": "career", "n": 0..of-1, "of": N, "data": "<base64 of a gzip part>"}
//   {"pair": 1, "kind": "got"}      every part of the other's career arrived
// What the other device sends is untrusted: here it is read by kind and size only (at most
// MAX_PARTS parts of at most PART_CHARS, in order, the whole inflated to at most MAX_CAREER_BYTES,
// one JSON object); Python then checks every entry and replays every kept match before anything is
// written (career_merge), so nothing here decides what the career holds.

import { FLOOD } from "./peer.js";

/** The pairing's own version: a device that speaks another is told to update. */
export const PAIR_VERSION = 1;
/** Characters of base64 in one part: under the channel's 65,536-unit message limit. */
export const PART_CHARS = 48_000;
/** The largest career a device takes, inflated (bytes): more than any localStorage holds. */
export const MAX_CAREER_BYTES = 8_000_000;
/** The most parts a career may come in: gzip never makes a career's JSON larger than itself. */
export const MAX_PARTS = Math.ceil((MAX_CAREER_BYTES * 4) / 3 / PART_CHARS) + 1;
// Parts after the first burst go at most this often (ms), under the receiver's flood limit.
const PACE_MS = Math.ceil(1000 / FLOOD.perSecond) + 5;
const BURST = Math.floor(FLOOD.burst / 2);

/**
 * Why a pairing failed; `code` is one of "version" (the other device is another version of the
 * game), "damaged" (it sent what this game cannot read), "too_big" (a career larger than any
 * device keeps), "closed" (the connection ended before both careers crossed).
 */
export class PairError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "PairError";
    this.code = code;
  }
}

/** @param {string} text */
async function gzipBase64(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** The inflated text of base64 gzip, refused past MAX_CAREER_BYTES (a small bomb stays small).
 * @param {string} b64 */
async function inflated(b64) {
  let bytes;
  try {
    bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    throw new PairError("damaged", "a part is not base64");
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_CAREER_BYTES) {
        reader.cancel().catch(() => {});
        throw new PairError("too_big", "the other device's career is larger than any device keeps");
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof PairError) throw error;
    throw new PairError("damaged", "the parts do not inflate");
  }
  return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

/** The parts of `mine` as the messages that carry it. @param {object} mine this device's career */
export async function careerMessages(mine) {
  const b64 = await gzipBase64(JSON.stringify(mine));
  const of = Math.max(1, Math.ceil(b64.length / PART_CHARS));
  if (of > MAX_PARTS) throw new PairError("too_big", "this device's career is larger than a pairing carries");
  return Array.from({ length: of }, (_, n) =>
    JSON.stringify({
      pair: PAIR_VERSION,
      kind: "career",
      n,
      of,
      data: b64.slice(n * PART_CHARS, (n + 1) * PART_CHARS),
    }),
  );
}

/**
 * The other device's messages, read one by one: `take(text)` returns "more", or "done" with
 * `career()` then giving the object; it throws a PairError on anything out of place.
 */
export class CareerReader {
  constructor() {
    /** @type {string[]} */
    this.parts = [];
    /** @type {number|null} how many parts theirs has, from its first */
    this.of = null;
    this.got = false; // the other device has all of ours
  }

  /** @param {string} text */
  take(text) {
    /** @type {any} the other device's JSON, any shape until checked here */
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      throw new PairError("damaged", "a message is not JSON");
    }
    if (!m || typeof m !== "object" || Array.isArray(m)) throw new PairError("damaged", "a message is no object");
    if (m.pair !== PAIR_VERSION) throw new PairError("version", "the other device pairs another way: update both");
    if (m.kind === "got") {
      this.got = true;
      return this.complete ? "done" : "more";
    }
    if (m.kind !== "career") throw new PairError("damaged", "a message of an unknown kind");
    const { n, of, data } = m;
    const whole = (/** @type {any} */ x) => Number.isSafeInteger(x) && x >= 0;
    if (!whole(n) || !whole(of) || of < 1 || of > MAX_PARTS || typeof data !== "string" || data.length > PART_CHARS)
      throw new PairError(of > MAX_PARTS ? "too_big" : "damaged", "a part out of shape");
    if ((this.of ?? of) !== of || n !== this.parts.length) throw new PairError("damaged", "a part out of order");
    this.of = of;
    this.parts.push(data);
    return this.complete ? "done" : "more";
  }

  /** Every part of theirs has come (whether or not they have all of ours). */
  get complete() {
    return this.of !== null && this.parts.length === this.of;
  }

  /** @returns {Promise<any>} the other device's career: any JSON object (Python checks it) */
  async career() {
    const text = await inflated(this.parts.join(""));
    /** @type {unknown} the other device's career: any JSON object (Python checks it) */
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw new PairError("damaged", "the career is not JSON");
    }
    if (!data || typeof data !== "object" || Array.isArray(data))
      throw new PairError("damaged", "the career is no object");
    return data;
  }
}

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Send `mine` over `channel` (peer.js's Channel) and read the other device's; resolves with its
 * career (an object, unchecked: Python checks it) once both have crossed. The channel stays open
 * for the caller to close.
 * @param {import("./link.js").Carrier} channel @param {object} mine
 * @returns {Promise<any>} the other device's career: any JSON object (Python checks it)
 */
export function exchangeCareers(channel, mine) {
  const reader = new CareerReader();
  /** @type {object|null} */
  let theirs = null;
  let sent = false;
  return new Promise((resolve, reject) => {
    let over = false;
    const fail = (/** @type {any} anything thrown */ error) => {
      if (over) return;
      over = true;
      reject(error instanceof PairError ? error : new PairError("damaged", String(error?.message ?? error)));
    };
    const finish = () => {
      if (!over && sent && theirs && reader.got) {
        over = true;
        resolve(theirs);
      }
    };
    channel.onmessage = async (text) => {
      if (over) return;
      const wasComplete = reader.complete;
      try {
        reader.take(text);
      } catch (error) {
        fail(error);
        return;
      }
      if (reader.complete && !wasComplete) {
        try {
          theirs = await reader.career();
          if (over) return; // the channel ended while the career was read
          channel.send(JSON.stringify({ pair: PAIR_VERSION, kind: "got" }));
        } catch (error) {
          fail(error);
          return;
        }
      }
      finish();
    };
    channel.ondrop = ({ reason }) =>
      fail(new PairError(reason === "size" ? "too_big" : "damaged", `dropped: ${reason}`));
    channel.onstate = (state) => {
      if (state === "closed") fail(new PairError("closed", "the connection ended"));
    };
    (async () => {
      const messages = await careerMessages(mine);
      for (const [i, text] of messages.entries()) {
        if (over) return;
        if (i >= BURST) await pause(PACE_MS);
        channel.send(text);
      }
      sent = true;
      finish();
    })().catch(fail);
  });
}
