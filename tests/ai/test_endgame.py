"""The exact search of a round's last plays in block play (``endgame.solve``) gives what a plain
minimax over every legal play gives (no pruning, no mirror plays merged), and the Expert uses it
once few tiles are left."""

from __future__ import annotations

import random

import pytest

from allthrees.ai.endgame import hand_tiles, solve
from allthrees.ai.expert import _value, analyse
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.view import make_view


def minimax(rnd: Round, leaf, side: int) -> float:
    if rnd.reason is not None:
        return leaf(rnd.points)
    values = []
    for m in rnd.legal_moves():
        child = rnd.clone()
        child.step(m)
        values.append(minimax(child, leaf, side))
    return max(values) if rnd.side[rnd.turn] == side else min(values)


def late_round(seed: int, players: int, teams: bool, left: int) -> Round:
    """A Fives and Threes round played at random until at most ``left`` tiles are in the hands."""
    rng = random.Random(seed)
    rules = Rules.make("fives_and_threes", players=players, teams=teams)
    while True:
        tiles = list(range(rules.tile_count))
        rng.shuffle(tiles)
        size = rules.hand_size
        hands = [sum(1 << t for t in tiles[s * size : (s + 1) * size]) for s in range(players)]
        rnd = Round(rules, hands, tiles[players * size :], 0, scores=[rng.randrange(40, 60), 50])
        while rnd.reason is None and hand_tiles(rnd) > left:
            rnd.step(rng.choice(rnd.legal_moves()))
        if rnd.reason is None:
            return rnd


@pytest.mark.parametrize(("players", "teams", "left"), [(2, False, 7), (4, True, 8)])
@pytest.mark.parametrize("seed", range(12))
def test_solve_agrees_with_a_plain_minimax(seed, players, teams, left):
    rnd = late_round(seed, players, teams, left)
    scores = rnd.base
    line = rnd.rules.target
    for side in range(rnd.rules.sides):

        def leaf(points, side=side):
            return _value(points, rnd.points, tuple(scores), side, line)

        assert solve(rnd.clone(), leaf, side) == minimax(rnd.clone(), leaf, side)


def test_the_expert_searches_the_last_plays_exactly():
    # With few tiles left every candidate's samples are exact values: the same world gives the
    # same value whatever the rollout's chance, so two seeds that deal alike agree.
    rnd = late_round(3, 2, False, 6)
    while len(rnd.legal_moves()) < 2:
        rnd = late_round(rnd.moves_made + 100, 2, False, 6)
    view = make_view(rnd, rnd.turn, list(rnd.base))
    exact = analyse(view, random.Random(1), None, 40, endgame=8)
    played = analyse(view, random.Random(1), None, 40, endgame=0)
    assert exact.iterations == played.iterations == 40
    assert exact.moves == played.moves
    assert exact.samples != played.samples
