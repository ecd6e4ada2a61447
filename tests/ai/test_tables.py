"""The Expert at every table: a worlds cap that makes the search deterministic for a seed, its
imagined players as the table shows them (a Casual partner or opponent plays as a Casual does),
and with three or more sides a round valued by the race with the leader."""

from __future__ import annotations

import random

import pytest

from allthrees.ai.arena import make_player
from allthrees.ai.expert import (
    GREEDY_RATE,
    ROLLOUT_RATES,
    _value,
    analyse,
    candidates,
    rollout_rates,
)
from allthrees.match import Match
from allthrees.rules import Rules
from allthrees.session import Session
from allthrees.settings import Settings
from allthrees.view import make_view


def choice_view(players: int = 4, teams: bool = True, seed: int = 3, kinds=()):
    """A view of the first seat with a real choice (two candidates that are not mirror images)."""
    rules = Rules.make("parlor", players=players, teams=teams)
    rnd = Match(rules, seed=seed).start_round()
    while True:
        view = make_view(rnd, rnd.turn, None, kinds)
        if len(candidates(view)) > 1:
            return view
        rnd.step(rnd.legal_moves()[0])


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_the_worlds_cap_stops_the_search_the_same_way_for_a_seed(players, teams):
    view = choice_view(players, teams)
    runs = [analyse(view, random.Random(11), think_ms=60_000, worlds=40) for _ in range(2)]
    assert runs[0].iterations == runs[1].iterations == 40, "the cap, not the clock, stopped it"
    assert runs[0].samples == runs[1].samples
    assert runs[0].ranked() == runs[1].ranked()


def test_the_imagined_players_are_who_the_table_shows():
    view = choice_view(kinds=("person", "casual", "expert", "beginner"))
    assert rollout_rates(view) == [GREEDY_RATE, 1.0, GREEDY_RATE, ROLLOUT_RATES["beginner"]]
    assert rollout_rates(choice_view()) == [GREEDY_RATE] * 4  # not told: everyone plays well


def test_a_session_tells_its_computers_who_plays_each_seat():
    settings = Settings.from_json(
        {
            "mode": "partners",
            "seats": ["you", "casual", "beginner", {"controller": "person", "name": "Ana"}],
        }
    )
    session = Session(settings, 5)
    assert session.view(1).players == ("person", "casual", "beginner", "person")


def test_with_three_sides_points_taken_from_the_leader_count_more():
    scores = (100, 20, 60)  # side 0 leads; side 2, the Expert's, is second
    before = [0, 0, 0]
    # side 2 makes 10 in both imagined rounds; in one the leader makes 10, in the other the last
    leader_gains = _value([10, 0, 10], before, scores, 2, None)
    last_gains = _value([0, 10, 10], before, scores, 2, None)
    assert last_gains > leader_gains
    # two sides: the race with the leader is the plain margin
    assert _value([10, 4], [0, 0], (50, 80), 0, None) == 6


def test_arena_budgets_join_with_colons():
    player = make_player("expert:250ms:150w", None, None)
    assert player.keywords == {
        "think_ms": 250.0,
        "iterations": None,
        "worlds": 150,
        "read": True,
        "exact": True,
        "endgame": 0,
        "paranoid": True,
    }
    assert make_player("expert:0w", 100, None).keywords["worlds"] is None
    assert make_player("expert:end8", 100, None).keywords["endgame"] == 8
    endx = make_player("expert:endx8", 100, None).keywords
    assert (endx["endgame"], endx["paranoid"]) == (8, False)
    assert make_player("expert:flat", 100, None).keywords["read"] is False
    assert make_player("expert:sampled", 100, None).keywords["exact"] is False
    with pytest.raises(ValueError, match="an older checkout"):
        make_player("expert@../elsewhere:sampled", 100, None)
    with pytest.raises(ValueError, match="an older checkout"):
        make_player("expert@../elsewhere:end8", 100, None)
    with pytest.raises(ValueError, match="150w"):
        make_player("expert:fast", 100, None)
    with pytest.raises(ValueError, match="no budget"):
        make_player("casual:50ms", 100, None)
