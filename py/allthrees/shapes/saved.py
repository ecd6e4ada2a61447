"""The save (``save``) and the parts the page stores of it (``save.stored``): its identity, the
seed the page seals, and the rest kept as it is."""

from typing import NotRequired, TypedDict

from .game import SettingsJson


class JointSaved(TypedDict):
    """A table across devices as the save keeps it in plain text: everything but the host's
    secret, which is the save's sealed ``seed`` (``net.state.TableState.to_json``)."""

    table: str
    friends: list[int]
    k: int  # the match of the host's chain
    practice: bool
    host_name: str
    parts: dict[str, str]  # a friend's seat -> its part of the joint seed
    names: dict[str, str]
    keys: dict[str, str]  # a friend's seat -> the SHA-256 of its seat key
    clock: int
    rated: bool  # the host chose a rated table before the deal
    watch: bool  # the host lets people watch (a save from before watching has none: off)
    given_away: list[int]
    titles: NotRequired[dict[str, str]]  # a seat -> its player's title (a save from before: none)


class MatchSaveRest(TypedDict):
    """A match's save without its sealed ``seed``: what ``stored``'s ``rest`` holds."""

    version: int
    match_id: str
    moves: int  # grows with every change: the newer of two saves of a match has more
    practice: bool
    dealing: str
    commitment: str
    settings: SettingsJson
    rounds: list[list[str]]  # each round's moves in notation
    viewer: int | None
    cover: int | None
    hinted: bool  # a hint was asked during the match: it is not rated
    worlds: int | None  # the daily deal's computers search this many worlds (None: the usual)
    net: NotRequired[JointSaved]  # a table across devices
    stand_in: NotRequired[dict[str, str]]  # a friend's seat -> the level playing it while away


class GatheringSaveRest(TypedDict):
    """A gathering's save (a table across devices before its deal) without its ``seed``."""

    version: int
    match_id: str  # the table id
    moves: int
    gathering: JointSaved
    settings: SettingsJson


class Stored(TypedDict):
    """The save as the page stores it, so that it never reads the save's own fields."""

    match_id: str
    moves: int
    seed: str  # the part the page seals: the match's seed, or the host's secret
    rest: MatchSaveRest | GatheringSaveRest


class GatheringStored(TypedDict):
    """A gathering as the page keeps it: the save's text, and its stored parts."""

    text: str
    stored: Stored
