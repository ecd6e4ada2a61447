// @ts-check
// What crosses between this page and the Nostr relays: the signed event (NIP-01) every room,
// lobby and watch message travels in, as a relay sends it and as this page makes it
// (net/nostrevent.js makes and checks them; net/nostr.js's pools send and hear them). Types only,
// written as snapshot.js's are (see there). What an event's content says is the lobby's
// (lobby.js) or a stream's (watch.js); a room's is net/room.js's.

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * A signed event (NIP-01), its seven fields and nothing else (net/nostrevent.js isEvent).
 * @typedef {Object} NostrEvent
 * @property {string} id SHA-256 of the serialised event, 64 hex digits
 * @property {string} pubkey the signer's BIP-340 x-only key, 64 hex digits
 * @property {Int} created_at s since 1970, by the signer's clock
 * @property {Int} kind
 * @property {string[][]} tags each a name and its values ("t": the topic, "p": a key addressed)
 * @property {string} content
 * @property {string} sig the BIP-340 signature of `id`, 128 hex digits
 */

/**
 * An event before it is signed (net/nostrevent.js signEvent): its key and id are added then.
 * @typedef {Object} EventDraft
 * @property {Int} [kind] the room's kind unless given
 * @property {string[][]} tags
 * @property {string} content
 * @property {Int} [created_at] now unless given (s)
 */

/**
 * What a subscription asks a relay for (NIP-01's REQ filter): events of these kinds, with these
 * tags' values, since then (s), the newest `limit`.
 * @typedef {{kinds: Int[], "#t"?: string[], "#p"?: string[], since?: Int, limit?: Int}} RelayFilter
 */

/**
 * A pool's word on what a publish came to (net/nostr.js RelayPool.publish).
 * @typedef {Object} Published
 * @property {Int} ok how many relays took the event
 * @property {Int} failed how many did not (refused, silent, or not open)
 */

export {};
