"""Fives and Threes at the table: a link starts it, the New game form offers its options (and
refuses a reserve without drawing beside its option), a match is played through the app to
exactly 61 at 2 players and as partners, the career counts it and the daily deal may use it."""

from __future__ import annotations

from typing import Any

import pytest
from appkit import call, step

from allthrees.links import parse_link
from allthrees.record import replay, result
from allthrees.rules import PRESETS
from allthrees.rulesform import rules_form

NEW_OPTIONS = {
    "scoring": ("choice", "fives_and_threes"),
    "draw": ("bool", False),
    "pip_bonus": ("bool", False),
    "out_bonus": ("int", 1),
    "partners_out": ("choice", "both"),
    "exact_target": ("bool", True),
    "cribbage": ("bool", True),
}


def test_a_link_starts_fives_and_threes():
    reply = call("link", params={"rules": "fives_and_threes"})
    assert reply["ok"] and reply["settings"]["rules"] == "fives_and_threes"
    settings, _ = parse_link({"rules": "fives_and_threes", "teams": "1"})
    rules = settings.to_rules()
    assert settings.mode == "partners" and rules.team_out and rules.hand_size == 5
    league, _ = parse_link({"rules": "fives_and_threes_league", "players": "4"})
    assert league.to_rules().hand_size == 6
    # any preset may take the new options from a link
    block, _ = parse_link({"rules": "pub", "draw": "0", "exact_target": "1", "out_bonus": "2"})
    rules = block.to_rules()
    assert (rules.draw, rules.stock_reserve, rules.exact_target, rules.out_bonus) == (
        False,
        0,
        True,
        2,
    )
    refused = call("link", params={"rules": "parlor", "draw": "0", "stock_reserve": "2"})
    assert refused["ok"] is False and refused["code"] == "reserve_without_draw"


def test_the_form_offers_the_new_options_with_the_presets_values():
    form = rules_form({"rules": "fives_and_threes", "seats": ["you", "expert"]})
    by_name = {o["name"]: o for o in form["options"]}
    for name, (kind, value) in NEW_OPTIONS.items():
        assert (by_name[name]["kind"], by_name[name]["value"]) == (kind, value), name
        assert not by_name[name]["customised"]
    assert by_name["scoring"]["choices"] == ["multiple", "fives_and_threes"]
    assert by_name["partners_out"]["choices"] == ["one", "both"]
    assert (by_name["out_bonus"]["min"], by_name["out_bonus"]["max"]) == (0, 9)
    assert form["error"] is None
    names = [p["name"] for p in form["presets"]]
    assert names == list(PRESETS) and names[-2:] == ["fives_and_threes", "fives_and_threes_league"]
    about = {p["name"]: p["about"] for p in form["presets"]}
    assert {"code": "fives_and_threes"} in about["fives_and_threes"]
    assert {"code": "exact_target", "target": 61} in about["fives_and_threes"]
    assert {"code": "out_bonus", "points": 1} in about["fives_and_threes"]
    assert {"code": "hand", "tiles": 9} in about["fives_and_threes_league"]


def test_a_reserve_without_drawing_is_refused_beside_the_reserve():
    form = rules_form(
        {"rules": "fives_and_threes", "options": {"stock_reserve": 2}, "seats": ["you", "expert"]}
    )
    assert form["error"]["option"] == "stock_reserve"
    assert form["error"]["code"] == "reserve_without_draw"
    assert form["error"]["values"] == {"tiles": 2}
    # allowing drawing makes the same reserve fine
    form = rules_form(
        {
            "rules": "fives_and_threes",
            "options": {"stock_reserve": 2, "draw": True},
            "seats": ["you", "expert"],
        }
    )
    assert form["error"] is None


def play_match(reply: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Play the match to its end as the page does; the pass reasons the viewer was given."""
    why: set[str] = set()
    for _ in range(5000):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            return reply, why
        assert not snap["can_draw"], "block play never offers a draw"
        if snap["must_pass"]:
            why.add(snap["pass_why"])
        if snap["phase"] == "round_over":
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = step(reply)
        assert reply["ok"], reply
    raise AssertionError("the match never ended")


@pytest.mark.parametrize(
    ("mode", "seats"),
    [("match", ["you", "casual"]), ("partners", ["you", "casual", "beginner", "casual"])],
)
def test_a_match_is_played_through_the_app_to_exactly_61(mode, seats):
    settings = {"rules": "fives_and_threes", "mode": mode, "seats": seats}
    reply, why = play_match(call("start", seed=38, settings=settings))
    snap = reply["snapshot"]
    assert why == {"block"}, "a forced knock says it is block play"
    assert sorted(s["score"] for s in snap["sides"])[-1] == 61
    assert snap["pegs"] is not None and max(p["front"] for p in snap["pegs"]) == 61
    rec = call("record")["record"]
    assert rec["rules"] == "fives_and_threes" and rec["seed"]
    out = result(replay(rec))
    assert out["rounds"][-1]["scores"] == [s["score"] for s in snap["sides"]]
    entry = call("career_entry", date="2026-11-01T09:00:00Z")
    assert entry["ok"], entry
    assert entry["entry"]["preset"] == "fives_and_threes"
    assert entry["entry"]["scores"] == out["rounds"][-1]["scores"]


def test_the_daily_deal_may_be_fives_and_threes():
    deal = call("daily", date="2026-12-01", preset="fives_and_threes")["daily"]
    assert deal["settings"]["rules"] == "fives_and_threes"
    assert deal["seed"] != call("daily", date="2026-12-01")["daily"]["seed"]
    started = call("new", daily="2026-12-01", preset="fives_and_threes")
    assert started["ok"] and started["snapshot"]["rules"]["preset"] == "fives_and_threes"
    assert started["snapshot"]["rules"]["options"]["draw"] is False
