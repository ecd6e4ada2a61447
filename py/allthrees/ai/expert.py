"""Expert: determinized Monte Carlo search over the worlds the hidden tiles could make.

Each iteration takes a world (``worlds``: hands for the seats it cannot see and a boneyard order
that agree with everything public and, while they hold up, with guesses about how people play;
drawn uniformly over the deals that agree, or late in a round, when those are few, each dealt in
turn), then plays every candidate move in that same world and finishes the round with a fast,
greedy-leaning policy for every seat, partner included, each as greedy as the kind of player the
table shows in that seat (``rollout_rates``). A candidate's value is the points its side gains
from now to the end of the round (in play and bonus) minus what the other sides gain (with three
or more sides, partly the race with the leader). The best mean wins. Search stops at a time
budget or after enough worlds, or runs a fixed iteration count; with a count (or the cap reached
first) and a seeded ``rng`` it is deterministic.

How worlds are weighted: each world is worth the likelihood of every move the other seats made
so far, had that world been the truth, under a model of each seat (``reading``): a Beginner's
own policy, exactly; a person's, an Expert's or a seat not told a strong player's (a softmax over
points, pips and doubles fitted to the Expert's own moves); the partner read the same way as the
others. A Casual's plays are read by the worlds' guesses instead, which are its policy, so its
worlds stay alike; a seat read by a model is not held to the guesses (``worlds.read_plays``). A
candidate's value is its weighted mean over the worlds. When a few worlds would carry the whole
weight, the weights are flattened towards uniform until their effective sample size is at least
``ESS_FLOOR`` of the worlds (``reading.tempered``).

When the deals that agree are listed (``worlds.deals``), each is played in turn, weighted the
same way, and a cap of worlds is cut to whole rounds of the list, so each counts exactly as
often as the others.

It sees only the ``View``: the worlds it plays in are its own guesses, built from public facts.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..moves import PIPS_OF_MOVE, E, N, S, W, is_lead, kind_of, tile_of
from ..round import Round
from ..tiles import IS_DOUBLE
from ..view import View
from .endgame import EXACT_TILES, expect, solve
from .reading import tempered, weights_size
from .worlds import ENOUGH_WORLDS, deals, dealt_world, hand_constraints, read_plays, sample_world

# The default time budget, a ceiling for devices slower than those measured with `scripts/bench
# web`: the search stops at it or after ENOUGH_WORLDS (``worlds``), whichever comes first (in the
# browser, 200 worlds take a desktop about 60 ms and a Pixel 7 at 4x CPU throttling about 300 ms;
# CPython 20 ms).
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


# ---------------------------------------------------------------------- playouts
def rollout_rates(view: View) -> list[float]:
    """Per seat, how often it takes its best-scoring play in a rollout: what the table shows of
    who plays it (``View.players``), partner and opponents alike."""
    kinds = view.players or ("",) * view.rules.players
    return [ROLLOUT_RATES.get(kind, GREEDY_RATE) for kind in kinds]


def rollout(rnd: Round, rng: random.Random, rates: list[float] | None = None) -> None:
    """Finish the round: each seat mostly takes its best-scoring play (the heaviest on ties),
    sometimes any play, as often as ``rates`` says for that seat; draws and passes as forced (in
    block play no draw: the round's own rules). Its points are those the rules count: with an
    exact target a play that would bust is no score (``simple.counted_points``), so the imagined
    players, the Expert's own side included, play for the exact finish as Casual does."""
    rand = rng.random
    rules = rnd.rules
    made = rules.made
    if rates is None:
        rates = [GREEDY_RATE] * rules.players
    exact = rnd.exact
    awarded, out_bonus = rules.awarded, rules.out_bonus
    while rnd.reason is None:
        moves = rnd.legal_moves()
        if len(moves) == 1:
            rnd.step(moves[0])
            continue
        if rand() < rates[rnd.turn]:
            best = moves[0]
            best_key = -1
            if exact:  # a play that would bust counts nothing (``simple.counted``), as at a table
                seat = rnd.turn
                room = rnd.room(rnd.side[seat])
                if rnd.last_tile(seat):
                    room -= out_bonus  # its last tile: its points and going out count together
                for m in moves:
                    # ``simple.counted_points``, inline: this loop is the search's hot path
                    p = awarded[rnd.sum_after(m)]
                    key = (p if p <= room else 0) * 64 + PIPS_OF_MOVE[m]
                    if key > best_key:
                        best, best_key = m, key
            else:
                for m in moves:
                    # the points it makes first, then its tile's weight
                    key = made[rnd.sum_after(m)] * 64 + PIPS_OF_MOVE[m]
                    if key > best_key:
                        best, best_key = m, key
            rnd.step(best)
        else:
            rnd.step(moves[int(rand() * len(moves))])


def twin_key(view: View, m: int) -> tuple[int, ...] | tuple[int, str]:
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
    endgame: int = EXACT_TILES,
    paranoid: bool = True,
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
    # In block play, once few tiles are left in the hands (``endgame``: at most that many after
    # the candidate; 0, the default: never), each world's rest of the round is searched exactly
    # (``endgame.solve``, or with ``paranoid`` false ``endgame.expect``) instead of played out.
    solved = not view.rules.draw and 0 < endgame >= sum(view.hand_sizes) - 1
    start = base.points[:]

    def leaf(points: list[int]) -> float:
        return _value(points, start, view.scores, my_side, line)

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
            if solved:
                if paranoid:
                    samples[i].append(solve(rnd, leaf, my_side))
                else:
                    samples[i].append(expect(rnd, leaf, view.seat, rates))
                continue
            # common random numbers across candidates
            rollout(rnd, random.Random(world_seed), rates)
            samples[i].append(_value(rnd.points, before, view.scores, my_side, line))
        done += 1
        if iterations is not None:
            if done >= iterations:
                break
        elif time.perf_counter() >= deadline or (worlds is not None and done >= worlds):  # type: ignore[operator]  # set unless iterations
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
    endgame: int = EXACT_TILES,
    paranoid: bool = True,
) -> int:
    """The Expert's move: the best mean over sampled worlds (weighted by the plays seen unless
    ``read`` is false: the Expert before it read them, for comparison; every deal in turn when
    they are few, unless ``exact`` is false)."""
    if len(view.legal) == 1:
        return view.legal[0]
    analysis = analyse(view, rng, think_ms, iterations, worlds, read, exact, endgame, paranoid)
    return analysis.moves[analysis.best]
