"""A player's career (career.py, the ``career_entry``, ``career``, ``daily`` and ``check_import``
ops): entries of matches played through the controller agree with counts made independently
from their replayed records; figures and trophies of hand-made careers; the daily deal; an
export checked through before anything is replaced."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from appkit import call, step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allthrees import app, career, ops
from allthrees.career import awards
from allthrees.errors import REFUSAL_CODES
from allthrees.match import commitment
from allthrees.record import replay, result
from allthrees.save import dump
from allthrees.session import Session
from allthrees.settings import Settings

START = datetime(2026, 11, 1, 9, 0, 0)


def stamp(n: int, millis: bool = False) -> str:
    """The ISO UTC time of the n-th match of a hand-made career (an hour apart)."""
    moment = START + timedelta(hours=n)
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + (".250Z" if millis else "Z")


def finish(reply: dict[str, Any]) -> dict[str, Any]:
    """Play the match in play to its end, as the page does (the first playable tile)."""
    for _ in range(3000):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            return reply
        if snap["phase"] == "round_over":
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = step(reply)
        assert reply["ok"], reply
    raise AssertionError("the match never ended")


def first_legal_to_the_end(session: Session) -> Session:
    """Play every seat's first legal move to the end of the match (no computer player: fast)."""
    match = session.match
    while not match.over:
        if match.round.over:
            match.start_round()
        match.apply(match.round.legal_moves()[0])
    return session


def played_entry(seed: int, table: dict[str, Any], n: int = 0, **extra: Any) -> dict[str, Any]:
    started = call("start", seed=seed, settings=table)
    assert started["ok"], started
    finish(started)
    reply = call("career_entry", date=stamp(n), **extra)
    assert reply["ok"], reply
    return reply["entry"]


# ---------------------------------------------------------------------- counted independently
def counted(entry: dict[str, Any]) -> dict[str, Any]:
    """The results of an entry's match counted from the replay output of its record (docs/rules.md
    "Output"), with the table read from its settings: none of career.py's own arithmetic."""
    out = result(replay(entry["record"]))
    table = entry["settings"]
    you = [s["controller"] for s in table["seats"]].index("you")
    side = you % 2 if table["mode"] == "partners" else you
    rounds = out["rounds"]
    mine = [m for r in rounds for m in r["moves"] if m["seat"] == you]
    plays = [m["points"] for m in mine if "points" in m]
    before = [[0] * len(rounds[0]["scores"]), *(r["scores"] for r in rounds)]
    gained = [
        after[side] - prior[side] - (r["end"]["bonus"] if r["end"]["winner"] == side else 0)
        for prior, after, r in zip(before, before[1:], rounds, strict=False)
    ]
    scores = rounds[-1]["scores"]
    others = [max(v for s, v in enumerate(sc) if s != side) for sc in before]
    went_out_before_66 = any(
        r["end"]["reason"] == "domino"
        and r["moves"][-1]["seat"] == you
        and not any(m["move"].startswith("6-6") for m in r["moves"])
        for r in rounds
    )
    return {
        "won": out["winner"] == side,
        "scores": scores,
        "margin": scores[side] - others[-1],
        "rounds": len(rounds),
        "race": [[sc[s] for sc in before] for s in range(len(scores))],
        "trailed_by": max(o - sc[side] for o, sc in zip(others, before, strict=True)),
        "other_round_wins": sum(1 for r in rounds if r["end"]["winner"] not in (None, side)),
        "dominoes": sum(
            1 for r in rounds if r["end"]["winner"] == side and r["end"]["reason"] == "domino"
        ),
        "blocks": sum(
            1 for r in rounds if r["end"]["winner"] == side and r["end"]["reason"] == "blocked"
        ),
        "plays": plays,
        "turns": sum(1 for m in mine if m["move"] != "draw"),
        "multiples": sum(1 for p in plays if p),
        "largest": max(plays),
        "points": sum(gained),
        "domino_66": went_out_before_66,
    }


TABLES = [
    ({"seats": ["you", "casual"], "options": {"target": 30}}, "casual", None, False),
    ({"mode": "sprint", "seats": ["you", "beginner", "casual"]}, "mixed", None, False),
    (
        {
            "mode": "partners",
            "seats": ["you", "casual", "beginner", "casual"],
            "options": {"target": 30},
        },
        "casual",
        "beginner",
        False,
    ),
    (
        {"seats": ["you", "casual"], "options": {"cribbage": True, "target": 10}},
        "casual",
        None,
        True,
    ),
    (
        {"seats": ["you", {"controller": "person", "name": "Ana"}], "options": {"target": 30}},
        "people",
        None,
        False,
    ),
]


@pytest.mark.parametrize(("table", "level", "partner", "pegs"), TABLES)
@pytest.mark.parametrize("seed", [3, 11])
def test_an_entry_agrees_with_its_record_counted_independently(table, level, partner, pegs, seed):
    entry = played_entry(seed, table)
    assert {k: entry[k] for k in counted(entry)} == counted(entry)
    snap = call("record")  # the session is the match the entry was made of
    assert snap["record"] == entry["record"] and entry["record"]["seed"]
    assert entry["id"] == json.loads(app._app.saved)["match_id"]
    assert entry["date"] == stamp(0) and entry["daily"] is None and entry["practice"] is True
    assert entry["mode"] == table.get("mode", "match") and entry["players"] == len(table["seats"])
    assert entry["preset"] == "parlor" and entry["options"] == table.get("options", {})
    assert entry["seats"] == [s if isinstance(s, str) else s["controller"] for s in table["seats"]]
    assert entry["you"] == 0 and entry["your_side"] == 0
    assert entry["level"] == level and entry["partner"] == partner and entry["pegs"] is pegs
    assert entry["settings"] == Settings.from_json(table).to_json()
    assert entry["names"][1]["kind"] == ("person" if level == "people" else "level")
    assert career.check_entry(entry) is entry


@pytest.mark.parametrize(
    ("seed", "fact"),
    [(17, "domino_66"), (30, "domino_66"), (36, "blocks")],  # seeds found by a scan
)
def test_going_out_before_the_6_6_and_a_won_block_are_counted_too(seed, fact):
    entry = played_entry(seed, TABLES[0][0])
    assert entry[fact]
    assert {k: entry[k] for k in counted(entry)} == counted(entry)


def test_the_device_owner_may_sit_anywhere():
    """The owner in seat 1 of a partnership: side 1, the partner in seat 3."""
    table = {
        "mode": "partners",
        "seats": ["beginner", "you", "casual", "beginner"],
        "options": {"target": 30},
    }
    entry = played_entry(5, table)
    assert (entry["you"], entry["your_side"], entry["partner"]) == (1, 1, "beginner")
    assert entry["level"] == "mixed"
    assert {k: entry[k] for k in counted(entry)} == counted(entry)


def test_an_entry_waits_for_the_end_of_the_match():
    reply = call("start", seed=4, settings={"seats": ["you", "casual"], "options": {"target": 30}})
    assert reply["ok"]
    refused = call("career_entry", date=stamp(0))
    assert refused["ok"] is False and refused["code"] == "match_not_over"
    with pytest.raises(app.BadIntent, match="no game"):
        app.App().handle({"op": "career_entry", "date": stamp(0)})


@pytest.mark.parametrize(
    "date",
    [
        "2026-02-30T10:00:00Z",  # no such day
        "2026-12-01T24:00:00Z",
        "2026-12-01 10:00:00Z",
        "2026-12-01T10:00:00",  # no zone: not UTC for sure
        "2026-12-01T10:00:00+01:00",
        "2026-12-01T10:00:00.1Z",
        "٢٠٢٦-12-01T10:00:00Z",  # digits of another script
        "2026-12-01",
        None,
        20261201,
    ],
)
def test_a_date_that_is_no_utc_time_is_refused(date):
    app._app.session = first_legal_to_the_end(Session(Settings(), 2))
    refused = call("career_entry", date=date)
    assert refused["ok"] is False and refused["code"] == "bad_date", refused
    assert call("career_entry", date="2026-12-01T10:00:00.999Z")["ok"]


# ---------------------------------------------------------------------- the daily deal
def test_the_daily_deal_is_the_same_for_everyone_that_day_and_another_the_next():
    day = call("daily", date="2026-12-01")["daily"]
    again = call("daily", date="2026-12-01", preset="parlor")["daily"]
    assert day == again
    digest = hashlib.sha256(b"allthrees daily 2026-12-01 parlor").hexdigest()
    assert day["seed"] == int(digest[:12], 16) < ops.MAX_SEED
    assert day["commitment"] == commitment(day["seed"])
    assert day["settings"]["mode"] == "match" and day["settings"]["rules"] == "parlor"
    assert day["settings"]["seats"] == [{"controller": "you"}, {"controller": "expert"}]
    assert call("daily", date="2026-12-02")["daily"]["seed"] != day["seed"]
    pub = call("daily", date="2026-12-01", preset="pub")["daily"]
    assert pub["seed"] != day["seed"] and pub["settings"]["rules"] == "pub"
    # the page starts it like any deal with a seed
    assert call("new", seed=day["seed"], settings=day["settings"])["ok"]


@pytest.mark.parametrize(
    "date", ["2026-13-01", "2026-2-1", "20261201", "2025-02-29", "2026-12-01T00:00:00Z", "", 7]
)
def test_a_daily_of_no_real_day_is_refused(date):
    refused = call("daily", date=date)
    assert refused["ok"] is False and refused["code"] == "bad_date"
    assert call("daily", date="2024-02-29")["ok"]  # a leap day is a day
    assert call("daily", date="2026-12-01", preset="bridge")["code"] == "unknown_preset"


def test_a_daily_entry_is_that_days_deal_and_has_its_line():
    started = call("new", daily="2026-12-01", settings={"hide_sum": True})
    deal = call("daily", date="2026-12-01")["daily"]
    assert started["snapshot"]["fair"]["commitment"] == deal["commitment"]
    assert started["snapshot"]["fair"]["practice"] is False  # the day's deal counts
    assert started["snapshot"]["settings"] == {**deal["settings"], "hide_sum": True}
    first_legal_to_the_end(app._app.session)  # (no Expert to wait for)
    reply = call("career_entry", date="2026-12-02T00:10:00Z", daily="2026-12-01")
    assert reply["ok"], reply
    entry = reply["entry"]
    assert entry["daily"] == "2026-12-01" and entry["practice"] is False
    you = entry["scores"][entry["your_side"]]
    assert reply["line"] == {
        "code": "daily_line",
        "date": "2026-12-01",
        "points": you,
        "margin": entry["margin"],
        "won": entry["won"],
    }
    assert career.daily_line(entry) == reply["line"]
    assert call("new", daily="2026-12-32")["code"] == "bad_date"
    assert call("new", daily="2026-12-01", preset="bridge")["code"] == "unknown_preset"
    # the same match is not the next day's daily, and an ordinary match is no daily
    assert call("career_entry", date=stamp(0), daily="2026-12-02")["code"] == "not_daily"
    assert call("career_entry", date=stamp(0), daily="2026-12-32")["code"] == "bad_date"
    finish(call("start", seed=2, settings={"seats": ["you", "casual"], "options": {"target": 30}}))
    assert call("career_entry", date=stamp(0), daily="2026-12-01")["code"] == "not_daily"
    ordinary = call("career_entry", date=stamp(0))
    assert ordinary["line"] is None
    with pytest.raises(career.CareerError) as refused:
        career.daily_line(ordinary["entry"])
    assert refused.value.code == "not_daily"


# ---------------------------------------------------------------------- hand-made careers
YOU_VS = [{"kind": "you"}, {"kind": "level", "level": "casual", "n": 1}]


def made(n: int, **over: Any) -> dict[str, Any]:
    """Match ``n`` of a hand-made career: by default a loss to a Casual that earns no trophy.
    The scores follow ``won``, and the margin and the race follow the scores (over 3 rounds)."""
    scores = over.get("scores", [150, 100] if over.get("won") else [100, 150])
    rounds = over.get("rounds", 3)
    entry = {
        "id": f"{n + 1:016x}",
        "date": stamp(n),
        "daily": None,
        "practice": False,
        "mode": "match",
        "players": 2,
        "preset": "parlor",
        "options": {},
        "seats": ["you", "casual"],
        "names": YOU_VS,
        "you": 0,
        "your_side": 0,
        "partner": None,
        "level": "casual",
        "won": False,
        "scores": scores,
        "margin": scores[0] - max(scores[1:]),
        "rounds": rounds,
        "race": [[*[0] * rounds, v] for v in scores],
        "trailed_by": 10,
        "other_round_wins": 2,
        "dominoes": 1,
        "blocks": 0,
        "plays": [0, 3, 6],
        "turns": 4,
        "multiples": 2,
        "largest": 6,
        "points": 9,
        "domino_66": False,
        "pegs": False,
    }
    return {**entry, **over}


def four(mode: str, partner: str | None, **over: Any) -> dict[str, Any]:
    """Four at the table: partners (two sides) or each for themselves (four sides)."""
    sides = 2 if mode == "partners" else 4
    scores = [150, *[100] * (sides - 1)] if over.get("won") else [100, 150, *[90] * (sides - 2)]
    return {
        "mode": mode,
        "players": 4,
        "seats": ["you", "casual", partner or "casual", "casual"],
        "names": [*YOU_VS, *YOU_VS[1:] * 2],
        "partner": partner,
        "scores": scores,
        **over,
    }


def career_of(entries: list[dict[str, Any]]) -> dict[str, Any]:
    reply = call("career", entries=entries)
    assert reply["ok"], reply
    return reply["career"]


def test_streaks_count_back_from_the_newest_match():
    results = [True, True, False, True, True, True, False, True]
    entries = [made(i, won=w) for i, w in enumerate(results)]
    figures = career_of(entries)
    assert (figures["streak"], figures["longest_streak"]) == (1, 3)
    assert (figures["played"], figures["won"], figures["win_rate"]) == (8, 6, 0.75)
    assert career_of(entries[:7])["streak"] == 0
    assert career_of(entries[:6])["streak"] == 3
    # the page's order does not matter: the dates do
    assert career_of(entries[::-1])["streak"] == 1
    empty = career_of([])
    assert (empty["played"], empty["streak"], empty["win_rate"], empty["best"]) == (
        0,
        0,
        None,
        None,
    )
    assert empty["largest"] is None and empty["points_per_turn"] is None


def test_a_later_moment_is_later_whether_or_not_it_has_milliseconds():
    """ "10:00:00.250Z" comes after "10:00:00Z" though it sorts before it as text."""
    win = made(0, won=True, date=stamp(0, millis=True))
    loss = made(1, date=stamp(0))
    assert career_of([win, loss])["streak"] == 1
    assert career_of([loss, win])["streak"] == 1


def test_the_rolling_win_rate_has_a_value_per_match_over_the_last_ten():
    results = [True] * 5 + [False] * 7
    series = career_of([made(i, won=w) for i, w in enumerate(results)])["win_rate_series"]
    assert len(series) == 12
    assert series[:5] == [1.0] * 5
    assert series[5] == round(5 / 6, 4)
    assert series[9] == 0.5 and series[10] == 0.4 and series[11] == 0.3


def test_best_and_worst_matches_by_margin():
    entries = [
        made(0, won=True, scores=[150, 90], margin=60),
        made(1, won=True, scores=[170, 10], margin=160),
        made(2, scores=[20, 151], margin=-131),
        made(3, won=True, scores=[160, 0], margin=160),  # as good, but later
    ]
    figures = career_of(entries)
    assert figures["best"] == {
        "id": entries[1]["id"],
        "date": stamp(1),
        "margin": 160,
        "scores": [170, 10],
    }
    assert figures["worst"] == {
        "id": entries[2]["id"],
        "date": stamp(2),
        "margin": -131,
        "scores": [20, 151],
    }


def test_counts_by_mode_players_and_level():
    entries = [
        made(0, won=True),
        made(1, level="expert"),
        made(2, won=True, level="expert"),
        made(3, won=True, mode="sprint"),
        made(4, **four("partners", "beginner", won=True)),
        made(
            5,
            level="mixed",
            seats=["you", "casual", "expert"],
            players=3,
            names=[*YOU_VS, YOU_VS[1]],
            scores=[1, 2, 3],
            race=[[0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 0, 3]],
        ),  # fmt: skip
        made(6, level="people"),
    ]
    figures = career_of(entries)
    assert figures["by_mode"] == {
        "match": {"played": 5, "won": 2},
        "sprint": {"played": 1, "won": 1},
        "partners": {"played": 1, "won": 1},
    }
    assert figures["by_players"] == {
        "2": {"played": 5, "won": 3},
        "3": {"played": 1, "won": 0},
        "4": {"played": 1, "won": 1},
    }
    assert figures["by_level"] == {
        "beginner": {"played": 0, "won": 0},
        "casual": {"played": 3, "won": 3},
        "pub": {"played": 0, "won": 0},
        "expert": {"played": 2, "won": 1},
        "people": {"played": 1, "won": 0},
        "mixed": {"played": 1, "won": 0},
    }


def test_points_figures_and_the_histogram_of_plays():
    edges = [0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 30, 31, 60]
    entries = [
        made(0, plays=edges, turns=20, multiples=14, largest=60, points=300, rounds=5),
        made(1, plays=[12, 0], turns=3, multiples=1, largest=12, points=30, rounds=1),
        # cribbage: pegs, not points, so no points figure takes them; the counts do
        made(2, plays=[99], turns=1, multiples=1, largest=99, points=99, pegs=True, blocks=2),
    ]
    figures = career_of(entries)
    assert figures["plays_histogram"] == [
        {"from": 0, "to": 0, "count": 2},
        {"from": 1, "to": 5, "count": 2},
        {"from": 6, "to": 10, "count": 2},
        {"from": 11, "to": 15, "count": 3},
        {"from": 16, "to": 20, "count": 2},
        {"from": 21, "to": 25, "count": 2},
        {"from": 26, "to": 30, "count": 2},
        {"from": 31, "to": None, "count": 2},
    ]
    assert [b["from"] for b in figures["plays_histogram"]] == list(career.HISTOGRAM_FROM)
    assert figures["points_per_round"] == round(330 / 6, 2)
    assert figures["points_per_turn"] == round((sum(edges) + 12) / 23, 2)
    assert figures["largest"] == {"points": 60, "id": entries[0]["id"], "date": stamp(0)}
    assert (figures["multiples"], figures["dominoes"], figures["blocks"]) == (16, 3, 2)


def test_the_daily_streak_over_consecutive_and_broken_days():
    days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2026-12-06"]
    entries = [made(i, daily=d) for i, d in enumerate(days)] + [made(9)]
    daily = career_of(entries)["daily"]
    assert daily == {"played": 5, "streak": 2, "longest": 3, "last": "2026-12-06"}
    assert career_of(entries[:3])["daily"] == {
        "played": 3,
        "streak": 3,
        "longest": 3,
        "last": "2026-12-03",
    }
    # across a month's end, and a daily finished the next day still counts for its own day
    late = [made(0, daily="2026-11-30"), made(30, daily="2026-12-01")]
    assert career_of(late)["daily"]["streak"] == 2
    none = career_of([made(0)])["daily"]
    assert none == {"played": 0, "streak": 0, "longest": 0, "last": None}


# Each trophy: entries that come close but do not earn it, then the entry that does.
NEAR_AND_HIT: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "first_win": ([{}, {"level": "expert"}], {"won": True}),
    "beat_expert": (
        [{"level": "expert"}, {"won": True, "level": "mixed"}, {"won": True}],
        {"won": True, "level": "expert"},
    ),
    "big_play": (
        [{"largest": 29, "plays": [29]}, {"largest": 33, "plays": [33], "pegs": True}],
        {"largest": 30, "plays": [30]},
    ),
    "domino_66": ([{"dominoes": 3}], {"domino_66": True}),
    "no_round_lost": (
        [{"won": True, "other_round_wins": 1}, {"other_round_wins": 0}],
        {"won": True, "other_round_wins": 0},
    ),
    "sprint_60": (
        [{"mode": "sprint", "scores": [60, 10], "margin": 50}, {"scores": [80, 10], "margin": 70}],
        {"mode": "sprint", "scores": [61, 70], "margin": -9},
    ),
    "beginner_partner": (
        [
            four("partners", "casual", won=True),
            four("partners", "beginner"),
            four("match", "beginner", won=True),
        ],
        four("partners", "beginner", won=True),
    ),
    "grand_master": (
        [{"won": True, "level": "expert"}] * 9 + [{"level": "expert"}, {"won": True}],
        {"won": True, "level": "expert"},
    ),
    "ten_matches": ([{}] * 9, {}),
    "full_table": (
        [four("partners", None, won=True), four("match", None), four("sprint", None)],
        four("sprint", None, won=True),
    ),
    "comeback": (
        [{"won": True, "trailed_by": 49}, {"trailed_by": 90}],
        {"won": True, "trailed_by": 50},
    ),
    "multiples_100": ([{"multiples": 33}] * 3, {"multiples": 1}),
    "daily_first": ([{}], {"daily": "2026-12-09"}),
    "daily_week": (
        [{"daily": f"2026-12-{d:02}"} for d in (1, 2, 3, 5, 6, 7, 9)],
        {"daily": "2026-12-04"},  # fills the gap: the 1st to the 7th
    ),
    "block_win": ([{"dominoes": 2}], {"blocks": 1}),
}


def test_every_trophy_has_a_case_and_its_id_is_listed_for_the_page():
    assert set(NEAR_AND_HIT) == set(career.TROPHY_IDS) == set(career.TROPHIES)
    assert len(career.TROPHY_IDS) >= 15
    # the page's catalogue test reads the tuple from the source, one id a line (like LEAD_CODES)
    source = (Path(awards.__file__)).read_text()
    block = re.search(r"^TROPHY_IDS = \(\n((?:    \"\w+\",\n)+)\)$", source, re.M)
    assert block and re.findall(r"\"(\w+)\"", block[1]) == list(career.TROPHY_IDS)


@pytest.mark.parametrize("trophy", list(NEAR_AND_HIT))
def test_a_trophy_is_earned_exactly_when_its_condition_first_holds(trophy):
    near, hit = NEAR_AND_HIT[trophy]
    entries = [made(i, **over) for i, over in enumerate(near)]
    assert trophy not in [t["id"] for t in career_of(entries)["trophies"]]
    earning = made(len(near), **hit)
    after = [made(len(near) + 1, **hit)]  # earning it again earns nothing more
    earned = [t for t in career_of([earning, *entries, *after])["trophies"] if t["id"] == trophy]
    assert earned == [{"id": trophy, "date": earning["date"], "match": earning["id"]}]


def test_trophies_come_in_the_order_earned():
    entries = [
        made(0, won=True, blocks=1),  # first_win, then block_win (TROPHY_IDS order)
        made(1, domino_66=True),
        made(2, won=True, level="expert", other_round_wins=0),
    ]
    order = [(t["id"], t["match"]) for t in career_of(entries)["trophies"]]
    assert order == [
        ("first_win", entries[0]["id"]),
        ("block_win", entries[0]["id"]),
        ("domino_66", entries[1]["id"]),
        ("beat_expert", entries[2]["id"]),
        ("no_round_lost", entries[2]["id"]),
    ]


def test_the_figures_of_matches_played_through_the_controller():
    entries = [
        played_entry(seed, {"seats": ["you", "casual"], "options": {"target": 30}}, n)
        for n, seed in enumerate([1, 2, 3])
    ]
    figures = career_of(
        [{k: v for k, v in e.items() if k not in ("record", "settings")} for e in entries]
    )
    assert figures["played"] == 3 and figures["won"] == sum(e["won"] for e in entries)
    assert figures["multiples"] == sum(e["multiples"] for e in entries)
    assert sum(b["count"] for b in figures["plays_histogram"]) == sum(
        len(e["plays"]) for e in entries
    )
    assert career_of(entries) == figures  # the record and settings are the page's, not read


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"won": "yes"}, "won"),
        ({"plays": [3, -3]}, "plays"),
        ({"plays": [3, 1.5]}, "plays"),
        ({"players": True}, "players"),
        ({"level": "grandmaster"}, "level"),
        ({"date": "yesterday"}, "date"),
        ({"daily": "2026-02-30"}, "daily"),
        ({"id": "../../etc"}, "id"),
        ({"you": 5}, "seats"),
        ({"your_side": 2}, "scores"),
        ({"seats": ["casual", "you"]}, "seats"),
        ({"race": [[0, 1], [0, 2]]}, "race"),
        ({"preset": ["parlor"]}, "preset"),
    ],
)
def test_a_damaged_entry_is_refused_naming_it(change, field):
    entries = [made(0), made(1, **change), made(2)]
    refused = call("career", entries=entries)
    assert refused["ok"] is False and refused["code"] == "bad_career", refused
    assert refused["values"] == {"item": 2, "date": str(entries[1]["date"])[:30], "field": field}
    assert "career entry 2" in refused["error"]


def test_a_career_that_is_no_list_of_entries_or_repeats_one_is_refused():
    for entries in (None, {"entries": []}, [made(0), 7], [made(0), made(0)]):
        refused = call("career", entries=entries)
        assert refused["ok"] is False and refused["code"] == "bad_career", refused
    missing = made(0)
    del missing["turns"]
    assert call("career", entries=[missing])["values"]["field"] == "turns"


# ---------------------------------------------------------------------- import
def export_of(n: int = 3) -> dict[str, Any]:
    """An export as the page writes it, of ``n`` matches played through the controller."""
    tables = [
        {"seats": ["you", "casual"], "options": {"target": 30}},
        {"mode": "sprint", "seats": ["you", "beginner", "casual"]},
        {
            "mode": "partners",
            "seats": ["you", "casual", "beginner", "casual"],
            "options": {"target": 30},
        },
    ]
    entries = [played_entry(20 + i, tables[i % 3], i) for i in range(n)]
    return {
        "format": "allthrees-export",
        "version": 1,
        "exported": stamp(n),
        "career": {"entries": [{k: v for k, v in e.items() if k != "record"} for e in entries]},
        "history": [
            {"id": e["id"], "date": e["date"], "settings": e["settings"], "record": e["record"]}
            for e in entries
        ],
        "prefs": {"lang": "pl"},
    }


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    return export_of()


def checked(data: Any) -> dict[str, Any]:
    """``check_import`` through the controller, which it must leave as it was."""
    assert call("start", seed=9, settings={"seats": ["you", "casual"]})["ok"]
    before, kept = dump(app._app.session), copy.deepcopy(data)
    reply = call("check_import", data=data)
    assert dump(app._app.session) == before and data == kept
    return reply


def test_an_export_that_replays_is_summed_up(export):
    reply = checked(export)
    assert reply["ok"], reply
    trophies = len(career_of(export["career"]["entries"])["trophies"])
    assert reply["summary"] == {
        "entries": 3,
        "history": 3,
        "trophies": trophies,
        "newest": stamp(2),
        "signing": False,  # an export from before ratings carries no signing key
    }
    # as the file's text too
    assert checked(json.dumps(export))["summary"] == reply["summary"]
    # a career longer than its history (records are kept for the last matches only)
    older = made(99, date="2026-01-01T00:00:00Z")
    longer = {**export, "career": {"entries": [older, *export["career"]["entries"]]}}
    assert checked(longer)["summary"]["entries"] == 4


def damaged(export: dict[str, Any], item: int, change) -> dict[str, Any]:
    data = copy.deepcopy(export)
    change(data["history"][item])
    return data


def a_strange_move(item: dict[str, Any]) -> None:
    item["record"]["rounds"][0]["moves"][1] = "9-9@E"  # no such tile in this set


def other_seed(item: dict[str, Any]) -> None:
    item["record"]["seed"] = "0" * 63 + "1"


def unfinished(item: dict[str, Any]) -> None:
    item["record"]["rounds"][-1]["moves"].pop()


def other_rules(item: dict[str, Any]) -> None:
    item["settings"]["options"] = {"target": 31}


def no_settings(item: dict[str, Any]) -> None:
    item["settings"]["seats"] = ["you"]


def bad_id(item: dict[str, Any]) -> None:
    item["id"] = 17


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (a_strange_move, "export_replay"),
        (other_seed, "export_seed"),
        (unfinished, "export_unfinished"),
        (other_rules, "export_rules"),
        (no_settings, "export_settings"),
        (bad_id, "export_history"),
    ],
)
def test_an_export_with_one_damaged_record_is_refused_naming_it(export, change, code):
    data = damaged(export, 1, change)
    refused = checked(data)
    assert refused["ok"] is False and refused["code"] == code, refused
    assert refused["values"]["item"] == 2 and refused["values"]["date"] == stamp(1)
    assert f"history item 2 ({stamp(1)})" in refused["error"]


def test_an_entry_that_its_record_contradicts_is_refused(export):
    data = copy.deepcopy(export)
    entry = data["career"]["entries"][2]
    entry["won"] = not entry["won"]
    refused = checked(data)
    assert refused["code"] == "export_mismatch" and refused["values"]["field"] == "won"
    assert refused["values"]["item"] == 3


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="allthrees-save"), "not_an_export"),
        (lambda d: d.update(version=2), "export_newer"),
        (lambda d: d.update(version=0), "export_version"),
        (lambda d: d.update(version=True), "export_version"),
        (lambda d: d.update(exported="today"), "export_shape"),
        (lambda d: d.update(career={"entries": {}}), "export_shape"),
        (lambda d: d.pop("prefs"), "export_shape"),
        (lambda d: d["history"].extend([d["history"][0]] * 98), "export_too_many"),
        (lambda d: d["history"].append(d["history"][0]), "export_history"),
        (lambda d: d["career"]["entries"][0].update(plays=None), "bad_career"),
    ],
)
def test_an_export_of_the_wrong_shape_or_version_is_refused(export, change, code):
    data = copy.deepcopy(export)
    change(data)
    refused = checked(data)
    assert refused["ok"] is False and refused["code"] == code, refused
    for text in ("[]", "{nope", json.dumps([export])):
        assert checked(text)["code"] == "not_an_export"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def put(data: Any, path: list[Any], value: Any) -> None:
    """Put ``value`` at ``path`` inside ``data``, as far as the path leads."""
    for k, way in enumerate(path):
        inside = (isinstance(data, dict) and isinstance(way, str)) or (
            isinstance(data, list) and isinstance(way, int) and way < len(data)
        )
        if not inside:
            return
        if k == len(path) - 1:
            data[way] = value
        elif isinstance(data, dict) and way not in data:
            return
        else:
            data = data[way]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    op=st.sampled_from(["career", "daily", "check_import", "career_entry"]),
    key=st.sampled_from(["entries", "date", "preset", "data", "daily"]),
    value=json_values,
    path=st.lists(
        st.sampled_from(
            ["career", "entries", "history", 0, 1, "record", "rounds", "plays", "seed", "settings"]
        ),
        max_size=4,
    ),
)
def test_any_value_anywhere_is_a_reply_or_a_worded_refusal(export, op, key, value, path):
    """Arbitrary values for a request's fields, and in place of any part of a real export: a
    refusal always carries a code the page words, and no bug ("failed") gets through."""
    data = copy.deepcopy(export)
    put(data, path, value)
    for request in ({"op": op, key: value}, {"op": "check_import", "data": data}):
        reply = json.loads(app.handle(json.dumps(request)))
        if not reply["ok"]:
            assert reply["code"] in REFUSAL_CODES and reply["code"] != "failed", reply


# ---------------------------------------------------------------------- decided in Python
# The daily's scored attempt and live streak, the export's format and caps, and the figures of a
# finished match come from Python; the page only keeps what it is told.
def started_daily(day: str, attempts: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """Start ``day``'s deal: the new match's id, and whether that start is the day's scored
    attempt (the reply of ``daily_start``: ``{scored, attempts}``)."""
    started = call("new", daily=day)
    assert started["ok"], started
    reply = call("daily_start", date=day, attempts=attempts)
    assert reply.pop("ok"), reply
    return json.loads(started["save"])["match_id"], reply


def test_only_the_first_start_of_a_day_is_its_scored_attempt():
    first_id, first = started_daily("2026-12-01", {})
    assert first == {"scored": True, "attempts": {"2026-12-01": first_id}}
    second_id, again = started_daily("2026-12-01", first["attempts"])
    assert second_id != first_id
    assert again == {"scored": False, "attempts": first["attempts"]}  # the first stays scored
    next_id, next_day = started_daily("2026-12-02", again["attempts"])
    assert next_day == {
        "scored": True,
        "attempts": {"2026-12-01": first_id, "2026-12-02": next_id},
    }


def test_a_start_that_is_not_that_days_deal_or_with_damaged_attempts_is_refused():
    assert call("new", daily="2026-12-01")["ok"]
    assert call("daily_start", date="2026-12-02", attempts={})["code"] == "not_daily"
    assert call("daily_start", date="2026-12-32", attempts={})["code"] == "bad_date"
    for attempts in (None, [], {"2026-12-01": 5}, {"yesterday": "0" * 16}):
        refused = call("daily_start", date="2026-12-01", attempts=attempts)
        assert refused["code"] == "bad_career" and refused["values"]["field"] == "attempts"
    assert call("start", seed=4, settings={"seats": ["you", "casual"]})["ok"]  # no daily
    assert call("daily_start", date="2026-12-01", attempts={})["code"] == "not_daily"


def daily_as_of(today: str, attempts: dict[str, str] | None = None) -> dict[str, Any]:
    entries = [made(i, daily=d) for i, d in enumerate(["2026-12-04", "2026-12-05", "2026-12-06"])]
    reply = call("career", entries=entries, today=today, attempts=attempts or {})
    assert reply["ok"], reply
    return reply["career"]["daily"]


@pytest.mark.parametrize(
    ("today", "streak"),
    [
        ("2026-12-06", 3),  # played today
        ("2026-12-07", 3),  # played yesterday: today's deal can still extend it
        ("2026-12-08", 0),  # a whole day went by without one
        ("2027-01-06", 0),
    ],
)
def test_the_daily_streak_is_alive_while_its_newest_day_is_today_or_yesterday(today, streak):
    daily = daily_as_of(today)
    assert daily["streak"] == streak
    assert (daily["longest"], daily["last"], daily["played"]) == (3, "2026-12-06", 3)
    assert career.live_streak(3, None, career.parse_day(today)) == 0  # no daily yet


def test_todays_daily_says_whether_it_was_attempted_and_its_line_once_finished():
    scored = made(2, daily="2026-12-06")
    assert daily_as_of("2026-12-06")["today"] == {
        "date": "2026-12-06",
        "attempted": False,
        "line": None,
    }
    started = daily_as_of("2026-12-07", {"2026-12-07": "f" * 16})  # started, not finished
    assert started["today"] == {"date": "2026-12-07", "attempted": True, "line": None}
    finished = daily_as_of("2026-12-06", {"2026-12-06": scored["id"]})["today"]
    assert finished["attempted"] is True
    assert finished["line"] == career.daily_line(scored)
    assert call("career", entries=[], today="2026-13-01")["code"] == "bad_date"
    assert call("career", entries=[], today="2026-12-01", attempts=[])["code"] == "bad_career"


def export_request(entries: list[dict[str, Any]], history: list[Any]) -> dict[str, Any]:
    return {
        "exported": stamp(50),
        "entries": entries,
        "daily": {"attempts": {}},
        "history": history,
        "prefs": {"lang": "pl"},
    }


def test_the_export_file_is_built_in_python_in_its_one_format(export):
    entries = export["career"]["entries"]
    reply = call("export", **export_request(entries, export["history"]))
    assert reply["ok"], reply
    data = reply["export"]
    assert (data["format"], data["version"]) == (career.EXPORT_FORMAT, career.EXPORT_VERSION)
    assert data["career"] == {"entries": entries, "daily": {"attempts": {}}, "abandoned": []}
    assert data["history"] == export["history"] and data["exported"] == stamp(50)
    assert data["prefs"] == {"lang": "pl"}
    assert checked(data)["summary"]["history"] == len(export["history"])  # it imports again


def test_an_export_keeps_at_most_the_newest_history_of_the_one_cap():
    newest_first = [{"id": f"{i:016x}"} for i in range(career.MAX_HISTORY + 1)]
    data = call("export", **export_request([], newest_first))["export"]
    assert data["history"] == newest_first[: career.MAX_HISTORY]
    assert career.KEEP == {"entries": career.MAX_ENTRIES, "history": career.MAX_HISTORY}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"exported": "now"}, None),
        ({"entries": [{"id": 1}]}, "id"),
        ({"daily": {"attempts": {"2026-12-01": 5}}}, "attempts"),
        ({"daily": None}, "daily"),
        ({"history": {}}, "history"),
        ({"prefs": []}, "prefs"),
    ],
)
def test_an_export_of_damaged_keeping_is_refused(change, field):
    refused = call("export", **{**export_request([], []), **change})
    assert refused["ok"] is False and refused["code"] in REFUSAL_CODES, refused
    assert refused["values"].get("field") == field


def test_an_import_with_damaged_daily_attempts_is_refused(export):
    data = copy.deepcopy(export)
    data["career"]["daily"] = {"attempts": {"2026-12-01": "me"}}
    refused = checked(data)
    assert refused["code"] == "export_shape" and refused["values"]["field"] == "daily"
    data["career"]["daily"] = {"attempts": {"2026-12-01": "0" * 16}}
    assert checked(data)["ok"]


def test_a_finished_match_brings_its_figures_and_new_trophies_in_one_reply():
    before = [made(0, won=True)]  # first_win is held already
    started = call("start", seed=4, settings={"seats": ["you", "beginner"]})
    finish(started)
    reply = call("career_entry", date=stamp(1), entries=before, attempts={})
    assert reply["ok"], reply
    entry = reply["entry"]
    assert reply["career"] == career_of_today([*before, entry], stamp(1)[:10])
    held = [t["id"] for t in career_of(before)["trophies"]]
    after = [t["id"] for t in reply["career"]["trophies"]]
    assert reply["new_trophies"] == [t for t in after if t not in held]
    assert "first_win" not in reply["new_trophies"]
    assert reply["keep"] == career.KEEP
    # the same match sent again earns nothing and counts once
    again = call("career_entry", date=stamp(2), entries=[*before, entry], attempts={})
    assert again["new_trophies"] == [] and again["career"]["played"] == 2


def career_of_today(entries: list[dict[str, Any]], today: str) -> dict[str, Any]:
    reply = call("career", entries=entries, today=today, attempts={})
    assert reply["ok"], reply
    return reply["career"]


def test_a_finished_match_past_the_cap_drops_the_oldest_entry_from_its_figures():
    full = [made(i, won=i == 0) for i in range(career.MAX_ENTRIES)]  # the oldest is the win
    finish(call("start", seed=4, settings={"seats": ["you", "casual"], "options": {"target": 30}}))
    reply = call("career_entry", date=stamp(career.MAX_ENTRIES), entries=full)
    assert reply["ok"], reply
    assert reply["career"]["played"] == career.MAX_ENTRIES
    assert reply["career"]["won"] == int(reply["entry"]["won"])
