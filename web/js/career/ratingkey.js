// @ts-check
// This device's own key for signing rated results (allthrees.ratingkey.v1: BIP-340's secret
// key, 64 hex digits), never a table's or a room's: the chain of the device's signed results is
// by this key (career/rated.js makes it when first needed). An export carries it and an import
// brings it back (transfer.js, Python's career.transfer.check_signing), so the chain goes on under
// the same key on the device that takes the career over. Paired devices each keep their own (each
// its own chain: two devices signing under one key at once would fork it).

export const RATING_KEY = "allthrees.ratingkey.v1";
const HEX64 = /^[0-9a-f]{64}$/;

/** The kept secret key, or null (none made yet, or unreadable). @returns {string|null} */
export function keptSecret() {
  try {
    const kept = JSON.parse(localStorage.getItem(RATING_KEY) ?? "null");
    return typeof kept?.secret === "string" && HEX64.test(kept.secret) ? kept.secret : null;
  } catch {
    return null; // unreadable (or no storage): a new key is made when one is needed
  }
}

/** Keep `secret` as this device's key (whether it could be kept). @param {string} secret */
export function keepSecret(secret) {
  if (!HEX64.test(secret)) return false;
  try {
    localStorage.setItem(RATING_KEY, JSON.stringify({ secret }));
    return true;
  } catch {
    return false; // storage refused: results are signed all the same, under a key made again
  }
}
