"""Every reply Python gives the page (``app.App.handle``): ``{ok: true, ...}`` with what the request
asked for, or a refusal ``{ok: false, error, code, values}`` that changed nothing. A reply that
changes the table (``TableReply``) carries the snapshot, the events, the save and its stored parts;
a table across devices adds each friend's table, the texts to send them and its room."""

from typing import Literal, NotRequired, TypedDict

from .base import Json
from .career import (
    Abandoned,
    Daily,
    DailyLine,
    DailyStart,
    Entry,
    ExportFile,
    Figures,
    ImportSummary,
    Keep,
    Merged,
    Part,
    Ratings,
    Recorded,
    ResultDocument,
    Standings,
    StandingsCheck,
    StandingsEntry,
    TableRating,
    TitleReached,
)
from .game import Choices, MatchRecord, RulesForm, RulesSection, SettingsJson
from .messages import HostMessage, Reveal
from .saved import Stored
from .table import EventShown, FriendShown, Hint, ReplayRound, ReviewNote, Snapshot


class Refusal(TypedDict):
    """A request refused, nothing changed (``errors.refusal_json``)."""

    ok: Literal[False]
    error: str  # in English, for the terminal
    code: str  # of ``errors.REFUSAL_CODES``, which the page words
    values: dict[str, Json]  # what the code's words need: whole numbers, text, lists
    snapshot: NotRequired[Snapshot]  # the table as it still is
    outbox: NotRequired[dict[str, list[str]]]  # a guest's message refused: the words of it


class Pong(TypedDict):
    ok: Literal[True]
    version: str
    protocol: int  # the protocol between devices (``net.protocol.VERSION``)


class ChoicesReply(TypedDict):
    ok: Literal[True]
    choices: Choices


class RulesFormReply(TypedDict):
    ok: Literal[True]
    form: RulesForm


class RulesTextReply(TypedDict):
    ok: Literal[True]
    rules: list[RulesSection]


class RecordReply(TypedDict):
    ok: Literal[True]
    record: MatchRecord


class LinkReply(TypedDict):
    ok: Literal[True]
    settings: SettingsJson
    seed: int | None


class Guests(TypedDict):
    """A friend's table as its seat may see it after a change."""

    snapshot: Snapshot
    events: list[EventShown]
    reveal: NotRequired[Reveal]  # once the match is over


class Room(TypedDict):
    """The table's room on the relays, for the host's page alone."""

    secret: str
    key: str


class WatchRoom(TypedDict):
    """The table's stream for watchers (``net.watch``), while the host lets people watch: the
    secret the watch link carries, for the host's page alone."""

    secret: str


class SaveProblem(TypedDict):
    """Why a save could not be restored (``save.BadSave``): the page keeps it aside."""

    kind: str  # unreadable, newer, tampered or damaged
    message: str
    code: str
    values: dict[str, Json]
    where: list[int] | None  # a damaged save: the round and move where it turns illegal


class SeatGiven(TypedDict):
    seat: int


class TableReply(TypedDict):
    """Any reply that changes the table."""

    ok: Literal[True]
    events: list[EventShown]
    snapshot: Snapshot
    save: str
    stored: Stored
    guests: NotRequired[dict[str, Guests]]  # across devices: each friend's seat's table
    outbox: NotRequired[dict[str, list[str]]]  # a seat -> the texts to send its channel
    room: NotRequired[Room]
    watch: NotRequired[WatchRoom | None]  # across devices: the watchers' stream, while allowed
    watching: NotRequired[list[str]]  # the watchers' table texts to send now (``net.watch``)
    problem: NotRequired[SaveProblem]  # ``start``: the save could not be restored
    given: NotRequired[SeatGiven]  # ``give_seat``


class Gathering(TypedDict):
    table: str
    commitment: str
    friends: list[FriendShown]
    clock: int
    rated: bool  # the host's choice of a rated table, before the deal


class GatheringReply(TypedDict):
    """A table across devices before its deal: who has joined (``gather``, a hello)."""

    ok: Literal[True]
    gathering: Gathering
    room: Room
    watch: WatchRoom | None  # the watchers' stream, while the host lets people watch
    save: str
    stored: Stored
    outbox: NotRequired[dict[str, list[str]]]


class HintReply(TypedDict):
    """The hint, and the save to keep: the match is now hinted, so not rated."""

    ok: Literal[True]
    hint: Hint
    save: str
    stored: Stored


class ReviewReply(TypedDict):
    ok: Literal[True]
    review: list[ReviewNote]


class CareerEntryReply(Recorded):
    ok: Literal[True]


class CareerReply(TypedDict):
    ok: Literal[True]
    career: Figures


class DailyReply(TypedDict):
    ok: Literal[True]
    daily: Daily


class DailyStartReply(DailyStart):
    ok: Literal[True]


class ExportReply(TypedDict):
    ok: Literal[True]
    export: ExportFile


class CheckImportReply(TypedDict):
    ok: Literal[True]
    summary: ImportSummary


class SeatForReply(TypedDict):
    ok: Literal[True]
    seat: int


class ByeSeat(TypedDict):
    seat: int


class ByeReply(TypedDict):
    """A friend's ``bye``: it left (the page closes its channel)."""

    ok: Literal[True]
    bye: ByeSeat
    outbox: dict[str, list[str]]


class Relay(TypedDict):
    seat: int
    id: str


class RelayReply(TypedDict):
    """A reaction shown on the host's table and sent to every other joined friend."""

    ok: Literal[True]
    relay: Relay
    outbox: dict[str, list[str]]


class RatedShared(TypedDict):
    """A person's part or signature of a rated result (``net.rated``): ``part`` or both
    ``digest`` and ``signature``."""

    seat: int
    part: NotRequired[Part]
    digest: NotRequired[str]
    signature: NotRequired[str]


class RatedShareReply(TypedDict):
    """A part or a signature of a rated result, taken in and sent to every other joined friend
    (``rated_share``, or a guest's ``rated_part`` / ``rated_sign``)."""

    ok: Literal[True]
    rated: RatedShared
    outbox: dict[str, list[str]]


class OutboxReply(TypedDict):
    """``presence``: the texts to send."""

    ok: Literal[True]
    outbox: dict[str, list[str]]


class HostMessageReply(TypedDict):
    ok: Literal[True]
    message: HostMessage


class Shared(TypedDict):
    """What a guest's check of the deal proved (``net.check.check_shared``), with the match as an
    entry of its own career when the page gave the date (``career_entry``'s fields)."""

    seat: int
    match: int
    rounds: int
    winner: int | None
    commitment: str
    seed: str
    entry: NotRequired[Entry]
    line: NotRequired[DailyLine | None]
    career: NotRequired[Figures]
    new_trophies: NotRequired[list[str]]
    new_titles: NotRequired[list[TitleReached]]
    keep: NotRequired[Keep]


class CheckSharedReply(TypedDict):
    ok: Literal[True]
    shared: Shared


class MergeReply(Merged):
    ok: Literal[True]


class ReplayRoundReply(TypedDict):
    ok: Literal[True]
    round: ReplayRound


class RatedTableReply(TypedDict):
    ok: Literal[True]
    table: TableRating


class RatingsReply(TypedDict):
    ok: Literal[True]
    ratings: Ratings


class RatedPartReply(TypedDict):
    ok: Literal[True]
    part: Part


class RatedDocumentReply(TypedDict):
    """The result document every person's device signs, and its digest."""

    ok: Literal[True]
    document: ResultDocument
    digest: str


class RatedTakeReply(TypedDict):
    """The entry with its signed rated result, the figures with it and the titles it reached."""

    ok: Literal[True]
    entry: Entry
    career: Figures
    new_titles: list[TitleReached]


class AbandonReply(TypedDict):
    ok: Literal[True]
    abandoned: list[Abandoned]


class StandingsEntryReply(TypedDict):
    ok: Literal[True]
    entry: StandingsEntry


class StandingsCheckReply(StandingsCheck):
    ok: Literal[True]


class StandingsReply(TypedDict):
    ok: Literal[True]
    standings: Standings


# A guest's message is answered as a change to the table, a gathering, a bye or a relay
GuestReply = TableReply | GatheringReply | ByeReply | RelayReply | RatedShareReply

Reply = (
    Refusal
    | Pong
    | ChoicesReply
    | RulesFormReply
    | RulesTextReply
    | RecordReply
    | LinkReply
    | TableReply
    | GatheringReply
    | HintReply
    | ReviewReply
    | CareerEntryReply
    | CareerReply
    | DailyReply
    | DailyStartReply
    | ExportReply
    | CheckImportReply
    | SeatForReply
    | ByeReply
    | RelayReply
    | RatedShareReply
    | OutboxReply
    | HostMessageReply
    | CheckSharedReply
    | MergeReply
    | ReplayRoundReply
    | RatedTableReply
    | RatingsReply
    | RatedPartReply
    | RatedDocumentReply
    | RatedTakeReply
    | AbandonReply
    | StandingsEntryReply
    | StandingsCheckReply
    | StandingsReply
)
