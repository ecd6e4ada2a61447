// @ts-check
// What crosses between the page and the engine: the worker's messages (boot/worker.js <->
// boot/bridge.js and boot/boot.js over postMessage), the request the page sends to Python's
// app.handle, and the parts of its replies the lower layers read (the events of a move, the
// save to keep, a refusal, a hint). Types only, written as snapshot.js's are (see there).
//
// Each op's own request and reply are in requests.js and replies.js, the messages between
// devices a reply carries (`guests`, `outbox`) in messages.js.

/** @typedef {import("./snapshot.js").Int} Int */
/** @typedef {import("./snapshot.js").Snapshot} Snapshot */

// ---------------------------------------------------------------- the worker's messages

/**
 * From the page: one request for app.handle.
 * @typedef {Object} WorkerCall
 * @property {"call"} type
 * @property {Int} id the page's number for the request, given back with its reply
 * @property {string} request JSON text of a Request
 */

/**
 * To the page: bytes arrived, or the boot moved on to its next stage.
 * @typedef {Object} WorkerProgress
 * @property {"progress"} type
 * @property {"download"|"start"|"install"} stage
 * @property {Int} loaded bytes arrived
 * @property {Int} total bytes in all (build.json's sizes)
 * @property {string[]} waiting the names of the files still downloading
 */

/**
 * To the page: the engine is up.
 * @typedef {Object} WorkerReady
 * @property {"ready"} type
 * @property {Int} ms since the worker started
 */

/**
 * To the page: the boot failed; i18n/bootwords.js words `code` and `values`.
 * @typedef {Object} WorkerFailed
 * @property {"failed"} type
 * @property {string} what the part that failed (a file's name, "pyodide", "worker" ...)
 * @property {string} code how it failed (bootwords.js `failures`)
 * @property {BootValues} values
 * @property {string} [detail] the browser's own words (English whatever the page's language)
 */

/**
 * The values of a boot failure.
 * @typedef {Object} BootValues
 * @property {string} [label] which file it is (bootwords.js `files`: "runtime", "engine" ...)
 * @property {string} [file] the file's name
 * @property {Int} [status] an HTTP status
 */

/**
 * To the page: app.handle's answer to a WorkerCall.
 * @typedef {Object} WorkerReplied
 * @property {"reply"} type
 * @property {Int} id the call's
 * @property {string} reply JSON text of the reply
 */

/**
 * To the page: app.handle raised (a bug: a refused request is a reply with `ok` false).
 * @typedef {Object} WorkerRaised
 * @property {"reply"} type
 * @property {Int} id the call's
 * @property {string} error
 */

/**
 * Every message the worker sends.
 * @typedef {WorkerProgress|WorkerReady|WorkerFailed|WorkerReplied|WorkerRaised} FromWorker
 */

// ---------------------------------------------------------------- requests and replies

/**
 * Any of Python's replies (app.handle; on a guest's page, the host's), as the table's modules take
 * them in before they know the op: JSON, each op's own fields, read where an op's reply is used (a
 * TableReply, a Refusal, a hint, a review ...; replies.js types each one). `any`, not a union of
 * them all: a module hands it on unread or checks the fields it reads.
 * @typedef {any} EngineReply
 */

/**
 * A request to app.handle: its op, and the op's own fields beside it.
 * @typedef {Object} Request
 * @property {string} op
 */

/**
 * A reply to a request that changed the table (app.App._reply); across devices the host's also
 * has `guests`, `outbox` and `room`.
 * @typedef {Object} TableReply
 * @property {true} ok
 * @property {Event[]} events what happened, in order
 * @property {Snapshot} snapshot the table now
 * @property {string} save the save's text
 * @property {StoredSave} stored the save as the page stores it
 * @property {Object<string, import("./replies.js").Guests>} [guests] across devices: each friend's seat's table
 * @property {Object<string, string[]>} [outbox] a seat -> the texts to send its channel
 * @property {import("./replies.js").Room} [room] the table's room on the relays, for the host's page
 * @property {import("./replies.js").WatchRoom|null} [watch] the watchers' stream, while allowed
 * @property {string[]} [watching] the watchers' table texts to send now (`net.watch`)
 * @property {import("./replies.js").SaveProblem} [problem] `start`: the save could not be restored
 * @property {import("./replies.js").SeatGiven} [given] `give_seat`: the seat given away
 */

/**
 * The save as the page stores it (save.stored): the page never reads the save's own fields.
 * @typedef {Object} StoredSave
 * @property {string} match_id
 * @property {Int} moves grows with every change: of two saves of one match, the newer has more
 * @property {string} seed the seed, which the page seals
 * @property {import("./saved.js").MatchSaveRest|import("./saved.js").GatheringSaveRest} rest the rest of the save, kept as it is
 */

/**
 * A request refused (errors.refusal_json), with the table as it stays.
 * @typedef {Object} Refusal
 * @property {false} ok
 * @property {string} error in English, for the console
 * @property {string} code the page words it (i18n/strings.js `refusals`)
 * @property {Object<string, Int|string|unknown[]>} values what the words need
 * @property {Snapshot} [snapshot] the table, unchanged, when there is one
 * @property {Object<string, string[]>} [outbox] across devices: the texts to send each seat's channel
 */

/**
 * The Expert's move for the viewer now (session.Session.hint).
 * @typedef {PlayHint|NoPlayHint} Hint
 */

/**
 * A tile to play.
 * @typedef {Object} PlayHint
 * @property {Int} seat
 * @property {string} reason in English, for the command line
 * @property {Why} why the same as a code, which the page words
 * @property {"play"} kind
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm null for a lead
 */

/**
 * Draw, or pass.
 * @typedef {Object} NoPlayHint
 * @property {Int} seat
 * @property {string} reason in English, for the command line
 * @property {Why} why the same as a code, which the page words
 * @property {"draw"|"pass"} kind
 */

/**
 * Why the Expert likes a move (ai.advice.reason_code): a code and its values.
 * @typedef {WhyForced|WhyBusts|WhyReaches|WhyScores|WhyDeadEndF3|WhyDeadEnd|WhySheds|WhyLeaves} Why
 */

/**
 * The only move there is.
 * @typedef {Object} WhyForced
 * @property {"only_draw"|"only_pass"|"knock"|"only_play"} code
 */

/**
 * Its `points` would pass the target and not count; still the best play (the sum it makes).
 * @typedef {Object} WhyBusts
 * @property {"busts"} code
 * @property {Int} points
 * @property {Int} sum
 */

/**
 * It scores `points`: exactly the target, and the match.
 * @typedef {Object} WhyReaches
 * @property {"reaches"} code
 * @property {Int} points
 */

/**
 * It scores `points`; `safe`: no single tile scores after it.
 * @typedef {Object} WhyScores
 * @property {"scores"} code
 * @property {Int} points
 * @property {boolean} safe
 */

/**
 * With fives and threes: it leaves `sum`, from which no single tile scores.
 * @typedef {Object} WhyDeadEndF3
 * @property {"dead_end_f3"} code
 * @property {Int} sum
 */

/**
 * It leaves `sum`, from which no single tile makes a multiple of `k`.
 * @typedef {Object} WhyDeadEnd
 * @property {"dead_end"} code
 * @property {Int} sum
 * @property {Int} k
 */

/**
 * It sheds `pips` and leaves `sum`, with `replies` unseen tiles that could score next.
 * @typedef {Object} WhySheds
 * @property {"sheds"} code
 * @property {Int} pips
 * @property {Int} sum
 * @property {Int} replies
 */

/**
 * It leaves `sum`, with `replies` unseen tiles that could score next.
 * @typedef {Object} WhyLeaves
 * @property {"leaves"} code
 * @property {Int} sum
 * @property {Int} replies
 */

// ---------------------------------------------------------------- events (session.py)

/**
 * A round was dealt. A friend's device gets its own hand with it.
 * @typedef {Object} DealtEvent
 * @property {"deal"} kind
 * @property {Int} round_no
 * @property {string[]} [hand]
 */

/**
 * A tile was played.
 * @typedef {Object} PlacedEvent
 * @property {"placed"} kind
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm null for the lead
 * @property {Int} index its place in the layout
 * @property {Int} end_sum
 * @property {Int} points what the mover scored
 * @property {Int} made what the play made, whoever got it
 * @property {Int|null} claim with muggins: the points the mover claimed
 * @property {Int} taker with muggins: who took the points the mover did not claim (-1: nobody)
 * @property {PartnerNote|null} note a computer's play, in words for its partner
 * @property {Int} bust with an exact target: the points that did not count
 */

/**
 * A tile was drawn; which one, only for the seat that drew it.
 * @typedef {Object} DrewEvent
 * @property {"drew"} kind
 * @property {Int} seat
 * @property {string} [tile]
 */

/**
 * A seat passed.
 * @typedef {Object} PassedEvent
 * @property {"passed"} kind
 * @property {Int} seat
 */

/**
 * The round ended.
 * @typedef {Object} RoundOverEvent
 * @property {"round_over"} kind
 * @property {"domino"|"blocked"|"target"} reason
 * @property {Int|null} winner the side; null on a tied block
 * @property {Int} bonus
 */

/**
 * The match ended.
 * @typedef {Object} MatchOverEvent
 * @property {"match_over"} kind
 * @property {Int|null} winner the side; null for a drawn sprint
 */

/**
 * The cover came up: the device is to be passed to `seat`.
 * @typedef {Object} CoveredEvent
 * @property {"covered"} kind
 * @property {Int} seat
 */

/**
 * The person behind the cover took the device.
 * @typedef {Object} RevealedEvent
 * @property {"revealed"} kind
 * @property {Int} seat
 */

/**
 * A person's time to move ran out; the move a computer made for it follows.
 * @typedef {Object} TimedOutEvent
 * @property {"timed_out"} kind
 * @property {Int} seat
 * @property {Int} misses its time-outs in a row, this one included
 * @property {boolean} away a friend's seat is away from now on
 * @property {string} level the computer level that moved for it
 */

/**
 * Anything a reply says happened.
 * @typedef {DealtEvent|PlacedEvent|DrewEvent|PassedEvent|RoundOverEvent|MatchOverEvent|CoveredEvent
 *   |RevealedEvent|TimedOutEvent} Event
 */

/**
 * What a computer's play did for its partner (ai.advice.partner_note): `seat` played `tile` on
 * `arm`, and why.
 * @typedef {KeptOpenNote|ShutOutNote|SafeNote|SetUpNote|TwoEndsNote} PartnerNote
 */

/**
 * It kept an end open for `partner`, who has shown no `lacks`: `other_tile` on `other_arm`
 * scored as much but would not have.
 * @typedef {Object} KeptOpenNote
 * @property {"kept_open"} code
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm
 * @property {Int} partner
 * @property {string} other_tile
 * @property {import("./snapshot.js").Arm|null} other_arm
 * @property {Int[]} lacks
 */

/**
 * `opponent`, next, has shown no `lacks`, so must draw or pass.
 * @typedef {Object} ShutOutNote
 * @property {"shut_out"} code
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm
 * @property {Int} opponent
 * @property {Int[]} lacks
 * @property {"draw"|"pass"} must
 */

/**
 * Not the scorer's play (`other_tile`, `given_up` points more): it leaves `opponent` `left`
 * scoring replies, not `instead`.
 * @typedef {Object} SafeNote
 * @property {"safe"} code
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm
 * @property {string} other_tile
 * @property {import("./snapshot.js").Arm|null} other_arm
 * @property {Int} given_up
 * @property {Int} opponent
 * @property {Int} left
 * @property {Int} instead
 */

/**
 * Not the scorer's play: it leaves `partner` `left` scoring replies, not `instead`.
 * @typedef {Object} SetUpNote
 * @property {"set_up"} code
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm
 * @property {string} other_tile
 * @property {import("./snapshot.js").Arm|null} other_arm
 * @property {Int} given_up
 * @property {Int} partner
 * @property {Int} left
 * @property {Int} instead
 */

/**
 * A double that leaves `value` open on two ends for `partner`.
 * @typedef {Object} TwoEndsNote
 * @property {"two_ends"} code
 * @property {Int} seat
 * @property {string} tile
 * @property {import("./snapshot.js").Arm|null} arm
 * @property {Int} partner
 * @property {Int} value
 */

export {};
