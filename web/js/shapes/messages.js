// @ts-check
// What a guest's page sends the host's in a table's room (net/guesting.js makes them; the host's
// Python checks each, net/protocol.py guest_message), and the host's own requests about its
// seat (its engine's). Types only, written as snapshot.js's are (see there); Python's are in
// py/allthrees/shapes/messages.py and requests.py, of the same names.

/**
 * A guest joins (or re-joins) the seat whose channel it came on.
 * @typedef {Object} Hello
 * @property {1} v
 * @property {"hello"} kind
 * @property {string} table the invite's table id, 16 hex digits
 * @property {string} part the guest's part of the joint seed, 64 hex digits
 * @property {string} [name] what to call it (at most 16 characters)
 * @property {boolean} [resume] it had the seat before
 * @property {string} [key] the seat's key, 64 hex digits: the seat taken back by itself
 * @property {string} [title] its player's title (a code of titlecodes.TITLE_CODES): absent when
 *   none was reached, or the player hides it
 */

/**
 * A guest's player's title changed while seated (reached, hidden, shown again): null, none shown.
 * @typedef {Object} GuestTitle
 * @property {1} v
 * @property {"title"} kind
 * @property {string|null} title
 */

/**
 * The host's own player's title at its table (net/table.py set_title): null, none shown.
 * @typedef {Object} TableTitle
 * @property {"table_title"} op
 * @property {string|null} title
 */

export {};
