// localStorage: the saved match (the engine's save text, a record plus settings) and the
// page's own preferences (sound, the settings for the next new match). Storage may be unavailable
// (private mode, quota): the game still plays, it just is not remembered.

const SAVE_KEY = "allthrees.save.v1";
const PREFS_KEY = "allthrees.prefs.v1";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** @returns {string|null} the engine's save text, as it gave it */
export function loadSave() {
  return read(SAVE_KEY);
}

/** @param {string} text the `save` field of an engine reply */
export function storeSave(text) {
  if (typeof text === "string") write(SAVE_KEY, text);
}

const DEFAULT_PREFS = { muted: false, settings: null };

/** @returns {{muted: boolean, settings: object|null}} */
export function loadPrefs() {
  try {
    const prefs = JSON.parse(read(PREFS_KEY) ?? "null");
    if (prefs && typeof prefs === "object") return { ...DEFAULT_PREFS, ...prefs };
  } catch {
    // a damaged preference is forgotten
  }
  return { ...DEFAULT_PREFS };
}

export function storePrefs(prefs) {
  write(PREFS_KEY, JSON.stringify(prefs));
}
