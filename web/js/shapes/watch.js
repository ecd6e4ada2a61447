// @ts-check
// What a table's stream for watchers carries (net/watch.js): each message, sealed with AES-GCM as
// a Nostr event's content, is JSON of exactly a WatchMessage's fields, its body of its kind's.
// Types only, written as snapshot.js's are (see there).

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * One message of the stream, as sealed.
 * @typedef {Object} WatchMessage
 * @property {"frame"|"full"|"hello"|"bye"} k its kind
 * @property {string} s the sender's run (16 hex digits: a new one each time its page loads)
 * @property {Int} n the sender's count of its messages
 * @property {number} at when it was sent (ms, the sender's clock)
 * @property {WatchFrame|WatchFull|WatchHello} b its body, of its kind's shape
 */

/**
 * host -> every watcher: part `i` of `of` of the stream's text number `m`.
 * @typedef {Object} WatchFrame
 * @property {Int} m
 * @property {Int} i
 * @property {Int} of
 * @property {string} t
 */

/**
 * host -> one watcher: the table has as many watchers as it takes.
 * @typedef {Object} WatchFull
 * @property {string} to the watcher's key (64 hex digits)
 */

/**
 * a watcher -> the host: `hello` (again now and then, so the host counts it) or `bye`.
 * @typedef {Object} WatchHello
 */

export {};
