"""Two devices' careers merged both ways (``merge``): what each page keeps (its entries, whole
matches, the daily's attempts and its preferences, the designs among them) becomes one career,
the same on both devices but for the preferences, each device's own first.

- **Entries** by match id: a damaged entry (``schema.check_entry`` refuses it) never replaces a
  good one and is never kept; of two good ones the complete one (with its record and settings)
  wins, and of two complete ones, the same one on both devices (the larger in a fixed order), so
  a merge made on either device gives the same career.
- **Whole matches** (the history) by id likewise: an item is good when its record replays from
  its revealed seed and agrees with its entry (``transfer``'s import check, item by item).
- **The daily's attempts** by day: a day's attempt that has its entry wins, else the smaller id.
- **Ratings** are worked out again from the merged entries (``ratings``: a pure function of their
  rated results), so a match both devices hold counts once; of two versions of one entry, the
  one with its rated result signed wins. **Abandoned matches** by match id.
- **The caps** keep the newest as ever: ``MAX_ENTRIES`` entries and ``MAX_HISTORY`` whole matches,
  by date, so nothing the caps keep is lost.
- **Trophies and figures** are worked out again from the merged entries (``figures``).

The reply holds what the page keeps afterwards and what it replaced (the device's own, for its
backup, as an import keeps one), and counts of what happened.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date as Day
from datetime import datetime
from typing import TYPE_CHECKING, TypedDict

from ..errors import AllThreesError
from .dailydeal import are_attempts
from .dates import in_date_order, parse_day, parse_stamp
from .refusals import CareerError
from .schema import check_entry, is_match_id
from .signed import check_abandoned
from .stats import figures
from .transfer import KEEP, MAX_ENTRIES, MAX_HISTORY, check_history_item

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Abandoned, Entry, Kept, Merged

SIDES = ("mine", "theirs")
HistoryItem = dict[str, "Json"]  # a whole match the page keeps: ``check_history_item`` checks it


class Side(TypedDict):
    """One device's career as ``merge`` reads it, before its parts are checked."""

    entries: list[Json]
    history: list[Json]
    attempts: dict[str, str]
    prefs: dict[str, Json]
    abandoned: list[Abandoned]


def _kept(side: Json, name: str) -> Side:
    """What a page keeps, as it sends it (``{entries, history, daily: {attempts}, prefs}``) or as
    an export file holds it (``career.entries``, ``career.daily``)."""
    if not isinstance(side, dict):
        raise CareerError(f"{name} is not a career", code="export_shape", field=name)
    if "career" in side and isinstance(side["career"], dict):
        side = {**side, **side["career"]}
    entries, history = side.get("entries", []), side.get("history", [])
    daily, prefs = side.get("daily") or {}, side.get("prefs") or {}
    shape = {
        "entries": isinstance(entries, list),
        "history": isinstance(history, list),
        "daily": isinstance(daily, dict),
        "prefs": isinstance(prefs, dict),
    }
    for key, ok in shape.items():
        if not ok:
            raise CareerError(f"{name}'s {key} is damaged", code="export_shape", field=key)
    attempts = daily.get("attempts", {})
    try:
        abandoned = check_abandoned(side.get("abandoned"))
    except AllThreesError:
        abandoned = []  # damaged: none kept, as a damaged entry
    return {
        "entries": entries,
        "history": history,
        "attempts": attempts if are_attempts(attempts) else {},
        "prefs": prefs,
        "abandoned": abandoned,
    }


def _order(item: Mapping[str, object]) -> str:
    """A fixed order between two good versions of one item: the same on every device."""
    return json.dumps(item, sort_keys=True, default=str)


def _good_entry(e: Json) -> bool:
    try:
        check_entry(e)
    except AllThreesError:
        return False
    return True


def _signed(e: Mapping[str, object]) -> bool:
    """The entry holds its rated result (a table with people: once every device signed)."""
    return e.get("rated") is not None


def _complete(e: Mapping[str, object]) -> bool:
    return isinstance(e.get("record"), dict) and isinstance(e.get("settings"), dict)


def _merge_entries(sides: list[list[Json]]) -> tuple[list[Entry], int, int]:
    """The good entries of both sides by id; with how many were damaged and how many ids
    both sides held differently."""
    best: dict[str, Entry] = {}
    damaged = conflicts = 0
    for entries in sides:
        for e in entries:
            if not _good_entry(e):
                damaged += 1
                continue
            held = best.get(e["id"])
            if held is None:
                best[e["id"]] = e
                continue
            if held == e:
                continue
            conflicts += 1
            rank = (_signed(e), _complete(e), _order(e))
            if rank > (_signed(held), _complete(held), _order(held)):
                best[e["id"]] = e
    ordered = in_date_order(list(best.values()))
    return ordered[-MAX_ENTRIES:], damaged, conflicts


def _good_item(i: int, item: Json, by_id: dict[str, Entry]) -> bool:
    try:
        check_history_item(i, item, by_id)
    except AllThreesError:
        return False
    except (RecursionError, ValueError, TypeError):  # a record too odd to replay
        return False
    return True


def _merge_history(
    sides: list[list[Json]], by_id: dict[str, Entry]
) -> tuple[list[HistoryItem], int]:
    best: dict[str, HistoryItem] = {}
    damaged = 0
    for history in sides:
        for i, item in enumerate(history):
            if not isinstance(item, dict) or not is_match_id(item.get("id")):
                damaged += 1
                continue
            held = best.get(item["id"])
            if held == item:
                continue
            if not _good_item(i, item, by_id):
                damaged += 1
                continue
            if held is None or _order(item) > _order(held):
                best[item["id"]] = item

    def moment(it: HistoryItem) -> tuple[datetime, str]:
        return parse_stamp(it["date"]) or datetime.min, it["id"]  # (every item here is good)

    newest = sorted(best.values(), key=moment, reverse=True)
    return newest[:MAX_HISTORY], damaged


def _merge_attempts(sides: list[dict[str, str]], by_id: dict[str, Entry]) -> dict[str, str]:
    out: dict[str, str] = {}
    for attempts in sides:
        for day, match in attempts.items():
            held = out.get(day)

            def rank(m: str, d: str = day) -> tuple[bool, str]:
                e = by_id.get(m)
                return (e is None or e["daily"] != d, m)  # the smaller wins

            if held is None or rank(match) < rank(held):
                out[day] = match
    return dict(sorted(out.items(), key=lambda kv: parse_day(kv[0]) or Day.min))  # all days


def merge(mine: Json, theirs: Json, today: Json = None) -> Merged:
    """``mine`` (this device's career, as the page keeps it) and ``theirs`` (the other device's)
    as one: ``{merged: {entries, history, daily: {attempts}, prefs, abandoned}, career,
    replaced, counts, keep}``; ``replaced`` is ``mine`` as it was, for the page's backup;
    ``career`` the figures, trophies and ratings of the merged entries (as of ``today`` when
    given)."""
    a, b = _kept(mine, "mine"), _kept(theirs, "theirs")
    entries, damaged, conflicts = _merge_entries([a["entries"], b["entries"]])
    by_id = {e["id"]: e for e in entries}
    history, bad_history = _merge_history([a["history"], b["history"]], by_id)
    attempts = _merge_attempts([a["attempts"], b["attempts"]], by_id)
    prefs = {**b["prefs"], **a["prefs"]}  # this device's own choices first
    abandoned = list({x["id"]: x for x in [*b["abandoned"], *a["abandoned"]]}.values())
    abandoned.sort(key=lambda x: (parse_stamp(x["date"]), x["id"]))
    mine_ids = {e.get("id") for e in a["entries"] if isinstance(e, dict)}
    replaced: Kept = {
        "entries": a["entries"],
        "history": a["history"],
        "daily": {"attempts": a["attempts"]},
        "prefs": a["prefs"],
    }
    if a["abandoned"]:  # a page from before ratings kept no abandoned list: none is made up
        replaced["abandoned"] = a["abandoned"]
    return {
        "merged": {
            "entries": entries,
            "history": history,
            "daily": {"attempts": attempts},
            "prefs": prefs,
            "abandoned": abandoned,
        },
        "career": figures(entries, today, attempts, abandoned),
        "replaced": replaced,
        "counts": {
            "entries": len(entries),
            "added": sum(1 for e in entries if e["id"] not in mine_ids),
            "conflicts": conflicts,
            "damaged": damaged,
            "history": len(history),
            "damaged_history": bad_history,
        },
        "keep": KEEP.copy(),
    }
