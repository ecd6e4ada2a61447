// @ts-check
// A host's message read before this device's own engine is up: a guest who opens the table's link
// sees the host's table as soon as it arrives, while Pyodide is still starting on this device
// (drawing a guest's table needs the host's snapshot, not the guest's engine). What is read here
// is read for its shape only, enough to draw it safely (store/tablekeep.js's check of a snapshot,
// the same one a kept table passes); every such message goes to this device's Python once it is
// up (op `host_message`), which checks it as it checks every other. A message this cannot read
// early (a reveal, another version, anything unexpected) simply waits for Python.

import { checkSnapshot } from "../store/tablekeep.js";
import { PROTOCOL } from "./version.js";

/** The longest text read early (the host's largest table message is within it). */
const MOST_CHARS = 200_000;
const TABLE = /^[0-9a-f]{16}$/;
const HEX64 = /^[0-9a-f]{64}$/;

// a host's text is any JSON until these have checked it
const isObj = (/** @type {any} */ x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isSeat = (/** @type {any} */ x) => Number.isInteger(x) && x >= 0 && x < 4;
const isFriend = (/** @type {any} */ f) => isObj(f) && isSeat(f.seat) && typeof f.joined === "boolean";
const isPresence = (/** @type {any} */ p) => isObj(p) && isSeat(p.seat) && typeof p.presence === "string";

/** The fields each kind must have to be drawn before Python has read it (`m`: any JSON object).
 * @type {Record<string, (m: any) => boolean>} */
const SHAPES = {
  welcome: (m) =>
    isSeat(m.seat) &&
    (m.commitment === null || HEX64.test(String(m.commitment))) &&
    Array.isArray(m.friends) &&
    m.friends.every(isFriend) &&
    typeof m.dealt === "boolean" &&
    (m.snapshot === null || checkSnapshot(m.snapshot)),
  table: (m) => isSeat(m.seat) && checkSnapshot(m.snapshot) && Array.isArray(m.events) && m.events.every(isObj),
  gathering: (m) => HEX64.test(String(m.commitment)) && Array.isArray(m.friends) && m.friends.every(isFriend),
  presence: (m) => Array.isArray(m.seats) && m.seats.every(isPresence),
  reaction: (m) => isSeat(m.seat) && typeof m.id === "string" && m.id.length <= 40,
  // a watcher's table (net/watch.js): the host's Python made it for no seat
  watch: (m) => checkSnapshot(m.snapshot) && Array.isArray(m.events) && m.events.every(isObj),
};

/**
 * The message, when it can be drawn before this device's Python is up; else null (it waits).
 * @param {string} text
 * @returns {{kind: string, table: string, [field: string]: unknown} | null}
 */
export function earlyHostMessage(text) {
  if (PROTOCOL === null || typeof text !== "string" || text.length > MOST_CHARS) return null;
  /** @type {any} the host's JSON, any shape until checked here */
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(m) || m.v !== PROTOCOL || typeof m.table !== "string" || !TABLE.test(m.table)) return null;
  const shape = Object.hasOwn(SHAPES, m.kind) ? SHAPES[m.kind] : null;
  return shape?.(m) ? m : null;
}

/**
 * A host's text read by this device (a guest's or a watcher's): at once when its engine is not up
 * yet and the text's shape can be drawn, then read by Python as soon as it is up (`refused(reply)`
 * when Python refuses it); else by Python (op `host_message`), as every later text is.
 * @param {{up?: boolean, whenUp?: Promise<void>, call: (op: string, payload: object) => Promise<any>}} local
 * @param {string} text
 * @param {(reply: any) => void} refused
 * @returns {Promise<any>} `{ok, message}` or Python's refusal
 */
export async function readHostText(local, text, refused) {
  const early = local.up === false ? earlyHostMessage(text) : null;
  if (!early) return local.call("host_message", { message: text });
  local.whenUp?.then(async () => {
    const reply = await local.call("host_message", { message: text });
    if (!reply?.ok) refused(reply);
  });
  return { ok: true, message: early };
}
