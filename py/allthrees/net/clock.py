"""The table clock of a table across devices: a rule the host's Python holds, not a page.

The gathering chooses it (``gather {clock}``: seconds a move, one of ``timer.CHOICES``; 0, the
default, is no clock) and the table keeps it (``state.TableState.clock_s``, in the save). Each
turn's clock starts when a reply first shows that turn (``stamp``, from ``app.App.reply``: the
one place), so every device counts down from the same moment's ``left_ms`` (``shown``: the
snapshot's ``net.clock``). Only the host's page sends ``time_up`` for the seat to move once its
timer runs out; Python checks that the time really has run out (``time_up``), makes the move a
computer of the host's chosen level would make, and counts the seat's time-outs in a row. At the
``AWAY_AFTER``-th in a row a friend's seat is away: a computer stands in for it
(``session.stand_in``) until its next hello. A guest's message can neither trigger the clock nor
stop it: no guest message is a time-up, and only a move (or a change of who plays the seat)
starts a fresh clock.

What moves from moment to moment (``timer.Timer``: the turn's stamp and the counts) is not kept in a
save: after the host's page reloads the turn to move starts a fresh clock and every count is 0.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..errors import AllThreesError
from ..jsontext import is_whole
from ..jsontext import shown as shown_value
from ..session import BadIntent, Event, Session, TimedOut
from ..settings import COMPUTERS
from .state import TableState
from .timer import CHOICES, Turn

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.table import ClockShown

QUICK = 60  # a quick match's clock (Play online): a minute a move
SLACK_MS = 500  # a time-up this early is taken: the host's page counts from the reply's arrival
AWAY_AFTER = 3  # time-outs in a row that make a friend's seat away
DEFAULT_LEVEL = "casual"  # the computer that moves for a seat out of time, unless told


def now_ms() -> int:
    """Now, in milliseconds since the epoch: the clock's one source of time (tests replace it)."""
    return int(time.time() * 1000)


class ClockRefusal(AllThreesError):
    """A clock choice or a time-up that cannot be taken; ``code`` says why and ``values`` with
    what (``seat``, ``left_ms``, ``choices``). Nothing changes when one is refused, not even the
    turn's stamp."""

    code = "clock_off"

    def __init__(self, message: str, code: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.code = code or type(self).code
        self.values = values


def seconds(value: Json) -> int:
    """A gathering's ``clock``: seconds a move, one of ``CHOICES`` (None: the default, none)."""
    if value is None:
        return 0
    if not is_whole(value) or value not in CHOICES:
        raise ClockRefusal(
            f"the clock is one of {', '.join(map(str, CHOICES))} seconds a move, "
            f"not {shown_value(value)}",
            code="clock_choice",
            choices=list(CHOICES),
        )
    return value


def turn_of(session: Session, net: TableState) -> Turn:
    """What names a turn: the match, the round, the moves made, the seat to move and whether a
    person plays it now (a friend back from a computer's stand-in gets a fresh clock)."""
    seat = session.to_move()
    person = seat is not None and session.is_person(seat)
    return (net.k, len(session.match.rounds), session.round.moves_made, seat, person)


def stamp(session: Session, net: TableState) -> None:
    """A reply changed the table (``net``, the session's): a new turn starts its clock now (the
    same turn keeps its stamp, whatever else the reply did)."""
    timer = net.timer
    turn = turn_of(session, net)
    if turn != timer.turn:
        timer.turn, timer.since_ms = turn, now_ms()


def _left_ms(session: Session, net: TableState) -> int:
    """The time left of the turn to move (the whole limit when its clock was never stamped)."""
    limit = net.clock_s * 1000
    if net.timer.turn != turn_of(session, net):
        return limit
    return max(0, net.timer.since_ms + limit - now_ms())


def shown(session: Session) -> ClockShown | None:
    """The snapshot's ``net.clock``: ``{seat, limit_ms, left_ms}`` for the seat to move, or None
    with no clock, between rounds, or when no person plays the seat to move now (a computer, or
    a computer standing in for a friend)."""
    net = session.net
    if net is None or not net.clock_s:
        return None
    seat = session.to_move()
    if seat is None or not session.is_person(seat):
        return None
    return {"seat": seat, "limit_ms": net.clock_s * 1000, "left_ms": _left_ms(session, net)}


def time_up(session: Session, seat: Json, level: Json) -> list[Event]:
    """The host's page says ``seat``'s time ran out: once that is so, the move a computer of
    ``level`` would make, after a ``TimedOut`` event; a friend's ``AWAY_AFTER``-th time-out in a
    row also puts that level in its seat until its hello. Refused (``ClockRefusal``, or
    ``BadIntent`` for a malformed seat or level) with nothing changed otherwise."""
    level = DEFAULT_LEVEL if level is None else level
    if not isinstance(level, str) or level not in COMPUTERS:
        raise BadIntent(f"a level is one of {', '.join(COMPUTERS)}")
    if not is_whole(seat, least=0, most=len(session.settings.seats) - 1):
        raise BadIntent(f"no seat {shown_value(seat)} at this table")
    net = session.net
    if net is None or not net.clock_s:
        raise ClockRefusal("this table plays with no clock", code="clock_off")
    if seat != session.to_move() or not session.is_person(seat):
        raise ClockRefusal(
            f"seat {seat} is not a person's to move: its clock is not running",
            code="clock_turn",
            seat=seat,
        )
    left = _left_ms(session, net)
    if left > SLACK_MS:
        raise ClockRefusal(
            f"seat {seat} still has {left} ms to move", code="clock_running", left_ms=left
        )
    events = session.play_as(level, advice=False)  # a refused move changes nothing
    misses = net.timer.misses.get(seat, 0) + 1
    net.timer.misses[seat] = misses
    away = session.is_friend(seat) and misses >= AWAY_AFTER
    if away:
        session.set_stand_in(seat, level)
    return [TimedOut(seat, misses, away, level), *events]
