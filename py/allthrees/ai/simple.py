"""The simple players: random, Beginner and Casual (the greedy baseline: the most points now)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..moves import DRAW, PASS, E, N, W, is_play, kind_of, tile_of
from ..round import Round
from ..rules import Rules
from ..tiles import HI, IS_DOUBLE, PIPS
from ..view import View


def what_if(view: View) -> Round:
    """The view's layout as a round with only the seat's own hand in it: enough to ask what a
    move would make (``Round.points_after``), as the player itself can."""
    hands = [0] * view.rules.players
    hands[view.seat] = view.hand_mask
    return Round.from_view(view, hands, [])


def counted_points(rules: Rules, end_sum: int, room: int, last: bool = False) -> int:
    """What a play leaving ``end_sum`` adds to its side's score, as the score sheet counts it
    (``Rules.award``: cribbage pegs): with an exact target, nothing when that, with the point for
    going out when the play is its side's ``last`` tile, is more than the ``room`` the side has
    left before the target (RULES: it busts; together they count or bust)."""
    pts = rules.awarded[end_sum]
    if pts and rules.exact_target and pts + (rules.out_bonus if last else 0) > room:
        return 0
    return pts


def goes_out(view: View) -> bool:
    """Whether the seat's next play empties its side's hands (its last tile, and with partners
    going out together, a partner already out): the play that earns the point for going out."""
    rules = view.rules
    if len(view.hand) != 1:
        return False
    if not rules.team_out:
        return True
    return all(
        view.hand_sizes[s] == 0 for s in rules.seats_of(rules.side_of(view.seat)) if s != view.seat
    )


def counted(table: Round, move: int, last: bool = False) -> int:
    """What a legal lead or play of the seat to move on ``table`` adds to its side's score now
    (``counted_points``; 0 for a draw or pass): the points the rules count, so a play that would
    bust an exact target is worth nothing. ``table`` knows the match totals (``what_if``)."""
    if move < 0:
        return 0
    room = table.room(table.side[table.turn]) if table.exact else 0
    return counted_points(table.rules, table.sum_after(move), room, last)


def random_player(view: View, rng: random.Random) -> int:
    """Any legal move, uniformly."""
    return rng.choice(view.legal)


def casual(view: View, rng: random.Random | None) -> int:
    """Casual: the move with the most immediate points, as the rules count them (``counted``:
    with an exact target, a play that would bust counts nothing); ties go to the heaviest tile."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    table = what_if(view)
    last = goes_out(view)

    def key(m: int) -> tuple[int, int, int]:
        t = tile_of(m)
        return (counted(table, m, last), PIPS[t], HI[t])

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
    whatever fits. A play that would bust an exact target does not score (``counted``)."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    table = what_if(view)
    last = goes_out(view)
    spotted = [
        m
        for m in moves
        if easy_to_see(view.ends, view.doubles, m)
        and counted(table, m, last)
        and rng.random() < notice
    ]
    return rng.choice(spotted or moves)


def standings(view: View) -> list[tuple[int, bool]]:
    """Per move of the view's history, as it stood before that move: the room the mover's side
    had left before an exact target (``Rules.target`` less its total so far) and whether a play
    then would have been its side's last tile (``goes_out``). What reading another seat's plays
    needs to count them as the rules do (``counted_points``). Public facts only: the hands'
    sizes follow from the deal and the history. (With muggins, points a taker took are not in
    the public history's ``points``, so its side's room is then a little too large.)"""
    rules = view.rules
    totals = list(view.scores)
    held = [rules.hand_size] * rules.players
    out = []
    for e in view.history:
        side = rules.side_of(e.seat)
        last = held[e.seat] == 1 and (
            not rules.team_out or all(held[s] == 0 for s in rules.seats_of(side) if s != e.seat)
        )
        out.append((rules.target - totals[side], last))
        totals[side] += e.points
        if e.move == DRAW:
            held[e.seat] += 1
        elif e.move != PASS:
            held[e.seat] -= 1
    return out
