// @ts-check
// The lines of a round's end (summary.round_lines: the snapshot's `round.summary`), one shape per
// code, each with the values its words need (i18n/strings.js `summary`). Types only, written as
// snapshot.js's are (see there).

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * A line of the round's end (summary.round_lines): a code and the values its words need.
 * @typedef {MugginsLine|BustLine|TargetLine|DominoLine|HoldsLine|BlockedLine|SidePipsLine|NoPipsLine
 *   |TieLine|FewestLine|CribbageLine|DivisorLine|OutBonusLine|BustBonusLine|BonusLine} SummaryLine
 */

/**
 * `taker` called Muggins! and took `award` (pegs with cribbage) from `seat`, who claimed `claim`.
 * @typedef {Object} MugginsLine
 * @property {"muggins"} code
 * @property {Int} taker
 * @property {Int} seat
 * @property {Int} award
 * @property {boolean} pegs
 * @property {Int|null} claim null: no claim
 * @property {Int} made what the ends made
 */

/**
 * With an exact target, `seat` made `points` that would have taken `side` past `target`.
 * @typedef {Object} BustLine
 * @property {"bust"} code
 * @property {Int} seat
 * @property {Int} side
 * @property {Int} points
 * @property {boolean} pegs
 * @property {Int} target
 */

/**
 * `seat` brought `side` to exactly `target`: the round and the match are over.
 * @typedef {Object} TargetLine
 * @property {"target"} code
 * @property {Int} seat
 * @property {Int} side
 * @property {Int} target
 */

/**
 * `seat` went out.
 * @typedef {Object} DominoLine
 * @property {"domino"} code
 * @property {Int} seat
 */

/**
 * After "domino": `seats` hold tiles of `parts` pips, `total`, rounded to `rounded`.
 * @typedef {Object} HoldsLine
 * @property {"holds"} code
 * @property {Int[]} seats
 * @property {Int[]} parts
 * @property {Int} total
 * @property {Int} rounded
 */

/**
 * Nobody can play and nobody may draw.
 * @typedef {Object} BlockedLine
 * @property {"blocked"} code
 */

/**
 * After "blocked", per side: its tiles' pips.
 * @typedef {Object} SidePipsLine
 * @property {"side_pips"} code
 * @property {Int} side
 * @property {Int[]} parts
 * @property {Int} total
 */

/**
 * No pips are counted: nobody scores for the block.
 * @typedef {Object} NoPipsLine
 * @property {"no_pips"} code
 */

/**
 * Tied for the fewest pips: nobody wins the round.
 * @typedef {Object} TieLine
 * @property {"tie"} code
 */

/**
 * `side` has the fewest pips; "difference": `opponents` - `own` = `pips`; "total": `opponents`.
 * @typedef {Object} FewestLine
 * @property {"fewest"} code
 * @property {Int} side
 * @property {"difference"|"total"} rule
 * @property {Int} opponents
 * @property {Int} own
 * @property {Int} pips
 * @property {Int} rounded
 */

/**
 * With cribbage: `rounded` / `multiple` = `bonus` pegs.
 * @typedef {Object} CribbageLine
 * @property {"cribbage"} code
 * @property {Int} rounded
 * @property {Int} multiple
 * @property {Int} bonus
 */

/**
 * `rounded` / `divisor` = `bonus`.
 * @typedef {Object} DivisorLine
 * @property {"divisor"} code
 * @property {Int} rounded
 * @property {Int} divisor
 * @property {Int} bonus
 */

/**
 * `side` scores `points` for going out.
 * @typedef {Object} OutBonusLine
 * @property {"out_bonus"} code
 * @property {Int} points
 * @property {Int} side
 */

/**
 * `side`'s award at the end, `points`, would have passed `target` and did not count.
 * @typedef {Object} BustBonusLine
 * @property {"bust_bonus"} code
 * @property {Int} points
 * @property {Int} side
 * @property {Int} target
 */

/**
 * `bonus` to `side`.
 * @typedef {Object} BonusLine
 * @property {"bonus"} code
 * @property {Int} bonus
 * @property {Int} side
 */

export {};
