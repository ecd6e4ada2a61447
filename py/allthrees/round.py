"""One round of All Threes: the layout, the hands, the boneyard and the turn, with every rule of
RULES.md "Play", "Counting the end sum" and "End of a round".

The state is plain ints and short lists so that ``clone`` is cheap and the random-playout loop of
``bench`` and the expert's search stay fast. Only this module changes a round; everything else reads
it (``view``), writes it down (``record``) or decides for it (``ai``).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from .errors import IllegalMove
from .moves import ARMS, DRAW, LEAD_LO_WEST, PASS, E, N, S, W
from .rules import Rules
from .tiles import HI, IS_DOUBLE, LO, NAME, PIPS, WITH, mask_of, pips_of, set_size, tiles_of

LEAD_SPINNER = 4  # spin_arm value: the lead tile is the spinner


@functools.cache
def plays_table(max_pip: int) -> list[dict[int, tuple[int, ...]]]:
    """table[arm][mask]: the play moves on ``arm`` for the tiles in ``mask``, for every mask of
    tiles of the double-``max_pip`` set that share one pip value (what ``hand & WITH[v]`` can be).
    Turns move generation into one dict look-up per open arm."""
    table: list[dict[int, tuple[int, ...]]] = [{}, {}, {}, {}]
    in_set = (1 << set_size(max_pip)) - 1
    for v in range(max_pip + 1):
        tiles = tiles_of(WITH[v] & in_set)
        for bits in range(1, 1 << len(tiles)):
            chosen = [t for i, t in enumerate(tiles) if bits >> i & 1]
            mask = mask_of(chosen)
            for arm in range(4):
                table[arm][mask] = tuple(t << 3 | arm for t in chosen)
    return table


# Why a round ended.
DOMINO = "domino"
BLOCKED = "blocked"


class Step(NamedTuple):
    """What one move did: the mover, the end sum after it and the points it scored (0 for a draw or
    pass), the tile drawn (or -1), and whether the round is now over."""

    seat: int
    move: int
    end_sum: int
    points: int
    drawn: int
    round_over: bool
    muggins_seat: int = -1  # with muggins: who took points the mover failed to claim


class Round:
    """A round from the deal to domino or block. Seats are 0..n-1; ``turn`` is the seat to move."""

    __slots__ = (
        "rules",
        "n",
        "hands",
        "bone",
        "bpos",
        "reserve",
        "turn",
        "leader",
        "forced_lead",
        "lead_tile",
        "ends",
        "dbl",
        "cnt",
        "spin_arm",
        "spin_pos",
        "spin_pip",
        "spin_open",
        "spin_watch",
        "open_mask",
        "end_sum",
        "points",
        "history",
        "reason",
        "winner_side",
        "winner_seat",
        "bonus",
        "multiple",
        "side",
        "sides_count",
        "muggins",
        "plays",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        forced_lead: int = -1,
    ) -> None:
        """``hands`` are tile masks per seat, ``boneyard`` tile ids in draw order, ``leader`` the
        seat that leads, ``forced_lead`` the tile it must lead (or -1 for any)."""
        self.rules = rules
        self.n = rules.players
        self.hands = list(hands)
        self.bone = list(boneyard)
        self.bpos = 0  # tiles drawn so far: the boneyard is bone[bpos:]
        self.reserve = rules.stock_reserve
        self.multiple = rules.multiple
        self.side = rules.seat_sides
        self.sides_count = rules.spinner_sides_count
        self.muggins = rules.muggins
        self.plays = plays_table(rules.max_pip)
        self.turn = leader
        self.leader = leader
        self.forced_lead = forced_lead
        self.lead_tile = -1
        # Per arm W, E, N, S: open end value (-1: not open), last tile a double, tiles on the arm.
        self.ends = [-1, -1, -1, -1]
        self.dbl = [False, False, False, False]
        self.cnt = [0, 0, 0, 0]
        self.spin_arm = -1  # arm holding the spinner, LEAD_SPINNER for the lead, -1 for none yet
        self.spin_pos = 0  # the spinner's position on its arm (1 = first tile)
        self.spin_pip = -1
        self.spin_open = False  # N and S are open
        self.spin_watch = rules.uses_spinner  # a spinner may still appear or open
        self.open_mask = 0  # every tile that fits some open end
        self.end_sum = 0
        self.points = [0] * rules.sides  # this round's points per side, in play and bonus
        # One tuple per move: (seat, move, end_sum or drawn tile, points, extra, touch): extra is
        # the open mask for a draw or pass (the mover held none of those tiles) and the claim (or
        # -1) for a play; touch is the end value a played tile was attached to (the lead: -1).
        self.history: list[tuple[int, int, int, int, int, int]] = []
        self.reason: str | None = None
        self.winner_side = -1
        self.winner_seat = -1
        self.bonus = 0

    # ------------------------------------------------------------------ reading the state
    @property
    def over(self) -> bool:
        return self.reason is not None

    @property
    def boneyard_left(self) -> int:
        return len(self.bone) - self.bpos

    @property
    def can_draw(self) -> bool:
        return len(self.bone) - self.bpos > self.reserve

    def pips(self) -> list[int]:
        """Pips left in each seat's hand."""
        return [pips_of(h) for h in self.hands]

    def playable(self, seat: int) -> int:
        """Mask of ``seat``'s tiles that fit an open end (all of them before the lead)."""
        if self.lead_tile < 0:
            return self.hands[seat]
        return self.hands[seat] & self.open_mask

    def clone(self) -> Round:
        c = Round.__new__(Round)
        c.rules = self.rules
        c.n = self.n
        c.hands = self.hands[:]
        c.bone = self.bone  # never mutated: drawing only advances bpos
        c.bpos = self.bpos
        c.reserve = self.reserve
        c.multiple = self.multiple
        c.side = self.side
        c.sides_count = self.sides_count
        c.muggins = self.muggins
        c.plays = self.plays
        c.turn = self.turn
        c.leader = self.leader
        c.forced_lead = self.forced_lead
        c.lead_tile = self.lead_tile
        c.ends = self.ends[:]
        c.dbl = self.dbl[:]
        c.cnt = self.cnt[:]
        c.spin_arm = self.spin_arm
        c.spin_pos = self.spin_pos
        c.spin_pip = self.spin_pip
        c.spin_open = self.spin_open
        c.spin_watch = self.spin_watch
        c.open_mask = self.open_mask
        c.end_sum = self.end_sum
        c.points = self.points[:]
        c.history = self.history[:]
        c.reason = self.reason
        c.winner_side = self.winner_side
        c.winner_seat = self.winner_seat
        c.bonus = self.bonus
        return c

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to move (empty once the round is over)."""
        if self.reason is not None:
            return []
        hand = self.hands[self.turn]
        if self.lead_tile < 0:
            return self._lead_moves(hand)
        if hand & self.open_mask:
            moves: list[int] = []
            e = self.ends
            table = self.plays
            m = hand & WITH[e[0]]
            if m:
                moves += table[0][m]
            m = hand & WITH[e[1]]
            if m:
                moves += table[1][m]
            if e[2] >= 0:
                m = hand & WITH[e[2]]
                if m:
                    moves += table[2][m]
                m = hand & WITH[e[3]]
                if m:
                    moves += table[3][m]
            return moves
        return [DRAW] if len(self.bone) - self.bpos > self.reserve else [PASS]

    def _lead_moves(self, hand: int) -> list[int]:
        tiles = [self.forced_lead] if self.forced_lead >= 0 else tiles_of(hand)
        moves = []
        for t in tiles:
            moves.append(t << 3 | 4)
            if not IS_DOUBLE[t]:
                moves.append(t << 3 | LEAD_LO_WEST)
        return moves

    def sum_after(self, move: int) -> int:
        """The end sum a legal play would leave, without making it (the rollouts' greedy policy
        asks this for every candidate, so the common case is arithmetic, not a copy)."""
        t, arm = move >> 3, move & 7
        if arm >= 4:
            return PIPS[t]
        touch = self.ends[arm]
        outer = PIPS[t] - touch
        d = IS_DOUBLE[t]
        new = outer << 1 if d else outer
        cnt = self.cnt
        if arm <= E and not cnt[W] and not cnt[E]:  # the lead alone: the other half stays open
            other = self.ends[E - arm]
            return new + (other << 1 if self.dbl[E - arm] else other)
        total = self.end_sum - self.end_value(arm) + new
        if self.spin_pip >= 0 and not self.spin_open and self.sides_count:
            sa = self.spin_arm
            if sa == LEAD_SPINNER:
                flanks = arm <= E and cnt[E - arm] > 0 and cnt[arm] == 0
            else:
                flanks = arm == sa and cnt[arm] == self.spin_pos
            if flanks:  # N and S open now and each counts the spinner's pip
                total += self.spin_pip << 1
        return total

    # ------------------------------------------------------------------ applying moves
    def apply(self, move: int, claim: int | None = None) -> Step:
        """Check ``move`` against the rules and make it. Raises IllegalMove (the round unchanged).

        ``claim`` is the points the mover claims, used only with muggins.
        """
        self.check(move)
        if claim is not None and not self.rules.muggins:
            raise IllegalMove("points are claimed only when playing with muggins")
        return self._do(move, claim)

    def check(self, move: int) -> None:
        """Raise IllegalMove naming the reason if ``move`` is not legal now."""
        if self.reason is not None:
            raise IllegalMove("the round is over")
        seat = self.turn
        hand = self.hands[seat]
        if not isinstance(move, int):
            raise IllegalMove(f"not a move: {move!r}")
        if self.lead_tile < 0:
            self._check_lead(move, seat, hand)
            return
        if move in (DRAW, PASS):
            self._check_draw_or_pass(move, seat, hand)
            return
        if move < 0:
            raise IllegalMove(f"not a move: {move!r}")
        t, arm = move >> 3, move & 7
        if arm > 3:
            raise IllegalMove("the lead is already on the table: a play names an arm")
        if t >= self.rules.tile_count:
            raise IllegalMove(f"no tile {t} in the {self.rules.set} set")
        if not hand >> t & 1:
            raise IllegalMove(f"tile {NAME[t]} is not in seat {seat}'s hand")
        v = self.ends[arm]
        if v < 0:
            raise IllegalMove(self._closed_arm_reason(arm))
        if HI[t] != v and LO[t] != v:
            raise IllegalMove(f"tile {NAME[t]} does not match arm {ARMS[arm]} (open end {v})")

    def _check_lead(self, move: int, seat: int, hand: int) -> None:
        if move < 0 or move & 7 < 4 or move & 7 > LEAD_LO_WEST:
            raise IllegalMove("the layout is empty: the first move leads a tile (no arm)")
        t = move >> 3
        if move & 7 == LEAD_LO_WEST and t < len(NAME) and IS_DOUBLE[t]:
            raise IllegalMove("a double is led one way only")
        if t >= self.rules.tile_count or not hand >> t & 1:
            name = NAME[t] if t < len(NAME) else str(t)
            raise IllegalMove(f"tile {name} is not in seat {seat}'s hand")
        if self.forced_lead >= 0 and t != self.forced_lead:
            why = "the highest double" if IS_DOUBLE[self.forced_lead] else "the heaviest tile"
            raise IllegalMove(f"seat {seat} must lead {NAME[self.forced_lead]}, {why}")

    def _check_draw_or_pass(self, move: int, seat: int, hand: int) -> None:
        fits = hand & self.open_mask
        word = "draw" if move == DRAW else "pass"
        if fits:
            t = (fits & -fits).bit_length() - 1
            raise IllegalMove(f"seat {seat} cannot {word}: it holds a playable tile ({NAME[t]})")
        left = len(self.bone) - self.bpos
        if move == DRAW and left <= self.reserve:
            if self.reserve:
                raise IllegalMove(f"cannot draw: the boneyard is down to its reserve of {left}")
            raise IllegalMove("cannot draw: the boneyard is empty")
        if move == PASS and left > self.reserve:
            raise IllegalMove("cannot pass: the boneyard still has tiles to draw")

    def _closed_arm_reason(self, arm: int) -> str:
        name = ARMS[arm]
        if arm in (N, S):
            if not self.rules.uses_spinner:
                return f"arm {name} is not open: this game has no spinner"
            if self.spin_arm < 0:
                return f"arm {name} is not open: no double has been played yet, so no spinner"
            sp = NAME[_double_id(self.spin_pip)]
            return f"arm {name} is not open until both long sides of spinner {sp} are covered"
        return f"arm {name} is not open"

    def _do(self, move: int, claim: int | None = None) -> Step:
        """Make a legal move (unchecked) and report it."""
        seat = self.turn
        drawn = self.bone[self.bpos] if move == DRAW else -1
        pts = self.step(move, claim)
        taker = -1
        if move >= 0 and self.muggins:
            made = self.history[-1][2]
            if made and made % self.multiple == 0 and self.history[-1][4] != made:
                taker = self._next_opponent(seat)
        return Step(seat, move, self.end_sum, pts, drawn, self.reason is not None, taker)

    def step(self, move: int, claim: int | None = None) -> int:
        """Make a legal move, unchecked, and return the points the mover scored. This is the hot
        path of random playouts and search, so it is written flat. ``claim`` matters only with
        muggins: a play's points go to the mover for an exact claim (its end sum), otherwise to
        the next opponent."""
        seat = self.turn
        hands = self.hands
        if move < 0:
            if move == DRAW:
                t = self.bone[self.bpos]
                self.bpos += 1
                hands[seat] |= 1 << t
                self.history.append((seat, DRAW, t, 0, self.open_mask, -1))
            else:
                self.history.append((seat, PASS, 0, 0, self.open_mask, -1))
                self.turn = seat + 1 if seat + 1 < self.n else 0
            if len(self.bone) - self.bpos <= self.reserve:
                self._check_blocked()
            return 0
        t = move >> 3
        arm = move & 7
        hand = hands[seat] & ~(1 << t)
        hands[seat] = hand
        if arm >= 4:
            touch = -1
            self._place_lead(t, arm == LEAD_LO_WEST)
            s = self.end_sum
        else:
            ends = self.ends
            dd = self.dbl
            touch = ends[arm]
            d = IS_DOUBLE[t]
            ends[arm] = PIPS[t] - touch
            self.cnt[arm] += 1
            dd[arm] = d
            if self.spin_watch and (d or self.spin_arm >= 0):
                self._update_spinner(arm, d, touch)
            # The end sum (RULES.md "Counting the end sum") and the open mask. Never the lead
            # alone here, so W and E are plain arms; an uncovered half of a double lead has its
            # dbl flag set and counts twice.
            e0, e1, e2, e3 = ends
            s = (e0 << 1 if dd[0] else e0) + (e1 << 1 if dd[1] else e1)
            m = WITH[e0] | WITH[e1]
            if e2 >= 0:  # the spinner's short sides are open
                m |= WITH[e2] | WITH[e3]
                c = self.cnt
                if c[2]:
                    s += e2 << 1 if dd[2] else e2
                elif self.sides_count:
                    s += e2
                if c[3]:
                    s += e3 << 1 if dd[3] else e3
                elif self.sides_count:
                    s += e3
            self.end_sum = s
            self.open_mask = m
        pts = 0
        if s % self.multiple == 0 and s:
            pts = s // self.multiple if self.rules.cribbage else s
            if self.muggins and claim != s:  # missing, short or wrong: the next opponent takes it
                self.points[self.side[self._next_opponent(seat)]] += pts
                pts = 0
            else:
                self.points[self.side[seat]] += pts
        self.history.append((seat, move, s, pts, -1 if claim is None else claim, touch))
        if not hand:
            self._finish_domino(seat)
            return pts
        self.turn = seat + 1 if seat + 1 < self.n else 0
        if len(self.bone) - self.bpos <= self.reserve:
            m = self.open_mask
            for h in hands:
                if h & m:
                    return pts
            self._finish_blocked()
        return pts

    def _next_opponent(self, seat: int) -> int:
        side = self.side[seat]
        for k in range(1, self.n):
            other = (seat + k) % self.n
            if self.side[other] != side:
                return other
        return seat  # unreachable: every game has an opponent

    # ------------------------------------------------------------------ the layout
    def _place_lead(self, t: int, lo_west: bool) -> None:
        a, b = (LO[t], HI[t]) if lo_west else (HI[t], LO[t])
        d = a == b
        self.lead_tile = t
        self.ends[W] = a
        self.ends[E] = b
        self.dbl[W] = self.dbl[E] = d  # an uncovered half of a double lead counts both halves
        if d and self.rules.uses_spinner:
            self.spin_arm = LEAD_SPINNER
            self.spin_pip = a
        self.open_mask = WITH[a] | WITH[b]
        self.end_sum = a + b

    def _update_spinner(self, arm: int, d: bool, v: int) -> None:
        if self.spin_arm < 0:
            if d and self.rules.uses_spinner:
                self.spin_arm = arm
                self.spin_pos = self.cnt[arm]
                self.spin_pip = v
            return
        if self.spin_open:
            return
        if self.spin_arm == LEAD_SPINNER:
            flanked = self.cnt[W] > 0 and self.cnt[E] > 0
        else:
            flanked = self.cnt[self.spin_arm] > self.spin_pos
        if flanked:
            self.spin_open = True
            self.spin_watch = False
            self.ends[N] = self.ends[S] = self.spin_pip

    def end_value(self, arm: int) -> int:
        """What one arm adds to the end sum right now (for displays; the sum itself is kept)."""
        e = self.ends[arm]
        if e < 0:
            return 0
        if arm <= E:
            if self.cnt[W] == 0 and self.cnt[E] == 0:  # the lead alone: each half once (6-6: 6+6)
                return e
            return 2 * e if self.dbl[arm] else e
        if self.cnt[arm]:
            return 2 * e if self.dbl[arm] else e
        return e if self.sides_count else 0

    # ------------------------------------------------------------------ end of the round
    def _check_blocked(self) -> None:
        m = self.open_mask
        for h in self.hands:
            if h & m:
                return
        self._finish_blocked()

    def side_pips(self) -> list[int]:
        """Pips left per scoring side (teams pooled)."""
        out = [0] * self.rules.sides
        for seat, h in enumerate(self.hands):
            out[self.rules.side_of(seat)] += pips_of(h)
        return out

    def _finish_domino(self, seat: int) -> None:
        rules = self.rules
        side = rules.side_of(seat)
        pips = self.side_pips()
        opp = sum(p for s, p in enumerate(pips) if s != side)
        self._award(DOMINO, side, seat, rules.bonus(opp))

    def _finish_blocked(self) -> None:
        rules = self.rules
        pips = self.side_pips()
        low = min(pips)
        if pips.count(low) > 1:
            self._award(BLOCKED, -1, -1, 0)
            return
        side = pips.index(low)
        opp = sum(pips) - low
        raw = opp - low if rules.block_bonus == "difference" else opp
        # The seat that leads next under next_lead=winner: the side's lightest hand, and among
        # equals the first one after the last leader.
        seats = [s for s in range(self.n) if rules.side_of(s) == side]
        seat_pips = self.pips()
        seat = min(seats, key=lambda s: (seat_pips[s], (s - self.leader - 1) % self.n))
        self._award(BLOCKED, side, seat, rules.bonus(raw))

    def _award(self, reason: str, side: int, seat: int, bonus: int) -> None:
        self.reason = reason
        self.winner_side = side
        self.winner_seat = seat
        self.bonus = bonus
        if side >= 0:
            self.points[side] += bonus

    def bonus_pips(self) -> tuple[int, int]:
        """The raw pip count the bonus was computed from, and that count rounded (for summaries)."""
        if self.winner_side < 0:
            return (0, 0)
        pips = self.side_pips()
        own = pips[self.winner_side]
        opp = sum(pips) - own
        raw = (
            opp - own if self.reason == BLOCKED and self.rules.block_bonus == "difference" else opp
        )
        return raw, self.rules.round_to_multiple(raw)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(NAME[t] for t in tiles_of(h)) for h in self.hands)
        return (
            f"<Round turn={self.turn} end_sum={self.end_sum} points={self.points} "
            f"hands=[{hands}] boneyard={self.boneyard_left} over={self.reason}>"
        )


def _double_id(v: int) -> int:
    return v * (v + 1) // 2 + v
