"""What a table across devices holds of its table clock (``clock`` is the rule): the seconds a
move it may be set to (``CHOICES``), and the moment-to-moment ``Timer``, which no save keeps."""

from __future__ import annotations

from dataclasses import dataclass, field

CHOICES = (0, 30, 60, 120)  # seconds a move; 0: no clock
# What names a turn (``clock.turn_of``): the match, the round, the moves made, the seat to move
# and whether a person plays it now.
Turn = tuple[int, int, int, int | None, bool]


@dataclass
class Timer:
    """The clock's moment-to-moment state, held by the table (``TableState.timer``), never
    saved: the turn last stamped (``clock.turn_of``), when it began, and each seat's time-outs
    in a row."""

    turn: Turn | None = None
    since_ms: int = 0
    misses: dict[int, int] = field(default_factory=dict)

    def reset(self, seat: int) -> None:
        """The seat's person made a move of its own, or came back (its hello): its count of
        time-outs in a row starts again."""
        self.misses.pop(seat, None)
