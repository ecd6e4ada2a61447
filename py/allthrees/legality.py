"""Why a move is refused: the typed errors of ``Round.apply``, each naming its reason in words a
player can act on (``MalformedMove`` for what is no move at all, ``IllegalMove`` for a move the
rules do not allow now). It only reads the round; ``round.step``, the search's hot path, trusts
its moves and never comes here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalMove, MalformedMove
from .jsontext import is_whole, shown
from .moves import ARMS, DRAW, LEAD_LO_WEST, PASS, N, S, is_lead, kind_of, tile_of
from .tiles import HI, IS_DOUBLE, LO, NAME, tile_id

if TYPE_CHECKING:
    from .round import Round


def check(rnd: Round, move: int) -> None:
    """Raise ``MalformedMove`` or ``IllegalMove``, naming the reason, if ``move`` is not
    legal now."""
    if not is_whole(move):
        raise MalformedMove(f"not a move: {shown(move)}")
    if move < 0 and move not in (DRAW, PASS):
        raise MalformedMove(f"not a move: {shown(move)}")
    t, kind = tile_of(move), kind_of(move)
    if move >= 0 and (kind > LEAD_LO_WEST or t >= rnd.rules.tile_count):
        if t < len(NAME) and kind <= LEAD_LO_WEST:
            raise MalformedMove(f"no tile {NAME[t]} in the {rnd.rules.set} set")
        raise MalformedMove(f"not a move: {shown(move)}")
    if rnd.reason is not None:
        raise IllegalMove("the round is over")
    seat = rnd.turn
    hand = rnd.hands[seat]
    if rnd.lead_tile < 0:
        _check_lead(rnd, move, seat, hand)
        return
    if move in (DRAW, PASS):
        _check_draw_or_pass(rnd, move, seat, hand)
        return
    if is_lead(move):
        raise IllegalMove("the lead is already on the table: a play names an arm")
    arm = kind
    if not hand >> t & 1:
        raise IllegalMove(f"tile {NAME[t]} is not in seat {seat}'s hand")
    v = rnd.ends[arm]
    if v < 0:
        raise IllegalMove(_closed_arm_reason(rnd, arm))
    if HI[t] != v and LO[t] != v:
        raise IllegalMove(f"tile {NAME[t]} does not match arm {ARMS[arm]} (open end {v})")


def _check_lead(rnd: Round, move: int, seat: int, hand: int) -> None:
    if not is_lead(move):
        raise IllegalMove("the layout is empty: the first move leads a tile (no arm)")
    t = tile_of(move)
    if kind_of(move) == LEAD_LO_WEST and IS_DOUBLE[t]:
        raise MalformedMove("a double is led one way only")
    if not hand >> t & 1:
        raise IllegalMove(f"tile {NAME[t]} is not in seat {seat}'s hand")
    if rnd.forced_lead >= 0 and t != rnd.forced_lead:
        why = "the highest double" if IS_DOUBLE[rnd.forced_lead] else "the heaviest tile"
        raise IllegalMove(f"seat {seat} must lead {NAME[rnd.forced_lead]}, {why}")


def _check_draw_or_pass(rnd: Round, move: int, seat: int, hand: int) -> None:
    fits = hand & rnd.open_mask
    word = "draw" if move == DRAW else "pass"
    if fits:
        t = (fits & -fits).bit_length() - 1
        raise IllegalMove(f"seat {seat} cannot {word}: it holds a playable tile ({NAME[t]})")
    left = len(rnd.boneyard) - rnd.drawn
    if move == DRAW and not rnd.rules.draw:
        raise IllegalMove("cannot draw: this is block play, the tiles not dealt are out of play")
    if move == DRAW and left <= rnd.reserve:
        if rnd.reserve:
            raise IllegalMove(f"cannot draw: the boneyard is down to its reserve of {left}")
        raise IllegalMove("cannot draw: the boneyard is empty")
    if move == PASS and left > rnd.reserve:
        raise IllegalMove("cannot pass: the boneyard still has tiles to draw")


def _closed_arm_reason(rnd: Round, arm: int) -> str:
    name = ARMS[arm]
    if arm in (N, S):
        if not rnd.rules.uses_spinner:
            return f"arm {name} is not open: this game has no spinner"
        if rnd.spin_arm < 0:
            return f"arm {name} is not open: no double has been played yet, so no spinner"
        sp = NAME[tile_id(rnd.spin_pip, rnd.spin_pip)]
        return f"arm {name} is not open until both long sides of spinner {sp} are covered"
    return f"arm {name} is not open"
