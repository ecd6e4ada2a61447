"""The computer levels' fixed ratings: what a rated match against a computer counts it as. Each
is measured from the levels' results against each other (``python -m allthrees arena`` for each
pair, fitted by ``python -m allthrees ladder``: docs/opponents.md has the commands, the figures
and their date), Casual held at the centre of the scale, 1500, and never changes with play: a
computer plays as it always did. Its deviation is the fit's standard error.

A new level takes one line here once it is measured; until then a match against it is unrated
(``rated.rated_table``: ``unmeasured``), never counted against a guess."""

from __future__ import annotations

from typing import NamedTuple


class Fixed(NamedTuple):
    """A computer level's rating and deviation on the Glicko scale."""

    rating: float
    deviation: float


# Measured 2026-12-05, 2 players, parlor to 150, 300 matches a pair, the Expert at its usual 200
# worlds (docs/opponents.md, "Their ratings"); the Pub level fitted later the same day from its
# own three pairs beside those. Each deviation is the fit's standard error, at least
# MIN_DEVIATION (Casual, the anchor, has none of its own: no level is known to the point).
MIN_DEVIATION = 20.0
COMPUTER_RATINGS: dict[str, Fixed] = {
    "beginner": Fixed(1114.0, 29.0),
    "casual": Fixed(1500.0, MIN_DEVIATION),
    "pub": Fixed(1623.0, MIN_DEVIATION),
    "expert": Fixed(1672.0, 21.0),
}


def fixed_rating(level: str) -> Fixed | None:
    """``level``'s fixed rating, or None while it has none measured."""
    return COMPUTER_RATINGS.get(level)
