"""What a career entry must be for ``figures`` to read it: every field with its check and the
words of its refusal (``ENTRY_FIELDS``), the fields that must agree with each other, and a list
of entries with no match entered twice. The page keeps the entries, so anything it sends back is
checked here before a figure is made of it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypedDict, cast

from ..jsontext import is_whole
from ..rules import PRESETS
from ..settings import COMPUTERS, CONTROLLERS, MODES, PLAYER_COUNTS
from .dates import QUOTED_CHARS, parse_day, parse_stamp
from .rated import rated_problem
from .refusals import CareerError

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Entry

MATCH_ID = re.compile(r"[0-9a-f]{16}")  # ``Session.match_id``: 8 random bytes in hex
LEVELS = (*COMPUTERS, "people", "mixed")  # who the opponents were (an entry's ``level``)


def is_match_id(v: Json) -> bool:
    return isinstance(v, str) and MATCH_ID.fullmatch(v) is not None


def _whole(least: int | None = 0) -> Callable[[Json], bool]:
    return lambda v: is_whole(v, least)


def _one_of(choices: Iterable[Json]) -> Callable[[Json], bool]:
    allowed = tuple(choices)
    # a bool is no choice: True would pass for the 1 of a list of numbers
    return lambda v: (isinstance(v, str) or is_whole(v)) and v in allowed


def _list_of(item: Callable[[Json], bool], least: int = 0) -> Callable[[Json], bool]:
    return lambda v: isinstance(v, list) and len(v) >= least and all(item(x) for x in v)


def _is(kind: type) -> Callable[[Json], bool]:
    return lambda v: isinstance(v, kind)


_COUNT = _whole(0)
# Every field ``figures`` and ``daily_line`` read, with what it must be (the words of a refusal).
# ``record`` and ``settings`` are the page's (it may leave them out of what it sends); ``rated``
# and ``unrated`` are checked apart (``rated.rated_problem``): an entry from before ratings has
# neither.
ENTRY_FIELDS: dict[str, tuple[Callable[[Json], bool], str]] = {
    "id": (is_match_id, "a match id"),
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


class Where(TypedDict):
    """The values that name an entry or a history item in a refusal."""

    item: int
    date: str


def where(index: int, e: Json) -> Where:
    """The values that name entry ``index`` (0-based) for the page: its place from 1, its date."""
    date = e.get("date") if isinstance(e, dict) else None
    return {"item": index + 1, "date": date[:QUOTED_CHARS] if isinstance(date, str) else ""}


def check_entry(e: Json, index: int = 0) -> Entry:
    """``e`` if it is a career entry ``figures`` can read (CareerError ``bad_career`` naming the
    entry and the field otherwise). Fields past ``ENTRY_FIELDS`` are the page's own."""
    at = where(index, e)
    name = f"career entry {index + 1}" + (f" ({at['date']})" if at["date"] else "")
    if not isinstance(e, dict):
        raise CareerError(f"{name} is not an object", field="", **at)
    for key, (ok, what) in ENTRY_FIELDS.items():
        if key not in e or not ok(e[key]):
            raise CareerError(f"{name}: {key} must be {what}", field=key, **at)
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
            raise CareerError(f"{name}: {key} does not fit the table", field=key, **at)
    # a rated result, when it has one (an entry from before ratings has none)
    wrong = rated_problem(e)
    if wrong is not None:
        raise CareerError(f"{name}: {wrong} is not a rated result of its table", field=wrong, **at)
    return cast("Entry", e)  # checked: every field of ENTRY_FIELDS, and they agree


def check_entries(entries: Json) -> list[Entry]:
    """Every entry checked (``check_entry``), and no match entered twice."""
    if not isinstance(entries, list):
        raise CareerError("the career's entries must be a list", field="entries")
    seen: set[str] = set()
    for i, e in enumerate(entries):
        check_entry(e, i)
        if e["id"] in seen:
            raise CareerError(
                f"career entry {i + 1} repeats match {e['id']}", field="id", **where(i, e)
            )
        seen.add(e["id"])
    return entries
