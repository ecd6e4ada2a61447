"""The simple players: random, Beginner and Greedy (the baseline, "Casual" in the browser)."""

from __future__ import annotations

import random

from ..moves import DRAW, PASS
from ..tiles import HI, PIPS
from ..view import View


def immediate_points(view: View, move: int) -> int:
    """Points ``move`` scores at once (before any cribbage division), from the view alone."""
    if move in (DRAW, PASS):
        return 0
    hands = [0] * view.rules.players
    hands[view.seat] = view.hand_mask
    rnd = view.determinize(hands, [])
    rnd.muggins = False  # score as if claimed: the player knows what its play makes
    rnd.step(move)
    s = rnd.end_sum
    return s if s and s % view.rules.multiple == 0 else 0


def random_player(view: View, rng: random.Random) -> int:
    """Any legal move, uniformly."""
    return rng.choice(view.legal)


def greedy(view: View, rng: random.Random) -> int:
    """The move with the most immediate points; ties go to the heaviest tile."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]

    def key(m: int) -> tuple[int, int, int]:
        t = m >> 3
        return (immediate_points(view, m), PIPS[t], HI[t])

    best = max(key(m) for m in moves)
    return next(m for m in moves if key(m) == best)


def beginner(view: View, rng: random.Random, notice: float = 0.6) -> int:
    """Plays legal moves with a light preference for scoring: it spots each scoring play only
    some of the time, and otherwise plays whatever comes to hand."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    spotted = [m for m in moves if immediate_points(view, m) and rng.random() < notice]
    return rng.choice(spotted or moves)
