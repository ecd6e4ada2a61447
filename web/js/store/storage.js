// @ts-check
// localStorage: the saved match and the page's preferences. Nothing a player saved is lost:
//
// - The save is an envelope around the engine's save as Python hands it over for storing (its
//   reply's `stored`: the match id, a move count, the seed and the rest, so the page never reads
//   the save's own fields): the seed sealed (savekeys.js), the rest signed, the match id and the
//   move count outside. An older save never overwrites a newer one of the same match (a second
//   tab, a reload racing a write).
// - The last good save is kept too ("prev"), so a write torn by a crash or a full disk loses at
//   most the last move.
// - A save that cannot be read (damaged, edited by hand, from a newer version) is never written
//   over: it moves to the backup list, from where the player may export it.
// - A write that fails (storage full or unavailable) is reported, and tried again at the next one.

import { clampLevel, DEFAULT_LEVELS } from "./soundprefs.js";

/** @typedef {import("../shapes/engine.js").StoredSave} StoredSave */
/** @typedef {import("./savekeys.js").SaveKeys} SaveKeys */

/**
 * The save as stored: the engine's save (`save`, its seed taken out) in an envelope that seals
 * the seed and signs the whole, or (where the browser cannot keep keys) holds the seed plain.
 * @typedef {Object} Envelope
 * @property {"sealed-1"} format
 * @property {string} match_id
 * @property {number} moves grows with every change of the match
 * @property {StoredSave["rest"]} save the rest of the engine's save
 * @property {import("./savekeys.js").Sealed} [seal] the seed, sealed
 * @property {string} [sig] the signature of match_id, moves, save and seal
 * @property {string} [seed] the seed, where the browser cannot keep keys
 */

/**
 * The save to resume, or why there is none. `problem.kind`: "tampered" (the signature fails),
 * "unsealable" (its key is gone), or "unreadable".
 * @typedef {Object} LoadedSave
 * @property {string} [text] the engine's save (for op "start": `save`)
 * @property {string} [seed] its seed (op "start": `sealed_seed`)
 * @property {StoredSave["rest"]} [rest] the save as stored
 * @property {string} [matchId]
 * @property {string} [raw] what storage held
 * @property {boolean} [recovered] the save was damaged: this is the one before it
 * @property {{kind: "tampered"|"unsealable"|"unreadable", message: string}} [problem]
 */

/**
 * The page's preferences, as stored (a damaged field is read as absent or checked where used).
 * @typedef {Object} Prefs
 * @property {boolean} muted
 * @property {import("../shapes/snapshot.js").SettingsJson|null} settings the last New game's
 * @property {boolean} howTo How to play was opened or declined
 * @property {number} effects the sound effects' level, 0 (off) to 100
 * @property {number} music the music's level
 * @property {string} [lang] the language chosen in the menu
 * @property {string} [tiles] the tile design chosen (draw/designs.js)
 * @property {string} [felt] the felt chosen
 * @property {unknown} [name] the name at the table (Play online); checked where it is read
 * @property {boolean} [relayOnly] play across devices only through the relays ("Hide my address")
 * @property {unknown} [relays] the player's own list of relays; checked where it is read
 * @property {unknown} [iceServers] the player's own ICE servers; checked where they are read
 * @property {boolean} [reactionsMuted] the others' reactions are not shown
 * @property {boolean} [hideTitle] one's rating title is not shown beside one's name (Career → Ratings)
 */

const SAVE_KEY = "allthrees.save.v1";
const PREV_KEY = "allthrees.save.prev";
const BACKUP_KEY = "allthrees.save.backup";
const PREFS_KEY = "allthrees.prefs.v1";
const BACKUPS_KEPT = 5;
const ENVELOPE = "sealed-1";

/**
 * A stored value, or null (storage off or refused).
 * @param {string} key
 */
export function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Write, or say why not: true, or the error's name (QuotaExceededError, SecurityError ...).
 * @param {string} key @param {string} value
 * @returns {true|string}
 */
export function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (err) {
    return (err instanceof Error && err.name) || "Error";
  }
}

/** Whether localStorage can be used at all (private modes and policies may refuse it). */
export function storageWorks() {
  const probe = "allthrees.probe";
  if (write(probe, "1") !== true) return false;
  try {
    localStorage.removeItem(probe);
  } catch {
    // a store that writes but cannot remove still keeps saves
  }
  return true;
}

/**
 * @param {string|null} raw
 * @returns {Envelope|null}
 */
function parseEnvelope(raw) {
  try {
    const env = JSON.parse(raw ?? "null");
    return env && typeof env === "object" && env.format === ENVELOPE ? env : null;
  } catch {
    return null;
  }
}

/** @param {Envelope} env */
const signed = (env) => JSON.stringify([env.match_id, env.moves, env.save, env.seal ?? null]);

/**
 * The save to resume (for op "start" {save: text, sealed_seed: seed}), or why there is none.
 * @param {SaveKeys|null} saveKeys
 * @returns {Promise<LoadedSave|null>} null: nothing saved. A plain save of an older page comes
 *   back as it is.
 */
export async function loadSave(saveKeys) {
  const raw = read(SAVE_KEY);
  if (raw === null) return null;
  const env = parseEnvelope(raw);
  if (!env) {
    if (raw.trimStart().startsWith("{") && !raw.includes(`"format"`)) return { text: raw, raw }; // an older page's
    const prev = await openEnvelope(saveKeys, read(PREV_KEY));
    if (prev.text) return { ...prev, raw, recovered: true };
    return { raw, problem: { kind: "unreadable", message: "the saved game is damaged" } };
  }
  const opened = await openEnvelope(saveKeys, raw);
  return { ...opened, raw };
}

/**
 * @param {SaveKeys|null} saveKeys @param {string|null} raw
 * @returns {Promise<LoadedSave>}
 */
async function openEnvelope(saveKeys, raw) {
  const env = raw === null ? null : parseEnvelope(raw);
  if (!env) return { problem: { kind: "unreadable", message: "the saved game is damaged" } };
  if (env.seal) {
    if (!saveKeys) return { problem: { kind: "unsealable", message: "this browser cannot open sealed saves" } };
    if (!(await saveKeys.verify(signed(env), env.sig ?? ""))) {
      return { problem: { kind: "tampered", message: "the saved game was changed outside the game" } };
    }
    let seed;
    try {
      seed = await saveKeys.unseal(env.seal);
    } catch {
      return { problem: { kind: "unsealable", message: "the key that sealed this save is gone" } };
    }
    return { text: JSON.stringify(env.save), seed, rest: env.save, matchId: env.match_id };
  }
  return { text: JSON.stringify(env.save), seed: env.seed, rest: env.save, matchId: env.match_id };
}

/**
 * Store the engine's save (a reply's `stored`: {match_id, moves, seed, rest}), the seed sealed and
 * the whole signed when the save keys are there.
 * @param {SaveKeys|null} saveKeys @param {StoredSave} stored
 * @returns {Promise<"saved"|"stale"|string>} "stale": the stored save of this match is further on
 *   (another tab played on), so this one is not written; otherwise the error's name
 */
export async function storeSave(saveKeys, { match_id, moves, seed, rest }) {
  const current = parseEnvelope(read(SAVE_KEY));
  if (current && current.match_id === match_id && current.moves > moves) return "stale";
  /** @type {Envelope} */
  const env = { format: ENVELOPE, match_id, moves, save: rest };
  if (saveKeys) {
    env.seal = await saveKeys.seal(seed);
    env.sig = await saveKeys.sign(signed(env));
  } else {
    env.seed = seed; // this browser cannot keep keys: the seed lies beside the rest (docs/architecture.md "Saves and storage")
  }
  const old = read(SAVE_KEY);
  if (old !== null && parseEnvelope(old)) write(PREV_KEY, old);
  const done = write(SAVE_KEY, JSON.stringify(env));
  return done === true ? "saved" : done;
}

/**
 * The same save (objects, or their JSON text), whatever the order of its keys.
 * @param {unknown} a @param {unknown} b
 */
export function sameSave(a, b) {
  if (!a || !b) return false;
  /** @type {(v: unknown) => unknown} */
  const canonical = (v) =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical(/** @type {Record<string, unknown>} */ (v)[k])]),
          )
        : v;
  /** @param {unknown} v */
  const value = (v) => (typeof v === "string" ? JSON.parse(v) : v);
  try {
    return JSON.stringify(canonical(value(a))) === JSON.stringify(canonical(value(b)));
  } catch {
    return false;
  }
}

/**
 * A save the game could not use, kept aside.
 * @typedef {{at: string, reason: string, text: string}} Backup
 */

/**
 * Keep a save the game cannot use aside, never written over; the newest few are kept.
 * @param {string} raw @param {string} reason
 */
export function backupSave(raw, reason) {
  /** @type {Backup[]} */
  let list = [];
  try {
    list = JSON.parse(read(BACKUP_KEY) ?? "[]");
    if (!Array.isArray(list)) list = [];
  } catch {
    list = [];
  }
  list.unshift({ at: new Date().toISOString(), reason, text: raw });
  for (let kept = Math.min(list.length, BACKUPS_KEPT); kept > 0; kept--) {
    if (write(BACKUP_KEY, JSON.stringify(list.slice(0, kept))) === true) return true;
  }
  return false;
}

/**
 * The saves kept aside, newest first.
 * @returns {Backup[]}
 */
export function backups() {
  try {
    const list = JSON.parse(read(BACKUP_KEY) ?? "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// howTo: the How to play was opened or declined, so it is not offered again; effects, music: the
// sound's levels, 0 (off) to 100 (soundprefs.js; music is off until asked for)
/** @type {Prefs} */
const DEFAULT_PREFS = { muted: false, settings: null, howTo: false, ...DEFAULT_LEVELS };

/** Whether this browser has kept preferences before (a first visit has none). */
export function prefsStored() {
  return read(PREFS_KEY) != null;
}

/** @returns {Prefs} */
export function loadPrefs() {
  try {
    const prefs = JSON.parse(read(PREFS_KEY) ?? "null");
    if (prefs && typeof prefs === "object") return { ...DEFAULT_PREFS, ...prefs };
  } catch {
    // a damaged preference is forgotten
  }
  return { ...DEFAULT_PREFS };
}

/**
 * The sound's levels as the preferences hold them (a damaged one is the default again).
 * @param {Prefs} prefs
 * @returns {import("./soundprefs.js").SoundLevels}
 */
export function soundLevels(prefs) {
  return {
    effects: clampLevel(prefs.effects, DEFAULT_LEVELS.effects),
    music: clampLevel(prefs.music, DEFAULT_LEVELS.music),
  };
}

/** @param {Prefs} prefs */
export function storePrefs(prefs) {
  return write(PREFS_KEY, JSON.stringify(prefs)) === true;
}

export const KEYS = { save: SAVE_KEY, prev: PREV_KEY, backup: BACKUP_KEY, prefs: PREFS_KEY };
