"""The ladder of titles by rating (``TITLES``, lowest first), from the first rated match up to
Grand Master of the Parlor, and which title a run of ratings has reached (``reached``).

A title is earned, not worn: once reached it stays, as a chess title does, whatever the rating
does afterwards. The first is reached by playing one rated match; every other when the rating
stands at or above its threshold while it is established (its deviation under
``ratings.PROVISIONAL``): a provisional rating swings by a hundred points a match, and one lucky
win must not crown anyone. The thresholds sit on the computers' ladder
(``computers.COMPUTER_RATINGS``: Beginner 1114, Casual 1500, Pub 1623, the Expert 1672), so
each step means something at the table: past the Beginner, level with Casual, level with the
Expert, then clearly above it. The top is within reach of a very strong player only: the tiles'
luck caps every rating, and even an Expert that saw every hand wins 93% against Casual
(docs/opponents.md), about 1950. The page words the codes (phase 2 of issue 44)."""

from __future__ import annotations

from typing import NamedTuple

from ..titlecodes import TITLE_CODES as TITLE_CODES


class Title(NamedTuple):
    code: str
    threshold: float | None  # None: the first rated match is enough


# each code's threshold (``titlecodes.TITLE_CODES``, the codes' one home, in the same order)
THRESHOLDS: dict[str, float | None] = {
    "newcomer": None,  # a first rated match
    "apprentice": 1300.0,  # well past the Beginner (1114)
    "journeyman": 1450.0,  # about Casual's level (1500)
    "adept": 1575.0,  # between Casual and the Expert
    "expert": 1650.0,  # about level with the Expert (1672)
    "master": 1725.0,  # wins about three matches in five against the Expert
    "grand_master": 1800.0,  # Grand Master of the Parlor: about two in three
}
TITLES: tuple[Title, ...] = tuple(Title(code, THRESHOLDS[code]) for code in TITLE_CODES)


def title_at(rating: float, established: bool, held: str | None) -> str:
    """The title held after a rated match at ``rating`` (``established``: its deviation is under
    the provisional bound) by a player who held ``held`` before (None: this was the first)."""
    rank = TITLE_CODES.index(held) if held is not None else 0
    if established:
        for i, title in enumerate(TITLES):
            if title.threshold is not None and rating >= title.threshold:
                rank = max(rank, i)
    return TITLE_CODES[rank]


def higher(a: str | None, b: str | None) -> str | None:
    """The higher of two titles (None: no title)."""
    if a is None or b is None:
        return a or b
    return a if TITLE_CODES.index(a) >= TITLE_CODES.index(b) else b
