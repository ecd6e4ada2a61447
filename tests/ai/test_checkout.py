"""The arena's player from another checkout (ai/checkout.py): a child process with that
checkout's own package answers a view with a move, and a path that is no checkout fails at once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from allthrees.ai.arena import make_player
from allthrees.ai.expert import expert
from allthrees.match import Match
from allthrees.rules import Rules
from allthrees.view import make_view

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkouts_expert_answers_a_view_as_the_expert_there_would():
    rnd = Match(Rules.make("parlor"), seed=9).start_round()
    for _ in range(3):
        rnd.step(rnd.legal_moves()[0])
    view = make_view(rnd, rnd.turn, players=("expert", "expert"))
    there = make_player(f"expert@{ROOT}:40it", None, None)  # this checkout, in its own process
    # a fixed count of worlds and the same random source: the same move as here, read alike
    assert there(view, random.Random(5)) == expert(view, random.Random(5), None, 40)


def test_a_path_that_is_no_checkout_fails_before_any_match(tmp_path):
    with pytest.raises(ValueError, match="no checkout of this game"):
        make_player(f"expert@{tmp_path}", 100, None)
    with pytest.raises(ValueError, match="flat"):
        make_player(f"expert@{ROOT}:flat", 100, None)
