"""Worlds: what the hidden hands could be, from everything public and the plays seen.

The Expert (``expert``) searches in worlds: hands for the seats it cannot see and a boneyard
order. Every world agrees with everything public: how many tiles each seat holds, the tiles a
seat cannot hold because it drew or passed while they would have fit or because the hands forced
the lead (``lead_lacked``), and, while they hold up, with guesses about how people play
(``hand_constraints``; the guesses honoured, strictest first: ``LEVELS``). A world is drawn
uniformly over the deals that agree, jointly for every hidden hand (``sample_world``).

Late in a round, when the deals that agree are few (at most ``EXACT_DEALS`` ways to fill the
other seats' hidden tiles), they are listed instead (``deals``) and each is dealt in turn
(``dealt_world``), its boneyard order still drawn, so each counts exactly as often as the others.

The plays seen are read here too (``read_plays``): they give the constraints, and the plays the
search weights its worlds by (``reading``). A seat read by a model of its play is not held to
the guesses; a Casual's plays are read by the guesses instead, which are its policy.

It sees only the ``View``: the worlds are guesses built from public facts.
"""

from __future__ import annotations

import itertools
import math
import random

from ..moves import DRAW, PASS, play, tile_of
from ..round import Round
from ..tiles import DOUBLES, IS_DOUBLE, PIPS, WITH, tiles_of, weight_key
from ..view import View
from .reading import Reading, Timeline
from .simple import counted_points, standings

# Worlds after which more did not make the Expert stronger in 2-player play (docs/opponents.md,
# "What limits it": flat beyond about 150): the search stops here or at the time budget, whichever
# comes first (``expert.analyse``), so a slow phone and a fast desktop play alike.
ENOUGH_WORLDS = 200

# ---------------------------------------------------------------------- what the others may hold
# A group of a seat's hidden tiles: [count, lacked, passed_up, lighter]. The masks are the tiles the
# group cannot (lacked) or probably does not (passed_up, lighter) hold.
CERTAIN, SCORES, SHEDS = 0, 1, 2  # how much of the guesswork a sample honours (see sample_world)


def lead_lacked(view: View) -> int:
    """Tiles no seat was dealt, read from a lead the hands forced (the highest double in any hand,
    or with no double anywhere the heaviest tile): nobody, the leader included, holds a higher
    double, and when no double was led, nobody holds a double or a heavier tile. It reads back
    the rule ``match.decided_leader`` applies (double ids grow with their pips)."""
    f = view.forced_lead
    if f < 0:
        return 0
    if IS_DOUBLE[f]:
        out = DOUBLES & ~((1 << (f + 1)) - 1)
    else:
        out = DOUBLES | sum(1 << t for t in range(len(PIPS)) if weight_key(t) > weight_key(f))
    return out & ((1 << view.rules.tile_count) - 1)


Owner = tuple[int, int]  # a seat's hidden group: (seat, group)
Held = dict[Owner, int]  # a deal of the hidden tiles: each group's tile mask


def hand_constraints(view: View, timeline: Timeline | None = None) -> list[list[list[int]]]:
    """For each seat, groups ``[count, lacked, passed_up, lighter]`` covering its hidden tiles.

    ``lacked`` is certain: a seat that draws or passes holds no tile that fits the ends at that
    moment (the tiles it draws later are free of that), so a draw or pass marks every group held
    then, and each draw opens a new group of one tile; a lead forced by the hands marks every
    deal too (``lead_lacked``). The other two are guesses about how people play:
    ``passed_up``, a seat that played for fewer points than some tile would have made probably
    did not hold that tile (players rarely let a score go); ``lighter``, a seat that shed a tile
    when a heavier one would have scored as much probably did not hold the heavier one (players
    shed weight, which the domino bonus counts). The sampler drops the weaker guess first when
    the guesses cannot all be met, and a seat loses a guess for the round once its play has
    shown it wrong (it later played a tile it was guessed not to hold, or played a tile on an arm
    where it scored less than on another).

    ``timeline``, when given (a list), receives per seat when each group came into its hand and
    which group each of its plays came from: ``(opened, played)``, ``opened[g]`` the history
    index of the draw that opened group ``g`` (-1: the deal), ``played`` a list of ``(index,
    tile, g)``; what a seat held at any move of the history follows (``reading.Reading``).
    """
    rules = view.rules
    n = rules.players
    dealt = lead_lacked(view)
    hidden = view.unseen_tiles()
    defied = [0] * n  # per seat, bit SCORES / SHEDS: its play has contradicted that guess
    groups: list[list[list[int]]] = [[[rules.hand_size, dealt, 0, 0]] for _ in range(n)]
    opened: list[list[int]] = [[-1] for _ in range(n)]
    played: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    # The layout as it grew, to ask what else each play could have scored. Every hand is "full"
    # so no replayed play can end the round.
    table = Round.open_table(rules, view.leader)
    stood = standings(view)
    for index, e in enumerate(view.history):
        g = groups[e.seat]
        if e.move == DRAW:
            for grp in g:
                grp[1] |= e.lacked
            g.append([1, 0, 0, 0])
            opened[e.seat].append(index)
            continue
        if e.move == PASS:
            for grp in g:
                grp[1] |= e.lacked
            continue
        bit = 1 << tile_of(e.move)
        if e.seat != view.seat and table.lead_tile >= 0:
            # points as the rules count them: with an exact target, a play that would have
            # busted was no score to pass up (``simple.counted_points``)
            room, last = stood[index]
            made = counted_points(rules, e.end_sum, room, last)
            weight = weight_key(tile_of(e.move))
            better = lighter = 0
            for arm in range(4):
                v = table.ends[arm]
                if v < 0:
                    continue
                m = WITH[v]
                while m:
                    low = m & -m
                    t = low.bit_length() - 1
                    m ^= low
                    if t < rules.tile_count:
                        pts = counted_points(rules, table.sum_after(play(t, arm)), room, last)
                        if pts > made:
                            better |= low
                        elif pts == made and weight_key(t) > weight:
                            lighter |= low
            if better & bit:  # the same tile would have scored more on another arm
                defied[e.seat] |= 1 << SCORES
            for grp in g:
                grp[2] |= better & ~bit
                grp[3] |= lighter & ~bit
        table.play_as(e.seat, e.move)
        # The played tile came from a group that allows it. If every group it could have come
        # from was guessed not to hold it, the seat does not play as the guess assumes.
        could = [grp for grp in g if grp[0] and not grp[1] & bit]
        for level in (SCORES, SHEDS):
            if could and all(grp[level + 1] & bit for grp in could):
                defied[e.seat] |= 1 << level
        source = could or [grp for grp in g if grp[0]]
        if source:
            source[-1][0] -= 1
            group = next(k for k, grp in enumerate(g) if grp is source[-1])
            played[e.seat].append((index, tile_of(e.move), group))
    for seat, g in enumerate(groups):
        for grp in g:
            for level in (SCORES, SHEDS):
                grp[level + 1] &= 0 if defied[seat] >> level & 1 else hidden
    if timeline is not None:
        timeline[:] = list(zip(opened, played, strict=True))
    return groups


# The guesses honoured, strictest first: every guess, the passed-up scores only, what is certain
# only, then nothing (a last resort a random filling can need on very tight constraints).
LEVELS = (SHEDS, SCORES, CERTAIN, -1)


def open_groups(groups: list[list[list[int]]], me: int, level: int) -> list[tuple[int, int, Owner]]:
    """The other seats' groups still holding tiles, each as ``(forbidden, count, (seat, group))``:
    the tiles it may not hold at ``level`` (its masks lacked, passed_up, lighter up to that one)."""
    out = []
    for seat, g in enumerate(groups):
        if seat == me:
            continue
        for k, (count, *masks) in enumerate(g):
            if count > 0:
                forbidden = 0
                for mask in masks[: level + 1]:
                    forbidden |= mask
                out.append((forbidden, count, (seat, k)))
    return out


MIX_SWAPS = 6  # swaps per hidden tile that mix a filled deal into a uniform one (see sample_world)


def sample_world(
    view: View,
    groups: list[list[list[int]]],
    rng: random.Random,
    tries: int = 8,
    held: dict[tuple[int, int], int] | None = None,
) -> tuple[list[int], list[int]]:
    """Hands (masks) and a boneyard order consistent with the view, drawn uniformly from every
    deal that honours the constraints: first every guess, then only the passed-up scores, then
    only what is certain, then nothing (a last resort the filling below can need on very tight
    constraints).

    Filling the most constrained group first finds a consistent deal, but not a uniform one: with
    two or more hidden hands, a hand filled first is not weighted by how many ways the others can
    be completed. So the filled deal is mixed by random swaps of two hidden places (a hand's tile
    or the boneyard's) that keep both tiles allowed where they land: a symmetric chain over the
    consistent deals, whose stationary distribution is uniform over them.
    ``tests/ai/test_inference.py`` checks the result against the exact posterior. ``held``, when
    given, receives the tiles the deal puts in each group, by ``(seat, group)``."""
    unseen = tiles_of(view.unseen_tiles())
    me = view.seat
    for level in LEVELS:
        todo = open_groups(groups, me, level)
        todo.sort(key=lambda x: -x[0].bit_count())  # most constrained first
        for _ in range(tries if level >= 0 else 1):
            pool = unseen[:]
            rng.shuffle(pool)
            tiles: list[int] = []  # each hidden place: its tile, what it forbids, whose it is
            forbids: list[int] = []
            owners: list[tuple[int, int]] = []  # (seat, group)
            ok = True
            for forbidden, count, owner in todo:
                for _ in range(count):
                    for i, t in enumerate(pool):
                        if not forbidden >> t & 1:
                            tiles.append(pool.pop(i))
                            forbids.append(forbidden)
                            owners.append(owner)
                            break
                    else:
                        ok = False
                        break
                if not ok:
                    break
            if not ok:
                continue
            places = len(tiles)
            tiles += pool  # the boneyard: no constraint
            forbids += [0] * len(pool)
            _mix(tiles, forbids, places, rng)
            hands = [0] * view.rules.players
            hands[me] = view.hand_mask
            if held is not None:
                held.clear()
            for i in range(places):
                owner = owners[i]
                hands[owner[0]] |= 1 << tiles[i]
                if held is not None:
                    held[owner] = held.get(owner, 0) | 1 << tiles[i]
            bone = tiles[places:]
            rng.shuffle(bone)
            return hands, bone
    raise AssertionError("unreachable: the unconstrained pass always succeeds")


# Late in a round the consistent deals are few: then each is dealt in turn instead of drawn at
# random (``deals``), so every one of them counts as often as the others (a sample of 200 from 60
# deals leaves some twice as often as others by chance alone). Up to this many deals, enumerated
# only when the plain product of each group's choices, which bounds the work, is not far above.
EXACT_DEALS = ENOUGH_WORLDS
EXACT_WORK = 20 * EXACT_DEALS


def deals(view: View, groups: list[list[list[int]]], most: int = EXACT_DEALS) -> list[Held] | None:
    """Every way to put the hidden tiles in the other seats' groups that honours the constraints,
    at the strictest level any deal meets (the levels of ``sample_world``): a list of ``held``
    maps (``(seat, group)`` -> tile mask; the boneyard is the rest, in an order left to chance),
    or None when there are more than ``most`` or counting them would cost too much."""
    unseen = view.unseen_tiles()
    for level in LEVELS:
        todo = [
            (unseen & ~no, count, owner)
            for no, count, owner in open_groups(groups, view.seat, level)
        ]
        todo.sort(key=lambda x: x[0].bit_count())  # the narrowest choice first: fewer dead ends
        bound = 1
        for allowed, count, _ in todo:
            bound *= math.comb(allowed.bit_count(), count)
            if bound > EXACT_WORK:
                return None
        out: list[dict[tuple[int, int], int]] = []
        if not _fill(todo, 0, unseen, {}, out, most):
            return None
        if out:
            return out
    return None


def _fill(
    todo: list[tuple[int, int, Owner]], i: int, free: int, held: Held, out: list[Held], most: int
) -> bool:
    """Add to ``out`` every deal of groups ``i`` onwards from the tiles ``free``; False once
    there are more than ``most``."""
    if i == len(todo):
        out.append(dict(held))
        return len(out) <= most
    allowed, count, owner = todo[i]
    for chosen in itertools.combinations(tiles_of(allowed & free), count):
        mask = sum(1 << t for t in chosen)
        held[owner] = mask
        if not _fill(todo, i + 1, free & ~mask, held, out, most):
            return False
    held.pop(owner, None)
    return True


def dealt_world(
    view: View, deal: dict[tuple[int, int], int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """Hands and a boneyard order from one of ``deals``: the boneyard's order is drawn."""
    hands = [0] * view.rules.players
    hands[view.seat] = view.hand_mask
    placed = 0
    for (seat, _), mask in deal.items():
        hands[seat] |= mask
        placed |= mask
    bone = tiles_of(view.unseen_tiles() & ~placed)
    rng.shuffle(bone)
    return hands, bone


def _mix(tiles: list[int], forbids: list[int], held: int, rng: random.Random) -> None:
    """Random swaps of two places, at least one of them in a hand, kept when each tile is
    allowed where it lands (swaps within the boneyard change nothing: its order is shuffled)."""
    places = len(tiles)
    if held == 0 or places < 2:
        return
    rand = rng.random
    for _ in range(MIX_SWAPS * places):
        i = int(rand() * held)
        j = int(rand() * places)
        a, b = tiles[i], tiles[j]
        if not forbids[i] >> b & 1 and not forbids[j] >> a & 1:
            tiles[i], tiles[j] = b, a


def read_plays(view: View) -> tuple[list[list[list[int]]], Reading | None]:
    """The constraints on the hidden hands (``hand_constraints``) and the plays prepared for
    weighting deals (``reading.Reading``; None when no play is read by weight). A seat read by
    its model is not also held to the guesses: its model says how likely a passed-up score was,
    instead of ruling out every deal where it passed one up; nor is a Random seat, whose plays
    say nothing of its hand."""
    timeline: Timeline = []
    groups = hand_constraints(view, timeline)
    reading = Reading(view, timeline)
    for seat in reading.unguessed:
        for grp in groups[seat]:
            grp[2] = grp[3] = 0
    return groups, (reading if reading else None)
