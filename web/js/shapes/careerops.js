// @ts-check
// What the career's ops carry besides its entries and figures (career.js): the daily's deal, an
// export file and what an import holds, a rated result's part, and a daily standings entry as
// published and as handed over. Types only, written as snapshot.js's are (see there);
// py/allthrees/shapes/career.py is their Python, tests/app/test_shapes_js.py holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./career.js").AbandonedMatch} AbandonedMatch */
/** @typedef {import("./career.js").Attempts} Attempts */
/** @typedef {import("./career.js").CareerEntry} CareerEntry */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */

/**
 * A UTC day's deal, the same for everyone (`career.daily`).
 * @typedef {Object} Daily
 * @property {string} date
 * @property {SettingsJson} settings
 * @property {Int} seed
 * @property {string} commitment
 */

/**
 * @typedef {Object} CareerPart
 * @property {CareerEntry[]} entries
 * @property {Attempts} daily
 * @property {AbandonedMatch[]} [abandoned] an export from before ratings has none
 */

/**
 * The export file (`career.export_file`: format `allthrees-export`, version 1).
 * @typedef {Object} ExportFile
 * @property {string} format
 * @property {Int} version
 * @property {string} exported
 * @property {CareerPart} career
 * @property {unknown[]} history whole matches, the page's as it keeps them
 * @property {Object<string, unknown>} prefs the page's preferences
 * @property {SigningKey} [signing] none: nothing signed yet, or an export from before
 */

/**
 * The device's key for signing rated results, as an export carries it.
 * @typedef {Object} SigningKey
 * @property {string} secret BIP-340's secret key, 64 hex digits
 */

/**
 * What a checked export holds (`career.check_import`).
 * @typedef {Object} ImportSummary
 * @property {Int} entries
 * @property {Int} history
 * @property {Int} trophies
 * @property {string|null} newest
 * @property {boolean} signing it carries a key for signing rated results
 */

/**
 * One device's part of a rated result's document (`career.signed.part`).
 * @typedef {Object} Part
 * @property {Int} seat
 * @property {string} key
 * @property {Int} rating
 * @property {Int} deviation
 * @property {string|null} previous
 */

/**
 * What a player publishes of the day's scored attempt: nothing else leaves the device.
 * @typedef {Object} StandingsEntry
 * @property {Int} v
 * @property {string} name the chosen name, as a seat's name may be
 * @property {string} date the UTC day whose deal was played
 * @property {Int} score the player's final score
 * @property {string[][]} record each round's moves in notation, both seats', in order
 */

/**
 * A standings entry as the page hands it over: the key that signed its event (checked by the
 * page's Nostr client), the relay's time of the event (seconds), and the entry.
 * @typedef {Object} StandingsPublished
 * @property {string} key
 * @property {Int} at
 * @property {StandingsEntry} entry
 */
export {};
