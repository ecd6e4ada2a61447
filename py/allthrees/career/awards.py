"""The trophies: each a named condition over an entry and a tally of the entries before it
(``TROPHIES``, shown in ``TROPHY_IDS`` order), with the thresholds they name, and which entry
earned each (``trophies``: the first, in date order, that meets it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date as Day
from typing import TYPE_CHECKING

from .dates import ONE_DAY, parse_day

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes.career import Earned, Entry

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

    def then(self, e: Entry) -> Past:
        """The tally once ``e`` is played too."""
        day = parse_day(e["daily"])
        return replace(
            self,
            played=self.played + 1,
            expert_wins=self.expert_wins + _beats_expert(e),
            multiples=self.multiples + e["multiples"],
            daily_days=(self.daily_days | {day}) if day else self.daily_days,
        )


def _beats_expert(e: Entry, _past: Past | None = None) -> bool:
    return e["won"] and e["level"] == "expert"


def _run_through(days: frozenset[Day], day: Day) -> int:
    """The consecutive days in ``days`` that run through ``day``."""
    back = fwd = 0
    while day - (back + 1) * ONE_DAY in days:
        back += 1
    while day + (fwd + 1) * ONE_DAY in days:
        fwd += 1
    return back + 1 + fwd


def _daily_week(e: Entry, past: Past) -> bool:
    day = parse_day(e["daily"])
    return day is not None and _run_through(past.daily_days | {day}, day) >= DAILY_WEEK_DAYS


Trophy = Callable[["Entry", Past], bool]
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


def trophies(ordered: list[Entry]) -> list[Earned]:
    """Each trophy earned, in the order earned (``ordered`` is in date order; trophies one entry
    earns come in ``TROPHY_IDS`` order): ``{id, date, match}``."""
    earned: list[Earned] = []
    left = dict(TROPHIES)
    past = Past()
    for e in ordered:
        for tid, met in list(left.items()):
            if met(e, past):
                earned.append({"id": tid, "date": e["date"], "match": e["id"]})
                del left[tid]
        past = past.then(e)
    return earned
