// @ts-check
// What the lobby's events say (net/lobbyevents.js checks them, net/lobby.js lists them,
// net/announcer.js and net/quick.js make them): the content of a kind 25051 event, JSON of
// exactly these fields. A stranger's word: every field is checked before anything reads it.
// Types only, written as snapshot.js's are (see there).

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * A table's announcement (on the tables' topic).
 * @typedef {Object} LobbyTable
 * @property {1} v
 * @property {"table"} type
 * @property {string} room the room's secret (64 hex digits): with the sender's key, the table's one link
 * @property {string} name the host's name at the table (1-24 characters of plain words)
 * @property {"en"|"pl"} lang
 * @property {Int} players 2-4
 * @property {boolean} teams
 * @property {boolean} sprint one round, not a match to a target
 * @property {Int} free the seats nobody has taken (1 to players - 1)
 * @property {string} preset the rules (a preset's id)
 * @property {Int} target 1-1000
 * @property {Int} clock seconds a move (0: none)
 * @property {"2p"|"partners"|null} quick a quick match's table, of that kind
 * @property {Int} since the host's own start (s): checked, never believed
 * @property {Int|null} rating the host's rating of this kind of table, whole (null: none yet);
 *   the host's own word, as its name is (docs/protocol.md "Ratings in the lobby")
 * @property {boolean} provisional that rating is still provisional
 * @property {string|null} title the host's title (a code of career.titles), null: none or hidden
 * @property {Int} abandoned the rated matches of this kind its host left for good (its own count)
 */

/**
 * A listed table being played that lets people watch (on the tables' topic, from the same host
 * key as its waiting table's announcements).
 * @typedef {Object} LobbyPlay
 * @property {1} v
 * @property {"play"} type
 * @property {string} watch the watch link's secret (64 hex digits): with the sender's key, the watch link
 * @property {string} name
 * @property {"en"|"pl"} lang
 * @property {Int} players
 * @property {boolean} teams
 * @property {boolean} sprint
 * @property {string} preset
 * @property {Int} target
 * @property {Int} clock
 * @property {Int} watchers how many watch now (0 to 20: net/watch.js MOST_WATCHERS)
 * @property {Int} since when it began to be played (s, the host's clock): checked, never believed
 */

/**
 * An ask (on the asks' topic; signed by a key of its own).
 * @typedef {Object} LobbyAsk
 * @property {1} v
 * @property {"ask"} type
 * @property {"2p"|"partners"|null} quick a quick match's look: only its tables answer
 * @property {string|null} preset the rules that look wants; null: any
 */

/**
 * The host's table leaves every list (on the tables' topic).
 * @typedef {Object} LobbyGone
 * @property {1} v
 * @property {"gone"} type
 */

export {};
