"""Moves as small integers (OpenSpiel's actions): cheap to generate, compare and store.

``tile << 3 | kind`` where kind 0..3 plays the tile on arm W, E, N, S and kind 4 / 5 leads it
with its higher / lower half toward W. Drawing and passing are the negative constants below.
"""

from __future__ import annotations

W, E, N, S = 0, 1, 2, 3
ARMS = "WENS"
ARM_OF = {name: i for i, name in enumerate(ARMS)}

LEAD_HI_WEST = 4
LEAD_LO_WEST = 5
DRAW = -1
PASS = -2


def play(tile: int, arm: int) -> int:
    return tile << 3 | arm


def lead(tile: int, lo_west: bool = False) -> int:
    return tile << 3 | (LEAD_LO_WEST if lo_west else LEAD_HI_WEST)


def tile_of(move: int) -> int:
    return move >> 3


def kind_of(move: int) -> int:
    return move & 7


def is_lead(move: int) -> bool:
    return move >= 0 and move & 7 >= LEAD_HI_WEST


def is_play(move: int) -> bool:
    return move >= 0 and move & 7 < LEAD_HI_WEST
