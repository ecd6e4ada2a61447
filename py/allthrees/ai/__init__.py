"""Computer players. Each is a function of ``view(seat)`` alone: it receives a ``View`` and a
random source and returns a move from ``view.legal``. Nothing else of the game reaches it."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..view import View

Player = Callable[[View, random.Random], int]


def random_player(view: View, rng: random.Random) -> int:
    """Any legal move, uniformly."""
    return rng.choice(view.legal)


PLAYERS: dict[str, Player] = {"random": random_player}


def get_player(name: str) -> Player:
    try:
        return PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})") from None
