// @ts-check
// The table as last drawn, kept for a returning player: the last snapshot the page drew (Python
// made it for the seat on screen: the cover when one is up, never another seat's hand, the seed
// or the boneyard's order), in its own localStorage key, so the next visit draws the table before
// Python has started (table/earlytable.js). The match itself lives in the save (storage.js), which
// this never reads or writes; what is kept here is only ever a picture, replaced by Python's own
// table once it is up. A kept table that fails the typed check below is ignored, never trusted.
//
//   keepTable(snap)        // after each snapshot drawn (a guest's page keeps its own: net/guestkey.js)
//   keptTable()            // -> {snap, text} or null: what to draw before Python, checked
//   keptPicture(snap)      // -> {snap, text} or null: a guest's kept snapshot, checked, to draw
//   sameTable(text, snap)  // Python's table is the one drawn from the kept one
//   forgetTable()          // the kept picture is no table of this device's any more

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */

// The same name is read by boot/returning.js before the first paint (a classic script: no import).
export const TABLE_KEY = "allthrees.table.v1";
const VERSION = 1;
const MAX_CHARS = 400_000; // a snapshot is a few kB; anything this big is no snapshot of ours

/**
 * The snapshot as kept: the seed, revealed once the match is over, stays out all the same.
 * @param {Snapshot} snap
 */
function keptText(snap) {
  const { fair, ...rest } = snap;
  const kept = fair ? { ...rest, fair: Object.fromEntries(Object.entries(fair).filter(([k]) => k !== "seed")) } : rest;
  return JSON.stringify(kept);
}

/**
 * Keep the snapshot just drawn (storage that refuses only loses the quick return).
 * @param {Snapshot} snap
 */
export function keepTable(snap) {
  try {
    localStorage.setItem(TABLE_KEY, JSON.stringify({ v: VERSION, snap: JSON.parse(keptText(snap)) }));
  } catch {
    // full or blocked: the next visit waits for Python, as a first visit does
  }
}

export function forgetTable() {
  try {
    localStorage.removeItem(TABLE_KEY);
  } catch {
    // nothing to do: a kept table is only ever a picture
  }
}

// checkSnapshot reads a value of unknown shape field by field: `any` (Unchecked) is what its
// checks are given, until they have said what it is.
/** @typedef {any} Unchecked */
/** @type {(x: unknown) => x is number} */
const isInt = (x) => Number.isInteger(x);
/** @param {unknown} x */
const isNum = (x) => typeof x === "number" && Number.isFinite(x);
/** @param {unknown} x */
const isStr = (x) => typeof x === "string";
/** @param {unknown} x */
const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** @param {unknown} x @param {number} n */
const isSeat = (x, n) => isInt(x) && x >= 0 && x < n;
/** @param {unknown} x @param {number} n */
const seatOrNull = (x, n) => x === null || isSeat(x, n);
/** @param {unknown} x @param {(item: Unchecked) => boolean} each */
const list = (x, each) => Array.isArray(x) && x.every(each);
const TILE = /^\d-\d$/;

/**
 * The shape every part of the table's drawing reads: anything else is no snapshot to draw.
 * @param {Unchecked} s
 * @returns {s is Snapshot}
 */
export function checkSnapshot(s) {
  if (!isObj(s) || !list(s.seats, isObj) || s.seats.length < 2 || s.seats.length > 4) return false;
  const n = s.seats.length;
  /** @type {Unchecked[]} */
  const seats = s.seats;
  const seatsOk = seats.every(
    (seat, i) => seat.seat === i && isInt(seat.side) && isInt(seat.tiles) && (seat.label === null || isObj(seat.label)),
  );
  const sidesOk = list(s.sides, (side) => isObj(side) && isNum(side.score) && list(side.seats, (x) => isSeat(x, n)));
  /** @param {Unchecked} t */
  const target = (t) => isObj(t) && (t.arm === null || isStr(t.arm));
  /** @param {Unchecked} t */
  const tile = (t) =>
    isObj(t) && isStr(t.tile) && TILE.test(t.tile) && typeof t.playable === "boolean" && list(t.targets, target);
  const layout = s.layout;
  const layoutOk = isObj(layout) && list(layout.tiles, isObj) && list(layout.ends, isObj) && list(layout.bounds, isNum);
  const rules = s.rules;
  return Boolean(
    seatsOk &&
      sidesOk &&
      list(s.hand, tile) &&
      layoutOk &&
      layout.bounds.length === 4 &&
      isObj(rules) &&
      isObj(rules.options) &&
      isStr(rules.preset) &&
      isNum(rules.target) &&
      isObj(s.settings) &&
      isObj(s.round) &&
      typeof s.round.over === "boolean" &&
      isObj(s.match) &&
      typeof s.match.over === "boolean" &&
      isSeat(s.you, n) &&
      seatOrNull(s.viewer, n) &&
      seatOrNull(s.cover, n) &&
      seatOrNull(s.person_to_move ?? null, n) &&
      isInt(s.turn) &&
      isInt(s.round_no) &&
      isInt(s.boneyard) &&
      isNum(s.end_sum) &&
      isStr(s.mode),
  );
}

/**
 * The table kept by the last visit, checked, or null (none, damaged, or from another version).
 * @returns {{snap: Snapshot, text: string}|null}
 */
export function keptTable() {
  let raw = null;
  try {
    raw = localStorage.getItem(TABLE_KEY);
  } catch {
    return null;
  }
  if (raw === null || raw.length > MAX_CHARS) return null;
  try {
    const kept = JSON.parse(raw);
    if (!isObj(kept) || kept.v !== VERSION || !checkSnapshot(kept.snap)) return null;
    return { snap: kept.snap, text: keptText(kept.snap) };
  } catch {
    return null;
  }
}

/**
 * A snapshot kept elsewhere (a guest's, net/guestkey.js) as a picture to draw: {snap, text}, or
 * null when it fails the check.
 * @param {unknown} snap
 * @returns {{snap: Snapshot, text: string} | null}
 */
export function keptPicture(snap) {
  return checkSnapshot(snap) ? { snap, text: keptText(snap) } : null;
}

/**
 * Python's table is the one the kept picture showed (to the last field).
 * @param {string} text @param {Snapshot} snap
 */
export function sameTable(text, snap) {
  return text === keptText(snap);
}
