// @ts-check
// The messages between devices at a table (net/): what a friend's device sends the host
// (GuestMessage) and the host sends a friend (HostMessage), each as JSON text over the channel,
// and the reveal at a match's end. Types only, written as snapshot.js's are (see there);
// py/allthrees/shapes/messages.py is their Python, tests/app/test_shapes_js.py holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./engine.js").Event} Event */
/** @typedef {import("./replies.js").FriendShown} FriendShown */
/** @typedef {import("./saved.js").MatchRecord} MatchRecord */
/** @typedef {import("./careerops.js").Part} Part */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("./snapshot.js").Snapshot} Snapshot */

/**
 * @typedef {Object} Hello
 * @property {Int} v
 * @property {"hello"} kind
 * @property {string} table the invite's table id, 16 hex digits
 * @property {string} part the guest's part of the joint seed, 64 hex digits
 * @property {string} [name]
 * @property {boolean} [resume] it had the seat before
 * @property {string} [key] the seat's key, 64 hex digits: the seat taken back by itself
 * @property {string} [title] its player's title (a code of `titlecodes.TITLE_CODES`): absent when
 *   none was reached, or the player hides it
 */

/**
 * A move, as a local table sends it (`session.Session.act`).
 * @typedef {Object} MoveIntent
 * @property {"play"|"draw"|"pass"} kind
 * @property {string} [tile]
 * @property {string} [arm]
 * @property {Int|null} [claim] with muggins: the points the player says the play makes
 */

/**
 * @typedef {Object} IntentMessage
 * @property {Int} v
 * @property {"intent"} kind
 * @property {MoveIntent} intent
 */

/**
 * @typedef {Object} GuestReaction
 * @property {Int} v
 * @property {"reaction"} kind
 * @property {string} id of `net.protocol.REACTIONS`
 */

/**
 * @typedef {Object} Bye
 * @property {Int} v
 * @property {"bye"} kind
 */

/**
 * @typedef {Object} GuestRatedPart
 * @property {Int} v
 * @property {"rated_part"} kind
 * @property {Part} part this device's own part of a rated result (`career.signed.part`)
 */

/**
 * @typedef {Object} GuestRatedSign
 * @property {Int} v
 * @property {"rated_sign"} kind
 * @property {string} digest the result document's digest, 64 hex digits
 * @property {string} signature this device's BIP-340 signature of it, 128 hex digits
 */

/**
 * A guest's player's title changed while seated (reached, hidden, shown again): null, none shown.
 * @typedef {Object} GuestTitle
 * @property {Int} v
 * @property {"title"} kind
 * @property {string|null} title
 */

/**
 * @typedef {Hello|IntentMessage|GuestReaction|Bye|GuestRatedPart|GuestRatedSign|GuestTitle} GuestMessage
 */

/**
 * @typedef {Object} Welcome
 * @property {Int} v
 * @property {"welcome"} kind
 * @property {string} table
 * @property {Int} seat
 * @property {string} commitment
 * @property {FriendShown[]} friends
 * @property {boolean} dealt
 * @property {string} part the guest's own part, as the match holds it
 * @property {Snapshot|null} snapshot None before the deal
 */

/**
 * @typedef {Object} GatheringMessage
 * @property {Int} v
 * @property {"gathering"} kind
 * @property {string} table
 * @property {string} commitment
 * @property {FriendShown[]} friends
 */

/**
 * @typedef {Object} TableMessage
 * @property {Int} v
 * @property {"table"} kind
 * @property {string} table
 * @property {Int} seat
 * @property {Snapshot} snapshot
 * @property {Event[]} events
 */

/**
 * @typedef {Object} SeatPresence
 * @property {Int} seat
 * @property {"waiting"|"connected"|"reconnecting"|"away"} presence
 */

/**
 * @typedef {Object} PresenceMessage
 * @property {Int} v
 * @property {"presence"} kind
 * @property {string} table
 * @property {SeatPresence[]} seats
 * @property {Int} [watchers] how many watch the table (a host from before watching: none)
 */

/**
 * The watchers' table (`net.watch`): what a watcher's page draws, made for no seat.
 * @typedef {Object} WatchTable
 * @property {Int} v
 * @property {"watch"} kind
 * @property {string} table
 * @property {Snapshot} snapshot
 * @property {Event[]} events
 */

/**
 * @typedef {Object} HostReaction
 * @property {Int} v
 * @property {"reaction"} kind
 * @property {string} table
 * @property {Int} seat
 * @property {string} id
 */

/**
 * @typedef {Object} HostRatedPart
 * @property {Int} v
 * @property {"rated_part"} kind
 * @property {string} table
 * @property {Int} seat whose part: the host's own, or a guest's relayed
 * @property {Part} part
 */

/**
 * @typedef {Object} HostRatedSign
 * @property {Int} v
 * @property {"rated_sign"} kind
 * @property {string} table
 * @property {Int} seat
 * @property {string} digest
 * @property {string} signature
 */

/**
 * @typedef {Object} SeatPart
 * @property {Int} seat
 * @property {string} part
 */

/**
 * At a match's end: everything a guest needs to check the deal and count the match in its own
 * career (`net.check.check_shared`).
 * @typedef {Object} Reveal
 * @property {Int} seat
 * @property {Int} match
 * @property {string} commitment
 * @property {string} host_part
 * @property {SeatPart[]} parts
 * @property {string} seed
 * @property {MatchRecord} record
 * @property {SettingsJson} settings
 * @property {string} match_id
 * @property {boolean} practice
 * @property {boolean} [rated]
 */

/**
 * @typedef {Object} RevealMessage
 * @property {Int} seat
 * @property {Int} match
 * @property {string} commitment
 * @property {string} host_part
 * @property {SeatPart[]} parts
 * @property {string} seed
 * @property {MatchRecord} record
 * @property {SettingsJson} settings
 * @property {string} match_id
 * @property {boolean} practice
 * @property {boolean} [rated]
 * @property {Int} v
 * @property {"reveal"} kind
 * @property {string} table
 */

/**
 * @typedef {Object} RefusalMessage
 * @property {Int} v
 * @property {"refusal"} kind
 * @property {string} table
 * @property {string} code
 * @property {Object<string, unknown>} values the refusal's values, by code (whole numbers, text, lists)
 * @property {string} error in English
 */

/**
 * @typedef {Welcome|GatheringMessage|TableMessage|PresenceMessage|HostReaction|RevealMessage
 *   |RefusalMessage|WatchTable|HostRatedPart|HostRatedSign} HostMessage
 */
export {};
