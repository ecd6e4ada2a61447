"""The simple players: random, Beginner and Greedy (the baseline, "Casual" in the browser)."""

from __future__ import annotations

import random

from ..moves import DRAW, PASS
from ..tiles import HI, IS_DOUBLE, PIPS
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


def _easy_to_see(view: View, move: int) -> bool:
    """A beginner counts the two main ends; a score that rests on a crosswise double or on the
    spinner's short arms slips past them."""
    if move < 0 or move & 7 >= 4:
        return True
    arm = move & 7
    if arm >= 2 or view.ends[2] >= 0:
        return False
    other = 1 - arm
    return not IS_DOUBLE[move >> 3] and not view.doubles[other]


def beginner(view: View, rng: random.Random, notice: float = 0.5) -> int:
    """Plays legal moves with a light preference for scoring: it spots a scoring play only when
    it is easy to see (two plain ends), and then only some of the time; otherwise it plays
    whatever fits."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    spotted = [
        m
        for m in moves
        if _easy_to_see(view, m) and immediate_points(view, m) and rng.random() < notice
    ]
    return rng.choice(spotted or moves)
