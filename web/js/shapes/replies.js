// @ts-check
// Every reply of Python's app.handle, one typedef per op (Reply: any of them; engine.js has the
// table reply and the refusal), with a host's parts for its friends (`guests`, `room`, `watch`,
// `given`) and a save that could not be restored (`problem`). Types only, written as
// snapshot.js's are (see there); py/allthrees/shapes/replies.py is their Python,
// tests/app/test_shapes_js.py holds them equal.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./career.js").AbandonedMatch} AbandonedMatch */
/** @typedef {import("./career.js").CareerEntry} CareerEntry */
/** @typedef {import("./career.js").CareerFigures} CareerFigures */
/** @typedef {import("./choices.js").Choices} Choices */
/** @typedef {import("./careerops.js").Daily} Daily */
/** @typedef {import("./career.js").DailyLine} DailyLine */
/** @typedef {import("./engine.js").Event} Event */
/** @typedef {import("./careerops.js").ExportFile} ExportFile */
/** @typedef {import("./messages.js").GatheringMessage} GatheringMessage */
/** @typedef {import("./engine.js").Hint} Hint */
/** @typedef {import("./messages.js").HostRatedPart} HostRatedPart */
/** @typedef {import("./messages.js").HostRatedSign} HostRatedSign */
/** @typedef {import("./messages.js").HostReaction} HostReaction */
/** @typedef {import("./careerops.js").ImportSummary} ImportSummary */
/** @typedef {import("./career.js").Keep} Keep */
/** @typedef {import("./career.js").KeptCareer} KeptCareer */
/** @typedef {import("./saved.js").MatchRecord} MatchRecord */
/** @typedef {import("./career.js").MergeCounts} MergeCounts */
/** @typedef {import("./careerops.js").Part} Part */
/** @typedef {import("./messages.js").PresenceMessage} PresenceMessage */
/** @typedef {import("./career.js").Ratings} Ratings */
/** @typedef {import("./engine.js").Refusal} Refusal */
/** @typedef {import("./messages.js").RefusalMessage} RefusalMessage */
/** @typedef {import("./career.js").ResultDocument} ResultDocument */
/** @typedef {import("./messages.js").Reveal} Reveal */
/** @typedef {import("./messages.js").RevealMessage} RevealMessage */
/** @typedef {import("./replay.js").ReviewEntry} ReviewEntry */
/** @typedef {import("./replay.js").RoundView} RoundView */
/** @typedef {import("./choices.js").RulesForm} RulesForm */
/** @typedef {import("./choices.js").RulesSection} RulesSection */
/** @typedef {import("./snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("./snapshot.js").Snapshot} Snapshot */
/** @typedef {import("./career.js").Standings} Standings */
/** @typedef {import("./careerops.js").StandingsEntry} StandingsEntry */
/** @typedef {import("./engine.js").StoredSave} StoredSave */
/** @typedef {import("./messages.js").TableMessage} TableMessage */
/** @typedef {import("./career.js").TableRating} TableRating */
/** @typedef {import("./engine.js").TableReply} TableReply */
/** @typedef {import("./career.js").TitleReached} TitleReached */
/** @typedef {import("./messages.js").WatchTable} WatchTable */
/** @typedef {import("./messages.js").Welcome} Welcome */

/**
 * A friend's table as its seat may see it after a change.
 * @typedef {Object} Guests
 * @property {Snapshot} snapshot
 * @property {Event[]} events
 * @property {Reveal} [reveal] once the match is over
 */

/**
 * The table's room on the relays, for the host's page alone.
 * @typedef {Object} Room
 * @property {string} secret
 * @property {string} key
 */

/**
 * The table's stream for watchers (`net.watch`), while the host lets people watch: the secret the
 * watch link carries, for the host's page alone.
 * @typedef {Object} WatchRoom
 * @property {string} secret
 */

/**
 * Why a save could not be restored (`save.BadSave`): the page keeps it aside.
 * @typedef {Object} SaveProblem
 * @property {string} kind unreadable, newer, tampered or damaged
 * @property {string} message
 * @property {string} code
 * @property {Object<string, unknown>} values
 * @property {Int[]|null} where a damaged save: the round and move where it turns illegal
 */

/**
 * @typedef {Object} SeatGiven
 * @property {Int} seat
 */

/**
 * @typedef {Object} FriendShown
 * @property {Int} seat
 * @property {string|null} name
 * @property {boolean} joined
 */

/**
 * @typedef {Object} Pong
 * @property {true} ok
 * @property {string} version
 * @property {Int} protocol the protocol between devices (`net.protocol.VERSION`)
 */

/**
 * @typedef {Object} ChoicesReply
 * @property {true} ok
 * @property {Choices} choices
 */

/**
 * @typedef {Object} RulesFormReply
 * @property {true} ok
 * @property {RulesForm} form
 */

/**
 * @typedef {Object} RulesTextReply
 * @property {true} ok
 * @property {RulesSection[]} rules
 */

/**
 * @typedef {Object} RecordReply
 * @property {true} ok
 * @property {MatchRecord} record
 */

/**
 * @typedef {Object} LinkReply
 * @property {true} ok
 * @property {SettingsJson} settings
 * @property {Int|null} seed
 */

/**
 * @typedef {Object} Gathering
 * @property {string} table
 * @property {string} commitment
 * @property {FriendShown[]} friends
 * @property {Int} clock
 * @property {boolean} rated the host's choice of a rated table, before the deal
 */

/**
 * A table across devices before its deal: who has joined (`gather`, a hello).
 * @typedef {Object} GatheringReply
 * @property {true} ok
 * @property {Gathering} gathering
 * @property {Room} room
 * @property {WatchRoom|null} watch the watchers' stream, while the host lets people watch
 * @property {string} save
 * @property {StoredSave} stored
 * @property {Object<string, string[]>} [outbox]
 */

/**
 * The hint, and the save to keep: the match is now hinted, so not rated.
 * @typedef {Object} HintReply
 * @property {true} ok
 * @property {Hint} hint
 * @property {string} save
 * @property {StoredSave} stored
 */

/**
 * @typedef {Object} ReviewReply
 * @property {true} ok
 * @property {ReviewEntry[]} review
 */

/**
 * @typedef {Object} CareerEntryReply
 * @property {CareerEntry} entry
 * @property {DailyLine|null} line
 * @property {CareerFigures} [career]
 * @property {string[]} [new_trophies]
 * @property {TitleReached[]} [new_titles]
 * @property {Keep} [keep]
 * @property {true} ok
 */

/**
 * @typedef {Object} CareerReply
 * @property {true} ok
 * @property {CareerFigures} career
 */

/**
 * @typedef {Object} DailyReply
 * @property {true} ok
 * @property {Daily} daily
 */

/**
 * @typedef {Object} DailyStartReply
 * @property {boolean} scored
 * @property {Object<string, string>} attempts
 * @property {true} ok
 */

/**
 * @typedef {Object} ExportReply
 * @property {true} ok
 * @property {ExportFile} export
 */

/**
 * @typedef {Object} CheckImportReply
 * @property {true} ok
 * @property {ImportSummary} summary
 */

/**
 * @typedef {Object} SeatForReply
 * @property {true} ok
 * @property {Int} seat
 */

/**
 * @typedef {Object} ByeSeat
 * @property {Int} seat
 */

/**
 * A friend's `bye`: it left (the page closes its channel).
 * @typedef {Object} ByeReply
 * @property {true} ok
 * @property {ByeSeat} bye
 * @property {Object<string, string[]>} outbox
 */

/**
 * @typedef {Object} Relay
 * @property {Int} seat
 * @property {string} id
 */

/**
 * A reaction shown on the host's table and sent to every other joined friend.
 * @typedef {Object} RelayReply
 * @property {true} ok
 * @property {Relay} relay
 * @property {Object<string, string[]>} outbox
 */

/**
 * A person's part or signature of a rated result (`net.rated`): `part` or both `digest` and
 * `signature`.
 * @typedef {Object} RatedShared
 * @property {Int} seat
 * @property {Part} [part]
 * @property {string} [digest]
 * @property {string} [signature]
 */

/**
 * A part or a signature of a rated result, taken in and sent to every other joined friend
 * (`rated_share`, or a guest's `rated_part` / `rated_sign`).
 * @typedef {Object} RatedShareReply
 * @property {true} ok
 * @property {RatedShared} rated
 * @property {Object<string, string[]>} outbox
 */

/**
 * `presence`: the texts to send.
 * @typedef {Object} OutboxReply
 * @property {true} ok
 * @property {Object<string, string[]>} outbox
 */

/**
 * @typedef {Object} HostMessageReply
 * @property {true} ok
 * @property {Welcome|GatheringMessage|TableMessage|PresenceMessage|HostReaction|RevealMessage|RefusalMessage|WatchTable|HostRatedPart|HostRatedSign} message
 */

/**
 * What a guest's check of the deal proved (`net.check.check_shared`), with the match as an entry
 * of its own career when the page gave the date (`career_entry`'s fields).
 * @typedef {Object} Shared
 * @property {Int} seat
 * @property {Int} match
 * @property {Int} rounds
 * @property {Int|null} winner
 * @property {string} commitment
 * @property {string} seed
 * @property {CareerEntry} [entry]
 * @property {DailyLine|null} [line]
 * @property {CareerFigures} [career]
 * @property {string[]} [new_trophies]
 * @property {TitleReached[]} [new_titles]
 * @property {Keep} [keep]
 */

/**
 * @typedef {Object} CheckSharedReply
 * @property {true} ok
 * @property {Shared} shared
 */

/**
 * @typedef {Object} MergeReply
 * @property {KeptCareer} merged
 * @property {CareerFigures} career
 * @property {KeptCareer} replaced
 * @property {MergeCounts} counts
 * @property {Keep} keep
 * @property {true} ok
 */

/**
 * @typedef {Object} ReplayRoundReply
 * @property {true} ok
 * @property {RoundView} round
 */

/**
 * @typedef {Object} RatedTableReply
 * @property {true} ok
 * @property {TableRating} table
 */

/**
 * @typedef {Object} RatingsReply
 * @property {true} ok
 * @property {Ratings} ratings
 */

/**
 * @typedef {Object} RatedPartReply
 * @property {true} ok
 * @property {Part} part
 */

/**
 * The result document every person's device signs, and its digest.
 * @typedef {Object} RatedDocumentReply
 * @property {true} ok
 * @property {ResultDocument} document
 * @property {string} digest
 */

/**
 * The entry with its signed rated result, the figures with it and the titles it reached.
 * @typedef {Object} RatedTakeReply
 * @property {true} ok
 * @property {CareerEntry} entry
 * @property {CareerFigures} career
 * @property {TitleReached[]} new_titles
 */

/**
 * @typedef {Object} AbandonReply
 * @property {true} ok
 * @property {AbandonedMatch[]} abandoned
 */

/**
 * @typedef {Object} StandingsEntryReply
 * @property {true} ok
 * @property {StandingsEntry} entry
 */

/**
 * @typedef {Object} StandingsCheckReply
 * @property {boolean} valid
 * @property {string|null} why
 * @property {true} ok
 */

/**
 * @typedef {Object} StandingsReply
 * @property {true} ok
 * @property {Standings} standings
 */

/**
 * @typedef {TableReply|GatheringReply|ByeReply|RelayReply|RatedShareReply} GuestReply
 */

/**
 * @typedef {Refusal|Pong|ChoicesReply|RulesFormReply|RulesTextReply|RecordReply|LinkReply
 *   |TableReply|GatheringReply|HintReply|ReviewReply|CareerEntryReply|CareerReply|DailyReply
 *   |DailyStartReply|ExportReply|CheckImportReply|SeatForReply|ByeReply|RelayReply
 *   |RatedShareReply|OutboxReply|HostMessageReply|CheckSharedReply|MergeReply|ReplayRoundReply
 *   |RatedTableReply|RatingsReply|RatedPartReply|RatedDocumentReply|RatedTakeReply|AbandonReply
 *   |StandingsEntryReply|StandingsCheckReply|StandingsReply} Reply
 */
export {};
