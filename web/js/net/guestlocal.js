// @ts-check
// What a guest's own device answers for itself at another's table (net/guesting.js is the rest
// of the guest's side): which requests its own Python answers (its career, the checks, the
// words, a rated result's parts: LOCAL_OPS; every other is the host's table's), and at a match's
// end the check of the host's reveal against what this device saw (op check_shared: the deal
// against the commitment, every move), which makes the match's entry in this device's career
// when the deal is proved.
//
//   if (LOCAL_OPS.has(op)) return local.call(op, payload);
//   const { shared, words, proved } = await checkReveal(local, kept, reveal, career);

import { T } from "../i18n/strings.js";

/** What the guest's own Python answers (career, checks, words); the table's ops are the host's. */
export const LOCAL_OPS = new Set([
  "ping",
  "choices",
  "rules_form",
  "career",
  "career_entry",
  "daily",
  "daily_start",
  "export",
  "check_import",
  "replay_round",
  "host_message",
  "check_shared",
  "career_merge",
  // a rated result, made and taken by this device's own Python (career/rated.js)
  "ratings",
  "rated_part",
  "rated_document",
  "rated_take",
  "rated_abandon",
]);

/**
 * The host's reveal at a match's end, checked by this device's Python against what it saw.
 * @param {{call: (op: string, payload?: object) => Promise<any>}} local this device's engine
 * @param {import("./guestkeep.js").Kept} kept the table as this device kept it
 * @param {object} reveal the host's reveal (Python checked its shape)
 * @param {{entries: object[], attempts: object}} career this device's career so far
 * @returns {Promise<{shared: object, words: string, proved: object|null}>} `shared` to keep
 *   (check_shared's, or {failed: code}), the words to say, and `proved`: the shared result whose
 *   entry counts in this career (null: the deal was not proved)
 */
export async function checkReveal(local, kept, reveal, career) {
  const reply = await local.call("check_shared", {
    commitment: kept.commitment,
    reveal,
    my_part: kept.part,
    seen: { events: kept.events },
    date: new Date().toISOString(),
    ...career,
  });
  if (reply?.ok) return { shared: reply.shared, words: T.netTable.fair, proved: reply.shared };
  const refused = /** @type {Record<string, ((values: object) => string)|undefined>} */ (T.refusals);
  const words = refused[reply?.code]?.(reply.values ?? {}) ?? T.netTable.unfair;
  return { shared: { failed: reply?.code ?? "refused" }, words, proved: null };
}
