// @ts-check
// What Python saves of a match and the page stores without reading (save.stored's `rest`: the
// save but its sealed seed; a gathering's save), and the match record (docs/rules.md's format) a
// save, a career's whole match and a friend's reveal carry. Types only, written as snapshot.js's
// are (see there); py/allthrees/shapes/saved.py and game.py are their Python,
// tests/app/test_shapes_js.py holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("./engine.js").StoredSave} StoredSave */

/**
 * A match's record (docs/rules.md, "Record format"): with the seed, its commitment and the way of
 * dealing once the match is over.
 * @typedef {Object} MatchRecord
 * @property {string} rules
 * @property {Object<string, Int|boolean|string>} options
 * @property {RoundRecord[]} rounds
 * @property {string} [seed]
 * @property {string} [commitment]
 * @property {string} [dealing]
 */

/**
 * One round of a record: the deal and every move in notation.
 * @typedef {Object} RoundRecord
 * @property {string[][]} hands
 * @property {string[]} boneyard
 * @property {Int} first the seat that leads
 * @property {string[]} moves
 */

/**
 * A table across devices as the save keeps it in plain text: everything but the host's secret,
 * which is the save's sealed `seed` (`net.state.TableState.to_json`).
 * @typedef {Object} JointSaved
 * @property {string} table
 * @property {Int[]} friends
 * @property {Int} k the match of the host's chain
 * @property {boolean} practice
 * @property {string} host_name
 * @property {Object<string, string>} parts a friend's seat -> its part of the joint seed
 * @property {Object<string, string>} names
 * @property {Object<string, string>} keys a friend's seat -> the SHA-256 of its seat key
 * @property {Int} clock
 * @property {boolean} rated the host chose a rated table before the deal
 * @property {boolean} watch the host lets people watch (a save from before watching has none: off)
 * @property {Int[]} given_away
 * @property {Object<string, string>} [titles] a seat -> its player's title (a save from before: none)
 */

/**
 * A match's save without its sealed `seed`: what `stored`'s `rest` holds.
 * @typedef {Object} MatchSaveRest
 * @property {Int} version
 * @property {string} match_id
 * @property {Int} moves grows with every change: the newer of two saves of a match has more
 * @property {boolean} practice
 * @property {string} dealing
 * @property {string} commitment
 * @property {SettingsJson} settings
 * @property {string[][]} rounds each round's moves in notation
 * @property {Int|null} viewer
 * @property {Int|null} cover
 * @property {boolean} hinted a hint was asked during the match: it is not rated
 * @property {Int|null} worlds the daily deal's computers search this many worlds (None: the usual)
 * @property {JointSaved} [net] a table across devices
 * @property {Object<string, string>} [stand_in] a friend's seat -> the level playing it while away
 */

/**
 * A gathering's save (a table across devices before its deal) without its `seed`.
 * @typedef {Object} GatheringSaveRest
 * @property {Int} version
 * @property {string} match_id the table id
 * @property {Int} moves
 * @property {JointSaved} gathering
 * @property {SettingsJson} settings
 */

/**
 * A gathering as the page keeps it: the save's text, and its stored parts.
 * @typedef {Object} GatheringStored
 * @property {string} text
 * @property {StoredSave} stored
 */
export {};
