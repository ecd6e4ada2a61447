"""A player's career (``career``): a finished match as an entry, the figures and trophies of the
entries, the daily deal, and what the page keeps, exports and merges."""

from typing import NotRequired, TypedDict

from .base import Json, OptionValue
from .game import Label, MatchRecord, SettingsJson


class Table(TypedDict):
    """Who sat where in a finished match (``career.entries.table``)."""

    mode: str
    players: int
    preset: str
    options: dict[str, OptionValue]
    seats: list[str]  # each seat's controller
    names: list[Label]
    you: int
    your_side: int
    partner: str | None
    level: str  # the opponents: a computer level, "people" or "mixed"


class Results(TypedDict):
    """A finished match's results for the device owner's seat and side
    (``career.entries.results``)."""

    won: bool
    scores: list[int]
    margin: int
    rounds: int
    race: list[list[int]]  # each side's score after each round, from 0
    trailed_by: int
    other_round_wins: int
    dominoes: int
    blocks: int
    plays: list[int]  # the points of each tile the device's owner placed
    turns: int
    multiples: int
    largest: int
    points: int
    domino_66: bool
    pegs: bool  # cribbage: its points are pegs


class Entry(Table, Results):
    """A finished match in the career (``career.entries.entry``; checked by
    ``career.schema.check_entry``, which takes the page's own fields past these too)."""

    id: str
    date: str  # the page's ISO UTC time when it ended
    daily: str | None  # the UTC day when it was that day's scored daily
    practice: bool
    # Python's entry has both; the page may leave them out of the entries it sends back
    record: NotRequired[MatchRecord]
    settings: NotRequired[SettingsJson]


class Played(TypedDict):
    played: int
    won: int


class MatchLine(TypedDict):
    id: str
    date: str
    margin: int
    scores: list[int]


class LargestPlay(TypedDict):
    points: int
    id: str
    date: str


# "from" is a keyword: the functional form names it
HistogramBucket = TypedDict("HistogramBucket", {"from": int, "to": int | None, "count": int})


class DailyLine(TypedDict):
    """A daily's result to share, as a code the page words (``career.daily_line``)."""

    code: str
    date: str
    points: int
    margin: int
    won: bool


class DailyToday(TypedDict):
    date: str
    attempted: bool
    line: DailyLine | None


class DailyFigures(TypedDict):
    played: int
    streak: int
    longest: int
    last: str | None
    today: NotRequired[DailyToday]  # when the page says what day it is


class Earned(TypedDict):
    """A trophy earned: its id, when, in which match."""

    id: str
    date: str
    match: str


class Figures(TypedDict):
    """Every figure of a career (``career.stats.figures``)."""

    played: int
    won: int
    win_rate: float | None
    win_rate_series: list[float | None]
    by_mode: dict[str, Played]
    by_players: dict[str, Played]
    by_level: dict[str, Played]
    points_per_round: float | None
    points_per_turn: float | None
    multiples: int
    largest: LargestPlay | None
    dominoes: int
    blocks: int
    best: MatchLine | None
    worst: MatchLine | None
    streak: int
    longest_streak: int
    plays_histogram: list[HistogramBucket]
    daily: DailyFigures
    trophies: list[Earned]


class Keep(TypedDict):
    """How much the page keeps: career entries and whole matches."""

    entries: int
    history: int


class Recorded(TypedDict):
    """A finished match taken into the career (``career.recorded``): the rest with ``entry``
    and ``line`` when the page sent the career's entries."""

    entry: Entry
    line: DailyLine | None
    career: NotRequired[Figures]
    new_trophies: NotRequired[list[str]]
    keep: NotRequired[Keep]


class Daily(TypedDict):
    """A UTC day's deal, the same for everyone (``career.daily``)."""

    date: str
    settings: SettingsJson
    seed: int
    commitment: str


class DailyStart(TypedDict):
    scored: bool
    attempts: dict[str, str]  # a UTC day -> the match that was its scored attempt


class Attempts(TypedDict):
    attempts: dict[str, str]


class Kept(TypedDict):
    """A career as the page keeps it and sends it to be merged or exported. ``history`` holds
    whole matches and ``prefs`` the page's preferences: the page's own JSON, checked where read."""

    entries: list[Entry]
    history: list[Json]
    daily: Attempts
    prefs: dict[str, Json]


class CareerPart(TypedDict):
    entries: list[Entry]
    daily: Attempts


class ExportFile(TypedDict):
    """The export file (``career.export_file``: format ``allthrees-export``, version 1)."""

    format: str
    version: int
    exported: str
    career: CareerPart
    history: list[Json]  # whole matches, the page's as it keeps them
    prefs: dict[str, Json]  # the page's preferences


class ImportSummary(TypedDict):
    """What a checked export holds (``career.check_import``)."""

    entries: int
    history: int
    trophies: int
    newest: str | None


class MergeCounts(TypedDict):
    entries: int
    added: int
    conflicts: int
    damaged: int
    history: int
    damaged_history: int


class Merged(TypedDict):
    """Two devices' careers as one (``career.merge``)."""

    merged: Kept
    career: Figures
    replaced: Kept  # this device's as it was, for the backup
    counts: MergeCounts
    keep: Keep
