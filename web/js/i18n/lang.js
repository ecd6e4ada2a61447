// @ts-check
// Which language the page speaks, chosen once before anything is drawn: the player's choice (kept
// with the preferences, set in the menu), else the first of the browser's languages that the game
// has, else English. <html lang> follows it. Switching stores the choice and reloads the page: the
// match is saved after every move, so nothing is lost.
//
// Also the number words every catalogue shares: plural categories (Intl.PluralRules: Polish has
// "one", "few" and "many") and numbers (Intl.NumberFormat).

import { KEYS } from "../store/storage.js";

export const LANGUAGES = { en: "English", pl: "Polski" };
/** A language the game speaks. @typedef {keyof typeof LANGUAGES} Lang */

/**
 * Whether the game speaks `tag`.
 * @param {string} tag
 * @returns {tag is Lang}
 */
const spoken = (tag) => Object.hasOwn(LANGUAGES, tag);

/**
 * The first of `tags` (BCP 47, e.g. "pl-PL") whose language the game has, else "en".
 * @param {readonly (string|undefined)[]|null|undefined} tags
 * @returns {Lang}
 */
export function pickLanguage(tags) {
  for (const tag of tags ?? []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (spoken(base)) return base;
  }
  return "en";
}

/** @returns {Lang|null} */
function chosen() {
  try {
    const lang = JSON.parse(globalThis.localStorage?.getItem(KEYS.prefs) ?? "null")?.lang;
    return typeof lang === "string" && spoken(lang) ? lang : null;
  } catch {
    return null; // storage off or a damaged preference: the browser's language
  }
}

const nav = globalThis.navigator;
export const LANG = chosen() ?? pickLanguage(nav?.languages?.length ? nav.languages : [nav?.language]);
if (globalThis.document) document.documentElement.lang = LANG;

/**
 * forms: {one, few, many, other} (what the language uses) -> the one for `n`.
 * @template T
 * @param {number} n @param {Partial<Record<Intl.LDMLPluralRule, T>>} forms @param {string} [lang]
 * @returns {T}
 */
export function plural(n, forms, lang = LANG) {
  const rule = new Intl.PluralRules(lang).select(n);
  return /** @type {T} */ (forms[rule] ?? forms.other ?? forms.many);
}

/**
 * A number as the language writes it ("29,1" in Polish), with `digits` decimals if given.
 * @param {number} n @param {string} [lang] @param {number|null} [digits]
 */
export function num(n, lang = LANG, digits = null) {
  const fixed = digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(lang, fixed).format(n);
}

/**
 * A moment (an ISO timestamp) as the language writes it, in the player's own time zone
 * ("Dec 2, 2026, 1:28 AM", "2 gru 2026, 01:28"); "" when unknown, the text itself when unreadable.
 * @param {string|null|undefined} iso @param {string} [lang] @param {{time?: boolean}} [o]
 */
export function when(iso, lang = LANG, { time = true } = {}) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return new Intl.DateTimeFormat(
    lang,
    time ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(d);
}

/**
 * "5+2", the pips of each tile left ("0" for none): the same in every language.
 * @param {readonly number[]} parts
 */
export function sumOf(parts) {
  return parts.join("+") || "0";
}
