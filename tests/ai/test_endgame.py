"""The exact search of a round's last plays in block play (``endgame.solve``) gives what a plain
minimax over every legal play gives (no pruning, no mirror plays merged), and the Expert uses it
once few tiles are left."""

from __future__ import annotations

import random

import pytest

from allthrees.ai.endgame import expect, hand_tiles, solve
from allthrees.ai.expert import _value, analyse
from allthrees.moves import PIPS_OF_MOVE
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


def expectimax(rnd: Round, leaf, seat: int, rates: list[float]) -> float:
    if rnd.reason is not None:
        return leaf(rnd.points)
    moves = rnd.legal_moves()
    values = []
    for m in moves:
        child = rnd.clone()
        child.step(m)
        values.append(expectimax(child, leaf, seat, rates))
    if rnd.turn == seat:
        return max(values)
    if len(moves) == 1:
        return values[0]
    best = max(
        range(len(moves)),
        key=lambda i: (counted_points(rnd, moves[i]) * 64 + PIPS_OF_MOVE[moves[i]], -i),
    )
    rate = rates[rnd.turn]
    return rate * values[best] + (1 - rate) * sum(values) / len(values)


def counted_points(rnd: Round, move: int) -> int:
    """The points a play counts for its mover (a bust: none), its last tile's out bonus with it."""
    room = rnd.room(rnd.side[rnd.turn])
    if rnd.last_tile(rnd.turn):
        room -= rnd.rules.out_bonus
    p = rnd.awarded[rnd.sum_after(move)]
    return p if p <= room else 0


@pytest.mark.parametrize("seed", range(12))
def test_expect_agrees_with_a_plain_expectimax(seed):
    rnd = late_round(seed, 2, False, 7)
    rates = [0.85, 0.85]
    for seat in range(2):

        def leaf(points, seat=seat):
            return _value(points, rnd.points, tuple(rnd.base), seat, rnd.rules.target)

        got = expect(rnd.clone(), leaf, seat, rates)
        assert got == pytest.approx(expectimax(rnd.clone(), leaf, seat, rates))
