"""Reading the plays seen: how likely each move another seat made was, had it held a given hand,
under a model of that seat, and so how much weight an imagined deal deserves.

The Expert's sampler (``worlds.sample_world``) draws deals that agree with every hard fact. Two
deals that agree are not equally likely once the plays are read: a seat that played 6-4 rather
than 6-1 more probably held no 1 worth keeping. Policy-based inference (Rebstock, Solinas, Buro
and Sturtevant, "Policy Based Inference in Trick-Taking Card Games", 2019) weights each deal by
the probability that every other seat would have made every move it made, had that deal been
the truth. The models, by what the table shows of who plays a seat (``View.players``):

- Casual: deterministic (the most points now, the heaviest tile on ties), read exactly by the
  sampler's own constraints (``hand_constraints``' guesses are Casual's policy), so it adds no
  weight here;
- Random: every move alike, so its plays say nothing beyond the hard facts;
- Beginner: its own policy, exactly (``simple.beginner``): a scoring play it spots (two plain
  ends) with ``BEGINNER_NOTICE`` each, one of those spotted, else any legal move;
- a person, an Expert, or a seat not told: a strong player, a softmax over a cheap evaluation of
  the moves it had (``features``), its weights ``STRONG_WEIGHTS`` fitted by maximum likelihood
  to the Expert's own moves in arena games (``scripts/fit_reader.py``, which also reports how well
  it predicts held-out games; docs/opponents.md).

A move's features read only the table at that moment and the move itself, never the rest of the
hand, so each decision is prepared once per search (``Reading``): for each tile that fitted then,
the sum of its moves' exponentiated scores; a deal's weight is then a product over decisions of
the played move's share among the tiles that deal puts in that hand at that moment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..moves import DRAW, PASS, lead, tile_of
from ..round import Round
from ..tiles import IS_DOUBLE, PIPS, WITH
from ..view import View
from .simple import BEGINNER_NOTICE, counted_points, easy_to_see, standings

# The strong player's evaluation of a move: points it scores now, pips it sheds, a double.
# Fitted by scripts/fit_reader.py (its output, 2026-12-04: see docs/opponents.md for the data
# and the held-out accuracy); the logit of a move is the dot product with ``features``.
STRONG_WEIGHTS = (0.245, -0.040, 0.855)
TEMPER_STEPS = 20  # bisection steps for the power that keeps the floor (to 1e-6)
LOG_FLOOR = -30.0  # log of a probability no model gives (a deal the model rules out entirely)
SMALL_PRODUCT = 1e-200  # a running product of chances becomes a logarithm before it underflows

# Per seat, when each group came into its hand and which group each play came from
# (``worlds.hand_constraints``): ``(opened, played)``.
Timeline = list[tuple[list[int], list[tuple[int, int, int]]]]


def features(
    table: Round, move: int, stood: tuple[int, bool] | None = None
) -> tuple[float, float, float]:
    """What the strong player's model sees of a legal lead or play on ``table``: the points it
    makes now, its tile's pips, whether it is a double. (Two more were tried and left out: whether
    it scores at all, and the most any tile still off the table could score after it, what it
    leaves the next seat; fitted, each weighed under a tenth of a logit a point, and the second
    costs a copy of the table per move.) ``stood``: with an exact target, the mover's side's room
    and whether this is its last tile (``simple.standings``): a play that would bust makes 0."""
    t = tile_of(move)
    return (float(_points(table, move, stood)), float(PIPS[t]), 1.0 if IS_DOUBLE[t] else 0.0)


def _points(table: Round, move: int, stood: tuple[int, bool] | None) -> int:
    """The points a move makes now (``Round.points_after``), none when it would bust an exact
    target (``stood``: the room and last-tile flag of its side then)."""
    pts = table.points_after(move)
    if pts and stood is not None and table.rules.exact_target:
        room, last = stood
        if not counted_points(table.rules, table.sum_after(move), room, last):
            return 0
    return pts


def logit(
    table: Round,
    move: int,
    weights: tuple[float, ...] = STRONG_WEIGHTS,
    stood: tuple[int, bool] | None = None,
) -> float:
    return sum(w * f for w, f in zip(weights, features(table, move, stood), strict=True))


def tile_moves(table: Round, t: int) -> list[int]:
    """The legal moves a seat would have with tile ``t`` on ``table``, as ``Round.legal_moves``
    lists them for a hand holding it (a lead: both ways round unless a double)."""
    if table.lead_tile < 0:
        if table.forced_lead >= 0 and t != table.forced_lead:
            return []
        return [lead(t)] + ([] if IS_DOUBLE[t] else [lead(t, lo_west=True)])
    out: list[int] = []
    bit = 1 << t
    for arm in range(4 if table.ends[2] >= 0 else 2):
        v = table.ends[arm]
        if v >= 0 and WITH[v] & bit:
            out += table.plays[arm][bit]
    return out


@dataclass
class Decision:
    """One play of a read seat, prepared: ``index`` into the history, the seat, the model
    (``"beginner"`` or ``"strong"``), the played move's share numerator and, per tile that fitted
    then (a dict tile -> value), the strong model's summed exponentiated scores, or the
    Beginner's count of legal moves and of easy scoring ones."""

    index: int
    seat: int
    model: str
    mine: float  # strong: exp(logit) of the played move; beginner: 1 if it was an easy score
    share: dict[int, float]  # strong: per tile, sum of exp(logit) of its moves
    moves: dict[int, int]  # beginner: per tile, its legal moves
    easy: dict[int, int]  # beginner: per tile, its easy scoring moves


def model_of(kind: str) -> str | None:
    """The model a seat is read by, from what the table shows of who plays it (None: not read
    by weight: Casual through the sampler's constraints, Random not at all)."""
    if kind in ("casual", "random"):
        return None
    if kind == "beginner":
        return "beginner"
    return "strong"


class Reading:
    """The plays of every read seat of ``view`` prepared for weighting deals (see the module's
    docstring); ``log_weight`` is a deal's log-likelihood of every play seen. ``timeline`` is what
    ``worlds.hand_constraints`` gives: when each of a seat's groups of hidden tiles came into its
    hand and which group each play came from, so a deal's groups tell what a seat held at each
    of its plays."""

    def __init__(
        self, view: View, timeline: Timeline, weights: tuple[float, ...] = STRONG_WEIGHTS
    ) -> None:
        n = view.rules.players
        kinds = view.players or ("",) * n
        self.models = [None if s == view.seat else model_of(kinds[s]) for s in range(n)]
        # seats not held to the sampler's guesses about how people play: those read by a model,
        # and Random seats, whose plays say nothing of their hands
        self.unguessed = [
            s
            for s in range(n)
            if self.models[s] is not None or (s != view.seat and kinds[s] == "random")
        ]
        self.decisions: list[Decision] = []
        table = Round.open_table(view.rules, view.leader)
        table.forced_lead = view.forced_lead
        stood = standings(view)
        for i, e in enumerate(view.history):
            model = self.models[e.seat]
            if model is not None and e.move not in (DRAW, PASS):
                self.decisions.append(
                    self._prepare(table, i, e.seat, e.move, model, weights, stood[i])
                )
            if e.move not in (DRAW, PASS):
                table.play_as(e.seat, e.move)
        # What each decision's seat held then: its groups opened before (the deal's: -1), and
        # the tiles it played from those groups from that play on (the played tile included).
        self.then: list[tuple[list[tuple[int, int]], int]] = []
        for d in self.decisions:
            opened, played = timeline[d.seat]
            before = [g for g, at in enumerate(opened) if at < d.index]
            kept = 0
            for index, tile, g in played:
                if index >= d.index and opened[g] < d.index:
                    kept |= 1 << tile
            self.then.append(([(d.seat, g) for g in before], kept))

    @staticmethod
    def _prepare(
        table: Round,
        i: int,
        seat: int,
        move: int,
        model: str,
        weights: tuple[float, ...],
        stood: tuple[int, bool] | None = None,
    ) -> Decision:
        share: dict[int, float] = {}
        moves: dict[int, int] = {}
        easy: dict[int, int] = {}
        mine = 0.0
        for t in range(table.rules.tile_count):
            ms = tile_moves(table, t)
            if not ms:
                continue
            if model == "strong":
                share[t] = sum(math.exp(logit(table, m, weights, stood)) for m in ms)
            else:
                moves[t] = len(ms)
                easy[t] = sum(1 for m in ms if _easy_score(table, m, stood))
        if model == "strong":
            mine = math.exp(logit(table, move, weights, stood))
        else:
            mine = 1.0 if _easy_score(table, move, stood) else 0.0
        return Decision(i, seat, model, mine, share, moves, easy)

    def __bool__(self) -> bool:
        return bool(self.decisions)

    def log_weight(self, held: dict[tuple[int, int], int]) -> float:
        """A deal's log-likelihood of the read plays; ``held``: the tiles the deal puts in each
        group, by ``(seat, group)`` (``worlds.sample_world``)."""
        total = 0.0
        product = 1.0  # taken as a product, one logarithm now and then: the search asks per world
        for d, (groups, kept) in zip(self.decisions, self.then, strict=True):
            hand = kept
            for key in groups:
                hand |= held.get(key, 0)
            p = _probability(d, hand)
            if p <= 0:
                total += LOG_FLOOR
                continue
            product *= p
            if product < SMALL_PRODUCT:
                total += math.log(product)
                product = 1.0
        return total + math.log(product)


def _easy_score(table: Round, move: int, stood: tuple[int, bool] | None = None) -> bool:
    """A scoring play a Beginner can spot (``simple.beginner``: one that would bust an exact
    target does not score)."""
    return bool(_points(table, move, stood)) and easy_to_see(table.ends, table.doubles, move)


def _probability(d: Decision, hand: int) -> float:
    """The chance the seat of decision ``d`` made its move, holding ``hand`` then."""
    if d.model == "strong":
        z = 0.0
        for t, s in d.share.items():
            if hand >> t & 1:
                z += s
        return d.mine / z if z > 0 else 0.0
    legal = spotted = 0
    for t, k in d.moves.items():
        if hand >> t & 1:
            legal += k
            spotted += d.easy[t]
    if legal == 0:
        return 0.0
    missed_all = (1.0 - BEGINNER_NOTICE) ** spotted
    uniform = missed_all / legal
    if d.mine:
        return (1.0 - missed_all) / spotted + uniform
    return uniform


def weights_size(weights: list[float]) -> float:
    """Kish's effective sample size of weights: (sum w)^2 / sum w^2 (0 for none)."""
    squares = sum(w * w for w in weights)
    return sum(weights) ** 2 / squares if squares else 0.0


def tempered(log_weights: list[float], floor: float) -> tuple[list[float], float]:
    """Weights (relative, the largest 1) whose effective sample size is at least ``floor`` worlds:
    the weights themselves when they are, else raised to the largest power below one that keeps
    the floor (power 0: uniform, always at the floor). Returns the weights and the power used."""
    n = len(log_weights)
    if n == 0:
        return [], 1.0
    floor = min(floor, n)

    top = max(log_weights)

    def at(beta: float) -> list[float]:
        return [math.exp(beta * (x - top)) for x in log_weights]

    w = at(1.0)
    if weights_size(w) >= floor:
        return w, 1.0
    lo, hi = 0.0, 1.0
    for _ in range(TEMPER_STEPS):
        mid = (lo + hi) / 2
        if weights_size(at(mid)) >= floor:
            lo = mid
        else:
            hi = mid
    return at(lo), lo
