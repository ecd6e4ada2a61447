"""The table as the page draws it: the snapshot for one viewer (``snapshot.snapshot``), the events
it animates (``session``'s, as ``snapshot.event_json`` shows them), a hint, a review and a
finished round in the replay viewer."""

from typing import Literal, NotRequired, TypedDict

from .base import Line, OptionValue
from .game import Label, SettingsJson


class Place(TypedDict):
    """Where a tile lies, in table units: its centre and the way it points (N, E, S or W)."""

    x: float
    y: float
    dir: str


class LaidTile(Place):
    """A tile of the layout; it reads ``a`` -> ``b`` along ``dir``."""

    a: int
    b: int
    double: bool
    arm: str  # "lead", or the arm it was played on: W, E, N, S
    seat: int


class OpenEnd(Place):
    """An open end: where the next tile would lie, and exactly where a plain tile and a double
    played there would (``geometry.layout_geometry``)."""

    arm: str
    value: int
    points: int  # what the end adds to the end sum
    plain: Place
    double: Place


class Layout(TypedDict):
    tiles: list[LaidTile]
    ends: list[OpenEnd]
    bounds: list[float]  # [minx, miny, maxx, maxy] over the tiles and the open ends


class Target(Place):
    """Where a tile of the viewer's hand may go, placed, with what it would score."""

    arm: str | None  # None for the lead
    a: int
    b: int
    points: int


class HandTile(TypedDict):
    tile: str  # "6-4"
    a: int
    b: int
    playable: bool
    lead: bool
    targets: list[Target]
    why_not: Literal["wait", "lead", "no_end"] | None


class RulesShown(TypedDict):
    """The rules in force as the page needs them."""

    preset: str
    options: dict[str, OptionValue]  # every option as the engine holds it
    target: int
    multiple: int
    players: int
    teams: bool
    single_round: bool
    reserve: int
    cribbage: bool
    muggins: bool
    max_claim: int
    max_pip: int
    spinner: bool
    picture: Line | None  # How to play's example of an end sum that scores


class SeatShown(TypedDict):
    seat: int
    name: str  # in English (the terminal's, a record's)
    label: Label  # what the page words
    side: int
    controller: str
    person: bool
    friend: bool
    stand_in: str | None  # the computer level playing a friend's seat while it is away
    tiles: int
    passed: bool
    drew: int  # tiles drawn on its latest turn
    title: str | None  # its player's title, as its device said it at a table across devices


class SideShown(TypedDict):
    side: int
    seats: list[int]
    name: str
    score: int
    round_points: int


class LeadRule(TypedDict):
    code: str  # of ``snapshot.LEAD_CODES``
    tile: str | None


class Pegs(TypedDict):
    front: int
    back: int


class LastPlay(TypedDict):
    seat: int
    points: int
    end_sum: int
    index: int


class RoundShown(TypedDict):
    over: bool
    reason: str | None
    winner: int | None  # the side
    bonus: int
    points: list[int]  # per side
    seat_points: list[int]
    pips: list[int] | None  # per seat, once the round is over
    hands: list[list[str] | None] | None  # once over; a guest sees its own hand only
    summary: list[Line]


class JointShown(TypedDict):
    table: str
    match: int


class FairDeal(TypedDict):
    commitment: str
    practice: bool
    dealing: str
    joint: NotRequired[JointShown]  # a table across devices
    seed: NotRequired[str]  # once the match is over


class SeatStats(TypedDict):
    multiples: int
    turns: int
    in_play: int
    avg_per_turn: float


class MatchShown(TypedDict):
    over: bool
    winner: int | None
    draw: bool
    in_progress: bool
    stats: list[SeatStats]


class FriendShown(TypedDict):
    seat: int
    name: str | None
    joined: bool


class FriendAtTable(FriendShown):
    stand_in: str | None
    given: bool  # the host gave the seat to a computer for good


class ClockShown(TypedDict):
    """The turn's table clock while a person is to move at a table with one."""

    seat: int
    limit_ms: int
    left_ms: int


class NetShown(TypedDict):
    """A table across devices, the same in the host's snapshot and each friend's."""

    table: str
    commitment: str
    match: int
    friends: list[FriendAtTable]
    clock_s: int
    clock: ClockShown | None
    rated: bool  # the host chose a rated table before the deal
    watch: bool  # the host lets people watch (``net.watch``)


class Snapshot(TypedDict):
    """The table as one viewer may see it (``snapshot.snapshot``)."""

    version: str
    mode: str
    settings: SettingsJson
    rules: RulesShown
    seats: list[SeatShown]
    sides: list[SideShown]
    you: int
    viewer: int | None
    cover: int | None
    turn: int
    to_move: int | None
    person_to_move: int | None
    computer_to_move: bool
    friend_to_move: int | None
    phase: Literal["match_over", "round_over", "lead", "play"]
    round_no: int
    hand: list[HandTile]
    can_draw: bool
    must_pass: bool
    pass_why: Literal["reserve", "empty", "block"] | None
    lead_rule: LeadRule | None
    pegs: list[Pegs] | None
    boneyard: int
    reserve: int
    layout: Layout
    end_sum: int
    end_sum_scores: bool
    last: LastPlay | None
    round: RoundShown
    fair: FairDeal
    match: MatchShown
    net: NetShown | None


# ---------------------------------------------------------------------- events
class DealtEvent(TypedDict):
    kind: Literal["deal"]
    round_no: int
    hand: NotRequired[list[str]]  # a friend's seat: its own hand, so its page keeps what it saw


class PlacedEvent(TypedDict):
    kind: Literal["placed"]
    seat: int
    tile: str
    arm: str | None
    index: int
    end_sum: int
    points: int
    made: int
    claim: int | None
    taker: int
    note: Line | None  # a partner's note (``ai.advice.partner_note``)
    bust: int


class DrewEvent(TypedDict):
    kind: Literal["drew"]
    seat: int
    tile: NotRequired[str]  # only for the seat that drew


class PassedEvent(TypedDict):
    kind: Literal["passed"]
    seat: int


class RoundOverEvent(TypedDict):
    kind: Literal["round_over"]
    reason: str
    winner: int | None
    bonus: int


class MatchOverEvent(TypedDict):
    kind: Literal["match_over"]
    winner: int | None


class CoveredEvent(TypedDict):
    kind: Literal["covered"]
    seat: int


class RevealedEvent(TypedDict):
    kind: Literal["revealed"]
    seat: int


class TimedOutEvent(TypedDict):
    kind: Literal["timed_out"]
    seat: int
    misses: int
    away: bool
    level: str


EventShown = (
    DealtEvent
    | PlacedEvent
    | DrewEvent
    | PassedEvent
    | RoundOverEvent
    | MatchOverEvent
    | CoveredEvent
    | RevealedEvent
    | TimedOutEvent
)


# ---------------------------------------------------------------------- advice
class Hint(TypedDict):
    seat: int
    reason: str  # in English, for the command line
    why: Line  # the same as a code, which the page words
    kind: Literal["draw", "pass", "play"]
    tile: NotRequired[str]
    arm: NotRequired[str | None]  # None: a lead


class ReviewNote(TypedDict):
    """A play of a person's where the Expert would have chosen differently."""

    seat: int
    name: str
    turn: int
    played: str
    expert: str
    loss: float
    why: Line


# ---------------------------------------------------------------------- the replay viewer
class ReplaySeat(TypedDict):
    seat: int
    label: Label
    name: str
    side: int
    person: bool


class ReplayMove(TypedDict):
    kind: Literal["draw", "pass", "play"]
    seat: int
    points: int
    end_sum: int
    tile: NotRequired[str]
    arm: NotRequired[str | None]
    made: NotRequired[int]
    taker: NotRequired[int | None]


class ReplayFrame(TypedDict):
    move: ReplayMove | None  # None for the deal
    layout: Layout
    end_sum: int
    end_sum_scores: bool
    hands: list[list[str]]
    boneyard: int
    scores: list[int]
    turn: int | None


class ReplayNote(ReviewNote):
    frame: int


class RoundEnd(TypedDict):
    reason: str
    winner: int | None
    bonus: int
    pips: list[int]


class ReplayRound(TypedDict):
    """One round of a kept match, move by move (``replayview.replay_round``)."""

    index: int
    rounds: int
    multiple: int
    target: int | None
    seats: list[ReplaySeat]
    frames: list[ReplayFrame]
    review: list[ReplayNote] | None
    end: RoundEnd | None
    summary: list[Line]
