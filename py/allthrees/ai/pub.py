"""The Pub level: a player by the rules of thumb a good pub player uses, between Casual and the
Expert, for every rule set. No search: it looks one play ahead, at what each of its moves
leaves the next opponent, and weighs a handful of plain rules, each in points:

- score when you can, the most you can (the points a play counts now, ``simple.counted``);
- hold back a tile that lets the opponent score big or go out: the next opponent's best reply
  after the play, from the tiles it may hold, counted as likely as it holds one of them;
- play onto the ends an opponent knocked on or cannot follow: the chance that the next opponent
  holds no tile that fits the ends the play leaves (it knocks, or in the draw game draws);
- keep the suit you hold most: the tiles of its own hand that still fit the ends afterwards;
- count what is out of play: what another seat may hold is every tile it has not been seen to
  lack (its knocks and draws, a forced lead: ``worlds.hand_constraints``'s certain facts) among
  the tiles not yet seen, so a number whose tiles are all played or in its own hand is a lock;
- in partners, read the partner's knocks as a partner's: leave the partner ends it can follow;
- shed the doubles, and when the pips left count at the end, the heavy tiles.

Instant on any device: a few hundred end sums a move. Like every computer it sees only the
``View``; the chances are plain counts of what is unseen, not a model of anyone.
"""

from __future__ import annotations

import random

from ..moves import tile_of
from ..round import Round
from ..rules import Rules
from ..tiles import HI, IS_DOUBLE, PIPS, WITH, pips_of, tiles_of
from ..view import View
from .reading import tile_moves
from .simple import counted, counted_points, goes_out, what_if
from .worlds import hand_constraints

# The rules of thumb's weights, in points of a Fives and Threes play (``unit`` scales them to a
# rule set's typical score: an All Threes play scores about three times as much).
THREAT = 1.6  # the next opponent's expected best reply, against the points made now
KNOCK_BLOCK = 3.0  # the next opponent cannot follow, in block play (it knocks: a free turn)
KNOCK_DRAW = 1.0  # the same in the draw game (it draws: more pips, a turn lost, no free turn)
MOBILITY = 0.25  # each tile of its own hand that still fits the ends (the suit kept)
PARTNER = 1.5  # in partners, the partner can follow the ends left
DOUBLE = 0.5  # a double shed (doubles have one number: they block up a hand)
SETUP = 0.2  # the most its own hand could score next on the ends left (an end kept to score off)
PIP = 0.0  # each pip shed, when the pips left count at the end of a round
UNIT_FIVES_AND_THREES = 4.5  # the mean points of a scoring end sum in Fives and Threes


def unit(rules: Rules) -> float:
    """The rule set's typical points for a scoring play, in Fives and Threes plays: the weights
    are written for Fives and Threes and scaled by this."""
    made = [rules.award(rules.points(s)) for s in range(1, 25) if rules.points(s)]
    return (sum(made) / len(made)) / UNIT_FIVES_AND_THREES if made else 1.0


def possible(view: View) -> list[int]:
    """Per seat, the tiles it may hold: those not yet seen that it has not shown it lacks (a
    knock, a draw, a forced lead; a tile drawn after a knock may fit again)."""
    hidden = view.unseen_tiles()
    out = []
    for seat, groups in enumerate(hand_constraints(view)):
        mask = 0
        if seat != view.seat:
            for count, lacked, _, _ in groups:
                if count:
                    mask |= hidden & ~lacked
        out.append(mask)
    return out


def chance(view: View, seat: int, mask: int) -> float:
    """How likely a single tile of ``mask`` (the tiles ``seat`` may hold) is in its hand: its
    hand's size among them (the rest are in other hands, the boneyard or out of play)."""
    n = mask.bit_count()
    return min(1.0, view.hand_sizes[seat] / n) if n else 0.0


def fitting(table: Round, mask: int) -> int:
    """The tiles of ``mask`` that fit an open end of ``table``."""
    fit = 0
    for v in table.ends:
        if v >= 0:
            fit |= WITH[v]
    return mask & fit


def best_reply(table: Round, seat: int, mask: int, q: float) -> float:
    """The expected most points ``seat`` makes with a play on ``table`` (after ours), each tile of
    ``mask`` held with chance ``q``: the best held scores, as the rules count them for its side
    (with an exact target, a bust is nothing)."""
    rules = table.rules
    room = table.room(table.side[seat]) if table.exact else 0
    values = []
    for t in tiles_of(fitting(table, mask)):
        best = max(
            (counted_points(rules, table.sum_after(m), room) for m in tile_moves(table, t)),
            default=0,
        )
        if best:
            values.append(best)
    values.sort(reverse=True)
    expected, none_yet = 0.0, 1.0
    for v in values:
        expected += none_yet * q * v
        none_yet *= 1.0 - q
    return expected


def pub(view: View, rng: random.Random | None) -> int:
    """The Pub level's move: the legal move with the most points by its rules of thumb (the
    module's docstring), the heaviest tile on ties."""
    moves = view.legal
    if len(moves) == 1:
        return moves[0]
    rules = view.rules
    table = what_if(view)
    last = goes_out(view)
    scale = unit(rules)
    may = possible(view)
    foe = rules.next_opponent[view.seat]
    partners = [s for s in rules.seats_of(rules.side_of(view.seat)) if s != view.seat]
    q_foe = chance(view, foe, may[foe])
    knock = KNOCK_DRAW if rules.draw and view.boneyard_left > view.reserve else KNOCK_BLOCK
    hand = view.hand_mask

    def value(m: int) -> float:
        t = tile_of(m)
        now = float(counted(table, m, last))
        if last:
            return now + 100.0  # going out: only which end is left to choose
        after = table.clone()
        after.turn = view.seat
        after.step(m)
        left = hand & ~(1 << t)
        worth = now
        worth -= THREAT * best_reply(after, foe, may[foe], q_foe)
        fits = fitting(after, may[foe]).bit_count()
        worth += scale * knock * (1.0 - q_foe) ** fits
        if view.hand_sizes[foe] == 1 and rules.pip_bonus:
            # it may go out on these ends: the pips left here count for its side
            worth -= (1.0 - (1.0 - q_foe) ** fits) * rules.bonus(pips_of(left))
        mine = fitting(after, left)
        worth += scale * MOBILITY * mine.bit_count()
        if SETUP:
            worth += SETUP * best_reply(after, view.seat, mine, 1.0)
        for p in partners:
            if view.hand_sizes[p]:
                q = chance(view, p, may[p])
                worth += scale * PARTNER * (1.0 - (1.0 - q) ** fitting(after, may[p]).bit_count())
        if IS_DOUBLE[t]:
            worth += scale * DOUBLE
        if rules.pip_bonus:
            worth += scale * PIP * PIPS[t]
        return worth

    scored = [(value(m), PIPS[tile_of(m)], HI[tile_of(m)], -i) for i, m in enumerate(moves)]
    return moves[-max(scored)[3]]
