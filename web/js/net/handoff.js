// @ts-check
// An answer link opened on the host's own device: the host's table waits in one tab, and the
// guest's answer arrives as a link the host opens (from a messenger, or the phone's camera), in
// a new tab. That tab must not play (boot/tabs.js: one tab plays, and a second one would offer to
// take the table over): it hands the answer to the waiting table over a BroadcastChannel named
// for the table, waits for the table's acknowledgement, and says so.
//
//   // the entry point, first thing, before it claims the table:
//   if (isAnswerLink(location.hash)) return showHandoff(await handOffAnswer(location.hash));
//
//   // the waiting table, while an invite of table `id` is out:
//   const stop = listenForAnswers(id, async (code, answer) => invites.has(answer.meta.seat) && ...);
//
// An answer's meta names its table as `table` (the guest copies it from the invite's meta).

import { h } from "../dom/dom.js";
import { T } from "../i18n/strings.js";
import { CodeError, decodeCode, parseLink } from "./codes.js";

const PREFIX = "allthrees-answer-";
/** How long the answer's tab waits for a table to acknowledge (ms). */
export const HANDOFF_TIMEOUT = 5000;

/** The BroadcastChannel's name for a table. @param {string} table */
export const channelName = (table) => PREFIX + String(table);

/** Is this an answer link's fragment ("#answer=...")? */
export function isAnswerLink(hash = globalThis.location?.hash ?? "") {
  return /^#?(?:.*&)?answer=/.test(hash);
}

/**
 * What became of an answer handed over. pair: an answer to a pairing of devices; refused: a table
 * heard it and is not waiting for it; no-table: none answered in `timeout` ms; bad-code: the code
 * cannot be used (reason: CodeError's code)
 * @typedef {{status: "delivered" | "refused" | "no-table" | "bad-code", code: string,
 *   reason?: string, pair?: boolean}} Handoff
 */

/**
 * Hand the answer in a link (or its fragment) to the table waiting on this device.
 * @param {string} [hash] @param {{timeout?: number}} [o]
 * @returns {Promise<Handoff>}
 */
export async function handOffAnswer(hash = location.hash, { timeout = HANDOFF_TIMEOUT } = {}) {
  let code = "";
  let answer;
  try {
    ({ code } = parseLink(hash.startsWith("#") ? hash : `#${hash}`));
    answer = await decodeCode(code, "answer");
  } catch (error) {
    if (error instanceof CodeError) return { status: "bad-code", code, reason: error.code };
    throw error;
  }
  const table = answer.meta.table;
  const pair = answer.meta.pair === true; // an answer to a pairing (career/pair.js), not to a table
  if (typeof table !== "string" || !table || typeof BroadcastChannel !== "function")
    return { status: "no-table", code, pair };
  const id = Math.random().toString(36).slice(2);
  const bc = new BroadcastChannel(channelName(table));
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ status: "no-table", code, pair }), timeout);
      bc.onmessage = (event) => {
        const m = event.data;
        if (m?.type !== "ack" || m.id !== id) return;
        clearTimeout(timer);
        resolve({ status: m.ok ? "delivered" : "refused", code, pair });
      };
      bc.postMessage({ type: "answer", id, code });
    });
  } finally {
    bc.close();
  }
}

/**
 * The waiting table's side: `onAnswer(code, {desc, meta})` for each answer handed over for
 * table `table`; it returns (or resolves to) true when the table took it (an invite was waiting
 * for it), and the answer's tab is told so. Returns stop().
 * @param {string} table
 * @param {(code: string, answer: import("./codes.js").Decoded) => boolean|Promise<boolean>} onAnswer
 * @returns {() => void}
 */
export function listenForAnswers(table, onAnswer) {
  if (typeof BroadcastChannel !== "function") return () => {};
  const bc = new BroadcastChannel(channelName(table));
  bc.onmessage = async (event) => {
    const m = event.data;
    if (m?.type !== "answer" || typeof m.id !== "string" || typeof m.code !== "string" || m.code.length > 4096) return;
    let ok = false;
    try {
      const answer = await decodeCode(m.code, "answer");
      ok = answer.meta.table === table && (await onAnswer(m.code, answer)) === true;
    } catch {
      ok = false;
    }
    bc.postMessage({ type: "ack", id: m.id, ok });
  };
  return () => bc.close();
}

/** The answer tab's card: what happened, in words (and, when no table took it, the link to send).
 * @param {Handoff} result @param {HTMLElement} [parent] */
export function showHandoff(result, parent = document.body) {
  const words = T.net;
  const said = result.pair ? T.pair.handoff : words.handoff;
  const text =
    result.status === "delivered"
      ? said.delivered
      : result.status === "refused"
        ? said.refused
        : result.status === "no-table"
          ? said.noTable
          : (byCode(words.codes)[String(result.reason)] ?? words.errors.code);
  const card = h(
    "section",
    { class: "handoff", id: "handoff", role: "status", "data-status": result.status },
    h("div", { class: "boot-card" }, h("p", { class: "boot-text", id: "handoff-text", text })),
  );
  parent.append(card);
  return card;
}

/** A catalogue's words looked up by a code that may not be one of its keys.
 * @param {object} words @returns {Record<string, string|undefined>} */
const byCode = (words) => /** @type {Record<string, string|undefined>} */ (words);

/** Words for a NetError or a CodeError (what the player can do), in the page's language.
 * @param {unknown} error what was thrown (anything else gets the general words) */
export function netErrorWords(error) {
  const words = T.net;
  const e = /** @type {{name?: string, code?: string, reason?: string|null}|null|undefined} */ (error);
  if (e?.name === "CodeError") return byCode(words.codes)[String(e.code)] ?? words.errors.code;
  if (e?.code === "code") return byCode(words.codes)[String(e.reason)] ?? words.errors.code;
  return byCode(words.errors)[String(e?.code)] ?? words.errors.unreachable;
}
