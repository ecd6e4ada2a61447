"""The rules in words (explain.py), the New game form of every option (rulesform.rules_form),
muggins claims at the table, and the cribbage pegs."""

from __future__ import annotations

import json
import random
import re

import pytest
from appkit import call, person_intent, play_until, step

from allthrees.ai import claim
from allthrees.cli import main
from allthrees.english import english, preset_line, rules_text, text
from allthrees.explain import rules_lines
from allthrees.match import Match
from allthrees.rules import PRESETS, Rules
from allthrees.rulesform import rules_form
from allthrees.session import Session
from allthrees.settings import Seat, Settings
from allthrees.snapshot import snapshot
from allthrees.summary import round_summary
from allthrees.view import make_view


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_is_explained_with_its_own_numbers(preset):
    rules = Rules.make(preset)
    words = text(rules)
    unit = "pegs" if rules.cribbage else "points"
    if rules.exact_target:
        assert f"reach exactly {rules.target} {unit} wins at once" in words
    else:
        assert f"at least {rules.target} {unit}" in words
    if rules.scoring == "fives_and_threes":
        assert "a point for each 5" in words and "8 points" in words
    else:
        assert f"multiple of {rules.multiple}" in words
    assert f"dealt {rules.hand_size} tiles" in words
    if not rules.draw:
        assert "Nobody draws" in words and "Nobody may knock while able to play" in words
    elif rules.stock_reserve:
        assert f"only {rules.stock_reserve} tiles are left: those are never drawn" in words
    else:
        assert "or the boneyard is empty" in words
    assert ("counts the spinner's pips" in words) == rules.spinner_sides_count
    pips = rules.pip_bonus
    assert ("less their own" in words) == (pips and rules.block_bonus == "difference")
    assert ("divided by 3" in words) == (pips and rules.bonus_divisor == 3)
    assert ("no pips are counted" in words) == (not pips)
    assert (f"Going out scores {rules.out_bonus} point" in words) == bool(rules.out_bonus)
    titles = [s["title"] for s in rules_text(rules)]
    assert titles[-1] == "A worked example"


@pytest.mark.parametrize("preset", PRESETS)
def test_the_worked_example_is_what_the_engine_does(preset):
    """Each number of the example is replayed: a lead and a play that score, and a settlement."""
    rules = Rules.make(preset)
    lines = rules_text(rules)[-1]["lines"]
    lead_line, play_line = lines[0], lines[1]
    lead = lead_line.split()[1].rstrip(":")
    played = play_line.split()[1]
    a, b = map(int, lead.split("-"))
    s1 = int(re.search(r"end sum is (\d+)", lead_line)[1])
    assert s1 == a + b and rules.points(s1) > 0
    assert f"it scores {rules.award(rules.points(s1))}" in lead_line
    s2 = int(re.search(r"end sum is (\d+)", play_line)[1])
    assert rules.points(s2) > 0
    assert f"it scores {rules.award(rules.points(s2))}" in play_line
    assert played.split("-")[0] in (str(b), str(a))
    rest = lines[2:]
    if rules.exact_target:  # a side short of the target: a bigger play does not count
        assert re.match(rf"At (\d+), \d+ short of {rules.target}", rest[0])
        rest = rest[1:]
    if rules.pip_bonus:
        assert rest[0].endswith(f"you score {rules.bonus(11)}.")
    else:
        assert rest == []


def test_options_change_the_words():
    base = text(Rules.make("parlor"))
    nine = text(Rules.make("parlor", set="double_nine", spinner="none", muggins=True))
    assert "double-9 set: 55 tiles" in nine and "There is no spinner" in nine and "Muggins" in nine
    assert "double-6 set: 28 tiles" in base and "Muggins" not in base
    crib = text(Rules.make("parlor", cribbage=True))
    assert "at least 61 pegs" in crib and "divided by 3 into pegs" in crib
    teams = text(Rules.make("pub", players=4, teams=True))
    assert "two teams" in teams and "the other team's pips" in teams
    sprint = text(Rules.make("pub", single_round=True))
    assert "One round only" in sprint


def test_each_preset_has_a_line_of_what_sets_it_apart():
    form = rules_form({"rules": "parlor"})
    lines = {p["name"]: p["about"] for p in form["presets"]}  # what New game words
    assert list(lines) == list(PRESETS)
    assert {"code": "multiple", "k": 5} in lines["all_fives"]
    assert {"code": "target", "target": 61} in lines["all_fives"]
    assert {"code": "reserve", "tiles": 2} in lines["parlor"]
    assert not any(p["code"] == "multiple" for p in lines["parlor"])  # 3 goes without saying
    assert {"code": "lead", "rule": "lots"} in lines["classic"]
    assert {"code": "divisor", "by": 3} in lines["classic"]
    assert len({json.dumps(line) for line in lines.values()}) == len(lines)
    english = preset_line("classic")  # the same parts in the terminal's words
    assert "lots decide the lead" in english and "bonus divided by 3" in english


def test_the_cli_prints_the_same_text(capsys):
    assert main(["rules", "--rules", "all_fives", "--set", "double_nine", "--muggins"]) == 0
    out = capsys.readouterr().out
    assert out == text(Rules.make("all_fives", set="double_nine", muggins=True))
    assert main(["rules", "--hand-size", "20", "--players", "4"]) == 2
    assert "need 80 tiles" in capsys.readouterr().err


def test_the_form_fills_a_preset_and_marks_a_changed_option():
    form = rules_form({"rules": "classic", "seats": ["you", "expert"]})
    values = {o["name"]: o["value"] for o in form["options"]}
    assert values["target"] == 100 and values["lead"] == "lots" and values["bonus_divisor"] == 3
    assert not form["customised"] and form["error"] is None
    changed = rules_form(
        {"rules": "classic", "options": {"set": "double_nine"}, "seats": ["you", "expert"]}
    )
    by_name = {o["name"]: o for o in changed["options"]}
    assert by_name["set"]["customised"] and changed["customised"]
    assert by_name["hand_size"]["value"] == 9, "the set's own hand size follows"
    assert by_name["hand_size"]["max"] == 27
    assert by_name["lead"]["choices"] == ["highest_double", "highest_double_any", "lots"]


def test_an_impossible_combination_gets_the_engines_message_beside_its_option():
    form = rules_form(
        {
            "rules": "parlor",
            "options": {"hand_size": 9},
            "seats": ["you", "expert", "casual", "casual"],
        }
    )
    assert form["error"] == {
        "option": "hand_size",
        "message": "4 hands of 9 need 36 tiles; the double-6 set has 28",
        "code": "too_many_tiles",
        "values": {"players": 4, "hand": 9, "need": 36, "top": 6, "tiles": 28},
    }
    reply = call("rules_form", settings={"rules": "parlor", "options": {"multiple": 1}})
    assert reply["form"]["error"]["option"] == "multiple"


def test_muggins_claims_at_the_table():
    """A right claim scores; a wrong or missing one goes to the next opponent, and the summary
    says so."""
    settings = Settings(seats=(Seat("you"), Seat("casual")), options=(("muggins", True),))
    for seed in range(40):
        session = Session(settings, seed=seed)
        outcomes = set()
        while not session.round.over:
            if session.computer_to_move():
                session.advance()
                continue

            snap = snapshot(session)
            intent = person_intent(snap)
            if intent["kind"] == "play":
                tile = next(t for t in snap["hand"] if t["tile"] == intent["tile"])
                target = next(t for t in tile["targets"] if t["arm"] == intent.get("arm"))
                made = target["points"]
                kind = ("right", "wrong", "none")[len(outcomes) % 3] if made else "right"
                intent["claim"] = {"right": made, "wrong": made + 3, "none": None}[kind]
                events = session.act(0, intent)
                placed = events[0]
                if made:
                    outcomes.add(kind)
                    if kind == "right":
                        assert placed.points == made and placed.taker == -1
                    else:
                        assert placed.points == 0 and placed.taker == 1 and placed.made == made
            else:
                session.act(0, intent)
        if outcomes == {"right", "wrong", "none"}:
            summary = snapshot(session)["round"]["summary"]
            calls = [line for line in summary if line["code"] == "muggins"]
            assert len(calls) >= 2 and calls[0]["taker"] == 1, "Casual took the points"
            said = round_summary(session.round, session.settings.names())
            assert "Casual took" in next(line for line in said if line.startswith("Muggins!"))
            return
    pytest.fail("no round gave a right, a wrong and a missing claim")


def test_a_claim_is_refused_without_muggins_and_must_be_a_number():
    reply = call("start", seed=3, settings={"seats": ["you", "casual"]})
    snap = play_until(reply, lambda s: s["viewer"] == s["to_move"] and s["hand"])["snapshot"]
    tile = next((t for t in snap["hand"] if t["playable"]), None)
    if tile is None:
        return
    intent = {"kind": "play", "tile": tile["tile"], "claim": 9}
    if tile["targets"][0]["arm"]:
        intent["arm"] = tile["targets"][0]["arm"]
    bad = call("intent", seat=0, intent=intent)
    assert bad["ok"] is False and "muggins" in bad["error"]
    bad = call("intent", seat=0, intent={**intent, "claim": "9"})
    assert bad["ok"] is False and "whole number" in bad["error"]


def test_the_beginner_sometimes_forgets_to_claim():

    rules = Rules.make("pub", muggins=True)
    said = {"beginner": [], "expert": []}
    for seed in range(30):
        rnd = Match(rules, seed=seed).start_round()
        rng = random.Random(seed)
        while not rnd.over:
            view = make_view(rnd, rnd.turn)
            move = rng.choice(rnd.legal_moves())
            made = rnd.points_after(move) if move >= 0 else 0
            if made:
                for name in said:
                    said[name].append(
                        claim(name, view, move, random.Random(len(said[name]))) == made
                    )
            rnd.apply(move, made or None)
    assert all(said["expert"]) and said["expert"]
    assert 0.05 < said["beginner"].count(False) / len(said["beginner"]) < 0.5


def test_cribbage_pegs_follow_the_scores_and_the_back_peg_is_the_last_score():
    reply = call(
        "start", seed=8, settings={"seats": ["you", "casual"], "options": {"cribbage": True}}
    )
    seen_award = False
    for _ in range(300):
        snap = reply["snapshot"]
        pegs = snap["pegs"]
        assert [p["front"] for p in pegs] == [s["score"] for s in snap["sides"]]
        assert all(p["back"] <= p["front"] for p in pegs)
        seen_award = seen_award or any(p["back"] > 0 for p in pegs)
        if snap["match"]["over"]:
            break
        reply = (
            call("intent", seat=None, intent={"kind": "next"})
            if snap["round"]["over"]
            else step(reply)
        )
    assert seen_award
    assert call("start", seed=8, settings={"seats": ["you", "casual"]})["snapshot"]["pegs"] is None


def test_the_rules_screen_is_the_match_in_plays():
    call("start", seed=2, settings={"rules": "polish", "seats": ["you", "casual"]})
    reply = call("rules_text")
    assert reply["ok"] and reply["rules"] == rules_lines(Rules.make("polish"))
    words = [english(line) for section in reply["rules"] for line in section["lines"]]
    assert [line for s in rules_text(Rules.make("polish")) for line in s["lines"]] == words
    assert json.dumps(reply["rules"])
