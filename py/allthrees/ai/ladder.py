"""The computer levels' ratings fitted from head-to-head arena results (``python -m allthrees
ladder``): each level's rating on the Glicko scale such that the chance of A beating B is
``1 / (1 + 10 ** ((r_B - r_A) / 400))`` (the Bradley-Terry model, which is Glicko-2's expected
score against an opponent whose deviation is small), by maximum likelihood over every pair
played, one level held at an anchor. Each level's deviation is the fit's standard error.

The figures go into ``career.computers.COMPUTER_RATINGS`` by hand, with the command and date
in docs/opponents.md: a career's ratings never move because the ladder was measured again."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only
    from ..shapes import Json

ELO_SCALE = 400.0 / math.log(10.0)  # the logistic's scale in rating points: 173.7178
ANCHOR = ("casual", 1500.0)  # the level held fixed: Casual sits at the centre of the scale
STEPS = 100  # Newton steps: the log-likelihood is concave, a handful converge


@dataclass(frozen=True, slots=True)
class Pair:
    """``a`` against ``b`` (levels): ``wins`` of ``a`` (a draw counts half) in ``matches``."""

    a: str
    b: str
    wins: float
    matches: int


def level_of(spec: str) -> str:
    """The level an arena spec plays at: ``expert:200it`` is the Expert."""
    return spec.split(":")[0].split("@")[0]


def pairs_of(lines: Iterable[str]) -> list[Pair]:
    """The pairs of ``python -m allthrees arena ... --json`` output lines (others skipped)."""
    out = []
    for line in lines:
        line = line.strip()
        if not line.startswith("{"):
            continue
        data: Json = json.loads(line)  # an arena summary line; a wrong one raises KeyError
        a, b = data["a"], data["b"]
        out.append(Pair(level_of(a["name"]), level_of(b["name"]), a["wins"], data["matches"]))
    return out


def fit(pairs: list[Pair], anchor: tuple[str, float] = ANCHOR) -> dict[str, dict[str, float]]:
    """``{level: {rating, deviation}}``: the maximum-likelihood ratings (``anchor``'s level held
    at its rating) and their standard errors (the inverse of the observed information)."""
    levels = sorted({p.a for p in pairs} | {p.b for p in pairs})
    fixed, at = anchor
    if fixed not in levels:
        raise ValueError(f"the anchor {fixed} played in none of the pairs")
    free = [lv for lv in levels if lv != fixed]
    rating = dict.fromkeys(levels, at)
    hessian: list[list[float]] = []
    for _ in range(STEPS):
        grad = [0.0] * len(free)
        hessian = [[0.0] * len(free) for _ in free]
        for p in pairs:
            chance = 1.0 / (1.0 + math.exp((rating[p.b] - rating[p.a]) / ELO_SCALE))
            slope = (p.wins - p.matches * chance) / ELO_SCALE  # d logL / d r_a
            curve = p.matches * chance * (1.0 - chance) / ELO_SCALE**2  # -d2 logL / d r_a2
            for lv, sign in ((p.a, 1.0), (p.b, -1.0)):
                if lv == fixed:
                    continue
                i = free.index(lv)
                grad[i] += sign * slope
                hessian[i][i] += curve
                other = p.b if lv == p.a else p.a
                if other != fixed:
                    hessian[i][free.index(other)] -= curve
        step = _solve(hessian, grad)
        for lv, d in zip(free, step, strict=True):
            rating[lv] += d
        if max((abs(d) for d in step), default=0.0) < 1e-9:
            break
    inverse = _inverse(hessian)
    out = {fixed: {"rating": at, "deviation": 0.0}}
    for i, lv in enumerate(free):
        out[lv] = {"rating": rating[lv], "deviation": math.sqrt(inverse[i][i])}
    return dict(sorted(out.items(), key=lambda kv: kv[1]["rating"]))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` (Gauss-Jordan: a handful of levels)."""
    inverse = _inverse(matrix)
    return [sum(row[j] * vector[j] for j in range(len(vector))) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    grid = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(grid[r][col]))
        grid[col], grid[pivot] = grid[pivot], grid[col]
        head = grid[col][col]
        if head == 0.0:
            raise ValueError("the pairs do not link every level to the anchor")
        grid[col] = [x / head for x in grid[col]]
        for r in range(n):
            if r != col:
                factor = grid[r][col]
                grid[r] = [x - factor * y for x, y in zip(grid[r], grid[col], strict=True)]
    return [row[n:] for row in grid]
