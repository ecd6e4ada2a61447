// @ts-check
// A relay's NIP-11 information document: the limits it states, read so that this page never
// exceeds one (nostr.js's pools apply them; relaybook.js keeps them a day). The document is a
// stranger's JSON: fetched with a short timeout, never more than MAX_INFO_CHARS read, and each
// limit taken only when it has its type (a count, a flag); anything else in it is ignored.
//
//   const lim = await fetchInfo("wss://relay.example");   // RelayLimits, or null
//   unusable(lim, { pow: 0 })                              // "payment", "pow", "restricted", "small" or null

import { infoURLOf } from "./relayurl.js";

/** How long a relay has to send its document (ms). */
export const INFO_TIMEOUT_MS = 4000;
/** The longest document read (characters); a longer one is not read at all. */
export const MAX_INFO_CHARS = 65_536;
/** The least content a relay must take for this page to use it (characters): a room's smallest
 * chunk with its envelope (room.js), and a lobby's announcement. */
export const MIN_CONTENT_CHARS = 3000;
/** What an event's JSON holds beside its content (id, key, signature, two tags, the rest):
 * under max_message_length, the content has that much less room (bytes). */
export const EVENT_OVERHEAD = 700;

/** @type {Record<string, LimitKey>} */
const FIELDS = {
  max_message_length: "maxMessage",
  max_content_length: "maxContent",
  max_subscriptions: "maxSubs",
  max_subid_length: "maxSubid",
  max_event_tags: "maxTags",
  created_at_lower_limit: "olderThan",
  created_at_upper_limit: "newerThan",
  min_pow_difficulty: "minPow",
};
/** @type {Record<string, FlagKey>} */
const FLAGS = { auth_required: "auth", payment_required: "payment", restricted_writes: "restricted" };

/** @typedef {import("./relaybook.js").RelayLimits} RelayLimits */
/** @typedef {import("./relaybook.js").LimitKey} LimitKey */
/** @typedef {import("./relaybook.js").FlagKey} FlagKey */

/**
 * The limits a document states, or null when it is no document (not a JSON object).
 * @param {unknown} text
 * @returns {RelayLimits|null}
 */
export function readInfo(text) {
  if (typeof text !== "string" || text.length > MAX_INFO_CHARS) return null;
  /** @type {any} a stranger's JSON: any shape until each field is checked */
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return null;
  /** @type {RelayLimits} */
  const lim = {};
  const given = doc.limitation && typeof doc.limitation === "object" ? doc.limitation : {};
  for (const [field, key] of Object.entries(FIELDS)) {
    const v = given[field];
    if (Number.isSafeInteger(v) && v >= 0) lim[key] = v;
  }
  for (const [field, key] of Object.entries(FLAGS)) if (typeof given[field] === "boolean") lim[key] = given[field];
  // fees of any amount (NIP-11's pay-to-relay) are a payment required, whatever the flag says
  const fees = doc.fees && typeof doc.fees === "object" ? Object.values(doc.fees) : [];
  if (fees.some((list) => Array.isArray(list) && list.some((fee) => Number(fee?.amount) > 0))) lim.payment = true;
  return lim;
}

/**
 * The relay's document, read within the timeout and size; null when it has none this page can read.
 * @param {string} relay
 * @param {{fetch?: typeof globalThis.fetch|null, timeoutMs?: number}} [o]
 * @returns {Promise<RelayLimits|null>}
 */
export async function fetchInfo(relay, { fetch = globalThis.fetch, timeoutMs = INFO_TIMEOUT_MS } = {}) {
  if (typeof fetch !== "function") return null;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(infoURLOf(relay), {
      headers: { Accept: "application/nostr+json" },
      signal: abort.signal,
      credentials: "omit",
      redirect: "error",
      cache: "no-store",
    });
    if (!response.ok) return null;
    if (Number(response.headers.get("content-length") ?? 0) > MAX_INFO_CHARS) return null;
    return readInfo(await readCapped(response, MAX_INFO_CHARS));
  } catch {
    return null; // unreachable, refused by CORS, too slow or cut off: no document
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A response's text, or null once it passes `most` characters (read no further).
 * @param {Response} response @param {number} most
 * @returns {Promise<string|null>}
 */
async function readCapped(response, most) {
  if (!response.body?.getReader) {
    const text = await response.text();
    return text.length > most ? null : text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (text.length > most) {
      reader.cancel().catch(() => {});
      return null;
    }
  }
}

/** Why a relay stating `lim` is not used by this page, or null when it may be: a payment asked,
 * more proof of work than this page does (`pow` bits), writes kept for some (its policy says our
 * events would be refused), or too little room for a table's message.
 * @param {RelayLimits|null} lim
 * @param {{pow?: number}} [o]
 */
export function unusable(lim, { pow = 0 } = {}) {
  if (!lim) return null;
  if (lim.payment) return "payment";
  if ((lim.minPow ?? 0) > pow) return "pow";
  if (lim.restricted) return "restricted";
  const room = contentRoom(lim);
  if (room !== null && room < MIN_CONTENT_CHARS) return "small";
  return null;
}

/**
 * The longest content `lim` lets an event carry (characters), or null when it states none.
 * @param {RelayLimits|null} lim
 */
export function contentRoom(lim) {
  const byContent = lim?.maxContent ?? Number.POSITIVE_INFINITY;
  const byMessage = lim?.maxMessage === undefined ? Number.POSITIVE_INFINITY : lim.maxMessage - EVENT_OVERHEAD;
  const room = Math.min(byContent, byMessage);
  return Number.isFinite(room) ? room : null;
}
