"""The simple players: random, Beginner and Casual (the greedy baseline: the most points now)."""

from __future__ import annotations

import random
from collections.abc import Sequence

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


BEGINNER_NOTICE = 0.5  # how often a Beginner spots each easy scoring play


def easy_to_see(ends: Sequence[int], doubles: Sequence[bool], move: int) -> bool:
    """A beginner counts the two main ends (``ends`` and ``doubles`` per arm W, E, N, S, as a view
    or a round holds them); a score that rests on a crosswise double or on the spinner's short
    arms slips past them."""
    if not is_play(move):
        return True
    arm = kind_of(move)
    if arm > E or ends[N] >= 0:
        return False
    other = E if arm == W else W
    return not IS_DOUBLE[tile_of(move)] and not doubles[other]


def beginner(view: View, rng: random.Random, notice: float = BEGINNER_NOTICE) -> int:
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
        if easy_to_see(view.ends, view.doubles, m)
        and table.points_after(m)
        and rng.random() < notice
    ]
    return rng.choice(spotted or moves)
