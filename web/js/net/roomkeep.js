// @ts-check
// The room of the table this page hosts, kept (localStorage ROOM_KEY) so that a reload opens it
// before Python is up: friends who knock meanwhile are heard, and seated as soon as Python has the
// table again (net/hosting.js). And the table's one link, which names that room.

const ROOM_KEY = "allthrees.hostroom.v1";
const HEX = /^[0-9a-f]{64}$/;

/** The room's secret and the host's key there (Python's). @typedef {{secret: string, key: string}} RoomKeys */

/** The kept room of `table` ({secret, key, guests}: `guests` the friends' pages' keys in the
 * room when it was last kept, told at once that the host is back), or null.
 * @param {string} table
 * @returns {{secret: string, key: string, guests: string[]}|null} */
export function keptRoom(table) {
  try {
    /** @type {any} this page's own record, read field by field */
    const kept = JSON.parse(localStorage.getItem(ROOM_KEY) ?? "null");
    const ok = kept?.table === table && HEX.test(kept.secret ?? "") && HEX.test(kept.key ?? "");
    const guests = Array.isArray(kept?.guests)
      ? kept.guests.filter((/** @type {unknown} */ k) => HEX.test(String(k))).slice(0, 8)
      : [];
    return ok ? { secret: kept.secret, key: kept.key, guests } : null;
  } catch {
    return null;
  }
}

/** Keep `table`'s room (`guests`: the friends' pages' keys in it), or forget it (`room` null).
 * @param {string|null} table @param {RoomKeys|null} room @param {string[]} [guests] */
export function keepRoom(table, room, guests = []) {
  try {
    const kept = { table, secret: room?.secret, key: room?.key, guests: guests.slice(-8) };
    if (room) localStorage.setItem(ROOM_KEY, JSON.stringify(kept));
    else localStorage.removeItem(ROOM_KEY);
  } catch {
    // storage refused: a reload opens the room once Python is up, as before
  }
}

/** The table's one link: the room's secret and the host's public key there, in the fragment
 * (never sent to the site's host).
 * @param {string} site @param {string} secret @param {string} host */
export const roomLink = (site, secret, host) => `${site}#room=${secret}.${host}`;
