// @ts-check
// The test hook's `window.allthreesTest.state()` (table/testhook.js builds it; docs/architecture.md,
// "The test hook", says what each field means): plain data, rects in client CSS pixels. Types
// only, written as snapshot.js's are (see there). Fields are only ever added.

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * The table as drawn now; before the deal of a table across devices, a TestGathering instead.
 * @typedef {Object} TestState
 * @property {boolean} live the table takes input now
 * @property {Int} turn
 * @property {Int|null} human the seat whose hand the rack shows
 * @property {Int[]} scores per side
 * @property {Int} end_sum
 * @property {Int} boneyard
 * @property {TestHandTile[]} hand the viewer's rack
 * @property {Object<string, TestTarget[]>} targets by tile name, each playable tile's lit ends
 * @property {TestButtons} buttons
 * @property {boolean} round_over
 * @property {boolean} match_over
 * @property {import("./engine.js").Hint|null} hint
 * @property {boolean} hint_thinking
 * @property {"busy"|"failed"|import("./replay.js").ReviewEntry[]|null} review the round panel's review
 * @property {"match"|"sprint"|"partners"} mode
 * @property {TestSeat[]} seats
 * @property {TestSide[]} sides
 * @property {Int|null} viewer
 * @property {TestCover|null} cover
 * @property {TestRules} rules
 * @property {TestClaim|null} claim while a muggins claim is asked
 * @property {TestPegs[]|null} pegs with cribbage, per side as drawn
 * @property {TestCareer} career
 * @property {TestDaily} daily
 * @property {TestStandings|null} standings the daily's standings, once looked at after a daily attempt
 * @property {TestRating|null} rating the rating of the table's kind; null before its first rated match
 * @property {TestNet} net
 */

/**
 * Before the deal of a table across devices: no table yet.
 * @typedef {Object} TestGathering
 * @property {TestNet} net
 * @property {TestGathered|null} gathering who is awaited
 * @property {boolean} live
 */

/**
 * A gathering as Python's reply gives it (net.table's gathering_reply).
 * @typedef {Object} TestGathered
 * @property {string} table
 * @property {string} commitment
 * @property {TestGatheredFriend[]} friends
 * @property {Int} clock the table clock's seconds a move (0: none)
 */

/**
 * A friend's seat awaited before the deal.
 * @typedef {Object} TestGatheredFriend
 * @property {Int} seat
 * @property {string|null} name
 * @property {boolean} joined
 */

/**
 * A rect in client CSS pixels.
 * @typedef {Object} TestRect
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * A tile of the rack.
 * @typedef {Object} TestHandTile
 * @property {string} tile
 * @property {TestRect|null} rect null before it is drawn
 * @property {boolean} playable
 */

/**
 * A lit end of a playable tile, in the order the arrow keys step through them.
 * @typedef {Object} TestTarget
 * @property {import("./snapshot.js").Arm|null} arm null for a lead
 * @property {TestRect} rect
 * @property {Int} points what Python says it would score
 */

/**
 * The controls' rects, null when not offered.
 * @typedef {Object} TestButtons
 * @property {TestRect|null} draw
 * @property {TestRect|null} pass
 * @property {TestRect|null} hint
 * @property {TestRect|null} next
 */

/**
 * A seat.
 * @typedef {Object} TestSeat
 * @property {string} name
 * @property {Int} side
 * @property {string} controller
 * @property {Int} tiles
 */

/**
 * A side.
 * @typedef {Object} TestSide
 * @property {Int[]} seats
 * @property {Int} score
 */

/**
 * The pass-and-play cover: its tap-to-continue control.
 * @typedef {Object} TestCover
 * @property {Int} seat
 * @property {TestRect} rect
 */

/**
 * The rules in force.
 * @typedef {Object} TestRules
 * @property {string} preset
 * @property {import("./snapshot.js").RulesOptions} options every option as the engine holds it
 */

/**
 * The muggins pad's controls.
 * @typedef {Object} TestClaim
 * @property {TestControl[]} controls the digits, "clear", "say", "none", "cancel"
 */

/**
 * A control of the muggins pad.
 * @typedef {Object} TestControl
 * @property {string} label
 * @property {TestRect|null} rect
 */

/**
 * A side's pegs as drawn.
 * @typedef {Object} TestPegs
 * @property {Int} front
 * @property {Int} back
 */

/**
 * The career on this device.
 * @typedef {Object} TestCareer
 * @property {Int} played matches in the career
 * @property {Int} won
 * @property {Int} history whole matches kept
 * @property {string[]} trophies the ids of the trophies earned
 * @property {Int} paired devices paired by link
 * @property {Int} synced times this page's careers crossed with a paired device's and merged
 */

/**
 * The player's rating of the table's kind of table, as the career has it (career.rating).
 * @typedef {Object} TestRating
 * @property {string} kind "two", "multi" or "partners"
 * @property {number} value the rating, as of today
 * @property {number} deviation
 * @property {boolean} provisional
 * @property {string} title the title reached (a code: career.titles.TITLES)
 */

/**
 * Today's daily deal.
 * @typedef {Object} TestDaily
 * @property {string} date today's UTC date
 * @property {string|null} seed_commitment the commitment to its deal's seed, once asked
 * @property {boolean} played_today its scored attempt has been started
 */

/**
 * Where the player stands in today's daily standings (career/standings.js), as last looked at.
 * @typedef {Object} TestStandings
 * @property {Int} rank
 * @property {Int} count the entries that count
 */

/**
 * A table across devices as this page sees it.
 * @typedef {Object} TestNet
 * @property {"host"|"guest"|null} role
 * @property {TestNetSeat[]} seats the seats played on other devices
 * @property {string|null} commitment
 * @property {TestLobby|null} lobby while Play online's list is open, or a quick match waits
 * @property {TestClock|null} clock while a table clock runs
 */

/**
 * A seat played on another device.
 * @typedef {Object} TestNetSeat
 * @property {Int} seat
 * @property {"waiting"|"connected"|"reconnecting"|"away"} presence
 * @property {"direct"|"relay"|null} channel how its messages travel to this device
 */

/**
 * Play online's list.
 * @typedef {Object} TestLobby
 * @property {TestLobbyTable[]} tables
 * @property {boolean} waiting this page's quick match waits
 */

/**
 * A table listed in the lobby.
 * @typedef {Object} TestLobbyTable
 * @property {string} id
 * @property {Int} players
 * @property {Int} free
 * @property {string} rules its preset
 */

/**
 * The table clock as this page counts it.
 * @typedef {Object} TestClock
 * @property {Int} seat the seat to move
 * @property {Int} left_ms
 */

export {};
