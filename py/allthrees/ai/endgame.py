"""Exact search of a round's last plays in block play, for one world the Expert imagines.

In block play nothing is drawn, so once the hidden tiles are placed (one of the Expert's worlds)
the rest of the round is a game of perfect information, and when few tiles are left in the hands
it is small enough to search to its end: each seat of the searching side plays its best, each
other seat its worst for that side (alpha-beta over every remaining play, the plays that score
most tried first). A finished round is worth what the Expert's ``_value`` says (its side's
points minus the others', the match premium): the caller passes it as ``leaf``.

Mirror plays (the same tile onto two ends that show the same number) are searched once.

``expect`` is the milder search: only the Expert's own seat plays its best, every other seat as
the rollouts play it (its best-scoring play as often as the table shows, else any), so the others
are not taken to see the Expert's hand.
"""

from __future__ import annotations

from collections.abc import Callable

from ..moves import PIPS_OF_MOVE
from ..round import Round

# Search exactly once the hands hold at most this many tiles in all (after the candidate); 0:
# never. Off: measured against the rollouts on paired deals it gained nothing (docs/opponents.md
# "The Expert in block play: what was tried for issue 45"); the arena's ``end8`` and ``endx8``
# turn it on.
EXACT_TILES = 0


def hand_tiles(rnd: Round) -> int:
    """Tiles still in the hands."""
    return sum(h.bit_count() for h in rnd.hands)


def solve(
    rnd: Round,
    leaf: Callable[[list[int]], float],
    side: int,
    alpha: float = -1e9,
    beta: float = 1e9,
) -> float:
    """The value for ``side`` of the round from here with best play on every side (``leaf`` of
    the round's points when it ends). ``rnd`` is used up: pass a copy."""
    sides = rnd.side
    while True:
        if rnd.reason is not None:
            return leaf(rnd.points)
        moves = rnd.legal_moves()
        if len(moves) == 1:
            rnd.step(moves[0])
            continue
        break
    awarded = rnd.awarded
    ends, dd = rnd.ends, rnd.doubles
    # Mirror plays: the same tile on two arms that show the same number (and the same doubling)
    # make the same position, once the lead is down. Before the lead every tile is distinct.
    keyed: dict[tuple[int, int, bool], tuple[int, int]] = {}
    for m in moves:
        arm = m & 7
        laid = arm < 4 and rnd.lead_tile >= 0
        key = (m >> 3, ends[arm], dd[arm]) if laid else (m, -1, False)
        if key not in keyed:
            keyed[key] = (awarded[rnd.sum_after(m)] if m >= 0 else 0, m)
    order = sorted(keyed.values(), reverse=True)
    mine = sides[rnd.turn] == side
    last = len(order) - 1
    if mine:
        best = -1e9
        for k, (_, m) in enumerate(order):
            child = rnd if k == last else rnd.clone()
            child.step(m)
            v = solve(child, leaf, side, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best
    best = 1e9
    for k, (_, m) in enumerate(order):
        child = rnd if k == last else rnd.clone()
        child.step(m)
        v = solve(child, leaf, side, alpha, beta)
        if v < best:
            best = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    return best


def expect(
    rnd: Round,
    leaf: Callable[[list[int]], float],
    seat: int,
    rates: list[float],
) -> float:
    """The value for ``seat``'s side of the round from here when ``seat`` plays its best and
    every other seat as the rollouts play it: its best-scoring play (``rates`` of the time), else
    any play alike. ``rnd`` is used up: pass a copy."""
    while True:
        if rnd.reason is not None:
            return leaf(rnd.points)
        moves = rnd.legal_moves()
        if len(moves) == 1:
            rnd.step(moves[0])
            continue
        break
    turn = rnd.turn
    last = len(moves) - 1
    if turn == seat:
        best = -1e9
        for k, m in enumerate(moves):
            child = rnd if k == last else rnd.clone()
            child.step(m)
            v = expect(child, leaf, seat, rates)
            if v > best:
                best = v
        return best
    awarded = rnd.awarded
    room = rnd.room(rnd.side[turn]) if rnd.exact else 1 << 20
    if rnd.exact and rnd.last_tile(turn):
        room -= rnd.rules.out_bonus

    def counted(m: int) -> int:
        p = awarded[rnd.sum_after(m)]
        return (p if p <= room else 0) * 64 + PIPS_OF_MOVE[m]

    greedy = max(moves, key=counted)
    rate = rates[turn]
    total = 0.0
    at_greedy = 0.0
    for k, m in enumerate(moves):
        child = rnd if k == last else rnd.clone()
        child.step(m)
        v = expect(child, leaf, seat, rates)
        total += v
        if m == greedy:
            at_greedy = v
    return rate * at_greedy + (1 - rate) * total / len(moves)
