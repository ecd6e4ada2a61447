"""Arena: full matches between two players, seats alternating, with win rates and their 95%
confidence intervals, points per round and think time per move."""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..match import Match
from ..moves import DRAW, PASS
from ..rules import Rules
from ..view import make_view
from . import Player, get_player
from .checkout import CheckoutExpert
from .endgame import EXACT_TILES
from .expert import expert
from .worlds import ENOUGH_WORLDS


def make_player(spec: str, think_ms: float | None, iterations: int | None) -> Player:
    """``name``, or for search players ``name:`` and budgets of its own joined by ``:``:
    ``50ms`` (time), ``300it`` (a fixed count of worlds: deterministic), ``150w`` (stop after
    that many worlds unless the time runs out first; ``0w``: no cap), ``flat`` (every world
    weighted alike: the Expert before it read the plays seen, ``reading``), ``sampled`` (deals
    always drawn, never each in turn when they are few: ``worlds.deals``), ``end8`` (in block
    play, search the round exactly once the hands hold at most 8 tiles: ``endgame``; ``end0``:
    never). E.g.
    ``expert:250ms:150w``. ``expert@PATH`` is the Expert of another checkout of the game (a git
    worktree of an older commit), in its own process (``checkout``)."""
    name, *budgets = spec.split(":")
    name, _, path = name.partition("@")
    worlds: int | None = ENOUGH_WORLDS
    read = exact = True
    endgame: int | None = None
    paranoid = True
    for budget in budgets:
        if budget == "flat":
            read = False
        elif budget == "sampled":
            exact = False
        elif budget.endswith("ms"):
            think_ms, iterations = float(budget[:-2]), None
        elif budget.endswith("it"):
            think_ms, iterations = None, int(budget[:-2])
        elif budget.endswith("w") and budget[:-1].isdigit():
            worlds = int(budget[:-1]) or None
        elif budget.startswith("end") and budget[3:].isdigit():
            endgame = int(budget[3:])
        elif budget.startswith("endx") and budget[4:].isdigit():
            endgame, paranoid = int(budget[4:]), False
        else:
            raise ValueError(f"budget {budget!r}: write 50ms, 300it, 150w, end8, flat or sampled")
    if name == "expert" and path:
        if not (read and exact) or endgame is not None:
            raise ValueError("flat, sampled, endN: today's only; an older checkout plays as it did")
        return CheckoutExpert(path, think_ms, iterations, worlds)
    if name == "expert":
        return functools.partial(
            expert,
            think_ms=think_ms,
            iterations=iterations,
            worlds=worlds,
            read=read,
            exact=exact,
            paranoid=paranoid,
            endgame=EXACT_TILES if endgame is None else endgame,
        )
    if budgets:
        raise ValueError(f"{name} takes no budget")
    return get_player(name)


@dataclass
class Tally:
    wins: float = 0.0  # a drawn match counts half
    points: int = 0
    rounds: int = 0
    think: float = 0.0
    moves: int = 0

    def add(self, other: Tally) -> None:
        for k in ("wins", "points", "rounds", "think", "moves"):
            setattr(self, k, getattr(self, k) + getattr(other, k))


@dataclass
class Result:
    a: Tally = field(default_factory=Tally)
    b: Tally = field(default_factory=Tally)
    matches: int = 0


def play_match(
    i: int,
    specs: tuple[str, str],
    rules: Rules,
    seed: int,
    think_ms: float | None,
    iterations: int | None,
) -> Result:
    """Match ``i``: seat s is player A when (s + i) is even, so seats alternate between matches,
    and matches 2k and 2k+1 deal the same tiles (duplicate deals: each player sits on each side
    of the same luck, which takes much of the deals' noise out of the comparison)."""
    players = [make_player(spec, think_ms, iterations) for spec in specs]
    who = [(s + i) % 2 for s in range(rules.players)]  # 0 = A, 1 = B
    # who plays each seat, public at the table (an older checkout's Expert is an Expert)
    seen = tuple(specs[w].split(":")[0].split("@")[0] for w in who)
    match = Match(rules, seed=seed * 1_000_003 + i // 2)
    res = Result(matches=1)
    tallies = (res.a, res.b)
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            seat = rnd.turn
            view = make_view(rnd, seat, match.scores, seen)
            rng = random.Random(f"{seed}:{i}:{len(match.rounds)}:{rnd.moves_made}")
            t0 = time.perf_counter()
            move = players[who[seat]](view, rng)
            if move not in (DRAW, PASS):
                tallies[who[seat]].think += time.perf_counter() - t0
                tallies[who[seat]].moves += 1
            claim = rnd.sum_after(move) if rules.muggins and move >= 0 else None  # exact claims
            match.apply(move, claim)
        for side, pts in enumerate(rnd.points):
            tallies[who[rules.seats_of(side)[0]]].points += pts
        for t in tallies:
            t.rounds += 1
    if match.winner is None:
        res.a.wins += 0.5
        res.b.wins += 0.5
    else:
        tallies[who[rules.seats_of(match.winner)[0]]].wins += 1
    return res


def _chunk(args: tuple[int, int, tuple[str, str], Rules, int, float | None, int | None]) -> Result:
    start, stop, specs, rules, seed, think_ms, iterations = args
    total = Result()
    for i in range(start, stop):
        r = play_match(i, specs, rules, seed, think_ms, iterations)
        total.a.add(r.a)
        total.b.add(r.b)
        total.matches += 1
    return total


def run(
    specs: tuple[str, str],
    matches: int,
    rules: Rules,
    seed: int = 1,
    think_ms: float | None = 250,
    iterations: int | None = None,
    jobs: int = 1,
) -> Result:
    for spec in specs:
        make_player(spec, think_ms, iterations)  # fail early on a bad name
    step = max(1, math.ceil(matches / (jobs * 4)))
    chunks = [
        (s, min(s + step, matches), specs, rules, seed, think_ms, iterations)
        for s in range(0, matches, step)
    ]
    total = Result()
    if jobs <= 1:
        parts: Iterator[Result] = map(_chunk, chunks)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        parts = pool.map(_chunk, chunks)
    for part in parts:
        total.a.add(part.a)
        total.b.add(part.b)
        total.matches += part.matches
    if jobs > 1:
        pool.shutdown()
    return total


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(specs: tuple[str, str], res: Result) -> dict[str, Any]:  # printed as JSON
    out: dict[str, Any] = {"matches": res.matches}
    for key, spec, t in (("a", specs[0], res.a), ("b", specs[1], res.b)):
        lo, hi = wilson(t.wins, res.matches)
        out[key] = {
            "name": spec,
            "wins": t.wins,
            "win_rate": round(t.wins / res.matches, 4) if res.matches else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "points_per_round": round(t.points / t.rounds, 2) if t.rounds else 0.0,
            "think_ms_per_move": round(1000 * t.think / t.moves, 2) if t.moves else 0.0,
        }
    return out
