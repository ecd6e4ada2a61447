"""Every request the page sends Python (``app.App.handle``: one JSON object with its ``op``), as
the page means it. Python reads none of it on trust: every value is checked where it is used,
and a request that is not of these shapes is refused (``bad_request`` or a more exact code)."""

from typing import Literal, NotRequired, TypedDict

from .base import Json
from .career import Abandoned, Entry, Kept, Part, Published, SignedResult, SigningKey
from .game import MatchRecord, SettingsJson
from .messages import MoveIntent, SeatPresence


class Ping(TypedDict):
    op: Literal["ping"]


class ChoicesRequest(TypedDict):
    op: Literal["choices"]


class RulesFormRequest(TypedDict):
    op: Literal["rules_form"]
    settings: SettingsJson


class RulesTextRequest(TypedDict):
    op: Literal["rules_text"]


class RecordRequest(TypedDict):
    op: Literal["record"]


class Start(TypedDict):
    """Resume a save, or begin a match."""

    op: Literal["start"]
    save: NotRequired[str]  # the save text (its seed apart when the page sealed it)
    sealed_seed: NotRequired[str]
    salvage: NotRequired[bool]  # resume up to the save's last legal move
    settings: NotRequired[SettingsJson]
    seed: NotRequired[int]


class LinkRequest(TypedDict):
    op: Literal["link"]
    params: dict[str, str]  # the link's query parameters
    settings: NotRequired[SettingsJson]  # the player's own


class New(TypedDict):
    """A fresh match; with ``daily``, that UTC day's deal."""

    op: Literal["new"]
    settings: NotRequired[SettingsJson]
    seed: NotRequired[int]
    daily: NotRequired[str]
    preset: NotRequired[str]
    name: NotRequired[str]  # with a friend's seat: the host's name (as ``gather``)
    clock: NotRequired[int]
    rated: NotRequired[bool]


class Ready(TypedDict):
    """The person behind the pass-and-play cover takes the device."""

    kind: Literal["ready"]


class Next(TypedDict):
    """The next round, or a rematch once the match is over."""

    kind: Literal["next"]


class Presentation(TypedDict):
    hide_sum: NotRequired[bool]


class PresentationIntent(TypedDict):
    """Presentation settings: the only ones that change mid-match."""

    kind: Literal["settings"]
    settings: Presentation


class IntentRequest(TypedDict):
    op: Literal["intent"]
    seat: int | None  # None: the table's own buttons (next)
    intent: MoveIntent | Ready | Next | PresentationIntent


class Advance(TypedDict):
    op: Literal["advance"]


class HintRequest(TypedDict):
    op: Literal["hint"]
    seat: int


class ReviewRequest(TypedDict):
    op: Literal["review"]
    round: NotRequired[int]


class CareerEntryRequest(TypedDict):
    op: Literal["career_entry"]
    date: str
    daily: NotRequired[str | None]
    entries: NotRequired[list[Entry]]
    attempts: NotRequired[dict[str, str]]
    abandoned: NotRequired[list[Abandoned]]


class CareerRequest(TypedDict):
    op: Literal["career"]
    entries: list[Entry]
    today: NotRequired[str]
    attempts: NotRequired[dict[str, str]]
    abandoned: NotRequired[list[Abandoned]]


class DailyRequest(TypedDict):
    op: Literal["daily"]
    date: str
    preset: NotRequired[str]


class DailyStartRequest(TypedDict):
    op: Literal["daily_start"]
    date: str
    attempts: dict[str, str]


class ExportRequest(TypedDict):
    op: Literal["export"]
    exported: str
    entries: list[Entry]
    daily: Json  # the daily's ``{attempts}`` as the page keeps it
    history: list[Json]
    prefs: dict[str, Json]
    abandoned: NotRequired[list[Abandoned]]
    signing: NotRequired[SigningKey]  # the device's key for signing rated results, if it has one


class CheckImport(TypedDict):
    op: Literal["check_import"]
    data: Json  # an export file: its object or its text


class Gather(TypedDict):
    op: Literal["gather"]
    settings: SettingsJson
    seed: NotRequired[int]
    name: NotRequired[str]
    clock: NotRequired[int]
    rated: NotRequired[bool]  # the host's choice, before the deal (never with a ``seed``)
    watch: NotRequired[bool]  # the host lets people watch (``net.watch``)


class Fill(TypedDict):
    op: Literal["fill"]
    level: str


class TimeUp(TypedDict):
    op: Literal["time_up"]
    seat: int
    level: NotRequired[str]


class SeatFor(TypedDict):
    op: Literal["seat_for"]
    key: str


class Guest(TypedDict):
    op: Literal["guest"]
    seat: int
    message: str  # the text a friend's device sent on that seat's channel


class StandIn(TypedDict):
    op: Literal["stand_in"]
    seat: int
    level: str | None


class GiveSeat(TypedDict):
    op: Literal["give_seat"]
    seat: int
    level: str


class Presence(TypedDict):
    op: Literal["presence"]
    seats: list[SeatPresence]
    watchers: NotRequired[int]  # how many watch, as the host's page counts them


class WatchRequest(TypedDict):
    """The host lets people watch the table, or no more (``net.watch``)."""

    op: Literal["watch"]
    on: bool


class TableTitle(TypedDict):
    """The host's own player's title at its table (``net.table.set_title``): None, none shown."""

    op: Literal["table_title"]
    title: str | None


class HostMessageRequest(TypedDict):
    op: Literal["host_message"]
    message: str


class Seen(TypedDict):
    events: list[Json]  # every event a guest's table messages brought, as it kept them


class CheckShared(TypedDict):
    op: Literal["check_shared"]
    commitment: str
    reveal: Json  # the reveal message: its object or its text
    my_part: str
    seen: Seen
    date: NotRequired[str]
    entries: NotRequired[list[Entry]]
    attempts: NotRequired[dict[str, str]]


class React(TypedDict):
    op: Literal["react"]
    id: str


class SetRated(TypedDict):
    op: Literal["rated"]
    on: bool


class RatedShare(TypedDict):
    """The host's own part of a rated result, or its signature of the document's digest."""

    op: Literal["rated_share"]
    part: NotRequired[Part]
    digest: NotRequired[str]
    signature: NotRequired[str]


class CareerMerge(TypedDict):
    op: Literal["career_merge"]
    mine: Kept
    theirs: Kept
    today: NotRequired[str]


class ReplayRoundRequest(TypedDict):
    op: Literal["replay_round"]
    settings: SettingsJson
    record: MatchRecord
    round: int
    review: NotRequired[bool]


class RatedTableRequest(TypedDict):
    op: Literal["rated_table"]


class RatingsRequest(TypedDict):
    op: Literal["ratings"]
    entries: list[Entry]
    today: NotRequired[str]
    abandoned: NotRequired[list[Abandoned]]


class RatedPartRequest(TypedDict):
    op: Literal["rated_part"]
    entries: list[Entry]
    entry: Entry  # the match's entry, with its record
    key: str  # this device's public key, 64 hex digits


class RatedDocumentRequest(TypedDict):
    op: Literal["rated_document"]
    entry: Entry
    parts: list[Json]  # every person's part (``career.Part``), as the devices sent them


class RatedTakeRequest(TypedDict):
    op: Literal["rated_take"]
    entries: list[Entry]
    entry: Entry
    signed: SignedResult
    verified: bool  # the page checked every signature
    key: str
    today: NotRequired[str]
    attempts: NotRequired[dict[str, str]]
    abandoned: NotRequired[list[Abandoned]]


class RatedAbandonRequest(TypedDict):
    op: Literal["rated_abandon"]
    abandoned: list[Abandoned]
    match: str
    date: str
    kind: str


class StandingsEntryRequest(TypedDict):
    op: Literal["standings_entry"]
    name: str
    entry: Entry  # the day's scored attempt, with its record


class StandingsCheckRequest(TypedDict):
    op: Literal["standings_check"]
    entry: Published
    date: str
    today: str


class StandingsRequest(TypedDict):
    op: Literal["standings"]
    entries: list[Published]
    date: str
    today: str
    known: NotRequired[dict[str, Json]]  # the verdicts of an earlier reply's ``checked``
    budget: NotRequired[int]  # the most entries replayed (the rest left ``unchecked``)


Request = (
    Ping
    | ChoicesRequest
    | RulesFormRequest
    | RulesTextRequest
    | RecordRequest
    | Start
    | LinkRequest
    | New
    | IntentRequest
    | Advance
    | HintRequest
    | ReviewRequest
    | CareerEntryRequest
    | CareerRequest
    | DailyRequest
    | DailyStartRequest
    | ExportRequest
    | CheckImport
    | Gather
    | Fill
    | TimeUp
    | SeatFor
    | Guest
    | StandIn
    | GiveSeat
    | Presence
    | WatchRequest
    | TableTitle
    | HostMessageRequest
    | CheckShared
    | React
    | RatedShare
    | SetRated
    | CareerMerge
    | ReplayRoundRequest
    | RatedTableRequest
    | RatingsRequest
    | RatedPartRequest
    | RatedDocumentRequest
    | RatedTakeRequest
    | RatedAbandonRequest
    | StandingsEntryRequest
    | StandingsCheckRequest
    | StandingsRequest
)
