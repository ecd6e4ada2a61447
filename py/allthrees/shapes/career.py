"""A player's career (``career``): a finished match as an entry, the figures and trophies of the
entries, the daily deal, and what the page keeps, exports and merges; the ratings worked out
from the entries, a rated result between people as every device signs it, and the daily deal's
standings."""

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


class RatedSeat(TypedDict):
    """A seat other than yours as it was rated before the match (Glicko scale)."""

    seat: int
    rating: float
    deviation: float


class SignedSeat(TypedDict):
    """A seat in a rated result's document: a person's (``key`` its device's public key,
    ``previous`` the digest of that key's previous signed result or null) or a computer's
    (``level``; ``key`` and ``previous`` null), with the rating and deviation it played at, in
    whole points."""

    seat: int
    key: str | None
    level: str | None
    rating: int
    deviation: int
    previous: str | None


class ResultDocument(TypedDict):
    """What every person's device signs (its digest: ``career.signed.digest_of``)."""

    kind: str  # "allthrees-rated-result"
    v: int
    match: str  # the match's id, the same on every device
    record: str  # the digest of the match's record (seed revealed): the whole match
    table: str  # the kind of table (``career.rated.KINDS``)
    scores: list[int]  # the final score of each side
    seats: list[SignedSeat]  # every seat, in seat order


class SignedResult(TypedDict):
    """A document with its digest and every person's signature of the digest, by key."""

    document: ResultDocument
    digest: str
    signatures: dict[str, str]


class RatedResult(TypedDict):
    """An entry's ``rated``: the match's kind and every other seat's rating before it (the
    outcome is the entry's own ``scores``); ``signed``, for a table with people, the result every
    person's device signed, None against computers only (``career.rated.rated_of``)."""

    kind: str
    others: list[RatedSeat]
    signed: SignedResult | None


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
    # whether it counts for a rating: Python's entry has both, one of them null (``unrated`` the
    # reason, a code of ``career.rated.UNRATED_REASONS``); an entry from before ratings neither
    rated: NotRequired[RatedResult | None]
    unrated: NotRequired[str | None]


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


class RatingPoint(TypedDict):
    """One rated match in a rating's history: the rating and deviation after it, and by how much
    it moved the rating."""

    id: str
    date: str
    rating: float
    deviation: float
    change: float


class BestRating(TypedDict):
    rating: float
    date: str
    id: str


class KindRating(TypedDict):
    """A kind's rating as the career shows it (``career.rating``): its value and deviation,
    whether it is provisional, the title reached, the rated and abandoned matches, its history
    for the chart and the best established rating reached."""

    kind: str
    rating: float
    deviation: float
    volatility: float
    provisional: bool
    title: str
    played: int
    abandoned: int
    last: str
    history: list[RatingPoint]
    best: BestRating | None


class Ratings(TypedDict):
    """Every kind's rating (null: no rated match of that kind yet) and the highest title of all
    (null before any rated match)."""

    kinds: dict[str, KindRating | None]
    title: str | None


class TitleReached(TypedDict):
    """A title a match reached, said once with the fanfare."""

    kind: str
    title: str


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
    ratings: Ratings


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
    new_titles: NotRequired[list[TitleReached]]
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


class Abandoned(TypedDict):
    """A rated match this device left for good: it counts as abandoned, never as rated."""

    id: str
    date: str
    kind: str


class Kept(TypedDict):
    """A career as the page keeps it and sends it to be merged or exported. ``history`` holds
    whole matches and ``prefs`` the page's preferences: the page's own JSON, checked where read."""

    entries: list[Entry]
    history: list[Json]
    daily: Attempts
    prefs: dict[str, Json]
    abandoned: NotRequired[list[Abandoned]]  # a page from before ratings keeps none


class CareerPart(TypedDict):
    entries: list[Entry]
    daily: Attempts
    abandoned: NotRequired[list[Abandoned]]  # an export from before ratings has none


class SigningKey(TypedDict):
    """The device's key for signing rated results (``career.transfer.check_signing``)."""

    secret: str  # BIP-340's secret key, 64 hex digits


class ExportFile(TypedDict):
    """The export file (``career.export_file``: format ``allthrees-export``, version 1)."""

    format: str
    version: int
    exported: str
    career: CareerPart
    history: list[Json]  # whole matches, the page's as it keeps them
    prefs: dict[str, Json]  # the page's preferences
    signing: NotRequired[SigningKey]  # none: nothing signed yet, or an export from before


class ImportSummary(TypedDict):
    """What a checked export holds (``career.check_import``)."""

    entries: int
    history: int
    trophies: int
    newest: str | None
    signing: bool  # it carries a key for signing rated results


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


# ---------------------------------------------------------------------- rated results, standings
class TableRating(TypedDict):
    """Whether the match in play counts for a rating (``career.rated.rated_table``): its kind,
    why not (a code of ``UNRATED_REASONS``, or null), and whether it counts only once signed by
    people."""

    rated: bool
    kind: str
    reason: str | None
    people: bool


class Part(TypedDict):
    """One device's part of a rated result's document (``career.signed.part``)."""

    seat: int
    key: str
    rating: int
    deviation: int
    previous: str | None


class StandingsEntry(TypedDict):
    """What a player publishes of the day's scored attempt: nothing else leaves the device."""

    v: int
    name: str  # the chosen name, as a seat's name may be
    date: str  # the UTC day whose deal was played
    score: int  # the player's final score
    record: list[list[str]]  # each round's moves in notation, both seats', in order


class Published(TypedDict):
    """A standings entry as the page hands it over: the key that signed its event (checked by the
    page's Nostr client), the relay's time of the event (seconds), and the entry."""

    key: str
    at: int
    entry: StandingsEntry


class Verdict(TypedDict):
    """A replayed standings entry's verdict: its refusal (null: it counts) and its outcome."""

    why: str | None
    won: bool
    margin: int


class StandingsRow(TypedDict):
    """A standings entry that counts, ranked."""

    rank: int
    key: str
    name: str
    score: int
    won: bool
    margin: int


class Standings(TypedDict):
    """A day's standings (``career.standings.standings``): how many entries count and how many
    were refused, the best score, the ranked rows, each replayed entry's verdict by its digest
    (for the page to hand back as ``known``) and the refusals counted by code."""

    date: str
    count: int
    refused: int
    unchecked: int  # entries left unreplayed past the request's budget: neither counted nor refused
    best: int | None
    rows: list[StandingsRow]
    checked: dict[str, Verdict]
    why: dict[str, int]


class StandingsCheck(TypedDict):
    valid: bool
    why: str | None  # a refusal's code (``career.standings.REFUSALS``), or null
