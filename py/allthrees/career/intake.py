"""A finished match taken into the career in one request (``recorded``): its entry and daily
line, and, over the career the page keeps, the figures with it, the trophies it earned and how
much the page keeps. So a finished match ships the career's entries to Python once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..session import Session
from .awards import trophies
from .dailydeal import daily_line
from .dates import in_date_order
from .entries import entry
from .rating import ratings, titles_reached
from .schema import check_entries
from .stats import figures
from .transfer import KEEP, MAX_ENTRIES

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Recorded

DAY_CHARS = len("2026-12-01")  # the UTC day at the head of an ISO UTC time


def recorded(
    session: Session,
    date: Json,
    daily_day: Json = None,
    entries: Json = None,
    attempts: Json = None,
    abandoned: Json = None,
    chosen: bool | None = None,
) -> Recorded:
    """A finished match taken into the career in one go: ``{entry, line}`` (``line`` the daily's
    shareable result, or None) and, given the career's ``entries`` so far, the career as the page
    will keep it: ``career`` (``figures`` of the newest ``MAX_ENTRIES`` with this one, as of the
    day ``date`` falls on), ``new_trophies`` (the ids this match earned, in the order earned)
    ``new_titles`` (``[{kind, title}]``: the titles this match reached, for the fanfare) and
    ``keep`` (how many entries and whole matches the page keeps). A match already among the
    entries is not taken twice: its figures are the career's as it is, and it earns nothing.
    ``chosen``: whether a table with people was chosen rated, when the session cannot say (a
    guest's, from the host's reveal: ``rated.rated_table``)."""
    made = entry(session, date, daily_day, chosen)
    out: Recorded = {
        "entry": made,
        "line": daily_line(made) if made["daily"] is not None else None,
    }
    if entries is None:
        return out
    before = check_entries(entries)
    taken = any(e["id"] == made["id"] for e in before)
    after = before if taken else [*before, made][-MAX_ENTRIES:]
    career = figures(after, date[:DAY_CHARS], attempts, abandoned)
    held = {t["id"] for t in trophies(in_date_order(before))}
    earned = [t["id"] for t in career["trophies"] if t["id"] not in held]
    titles = titles_reached(ratings(before), career["ratings"])
    return out | {
        "career": career,
        "new_trophies": earned,
        "new_titles": titles,
        "keep": KEEP.copy(),
    }
