"""The career's dates, which are the page's: an entry's ``date`` is an ISO UTC timestamp
(``YYYY-MM-DDTHH:MM:SSZ``, milliseconds allowed, as ``Date.toISOString`` writes it), a daily and
"today" are a UTC day (``YYYY-MM-DD``). Nothing here reads a clock: what "today" is stays the
page's to say. Parsing, the refusal of a date that names no real moment, and date order."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date as Day
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..jsontext import shown
from .refusals import CareerError

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Entry

# ASCII digits only: \d would take any script's digits, which no date parser reads.
_STAMP = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{3})?Z"
)
_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
QUOTED_CHARS = 30  # of a refused date, the characters a refusal's values quote
ONE_DAY = timedelta(days=1)


def parse_stamp(text: Json) -> datetime | None:
    """An ISO UTC timestamp as ``Date.toISOString`` writes it (or without the milliseconds), or
    None when it is not one or names no real moment (2026-02-30, 24:00)."""
    m = _STAMP.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    millis = int(m[7][1:]) if m[7] else 0
    try:
        year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
        return datetime(year, month, day, hour, minute, second, millis * 1000)
    except ValueError:
        return None


def parse_day(text: Json) -> Day | None:
    """A UTC calendar day ``YYYY-MM-DD``, or None when it is not one or no such day exists."""
    m = _DAY.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    try:
        year, month, day = (int(g) for g in m.groups())
        return Day(year, month, day)
    except ValueError:
        return None


def checked_stamp(text: Json, what: str) -> str:
    """``text`` when it is an ISO UTC time (CareerError ``bad_date`` naming ``what`` if not)."""
    return _checked(text, what, parse_stamp, "an ISO UTC time like 2026-12-01T18:30:00Z")


def checked_day(text: Json, what: str) -> str:
    """``text`` when it is a real UTC day (CareerError ``bad_date`` naming ``what`` if not)."""
    return _checked(text, what, parse_day, "a real UTC day like 2026-12-01")


def _checked(text: Json, what: str, parse: Callable[[Json], object], like: str) -> str:
    if parse(text) is None:
        raise CareerError(
            f"{what} must be {like}, not {shown(text)}",
            code="bad_date",
            text=str(text)[:QUOTED_CHARS],
        )
    return str(text)  # text: parsed


def in_date_order(entries: list[Entry]) -> list[Entry]:
    """The entries oldest first (by the moment, not the text: "...:00.5Z" is after "...:00Z");
    entries of the same moment keep the page's order."""
    return sorted(entries, key=lambda e: parse_stamp(e["date"]) or datetime.min)  # all checked
