// @ts-check
// What the New game dialog is offered (op "choices"), the rules form's options, presets and
// errors (op "rules_form"), and How to play's sections (op "rules_text"). Types only, written as
// snapshot.js's are (see there); py/allthrees/shapes/game.py is their Python,
// tests/app/test_shapes_js.py holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */

/**
 * What the New game dialog offers, and its defaults (`snapshot.choices`).
 * @typedef {Object} Choices
 * @property {string[]} modes
 * @property {Int[]} players
 * @property {Int} partners_players
 * @property {string[]} controllers
 * @property {string} friend
 * @property {Int} max_friends
 * @property {string[]} named
 * @property {string[]} computers
 * @property {Int[]} targets
 * @property {string[]} presets
 * @property {Int} name_max
 * @property {SettingsJson} defaults
 * @property {Int} default_target
 * @property {Int[]} clocks the table clock's seconds a move (0: none)
 * @property {Int} quick_clock
 */

/**
 * One option of New game's Options (`rulesform.rules_form`).
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
 * @typedef {Object} FormPreset
 * @property {string} name
 * @property {Object<string, unknown>[]} about what sets the preset apart, as codes (`explain.preset_parts`)
 */

/**
 * The engine's refusal of an impossible combination, next to the option at fault.
 * @typedef {Object} FormError
 * @property {string|null} option
 * @property {string} message
 * @property {string|null} code
 * @property {Object<string, unknown>} values
 */

/**
 * @typedef {Object} RulesForm
 * @property {string} preset
 * @property {FormPreset[]} presets
 * @property {FormOption[]} options
 * @property {boolean} customised
 * @property {FormError|null} error
 */

/**
 * A section of the rules in force (`explain.rules_lines`): its title and lines, as codes.
 * @typedef {Object} RulesSection
 * @property {string} title
 * @property {Object<string, unknown>[]} lines
 */
export {};
