"""Two devices' careers merged both ways: entries by id (a damaged one never replaces a good one,
the complete one wins, the same on both devices), whole matches likewise, the daily's attempts by
day, each device's own preferences first, the figures and trophies worked out again, the caps
keeping the newest; what was replaced comes back for the page's backup."""

from __future__ import annotations

import copy
import sys
from typing import Any

import pytest
from appkit import call
from test_career import made, played_entry

from allthrees import career

merge_module = sys.modules["allthrees.career.merge"]  # the module (the package names its function)


def kept(entries: list[dict], history: list | None = None, attempts=None, prefs=None) -> dict:
    return {
        "entries": entries,
        "history": history or [],
        "daily": {"attempts": attempts or {}},
        "prefs": prefs or {},
    }


def merged(mine: dict, theirs: dict) -> dict[str, Any]:
    reply = call("career_merge", mine=mine, theirs=theirs)
    assert reply["ok"], reply
    return reply


def test_overlapping_careers_merge_to_one_both_ways():
    mine = kept([made(i, won=i % 2 == 0) for i in range(6)], prefs={"lang": "pl", "tiles": "ivory"})
    theirs = kept(
        [made(i, won=i % 2 == 0) for i in range(3, 9)], prefs={"lang": "en", "felt": "blue"}
    )
    here, there = merged(mine, theirs), merged(theirs, mine)
    ids = [e["id"] for e in here["merged"]["entries"]]
    assert ids == [made(i)["id"] for i in range(9)]
    assert here["merged"]["entries"] == there["merged"]["entries"]
    assert here["merged"]["prefs"] == {"lang": "pl", "tiles": "ivory", "felt": "blue"}
    assert there["merged"]["prefs"]["lang"] == "en"
    assert here["counts"] | {} == {
        "entries": 9,
        "added": 3,
        "conflicts": 0,
        "damaged": 0,
        "history": 0,
        "damaged_history": 0,
    }
    assert here["replaced"] == mine and here["keep"] == career.KEEP
    # the figures and trophies are Python's, of the merged entries
    assert here["career"] == career.figures(here["merged"]["entries"])
    assert here["career"]["played"] == 9


def test_a_conflict_keeps_the_complete_entry_and_a_damaged_one_never_wins():
    good = made(1, won=True)
    complete = {**good, "record": {"rules": "parlor"}, "settings": {"seats": ["you", "casual"]}}
    damaged = {**good, "won": "yes"}
    broken = {**made(2), "scores": "lots"}
    here = merged(kept([good, made(3)]), kept([complete, broken]))
    there = merged(kept([complete, broken]), kept([good, made(3)]))
    for reply in (here, there):
        entries = {e["id"]: e for e in reply["merged"]["entries"]}
        assert entries[good["id"]] == complete
        assert made(2)["id"] not in entries  # damaged on the one side that had it: not kept
        assert reply["counts"]["damaged"] == 1 and reply["counts"]["conflicts"] == 1
    for side in ([damaged], [damaged, damaged]):
        reply = merged(kept([good]), kept(side))
        assert reply["merged"]["entries"] == [good]
        reply = merged(kept(side), kept([good]))
        assert reply["merged"]["entries"] == [good]
    # two complete versions: the same one wins on either device
    other = {**complete, "trailed_by": 11}
    assert (
        merged(kept([complete]), kept([other]))["merged"]["entries"]
        == merged(kept([other]), kept([complete]))["merged"]["entries"]
    )


@pytest.fixture(scope="module")
def played() -> list[dict[str, Any]]:
    tables = [{"seats": ["you", "casual"], "mode": "sprint"}, {"seats": ["you", "beginner"]}]
    return [played_entry(40 + i, tables[i % 2], i) for i in range(4)]


def history_of(entries: list[dict]) -> list[dict]:
    return [
        {"id": e["id"], "date": e["date"], "settings": e["settings"], "record": e["record"]}
        for e in entries
    ]


def test_whole_matches_merge_and_a_damaged_record_never_replaces_a_good_one(played):
    mine = kept(played[:3], history_of(played[:3]))
    bad = copy.deepcopy(history_of(played[1:]))
    bad[0]["record"]["rounds"][0]["moves"] = bad[0]["record"]["rounds"][0]["moves"][:-2]
    bad[1]["record"]["seed"] = "0" * 64
    theirs = kept(played[1:], bad)
    for reply in (merged(mine, theirs), merged(theirs, mine)):
        history = reply["merged"]["history"]
        by_id = {h["id"]: h for h in history}
        assert [h["id"] for h in history] == [e["id"] for e in played[::-1]]  # newest first
        assert by_id[played[1]["id"]] == history_of(played)[1]
        assert by_id[played[2]["id"]] == history_of(played)[2]
        assert reply["counts"]["damaged_history"] == 2
    # the merged career is one an import would take
    data = {
        "format": "allthrees-export",
        "version": 1,
        "exported": "2026-12-01T00:00:00Z",
        "career": {"entries": reply["merged"]["entries"], "daily": reply["merged"]["daily"]},
        "history": reply["merged"]["history"],
        "prefs": {},
    }
    assert call("check_import", data=data)["ok"]


def test_the_daily_attempts_merge_by_day_and_the_entry_backed_one_wins():
    daily = made(5, daily="2026-11-20")
    a = {"2026-11-19": made(9)["id"], "2026-11-20": "f" * 16}
    b = {"2026-11-20": daily["id"], "2026-11-21": made(8)["id"]}
    for reply in (merged(kept([], attempts=a), kept([daily], attempts=b)),
                  merged(kept([daily], attempts=b), kept([], attempts=a))):  # fmt: skip
        assert reply["merged"]["daily"]["attempts"] == {
            "2026-11-19": made(9)["id"],
            "2026-11-20": daily["id"],
            "2026-11-21": made(8)["id"],
        }


def test_the_caps_keep_the_newest_and_lose_nothing_they_keep(monkeypatch):
    monkeypatch.setattr(merge_module, "MAX_ENTRIES", 5)
    mine = kept([made(i) for i in range(0, 8, 2)])  # even matches
    theirs = kept([made(i) for i in range(1, 8, 2)] + [{"id": "damaged"}])  # odd ones
    for reply in (merged(mine, theirs), merged(theirs, mine)):
        assert [e["id"] for e in reply["merged"]["entries"]] == [made(i)["id"] for i in range(3, 8)]


def test_what_is_no_career_is_refused():
    assert call("career_merge", mine=[], theirs={})["code"] == "export_shape"
    assert call("career_merge", mine={"entries": {}}, theirs={})["code"] == "export_shape"
    # an export file's object is taken as it is
    reply = merged({"career": {"entries": [made(1)]}, "history": [], "prefs": {}}, kept([made(2)]))
    assert len(reply["merged"]["entries"]) == 2
