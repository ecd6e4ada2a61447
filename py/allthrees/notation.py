"""Tile and move notation: ``6-3``, ``6-3@E``, ``6-3@E=15`` (a muggins claim), ``draw``, ``pass``.

Parsing needs the round (which end a tile fits, who holds what); formatting writes a play with the
half that touches the layout first, so ``6-1@E`` reads "a 6-1 on the 6 of arm E".
"""

from __future__ import annotations

import re

from .errors import AmbiguousMove, IllegalMove, MalformedMove
from .jsontext import shown
from .moves import ARM_OF, ARMS, DRAW, LEAD_LO_WEST, PASS, is_lead, kind_of, lead, play, tile_of
from .round import Round
from .tiles import HI, LO, MAX_PIP, NAME, tile_id

MAX_CLAIM_DIGITS = 4  # a claim is an end sum: a few digits; more is no claim at all
_TILE = re.compile(r"^([0-9])-([0-9])$")
_MOVE = re.compile(r"^([0-9])-([0-9])(?:@([A-Za-z]+))?(?:=([0-9]+))?$")


def parse_tile(text: object, max_pip: int = MAX_PIP) -> int:
    """The id of a tile written ``a-b``; raises ValueError naming the problem."""
    if not isinstance(text, str):
        raise ValueError(f'a tile is written like "6-3", not {shown(text)}')
    m = _TILE.match(text.strip())
    if not m:
        raise ValueError(f'a tile is written like "6-3", not {shown(text)}')
    a, b = int(m[1]), int(m[2])
    if a > max_pip or b > max_pip:
        raise ValueError(f"tile {text} is not in a double-{max_pip} set")
    return tile_id(a, b)


def parse_move(rnd: Round, text: object) -> tuple[int, int | None]:
    """A move written in notation, as (move, claim); raises MalformedMove for text that is no
    move, AmbiguousMove when the arm is left out but two fit, IllegalMove for a tile that fits no
    open end (legality itself is checked when the move is applied)."""
    if not isinstance(text, str):
        raise MalformedMove(f'a move is a string like "6-3@E", "draw" or "pass", not {shown(text)}')
    word = text.strip().lower()
    if word == "draw":
        return DRAW, None
    if word == "pass":
        return PASS, None
    m = _MOVE.match(text.strip())
    if not m:
        raise MalformedMove(
            "a move is written TILE, TILE@ARM, draw or pass (arms W, E, N, S; a claim =N)"
        )
    a, b, arm_text, claim_text = int(m[1]), int(m[2]), m[3], m[4]
    max_pip = rnd.rules.max_pip
    if a > max_pip or b > max_pip:
        raise MalformedMove(f"tile {a}-{b} is not in a double-{max_pip} set")
    t = tile_id(a, b)
    if claim_text is not None and len(claim_text) > MAX_CLAIM_DIGITS:
        raise MalformedMove(f"a claim of {len(claim_text)} digits is no score")
    claim = int(claim_text) if claim_text is not None else None
    if rnd.lead_tile < 0:
        if arm_text:
            raise IllegalMove("the layout is empty: the lead is written without an arm")
        return lead(t, lo_west=a < b), claim
    if arm_text is None:
        return play(t, _only_arm(rnd, t)), claim
    arm = ARM_OF.get(arm_text.upper())
    if arm is None:
        raise MalformedMove(f"unknown arm {shown(arm_text)}: arms are W, E, N and S")
    return play(t, arm), claim


def _only_arm(rnd: Round, t: int) -> int:
    fits = [a for a in range(4) if rnd.ends[a] in (HI[t], LO[t])]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        opens = ", ".join(f"{ARMS[a]} {rnd.ends[a]}" for a in range(4) if rnd.ends[a] >= 0)
        raise IllegalMove(f"tile {NAME[t]} fits no open end (open: {opens})")
    names = ", ".join(ARMS[a] for a in fits)
    raise AmbiguousMove(f"tile {NAME[t]} fits more than one open end ({names}): name the arm")


def format_move(rnd: Round, move: int, claim: int | None = None) -> str:
    """Notation for ``move`` in the position *before* it is made."""
    touch = rnd.ends[kind_of(move)] if move >= 0 and not is_lead(move) else -1
    return move_text(move, touch, claim)


def move_text(move: int, touch: int, claim: int | None = None) -> str:
    """Notation for a move whose tile touched an end of value ``touch`` (a history entry)."""
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    t, kind = tile_of(move), kind_of(move)
    if is_lead(move):
        a, b = (LO[t], HI[t]) if kind == LEAD_LO_WEST else (HI[t], LO[t])
        text = f"{a}-{b}"
    else:
        text = f"{touch}-{HI[t] + LO[t] - touch}@{ARMS[kind]}"
    return text if claim is None else f"{text}={claim}"
