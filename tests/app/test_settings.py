"""Settings: the New game dialog's choices and a link's parameters, checked in one place."""

from __future__ import annotations

import pytest
from appkit import call

from allthrees.links import parse_link
from allthrees.settings import BadSettings, Seat, Settings


def test_the_links_of_the_readme_describe_the_games_they_say():
    settings, seed = parse_link(
        {"players": "4", "teams": "1", "seats": "you,expert,casual,expert", "seed": "7"}
    )
    assert settings.mode == "partners" and seed == 7
    assert [s.controller for s in settings.seats] == ["you", "expert", "casual", "expert"]
    rules = settings.to_rules()
    assert rules.teams and rules.players == 4 and rules.sides == 2

    sprint, seed = parse_link({"sprint": "1"})
    assert sprint.mode == "sprint" and sprint.to_rules().single_round and seed is None
    assert sprint.seats == (Seat("you"), Seat("expert"))

    three, _ = parse_link({"players": "3", "seats": "you,person:Ana,expert"})
    assert three.seats == (Seat("you"), Seat("person", "Ana"), Seat("expert"))
    assert three.names() == ["Player 1", "Ana", "Expert"]  # two people: "You" would be either


def test_a_link_leaves_out_what_the_defaults_say():
    four, _ = parse_link({"players": "4"})
    assert [s.controller for s in four.seats] == ["you", "expert", "expert", "expert"]
    assert four.names() == ["You", "Expert", "Expert 2", "Expert 3"]
    partners, _ = parse_link({"teams": "1"})
    assert partners.players == 4
    both, _ = parse_link({"mode": "match", "teams": "1", "sprint": "0"})
    assert both.mode == "partners", "sprint=0 only rules a sprint out"
    fives, _ = parse_link({"rules": "all_fives", "target": "100", "muggins": "1"})
    rules = fives.to_rules()
    assert (rules.multiple, rules.target, rules.muggins) == (5, 100, True)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": "5"}, "2, 3 or 4"),
        ({"players": "3", "seats": "you,expert"}, "players=3 but seats names 2"),
        ({"seats": "expert,expert"}, "exactly one seat is yours"),
        ({"seats": "you,wizard"}, "a seat is one of"),
        ({"seats": "you,expert:Bob"}, "only a person seat has a name"),
        ({"seats": "you,person:" + "A" * 17}, "at most 16 characters"),
        ({"teams": "1", "players": "3"}, "played by 4"),
        ({"teams": "maybe"}, "teams is 1 or 0"),
        ({"seed": "x" * 30}, "seed is a whole number"),
        ({"seed": "9" * 16}, "seed is a whole number"),
        ({"rules": "chess"}, "rules must be one of"),
        ({"target": "0"}, "target must be a whole number >= 1"),
        ({"target": "5000"}, "at most 1000"),
        ({"hand_size": "20", "players": "4"}, "need 80 tiles"),
        ({"colour": "red"}, "unknown link parameter"),
    ],
)
def test_a_bad_link_says_what_is_wrong(params, words):
    with pytest.raises(BadSettings, match=words):
        parse_link(params)
    reply = call("link", params=params)
    assert reply["ok"] is False and words.split()[0] in reply["error"]


def test_settings_round_trip_through_json_and_refuse_nonsense():
    settings = Settings(
        mode="partners",
        seats=(Seat("you"), Seat("person", "Ana"), Seat("casual"), Seat("expert")),
        options=(("target", 100),),
    )
    assert Settings.from_json(settings.to_json()) == settings
    for bad in (
        [],
        {"seats": "you"},
        {"seats": [{"controller": "you"}] * 2},
        {"mode": "chess"},
        {"options": {"players": 3}},
        {"hide_sum": "yes"},
        {"unknown": 1},
    ):
        with pytest.raises(BadSettings):
            Settings.from_json(bad)


def test_the_old_pages_preferences_still_read():
    old = Settings.from_json({"opponent": "beginner", "target": 100, "hide_sum": True})
    assert old.seats == (Seat("you"), Seat("beginner"))
    assert old.to_rules().target == 100 and old.hide_sum
