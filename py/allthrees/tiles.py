"""Tiles as small integers, with lookup tables built once per set.

A tile ``hi-lo`` (hi >= lo) has the id ``hi * (hi + 1) // 2 + lo``, so the double-six set is ids
0..27 and the double-nine set 0..54 (the double-six ids are a prefix of it). A hand is a bit mask
of ids: ``hand & WITH[v]`` is every tile in the hand that shows ``v``. Everything on the hot path
works on these ints; names like ``"6-3"`` appear only at the edges (records, views, the UI).
"""

from __future__ import annotations

from collections.abc import Iterable

MAX_PIP = 9  # the double-nine set is the largest one supported

HI: list[int] = []
LO: list[int] = []
for _hi in range(MAX_PIP + 1):
    for _lo in range(_hi + 1):
        HI.append(_hi)
        LO.append(_lo)

PIPS: list[int] = [h + lo for h, lo in zip(HI, LO, strict=True)]
IS_DOUBLE: list[bool] = [h == lo for h, lo in zip(HI, LO, strict=True)]
NAME: list[str] = [f"{h}-{lo}" for h, lo in zip(HI, LO, strict=True)]

# WITH[v]: mask of every tile showing v (any set; intersect with a hand or a set mask).
WITH: list[int] = [0] * (MAX_PIP + 1)
for _t, (_h, _l) in enumerate(zip(HI, LO, strict=True)):
    WITH[_h] |= 1 << _t
    WITH[_l] |= 1 << _t

DOUBLES = sum(1 << t for t, d in enumerate(IS_DOUBLE) if d)  # mask of every double

# OTHER[t][v]: the half of tile t that is not v (v must be on t).
OTHER: list[dict[int, int]] = [{h: lo, lo: h} for h, lo in zip(HI, LO, strict=True)]


def tile_id(a: int, b: int) -> int:
    """The id of the tile with halves a and b, in either order."""
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


def set_size(max_pip: int) -> int:
    """Number of tiles in the double-``max_pip`` set."""
    return (max_pip + 1) * (max_pip + 2) // 2


def full_set(max_pip: int) -> list[int]:
    """Every tile id of the double-``max_pip`` set, in id order."""
    return list(range(set_size(max_pip)))


def weight_key(t: int) -> tuple[int, int]:
    """Sort key for "heaviest": pip total, then the higher half."""
    return (PIPS[t], HI[t])


def tiles_of(mask: int) -> list[int]:
    """The tile ids in a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(tiles: Iterable[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def pips_of(mask: int) -> int:
    """Total pips of the tiles in a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total
