"""A reference model of docs/rules.md for the engine tests.

Written from the text of docs/rules.md (and for the Fives and Threes family, from docs/rules.md's
"Fives and Threes" section, after gambiter.com), not from ``py/allthrees``: tiles are
``(hi, lo)`` pairs, the layout is four lists of placed tiles, and every number (open ends, end
sum, points, bonus, the leader, the legal moves) is recomputed from scratch, slowly and plainly.
The only engine facts used here are the documented encodings the tests must speak: tile ids
(``hi * (hi + 1) // 2 + lo``, tiles.py) and move ints (moves.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from allthrees import moves as mv

ARMS = ("W", "E", "N", "S")

Tile = tuple[int, int]  # (hi, lo), hi >= lo


# ---------------------------------------------------------------------- tiles
def tile(text: str) -> Tile:
    a, b = (int(x) for x in text.split("-"))
    return (a, b) if a >= b else (b, a)


def name(t: Tile) -> str:
    return f"{t[0]}-{t[1]}"


def full_set(max_pip: int) -> list[Tile]:
    return [(h, lo) for h in range(max_pip + 1) for lo in range(h + 1)]


def is_double(t: Tile) -> bool:
    return t[0] == t[1]


def weight(t: Tile) -> tuple[int, int]:
    """docs/rules.md "Words": pip total, then the higher half."""
    return (t[0] + t[1], t[0])


def pips(tiles) -> int:
    return sum(a + b for a, b in tiles)


def tile_id(t: Tile) -> int:
    return t[0] * (t[0] + 1) // 2 + t[1]


_BY_ID: list[Tile] = sorted(full_set(9), key=lambda t: t[0] * (t[0] + 1) // 2 + t[1])


def tile_of_id(i: int) -> Tile:
    return _BY_ID[i]


def tiles_of_mask(mask: int) -> set[Tile]:
    out = set()
    i = 0
    while mask:
        if mask & 1:
            out.add(tile_of_id(i))
        mask >>= 1
        i += 1
    return out


# ---------------------------------------------------------------------- rules
# What docs/rules.md gives every All Threes preset of the Fives and Threes family's options.
ALL_THREES = dict(
    scoring="multiple", draw=True, pip_bonus=True, out_bonus=0, partners_out="one",
    exact_target=False, cribbage=False,
)  # fmt: skip

# docs/rules.md "Presets", copied from the table by hand (and docs/rules.md's Fives and Threes).
PRESET_TABLE: dict[str, dict[str, Any]] = {
    "parlor": dict(
        hand2=7, hand34=5, lead="highest_double", next_lead="same", sides_count=False,
        reserve=2, block_bonus="difference", bonus_divisor=1, multiple=3, target=150, **ALL_THREES,
    ),
    "classic": dict(
        hand2=5, hand34=5, lead="lots", next_lead="same", sides_count=True,
        reserve=0, block_bonus="difference", bonus_divisor=3, multiple=3, target=100, **ALL_THREES,
    ),
    "pub": dict(
        hand2=7, hand34=5, lead="highest_double_any", next_lead="winner", sides_count=False,
        reserve=0, block_bonus="total", bonus_divisor=1, multiple=3, target=120, **ALL_THREES,
    ),
    "polish": dict(
        hand2=7, hand34=5, lead="lots", next_lead="left", sides_count=False,
        reserve=0, block_bonus="total", bonus_divisor=1, multiple=3, target=180, **ALL_THREES,
    ),
    "all_fives": dict(
        hand2=7, hand34=5, lead="highest_double_any", next_lead="winner", sides_count=False,
        reserve=0, block_bonus="total", bonus_divisor=1, multiple=5, target=61, **ALL_THREES,
    ),
    "fives_and_threes": dict(
        hand2=7, hand34=5, lead="lots", next_lead="left", sides_count=False, spinner="none",
        reserve=0, block_bonus="total", bonus_divisor=1, multiple=3, target=61,
        scoring="fives_and_threes", draw=False, pip_bonus=False, out_bonus=1,
        partners_out="both", exact_target=True, cribbage=True,
    ),
    "fives_and_threes_league": dict(
        hand2=9, hand34=6, lead="lots", next_lead="left", sides_count=False, spinner="none",
        reserve=0, block_bonus="total", bonus_divisor=1, multiple=3, target=61,
        scoring="fives_and_threes", draw=False, pip_bonus=False, out_bonus=0,
        partners_out="both", exact_target=True, cribbage=True,
    ),
}  # fmt: skip


@dataclass(frozen=True)
class Config:
    preset: str
    players: int
    teams: bool
    hand_size: int
    max_pip: int
    multiple: int
    target: int
    spinner: str
    sides_count: bool
    reserve: int
    lead: str
    next_lead: str
    block_bonus: str
    bonus_divisor: int
    cribbage: bool
    muggins: bool
    single_round: bool
    scoring: str = "multiple"
    draw: bool = True
    pip_bonus: bool = True
    out_bonus: int = 0
    partners_out: str = "one"
    exact_target: bool = False

    def side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def partners(self, seat: int) -> list[int]:
        """The seats of ``seat``'s side, itself included."""
        return [s for s in range(self.players) if self.side(s) == self.side(seat)]

    @property
    def go_out_together(self) -> bool:
        """docs/rules.md: in partners with partners_out both, a side is out when both are."""
        return self.teams and self.partners_out == "both"

    @property
    def sides(self) -> int:
        return 2 if self.teams else self.players

    @property
    def tile_count(self) -> int:
        return len(full_set(self.max_pip))


def config(preset: str = "parlor", **options: Any) -> Config:
    """The rules docs/rules.md gives for ``preset`` with ``options`` set over it."""
    p = PRESET_TABLE[preset]
    players = options.get("players", 2)
    max_pip = 9 if options.get("set", "double_six") == "double_nine" else 6
    default_hand = 9 if max_pip == 9 else (p["hand2"] if players == 2 else p["hand34"])
    cribbage = options.get("cribbage", p["cribbage"])
    draw = options.get("draw", p["draw"])
    return Config(
        preset=preset,
        players=players,
        teams=options.get("teams", False),
        hand_size=options.get("hand_size", default_hand),
        max_pip=max_pip,
        multiple=options.get("multiple", p["multiple"]),
        target=options.get("target", 61 if cribbage else p["target"]),
        spinner=options.get("spinner", p.get("spinner", "first_double")),
        sides_count=options.get("spinner_sides_count", p["sides_count"]),
        # block play keeps no reserve: no tile is ever drawn
        reserve=options.get("stock_reserve", p["reserve"] if draw else 0),
        lead=options.get("lead", p["lead"]),
        next_lead=options.get("next_lead", p["next_lead"]),
        block_bonus=options.get("block_bonus", p["block_bonus"]),
        bonus_divisor=options.get("bonus_divisor", p["bonus_divisor"]),
        cribbage=cribbage,
        muggins=options.get("muggins", False),
        single_round=options.get("single_round", False),
        scoring=options.get("scoring", p["scoring"]),
        draw=draw,
        pip_bonus=options.get("pip_bonus", p["pip_bonus"]),
        out_bonus=options.get("out_bonus", p["out_bonus"]),
        partners_out=options.get("partners_out", p["partners_out"]),
        exact_target=options.get("exact_target", p["exact_target"]),
    )


def round_to(x: int, k: int) -> int:
    """docs/rules.md round(x): the nearest multiple of k, halves up."""
    lower = x - x % k
    return lower + k if 2 * (x - lower) >= k else lower


def bonus_values(cfg: Config, raw: int) -> set[int]:
    """The bonus docs/rules.md gives for a raw pip count. With a divisor that does not divide the
    rounded count docs/rules.md does not say how to round, so both neighbours are allowed then."""
    r = round_to(raw, cfg.multiple)
    d = cfg.multiple if cfg.cribbage else cfg.bonus_divisor
    if r % d == 0:
        return {r // d}
    return {r // d, r // d + 1}


def bonus_value(cfg: Config, raw: int) -> int:
    """One bonus for a raw pip count, where an exact target needs a number: the one docs/rules.md
    gives, or between two neighbours the nearer, halves up (docs/rules.md "Where the sources
    are silent")."""
    r = round_to(raw, cfg.multiple)
    d = cfg.multiple if cfg.cribbage else cfg.bonus_divisor
    return (2 * r + d) // (2 * d)


def fives_and_threes(end_sum: int) -> int:
    """Fives and threes: one point for each five and each three the sum is made of, when it is
    a whole number of fives, of threes, or both (gambiter.com: 15 is 3 fives and 5 threes, 8)."""
    fives, threes = divmod(end_sum, 5), divmod(end_sum, 3)
    return (fives[0] if fives[1] == 0 else 0) + (threes[0] if threes[1] == 0 else 0)


def award(cfg: Config, end_sum: int) -> int:
    """In-play points of an end sum (after cribbage division; with fives and threes every point
    is a peg already)."""
    if end_sum <= 0:
        return 0
    if cfg.scoring == "fives_and_threes":
        return fives_and_threes(end_sum)
    if end_sum % cfg.multiple:
        return 0
    return end_sum // cfg.multiple if cfg.cribbage else end_sum


def decided_lead(cfg: Config, hands: list[list[Tile]] | list[set[Tile]]) -> tuple[int, Tile]:
    """docs/rules.md "Leading": the holder of the highest double, or with no double the holder of
    the heaviest tile; and that tile."""
    best: tuple[tuple[int, int, int], int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            key = (1 if is_double(t) else 0, *weight(t))
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None
    return best[1], best[2]


# ---------------------------------------------------------------------- the layout
class Layout:
    """The tiles on the table: the lead and four arms of placed tiles ``(inner, outer)``."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.lead: tuple[int, int] | None = None  # (half facing W, half facing E)
        self.arms: dict[str, list[tuple[int, int]]] = {a: [] for a in ARMS}
        self.spinner: tuple[str, int] | None = None  # ("lead", 0) or (arm, index on the arm)
        self.spinner_pip = -1

    def tiles(self) -> list[Tile]:
        out = [] if self.lead is None else [(max(self.lead), min(self.lead))]
        for a in ARMS:
            out += [(max(i, o), min(i, o)) for i, o in self.arms[a]]
        return out

    def spinner_flanked(self) -> bool:
        if self.spinner is None:
            return False
        arm, index = self.spinner
        if arm == "lead":
            return bool(self.arms["W"]) and bool(self.arms["E"])
        return len(self.arms[arm]) > index + 1

    def open_ends(self) -> dict[str, int]:
        if self.lead is None:
            return {}
        out = {}
        for a, half in (("W", self.lead[0]), ("E", self.lead[1])):
            out[a] = self.arms[a][-1][1] if self.arms[a] else half
        if self.spinner_flanked():
            for a in ("N", "S"):
                out[a] = self.arms[a][-1][1] if self.arms[a] else self.spinner_pip
        return out

    def place_lead(self, west: int, east: int) -> None:
        assert self.lead is None
        self.lead = (west, east)
        if west == east and self.cfg.spinner == "first_double":
            self.spinner = ("lead", 0)
            self.spinner_pip = west

    def place(self, t: Tile, arm: str) -> None:
        v = self.open_ends()[arm]
        assert v in t, (t, arm, v)
        outer = t[0] + t[1] - v
        self.arms[arm].append((v, outer))
        if self.spinner is None and is_double(t) and self.cfg.spinner == "first_double":
            self.spinner = (arm, len(self.arms[arm]) - 1)
            self.spinner_pip = v

    def end_sum(self) -> int:
        """docs/rules.md "Counting the end sum"."""
        assert self.lead is not None
        w, e = self.lead
        if not any(self.arms.values()):
            return w + e  # the lead alone counts both its halves
        total = 0
        lead_double = w == e
        for a, half in (("W", w), ("E", e)):
            if self.arms[a]:
                inner, outer = self.arms[a][-1]
                total += 2 * outer if inner == outer else outer
            else:
                total += 2 * half if lead_double else half
        if self.spinner_flanked():
            for a in ("N", "S"):
                if self.arms[a]:
                    inner, outer = self.arms[a][-1]
                    total += 2 * outer if inner == outer else outer
                elif self.cfg.sides_count:
                    total += self.spinner_pip
        return total


# ---------------------------------------------------------------------- moves
# ("lead", west, east) | ("play", tile, arm) | ("draw",) | ("pass",)
Move = tuple


def move_int(m: Move) -> int:
    """The engine's int for a reference move (moves.py encoding)."""
    if m[0] == "draw":
        return mv.DRAW
    if m[0] == "pass":
        return mv.PASS
    if m[0] == "lead":
        w, e = m[1], m[2]
        return mv.lead(tile_id(tile(f"{w}-{e}")), lo_west=w < e)
    return mv.play(tile_id(m[1]), ARMS.index(m[2]))


def move_of_int(i: int) -> Move:
    if i == mv.DRAW:
        return ("draw",)
    if i == mv.PASS:
        return ("pass",)
    t = tile_of_id(mv.tile_of(i))
    kind = mv.kind_of(i)
    if kind == mv.LEAD_HI_WEST:
        return ("lead", t[0], t[1])
    if kind == mv.LEAD_LO_WEST:
        return ("lead", t[1], t[0])
    return ("play", t, ARMS[kind])


# ---------------------------------------------------------------------- a round
class RefRound:
    """One round per docs/rules.md "Play" and "End of a round", and docs/rules.md's Fives and Threes
    options: block play, a point for going out, partners going out together, an exact target."""

    def __init__(
        self,
        cfg: Config,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        leader: int,
        forced: Tile | None = None,
        scores: list[int] | None = None,
    ) -> None:
        self.cfg = cfg
        self.hands = [set(h) for h in hands]
        self.boneyard = list(boneyard)
        self.drawn = 0
        self.leader = leader
        self.turn = leader
        self.forced = forced
        self.layout = Layout(cfg)
        self.before = list(scores) if scores is not None else [0] * cfg.sides  # match totals
        self.points = [0] * cfg.sides  # points in play (the bonus is added by RefMatch)
        self.reason: str | None = None
        self.winner_side: int | None = None
        self.winner_seats: set[int] = set()  # seats that may lead next under next_lead winner
        self.bonus: set[int] = {0}
        self.end_bust = 0  # an end award an exact target refused
        self.moves: list[Move] = []
        self.log: list[dict[str, Any]] = []  # what each move did (the output of apply)
        self.consecutive_passes = 0

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.drawn

    def may_draw(self) -> bool:
        """A tile may be drawn: drawing is allowed and the boneyard holds more than its reserve."""
        return self.cfg.draw and self.boneyard_left > self.cfg.reserve

    def plays_of(self, seat: int) -> list[Move]:
        ends = self.layout.open_ends()
        out = []
        for t in self.hands[seat]:
            for arm, v in ends.items():
                if v in t:
                    out.append(("play", t, arm))
        return out

    def legal(self) -> list[Move]:
        if self.reason is not None:
            return []
        if self.layout.lead is None:
            tiles = [self.forced] if self.forced is not None else sorted(self.hands[self.turn])
            out: list[Move] = []
            for t in tiles:
                out.append(("lead", t[0], t[1]))
                if not is_double(t):
                    out.append(("lead", t[1], t[0]))
            return out
        plays = self.plays_of(self.turn)
        if plays:
            return plays
        return [("draw",)] if self.may_draw() else [("pass",)]

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise that has a turn: every seat, except (partners going out
        together) one that is already out."""
        n = self.cfg.players
        for k in range(1, n + 1):
            other = (seat + k) % n
            if self.hands[other]:
                return other
        raise AssertionError("nobody holds a tile")

    def side_out(self, seat: int) -> bool:
        """Whether ``seat`` having no tiles ends the round: it is out, and so is its partner when
        partners go out together."""
        seats = self.cfg.partners(seat) if self.cfg.go_out_together else [seat]
        return all(not self.hands[s] for s in seats)

    def room(self, side: int) -> int:
        """What ``side`` may still score below an exact target."""
        return self.cfg.target - self.before[side] - self.points[side]

    def apply(self, m: Move, claim: int | None = None) -> dict[str, Any]:
        """Make a move (it must be legal); return what it did."""
        assert m in self.legal(), (m, self.legal())
        cfg = self.cfg
        seat = self.turn
        out: dict[str, Any] = {"seat": seat, "points": 0, "taker": None, "end_sum": None}
        out |= {"move": m, "claim": claim, "made": 0, "bust": 0}
        if m[0] == "play":  # how many open ends the tile fits (1: the arm may be left out)
            out["fits"] = sum(1 for v in self.layout.open_ends().values() if v in m[1])
        self.moves.append(m)
        self.log.append(out)
        if m[0] == "draw":
            t = self.boneyard[self.drawn]
            self.drawn += 1
            self.hands[seat].add(t)
            out["drawn"] = t
        elif m[0] == "pass":
            self.turn = self.next_seat(seat)
            self.consecutive_passes += 1
        else:
            self.consecutive_passes = 0
            if m[0] == "lead":
                t = tile(f"{m[1]}-{m[2]}")
                self.layout.place_lead(m[1], m[2])
            else:
                t = m[1]
                self.layout.place(t, m[2])
            self.hands[seat].remove(t)
            s = self.layout.end_sum()
            out["end_sum"] = s
            made = award(cfg, s)
            out["made"] = made
            gone = self.side_out(seat)
            if self._score(seat, made, claim != s, gone, out):
                return out  # an exact target reached: the round is over
            if gone:
                self._domino(seat)
                return out
            self.turn = self.next_seat(seat)
        if not self.may_draw() and not any(self.plays_of(s) for s in range(cfg.players)):
            self._blocked()
        return out

    def _score(self, seat: int, made: int, wrong_claim: bool, gone: bool, out: dict) -> bool:
        """Give a play's points (``made``) to the mover, or with muggins and a wrong claim to the
        next opponent. With an exact target, points past it do not count, a last play and what
        going out earns count together, and a side that reaches the target ends the round:
        returns True then."""
        cfg = self.cfg
        side = cfg.side(seat)
        taker = None
        if cfg.muggins and made and wrong_claim:
            taker = self.next_opponent(seat)
            out["taker"] = taker
        getter = side if taker is None else cfg.side(taker)
        gain = made
        if cfg.exact_target:
            with_end = gain + (self.going_out(seat) if gone and taker is None else 0)
            if with_end > self.room(getter):
                out["bust"] = gain
                gain = 0
        self.points[getter] += gain
        if taker is None:
            out["points"] = gain
        if cfg.exact_target and gain and self.room(getter) == 0 and (taker is not None or not gone):
            self.reason = "target"
            self.winner_side = getter
            self.winner_seats = {seat if taker is None else taker}
            self.bonus = {0}
            return True
        return False

    def going_out(self, seat: int) -> int:
        """What going out earns (docs/rules.md): out_bonus, and with a pip bonus the others'
        pips, rounded and divided (one value: ``bonus_value``)."""
        cfg = self.cfg
        total = cfg.out_bonus
        if cfg.pip_bonus:
            side = cfg.side(seat)
            total += bonus_value(cfg, sum(p for s, p in enumerate(self.side_pips()) if s != side))
        return total

    def next_opponent(self, seat: int) -> int:
        for k in range(1, self.cfg.players):
            other = (seat + k) % self.cfg.players
            if self.cfg.side(other) != self.cfg.side(seat):
                return other
        raise AssertionError("no opponent")

    def seat_pips(self) -> list[int]:
        return [pips(h) for h in self.hands]

    def side_pips(self) -> list[int]:
        out = [0] * self.cfg.sides
        for seat, p in enumerate(self.seat_pips()):
            out[self.cfg.side(seat)] += p
        return out

    def _domino(self, seat: int) -> None:
        cfg = self.cfg
        side = cfg.side(seat)
        opp = sum(p for s, p in enumerate(self.side_pips()) if s != side)
        self._end("domino", side, {seat}, opp)

    def _blocked(self) -> None:
        sp = self.side_pips()
        low = min(sp)
        if sp.count(low) > 1:
            self.reason = "blocked"
            return
        side = sp.index(low)
        opp = sum(sp) - low
        raw = opp - low if self.cfg.block_bonus == "difference" else opp
        seats = {s for s in range(self.cfg.players) if self.cfg.side(s) == side}
        self._end("blocked", side, seats, raw)

    def _end(self, reason: str, side: int, seats: set[int], raw: int) -> None:
        cfg = self.cfg
        self.reason = reason
        self.winner_side = side
        self.winner_seats = seats
        out = cfg.out_bonus if reason == "domino" else 0
        if not cfg.pip_bonus:
            self.bonus = {out}
        else:
            self.bonus = {b + out for b in bonus_values(cfg, raw)}
        if cfg.exact_target:
            value = out + (bonus_value(cfg, raw) if cfg.pip_bonus else 0)
            last = self.log[-1] if self.log else {}
            together = reason == "domino" and last["bust"] and last["taker"] is None
            if value > self.room(side) or together:
                self.end_bust = value
                value = 0
            self.bonus = {value}


class RefMatch:
    """docs/rules.md "Match" and "Leading" across rounds."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.scores = [0] * cfg.sides
        self.rounds: list[RefRound] = []
        self.over = False
        self.winner: int | None = None

    def lead_rule(self) -> str:
        if not self.rounds or self.cfg.next_lead == "same":
            return self.cfg.lead
        return self.cfg.next_lead

    def leaders(self, hands: list[list[Tile]]) -> tuple[set[int] | None, Tile | None, bool]:
        """(seats that may lead or None for lots, the tile the leader must lead or None, whether
        the lead tile is left open by docs/rules.md)."""
        rule = self.lead_rule()
        n = self.cfg.players
        if rule == "lots":
            return None, None, False
        if rule in ("highest_double", "highest_double_any"):
            seat, t = decided_lead(self.cfg, hands)
            return {seat}, (t if rule == "highest_double" else None), False
        last = self.rounds[-1]
        # docs/rules.md does not say whether a highest_double game forces a tile on a later leader
        # chosen by next_lead winner/left.
        unclear = self.cfg.lead == "highest_double"
        if rule == "winner" and last.winner_side is not None:
            return set(last.winner_seats), None, unclear
        return {(last.leader + 1) % n}, None, unclear

    def close_round(self, rnd: RefRound, bonus: int) -> None:
        """Add a finished round (with the bonus the engine chose among ``rnd.bonus``)."""
        assert rnd.reason is not None
        assert bonus in rnd.bonus
        self.rounds.append(rnd)
        for side, p in enumerate(rnd.points):
            self.scores[side] += p
        if rnd.winner_side is not None:
            self.scores[rnd.winner_side] += bonus
        top = max(self.scores)
        leaders = [s for s, v in enumerate(self.scores) if v == top]
        if self.cfg.single_round:
            self.over = True
            self.winner = leaders[0] if len(leaders) == 1 else None
        elif top >= self.cfg.target and len(leaders) == 1:
            self.over = True
            self.winner = leaders[0]
