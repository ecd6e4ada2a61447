"""The daily deal's standings (issue 44, Python's side): the day's computers play the same moves
on every run (a fixed count of worlds from a random source fixed by the day and the move), so
an entry published by anyone replays on any device; an entry counts only when it replays move
by move to its score, and every forged, altered, replayed, duplicated, future or malformed one
is refused and ranked nowhere."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from appkit import call, step

from allthrees.career import dailydeal
from allthrees.career import standings as standings_of
from allthrees.career.dailydeal import daily_session
from allthrees.notation import move_text, parse_move
from allthrees.session import Session

DAY = "2026-12-03"
TODAY = "2026-12-05"
PY = Path(__file__).resolve().parents[2] / "py"


def play_daily(policy: str, day: str = DAY) -> Session:
    """The day's deal played to its end: the person by ``policy`` (``first`` or ``last`` legal
    move, or ``random``), the computer as the daily's computer plays."""
    session = daily_session(day)
    match = session.match
    rng = random.Random(policy)
    while not match.over:
        if match.round.over:
            session.act(None, {"kind": "next"})
        elif session.computer_to_move():
            session.advance()
        else:
            moves = match.round.legal_moves()
            pick = {"first": moves[0], "last": moves[-1]}.get(policy) or rng.choice(moves)
            match.apply(pick)
    return session


def moves_of(session: Session) -> list[list[str]]:
    return [[move_text(e.move, e.touch) for e in r.history] for r in session.match.rounds]


def published(session: Session, key: str, name: str = "Ana", at: int = 1) -> dict[str, Any]:
    side = session.match.rules.side_of(session.settings.you())
    entry = {
        "v": 1,
        "name": name,
        "date": DAY,
        "score": session.match.scores[side],
        "record": moves_of(session),
    }
    return {"key": key, "at": at, "entry": entry}


@pytest.fixture(scope="module")
def plays() -> dict[str, Session]:
    return {p: play_daily(p) for p in ("first", "last", "random")}


def board(entries: list[Any], date: str = DAY, today: str = TODAY, **extra: Any) -> dict:
    reply = call("standings", entries=entries, date=date, today=today, **extra)
    assert reply["ok"], reply
    return reply["standings"]


def test_the_days_computers_play_the_same_moves_on_every_run():
    """Two fresh interpreters (each with its own hash seed) play the day's deal with the same
    person's moves: the computer's moves, and so the records, are the same."""
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "from test_standings import play_daily, moves_of;"
        "print(json.dumps(moves_of(play_daily('random', '2026-12-04'))))"
    )
    here = Path(__file__).parent
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": f"{PY}{os.pathsep}{here}"}
        out = subprocess.run(
            [sys.executable, "-c", script, str(here)], env=env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1] and len(runs[0]) >= 1
    assert runs[0] == moves_of(play_daily("random", "2026-12-04"))  # and here too


def test_the_daily_searches_a_fixed_count_of_worlds_and_a_reload_keeps_it():
    reply = call("new", daily=DAY)
    assert reply["ok"]
    from allthrees import app

    assert app._app.session.worlds == dailydeal.DAILY_WORLDS
    assert call("start", save=reply["save"])["ok"]
    assert app._app.session.worlds == dailydeal.DAILY_WORLDS
    assert call("new", settings={"seats": ["you", "expert"]})["ok"]
    assert app._app.session.worlds is None


def test_a_daily_played_through_the_controller_is_published_and_counts():
    reply = call("new", daily=DAY)
    for _ in range(3000):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            break
        if snap["phase"] == "round_over":
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = step(reply)
        assert reply["ok"], reply
    entry = call("career_entry", date=f"{DAY}T20:00:00Z", daily=DAY)["entry"]
    made = call("standings_entry", name="  Ana  ", entry=entry)
    assert made["ok"], made
    mine = made["entry"]
    assert set(mine) == {"v", "name", "date", "score", "record"}  # nothing else leaves
    assert mine["name"] == "Ana" and mine["score"] == entry["scores"][entry["your_side"]]
    one = {"key": "a" * 64, "at": 5, "entry": mine}
    check = call("standings_check", entry=one, date=DAY, today=TODAY)
    assert check == {"ok": True, "valid": True, "why": None}
    out = board([one])
    assert out["count"] == 1 and out["refused"] == 0 and out["best"] == mine["score"]
    assert out["rows"][0]["rank"] == 1 and out["rows"][0]["margin"] == entry["margin"]
    assert all(set(v) == set(standings_of.VERDICT_FIELDS) for v in out["checked"].values())
    # a match that is not a daily cannot be published
    assert (
        call("standings_entry", name="Ana", entry={**entry, "daily": None})["code"] == "not_daily"
    )


def test_entries_are_ranked_won_first_then_by_score_and_margin(plays):
    entries = [
        published(s, k * 64, name)
        for (s, k, name) in zip(plays.values(), "abc", ("Ana", "Ben", "Cy"), strict=True)
    ]
    out = board(entries)
    assert out["count"] == 3 and out["refused"] == 0
    rows = out["rows"]
    keys = [(not r["won"], -r["score"], -r["margin"]) for r in rows]
    assert keys == sorted(keys)
    assert [r["rank"] for r in rows] == [1, 2, 3] or len({tuple(k) for k in keys}) < 3
    # every device ranks the same entries alike, in whatever order the relays gave them
    assert board(list(reversed(entries)))["rows"] == rows
    # a tie shares its rank
    twin = published(plays["first"], "d" * 64, "Dee")
    tied = board([entries[0], twin])["rows"]
    assert [r["rank"] for r in tied] == [1, 1]


def first_choice(session_moves: list[list[str]]) -> tuple[int, int, str]:
    """Where the day's computer first had a choice, and another legal move it could have made:
    (round, move, the other move's text)."""
    session = daily_session(DAY)
    match = session.match
    for r, moves in enumerate(session_moves):
        if r:
            session.act(None, {"kind": "next"})
        for k, text in enumerate(moves):
            rnd = match.round
            legal = rnd.legal_moves()
            if rnd.turn != session.settings.you() and len(legal) > 1:
                played, _ = parse_move(rnd, text)
                other = next(m for m in legal if m != played)
                return r, k, text_of(rnd, other)
            match.apply(parse_move(rnd, text)[0])
    raise AssertionError("the computer never had a choice")


def text_of(rnd: Any, move: int) -> str:
    """A legal move in notation, as a record would hold it."""
    from allthrees.moves import ARMS, kind_of, tile_of
    from allthrees.tiles import HI, LO

    if move < 0:
        return move_text(move, 0)
    t = tile_of(move)
    for a, b in ((LO[t], HI[t]), (HI[t], LO[t])):
        for text in (f"{a}-{b}", f"{a}-{b}@{ARMS[kind_of(move)] if kind_of(move) < 4 else 'W'}"):
            try:
                if parse_move(rnd, text)[0] == move:
                    return text
            except Exception:  # noqa: BLE001 - not this spelling
                continue
    raise AssertionError(f"no notation for move {move}")


def forged(plays: dict[str, Session], how: str) -> dict[str, Any]:
    good = published(plays["first"], "f" * 64)
    entry = copy.deepcopy(good["entry"])
    if how == "score":
        entry["score"] += 3
    elif how == "illegal_move":
        mine = next(i for i, m in enumerate(entry["record"][0]) if "@" in m or "-" in m)
        entry["record"][0][mine] = "9-9@E"  # no such tile in a double-six set... or anywhere
    elif how == "computer_move":
        r, k, other = first_choice(entry["record"])
        entry["record"][r][k] = other
    elif how == "unfinished":
        entry["record"][-1] = entry["record"][-1][:-1]
    elif how == "past_the_end":
        entry["record"][-1].append("pass")
    return {**good, "entry": entry}


@pytest.mark.parametrize(
    ("how", "why"),
    [
        ("score", "score"),
        ("illegal_move", "illegal_move"),
        ("computer_move", "computer_move"),
        ("unfinished", "unfinished"),
        ("past_the_end", "unfinished"),
    ],
)
def test_an_entry_that_does_not_replay_to_its_score_is_refused(plays, how, why):
    honest = published(plays["last"], "e" * 64, "Eve")
    out = board([honest, forged(plays, how)])
    assert out["count"] == 1 and [r["name"] for r in out["rows"]] == ["Eve"]
    assert out["refused"] == 1 and out["why"][why] == 1, out["why"]


def test_one_key_counts_once_the_first_published(plays):
    first = published(plays["first"], "a" * 64, at=10)
    later = published(plays["last"], "a" * 64, "Ana again", at=20)
    out = board([later, first, first])  # the same event from two relays is one
    assert out["count"] == 1 and out["rows"][0]["name"] == "Ana"
    assert out["why"]["duplicate_key"] == 1 and out["refused"] == 1


def test_a_future_or_another_days_entry_is_refused(plays):
    entry = published(plays["first"], "a" * 64)
    ahead = {**entry, "entry": {**entry["entry"], "date": "2026-12-06"}}
    out = board([ahead], date="2026-12-06", today=TODAY)
    assert out["count"] == 0 and out["why"]["future"] == 1
    out = board([entry], date="2026-12-02")
    assert out["count"] == 0 and out["why"]["wrong_date"] == 1


def junk(plays: dict[str, Session]) -> list[Any]:
    good = published(plays["first"], "a" * 64)
    e = good["entry"]
    return [
        None,
        "text",
        [],
        {},
        {**good, "extra": 1},
        {**good, "key": "A" * 64},
        {**good, "key": "a" * 63},
        {**good, "at": True},
        {**good, "entry": {**e, "name": ""}},
        {**good, "entry": {**e, "name": "x" * 17}},
        {**good, "entry": {**e, "name": "bad\u0007name"}},
        {**good, "entry": {**e, "name": " spaced "}},
        {**good, "entry": {**e, "score": True}},
        {**good, "entry": {**e, "score": -1}},
        {**good, "entry": {**e, "v": 2}},
        {**good, "entry": {**e, "date": "2026-02-30"}},
        {**good, "entry": {**e, "record": []}},
        {**good, "entry": {**e, "record": [["6-6"]] * 61}},
        {**good, "entry": {**e, "record": [[{"move": "6-6"}]]}},
        {**good, "entry": {**e, "record": [["<script>"]]}},
        {**good, "entry": {k: v for k, v in e.items() if k != "score"}},
        {**good, "entry": {**e, "seed": 7}},
    ]


def test_a_malformed_entry_is_refused_without_a_replay(plays, monkeypatch):
    replays = []
    real = standings_of.replayed
    monkeypatch.setattr(standings_of, "replayed", lambda e: replays.append(e) or real(e))
    bad = junk(plays)
    out = board(bad)
    assert out["count"] == 0 and out["why"]["malformed"] == len(bad) and replays == []


def test_a_thousand_junk_entries_leave_the_honest_ones_ranked(plays):
    rng = random.Random(44)
    honest = published(plays["random"], "c" * 64, "Cy")
    flood = []
    for _ in range(1000):
        flood.append(copy.deepcopy(rng.choice(junk(plays))))
    out = board([*flood, honest])
    assert out["count"] == 1 and out["rows"][0]["name"] == "Cy"
    assert out["refused"] == 1000


def test_known_verdicts_are_not_replayed_again(plays, monkeypatch):
    entries = [published(plays["first"], "a" * 64), forged(plays, "score")]
    out = board(entries)
    replays = []
    monkeypatch.setattr(
        standings_of,
        "replayed",
        lambda e: replays.append(e) or {"why": None, "won": 1, "margin": 0},
    )
    again = board(entries, known=out["checked"])
    assert replays == [] and again["rows"] == out["rows"] and again["why"] == out["why"]
    # a verdict that is no verdict is replayed, never believed
    board(entries, known={d: {"why": "nonsense"} for d in out["checked"]})
    assert len(replays) == 2


def test_a_bad_request_is_a_worded_refusal():
    reply = call("standings", entries="all of them", date=DAY, today=TODAY)
    assert not reply["ok"] and reply["code"] == "bad_career"
    reply = call("standings", entries=[], date="yesterday", today=TODAY)
    assert not reply["ok"] and reply["code"] == "bad_date"
    reply = call("standings", entries=[None] * (standings_of.MAX_BATCH + 1), date=DAY, today=TODAY)
    assert not reply["ok"]


def test_a_budget_of_replays_leaves_the_rest_unchecked_and_says_so(plays, monkeypatch):
    """Past the budget an entry is neither counted nor refused; the highest claims are replayed
    first, and a verdict known from before costs no replay."""
    entries = [
        published(s, k * 64, name)
        for (s, k, name) in zip(plays.values(), "abc", ("Ana", "Ben", "Cy"), strict=True)
    ]
    claims = sorted((e["entry"]["score"], e["entry"]["name"]) for e in entries)
    replays: list[str] = []
    real = standings_of.replayed
    monkeypatch.setattr(standings_of, "replayed", lambda e: replays.append(e["name"]) or real(e))
    out = board(entries, budget=1)
    assert out["count"] == 1 and out["unchecked"] == 2 and out["refused"] == 0
    assert replays == [claims[-1][1]] and out["rows"][0]["name"] == claims[-1][1]
    more = board(entries, budget=1, known=out["checked"])
    assert more["count"] == 2 and more["unchecked"] == 1 and len(replays) == 2
    assert board(entries, budget=0)["unchecked"] == 3
    whole = board(entries, known=more["checked"])
    assert whole["count"] == 3 and whole["unchecked"] == 0 and len(replays) == 3
    for bad in (-1, True, "2", standings_of.MAX_BATCH + 1):
        reply = call("standings", entries=entries, date=DAY, today=TODAY, budget=bad)
        assert not reply["ok"] and reply["code"] == "bad_career", reply


def test_the_benchmark_checks_every_entry_it_made():
    """``scripts/bench standings``: every entry it makes counts once checked, and the figure is
    a cost per entry (no bound on it: timing under load means nothing)."""
    from allthrees.bench import standings_check

    out = standings_check(entries=3, plays=1)
    assert out["entries"] == 3 and out["rounds"] >= 1 and out["ms_per_entry"] > 0
