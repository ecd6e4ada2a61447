// @ts-check
// Every request the page sends Python's app.handle, one typedef per `op` (AnyRequest: any of
// them); engine.js's Request is what they all have, the `op`. Types only, written as snapshot.js's
// are (see there); py/allthrees/shapes/requests.py is their Python, tests/app/test_shapes_js.py
// holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./career.js").AbandonedMatch} AbandonedMatch */
/** @typedef {import("./career.js").CareerEntry} CareerEntry */
/** @typedef {import("./career.js").KeptCareer} KeptCareer */
/** @typedef {import("./saved.js").MatchRecord} MatchRecord */
/** @typedef {import("./messages.js").MoveIntent} MoveIntent */
/** @typedef {import("./careerops.js").Part} Part */
/** @typedef {import("./careerops.js").SigningKey} SigningKey */
/** @typedef {import("./messages.js").SeatPresence} SeatPresence */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("./career.js").SignedResult} SignedResult */
/** @typedef {import("./careerops.js").StandingsPublished} StandingsPublished */

/**
 * @typedef {Object} Ping
 * @property {"ping"} op
 */

/**
 * @typedef {Object} ChoicesRequest
 * @property {"choices"} op
 */

/**
 * @typedef {Object} RulesFormRequest
 * @property {"rules_form"} op
 * @property {SettingsJson} settings
 */

/**
 * @typedef {Object} RulesTextRequest
 * @property {"rules_text"} op
 */

/**
 * @typedef {Object} RecordRequest
 * @property {"record"} op
 */

/**
 * Resume a save, or begin a match.
 * @typedef {Object} Start
 * @property {"start"} op
 * @property {string} [save] the save text (its seed apart when the page sealed it)
 * @property {string} [sealed_seed]
 * @property {boolean} [salvage] resume up to the save's last legal move
 * @property {SettingsJson} [settings]
 * @property {Int} [seed]
 */

/**
 * @typedef {Object} LinkRequest
 * @property {"link"} op
 * @property {Object<string, string>} params the link's query parameters
 * @property {SettingsJson} [settings] the player's own
 */

/**
 * A fresh match; with `daily`, that UTC day's deal.
 * @typedef {Object} New
 * @property {"new"} op
 * @property {SettingsJson} [settings]
 * @property {Int} [seed]
 * @property {string} [daily]
 * @property {string} [preset]
 * @property {string} [name] with a friend's seat: the host's name (as `gather`)
 * @property {Int} [clock]
 * @property {boolean} [rated]
 */

/**
 * The person behind the pass-and-play cover takes the device.
 * @typedef {Object} Ready
 * @property {"ready"} kind
 */

/**
 * The next round, or a rematch once the match is over.
 * @typedef {Object} Next
 * @property {"next"} kind
 */

/**
 * @typedef {Object} Presentation
 * @property {boolean} [hide_sum]
 */

/**
 * Presentation settings: the only ones that change mid-match.
 * @typedef {Object} PresentationIntent
 * @property {"settings"} kind
 * @property {Presentation} settings
 */

/**
 * @typedef {Object} IntentRequest
 * @property {"intent"} op
 * @property {Int|null} seat None: the table's own buttons (next)
 * @property {MoveIntent|Ready|Next|PresentationIntent} intent
 */

/**
 * @typedef {Object} Advance
 * @property {"advance"} op
 */

/**
 * @typedef {Object} HintRequest
 * @property {"hint"} op
 * @property {Int} seat
 */

/**
 * @typedef {Object} ReviewRequest
 * @property {"review"} op
 * @property {Int} [round]
 */

/**
 * @typedef {Object} CareerEntryRequest
 * @property {"career_entry"} op
 * @property {string} date
 * @property {string|null} [daily]
 * @property {CareerEntry[]} [entries]
 * @property {Object<string, string>} [attempts]
 * @property {AbandonedMatch[]} [abandoned]
 */

/**
 * @typedef {Object} CareerRequest
 * @property {"career"} op
 * @property {CareerEntry[]} entries
 * @property {string} [today]
 * @property {Object<string, string>} [attempts]
 * @property {AbandonedMatch[]} [abandoned]
 */

/**
 * @typedef {Object} DailyRequest
 * @property {"daily"} op
 * @property {string} date
 * @property {string} [preset]
 */

/**
 * @typedef {Object} DailyStartRequest
 * @property {"daily_start"} op
 * @property {string} date
 * @property {Object<string, string>} attempts
 */

/**
 * @typedef {Object} ExportRequest
 * @property {"export"} op
 * @property {string} exported
 * @property {CareerEntry[]} entries
 * @property {unknown} daily the daily's `{attempts}` as the page keeps it
 * @property {unknown[]} history
 * @property {Object<string, unknown>} prefs
 * @property {AbandonedMatch[]} [abandoned]
 * @property {SigningKey} [signing] the device's key for signing rated results, if it has one
 */

/**
 * @typedef {Object} CheckImport
 * @property {"check_import"} op
 * @property {unknown} data an export file: its object or its text
 */

/**
 * @typedef {Object} Gather
 * @property {"gather"} op
 * @property {SettingsJson} settings
 * @property {Int} [seed]
 * @property {string} [name]
 * @property {Int} [clock]
 * @property {boolean} [rated] the host's choice, before the deal (never with a `seed`)
 * @property {boolean} [watch] the host lets people watch (`net.watch`)
 */

/**
 * @typedef {Object} Fill
 * @property {"fill"} op
 * @property {string} level
 */

/**
 * @typedef {Object} TimeUp
 * @property {"time_up"} op
 * @property {Int} seat
 * @property {string} [level]
 */

/**
 * @typedef {Object} SeatFor
 * @property {"seat_for"} op
 * @property {string} key
 */

/**
 * @typedef {Object} Guest
 * @property {"guest"} op
 * @property {Int} seat
 * @property {string} message the text a friend's device sent on that seat's channel
 */

/**
 * @typedef {Object} StandIn
 * @property {"stand_in"} op
 * @property {Int} seat
 * @property {string|null} level
 */

/**
 * @typedef {Object} GiveSeat
 * @property {"give_seat"} op
 * @property {Int} seat
 * @property {string} level
 */

/**
 * @typedef {Object} Presence
 * @property {"presence"} op
 * @property {SeatPresence[]} seats
 * @property {Int} [watchers] how many watch, as the host's page counts them
 */

/**
 * The host lets people watch the table, or no more (`net.watch`).
 * @typedef {Object} WatchRequest
 * @property {"watch"} op
 * @property {boolean} on
 */

/**
 * @typedef {Object} HostMessageRequest
 * @property {"host_message"} op
 * @property {string} message
 */

/**
 * @typedef {Object} Seen
 * @property {unknown[]} events every event a guest's table messages brought, as it kept them
 */

/**
 * @typedef {Object} CheckShared
 * @property {"check_shared"} op
 * @property {string} commitment
 * @property {unknown} reveal the reveal message: its object or its text
 * @property {string} my_part
 * @property {Seen} seen
 * @property {string} [date]
 * @property {CareerEntry[]} [entries]
 * @property {Object<string, string>} [attempts]
 */

/**
 * @typedef {Object} React
 * @property {"react"} op
 * @property {string} id
 */

/**
 * @typedef {Object} SetRated
 * @property {"rated"} op
 * @property {boolean} on
 */

/**
 * The host's own player's title at its table (null: none, or hidden).
 * @typedef {Object} TableTitle
 * @property {"table_title"} op
 * @property {string|null} title
 */

/**
 * The host's own part of a rated result, or its signature of the document's digest.
 * @typedef {Object} RatedShare
 * @property {"rated_share"} op
 * @property {Part} [part]
 * @property {string} [digest]
 * @property {string} [signature]
 */

/**
 * @typedef {Object} CareerMergeRequest
 * @property {"career_merge"} op
 * @property {KeptCareer} mine
 * @property {KeptCareer} theirs
 * @property {string} [today]
 */

/**
 * @typedef {Object} ReplayRoundRequest
 * @property {"replay_round"} op
 * @property {SettingsJson} settings
 * @property {MatchRecord} record
 * @property {Int} round
 * @property {boolean} [review]
 */

/**
 * @typedef {Object} RatedTableRequest
 * @property {"rated_table"} op
 */

/**
 * @typedef {Object} RatingsRequest
 * @property {"ratings"} op
 * @property {CareerEntry[]} entries
 * @property {string} [today]
 * @property {AbandonedMatch[]} [abandoned]
 */

/**
 * @typedef {Object} RatedPartRequest
 * @property {"rated_part"} op
 * @property {CareerEntry[]} entries
 * @property {CareerEntry} entry the match's entry, with its record
 * @property {string} key this device's public key, 64 hex digits
 */

/**
 * @typedef {Object} RatedDocumentRequest
 * @property {"rated_document"} op
 * @property {CareerEntry} entry
 * @property {unknown[]} parts every person's part (`career.Part`), as the devices sent them
 */

/**
 * @typedef {Object} RatedTakeRequest
 * @property {"rated_take"} op
 * @property {CareerEntry[]} entries
 * @property {CareerEntry} entry
 * @property {SignedResult} signed
 * @property {boolean} verified the page checked every signature
 * @property {string} key
 * @property {string} [today]
 * @property {Object<string, string>} [attempts]
 * @property {AbandonedMatch[]} [abandoned]
 */

/**
 * @typedef {Object} RatedAbandonRequest
 * @property {"rated_abandon"} op
 * @property {AbandonedMatch[]} abandoned
 * @property {string} match
 * @property {string} date
 * @property {string} kind
 */

/**
 * @typedef {Object} StandingsEntryRequest
 * @property {"standings_entry"} op
 * @property {string} name
 * @property {CareerEntry} entry the day's scored attempt, with its record
 */

/**
 * @typedef {Object} StandingsCheckRequest
 * @property {"standings_check"} op
 * @property {StandingsPublished} entry
 * @property {string} date
 * @property {string} today
 */

/**
 * @typedef {Object} StandingsRequest
 * @property {"standings"} op
 * @property {StandingsPublished[]} entries
 * @property {string} date
 * @property {string} today
 * @property {Object<string, unknown>} [known] the verdicts of an earlier reply's `checked`
 * @property {Int} [budget] the most entries replayed (the rest left `unchecked`)
 */

/**
 * @typedef {Ping|ChoicesRequest|RulesFormRequest|RulesTextRequest|RecordRequest|Start
 *   |LinkRequest|New|IntentRequest|Advance|HintRequest|ReviewRequest|CareerEntryRequest
 *   |CareerRequest|DailyRequest|DailyStartRequest|ExportRequest|CheckImport|Gather|Fill|TimeUp
 *   |SeatFor|Guest|StandIn|GiveSeat|Presence|WatchRequest|HostMessageRequest|CheckShared|React
 *   |RatedShare|SetRated|TableTitle|CareerMergeRequest|ReplayRoundRequest|RatedTableRequest|RatingsRequest
 *   |RatedPartRequest|RatedDocumentRequest|RatedTakeRequest|RatedAbandonRequest
 *   |StandingsEntryRequest|StandingsCheckRequest|StandingsRequest} AnyRequest
 */
export {};
