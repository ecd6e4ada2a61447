"""What the career refuses: ``CareerError`` for an entry, a date, a daily, the daily's attempts
or an export that cannot be taken, and ``NotOver`` for an entry asked of a match still in play.
Each carries a code of ``errors.REFUSAL_CODES`` and the values the page words it with."""

from __future__ import annotations

from ..errors import AllThreesError
from ..session import BadIntent


class CareerError(AllThreesError):
    """A career entry, a date, a daily or an export that cannot be taken; ``code`` says what is
    wrong and ``values`` which item (``item``: its place in the list from 1, ``date``)."""

    code = "bad_career"

    def __init__(self, message: str, code: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.code = code or type(self).code
        self.values = values


class NotOver(BadIntent):
    """A career entry asked for before the match has a winner (or a drawn sprint)."""

    code = "match_not_over"
