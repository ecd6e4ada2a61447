"""A player's career: each finished match as an entry, every figure and trophy from the entries,
the daily deal, and the check of an imported export before the page replaces anything with it.

An entry (``entry``) is computed once, when a match ends, from the engine's own histories (each
round's ``Entry`` list and ``outcome()``), the match's scores and the settings: it holds what the
figures need and nothing the page must work out. ``figures`` reads only entries (the page keeps
them; they carry no hands), so the career survives the records the page lets go of; the trophies
are named predicates over an entry and a tally of the entries before it (``TROPHIES``). The daily
deal is a seed from the UTC date and the preset (``daily``), the same for everyone that day.
``check_import`` checks a whole export, every history record replayed from its revealed seed,
before the page touches its own storage.

Dates are the page's: an entry's ``date`` is an ISO UTC timestamp (``YYYY-MM-DDTHH:MM:SSZ``,
milliseconds allowed, as ``Date.toISOString`` writes it), a daily is a UTC day (``YYYY-MM-DD``).
Nothing here reads a clock: what "today" is stays the page's to say. What the page words
arrives as codes (the seats' ``labels``, ``daily_line``); every refusal is a ``CareerError``
(or ``NotOver``) with a code of ``errors.REFUSAL_CODES``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date as Day
from datetime import datetime, timedelta
from typing import Any

from . import jsontext
from .errors import AllThreesError
from .jsontext import shown
from .match import DEALINGS, commitment
from .moves import places_tile, tile_of
from .present import match_record, stats
from .record import resume
from .rules import BLOCKED, DEFAULT_PRESET, DOMINO, PRESETS
from .session import BadIntent, Session
from .settings import (
    COMPUTERS,
    CONTROLLERS,
    MAX_SEED_DIGITS,
    MODES,
    PLAYER_COUNTS,
    Seat,
    Settings,
)
from .tiles import tile_id


class CareerError(AllThreesError):
    """A career entry, a date, a daily or an export that cannot be taken; ``code`` says what is
    wrong and ``values`` which item (``item``: its place in the list from 1, ``date``)."""

    code = "bad_career"

    def __init__(self, message: str, code: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.code = code or type(self).code
        self.values = values


class NotOver(BadIntent):
    """A career entry asked for before the match has a winner (or a drawn sprint)."""

    code = "match_not_over"


# ---------------------------------------------------------------------- dates
# ASCII digits only: \d would take any script's digits, which no date parser reads.
_STAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{3})?Z"
)
_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def parse_stamp(text: Any) -> datetime | None:
    """An ISO UTC timestamp as ``Date.toISOString`` writes it (or without the milliseconds), or
    None when it is not one or names no real moment (2026-02-30, 24:00)."""
    m = _STAMP.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    millis = int(m[7][1:]) if m[7] else 0
    try:
        return datetime(*(int(g) for g in m.groups()[:6]), millis * 1000)
    except ValueError:
        return None


def parse_day(text: Any) -> Day | None:
    """A UTC calendar day ``YYYY-MM-DD``, or None when it is not one or no such day exists."""
    m = _DAY.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    try:
        return Day(*(int(g) for g in m.groups()))
    except ValueError:
        return None


def _stamp(text: Any, what: str) -> str:
    if parse_stamp(text) is None:
        raise CareerError(
            f"{what} must be an ISO UTC time like 2026-12-01T18:30:00Z, not {shown(text)}",
            code="bad_date",
            text=str(text)[:30],
        )
    return text


def _day(text: Any, what: str) -> str:
    if parse_day(text) is None:
        raise CareerError(
            f"{what} must be a real UTC day like 2026-12-01, not {shown(text)}",
            code="bad_date",
            text=str(text)[:30],
        )
    return text


# ---------------------------------------------------------------------- the daily deal
DAILY_SALT = "allthrees daily"  # hashed with the day and the preset: the seed of that deal
DAILY_SEED_HEX = 12  # hex digits of the hash kept: 48 bits, a seed a ?seed= link can carry
# A daily's seed must be a seed a link and the New game request take (below 10**15).
assert 16**DAILY_SEED_HEX <= 10**MAX_SEED_DIGITS
DAILY_OPPONENT = "expert"  # everyone meets the same player: the strongest


def daily_settings(preset: str = DEFAULT_PRESET) -> Settings:
    """The daily's table: a Parlor Match under ``preset``, you against the Expert, its options the
    preset's own (BadSettings ``unknown_preset`` for an unknown preset)."""
    return Settings(mode="match", rules=preset, seats=(Seat("you"), Seat(DAILY_OPPONENT)))


def daily_seed(day: str, preset: str) -> int:
    """The seed of ``day``'s deal under ``preset``: the same for everyone that UTC day."""
    digest = hashlib.sha256(f"{DAILY_SALT} {day} {preset}".encode()).hexdigest()
    return int(digest[:DAILY_SEED_HEX], 16)


def daily(date: Any, preset: Any = DEFAULT_PRESET) -> dict[str, Any]:
    """The deal of UTC day ``date``: its settings, its seed and the seed's commitment. The seed is
    public (anyone can work it out), so the commitment only lets the page show the usual line."""
    day = _day(date, "the daily's date")
    settings = daily_settings(preset)
    seed = daily_seed(day, settings.rules)
    return {
        "date": day,
        "settings": settings.to_json(),
        "seed": seed,
        "commitment": commitment(seed),
    }


def daily_session(date: Any, preset: Any = DEFAULT_PRESET, hide_sum: bool = False) -> Session:
    """A new match on ``date``'s daily deal. It counts (it is not a practice deal): its seed is
    public, but the same for everyone, and the page scores only the day's first attempt."""
    deal = daily(date, preset)
    settings = replace(Settings.from_json(deal["settings"]), hide_sum=hide_sum)
    return Session(settings, deal["seed"], practice=False)


def daily_line(entry: Any) -> dict[str, Any]:
    """A daily's result to share, as a code and values the page words ("All Threes daily
    2026-12-01: 87 points, won by 23"): your side's score, the margin, whether you won."""
    e = check_entry(entry)
    if e["daily"] is None:
        raise CareerError("that match was not a daily deal", code="not_daily")
    return {
        "code": "daily_line",
        "date": e["daily"],
        "points": e["scores"][e["your_side"]],
        "margin": e["margin"],
        "won": e["won"],
    }


def _check_daily(session: Session, day: str) -> None:
    """A match recorded as ``day``'s daily must be that deal at that table."""
    settings = session.settings
    expected = daily_settings(settings.rules)
    if (
        settings.mode != expected.mode
        or settings.seats != expected.seats
        or settings.to_rules() != expected.to_rules()
        or session.seed != daily_seed(day, settings.rules)
    ):
        raise CareerError(f"this match is not the daily deal of {day}", code="not_daily", date=day)


# ---------------------------------------------------------------------- one match as an entry
LEVELS = (*COMPUTERS, "people", "mixed")  # who the opponents were (``level``)
DOUBLE_SIX = tile_id(6, 6)  # the domino_66 trophy's tile (in both sets)


def entry(session: Session, date: Any, daily_day: Any = None) -> dict[str, Any]:
    """The session's finished match as a career entry (JSON): who sat where, the results for the
    device owner's seat (``you``) and side, the record with its seed revealed, and the settings.
    ``date`` is when it ended (the page's clock), ``daily_day`` the UTC day when this was that
    day's scored daily (None otherwise; the match must be that deal)."""
    if not session.match.over:
        raise NotOver("the match is not over yet: a career entry is made when it ends")
    stamp = _stamp(date, "the date")
    day = None if daily_day is None else _day(daily_day, "the daily's date")
    if day is not None:
        _check_daily(session, day)
    return {
        "id": session.match_id,
        "date": stamp,
        "daily": day,
        # a ?seed= deal (not the daily) anyone could have seen beforehand: the page decides
        "practice": session.practice and day is None,
        **table(session.settings),
        **results(session),
        "record": match_record(session),
        "settings": session.settings.to_json(),
    }


def table(settings: Settings) -> dict[str, Any]:
    """Who sat where: the mode, the rules, each seat's controller and label, the device owner's
    seat and side, the partner's controller and the opponents' ``level``."""
    rules = settings.to_rules()
    you = settings.you()
    side = rules.side_of(you)
    partners = [s for s in rules.seats_of(side) if s != you]
    return {
        "mode": settings.mode,
        "players": rules.players,
        "preset": settings.rules,
        "options": dict(settings.options),
        "seats": [s.controller for s in settings.seats],
        "names": settings.labels(),
        "you": you,
        "your_side": side,
        "partner": settings.seats[partners[0]].controller if partners else None,
        "level": _level([s for i, s in enumerate(settings.seats) if rules.side_of(i) != side]),
    }


def _level(opponents: list[Seat]) -> str:
    """One computer level when every opponent plays at it, "people" when a person sits against
    you, "mixed" for computers of different levels."""
    if any(s.person for s in opponents):
        return "people"
    levels = {s.controller for s in opponents}
    return levels.pop() if len(levels) == 1 else "mixed"


def results(session: Session) -> dict[str, Any]:
    """The match's results for the device owner's seat and side, from the rounds' histories and
    outcomes (one home each: ``present.stats`` says what a turn and a scoring play are)."""
    match, settings = session.match, session.settings
    rules = match.rules
    you = settings.you()
    side = rules.side_of(you)
    scores = list(match.scores)
    race = [[0, *(after[s] for after in match.round_scores)] for s in range(rules.sides)]
    ends = [r.outcome() for r in match.rounds]
    plays = [
        e.points for r in match.rounds for e in r.history if e.seat == you and places_tile(e.move)
    ]
    mine = stats(session)[you]
    return {
        "won": match.winner == side,
        "scores": scores,
        "margin": scores[side] - _best_other(scores, side),
        "rounds": len(match.rounds),
        "race": race,
        # the most the side was behind at a round's end (0 if it never was)
        "trailed_by": max([0, *(_best_other(a, side) - a[side] for a in match.round_scores)]),
        "other_round_wins": sum(1 for end in ends if end.winner_side not in (-1, side)),
        "dominoes": sum(1 for end in ends if end.winner_side == side and end.reason == DOMINO),
        "blocks": sum(1 for end in ends if end.winner_side == side and end.reason == BLOCKED),
        "plays": plays,
        "turns": mine["turns"],
        "multiples": mine["multiples"],
        "largest": max(plays, default=0),
        # the side's round points (plays, and muggins taken) less the bonuses it won
        "points": sum(
            r.points[side] - (end.bonus if end.winner_side == side else 0)
            for r, end in zip(match.rounds, ends, strict=True)
        ),
        "domino_66": any(
            end.reason == DOMINO
            and end.winner_seat == you
            and not any(places_tile(e.move) and tile_of(e.move) == DOUBLE_SIX for e in r.history)
            for r, end in zip(match.rounds, ends, strict=True)
        ),
        "pegs": rules.cribbage,
    }


def _best_other(scores: list[int], side: int) -> int:
    return max(v for s, v in enumerate(scores) if s != side)


# ---------------------------------------------------------------------- checking entries
MATCH_ID = re.compile(r"[0-9a-f]{16}")  # ``Session.match_id``: 8 random bytes in hex


def _whole(least: int | None = 0) -> Callable[[Any], bool]:
    def check(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and (least is None or v >= least)

    return check


def _one_of(choices: Iterable[Any]) -> Callable[[Any], bool]:
    allowed = tuple(choices)
    return lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) and v in allowed


def _list_of(item: Callable[[Any], bool], least: int = 0) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and len(v) >= least and all(item(x) for x in v)


def _is(kind: type) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, kind)


_COUNT = _whole(0)
# Every field ``figures`` and ``daily_line`` read, with what it must be (the words of a refusal).
# ``record`` and ``settings`` are the page's (it may leave them out of what it sends).
ENTRY_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "id": (lambda v: isinstance(v, str) and MATCH_ID.fullmatch(v) is not None, "a match id"),
    "date": (lambda v: parse_stamp(v) is not None, "an ISO UTC time"),
    "daily": (lambda v: v is None or parse_day(v) is not None, "a UTC day or null"),
    "practice": (_is(bool), "true or false"),
    "mode": (_one_of(MODES), f"one of {', '.join(MODES)}"),
    "players": (_one_of(PLAYER_COUNTS), "2, 3 or 4"),
    "preset": (_one_of(PRESETS), f"one of {', '.join(PRESETS)}"),
    "options": (_is(dict), "an object"),
    "seats": (_list_of(_one_of(CONTROLLERS), 2), "a list of controllers"),
    "names": (_list_of(_is(dict), 2), "a list of labels"),
    "you": (_COUNT, "a seat"),
    "your_side": (_COUNT, "a side"),
    "partner": (lambda v: v is None or _one_of(CONTROLLERS)(v), "a controller or null"),
    "level": (_one_of(LEVELS), f"one of {', '.join(LEVELS)}"),
    "won": (_is(bool), "true or false"),
    "scores": (_list_of(_COUNT, 2), "a list of scores"),
    "margin": (_whole(None), "a whole number"),
    "rounds": (_whole(1), "a whole number from 1"),
    "race": (_list_of(_list_of(_COUNT, 2), 2), "a list of scores per side"),
    "trailed_by": (_COUNT, "a whole number from 0"),
    "other_round_wins": (_COUNT, "a whole number from 0"),
    "dominoes": (_COUNT, "a whole number from 0"),
    "blocks": (_COUNT, "a whole number from 0"),
    "plays": (_list_of(_COUNT), "a list of points"),
    "turns": (_COUNT, "a whole number from 0"),
    "multiples": (_COUNT, "a whole number from 0"),
    "largest": (_COUNT, "a whole number from 0"),
    "points": (_COUNT, "a whole number from 0"),
    "domino_66": (_is(bool), "true or false"),
    "pegs": (_is(bool), "true or false"),
}


def _where(index: int, e: Any) -> dict[str, object]:
    """The values that name entry ``index`` (0-based) for the page: its place from 1, its date."""
    date = e.get("date") if isinstance(e, dict) else None
    return {"item": index + 1, "date": date[:30] if isinstance(date, str) else ""}


def check_entry(e: Any, index: int = 0) -> dict[str, Any]:
    """``e`` if it is a career entry ``figures`` can read (CareerError ``bad_career`` naming the
    entry and the field otherwise). Fields past ``ENTRY_FIELDS`` are the page's own."""
    where = _where(index, e)
    name = f"career entry {index + 1}" + (f" ({where['date']})" if where["date"] else "")
    if not isinstance(e, dict):
        raise CareerError(f"{name} is not an object", field="", **where)
    for key, (ok, what) in ENTRY_FIELDS.items():
        if key not in e or not ok(e[key]):
            raise CareerError(f"{name}: {key} must be {what}", field=key, **where)
    # the fields agree with each other where a figure indexes one by another
    n, sides = e["players"], len(e["scores"])
    agree = {
        "seats": len(e["seats"]) == n and e["you"] < n and e["seats"][e["you"]] == "you",
        "names": len(e["names"]) == n,
        "scores": sides <= n and e["your_side"] < sides,
        "race": len(e["race"]) == sides and all(len(r) == e["rounds"] + 1 for r in e["race"]),
    }
    for key, ok in agree.items():
        if not ok:
            raise CareerError(f"{name}: {key} does not fit the table", field=key, **where)
    return e


def check_entries(entries: Any) -> list[dict[str, Any]]:
    """Every entry checked (``check_entry``), and no match entered twice."""
    if not isinstance(entries, list):
        raise CareerError("the career's entries must be a list", field="entries")
    seen: set[str] = set()
    for i, e in enumerate(entries):
        check_entry(e, i)
        if e["id"] in seen:
            raise CareerError(
                f"career entry {i + 1} repeats match {e['id']}", field="id", **_where(i, e)
            )
        seen.add(e["id"])
    return entries


# ---------------------------------------------------------------------- trophies
BIG_PLAY_POINTS = 30  # points one play must make for big_play
SPRINT_SCORE = 60  # points a Quick Sprint must pass (strictly) for sprint_60
GRAND_MASTER_WINS = 10  # wins against the Expert for grand_master
TEN_MATCHES = 10  # matches played for ten_matches
COMEBACK_POINTS = 50  # points behind at a round's end, then won, for comeback
CAREER_MULTIPLES = 100  # scoring plays over the career for multiples_100
DAILY_WEEK_DAYS = 7  # consecutive UTC days with a daily for daily_week
FULL_TABLE_PLAYERS = 4  # seats at a full table (each for themselves) for full_table


@dataclass(frozen=True, slots=True)
class Past:
    """What the trophies need of the entries before one (in date order), kept as running tallies
    so the career is read once, however long it is."""

    played: int = 0
    expert_wins: int = 0
    multiples: int = 0
    daily_days: frozenset[Day] = field(default_factory=frozenset)

    def then(self, e: dict[str, Any]) -> Past:
        """The tally once ``e`` is played too."""
        day = parse_day(e["daily"])
        return replace(
            self,
            played=self.played + 1,
            expert_wins=self.expert_wins + _beats_expert(e),
            multiples=self.multiples + e["multiples"],
            daily_days=(self.daily_days | {day}) if day else self.daily_days,
        )


def _beats_expert(e: dict[str, Any], _past: Past | None = None) -> bool:
    return e["won"] and e["level"] == "expert"


def _run_through(days: frozenset[Day], day: Day) -> int:
    """The consecutive days in ``days`` that run through ``day``."""
    one = timedelta(days=1)
    back = fwd = 0
    while day - (back + 1) * one in days:
        back += 1
    while day + (fwd + 1) * one in days:
        fwd += 1
    return back + 1 + fwd


def _daily_week(e: dict[str, Any], past: Past) -> bool:
    day = parse_day(e["daily"])
    return day is not None and _run_through(past.daily_days | {day}, day) >= DAILY_WEEK_DAYS


Trophy = Callable[[dict[str, Any], Past], bool]
# Each trophy's condition over an entry and the tally of the entries before it; the first entry
# (in date order) that meets it earns it. big_play skips cribbage matches: a play's pegs there
# are a third of its points, and 30 pegs would be 90 points.
TROPHIES: dict[str, Trophy] = {
    "first_win": lambda e, _: e["won"],
    "beat_expert": _beats_expert,
    "big_play": lambda e, _: not e["pegs"] and e["largest"] >= BIG_PLAY_POINTS,
    "domino_66": lambda e, _: e["domino_66"],
    "no_round_lost": lambda e, _: e["won"] and e["other_round_wins"] == 0,
    "sprint_60": lambda e, _: e["mode"] == "sprint" and e["scores"][e["your_side"]] > SPRINT_SCORE,
    "beginner_partner": lambda e, _: (
        e["won"] and e["mode"] == "partners" and e["partner"] == "beginner"
    ),
    "grand_master": lambda e, p: p.expert_wins + _beats_expert(e) >= GRAND_MASTER_WINS,
    "ten_matches": lambda _, p: p.played + 1 >= TEN_MATCHES,
    "full_table": lambda e, _: (
        e["won"] and e["players"] == FULL_TABLE_PLAYERS and e["mode"] != "partners"
    ),
    "comeback": lambda e, _: e["won"] and e["trailed_by"] >= COMEBACK_POINTS,
    "multiples_100": lambda e, p: p.multiples + e["multiples"] >= CAREER_MULTIPLES,
    "daily_first": lambda e, _: e["daily"] is not None,
    "daily_week": _daily_week,
    "block_win": lambda e, _: e["blocks"] > 0,
}
# The trophies in display order (the page's catalogue test reads this tuple from the source).
TROPHY_IDS = (
    "first_win",
    "beat_expert",
    "big_play",
    "domino_66",
    "no_round_lost",
    "sprint_60",
    "beginner_partner",
    "grand_master",
    "ten_matches",
    "full_table",
    "comeback",
    "multiples_100",
    "daily_first",
    "daily_week",
    "block_win",
)
assert tuple(TROPHIES) == TROPHY_IDS


def trophies(ordered: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each trophy earned, in the order earned (``ordered`` is in date order; trophies one entry
    earns come in ``TROPHY_IDS`` order): ``{id, date, match}``."""
    earned: list[dict[str, Any]] = []
    left = dict(TROPHIES)
    past = Past()
    for e in ordered:
        for tid, met in list(left.items()):
            if met(e, past):
                earned.append({"id": tid, "date": e["date"], "match": e["id"]})
                del left[tid]
        past = past.then(e)
    return earned


# ---------------------------------------------------------------------- figures
WIN_RATE_WINDOW = 10  # matches in the rolling win rate's window
# The lower edge (points) of each bucket of the plays histogram; the last bucket is open.
HISTOGRAM_FROM = (0, 1, 6, 11, 16, 21, 26, 31)
RATE_DIGITS = 4  # decimals of a rate (0..1)
AVERAGE_DIGITS = 2  # decimals of points per round or turn


def in_date_order(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries oldest first (by the moment, not the text: "...:00.5Z" is after "...:00Z");
    entries of the same moment keep the page's order."""
    return sorted(entries, key=lambda e: parse_stamp(e["date"]))


def figures(entries: Any) -> dict[str, Any]:
    """Every figure of the career from its entries (checked first: ``check_entries``). Points
    figures (per round, per turn, the largest play, the histogram) leave out cribbage matches,
    whose points are pegs; counts (matches, wins, scoring plays, dominoes, blocks) take all."""
    ordered = in_date_order(check_entries(entries))
    won = [e["won"] for e in ordered]
    points = [e for e in ordered if not e["pegs"]]
    streak, longest = _streaks(won)
    return {
        "played": len(ordered),
        "won": sum(won),
        "win_rate": _rate(sum(won), len(won)),
        "win_rate_series": [
            _rate(sum(won[max(0, i + 1 - WIN_RATE_WINDOW) : i + 1]), min(i + 1, WIN_RATE_WINDOW))
            for i in range(len(won))
        ],
        "by_mode": _split(ordered, "mode", MODES),
        "by_players": _split(ordered, "players", PLAYER_COUNTS),
        "by_level": _split(ordered, "level", LEVELS),
        "points_per_round": _average(
            sum(e["points"] for e in points), sum(e["rounds"] for e in points)
        ),
        "points_per_turn": _average(
            sum(sum(e["plays"]) for e in points), sum(e["turns"] for e in points)
        ),
        "multiples": sum(e["multiples"] for e in ordered),
        "largest": _largest(points),
        "dominoes": sum(e["dominoes"] for e in ordered),
        "blocks": sum(e["blocks"] for e in ordered),
        "best": _match_line(max(ordered, key=lambda e: e["margin"], default=None)),
        "worst": _match_line(min(ordered, key=lambda e: e["margin"], default=None)),
        "streak": streak,
        "longest_streak": longest,
        "plays_histogram": _histogram(p for e in points for p in e["plays"]),
        "daily": _daily_figures(ordered),
        "trophies": trophies(ordered),
    }


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, RATE_DIGITS) if whole else None


def _average(total: int, count: int) -> float | None:
    return round(total / count, AVERAGE_DIGITS) if count else None


def _split(ordered: list[dict[str, Any]], key: str, keys: Iterable[Any]) -> dict[str, Any]:
    """``{value: {played, won}}`` for every value ``key`` may take (zeros included, so a chart
    needs no list of its own), keyed by text (JSON's object keys)."""
    out = {str(k): {"played": 0, "won": 0} for k in keys}
    for e in ordered:
        row = out[str(e[key])]
        row["played"] += 1
        row["won"] += e["won"]
    return out


def _largest(points: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The largest single play and the match it was made in (the first, on a tie)."""
    top = max(points, key=lambda e: e["largest"], default=None)
    if top is None or not top["plays"]:
        return None
    return {"points": top["largest"], "id": top["id"], "date": top["date"]}


def _match_line(e: dict[str, Any] | None) -> dict[str, Any] | None:
    if e is None:
        return None
    return {"id": e["id"], "date": e["date"], "margin": e["margin"], "scores": e["scores"]}


def _streaks(flags: list[bool]) -> tuple[int, int]:
    """(the run of trues at the end, the longest run of trues)."""
    run = longest = 0
    for f in flags:
        run = run + 1 if f else 0
        longest = max(longest, run)
    return run, longest


def _histogram(plays: Iterable[int]) -> list[dict[str, Any]]:
    """Counts of plays by points in the buckets of ``HISTOGRAM_FROM`` (``to`` null: no end)."""
    tops = [*(nxt - 1 for nxt in HISTOGRAM_FROM[1:]), None]
    counts = [0] * len(HISTOGRAM_FROM)
    for p in plays:
        counts[sum(1 for lo in HISTOGRAM_FROM if lo <= p) - 1] += 1
    return [
        {"from": lo, "to": hi, "count": n}
        for lo, hi, n in zip(HISTOGRAM_FROM, tops, counts, strict=True)
    ]


def _daily_figures(ordered: list[dict[str, Any]]) -> dict[str, Any]:
    """Dailies played, the run of consecutive UTC days up to the newest daily (whether it is
    still alive today is the page's to say), the longest run, and the newest daily's day."""
    days = sorted({parse_day(e["daily"]) for e in ordered if e["daily"] is not None})
    one = timedelta(days=1)
    run = longest = 0
    for i, day in enumerate(days):
        run = run + 1 if i and day - days[i - 1] == one else 1
        longest = max(longest, run)
    return {
        "played": sum(1 for e in ordered if e["daily"] is not None),
        "streak": run,
        "longest": longest,
        "last": days[-1].isoformat() if days else None,
    }


# ---------------------------------------------------------------------- an imported export
EXPORT_FORMAT = "allthrees-export"
EXPORT_VERSION = 1
MAX_HISTORY = 100  # matches whose records an export keeps (the page's history)
# An export's text: 100 records of long matches (~10 kB each) and thousands of entries (~0.5 kB
# each without their records) fit well inside it.
MAX_EXPORT_CHARS = 4_000_000
SEED_HEX = re.compile(r"[0-9a-f]{64}")  # a revealed seed (``match.seed_hex``)
# What a history record's replayed match must give again in the entry of the same id.
RESULT_FIELDS = (
    "won",
    "scores",
    "margin",
    "rounds",
    "race",
    "trailed_by",
    "other_round_wins",
    "dominoes",
    "blocks",
    "plays",
    "turns",
    "multiples",
    "largest",
    "points",
    "domino_66",
    "pegs",
)


class NotAnExport(CareerError):
    """Text or data that is no export of this game at all."""

    code = "not_an_export"


def check_import(data: Any) -> dict[str, Any]:
    """Check an export (the object, or its text) through and through before anything is
    replaced: its format and version, its shape, every career entry (as ``figures`` would), at
    most MAX_HISTORY history items, and every history record replayed from its revealed seed
    under its settings' rules (and agreeing with its career entry). Returns what it holds, for
    the page to show what would be replaced: ``{entries, history, trophies, newest}``."""
    if isinstance(data, str):
        data = jsontext.parse(data, "the file", MAX_EXPORT_CHARS, NotAnExport)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise NotAnExport("this file is not an All Threes export")
    version = data.get("version")
    if _whole(EXPORT_VERSION + 1)(version):
        raise CareerError("this export is from a newer version of the game", code="export_newer")
    if version != EXPORT_VERSION or isinstance(version, bool):
        raise CareerError(
            f"this export's version is unknown: {shown(version)}", code="export_version"
        )
    career, history = data.get("career"), data.get("history")
    shape = {
        "exported": parse_stamp(data.get("exported")) is not None,
        "career": isinstance(career, dict) and isinstance(career.get("entries"), list),
        "history": isinstance(history, list),
        "prefs": isinstance(data.get("prefs"), dict),
    }
    for key, ok in shape.items():
        if not ok:
            raise CareerError(
                f"the export's {key} is missing or damaged", code="export_shape", field=key
            )
    if len(history) > MAX_HISTORY:
        raise CareerError(
            f"the export holds {len(history)} matches' records; at most {MAX_HISTORY}",
            code="export_too_many",
            most=MAX_HISTORY,
        )
    entries = check_entries(career["entries"])
    by_id = {e["id"]: e for e in entries}
    seen: set[str] = set()
    for i, item in enumerate(history):
        match_id = _check_history_item(i, item, by_id)
        if match_id in seen:
            raise CareerError(
                f"history item {i + 1} repeats match {match_id}",
                code="export_history",
                field="id",
                **_where(i, item),
            )
        seen.add(match_id)
    ordered = in_date_order(entries)
    return {
        "entries": len(entries),
        "history": len(history),
        "trophies": len(trophies(ordered)),
        "newest": ordered[-1]["date"] if ordered else None,
    }


def _check_history_item(i: int, item: Any, by_id: dict[str, dict[str, Any]]) -> str:
    """History item ``i``: its shape, its settings, its record replayed from the seed, dealt as
    the commitment promised, under the settings' rules, finished, and agreeing with its career
    entry (when the career has one of that id). Returns its match id."""
    where = _where(i, item)
    name = f"history item {i + 1}" + (f" ({where['date']})" if where["date"] else "")
    if not isinstance(item, dict):
        raise CareerError(f"{name} is not an object", code="export_history", field="", **where)
    fields = {
        "id": isinstance(item.get("id"), str) and MATCH_ID.fullmatch(item["id"]) is not None,
        "date": parse_stamp(item.get("date")) is not None,
        "record": isinstance(item.get("record"), dict),
    }
    for key, ok in fields.items():
        if not ok:
            raise CareerError(
                f"{name}: {key} is missing or damaged", code="export_history", field=key, **where
            )
    try:
        settings = Settings.from_json(item.get("settings"))
    except AllThreesError as exc:
        raise CareerError(
            f"{name}: its settings are wrong: {exc}", code="export_settings", **where
        ) from None
    record = item["record"]
    seed_text, dealing = record.get("seed"), record.get("dealing", "keyed")
    if not isinstance(seed_text, str) or SEED_HEX.fullmatch(seed_text) is None:
        raise CareerError(f"{name}: its record has no revealed seed", code="export_seed", **where)
    seed = int(seed_text, 16)
    if record.get("commitment") != commitment(seed) or dealing not in DEALINGS:
        raise CareerError(
            f"{name}: its seed is not the one its deal was promised from",
            code="export_seed",
            **where,
        )
    try:
        match = resume(record, seed, dealing)
    except AllThreesError as exc:
        raise CareerError(
            f"{name}: its record does not replay: {exc}", code="export_replay", **where
        ) from None
    if match.rules != settings.to_rules():
        raise CareerError(
            f"{name}: its record's rules are not its settings'", code="export_rules", **where
        )
    if not match.over:
        raise CareerError(f"{name}: its match is unfinished", code="export_unfinished", **where)
    own = by_id.get(item["id"])
    if own is not None:
        session = Session(settings, seed, match, match_id=item["id"])
        replayed = results(session) | table(settings)
        wrong = [
            k
            for k in (*RESULT_FIELDS, "you", "your_side", "mode", "players")
            if own[k] != replayed[k]
        ]
        if wrong:
            raise CareerError(
                f"{name}: its career entry's {wrong[0]} is not what its record replays to",
                code="export_mismatch",
                field=wrong[0],
                **where,
            )
    return item["id"]
