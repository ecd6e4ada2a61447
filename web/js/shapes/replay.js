// @ts-check
// A finished round shown again move by move (op "replay_round": py/allthrees/replayview.py),
// and the Expert's review of a round (op "review", the round panel; the replay viewer's notes).
// Types only, written as snapshot.js's are (see there).

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * A round of a finished match, dealt again and played move by move.
 * @typedef {Object} RoundView
 * @property {Int} index the round, from 1
 * @property {Int} rounds in the match
 * @property {Int} multiple
 * @property {Int|null} target null for a single round
 * @property {ReplaySeat[]} seats
 * @property {ReplayFrame[]} frames the deal, then the table after each move
 * @property {ReviewNote[]|null} review null when not asked for
 * @property {RoundEnd|null} end once the round is over
 * @property {import("./summary.js").SummaryLine[]} summary
 */

/**
 * A seat of the replayed table.
 * @typedef {Object} ReplaySeat
 * @property {Int} seat
 * @property {import("./snapshot.js").SeatLabel} label
 * @property {string} name in English
 * @property {Int} side
 * @property {boolean} person
 */

/**
 * The table after a move (the deal's frame has no move).
 * @typedef {Object} ReplayFrame
 * @property {ReplayMove|null} move
 * @property {import("./snapshot.js").Layout} layout
 * @property {Int} end_sum
 * @property {boolean} end_sum_scores
 * @property {string[][]} hands every hand, face up
 * @property {Int} boneyard
 * @property {Int[]} scores per side
 * @property {Int|null} turn the seat to move; null once the round is over
 */

/**
 * A move of the replay.
 * @typedef {ReplayPlay|ReplayDraw|ReplayPass} ReplayMove
 */

/**
 * A tile played: what it made, as awarded, and with muggins who took it from the mover.
 * @typedef {Object} ReplayPlay
 * @property {"play"} kind
 * @property {Int} seat
 * @property {Int} points
 * @property {Int} end_sum
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm null for the lead
 * @property {Int} made
 * @property {Int|null} taker
 */

/**
 * A tile drawn (every hand is face up in a replay).
 * @typedef {Object} ReplayDraw
 * @property {"draw"} kind
 * @property {Int} seat
 * @property {Int} points
 * @property {Int} end_sum
 * @property {string} tile
 */

/**
 * A pass.
 * @typedef {Object} ReplayPass
 * @property {"pass"} kind
 * @property {Int} seat
 * @property {Int} points
 * @property {Int} end_sum
 */

/**
 * How the round ended.
 * @typedef {Object} RoundEnd
 * @property {"domino"|"blocked"|"target"} reason
 * @property {Int|null} winner the side; null on a tied block
 * @property {Int} bonus
 * @property {Int[]} pips per seat
 */

/**
 * A person's play the Expert would have made otherwise (session.Session.review).
 * @typedef {Object} ReviewEntry
 * @property {Int} seat
 * @property {string} name in English
 * @property {Int} turn the move's number in the round, from 1
 * @property {string} played the move made, in notation ("6-3@E", "draw")
 * @property {string} expert the Expert's
 * @property {number} loss how much better the Expert's looked, in expected points
 * @property {import("./engine.js").Why} why
 */

/**
 * A review entry in the replay: the frame it is about.
 * @typedef {Object} ReviewNote
 * @property {Int} seat
 * @property {string} name
 * @property {Int} turn
 * @property {string} played
 * @property {string} expert
 * @property {number} loss
 * @property {import("./engine.js").Why} why
 * @property {Int} frame the frame after the move (its turn)
 */

export {};
