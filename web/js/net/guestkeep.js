// @ts-check
// What a guest's page keeps of the table it joined (localStorage GUEST_KEY, net/guestkey.js): the
// table and its seat, this device's part of the joint deal, the host's commitment, the events it
// saw, and for a table played online its room and seat key, so that it comes straight back into
// its seat after a reload (net/guesting.js) and the record of what it saw outlives the host.

import { GUEST_KEY } from "./guestkey.js";

const PART_BYTES = 32; // this device's part of the joint deal (net/joint.py: 64 hex digits)

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/**
 * What this device keeps of a table it joined.
 * @typedef {{table: string|null, seat: number|null, part: string, commitment: string|null,
 *   host: string|null, events: object[], resume?: boolean, room?: {secret: string, host: string},
 *   key?: string, snapshot?: Snapshot, record?: object|null}} Kept
 */

/** A fresh part of the deal, or a fresh seat key: 64 random hex digits. */
export function randomPart() {
  const bytes = crypto.getRandomValues(new Uint8Array(PART_BYTES));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** @returns {Kept|null} what this device kept (its own record: read as it was written) */
export function loadKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(GUEST_KEY) ?? "null");
    return kept && typeof kept === "object" ? kept : null;
  } catch {
    return null; // unreadable: a fresh part is drawn; nothing of the game depends on it
  }
}

/** Keep `kept` (null: nothing). @param {Kept|null} kept */
export function keepKept(kept) {
  try {
    localStorage.setItem(GUEST_KEY, JSON.stringify(kept));
  } catch {
    // full or blocked storage: the match goes on; only a later re-join asks for a fresh part
  }
}
