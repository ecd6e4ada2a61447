// @ts-check
// The snapshot: the table as Python's present.snapshot makes it for one viewer (the reply's
// `snapshot`, the kept table's `snap`, the `state.snap` that board/, draw/ and the HUD read), as
// JSDoc typedefs. Types only: nothing here runs, and a module imports these with
// `@typedef {import("../shapes/snapshot.js").Snapshot} Snapshot`.
//
// One `@typedef {Object}` per shape, its fields as `@property` lines (`[name]` for a field that is
// sometimes absent), named as Python's shape is (allthrees.shapes) where it can be, so that
// tests/app/test_shapes_js.py can hold them to Python's own definitions (web/test/typedefs.js
// reads them with TypeScript's checker). The types are those of JSON: `number`,
// `string`, `boolean`, `null`, a list `T[]`, another shape by name, a string literal (a code of a
// closed set), `unknown` (any JSON), and `Int`: a whole number (Python's int; a `number` may have
// a fraction, Python's float).

/** @typedef {number} Int */

/** An arm of the layout, as intents name it. @typedef {"N"|"E"|"S"|"W"} Arm */

/** The way a tile reads along the table (its half `a` first). @typedef {"N"|"E"|"S"|"W"} Dir */

/** @typedef {import("./summary.js").SummaryLine} SummaryLine */

/**
 * The table for one viewer (present.snapshot).
 * @typedef {Object} Snapshot
 * @property {string} version the engine's version
 * @property {"match"|"sprint"|"partners"} mode
 * @property {SettingsJson} settings the settings as Python keeps them (Settings.to_json)
 * @property {SnapshotRules} rules the rules in force, resolved
 * @property {Seat[]} seats one per seat, in seat order
 * @property {Side[]} sides one per side that scores (a team, or else a seat)
 * @property {Int} you the seat of the device's owner (on a friend's device, that friend's)
 * @property {Int|null} viewer the seat whose hand is shown; null under the pass-and-play cover
 * @property {Int|null} cover the person the device is to be passed to, while the cover is up
 * @property {Int} turn the seat whose turn it is
 * @property {Int|null} to_move the seat to move; null once the round is over
 * @property {Int|null} person_to_move the seat to move when a person plays it (not a computer)
 * @property {boolean} computer_to_move a computer moves next (the page asks it to: `advance`)
 * @property {Int|null} friend_to_move the seat to move when a friend plays it from another device
 * @property {"lead"|"play"|"round_over"|"match_over"} phase
 * @property {Int} round_no rounds dealt so far, this one included
 * @property {HandTile[]} hand the viewer's tiles (none under the cover)
 * @property {boolean} can_draw the viewer's move now is to draw
 * @property {boolean} must_pass the viewer's move now is to pass
 * @property {"reserve"|"empty"|"block"|null} pass_why why the viewer must pass (present.PASS_WHY)
 * @property {LeadRule|null} lead_rule what the viewer may lead, on the viewer's lead
 * @property {PegPair[]|null} pegs with cribbage scoring, each side's two pegs
 * @property {Int} boneyard tiles left in the boneyard
 * @property {Int} reserve of those, the tiles that may not be drawn
 * @property {Layout} layout the line of play in table units
 * @property {Int} end_sum the open ends' sum
 * @property {boolean} end_sum_scores that sum scores now
 * @property {LastPlay|null} last the latest tile played this round
 * @property {RoundInfo} round
 * @property {FairDeal} fair the commitment to the seed, and the seed once the match is over
 * @property {MatchInfo} match
 * @property {NetSummary|null} net a table across devices; null on one device
 */

/**
 * A table's settings as Python keeps them (settings.Settings.to_json).
 * @typedef {Object} SettingsJson
 * @property {"match"|"sprint"|"partners"} mode
 * @property {string} rules the preset's name
 * @property {RulesChanges} options the options given over the preset
 * @property {SeatSpec[]} seats who plays each seat
 * @property {boolean} hide_sum the open ends' sum is not shown
 */

/**
 * Who plays a seat (settings.Seat.to_json).
 * @typedef {Object} SeatSpec
 * @property {string} controller "you", "person", "friend" or a computer's level
 * @property {string} [name] a person's or a friend's own name
 */

/**
 * The rules in force (present.snapshot's `rules`).
 * @typedef {Object} SnapshotRules
 * @property {string} preset
 * @property {RulesOptions} options every option as the engine holds it
 * @property {Int} target
 * @property {Int} multiple
 * @property {Int} players
 * @property {boolean} teams
 * @property {boolean} single_round
 * @property {Int} reserve the boneyard's tiles that stay undrawn (the option stock_reserve)
 * @property {boolean} cribbage
 * @property {boolean} muggins
 * @property {Int} max_claim the largest claim a muggins pad takes
 * @property {Int} max_pip the set's highest half (6 or 9)
 * @property {boolean} spinner the first double is a spinner
 * @property {Picture|null} picture How to play's example of an end sum that scores
 */

/**
 * Every rule option (rules.OPTIONS), as the engine holds it.
 * @typedef {Object} RulesOptions
 * @property {Int} players
 * @property {boolean} teams
 * @property {Int} hand_size
 * @property {"double_six"|"double_nine"} set
 * @property {"multiple"|"fives_and_threes"} scoring
 * @property {Int} multiple
 * @property {Int} target
 * @property {boolean} exact_target
 * @property {"first_double"|"none"} spinner
 * @property {boolean} spinner_sides_count
 * @property {boolean} draw
 * @property {Int} stock_reserve
 * @property {"highest_double"|"highest_double_any"|"lots"} lead
 * @property {"same"|"winner"|"left"} next_lead
 * @property {boolean} pip_bonus
 * @property {"difference"|"total"} block_bonus
 * @property {Int} bonus_divisor
 * @property {Int} out_bonus
 * @property {"one"|"both"} partners_out
 * @property {boolean} cribbage
 * @property {boolean} muggins
 * @property {boolean} single_round
 */

/**
 * The options a table's settings give over its preset: any of RulesOptions, each sometimes absent.
 * @typedef {Object} RulesChanges
 * @property {Int} [players]
 * @property {boolean} [teams]
 * @property {Int} [hand_size]
 * @property {"double_six"|"double_nine"} [set]
 * @property {"multiple"|"fives_and_threes"} [scoring]
 * @property {Int} [multiple]
 * @property {Int} [target]
 * @property {boolean} [exact_target]
 * @property {"first_double"|"none"} [spinner]
 * @property {boolean} [spinner_sides_count]
 * @property {boolean} [draw]
 * @property {Int} [stock_reserve]
 * @property {"highest_double"|"highest_double_any"|"lots"} [lead]
 * @property {"same"|"winner"|"left"} [next_lead]
 * @property {boolean} [pip_bonus]
 * @property {"difference"|"total"} [block_bonus]
 * @property {Int} [bonus_divisor]
 * @property {Int} [out_bonus]
 * @property {"one"|"both"} [partners_out]
 * @property {boolean} [cribbage]
 * @property {boolean} [muggins]
 * @property {boolean} [single_round]
 */

/**
 * Two tiles in a line whose open ends score (explain.end_sum_picture).
 * @typedef {Object} Picture
 * @property {string[]} tiles the lead and the tile played on its east end, as "a-b"
 * @property {Int[]} ends the open ends' values
 * @property {Int} sum
 * @property {Int} award what the play is awarded (pegs with cribbage)
 * @property {boolean} pegs
 * @property {Int} [fives] with fives and threes: the fives in the sum
 * @property {Int} [threes] with fives and threes: the threes in the sum
 */

/**
 * A seat at the table (present._seats).
 * @typedef {Object} Seat
 * @property {Int} seat
 * @property {string} name in English (the page words `label` instead)
 * @property {SeatLabel} label what names the seat, as codes the page words
 * @property {Int} side
 * @property {string} controller "you", "person", "friend" or a computer's level
 * @property {boolean} person a person at this device plays it
 * @property {boolean} friend a friend plays it from another device
 * @property {string|null} stand_in the computer level standing in for an away friend
 * @property {Int} tiles tiles in its hand
 * @property {boolean} passed it passed on its latest turn
 * @property {Int} drew tiles it drew on its latest turn
 * @property {string|null} title its player's title (a code of titlecodes.TITLE_CODES), as its own
 *   device said it at a table across devices (null: none, hidden, or a table on one device)
 */

/**
 * What names a seat (settings.Settings.labels), as codes the page words.
 * @typedef {YouLabel|PersonLabel|LevelLabel} SeatLabel
 */

/**
 * The one person at this device ("You").
 * @typedef {Object} YouLabel
 * @property {"you"} kind
 */

/**
 * A person at this device among several, a friend on another device, or the host as a friend's
 * device sees it: its own name, if it has one, and its seat's number from 1.
 * @typedef {Object} PersonLabel
 * @property {"person"|"friend"|"host"} kind
 * @property {string|null} name
 * @property {Int} n
 */

/**
 * A computer, by its level, and which of that level it is, from 1 ("Expert 2").
 * @typedef {Object} LevelLabel
 * @property {"level"} kind
 * @property {string} level
 * @property {Int} n
 */

/**
 * A side that scores (a team, or else a seat).
 * @typedef {Object} Side
 * @property {Int} side
 * @property {Int[]} seats
 * @property {string} name in English
 * @property {Int} score the match's score, this round's points included while it is played
 * @property {Int} round_points
 */

/**
 * A tile of the viewer's hand, with every legal place for it.
 * @typedef {Object} HandTile
 * @property {string} tile "a-b", the high half first
 * @property {Int} a the high half
 * @property {Int} b the low half
 * @property {boolean} playable
 * @property {boolean} lead it may be led now
 * @property {Target[]} targets where it may go
 * @property {"wait"|"lead"|"no_end"|null} why_not why it does not play now; null when it does
 */

/**
 * Where a hand tile may go, exactly as it would lie there (the tile reads a -> b along `dir`).
 * @typedef {Object} Target
 * @property {Arm|null} arm the arm it goes on; null for the lead
 * @property {number} x table units
 * @property {number} y
 * @property {Dir} dir
 * @property {Int} a the half that touches (the lead's: its high half)
 * @property {Int} b
 * @property {Int} points what the play would score
 */

/**
 * Where a tile would lie: its centre in table units and the way it reads.
 * @typedef {Object} Placement
 * @property {number} x
 * @property {number} y
 * @property {Dir} dir
 */

/**
 * The line of play in table units (geometry.layout_geometry).
 * @typedef {Object} Layout
 * @property {LayoutTile[]} tiles in the order they were played
 * @property {OpenEnd[]} ends
 * @property {number[]} bounds [minx, miny, maxx, maxy] over the tiles and open ends
 */

/**
 * A tile on the table: it reads a -> b along `dir`.
 * @typedef {Object} LayoutTile
 * @property {Int} a
 * @property {Int} b
 * @property {number} x
 * @property {number} y
 * @property {Dir} dir
 * @property {boolean} double
 * @property {Arm|"lead"} arm
 * @property {Int} seat who played it
 */

/**
 * An open end of the layout: where the next tile would lie.
 * @typedef {Object} OpenEnd
 * @property {Arm} arm
 * @property {Int} value the pips a tile played there must match
 * @property {Int} points what the end adds to the end sum
 * @property {number} x
 * @property {number} y
 * @property {Dir} dir
 * @property {Placement} plain where a tile that is no double would lie
 * @property {Placement} double where a double would lie (crosswise)
 */

/**
 * What the viewer may lead and why (present.LEAD_CODES).
 * @typedef {Object} LeadRule
 * @property {"highest_double"|"heaviest_tile"|"highest_double_any"|"heaviest_any"|"lots"|"winner"
 *   |"left"|"tie_left"} code
 * @property {string|null} tile the tile to lead, or the one that decided the lead
 */

/**
 * A side's two cribbage pegs.
 * @typedef {Object} PegPair
 * @property {Int} front at the side's score
 * @property {Int} back where the front was before the side's last award
 */

/**
 * The latest tile played this round.
 * @typedef {Object} LastPlay
 * @property {Int} seat
 * @property {Int} points
 * @property {Int} end_sum
 * @property {Int} index its place in `layout.tiles`
 */

/**
 * The round in play or just over.
 * @typedef {Object} RoundInfo
 * @property {boolean} over
 * @property {"domino"|"blocked"|"target"|null} reason why it ended
 * @property {Int|null} winner the winning side; null while it goes on or on a tied block
 * @property {Int} bonus
 * @property {Int[]} points per side this round
 * @property {Int[]} seat_points per seat this round (a partner's apart)
 * @property {Int[]|null} pips per seat, once it is over
 * @property {(string[]|null)[]|null} hands per seat once it is over (a friend's device: its own only)
 * @property {SummaryLine[]} summary the round's end as lines of codes; [] while it goes on
 */

/**
 * The fair deal (present.fair_deal).
 * @typedef {Object} FairDeal
 * @property {string} commitment to the seed (across devices: to the host's part)
 * @property {boolean} practice a seed from a link: the match counts for nothing
 * @property {string} dealing how the deals are made from the seed
 * @property {JointId} [joint] across devices: which table and match of its chain
 * @property {string} [seed] once the match is over
 */

/**
 * A table across devices and the match of its chain.
 * @typedef {Object} JointId
 * @property {string} table
 * @property {Int} match
 */

/**
 * The match.
 * @typedef {Object} MatchInfo
 * @property {boolean} over
 * @property {Int|null} winner the winning side; null while it goes on, or a drawn sprint
 * @property {boolean} draw
 * @property {boolean} in_progress a move has been made
 * @property {SeatStats[]} stats per seat
 */

/**
 * A seat's plays over the match (present.stats).
 * @typedef {Object} SeatStats
 * @property {Int} multiples plays that scored
 * @property {Int} turns
 * @property {Int} in_play points scored by plays
 * @property {number} avg_per_turn
 */

/**
 * A table across devices (net.state.Joint.summary).
 * @typedef {Object} NetSummary
 * @property {string} table
 * @property {string} commitment
 * @property {Int} match the match of the table's chain
 * @property {NetFriend[]} friends
 * @property {Int} clock_s the table clock's seconds a move (0: no clock)
 * @property {TurnClock|null} clock while a person is to move at a table with a clock
 * @property {boolean} rated the host chose a rated table before the deal
 * @property {boolean} watch the host lets people watch
 */

/**
 * A friend's seat at a table across devices.
 * @typedef {Object} NetFriend
 * @property {Int} seat
 * @property {string|null} name
 * @property {boolean} joined
 * @property {string|null} stand_in the computer level standing in while it is away
 * @property {boolean} given the host gave the seat to a computer for good
 */

/**
 * The turn's table clock (net.clock.shown).
 * @typedef {Object} TurnClock
 * @property {Int} seat
 * @property {Int} limit_ms
 * @property {Int} left_ms
 */

export {};
