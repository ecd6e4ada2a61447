// @ts-check
// What New game is offered by Python: its choices (op `choices`: the modes, the player counts, who
// may sit in a seat, the table clock's seconds) and the rules' form (op `rules_form`: every option
// with its value in force, the preset's, the allowed values, and the engine's word on an impossible
// combination). Types only, written as snapshot.js's are; Python's are in py/allthrees/shapes/game.py.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */

/**
 * What the New game dialog offers, and its defaults (snapshot.choices).
 * @typedef {Object} Choices
 * @property {string[]} modes
 * @property {Int[]} players
 * @property {Int} partners_players
 * @property {string[]} controllers
 * @property {string} friend the controller of a friend's seat on another device
 * @property {Int} max_friends
 * @property {string[]} named the controllers that carry a name
 * @property {string[]} computers the computers' levels
 * @property {Int[]} targets
 * @property {string[]} presets
 * @property {Int} name_max
 * @property {SettingsJson} defaults
 * @property {Int} default_target
 * @property {Int[]} clocks the table clock's seconds a move (0: none)
 * @property {Int} quick_clock
 */

/**
 * One option of New game's Options (rulesform.rules_form).
 * @typedef {Object} FormOption
 * @property {string} name
 * @property {Int|boolean|string} value
 * @property {Int|boolean|string} default the preset's, for this table
 * @property {boolean} customised
 * @property {"choice"|"bool"|"int"} kind
 * @property {string[]|Int[]} [choices]
 * @property {Int} [min]
 * @property {Int} [max]
 */

/**
 * A preset, and what sets it apart as codes (explain.preset_parts).
 * @typedef {Object} FormPreset
 * @property {string} name
 * @property {Object<string, unknown>[]} about
 */

/**
 * The engine's refusal of an impossible combination, next to the option at fault.
 * @typedef {Object} FormError
 * @property {string|null} option
 * @property {string} message in English, for the console
 * @property {string|null} code
 * @property {Object<string, unknown>} values
 */

/**
 * The rules part of New game as Python draws it up (op `rules_form`).
 * @typedef {Object} RulesForm
 * @property {string} preset
 * @property {FormPreset[]} presets
 * @property {FormOption[]} options
 * @property {boolean} customised
 * @property {FormError|null} error
 */

export {};
