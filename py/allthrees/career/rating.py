"""A player's ratings, one per kind of table (``rated.KINDS``), as a pure function of the
career's rated results in date order (``ratings``): nothing is stored but the entries, so an
export, an import and a merge of two devices' careers (a union of entries by match id) can never
count a match twice, and every device works out the same ratings from the same entries.

The choices, each said to players in docs/playing.md and argued in docs/architecture.md:

- **Glicko-2** (``glicko``) with ``TAU`` 0.5: the low end of Glickman's 0.3-1.2, as a game with
  this much luck in the tiles should not read a run of good hands as a change of strength. A new
  player starts at 1500 with deviation 350 and volatility 0.06 (Glickman's defaults).
- **Each match is its own rating period**, and the time away before it grows the deviation by
  ``PERIODS_PER_DAY`` periods a day (lichess's 0.21436): a rating settled at the floor of 50
  becomes provisional again after about 400 days away. Two matches in one sitting add no
  uncertainty between them. The deviation stays within ``MIN_DEVIATION`` (so a long career still
  moves) and ``MAX_DEVIATION`` (a newcomer's).
- **Provisional** while the deviation is ``PROVISIONAL`` (110, lichess's bound) or more: about
  the first ten rated matches.
- **Two players**: one game against the other. **Three or four each for themselves**: one game
  against each other player, won, drawn or lost by the final scores, each weighing
  ``1 / (players - 1)`` (``glicko.Game.weight``), so a table is one match's worth of evidence
  however many sit at it. **Partners**: one game of your side against the other; the other side
  counts as one opponent at its players' mean rating, moved by half the difference between you
  and your partner (the side's mean against theirs), with the three players' deviations
  combined (``_partners``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from .dates import in_date_order, parse_day, parse_stamp
from .glicko import Game, Rating, rate
from .rated import KINDS, kind_of, side_of
from .titles import higher, title_at

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import (
        Abandoned,
        BestRating,
        Entry,
        KindRating,
        RatedResult,
        RatingPoint,
        Ratings,
        TitleReached,
    )

TAU = 0.5
START = Rating(1500.0, 350.0, 0.06)
PERIODS_PER_DAY = 0.21436
MIN_DEVIATION = 50.0
MAX_DEVIATION = 350.0
PROVISIONAL = 110.0  # a deviation at or above this is provisional
SHOWN_DIGITS = 1  # decimals of a rating or a deviation in a reply
SECONDS_A_DAY = 86_400.0


def _days(before: datetime | None, after: datetime) -> float:
    if before is None:
        return 0.0
    return max(0.0, (after - before).total_seconds() / SECONDS_A_DAY)


def _bounded(r: Rating) -> Rating:
    deviation = min(MAX_DEVIATION, max(MIN_DEVIATION, r.deviation))
    return Rating(r.rating, deviation, r.volatility)


def aged_to(r: Rating, before: datetime | None, after: datetime) -> Rating:
    """``r`` as it stands at ``after``, its last rated match at ``before``: its deviation grown
    by the rating periods between (Glicko-2's rule for a period without games)."""
    periods = _days(before, after) * PERIODS_PER_DAY
    phi2 = (r.deviation / 173.7178) ** 2 + periods * r.volatility**2
    return _bounded(Rating(r.rating, math.sqrt(phi2) * 173.7178, r.volatility))


def _score(entry: Entry, other: int) -> float:
    """Your result against the side of seat ``other``: by the final scores (the winner's is the
    top score), 1, 0.5 or 0."""
    scores, mode = entry["scores"], entry["mode"]
    mine, theirs = scores[side_of(mode, entry["you"])], scores[side_of(mode, other)]
    if entry["won"] or mine > theirs:
        return 1.0
    return 0.5 if mine == theirs else 0.0


def _rated(entry: Entry) -> RatedResult:
    rated = entry.get("rated")
    assert rated is not None  # only a rated entry is rated
    return rated


def games_of(entry: Entry, you: Rating) -> list[Game]:
    """A rated entry as the games of its rating period, for a player rated ``you`` before it."""
    rated = _rated(entry)
    others = rated["others"]
    if rated["kind"] == "partners":
        return [_partners(entry, you)]
    weight = 1.0 / len(others)
    return [Game(o["rating"], o["deviation"], _score(entry, o["seat"]), weight) for o in others]


def _partners(entry: Entry, you: Rating) -> Game:
    """Your side against the other as one game: the opponent is the other side's mean rating
    plus half of how far you stand above your partner (so the expected score is the sides'
    means against each other), its deviation the three others' combined."""
    mode, seat = entry["mode"], entry["you"]
    mine = side_of(mode, seat)
    others = _rated(entry)["others"]
    partner = next(o for o in others if side_of(mode, o["seat"]) == mine)
    them = [o for o in others if side_of(mode, o["seat"]) != mine]
    mean = sum(o["rating"] for o in them) / len(them)
    rating = mean + (you.rating - partner["rating"]) / 2.0
    spread = sum(o["deviation"] ** 2 for o in [*them, partner]) / 4.0
    return Game(rating, math.sqrt(spread), _score(entry, them[0]["seat"]))


class _Run:
    """One kind's rating as the entries go by."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.now = START
        self.last: datetime | None = None
        self.last_text = ""
        self.title: str | None = None
        self.history: list[RatingPoint] = []
        self.best: BestRating | None = None

    def before(self, at: datetime) -> Rating:
        """The rating as it stands at ``at``, before a match played then."""
        return aged_to(self.now, self.last, at) if self.last else self.now

    def take(self, entry: Entry) -> None:
        at = parse_stamp(entry["date"])
        assert at is not None  # a checked entry's date
        periods = _days(self.last, at) * PERIODS_PER_DAY
        after = _bounded(rate(self.now, games_of(entry, self.now), TAU, periods))
        established = after.deviation < PROVISIONAL
        self.history.append(
            {
                "id": entry["id"],
                "date": entry["date"],
                "rating": _shown(after.rating),
                "deviation": _shown(after.deviation),
                "change": _shown(after.rating - self.now.rating),
            }
        )
        if established and (self.best is None or after.rating > self.best["rating"]):
            self.best = {"rating": _shown(after.rating), "date": entry["date"], "id": entry["id"]}
        self.title = title_at(after.rating, established, self.title)
        self.now, self.last, self.last_text = after, at, entry["date"]

    def shown(self, today: Json, abandoned: int) -> KindRating:
        now = self.now
        day = parse_day(today)
        if day is not None and self.last is not None:
            now = aged_to(now, self.last, datetime(day.year, day.month, day.day))
        assert self.title is not None
        return {
            "kind": self.kind,
            "rating": _shown(now.rating),
            "deviation": _shown(now.deviation),
            "volatility": round(now.volatility, 6),
            "provisional": now.deviation >= PROVISIONAL,
            "title": self.title,
            "played": len(self.history),
            "abandoned": abandoned,
            "last": self.last_text,
            "history": self.history,
            "best": self.best,
        }


def _shown(x: float) -> float:
    return round(x, SHOWN_DIGITS)


def _runs(ordered: list[Entry], stop: str | None = None) -> dict[str, _Run]:
    """Every kind's run over the rated entries of ``ordered`` (in date order), up to the entry
    of id ``stop`` (left out) when given."""
    runs: dict[str, _Run] = {}
    for e in ordered:
        if e["id"] == stop:
            break
        rated = e.get("rated")
        if rated is not None:
            kind = rated["kind"]
            runs.setdefault(kind, _Run(kind)).take(e)
    return runs


def ratings(
    entries: list[Entry], today: Json = None, abandoned: Sequence[Abandoned] = ()
) -> Ratings:
    """Every kind's rating from the checked ``entries`` (any order: taken in date order), as of
    ``today`` (a UTC day: the deviation grown by the time away; None: as of the last match),
    with the ``abandoned`` matches (``signed.check_abandoned``'s list) counted by kind."""
    runs = _runs(in_date_order(entries))
    left = abandoned
    kinds: dict[str, KindRating | None] = {}
    title: str | None = None
    for kind in KINDS:
        run = runs.get(kind)
        gone = sum(1 for a in left if a["kind"] == kind)
        kinds[kind] = None if run is None else run.shown(today, gone)
        title = higher(title, run.title if run else None)
    return {"kinds": kinds, "title": title}


def rating_before(entries: list[Entry], entry: Entry) -> Rating:
    """The rating of ``entry``'s kind of table as the career stood when ``entry`` was played:
    every rated entry before it in date order (``entry`` itself left out), the deviation grown to
    its date; START when there is none."""
    ordered = in_date_order([e for e in entries if e["id"] != entry["id"]] + [entry])
    run = _runs(ordered, stop=entry["id"]).get(kind_of(entry))
    at = parse_stamp(entry["date"])
    assert at is not None  # a checked entry's date
    return run.before(at) if run is not None else START


def titles_reached(before: Ratings, after: Ratings) -> list[TitleReached]:
    """The titles ``after`` holds that ``before`` did not (each kind's), for the page to say
    once with the fanfare: ``[{kind, title}]``."""
    out: list[TitleReached] = []
    for kind in KINDS:
        now, was = after["kinds"][kind], before["kinds"][kind]
        if now is not None and (was is None or was["title"] != now["title"]):
            out.append({"kind": kind, "title": now["title"]})
    return out
