"""Moves as small integers (OpenSpiel's actions): cheap to generate, compare and store.

``tile << 3 | kind`` where kind 0..3 plays the tile on arm W, E, N, S and kind 4 / 5 leads it
with its higher / lower half toward W. Drawing and passing are the negative constants below.
This module is the one place that writes the encoding down; ``round.step`` and
``round.legal_moves`` decode it inline on the hot path.
"""

from __future__ import annotations

from .tiles import PIPS

W, E, N, S = 0, 1, 2, 3
ARMS = "WENS"
ARM_OF = {name: i for i, name in enumerate(ARMS)}

LEAD_HI_WEST = 4
LEAD_LO_WEST = 5
DRAW = -1
PASS = -2


def play(tile: int, arm: int) -> int:
    """Play ``tile`` on ``arm`` (W, E, N, S as 0..3)."""
    return tile << 3 | arm


def lead(tile: int, lo_west: bool = False) -> int:
    """Lead ``tile``, its higher half toward W unless ``lo_west``."""
    return tile << 3 | (LEAD_LO_WEST if lo_west else LEAD_HI_WEST)


def tile_of(move: int) -> int:
    """The tile a lead or play places (meaningless for DRAW and PASS)."""
    return move >> 3


def kind_of(move: int) -> int:
    """0..3: the arm of a play; LEAD_HI_WEST or LEAD_LO_WEST: a lead."""
    return move & 7


def is_lead(move: int) -> bool:
    return move >= 0 and move & 7 >= LEAD_HI_WEST


def is_play(move: int) -> bool:
    """A tile attached to an arm (not the lead, a draw or a pass)."""
    return move >= 0 and move & 7 < LEAD_HI_WEST


def places_tile(move: int) -> bool:
    """A lead or a play: the move puts a tile on the table."""
    return move >= 0


def _pips_by_move() -> list[int]:
    return [PIPS[tile_of(m)] for m in range(len(PIPS) << 3)]


# PIPS_OF_MOVE[m]: the pips of the tile a lead or play m places (a search's hot loop reads this
# instead of decoding the move).
PIPS_OF_MOVE: list[int] = _pips_by_move()


def arm_name(move: int) -> str | None:
    """ "W", "E", "N" or "S" for a play; None for the lead, a draw or a pass."""
    return ARMS[move & 7] if is_play(move) else None
