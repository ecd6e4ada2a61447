// @ts-check
// The words and kinds of ratings that the table needs at once (the career's screen and the
// rated exchange are loaded later): which kind of table a rating is kept for, and a title's
// words.

import { T } from "../i18n/strings.js";

/**
 * The kind of table a rating is kept for, as Python's career.rated.rating_kind says it: partners;
 * two players; three or four each for themselves.
 * @param {{mode: string, seats: unknown[]}|null|undefined} settings
 * @returns {"two"|"multi"|"partners"|null}
 */
export function ratingKind(settings) {
  if (!settings) return null;
  if (settings.mode === "partners") return "partners";
  return settings.seats.length === 2 ? "two" : "multi";
}

/**
 * A title's words, by its code (career.titles.TITLES).
 * @param {string} code
 */
export const titleWords = (code) => /** @type {Record<string, string>} */ (T.titles)[code] ?? code;
