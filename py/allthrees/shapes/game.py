"""A table's settings, New game's choices and Options, and the match record (docs/rules.md,
"Record format"): the shapes shared by requests, replies, saves and messages."""

from typing import Literal, NotRequired, TypedDict

from .base import Line, OptionValue


class SeatSetting(TypedDict):
    """One seat of the settings: who plays it (``settings.CONTROLLERS``), and a person's or a
    friend's name when it has one."""

    controller: str
    name: NotRequired[str]


class SettingsJson(TypedDict):
    """A table's settings (``settings.Settings.to_json``)."""

    mode: str  # "match", "sprint" or "partners"
    rules: str  # a preset of ``rules.PRESETS``
    options: dict[str, OptionValue]  # the options changed from the preset's
    seats: list[SeatSetting]
    hide_sum: bool


class Label(TypedDict):
    """What names a seat, as a code the page words (``settings.Settings.labels``)."""

    kind: Literal["you", "host", "person", "friend", "level"]
    name: NotRequired[str | None]  # a person's, a friend's or the host's own name
    n: NotRequired[int]  # the seat's number from 1, or the level's count at the table
    level: NotRequired[str]  # a computer's level


class SettingChoices(TypedDict):
    """What the New game dialog offers of the settings, and their defaults
    (``settings.choices``)."""

    modes: list[str]
    players: list[int]
    partners_players: int
    controllers: list[str]
    friend: str
    max_friends: int
    named: list[str]
    computers: list[str]
    targets: list[int]
    presets: list[str]
    name_max: int
    defaults: SettingsJson
    default_target: int


class Choices(SettingChoices):
    """What the New game dialog offers, and its defaults (``snapshot.choices``)."""

    clocks: list[int]  # the table clock's seconds a move (0: none)
    quick_clock: int


class FormOption(TypedDict):
    """One option of New game's Options (``rulesform.rules_form``)."""

    name: str
    value: OptionValue
    default: OptionValue  # the preset's, for this table
    customised: bool
    kind: Literal["choice", "bool", "int"]
    choices: NotRequired[list[str] | list[int]]
    min: NotRequired[int]
    max: NotRequired[int]


class FormPreset(TypedDict):
    name: str
    about: list[Line]  # what sets the preset apart, as codes (``explain.preset_parts``)


class FormError(TypedDict):
    """The engine's refusal of an impossible combination, next to the option at fault."""

    option: str | None
    message: str
    code: str | None
    values: dict[str, object]


class RulesForm(TypedDict):
    preset: str
    presets: list[FormPreset]
    options: list[FormOption]
    customised: bool
    error: FormError | None


class RoundRecord(TypedDict):
    """One round of a record: the deal and every move in notation."""

    hands: list[list[str]]
    boneyard: list[str]
    first: int  # the seat that leads
    moves: list[str]


class MatchRecord(TypedDict):
    """A match's record (docs/rules.md, "Record format"): with the seed, its commitment and the
    way of dealing once the match is over."""

    rules: str
    options: dict[str, OptionValue]
    rounds: list[RoundRecord]
    seed: NotRequired[str]
    commitment: NotRequired[str]
    dealing: NotRequired[str]


class DealRecord(RoundRecord):
    """A fresh round's record (``python -m allthrees deal``): the rules and one round's deal."""

    rules: str
    options: dict[str, OptionValue]


class Muggins(TypedDict):
    seat: int  # who took the points the mover did not claim
    points: int


class MoveResult(TypedDict):
    """One move of a replayed round (``python -m allthrees replay``)."""

    seat: int
    move: str  # "draw", "pass" or the play in notation
    tile: NotRequired[str]  # a draw's tile
    end_sum: NotRequired[int]
    points: NotRequired[int]
    claim: NotRequired[int | None]  # with muggins
    muggins: NotRequired[Muggins]
    bust: NotRequired[int]  # exact target: points past it, not counted


class RoundEndResult(TypedDict):
    reason: str | None
    winner: int | None  # the side
    bonus: int
    pips: list[int]
    bust: NotRequired[int]


class RoundResult(TypedDict):
    moves: list[MoveResult]
    end: RoundEndResult
    scores: list[int]  # each side's match total after the round


class MatchResult(TypedDict):
    """A replayed match (``python -m allthrees replay``, docs/rules.md "Output")."""

    rounds: list[RoundResult]
    winner: int | None


class RulesSection(TypedDict):
    """A section of the rules in force (``explain.rules_lines``): its title and lines, as codes."""

    title: str
    lines: list[Line]
