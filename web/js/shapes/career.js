// @ts-check
// The career as Python makes it (py/allthrees/career/): a finished match's entry as the page
// keeps it, a whole match kept to replay, the figures the career screen shows (op "career") and
// the reply that records a match (op "career_entry"). Types only, written as snapshot.js's are
// (see there).

/** @typedef {import("./snapshot.js").Int} Int */

/**
 * A finished match as the career keeps it (career.entries.entry without its record and
 * settings, which the history keeps): the figures Python counts from, opaque to the page but
 * for the fields named here.
 * @typedef {Object} CareerEntry
 * @property {string} id the match's id
 * @property {string} date when it ended (ISO)
 * @property {string|null} daily the UTC day it was that day's scored daily, else null
 * @property {boolean} practice a deal anyone could have seen beforehand: it counts for nothing
 * @property {"match"|"sprint"|"partners"} mode
 * @property {Int} players
 * @property {string} preset
 * @property {import("./snapshot.js").RulesChanges} options
 * @property {string[]} seats each seat's controller
 * @property {import("./snapshot.js").SeatLabel[]} names each seat's label
 * @property {Int} you the device owner's seat
 * @property {Int} your_side
 * @property {string|null} partner the partner's controller
 * @property {string} level the opponents' level, "mixed" or "people"
 * @property {boolean} won
 * @property {Int[]} scores per side
 * @property {Int} margin your side's score less the best other
 * @property {Int} rounds
 * @property {Int[][]} race per side, the score after round 0, 1, ...
 * @property {Int} trailed_by the most your side was behind at a round's end
 * @property {Int} other_round_wins
 * @property {Int} dominoes rounds your side won by going out
 * @property {Int} blocks rounds your side won blocked
 * @property {Int[]} plays the points of each of your plays
 * @property {Int} turns
 * @property {Int} multiples
 * @property {Int} largest
 * @property {Int} points your side's round points less its bonuses
 * @property {boolean} domino_66 your seat went out with the double six still to be played
 * @property {boolean} pegs cribbage: the points are pegs
 * @property {import("./saved.js").MatchRecord} [record] Python's entry has it; the page may leave it out of those it sends back
 * @property {import("./snapshot.js").SettingsJson} [settings] the same
 * @property {RatedResult|null} [rated] a rated match's result (career.rated.rated_of, signed between people); null or absent: unrated
 * @property {string|null} [unrated] why it is not rated (career.rated.UNRATED_REASONS; "unsigned" while its signatures are awaited, and for good once they did not all come: career/rated.js)
 */

/**
 * An entry's `rated`: the kind of table and every other seat's rating before the match; `signed`,
 * at a table with people, the result every person's device signed (null against computers only).
 * @typedef {Object} RatedResult
 * @property {string} kind
 * @property {RatedSeat[]} others
 * @property {SignedResult|null} signed
 */

/**
 * A seat other than yours as it was rated before the match.
 * @typedef {Object} RatedSeat
 * @property {Int} seat
 * @property {number} rating
 * @property {number} deviation
 */

/**
 * A result document with its digest and every person's signature of it, by key.
 * @typedef {Object} SignedResult
 * @property {ResultDocument} document
 * @property {string} digest
 * @property {Object<string, string>} signatures
 */

/**
 * What every person's device signs (career.signed.document; its digest, SHA-256 of its
 * canonical JSON).
 * @typedef {Object} ResultDocument
 * @property {string} kind "allthrees-rated-result"
 * @property {Int} v
 * @property {string} match
 * @property {string} record the digest of the match's record
 * @property {string} table the kind of table
 * @property {Int[]} scores
 * @property {SignedSeat[]} seats
 */

/**
 * A seat in a result document: a person's (its device's key, its previous result's digest) or a
 * computer's (its level), with the rating and deviation it played at, whole.
 * @typedef {Object} SignedSeat
 * @property {Int} seat
 * @property {string|null} key
 * @property {string|null} level
 * @property {Int} rating
 * @property {Int} deviation
 * @property {string|null} previous
 */

/**
 * A whole match kept to replay (allthrees.history.v1): its record has every hand and the seed.
 * @typedef {Object} HistoryItem
 * @property {string} id
 * @property {string} date
 * @property {import("./snapshot.js").SettingsJson} settings
 * @property {Object<string, unknown>} record the match record (docs/rules.md's format), Python's to read
 */

/**
 * How many entries and whole matches the career keeps (career.transfer's one definition).
 * @typedef {Object} Keep
 * @property {Int} entries
 * @property {Int} history
 */

/**
 * A finished match recorded (op "career_entry", or a guest's check_shared): its entry (with its
 * record and settings), what to keep, the career's figures with it and the trophies it earned.
 * @typedef {Object} Recorded
 * @property {CareerEntry} entry with its record and settings
 * @property {DailyLine|null} line the daily's shareable result, or null
 * @property {CareerFigures} [career] these four when the page sent the career's entries (it does)
 * @property {string[]} [new_trophies]
 * @property {TitleReached[]} [new_titles] the titles this match reached, said once with the fanfare
 * @property {Keep} [keep]
 */

/**
 * The career's figures (career.stats.figures), as of the page's UTC day.
 * @typedef {Object} CareerFigures
 * @property {Int} played
 * @property {Int} won
 * @property {number|null} win_rate 0..1; null with no match
 * @property {(number|null)[]} win_rate_series the rate over the last matches, at each match
 * @property {Object<string, SplitRow>} by_mode
 * @property {Object<string, SplitRow>} by_players
 * @property {Object<string, SplitRow>} by_level
 * @property {number|null} points_per_round
 * @property {number|null} points_per_turn
 * @property {Int} multiples
 * @property {LargestPlay|null} largest
 * @property {Int} dominoes
 * @property {Int} blocks
 * @property {MatchLine|null} best
 * @property {MatchLine|null} worst
 * @property {Int} streak
 * @property {Int} longest_streak
 * @property {PlaysBucket[]} plays_histogram
 * @property {DailyFigures} daily
 * @property {EarnedTrophy[]} trophies in the order earned
 * @property {Ratings} ratings every kind's rating (career.rating.ratings)
 */

/**
 * Every kind of table's rating (null before its first rated match: "two", "multi", "partners")
 * and the highest title of all (null before any rated match).
 * @typedef {Object} Ratings
 * @property {Object<string, KindRating|null>} kinds
 * @property {string|null} title
 */

/**
 * A kind's rating as the career shows it (career.rating): Glicko-2's rating and deviation as of
 * the page's UTC day, whether it is provisional, the title reached, its rated and abandoned
 * matches, its history (the chart's) and the best established rating reached.
 * @typedef {Object} KindRating
 * @property {string} kind
 * @property {number} rating
 * @property {number} deviation
 * @property {number} volatility
 * @property {boolean} provisional
 * @property {string} title a code of career.titles.TITLES
 * @property {Int} played
 * @property {Int} abandoned
 * @property {string} last the date of the last rated match
 * @property {RatingPoint[]} history oldest first
 * @property {BestRating|null} best
 */

/**
 * One rated match in a rating's history: the rating and deviation after it, and its change.
 * @typedef {Object} RatingPoint
 * @property {string} id
 * @property {string} date
 * @property {number} rating
 * @property {number} deviation
 * @property {number} change
 */

/**
 * The best established rating reached, and the match that reached it.
 * @typedef {Object} BestRating
 * @property {number} rating
 * @property {string} date
 * @property {string} id
 */

/**
 * A title a match reached.
 * @typedef {Object} TitleReached
 * @property {string} kind
 * @property {string} title
 */

/**
 * Whether the match in play counts for a rating (op "rated_table", career.rated.rated_table):
 * its kind of table, why not (a code of UNRATED_REASONS, or null), and whether it counts only
 * once every person's device signed it.
 * @typedef {Object} TableRating
 * @property {boolean} rated
 * @property {string} kind
 * @property {string|null} reason
 * @property {boolean} people
 */

/**
 * Matches played and won, of one mode, table size or opponent.
 * @typedef {Object} SplitRow
 * @property {Int} played
 * @property {Int} won
 */

/**
 * The largest single play and its match.
 * @typedef {Object} LargestPlay
 * @property {Int} points
 * @property {string} id
 * @property {string} date
 */

/**
 * The best or the worst match.
 * @typedef {Object} MatchLine
 * @property {string} id
 * @property {string} date
 * @property {Int} margin
 * @property {Int[]} scores
 */

/**
 * Plays that made `from` to `to` points (null: and more).
 * @typedef {Object} PlaysBucket
 * @property {Int} from
 * @property {Int|null} to
 * @property {Int} count
 */

/**
 * The daily deal's figures.
 * @typedef {Object} DailyFigures
 * @property {Int} played
 * @property {Int} streak
 * @property {Int} longest
 * @property {string|null} last the newest daily's day
 * @property {DailyToday} [today] as of the page's day, when it said which
 */

/**
 * Today's daily.
 * @typedef {Object} DailyToday
 * @property {string} date
 * @property {boolean} attempted its scored attempt was started
 * @property {DailyLine|null} line its result to share, once finished
 */

/**
 * A daily's result to share.
 * @typedef {Object} DailyLine
 * @property {"daily_line"} code
 * @property {string} date
 * @property {Int} points
 * @property {Int} margin
 * @property {boolean} won
 */

/**
 * A trophy earned.
 * @typedef {Object} EarnedTrophy
 * @property {string} id
 * @property {string} date
 * @property {string} match the match that earned it
 */

/**
 * Two careers merged (op "career_merge": career.merge.merge): the merged career, its figures,
 * this device's career as it was (for the backup), what the merge counted, what to keep.
 * @typedef {Object} CareerMerge
 * @property {KeptCareer} merged
 * @property {CareerFigures} career
 * @property {KeptCareer} replaced
 * @property {MergeCounts} counts
 * @property {Keep} keep
 */

/**
 * A rated match this device left for good (career.signed.abandon): never rated, counted apart.
 * @typedef {Object} AbandonedMatch
 * @property {string} id
 * @property {string} date
 * @property {string} kind
 */

/**
 * A career as a device keeps it and sends it to its pair.
 * @typedef {Object} KeptCareer
 * @property {CareerEntry[]} entries
 * @property {HistoryItem[]} history
 * @property {Attempts} daily the daily's attempts
 * @property {DesignPrefs} prefs
 * @property {AbandonedMatch[]} [abandoned] the rated matches this device left for good (absent from a page from before ratings)
 */

/**
 * The daily's attempts as the career keeps them.
 * @typedef {Object} Attempts
 * @property {Object<string, string>} attempts {UTC day: match id}
 */

/**
 * The design preferences a career carries, each where chosen.
 * @typedef {Object} DesignPrefs
 * @property {string} [tiles]
 * @property {string} [felt]
 */

/**
 * What a merge counted: the entries merged, those new here, ids both held differently, damaged
 * entries left out, the whole matches kept, damaged ones left out.
 * @typedef {Object} MergeCounts
 * @property {Int} entries
 * @property {Int} added
 * @property {Int} conflicts
 * @property {Int} damaged
 * @property {Int} history
 * @property {Int} damaged_history
 */

export {};

// ------------------------------------------------------------------ the daily deal's standings

/**
 * A standings entry that counts, ranked (shapes.career.StandingsRow).
 * @typedef {Object} StandingsRow
 * @property {Int} rank equal entries share one
 * @property {string} key the key that signed its event
 * @property {string} name
 * @property {Int} score
 * @property {boolean} won
 * @property {Int} margin
 */

/**
 * A replayed standings entry's verdict (shapes.career.Verdict): its refusal (null: it counts).
 * @typedef {Object} StandingsVerdict
 * @property {string|null} why
 * @property {boolean} won
 * @property {Int} margin
 */

/**
 * A day's standings (op "standings": shapes.career.Standings).
 * @typedef {Object} Standings
 * @property {string} date
 * @property {Int} count the entries that count
 * @property {Int} refused the entries refused (shown nowhere)
 * @property {Int} unchecked the entries left unreplayed past the budget (shown nowhere yet)
 * @property {Int|null} best the best score
 * @property {StandingsRow[]} rows ranked
 * @property {Object<string, StandingsVerdict>} checked each replayed entry's verdict by its
 *   digest, handed back as `known`
 * @property {Object<string, Int>} why the refusals by code
 */
