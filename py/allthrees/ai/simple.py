"""The simple players: random, Beginner and Casual (the greedy baseline: the most points now)."""

from __future__ import annotations

import random

from ..moves import E, N, W, is_play, kind_of, tile_of
from ..round import Round
from ..tiles import HI, IS_DOUBLE, PIPS
from ..view import View


def what_if(view: View) -> Round:
    """The view's layout as a round with only the seat's own hand in it: enough to ask what a
    move would make (``Round.points_after``), as the player itself can."""
    hands = [0] * view.rules.players
    hands[view.seat] = view.hand_mask
    return Round.from_view(view, hands, [])


def random_player(view: View, rng: random.Random) -> int:
    """Any legal move, uniformly."""
    return rng.choice(view.legal)


def casual(view: View, rng: random.Random) -> int:
    """Casual: the move with the most immediate points; ties go to the heaviest tile."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    table = what_if(view)

    def key(m: int) -> tuple[int, int, int]:
        t = tile_of(m)
        return (table.points_after(m), PIPS[t], HI[t])

    best = max(key(m) for m in moves)
    return next(m for m in moves if key(m) == best)


def _easy_to_see(view: View, move: int) -> bool:
    """A beginner counts the two main ends; a score that rests on a crosswise double or on the
    spinner's short arms slips past them."""
    if not is_play(move):
        return True
    arm = kind_of(move)
    if arm > E or view.ends[N] >= 0:
        return False
    other = E if arm == W else W
    return not IS_DOUBLE[tile_of(move)] and not view.doubles[other]


def beginner(view: View, rng: random.Random, notice: float = 0.5) -> int:
    """Plays legal moves with a light preference for scoring: it spots a scoring play only when
    it is easy to see (two plain ends), and then only some of the time; otherwise it plays
    whatever fits."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    table = what_if(view)
    spotted = [
        m
        for m in moves
        if _easy_to_see(view, m) and table.points_after(m) and rng.random() < notice
    ]
    return rng.choice(spotted or moves)
