"""Expert: determinized Monte Carlo search over the tiles it cannot see.

Each iteration deals the unseen tiles into hands consistent with everything public (how many tiles
each seat holds, the tiles a seat cannot hold because it drew or passed while they would have fit
or because the hands forced the lead) and, while they hold up, with guesses about how people play
(see ``hand_constraints``), then plays every candidate move in that same world and finishes the
round with a fast, greedy-leaning policy for every seat, partner included. A candidate's value is
the points its side gains from now to the end of the round (in play and bonus) minus what the
other sides gain. The best mean wins. Search runs against a time budget or a fixed iteration
count; with a count and a seeded ``rng`` it is deterministic.

It sees only the ``View``: the worlds it plays in are its own guesses, built from public facts.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..moves import DRAW, PASS, PIPS_OF_MOVE, E, N, S, W, is_lead, kind_of, play, tile_of
from ..round import Round
from ..tiles import DOUBLES, IS_DOUBLE, PIPS, WITH, tiles_of, weight_key
from ..view import View

DEFAULT_THINK_MS = 250
GREEDY_RATE = 0.85  # how often a rollout player takes its best-scoring play


@dataclass
class Analysis:
    """Value samples per candidate move (points for the mover's side minus the others'), one per
    sampled world; candidates dropped early have fewer."""

    moves: list[int]
    samples: list[list[float]]
    iterations: int  # worlds sampled

    def mean(self, i: int) -> float:
        xs = self.samples[i]
        return sum(xs) / len(xs) if xs else 0.0

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


def hand_constraints(view: View) -> list[list[list[int]]]:
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
    """
    rules = view.rules
    n = rules.players
    dealt = lead_lacked(view)
    hidden = view.unseen_tiles()
    defied = [0] * n  # per seat, bit SCORES / SHEDS: its play has contradicted that guess
    groups: list[list[list[int]]] = [[[rules.hand_size, dealt, 0, 0]] for _ in range(n)]
    # The layout as it grew, to ask what else each play could have scored. Every hand is "full"
    # so no replayed play can end the round.
    table = Round.open_table(rules, view.leader)
    for e in view.history:
        g = groups[e.seat]
        if e.move == DRAW:
            for grp in g:
                grp[1] |= e.lacked
            g.append([1, 0, 0, 0])
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
    for seat, g in enumerate(groups):
        for grp in g:
            for level in (SCORES, SHEDS):
                grp[level + 1] &= 0 if defied[seat] >> level & 1 else hidden
    return groups


def sample_world(
    view: View, groups: list[list[list[int]]], rng: random.Random, tries: int = 8
) -> tuple[list[int], list[int]]:
    """Hands (masks) and a boneyard order consistent with the view, drawn at random: first
    honouring every guess, then only the passed-up scores, then only what is certain, then
    nothing (a last resort the filling order below can need on very tight constraints)."""
    unseen = tiles_of(view.unseen_tiles())
    me = view.seat
    for level in (SHEDS, SCORES, CERTAIN, -1):
        for _ in range(tries if level >= 0 else 1):
            pool = unseen[:]
            rng.shuffle(pool)
            hands = [0] * view.rules.players
            hands[me] = view.hand_mask
            todo = []
            for seat, g in enumerate(groups):
                if seat == me:
                    continue
                for count, *masks in g:
                    if count > 0:
                        forbidden = 0
                        for mask in masks[: level + 1]:  # lacked, passed_up, lighter
                            forbidden |= mask
                        todo.append((forbidden, count, seat))
            todo.sort(key=lambda x: -x[0].bit_count())  # most constrained first
            ok = True
            for forbidden, count, seat in todo:
                for _ in range(count):
                    for i, t in enumerate(pool):
                        if not forbidden >> t & 1:
                            hands[seat] |= 1 << t
                            pool.pop(i)
                            break
                    else:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                return hands, pool
    raise AssertionError("unreachable: the unconstrained pass always succeeds")


# ---------------------------------------------------------------------- playouts
def rollout(rnd: Round, rng: random.Random) -> None:
    """Finish the round: each seat mostly takes its best-scoring play (the heaviest on ties),
    sometimes any play; draws and passes as forced."""
    rand = rng.random
    made = rnd.rules.made
    while rnd.reason is None:
        moves = rnd.legal_moves()
        if len(moves) == 1:
            rnd.step(moves[0])
            continue
        if rand() < GREEDY_RATE:
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


def _value(
    points: list[int], before: list[int], scores: tuple[int, ...], me: int, line: int | None
) -> float:
    """What a finished imagined round is worth to side ``me``: its points gained minus the
    others' average, plus a premium for winning (or against losing) the match when the round
    decides it: at its end the top total at or past the target wins, a tie at the top plays on."""
    sides = len(points)
    gain = [points[s] - before[s] for s in range(sides)]
    value = gain[me] - (sum(gain) - gain[me]) / (sides - 1)
    if line is not None:
        final = [scores[s] + points[s] for s in range(sides)]
        top = max(final)
        if top >= line and final.count(top) == 1:
            value += MATCH_PREMIUM if final[me] == top else -MATCH_PREMIUM
    return value


PRUNE_EVERY = 32  # worlds between checks for candidates that are clearly worse
PRUNE_Z = 3.0  # how many standard errors behind the leader a candidate may fall before it goes


def _prune(samples: list[list[float]], alive: list[int]) -> list[int]:
    """Drop candidates whose paired difference from the leader, over the same worlds, is more
    than PRUNE_Z standard errors below zero; the budget then goes to the close calls."""
    n = len(samples[alive[0]])
    lead = max(alive, key=lambda i: sum(samples[i]))
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(samples[i], samples[lead], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + PRUNE_Z * (var / n) ** 0.5 >= 0:
            keep.append(i)
    return keep


def analyse(
    view: View,
    rng: random.Random,
    think_ms: float | None = DEFAULT_THINK_MS,
    iterations: int | None = None,
) -> Analysis:
    """Value every candidate move by playing it out in the same sampled worlds, dropping the
    clearly worse ones as evidence comes in."""
    moves = candidates(view)
    samples: list[list[float]] = [[] for _ in moves]
    if len(moves) <= 1 and iterations is None:
        return Analysis(moves, samples, 0)
    groups = hand_constraints(view)
    my_side = view.rules.side_of(view.seat)
    deadline = time.perf_counter() + (think_ms or 0) / 1000 if iterations is None else None
    # In its imagined worlds every player claims exactly what its plays make.
    base = Round.from_view(view, [0] * view.rules.players, [], claims_matter=False)
    line = match_line(view)
    alive = list(range(len(moves)))
    done = 0
    while True:
        hands, bone = sample_world(view, groups, rng)
        world_seed = rng.random()
        for i in alive:
            rnd = base.with_world(hands, bone)
            before = rnd.points[:]
            rnd.step(moves[i])
            rollout(rnd, random.Random(world_seed))  # common random numbers across candidates
            samples[i].append(_value(rnd.points, before, view.scores, my_side, line))
        done += 1
        if iterations is not None:
            if done >= iterations:
                break
        elif time.perf_counter() >= deadline:
            break
        if done % PRUNE_EVERY == 0 and len(alive) > 1:
            alive = _prune(samples, alive)
    return Analysis(moves, samples, done)


def expert(
    view: View,
    rng: random.Random,
    think_ms: float | None = DEFAULT_THINK_MS,
    iterations: int | None = None,
) -> int:
    """The Expert's move: the best mean over sampled worlds."""
    if len(view.legal) == 1:
        return view.legal[0]
    analysis = analyse(view, rng, think_ms, iterations)
    return analysis.moves[analysis.best]
