"""Computer players. Each is a function of ``view(seat)`` alone: it receives a ``View`` and a
random source and returns a move from ``view.legal``. Nothing else of the game reaches it, so it
cannot read another hand or the boneyard order."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from ..view import View
from .expert import expert
from .pub import pub
from .simple import beginner, casual, random_player, what_if

Player = Callable[[View, random.Random], int]

# The players by the one name each has in code, saves, links and the command line (the page
# shows "Casual" for casual, the greedy baseline).
PLAYERS: dict[str, Player] = {
    "random": random_player,
    "beginner": beginner,
    "casual": casual,
    "pub": pub,
    "expert": expert,
}


BEGINNER_MISSES = 0.25  # how often the Beginner forgets to claim a scoring play (muggins)


def claim(name: str, view: View, move: int, rng: random.Random) -> int | None:
    """What a computer says its play makes, with muggins: the end sum, when the play scores
    (docs/rules.md: a claim names the points, before any cribbage division). Every computer
    knows what it makes, but the Beginner now and then forgets to say it."""
    if move < 0:
        return None
    made = what_if(view).points_after(move)
    if not made:
        return None
    if name == "beginner" and rng.random() < BEGINNER_MISSES:
        return None
    return made


def get_player(name: str, worlds: int | None = None) -> Player:
    """The player of that name; with ``worlds``, a search player searches exactly that many
    worlds with no time budget, so its move is a function of the view and the random source
    alone, the same on every device (the daily deal's computers). The others are so already."""
    try:
        player = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})") from None
    if worlds is not None and player is expert:
        return functools.partial(expert, think_ms=None, iterations=worlds)
    return player
