"""Expert: determinized Monte Carlo search over the tiles it cannot see.

Each iteration deals the unseen tiles into hands consistent with everything public (how many tiles
each seat holds, the tiles a seat cannot hold because it drew or passed while they would have fit
or because the hands forced the lead) and, while they hold up, with guesses about how people play
(see ``hand_constraints``), drawn uniformly over the deals that agree, jointly for every hidden
hand (``sample_world``), then plays every candidate move in that same world and finishes the round
with a fast, greedy-leaning policy for every seat, partner included, each as greedy as the kind of
player the table shows in that seat (``rollout_rates``). A candidate's value is the points its
side gains from now to the end of the round (in play and bonus) minus what the other sides gain
(with three or more sides, partly the race with the leader). The best mean wins. Search stops at
a time budget or after enough worlds, or runs a fixed iteration count; with a count (or the cap
reached first) and a seeded ``rng`` it is deterministic.

How worlds are weighted: each sampled world is worth the likelihood of every move the other
seats made so far, had that world been the truth, under a model of each seat (``reading``):
a Beginner's own policy, exactly; a person's, an Expert's or a seat not told a strong player's
(a softmax over points, pips and doubles fitted to the Expert's own moves); the partner read the
same way as the others. A Casual's plays are read by the sampler's guesses instead, which are
its policy, so its worlds stay alike; a seat read by a model is not held to the guesses. A
candidate's value is its weighted mean over the worlds. When a few worlds would carry the whole
weight, the weights are flattened towards uniform until their effective sample size is at least
``ESS_FLOOR`` of the worlds (``reading.tempered``).

Late in a round, when the deals that agree are few (at most ``EXACT_DEALS`` ways to fill the
other seats' hidden tiles, ``deals``), they are listed instead of drawn and each is played in
turn, so each counts exactly as often as the others (its boneyard order still drawn), weighted
the same way; a cap of worlds is cut to whole rounds of the list.

It sees only the ``View``: the worlds it plays in are its own guesses, built from public facts.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass, field

from ..moves import DRAW, PASS, PIPS_OF_MOVE, E, N, S, W, is_lead, kind_of, play, tile_of
from ..round import Round
from ..tiles import DOUBLES, IS_DOUBLE, PIPS, WITH, tiles_of, weight_key
from ..view import View
from .reading import Reading, tempered, weights_size

# Worlds after which more did not make the Expert stronger in 2-player play (README, "Computer
# opponents": flat beyond about 150): the search stops here or at the time budget, whichever
# comes first, so a slow phone and a fast desktop play alike. The default budget is a ceiling
# for devices slower than those measured with `scripts/bench web` (in the browser, 200 worlds
# take a desktop about 60 ms and a Pixel 7 at 4x CPU throttling about 300 ms; CPython 20 ms).
ENOUGH_WORLDS = 200
DEFAULT_THINK_MS = 600
GREEDY_RATE = 0.85  # how often a rollout player takes its best-scoring play
# How often each kind of player takes its best-scoring play in the Expert's imagined play: a
# Casual always does (that is all it does), a Beginner about half the time (it spots only the
# easy scores, half of the time); a person or an Expert is taken to play well (GREEDY_RATE).
ROLLOUT_RATES = {"casual": 1.0, "beginner": 0.5}
# The share of the worlds a search's weights must be worth (their effective sample size): below
# it the weights are flattened towards uniform (``reading.tempered``), so a few worlds that
# happen to fit the plays seen best never decide a move alone.
ESS_FLOOR = 0.25


@dataclass
class Analysis:
    """Value samples per candidate move (points for the mover's side minus the others'), one per
    sampled world; candidates dropped early have fewer. Each world has a weight (``weights``,
    relative; none: all alike): how likely the plays seen make it (``reading``)."""

    moves: list[int]
    samples: list[list[float]]
    iterations: int  # worlds sampled
    weights: list[float] = field(default_factory=list)
    ess: float = 0.0  # the weights' effective sample size, in worlds (at least ESS_FLOOR of them)

    def mean(self, i: int) -> float:
        xs = self.samples[i]
        if not xs:
            return 0.0
        if not self.weights:
            return sum(xs) / len(xs)
        w = self.weights[: len(xs)]
        return sum(a * b for a, b in zip(w, xs, strict=True)) / sum(w)

    def ranked(self) -> list[tuple[int, float]]:
        order = sorted(range(len(self.moves)), key=lambda i: (-self.mean(i), i))
        return [(self.moves[i], self.mean(i)) for i in order]

    @property
    def best(self) -> int:
        return max(range(len(self.moves)), key=lambda i: (self.mean(i), -i))


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


def hand_constraints(view: View, timeline: list | None = None) -> list[list[list[int]]]:
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
            made = rules.points(e.end_sum)
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
                        pts = table.points_after(play(t, arm))
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


def open_groups(groups: list[list[list[int]]], me: int, level: int) -> list[tuple[int, int, tuple]]:
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


def deals(view: View, groups: list[list[list[int]]], most: int = EXACT_DEALS) -> list | None:
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


def _fill(todo: list, i: int, free: int, held: dict, out: list, most: int) -> bool:
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
    timeline: list = []
    groups = hand_constraints(view, timeline)
    reading = Reading(view, timeline)
    for seat in reading.unguessed:
        for grp in groups[seat]:
            grp[2] = grp[3] = 0
    return groups, (reading if reading else None)


# ---------------------------------------------------------------------- playouts
def rollout_rates(view: View) -> list[float]:
    """Per seat, how often it takes its best-scoring play in a rollout: what the table shows of
    who plays it (``View.players``), partner and opponents alike."""
    kinds = view.players or ("",) * view.rules.players
    return [ROLLOUT_RATES.get(kind, GREEDY_RATE) for kind in kinds]


def rollout(rnd: Round, rng: random.Random, rates: list[float] | None = None) -> None:
    """Finish the round: each seat mostly takes its best-scoring play (the heaviest on ties),
    sometimes any play, as often as ``rates`` says for that seat; draws and passes as forced."""
    rand = rng.random
    made = rnd.rules.made
    if rates is None:
        rates = [GREEDY_RATE] * rnd.rules.players
    while rnd.reason is None:
        moves = rnd.legal_moves()
        if len(moves) == 1:
            rnd.step(moves[0])
            continue
        if rand() < rates[rnd.turn]:
            best = moves[0]
            best_key = -1
            for m in moves:
                # the points it makes first, then its tile's weight
                key = made[rnd.sum_after(m)] * 64 + PIPS_OF_MOVE[m]
                if key > best_key:
                    best, best_key = m, key
            rnd.step(best)
        else:
            rnd.step(moves[int(rand() * len(moves))])


def twin_key(view: View, m: int) -> tuple:
    """Moves with the same key are mirror images: a lead and its reverse; N and S while both are
    empty; W and E while both still show the halves of a double lead."""
    if m < 0:
        return (m,)
    t, kind = tile_of(m), kind_of(m)
    if is_lead(m):
        return (t, "lead")
    if kind in (N, S) and view.counts[N] == 0 and view.counts[S] == 0:
        return (t, "NS")
    if kind in (W, E) and view.counts[W] == 0 and view.counts[E] == 0 and IS_DOUBLE[view.lead_tile]:
        return (t, "WE")
    return (t, kind)


def candidates(view: View) -> list[int]:
    """The legal moves without mirror twins."""
    out, seen = [], set()
    for m in view.legal:
        key = twin_key(view, m)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


MATCH_PREMIUM = 40.0  # worth of winning the match, in points, when a round can decide it


def match_line(view: View) -> int | None:
    """The total that ends the match this round (0 for a single round), or None if out of reach.
    The bound on what a side can still add is generous: 60 points a seat."""
    if view.rules.single_round:
        return 0
    reach = max(view.scores) + sum(view.round_points) + 60 * view.rules.players
    return view.rules.target if reach >= view.rules.target else None


LEADER_WEIGHT = 0.5  # with 3 or more sides, the share of the value that is the race with the leader


def _value(
    points: list[int], before: list[int], scores: tuple[int, ...], me: int, line: int | None
) -> float:
    """What a finished imagined round is worth to side ``me``: its points gained minus the
    others' average, plus a premium for winning (or against losing) the match when the round
    decides it: at its end the top total at or past the target wins, a tie at the top plays on.
    With three or more sides, part of the value is the side's standing against the best of the
    others (its total minus theirs, before and after): a point taken from the leader is worth
    more than one taken from the last. With two sides the two measures are the same."""
    sides = len(points)
    gain = [points[s] - before[s] for s in range(sides)]
    value = gain[me] - (sum(gain) - gain[me]) / (sides - 1)
    if sides > 2:
        was = max(scores[s] + before[s] for s in range(sides) if s != me)
        now = max(scores[s] + points[s] for s in range(sides) if s != me)
        standing = gain[me] - (now - was)
        value = (1 - LEADER_WEIGHT) * value + LEADER_WEIGHT * standing
    if line is not None:
        final = [scores[s] + points[s] for s in range(sides)]
        top = max(final)
        if top >= line and final.count(top) == 1:
            value += MATCH_PREMIUM if final[me] == top else -MATCH_PREMIUM
    return value


PRUNE_EVERY = 32  # worlds between checks for candidates that are clearly worse
PRUNE_Z = 3.0  # how many standard errors behind the leader a candidate may fall before it goes


def _prune(samples: list[list[float]], alive: list[int], weights: list[float]) -> list[int]:
    """Drop candidates whose paired difference from the leader, over the same worlds (weighted),
    is more than PRUNE_Z standard errors below zero; the budget then goes to the close calls.
    The standard error counts the weights' effective sample size, not the worlds."""
    n = len(samples[alive[0]])
    total = sum(weights)
    ess = max(2.0, weights_size(weights))
    lead = max(alive, key=lambda i: sum(w * x for w, x in zip(weights, samples[i], strict=True)))
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(samples[i], samples[lead], strict=True)]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        var *= n / (n - 1)
        if mean + PRUNE_Z * (var / ess) ** 0.5 >= 0:
            keep.append(i)
    return keep


def analyse(
    view: View,
    rng: random.Random,
    think_ms: float | None = DEFAULT_THINK_MS,
    iterations: int | None = None,
    worlds: int | None = ENOUGH_WORLDS,
    read: bool = True,
    exact: bool = True,
) -> Analysis:
    """Value every candidate move by playing it out in the same sampled worlds, dropping the
    clearly worse ones as evidence comes in. It stops after ``iterations`` worlds when given,
    else at ``think_ms`` or after ``worlds`` (None: no cap), whichever comes first; a search
    that stops at a count is deterministic for a seeded ``rng``. With ``read`` (the default),
    each world is weighted by how likely the plays seen make it (``reading``). With ``exact``
    (the default), when the consistent deals are few (``deals``) each is played in turn instead
    of drawn, and a cap of worlds is cut to whole rounds of them."""
    moves = candidates(view)
    samples: list[list[float]] = [[] for _ in moves]
    if len(moves) <= 1 and iterations is None:
        return Analysis(moves, samples, 0)
    groups, reading = read_plays(view) if read else (hand_constraints(view), None)
    held: dict[tuple[int, int], int] | None = {} if reading else None
    every = deals(view, groups) if exact else None
    if every and worlds is not None and iterations is None:
        worlds = max(len(every), worlds - worlds % len(every))
    log_weights: list[float] = []
    my_side = view.rules.side_of(view.seat)
    deadline = time.perf_counter() + (think_ms or 0) / 1000 if iterations is None else None
    # In its imagined worlds every player claims exactly what its plays make.
    base = Round.from_view(view, [0] * view.rules.players, [], claims_matter=False)
    line = match_line(view)
    alive = list(range(len(moves)))
    rates = rollout_rates(view)
    done = 0
    while True:
        if every:
            deal = every[done % len(every)]
            hands, bone = dealt_world(view, deal, rng)
            if held is not None:
                held.clear()
                held.update(deal)
        else:
            hands, bone = sample_world(view, groups, rng, held=held)
        log_weights.append(reading.log_weight(held) if reading and held is not None else 0.0)
        world_seed = rng.random()
        for i in alive:
            rnd = base.with_world(hands, bone)
            before = rnd.points[:]
            rnd.step(moves[i])
            # common random numbers across candidates
            rollout(rnd, random.Random(world_seed), rates)
            samples[i].append(_value(rnd.points, before, view.scores, my_side, line))
        done += 1
        if iterations is not None:
            if done >= iterations:
                break
        elif time.perf_counter() >= deadline or (worlds is not None and done >= worlds):
            break
        if done % PRUNE_EVERY == 0 and len(alive) > 1:
            alive = _prune(samples, alive, tempered(log_weights, ESS_FLOOR * done)[0])
    if not reading:
        return Analysis(moves, samples, done, [], float(done))
    weights, _ = tempered(log_weights, ESS_FLOOR * done)
    return Analysis(moves, samples, done, weights, weights_size(weights))


def expert(
    view: View,
    rng: random.Random,
    think_ms: float | None = DEFAULT_THINK_MS,
    iterations: int | None = None,
    worlds: int | None = ENOUGH_WORLDS,
    read: bool = True,
    exact: bool = True,
) -> int:
    """The Expert's move: the best mean over sampled worlds (weighted by the plays seen unless
    ``read`` is false: the Expert before it read them, for comparison; every deal in turn when
    they are few, unless ``exact`` is false)."""
    if len(view.legal) == 1:
        return view.legal[0]
    analysis = analyse(view, rng, think_ms, iterations, worlds, read, exact)
    return analysis.moves[analysis.best]
