"""One round of All Threes: the layout, the hands, the boneyard and the turn, with every rule of
docs/rules.md "Play", "Counting the end sum" and "End of a round".

The state is plain ints and short lists so that ``clone`` is cheap and the random-playout loop of
``bench`` and the expert's search stay fast. Only this module changes a round: everything else
reads it (``view``, ``outcome``), writes it down (``record``), builds one with the constructors
below (a deal, a search's imagined world, a bare layout to replay public plays on) or decides for
it (``ai``). Moves are the ints of ``moves``; ``step`` and ``legal_moves`` decode them inline (the
hot path), everything else uses the helpers there.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from . import legality
from .errors import IllegalMove, MalformedMove
from .jsontext import is_whole, shown
from .moves import (
    DRAW,
    LEAD_HI_WEST,
    LEAD_LO_WEST,
    PASS,
    E,
    N,
    S,
    W,
    lead,
    play,
)
from .rules import BLOCKED, DOMINO, TARGET, Rules
from .tiles import (
    HI,
    IS_DOUBLE,
    LO,
    NAME,
    PIPS,
    WITH,
    mask_of,
    pips_of,
    set_size,
    tile_id,
    tiles_of,
)

if TYPE_CHECKING:
    from .view import View

__all__ = ["BLOCKED", "DOMINO", "TARGET", "Entry", "Outcome", "Round"]

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
                table[arm][mask] = tuple(play(t, arm) for t in chosen)
    return table


class Entry(NamedTuple):
    """One move of a round's history, as it was made. Every field has one meaning; a field that
    does not apply to the move holds its "none" value (-1, or 0 for masks and sums)."""

    seat: int
    move: int  # DRAW, PASS, or the lead / play move int
    end_sum: int  # after a lead or play (0 for a draw or pass)
    points: int  # what the mover scored (after any cribbage division)
    drawn: int  # the tile a draw took (-1 otherwise)
    claim: int  # with muggins, the points a play claimed (-1: no claim)
    lacked: int  # a draw or pass: the tiles that fitted the open ends, none of which it held
    touch: int  # a play: the end value its tile was attached to (-1 for the lead, draw, pass)
    taker: int  # with muggins: the seat that took the points the mover did not claim (-1)
    # With exact_target: the play's points that did not count because they would have taken
    # the side that got them (the mover's, or the taker's) past the target (0 otherwise).
    bust: int


class Outcome(NamedTuple):
    """How a round ended: ``reason`` is DOMINO, BLOCKED, TARGET (with an exact target, a side
    reached it), or None while it is played."""

    reason: str | None
    # the side that went out, had fewest pips or reached an exact target; -1 for a tie (or
    # unfinished)
    winner_side: int
    # the seat that went out (partners going out together: the second), the winning side's
    # lightest hand, or the seat whose play reached the exact target (-1)
    winner_seat: int
    bonus: int  # what the winning side was awarded at the end (pips and any out bonus)
    bonus_pips: int  # the pips that bonus counts, before rounding (docs/rules.md's raw number)
    rounded: int  # those pips rounded to the nearest multiple
    side_pips: tuple[int, ...]  # pips left per side (partners pooled)
    out_bonus: int = 0  # the part of the award for going out (``out_bonus``), before any bust
    bust: int = 0  # with exact_target: the award at the end that did not count (bonus is 0)

    @property
    def over(self) -> bool:
        return self.reason is not None


class Round:
    """A round from the deal to domino or block. Seats are 0..n-1; ``turn`` is the seat to move.

    Public to read: ``rules``, ``n``, ``hands`` (masks), ``turn``, ``leader``, ``forced_lead``,
    ``lead_tile``, ``ends`` / ``doubles`` / ``counts`` (per arm W, E, N, S), ``end_sum``,
    ``points`` (this round's per side), ``history`` (``Entry`` per move) and ``reason``.
    """

    __slots__ = (
        "rules",
        "n",
        "hands",
        "boneyard",
        "drawn",
        "reserve",
        "turn",
        "leader",
        "forced_lead",
        "lead_tile",
        "ends",
        "doubles",
        "counts",
        "spin_arm",
        "spin_pos",
        "spin_pip",
        "spin_open",
        "spin_watch",
        "open_mask",
        "end_sum",
        "points",
        "log",
        "reason",
        "winner_side",
        "winner_seat",
        "bonus",
        "side",
        "sides_count",
        "muggins",
        "made",
        "awarded",
        "plays",
        "base",
        "exact",
        "team_out",
        "bonus_bust",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        forced_lead: int = -1,
        *,
        claims_matter: bool = True,
        scores: list[int] | tuple[int, ...] | None = None,
    ) -> None:
        """``hands`` are tile masks per seat, ``boneyard`` tile ids in draw order, ``leader`` the
        seat that leads, ``forced_lead`` the tile it must lead (or -1 for any). With muggins,
        ``claims_matter=False`` scores every play as if claimed exactly: the imagined worlds of a
        search, where each player knows what its plays make. ``scores``: the match totals per
        side before this round, which an exact target counts from (none: 0 each)."""
        self.rules = rules
        self.n = rules.players
        self.hands = list(hands)
        self.boneyard = list(boneyard)
        self.drawn = 0  # tiles drawn so far: the boneyard left is boneyard[drawn:]
        # Tiles never drawn: the reserve, or in block play (draw false) the whole boneyard, out
        # of play (so every "may draw" test below answers no).
        self.reserve = rules.stock_reserve if rules.draw else len(self.boneyard)
        self.side = rules.seat_sides
        self.sides_count = rules.spinner_sides_count
        self.muggins = rules.muggins and claims_matter
        self.made = rules.made
        self.awarded = rules.awarded
        self.plays = plays_table(rules.max_pip)
        self.turn = leader
        self.leader = leader
        self.forced_lead = forced_lead
        self.lead_tile = -1
        # Per arm W, E, N, S: open end value (-1: not open), last tile a double, tiles on the arm.
        self.ends = [-1, -1, -1, -1]
        self.doubles = [False, False, False, False]
        self.counts = [0, 0, 0, 0]
        self.spin_arm = -1  # arm holding the spinner, LEAD_SPINNER for the lead, -1 for none yet
        self.spin_pos = 0  # the spinner's position on its arm (1 = first tile)
        self.spin_pip = -1
        self.spin_open = False  # N and S are open
        self.spin_watch = rules.uses_spinner  # a spinner may still appear or open
        self.open_mask = 0  # every tile that fits some open end
        self.end_sum = 0
        self.points = [0] * rules.sides  # this round's points per side, in play and bonus
        # One plain tuple per move, in Entry's field order: the hot path appends tuples because
        # building a NamedTuple per move costs about a tenth of the engine's speed. Read them as
        # ``history``.
        self.log: list[tuple[int, ...]] = []
        self.reason: str | None = None
        self.winner_side = -1
        self.winner_seat = -1
        self.bonus = 0
        self.bonus_bust = 0  # with exact_target: the end award that did not count
        self.base = tuple(scores) if scores is not None else (0,) * rules.sides
        self.exact = rules.exact_target
        self.team_out = rules.team_out  # partners go out together: an empty hand is skipped

    # ------------------------------------------------------------------ other constructors
    @classmethod
    def from_view(
        cls, view: View, hands: list[int], boneyard: list[int], *, claims_matter: bool = False
    ) -> Round:
        """A full round consistent with ``view``, the hidden tiles placed as given (``hands`` are
        masks per seat, the viewer's own included; ``boneyard`` the undrawn tiles in draw order):
        what a search plays out, or a player's what-if. Its history starts empty."""
        rnd = cls(
            view.rules,
            hands,
            boneyard,
            view.leader,
            view.forced_lead,
            claims_matter=claims_matter,
            scores=view.scores,
        )
        rnd.turn = view.turn
        rnd.lead_tile = view.lead_tile
        rnd.ends = list(view.ends)
        rnd.doubles = list(view.doubles)
        rnd.counts = list(view.counts)
        rnd.spin_arm, rnd.spin_pos, rnd.spin_pip, rnd.spin_open = view.spinner
        rnd.spin_watch = view.rules.uses_spinner and not rnd.spin_open
        if view.lead_tile >= 0:
            m = 0
            for v in view.ends:
                if v >= 0:
                    m |= WITH[v]
            rnd.open_mask = m
        rnd.end_sum = view.end_sum
        rnd.points = list(view.round_points)
        return rnd

    @classmethod
    def open_table(cls, rules: Rules, leader: int) -> Round:
        """A bare layout to replay public plays on with ``play_as``: every hand holds the whole
        set, so no replayed play ends the round or runs short, and claims do not matter."""
        full = (1 << rules.tile_count) - 1
        rnd = cls(rules, [full] * rules.players, [], leader, claims_matter=False)
        rnd.exact = False  # its points are never a score: no target to reach or pass
        return rnd

    def play_as(self, seat: int, move: int) -> int:
        """Make ``move`` (legal for the layout, unchecked) for ``seat``, whoever's turn it is:
        replaying a public history on an ``open_table``. Returns the points it scored."""
        self.turn = seat
        return self.step(move)

    def with_world(self, hands: list[int], stock: list[int]) -> Round:
        """A copy with the tiles placed as given: ``hands`` (masks per seat) and ``stock`` (the
        undrawn boneyard, in draw order). The layout and the history are kept, so a seat that
        knew its own hand sees the same round: one sampled world of a search (from a round
        built by ``from_view``), or the same table with the hidden tiles shuffled."""
        c = self.clone()
        c.hands = hands[:]
        c.boneyard = stock
        c.drawn = 0
        if not self.rules.draw:
            c.reserve = len(stock)
        return c

    # ------------------------------------------------------------------ reading the state
    @property
    def over(self) -> bool:
        return self.reason is not None

    @property
    def history(self) -> list[Entry]:
        """Every move made so far, oldest first."""
        return list(map(Entry._make, self.log))

    @property
    def moves_made(self) -> int:
        return len(self.log)

    @property
    def boneyard_left(self) -> int:
        return len(self.boneyard) - self.drawn

    @property
    def stock(self) -> list[int]:
        """The tiles not drawn yet, in draw order."""
        return self.boneyard[self.drawn :]

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
        c.boneyard = self.boneyard  # never mutated: drawing only advances drawn
        c.drawn = self.drawn
        c.reserve = self.reserve
        c.side = self.side
        c.sides_count = self.sides_count
        c.muggins = self.muggins
        c.made = self.made
        c.awarded = self.awarded
        c.plays = self.plays
        c.turn = self.turn
        c.leader = self.leader
        c.forced_lead = self.forced_lead
        c.lead_tile = self.lead_tile
        c.ends = self.ends[:]
        c.doubles = self.doubles[:]
        c.counts = self.counts[:]
        c.spin_arm = self.spin_arm
        c.spin_pos = self.spin_pos
        c.spin_pip = self.spin_pip
        c.spin_open = self.spin_open
        c.spin_watch = self.spin_watch
        c.open_mask = self.open_mask
        c.end_sum = self.end_sum
        c.points = self.points[:]
        c.log = self.log[:]
        c.reason = self.reason
        c.winner_side = self.winner_side
        c.winner_seat = self.winner_seat
        c.bonus = self.bonus
        c.bonus_bust = self.bonus_bust
        c.base = self.base
        c.exact = self.exact
        c.team_out = self.team_out
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
        return [DRAW] if len(self.boneyard) - self.drawn > self.reserve else [PASS]

    def _lead_moves(self, hand: int) -> list[int]:
        tiles = [self.forced_lead] if self.forced_lead >= 0 else tiles_of(hand)
        moves = []
        for t in tiles:
            moves.append(lead(t))
            if not IS_DOUBLE[t]:
                moves.append(lead(t, lo_west=True))
        return moves

    def sum_after(self, move: int) -> int:
        """The end sum a legal lead or play would leave, without making it (the rollouts' greedy
        policy asks this for every candidate, so the common case is arithmetic, not a copy; the
        move is decoded inline, as in ``step``)."""
        t, arm = move >> 3, move & 7
        if arm >= LEAD_HI_WEST:
            return PIPS[t]
        touch = self.ends[arm]
        outer = PIPS[t] - touch
        new = outer << 1 if IS_DOUBLE[t] else outer
        cnt = self.counts
        if arm <= E and not cnt[W] and not cnt[E]:  # the lead alone: the other half stays open
            other = self.ends[E - arm]
            return new + (other << 1 if self.doubles[E - arm] else other)
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

    def points_after(self, move: int) -> int:
        """The points a legal lead or play would make (before any cribbage division), as if
        claimed; 0 for a draw or pass."""
        return self.made[self.sum_after(move)] if move >= 0 else 0

    # ------------------------------------------------------------------ applying moves
    def apply(self, move: int, claim: int | None = None) -> Entry:
        """Check ``move`` against the rules and make it; returns its history entry. Raises a
        ``MoveError`` (the round unchanged): ``MalformedMove`` for what is no move at all,
        ``IllegalMove`` for a move the rules do not allow now.

        ``claim`` is the points the mover claims, used only with muggins.
        """
        self.check(move)
        if claim is not None:
            if not self.rules.muggins:
                raise IllegalMove("points are claimed only when playing with muggins")
            if not is_whole(claim, least=0):
                raise MalformedMove(f"a claim is a whole number of points, not {shown(claim)}")
        self.step(move, claim)
        return Entry._make(self.log[-1])

    def check(self, move: int) -> None:
        """Raise ``MalformedMove`` or ``IllegalMove``, naming the reason, if ``move`` is not
        legal now (``legality.check``: the reasons have a module of their own)."""
        legality.check(self, move)

    def step(self, move: int, claim: int | None = None) -> int:
        """Make a legal move, unchecked, and return the points the mover scored. This is the hot
        path of random playouts and search, so it is written flat. ``claim`` matters only with
        muggins: a play's points go to the mover for an exact claim (its end sum), otherwise to
        the next opponent."""
        seat = self.turn
        hands = self.hands
        if move < 0:
            lacked = self.open_mask
            if move == DRAW:
                t = self.boneyard[self.drawn]
                self.drawn += 1
                hands[seat] |= 1 << t
                self.log.append((seat, DRAW, 0, 0, t, -1, lacked, -1, -1, 0))
            else:
                self.log.append((seat, PASS, 0, 0, -1, -1, lacked, -1, -1, 0))
                if self.team_out:
                    self.turn = self._next_holder(seat)
                else:
                    self.turn = seat + 1 if seat + 1 < self.n else 0
            if len(self.boneyard) - self.drawn <= self.reserve:
                self._check_blocked()
            return 0
        t = move >> 3
        arm = move & 7
        hand = hands[seat] & ~(1 << t)
        hands[seat] = hand
        if arm >= LEAD_HI_WEST:
            touch = -1
            self._place_lead(t, arm == LEAD_LO_WEST)
            s = self.end_sum
        else:
            ends = self.ends
            dd = self.doubles
            touch = ends[arm]
            d = IS_DOUBLE[t]
            ends[arm] = PIPS[t] - touch
            self.counts[arm] += 1
            dd[arm] = d
            if self.spin_watch and (d or self.spin_arm >= 0):
                self._update_spinner(arm, d, touch)
            # The end sum (docs/rules.md "Counting the end sum") and the open mask. Never the lead
            # alone here, so W and E are plain arms; an uncovered half of a double lead has its
            # doubles flag set and counts twice.
            e0, e1, e2, e3 = ends
            s = (e0 << 1 if dd[0] else e0) + (e1 << 1 if dd[1] else e1)
            m = WITH[e0] | WITH[e1]
            if e2 >= 0:  # the spinner's short sides are open
                m |= WITH[e2] | WITH[e3]
                c = self.counts
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
        pts = self.awarded[s]
        if self.exact:
            return self._score_exact(seat, move, s, pts, claim, touch, not hand)
        taker = -1
        if pts:
            if self.muggins and claim != s:  # missing, short or wrong: the next opponent takes it
                taker = self.rules.next_opponent[seat]
                self.points[self.side[taker]] += pts
                pts = 0
            else:
                self.points[self.side[seat]] += pts
        self.log.append(
            (seat, move, s, pts, -1, -1 if claim is None else claim, 0, touch, taker, 0)
        )
        if not hand and not (self.team_out and self._partner_holds(seat)):
            self._finish_domino(seat)
            return pts
        self._next_turn(seat)
        return pts

    def _next_turn(self, seat: int) -> None:
        """Pass the turn on after a play that did not end the round, and end it blocked when
        nobody can play and nobody may draw."""
        hands = self.hands
        if self.team_out:
            self.turn = self._next_holder(seat)
        else:
            self.turn = seat + 1 if seat + 1 < self.n else 0
        if len(self.boneyard) - self.drawn <= self.reserve:
            m = self.open_mask
            for h in hands:
                if h & m:
                    return
            self._finish_blocked()

    def _next_holder(self, seat: int) -> int:
        """The next seat after ``seat`` that still holds tiles (partners going out together: a
        seat that is out has no more turns)."""
        n, hands = self.n, self.hands
        t = seat + 1 if seat + 1 < n else 0
        while not hands[t]:
            t = t + 1 if t + 1 < n else 0
        return t

    def _partner_holds(self, seat: int) -> bool:
        """Whether a partner of ``seat`` still holds tiles (so its side is not out yet)."""
        return any(self.hands[s] for s in self.rules.seats_of(self.side[seat]) if s != seat)

    def last_tile(self, seat: int) -> bool:
        """Whether ``seat``'s next play takes its side out: its last tile, and with partners
        going out together, its partners' hands already empty (what earns ``out_bonus``)."""
        return self.hands[seat].bit_count() == 1 and not (
            self.team_out and self._partner_holds(seat)
        )

    def room(self, side: int) -> int:
        """Points ``side`` may still score before the target (exact_target: more do not count)."""
        return self.rules.target - self.base[side] - self.points[side]

    def _score_exact(
        self, seat: int, move: int, s: int, pts: int, claim: int | None, touch: int, empty: bool
    ) -> int:
        """``step``'s scoring with an exact target: points that would take a side past the
        target do not count (the side stays where it was), and a side that reaches it exactly
        ends the round (and the match) at once. A play that goes out scores its points and what
        going out earns as one award: together they count or bust (gambiter.com: at 59, a last
        tile making 6 is 2 + 1 = 3, too many). With muggins the play's points go to the taker
        first; if that reaches the target the round ends there, before any award for going out.
        """
        if not pts and not empty:  # no points and not out: nothing to count (the hot path)
            self.log.append((seat, move, s, 0, -1, -1 if claim is None else claim, 0, touch, -1, 0))
            self._next_turn(seat)
            return 0
        side = self.side
        mover = side[seat]
        out = empty and not (self.team_out and self._partner_holds(seat))
        end = self._domino_award(seat) if out else 0
        taker = -1
        bust = 0
        end_bust = 0
        got = mover
        if pts and self.muggins and claim != s:
            taker = self.rules.next_opponent[seat]
            got = side[taker]
            taken = pts
            if taken > self.room(got):
                bust, taken = taken, 0
            self.points[got] += taken
            pts = 0
            if end > self.room(mover):
                end_bust, end = end, 0
        else:
            if pts + end > self.room(mover):
                bust, end_bust, pts, end = pts, end, 0, 0
            self.points[mover] += pts
            taken = pts
        self.log.append(
            (seat, move, s, pts, -1, -1 if claim is None else claim, 0, touch, taker, bust)
        )
        if taken and self.room(got) == 0 and (taker >= 0 or not out):
            self._award(TARGET, got, taker if taker >= 0 else seat, 0)
            return pts
        if out:
            self.bonus_bust = end_bust
            self._award(DOMINO, mover, seat, end)
            return pts
        self._next_turn(seat)
        return pts

    # ------------------------------------------------------------------ the layout
    def _place_lead(self, t: int, lo_west: bool) -> None:
        a, b = (LO[t], HI[t]) if lo_west else (HI[t], LO[t])
        d = a == b
        self.lead_tile = t
        self.ends[W] = a
        self.ends[E] = b
        self.doubles[W] = self.doubles[E] = d  # an uncovered half of a double lead counts twice
        if d and self.rules.uses_spinner:
            self.spin_arm = LEAD_SPINNER
            self.spin_pip = a
        self.open_mask = WITH[a] | WITH[b]
        self.end_sum = a + b

    def _update_spinner(self, arm: int, d: bool, v: int) -> None:
        if self.spin_arm < 0:
            if d and self.rules.uses_spinner:
                self.spin_arm = arm
                self.spin_pos = self.counts[arm]
                self.spin_pip = v
            return
        if self.spin_open:
            return
        if self.spin_arm == LEAD_SPINNER:
            flanked = self.counts[W] > 0 and self.counts[E] > 0
        else:
            flanked = self.counts[self.spin_arm] > self.spin_pos
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
            if self.counts[W] == 0 and self.counts[E] == 0:  # the lead alone: each half once
                return e
            return 2 * e if self.doubles[arm] else e
        if self.counts[arm]:
            return 2 * e if self.doubles[arm] else e
        return e if self.sides_count else 0

    def spinner_tile(self) -> int:
        """The spinner's tile id, or -1 while there is none."""
        return tile_id(self.spin_pip, self.spin_pip) if self.spin_pip >= 0 else -1

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
            out[self.side[seat]] += pips_of(h)
        return out

    def _domino_award(self, seat: int) -> int:
        """What going out earns ``seat``'s side: ``out_bonus``, and with ``pip_bonus`` the
        others' pips, rounded and divided (docs/rules.md "End of a round")."""
        rules = self.rules
        award = rules.out_bonus
        if rules.pip_bonus:
            side = self.side[seat]
            pips = self.side_pips()
            opp = sum(pips) - pips[side]
            award += rules.bonus(rules.bonus_pips(DOMINO, pips[side], opp))
        return award

    def _finish_domino(self, seat: int) -> None:
        self._award(DOMINO, self.side[seat], seat, self._domino_award(seat))

    def _finish_blocked(self) -> None:
        rules = self.rules
        pips = self.side_pips()
        low = min(pips)
        if pips.count(low) > 1:
            self._award(BLOCKED, -1, -1, 0)
            return
        side = pips.index(low)
        raw = rules.bonus_pips(BLOCKED, low, sum(pips) - low)
        # The seat that leads next under next_lead=winner: the side's lightest hand, and among
        # equals the first one after the last leader.
        seat_pips = self.pips()
        seat = min(
            rules.seats_of(side), key=lambda s: (seat_pips[s], (s - self.leader - 1) % self.n)
        )
        bonus = rules.bonus(raw) if rules.pip_bonus else 0
        if self.exact and bonus > self.room(side):
            self.bonus_bust, bonus = bonus, 0
        self._award(BLOCKED, side, seat, bonus)

    def _award(self, reason: str, side: int, seat: int, bonus: int) -> None:
        self.reason = reason
        self.winner_side = side
        self.winner_seat = seat
        self.bonus = bonus
        if side >= 0:
            self.points[side] += bonus

    def outcome(self) -> Outcome:
        """How the round ended (or that it has not), with the bonus arithmetic's numbers."""
        rules = self.rules
        pips = tuple(self.side_pips())
        raw = 0
        if (
            self.reason is not None
            and self.winner_side >= 0
            and rules.pip_bonus
            and self.reason != TARGET
        ):
            own = pips[self.winner_side]
            raw = rules.bonus_pips(self.reason, own, sum(pips) - own)
        rounded = rules.round_to_multiple(raw)
        out = rules.out_bonus if self.reason == DOMINO else 0
        return Outcome(
            self.reason,
            self.winner_side,
            self.winner_seat,
            self.bonus,
            raw,
            rounded,
            pips,
            out,
            self.bonus_bust,
        )

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(NAME[t] for t in tiles_of(h)) for h in self.hands)
        return (
            f"<Round turn={self.turn} end_sum={self.end_sum} points={self.points} "
            f"hands=[{hands}] boneyard={self.boneyard_left} over={self.reason}>"
        )
