// @ts-check
// The relays a table, the lobby and paired devices meet in: public Nostr relays run by
// volunteers, none of them ours. The pinned list below is only where a page starts (its sources
// and the day they were read are in docs/protocol.md, "The relays"): from there each page learns
// which relays are alive and take its events, from its own experience and from NIP-66 monitors'
// reports (relaybook.js, discovery.js), and relaysFrom chooses each table's list from what it
// learnt:
//   - the pinned relays and those that served this page well (kept), none set aside (a relay
//     that failed or refused is left out until its time comes; relaybook.js) and none whose
//     NIP-11 document asks what this page does not do (payment, proof of work);
//   - when fewer than LEAST_RELAYS of those are left, the set-aside ones that come back soonest
//     (tried again: a page deployed long ago still starts somewhere);
//   - then relays that monitors reported, never more of them than of the others (a monitor is a
//     stranger: it may add, it cannot outweigh), and at most MOST_RELAYS in all.
// A pool given that list (nostr.js) keeps learning while it runs. Relays see that some pages meet
// in a room (a hash), their keys, when and how much they send: never a tile, a name or a move,
// which travel encrypted end to end (room.js).
//
// A player's preference `relays` overrides it all: a list of relays is used as it is (wss:
// relays, or ws: on the player's own machine), and an empty list means no relay at all (the codes
// sent by hand). `relays: {"pinned": [...]}` replaces only the pinned list, learning from there as
// from the built-in one (the tests use it; so could a player with relays of their own).

import { RelayBook } from "./relaybook.js";
import { unusable } from "./relayinfo.js";
import { relayURL } from "./relayurl.js";

export { relayURL } from "./relayurl.js";

/** Where every page starts: public relays that take ephemeral events of any kind from any key,
 * without payment, authentication or proof of work (docs/protocol.md, "The relays"). */
export const DEFAULT_RELAYS = [
  "wss://nos.lol",
  "wss://nostr.sathoarder.com",
  "wss://nostr.data.haus",
  "wss://nostr.vulpem.com",
  "wss://relay.mostro.network",
  "wss://ftp.halifax.rwth-aachen.de/nostr",
];
/** At most this many relays at once (each is a connection the page keeps open). */
export const MOST_RELAYS = 8;
/** At least this many relays at once, where the page knows that many. */
export const LEAST_RELAYS = 3;

/** Whether `url` is a relay the page may talk to: wss: to a public host, or ws: on loopback. */
export const isRelayURL = (/** @type {unknown} */ url) => relayURL(url) !== null;

/** The lists relaysFrom chose by itself (not a player's): a pool given one learns (nostr.js). */
/** @type {WeakMap<string[], {discovered: string[]}>} */
const CHOSEN = new WeakMap();

/** What relaysFrom said of `urls`: {discovered: the relays in it that monitors named} when it
 * chose that list by itself (a pool may then learn more), else null.
 * @param {string[]} urls */
export const learning = (urls) => CHOSEN.get(urls) ?? null;

/** The usable relay addresses of a preference's list, each once, in its order; and the rest.
 * @param {unknown[]} asked
 * @returns {{urls: string[], refused: string[]}} */
function sorted(asked) {
  /** @type {string[]} */
  const urls = [];
  /** @type {string[]} */
  const refused = [];
  for (const item of asked) {
    const url = relayURL(item);
    if (url && !urls.includes(url) && urls.length < MOST_RELAYS) urls.push(url);
    else if (!url) refused.push(String(item));
  }
  return { urls, refused };
}

/**
 * The relays this page uses: the preference `relays` when it is a list (none when empty: the
 * codes sent by hand), else a list chosen from the pinned relays (the preference's `pinned`, or
 * DEFAULT_RELAYS) and what the page learnt. `refused` lists what the preference named that cannot
 * be used.
 * @param {{relays?: unknown}|null|undefined} prefs
 * @param {RelayBook} [book] the page's record (RelayBook.shared())
 * @returns {{urls: string[], refused: string[]}}
 */
export function relaysFrom(prefs, book = RelayBook.shared()) {
  const asked = prefs?.relays;
  let pinned = DEFAULT_RELAYS;
  /** @type {string[]} */
  let refused = [];
  if (Array.isArray(asked)) {
    if (asked.length === 0) return { urls: [], refused: [] };
    const own = sorted(asked);
    if (own.urls.length) return own;
    refused = own.refused; // nothing usable: the pinned list, as if none were named
  } else if (asked && typeof asked === "object" && "pinned" in asked && Array.isArray(asked.pinned)) {
    const own = sorted(asked.pinned);
    if (own.urls.length) pinned = own.urls;
    refused = own.refused;
  }
  const { urls, discovered } = chooseRelays(pinned, book);
  CHOSEN.set(urls, { discovered });
  return { urls, refused };
}

/**
 * A table's relays from `pinned` and the record (the rules above).
 * @param {string[]} pinned
 * @param {RelayBook} book
 * @param {{pow?: number}} [o] the proof of work this page does (bits)
 * @returns {{urls: string[], discovered: string[]}}
 */
export function chooseRelays(pinned, book, { pow = 0 } = {}) {
  const fine = (/** @type {string} */ url) => !unusable(book.info(url)?.lim ?? null, { pow });
  const trusted = [...new Set([...pinned, ...book.kept()])].filter(fine);
  const urls = trusted.filter((url) => !book.aside(url)).slice(0, MOST_RELAYS - 1);
  if (urls.length < LEAST_RELAYS) {
    const soonest = trusted
      .filter((url) => !urls.includes(url))
      .sort((a, b) => (book.get(a)?.aside ?? 0) - (book.get(b)?.aside ?? 0));
    urls.push(...soonest.slice(0, LEAST_RELAYS - urls.length));
  }
  const room = Math.min(urls.length, MOST_RELAYS - urls.length);
  const discovered = book
    .discovered()
    .filter((url) => !urls.includes(url) && !book.aside(url) && fine(url))
    .slice(0, room);
  return { urls: [...urls, ...discovered], discovered };
}
