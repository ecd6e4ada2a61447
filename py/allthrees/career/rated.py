"""Whether a table is rated, and what a rated match leaves in its career entry.

- ``rating_kind``: the three kinds of table rated apart: ``two`` (two players), ``multi`` (three
  or four, each for themselves) and ``partners``.
- ``rated_table``: whether the match in play counts for a rating, and if not why (a code the
  page words, phase 2 of issue 44): it does when it is a whole match (every game and preset)
  against computers whose levels have a fixed rating, or against people on other devices at a
  table chosen rated before the deal; it does not when it is a practice deal (a ``?seed=``
  link), the daily deal (its deal and its computers' moves are public: a puzzle, with its own
  standings), pass-and-play (a person here: one device cannot vouch for two players), or once
  the player asked for a hint (``Session.hinted``, which the page may warn of before the first
  hint; a review between rounds is allowed). A table with people counts only once every
  person's device has signed the same result (``signed``); a device that leaves for good makes
  it unrated for everyone.
- ``rated_of``: the entry's ``rated`` (``RatedResult``) for a finished match against computers,
  and ``unrated``, the reason a match did not count (or ``unsigned`` while a table with people
  waits for its signatures).

A rating is a pure function of the entries' ``rated`` results in date order (``ratings``), so
an entry carries every rating it was played against: a computer's as it was fixed that day, a
person's as that person's device signed it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, TypedDict

from ..session import Session
from ..settings import Settings
from .computers import fixed_rating

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import RatedResult, RatedSeat, TableRating

KINDS = ("two", "multi", "partners")  # two players; three or four each for themselves; partners
# Why a match is not rated (the codes ``rated_table`` and an entry's ``unrated`` give).
UNRATED_REASONS = (
    "practice",
    "daily",
    "pass_and_play",
    "hint",
    "unmeasured",
    "not_chosen",
    "abandoned",
    "unsigned",
)


# The fields of an entry's ``rated`` (``shapes.career.RatedResult``) and of each other seat in
# it (``RatedSeat``), which ``rated_problem`` holds a kept entry to (tests/app/test_shapes.py
# holds them to the shapes)
RATED_FIELDS = frozenset({"kind", "others", "signed"})
RATED_SEAT_FIELDS = frozenset({"seat", "rating", "deviation"})


class RatedOf(TypedDict):
    """What a finished match leaves in its entry about its rating (``rated_of``)."""

    rated: RatedResult | None
    unrated: str | None


def rating_kind(settings: Settings) -> str:
    """The kind of table ``settings`` describe (``KINDS``)."""
    if settings.mode == "partners":
        return "partners"
    return "two" if settings.players == 2 else "multi"


def kind_of(entry: Mapping[str, object]) -> str:
    """The kind of table of a career entry (its ``mode`` and ``players``)."""
    if entry["mode"] == "partners":
        return "partners"
    return "two" if entry["players"] == 2 else "multi"


def side_of(mode: str, seat: int) -> int:
    """The side ``seat`` plays for (``rules.Rules.side_of``, from an entry's own fields)."""
    return seat % 2 if mode == "partners" else seat


def rated_table(session: Session, daily: bool = False, chosen: bool | None = None) -> TableRating:
    """Whether the match in play counts for a rating (see the module's docstring); ``daily``:
    it was started as the daily deal; ``chosen``: whether a table with people was chosen rated
    before the deal, when the session has no table across devices to say so (a guest's, whose
    host said so in its reveal); None: the session's own (``net.state.TableState.rated``)."""
    settings = session.settings
    people = bool(settings.friends())
    reason = _unrated_reason(session, daily or session.worlds is not None, chosen)
    return {
        "rated": reason is None,
        "kind": rating_kind(settings),
        "reason": reason,
        "people": people,
    }


def _unrated_reason(session: Session, daily: bool, chosen: bool | None) -> str | None:
    settings = session.settings
    if session.practice:
        return "practice"
    if daily:
        return "daily"
    if any(s.controller == "person" for s in settings.seats):
        return "pass_and_play"
    if session.hinted:
        return "hint"
    levels = [s.controller for s in settings.seats if not s.person]
    if any(fixed_rating(level) is None for level in levels):
        return "unmeasured"
    net = session.net
    if settings.friends():
        if not ((net is not None and net.rated) if chosen is None else chosen):
            return "not_chosen"
        if net is not None and net.given_away:
            return "abandoned"
    return None


def rated_of(session: Session, daily: bool = False, chosen: bool | None = None) -> RatedOf:
    """What a finished match leaves in its entry: ``{rated, unrated}``. Against computers only,
    a rated match's ``rated`` is complete at once (each computer at its fixed rating); at a
    rated table with people it waits for every device's signature (``unrated: unsigned``,
    ``signed.take`` fills it in)."""
    table = rated_table(session, daily, chosen)
    if not table["rated"]:
        return {"rated": None, "unrated": table["reason"]}
    if table["people"]:
        return {"rated": None, "unrated": "unsigned"}
    you = session.settings.you()
    others: list[RatedSeat] = []
    for seat, s in enumerate(session.settings.seats):
        if seat == you:
            continue
        fixed = fixed_rating(s.controller)
        assert fixed is not None  # rated_table said every level has one
        others.append({"seat": seat, "rating": fixed.rating, "deviation": fixed.deviation})
    result: RatedResult = {"kind": table["kind"], "others": others, "signed": None}
    return {"rated": result, "unrated": None}


MOST_RATING = 4000.0  # far past any rating: a figure beyond is damage, not play
MOST_DEVIATION = 1000.0


def _figure(v: Json, least: float, most: float) -> bool:
    """A finite number (not a bool) in ``[least, most]``."""
    return (
        isinstance(v, (int, float))
        and not isinstance(v, bool)
        and math.isfinite(v)
        and least <= v <= most
    )


def rated_problem(e: dict[str, Json]) -> str | None:
    """What is wrong with entry ``e``'s ``rated`` and ``unrated`` (both may be absent: an entry
    from before ratings), as the field's name, or None when a rating can be made of them: the
    kind of its table, exactly one rating for every other seat, each a finite figure."""
    unrated = e.get("unrated")
    if unrated is not None and unrated not in UNRATED_REASONS:
        return "unrated"
    rated = e.get("rated")
    if rated is None:
        return None
    if not isinstance(rated, dict) or set(rated) != RATED_FIELDS:
        return "rated"
    others = rated["others"]
    if rated["kind"] != kind_of(e) or not isinstance(others, list):
        return "rated"
    seats = [o.get("seat") if isinstance(o, dict) else None for o in others]
    wanted = [s for s in range(e["players"]) if s != e["you"]]
    if seats != wanted:
        return "rated"
    for o in others:
        if set(o) != RATED_SEAT_FIELDS:
            return "rated"
        if not _figure(o["rating"], 0.0, MOST_RATING) or not _figure(
            o["deviation"], 1.0, MOST_DEVIATION
        ):
            return "rated"
    if rated["signed"] is not None and not _kept_signed(rated["signed"]):
        return "rated"
    return None


def _kept_signed(signed: Json) -> bool:
    """Whether a kept signed result has the shape the chain is read from (``signed``): its
    document's seats with their keys and previous results, its digest and its signatures. What
    it says was checked when it was taken."""
    if not isinstance(signed, dict) or set(signed) != {"document", "digest", "signatures"}:
        return False
    document, signatures = signed["document"], signed["signatures"]
    seats = document.get("seats") if isinstance(document, dict) else None
    return (
        isinstance(signed["digest"], str)
        and isinstance(signatures, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in signatures.items())
        and isinstance(seats, list)
        and all(isinstance(x, dict) and {"key", "previous"} <= set(x) for x in seats)
    )
