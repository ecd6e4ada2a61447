#!/usr/bin/env python3
"""Fit the strong player's model (py/allthrees/ai/reading.py: a softmax over ``features`` of the
moves a seat had) to the Expert's own moves, and say how well it predicts held-out games.

No human games exist here, so the strong player is the Expert: rounds of Expert against Expert
(the search without reading, a fixed count of worlds: deterministic) are played, every play by
a seat that had two or more is kept with the features of each move it had, and the weights are
fitted by maximum likelihood (Newton's method) on the first rounds and tested on the others:
top-1 accuracy (the model's likeliest move is the one played; ties share) and log-loss (the
mean of -ln p(move played)), beside two baselines, every move alike and Casual's rule (the most
points now, the heaviest tile).

    scripts/bench fit [--rounds 240] [--players 2] [--teams] [--worlds 100] [--jobs 2]

Prints the fitted weights in the form reading.STRONG_WEIGHTS takes, and the effective sample
size of the shipped Expert's weights over some of the same positions (every 4th).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from allthrees.ai.expert import ESS_FLOOR, analyse, expert  # noqa: E402
from allthrees.ai.reading import STRONG_WEIGHTS, features  # noqa: E402
from allthrees.match import Match  # noqa: E402
from allthrees.moves import (  # noqa: E402
    DRAW,
    PASS,
    tile_of,  # noqa: E402
)
from allthrees.rules import Rules  # noqa: E402
from allthrees.tiles import HI, PIPS  # noqa: E402
from allthrees.view import make_view  # noqa: E402

HELD_OUT = 0.3  # the share of rounds kept out of the fit, to test on
ESS_EVERY = 4  # every 4th play with a choice also searched with reading, for its weights' size
NEWTON_STEPS = 25
RIDGE = 1e-3  # a little curvature added, so a feature that never varies cannot diverge


def casual_key(rnd, m: int) -> tuple[int, int, int]:
    """Casual's order of moves (ai/simple.py): the most points now, then the heaviest tile."""
    return (rnd.points_after(m), PIPS[tile_of(m)], HI[tile_of(m)])


def play_rounds(args: tuple[int, int, int, int, bool]) -> list[list]:
    """Rounds ``start``..``stop`` of Expert against Expert; per round, per play with a choice:
    [features of each legal move, the index played, Casual's pick]."""
    start, stop, players, worlds, teams = args
    rules = Rules.make("parlor", players=players, teams=teams)
    out = []
    for i in range(start, stop):
        match = Match(rules, seed=1_000_003 * 7 + i)
        rnd = match.start_round()
        kept = []
        while not rnd.over:
            seat = rnd.turn
            view = make_view(rnd, seat, match.scores, ("expert",) * players)
            rng = random.Random(f"fit:{i}:{rnd.moves_made}")
            move = expert(view, rng, think_ms=None, iterations=worlds, read=False)
            legal = view.legal
            if move not in (DRAW, PASS) and len(legal) > 1:
                rows = [features(rnd, m) for m in legal]
                keys = [casual_key(rnd, m) for m in legal]
                greedy = keys.index(max(keys))  # the first of equals, as casual does
                ess = None
                if len(kept) % ESS_EVERY == 0:
                    a = analyse(view, random.Random(len(kept)), None, worlds)
                    ess = a.ess / a.iterations if a.iterations else None
                kept.append([rows, legal.index(move), greedy, ess])
            match.apply(move, None)
        out.append(kept)
    return out


def log_likelihood(w: list[float], data: list) -> tuple[float, list[float], list[list[float]]]:
    """Sum of ln p(played), its gradient and its Hessian in the weights."""
    k = len(w)
    total = 0.0
    grad = [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for rows, chosen, *_ in data:
        scores = [sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        z = sum(e)
        p = [x / z for x in e]
        total += scores[chosen] - top - math.log(z)
        mean = [sum(p[j] * rows[j][a] for j in range(len(rows))) for a in range(k)]
        for a in range(k):
            grad[a] += rows[chosen][a] - mean[a]
            for b in range(k):
                cov = (
                    sum(p[j] * rows[j][a] * rows[j][b] for j in range(len(rows)))
                    - mean[a] * mean[b]
                )
                hess[a][b] -= cov
    return total, grad, hess


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and dense)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(data: list, k: int) -> list[float]:
    w = [0.0] * k
    for _ in range(NEWTON_STEPS):
        _, grad, hess = log_likelihood(w, data)
        for a in range(k):
            hess[a][a] -= RIDGE
        step = solve(hess, [-g for g in grad])
        w = [x + s for x, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def score(w: list[float], data: list) -> tuple[float, float, float, float, float]:
    """(model top-1, model log-loss, uniform log-loss, Casual's rule top-1, uniform top-1)."""
    hits = loss = uniform = greedy = chance = 0.0
    for rows, chosen, casual_pick, _ in data:
        scores = [sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
        top = max(scores)
        best = [j for j, s in enumerate(scores) if s >= top - 1e-12]
        hits += (chosen in best) / len(best)
        z = sum(math.exp(s - top) for s in scores)
        loss -= scores[chosen] - top - math.log(z)
        uniform += math.log(len(rows))
        greedy += casual_pick == chosen
        chance += 1 / len(rows)
    n = len(data)
    return hits / n, loss / n, uniform / n, greedy / n, chance / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=240)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--teams", action="store_true", help="4 players as partners")
    parser.add_argument("--worlds", type=int, default=100, help="the Expert's worlds a move")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    step = max(1, args.rounds // (args.jobs * 4))
    chunks = [
        (s, min(args.rounds, s + step), args.players, args.worlds, args.teams)
        for s in range(0, args.rounds, step)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        rounds = [r for part in pool.map(play_rounds, chunks) for r in part]
    cut = int(len(rounds) * (1 - HELD_OUT))
    train = [d for r in rounds[:cut] for d in r]
    test = [d for r in rounds[cut:] for d in r]
    k = len(STRONG_WEIGHTS)
    w = fit(train, k)
    table = "teams" if args.teams else f"{args.players} players"
    print(
        f"data: {len(rounds)} rounds of Expert against Expert ({table}, {args.worlds} worlds a"
        f" move); {len(train)} plays with a choice to fit on, {len(test)} held out"
    )
    print("features: points now, pips shed, a double")
    print(f"fitted weights: STRONG_WEIGHTS = ({', '.join(f'{x:.3f}' for x in w)})")
    for name, data in (("fit", train), ("held out", test)):
        top1, loss, uni, greedy, chance = score(w, data)
        print(
            f"{name}: top-1 {top1:.3f} (Casual's rule {greedy:.3f}, chance {chance:.3f});"
            f" log-loss {loss:.3f} nats (every move alike {uni:.3f})"
        )
    top1, loss, *_ = score(list(STRONG_WEIGHTS), test)
    print(f"the shipped weights on the held-out plays: top-1 {top1:.3f}, log-loss {loss:.3f}")
    shares = sorted(d[3] for r in rounds for d in r if d[3] is not None)
    if shares:
        at_floor = sum(x <= ESS_FLOOR + 1e-6 for x in shares) / len(shares)
        print(
            f"effective sample size of the shipped Expert's weights, as a share of its"
            f" {args.worlds} worlds, over {len(shares)} of these positions: median"
            f" {statistics.median(shares):.2f}, 10th percentile {shares[len(shares) // 10]:.2f},"
            f" lowest {shares[0]:.2f}; at the floor ({ESS_FLOOR}) {at_floor:.0%}"
        )


if __name__ == "__main__":
    main()
