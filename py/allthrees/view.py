"""What one seat may see: the only input of a computer player and of the table the person sees.

A ``View`` is built from a round by copying public facts and the seat's own hand, never a
reference to the round, so nothing reachable from it holds another hand or the boneyard order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .moves import ARMS, places_tile, tile_of
from .round import Round
from .rules import Rules
from .tiles import tiles_of


class PublicMove(NamedTuple):
    """One move as every seat saw it: a draw shows no tile."""

    seat: int
    move: int  # DRAW, PASS, or the play/lead move int
    end_sum: int  # after the move (plays only; 0 otherwise)
    points: int
    touch: int  # the end value a played tile was attached to (-1 for the lead, draw, pass)
    lacked: int  # for a draw or pass: mask of the tiles that fit the open ends (none in hand)


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    rules: Rules
    hand: tuple[int, ...]  # tile ids, this seat's only
    turn: int
    leader: int
    forced_lead: int  # the tile the leader must lead (-1: any); public, as it follows the rules
    lead_tile: int
    ends: tuple[int, ...]  # open end value per arm W, E, N, S (-1: not open)
    doubles: tuple[bool, ...]  # the arm's last tile is a double (counts twice)
    counts: tuple[int, ...]  # tiles on each arm
    spinner: tuple[int, int, int, bool]  # (arm or 4 for the lead or -1, position, pip, N/S open)
    end_sum: int
    hand_sizes: tuple[int, ...]
    boneyard_left: int  # tiles left in the boneyard (count only)
    reserve: int
    round_points: tuple[int, ...]  # this round's points per side so far
    scores: tuple[int, ...]  # match totals per side before this round
    history: tuple[PublicMove, ...]
    legal: tuple[int, ...]  # the seat's legal moves if it is its turn, else ()
    over: bool
    # Who plays each seat, as the table shows it to everyone: "person", "beginner", "casual",
    # "pub" or "expert"; () when not told (a player then assumes every seat plays well).
    players: tuple[str, ...] = ()

    @property
    def hand_mask(self) -> int:
        m = 0
        for t in self.hand:
            m |= 1 << t
        return m

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and not self.over

    def open_ends(self) -> list[tuple[str, int]]:
        return [(ARMS[a], v) for a, v in enumerate(self.ends) if v >= 0]

    def seen_tiles(self) -> int:
        """Mask of tiles this seat knows the place of: its hand and the layout."""
        m = self.hand_mask
        for e in self.history:
            if places_tile(e.move):
                m |= 1 << tile_of(e.move)
        return m

    def unseen_tiles(self) -> int:
        """Mask of tiles in other hands or the boneyard, as far as this seat knows."""
        return ((1 << self.rules.tile_count) - 1) & ~self.seen_tiles()


def make_view(
    rnd: Round, seat: int, scores: list[int] | None = None, players: tuple[str, ...] = ()
) -> View:
    """The view of ``seat`` in ``rnd``; ``scores`` are the match totals before the round;
    ``players``, who plays each seat (public: see ``View.players``)."""
    history = tuple(
        PublicMove(e.seat, e.move, e.end_sum, e.points, e.touch, e.lacked) for e in rnd.history
    )
    return View(
        seat=seat,
        rules=rnd.rules,
        hand=tuple(tiles_of(rnd.hands[seat])),
        turn=rnd.turn,
        leader=rnd.leader,
        forced_lead=rnd.forced_lead,
        lead_tile=rnd.lead_tile,
        ends=tuple(rnd.ends),
        doubles=tuple(rnd.doubles),
        counts=tuple(rnd.counts),
        spinner=(rnd.spin_arm, rnd.spin_pos, rnd.spin_pip, rnd.spin_open),
        end_sum=rnd.end_sum,
        hand_sizes=tuple(h.bit_count() for h in rnd.hands),
        boneyard_left=rnd.boneyard_left,
        reserve=rnd.reserve,
        round_points=tuple(rnd.points),
        scores=tuple(scores or [0] * rnd.rules.sides),
        history=history,
        legal=tuple(rnd.legal_moves()) if rnd.turn == seat else (),
        over=rnd.over,
        players=tuple(players),
    )
