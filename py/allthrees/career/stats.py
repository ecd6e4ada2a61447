"""Every figure of a career from its entries (``figures``): matches and wins by game, table and
opponent, the winning streaks, points per round and per turn, the largest play and the plays'
histogram, the best and worst match, the daily's figures (``dailydeal.daily_figures``) and the
trophies (``awards.trophies``). It reads only entries, which carry no hands, so the career
outlives the whole matches the page lets go of."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from ..settings import MODES, PLAYER_COUNTS
from .awards import trophies
from .dailydeal import daily_figures
from .dates import in_date_order
from .rating import ratings
from .schema import LEVELS, check_entries
from .signed import check_abandoned

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Entry, Figures, HistogramBucket, LargestPlay, MatchLine, Played

WIN_RATE_WINDOW = 10  # matches in the rolling win rate's window
# The lower edge (points) of each bucket of the plays histogram; the last bucket is open.
HISTOGRAM_FROM = (0, 1, 6, 11, 16, 21, 26, 31)
RATE_DIGITS = 4  # decimals of a rate (0..1)
AVERAGE_DIGITS = 2  # decimals of points per round or turn


def figures(
    entries: Json, today: Json = None, attempts: Json = None, abandoned: Json = None
) -> Figures:
    """Every figure of the career from its entries (checked first: ``check_entries``). Points
    figures (per round, per turn, the largest play, the histogram) leave out cribbage matches,
    whose points are pegs; counts (matches, wins, scoring plays, dominoes, blocks) take all.
    ``today`` (the page's UTC day) and ``attempts`` (the daily's) make the daily's figures as
    of that day (``daily_figures``), and the ratings as of that day (``ratings``), with the
    rated matches each kind counts as ``abandoned`` (``signed.check_abandoned``)."""
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
        "daily": daily_figures(ordered, today, attempts),
        "trophies": trophies(ordered),
        "ratings": ratings(ordered, today, check_abandoned(abandoned)),
    }


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, RATE_DIGITS) if whole else None


def _average(total: int, count: int) -> float | None:
    return round(total / count, AVERAGE_DIGITS) if count else None


def _split(
    ordered: list[Entry], key: Literal["mode", "players", "level"], keys: Iterable[object]
) -> dict[str, Played]:
    """``{value: {played, won}}`` for every value ``key`` may take (zeros included, so a chart
    needs no list of its own), keyed by text (JSON's object keys)."""
    out: dict[str, Played] = {str(k): {"played": 0, "won": 0} for k in keys}
    for e in ordered:
        row = out[str(e[key])]
        row["played"] += 1
        row["won"] += e["won"]
    return out


def _largest(points: list[Entry]) -> LargestPlay | None:
    """The largest single play and the match it was made in (the first, on a tie)."""
    top = max(points, key=lambda e: e["largest"], default=None)
    if top is None or not top["plays"]:
        return None
    return {"points": top["largest"], "id": top["id"], "date": top["date"]}


def _match_line(e: Entry | None) -> MatchLine | None:
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


def _histogram(plays: Iterable[int]) -> list[HistogramBucket]:
    """Counts of plays by points in the buckets of ``HISTOGRAM_FROM`` (``to`` null: no end)."""
    tops = [*(nxt - 1 for nxt in HISTOGRAM_FROM[1:]), None]
    counts = [0] * len(HISTOGRAM_FROM)
    for p in plays:
        counts[sum(1 for lo in HISTOGRAM_FROM if lo <= p) - 1] += 1
    return [
        {"from": lo, "to": hi, "count": n}
        for lo, hi, n in zip(HISTOGRAM_FROM, tops, counts, strict=True)
    ]
