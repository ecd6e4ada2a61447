"""One match at one table: the settings, the match, whose hand is on show, and acting for a seat.

The page (through ``app``) tells a session what a seat wants with ``act(seat, intent)`` and asks
a computer seat to move with ``advance()``; both return typed events (below) and change nothing
when they refuse (a ``MoveError``, ``BadIntent`` or ``BadSettings``). Any seat may be a person:
with more than one person at the device (pass-and-play) the session keeps a ``viewer`` (the seat
whose hand the rack shows) and a ``cover``: when a person's turn comes and that person is not the
viewer, no hand is shown until that person says they are ready (the ``ready`` intent).

A friend's seat (``settings.FRIEND``) is a person on another device: the session never moves for
it, the rack and the cover are never its, and only its own device's messages act for it
(``act(..., remote=True)``, from ``net``). While it is away, the host may let a computer level
stand in for it (``stand_in``) until it is back. ``net`` holds the table across devices (the
joint seed's state: ``net.state.TableState``), None for a table on one device. Its table clock
(``net.clock``) moves for a person whose time ran out as a computer level would (``play_as``).

Intents (``{"kind": ..., ...}``):
- ``play`` ``{tile, arm?, claim?}`` (no arm for the lead; with muggins, ``claim`` is the points
  the person says the play makes, or null), ``draw``, ``pass``: the seat to move, a person.
- ``ready``: the person behind the cover takes the device.
- ``next``: deal the next round, or a rematch once the match is over.
- ``settings`` ``{settings}``: presentation settings (the only ones that change mid-match).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import AllThreesError, IllegalMove, MalformedMove
from .jsontext import is_whole, shown
from .match import Match
from .moves import ARM_OF, DRAW, PASS, arm_name, is_lead, play, tile_of
from .net.state import TableState
from .notation import parse_tile
from .round import Round
from .settings import COMPUTERS, Settings
from .tiles import NAME
from .view import View, make_view

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json, Line
    from .shapes.table import Hint, ReviewNote

SEED_BITS = 256  # a fresh match's seed: from secrets, so no deal can be guessed or shopped for
MAX_CLAIM = 999  # a claim is an end sum: three digits are plenty


class BadIntent(AllThreesError):
    """A request the table should never send: a stray, malformed or out-of-turn intent."""

    code = "bad_request"


# ---------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class Dealt:
    round_no: int
    kind: str = "deal"


@dataclass(frozen=True, slots=True)
class Placed:
    seat: int
    tile: str
    arm: str | None  # None for the lead
    index: int  # the tile's place in the layout (its order of play)
    end_sum: int
    points: int  # what the mover scored
    made: int = 0  # what the play made, as awarded (pegs with cribbage), whoever got it
    claim: int | None = None  # with muggins: the points the mover claimed
    taker: int = -1  # with muggins: who took the points the mover did not claim
    # An Expert's play for a person's side, in words for its partner (``advice.partner_note``)
    note: Line | None = None
    # With an exact target: the points the play made that did not count, as they would have
    # taken the side that got them past the target (the mover's, or with muggins the taker's)
    bust: int = 0
    kind: str = "placed"


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    tile: str  # shown only to the seat that drew (the presenter's job)
    kind: str = "drew"


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    kind: str = "passed"


@dataclass(frozen=True, slots=True)
class RoundOver:
    reason: str
    winner: int | None  # the side, None on a tied block
    bonus: int
    kind: str = "round_over"


@dataclass(frozen=True, slots=True)
class MatchOver:
    winner: int | None  # the side, None for a drawn sprint
    kind: str = "match_over"


@dataclass(frozen=True, slots=True)
class Covered:
    seat: int  # the person the device is to be passed to
    kind: str = "covered"


@dataclass(frozen=True, slots=True)
class Revealed:
    seat: int
    kind: str = "revealed"


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A person's time to move ran out (the table clock: ``net.clock``); the move made for it
    follows."""

    seat: int
    misses: int  # the seat's time-outs in a row, this one included
    away: bool  # a friend's seat is away from now on: a computer plays it until its hello
    level: str  # the computer level that moves for it
    kind: str = "timed_out"


Event = Dealt | Placed | Drew | Passed | RoundOver | MatchOver | Covered | Revealed | TimedOut


# ---------------------------------------------------------------------- the session
class Session:
    """A match with its settings and seed, the viewer and the cover (see the module docstring)."""

    def __init__(
        self,
        settings: Settings | None = None,
        seed: int | None = None,
        match: Match | None = None,
        match_id: str | None = None,
        practice: bool | None = None,
    ) -> None:
        """A new match (``seed`` given: a practice deal, as from a ``?seed=`` link; otherwise a
        fresh 256-bit seed), or the ``match`` a save restored."""
        self.settings = settings or Settings()
        self.practice = practice if practice is not None else seed is not None and match is None
        self.seed = seed if seed is not None else secrets.randbits(SEED_BITS)
        if match is None:
            match = Match(self.settings.to_rules(), seed=self.seed)
            match.start_round()
        self.match = match
        self.match_id = match_id or secrets.token_hex(8)
        self.viewer: int | None = None
        self.cover: int | None = None
        self.stand_in: dict[int, str] = {}  # a friend's seat -> the computer level playing it
        self.net: TableState | None = None  # a table across devices
        # A fixed count of worlds for every computer's search, with no time budget: the same
        # moves on every device, however fast (the daily deal's: ``career.dailydeal``); None,
        # the usual budget (``ai.expert``).
        self.worlds: int | None = None
        # A person here asked for a hint during this match: it is not rated (``career.rated``).
        self.hinted = False
        self._show(fresh=True)

    # ------------------------------------------------------------------ who is who
    @property
    def round(self) -> Round:
        return self.match.round

    def is_person(self, seat: int) -> bool:
        """A person plays ``seat`` now (here or elsewhere; a friend's with no stand-in)."""
        return self.settings.seats[seat].person and seat not in self.stand_in

    def is_friend(self, seat: int) -> bool:
        """``seat`` is played on another device (whoever plays it now)."""
        return self.settings.seats[seat].friend

    def controller_of(self, seat: int) -> str:
        """Who plays ``seat`` now: its controller, or the level standing in for a friend."""
        return self.stand_in.get(seat, self.settings.seats[seat].controller)

    def set_stand_in(self, seat: Json, level: Json) -> list[Event]:
        """A computer ``level`` (of ``COMPUTERS``) plays friend's ``seat`` until it is back, or
        with None, nobody does: the table waits for the friend."""
        if not is_whole(seat, least=0, most=len(self.settings.seats) - 1) or not self.is_friend(
            seat
        ):
            raise BadIntent(f"seat {shown(seat)} is no friend's seat")
        if level is not None and level not in COMPUTERS:
            raise BadIntent(f"a stand-in is one of {', '.join(COMPUTERS)} or null")
        if level is None:
            self.stand_in.pop(seat, None)
        else:
            self.stand_in[seat] = level
        return []

    def to_move(self) -> int | None:
        """The seat to move, or None between rounds."""
        rnd = self.round
        return None if rnd.over else rnd.turn

    def computer_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and not self.is_person(seat)

    def person_to_move(self) -> int | None:
        """The person to move now, once the cover is down (None: a computer's turn, the round's
        end, or the cover is up; a friend elsewhere has no cover here)."""
        seat = self.to_move()
        if seat is None or not self.is_person(seat):
            return None
        if self.cover is not None and not self.is_friend(seat):
            return None
        return seat

    def friend_to_move(self) -> int | None:
        """The friend's seat to move now (played on another device), or None."""
        seat = self.to_move()
        return seat if seat is not None and self.is_person(seat) and self.is_friend(seat) else None

    def _show(self, fresh: bool = False) -> list[Event]:
        """Keep the viewer and the cover right after any change: one person alone always sees
        their hand; among several, a person whose turn comes gets the cover first (unless their
        hand is already the one on show), and a new round starts with no hand on show."""
        people = self.settings.people()
        if len(people) == 1:
            self.viewer, self.cover = people[0], None
            return []
        if fresh:
            self.viewer, self.cover = None, None
        seat = self.to_move()
        here = seat is not None and self.settings.seats[seat].here
        if here and seat is not None and seat not in (self.viewer, self.cover):
            self.viewer, self.cover = None, seat
            return [Covered(seat)]
        return []

    def restore_view(self, viewer: Json, cover: Json) -> None:
        """Put back the viewer and cover a save recorded, if the rules of ``_show`` allow them;
        otherwise the safe state (no hand on show) stands."""
        people = self.settings.people()
        if len(people) == 1:
            return
        seat = self.to_move()
        if cover in people and cover == seat and viewer is None:
            self.viewer, self.cover = None, cover
        elif (
            viewer in people
            and cover is None
            and (seat is None or seat == viewer or not self.settings.seats[seat].here)
        ):
            self.viewer, self.cover = viewer, None
        else:
            self.viewer, self.cover = None, None
            self._show()

    # ------------------------------------------------------------------ acting
    def act(self, seat: Json, intent: Json, remote: bool = False) -> list[Event]:
        """What ``seat`` (a person's seat, or None for the table's own buttons) wants; refused
        with nothing changed unless it is that seat's to do. ``remote``: the intent came from
        that seat's own device (``net``), the only way a friend's seat acts; such an intent is a
        move only."""
        if not isinstance(intent, dict) or not isinstance(intent.get("kind"), str):
            raise BadIntent("an intent is an object with a kind")
        if seat is not None and not is_whole(seat, least=0, most=len(self.settings.seats) - 1):
            raise BadIntent(f"no seat {shown(seat)} at this table")
        kind = intent["kind"]
        if seat is not None and self.is_friend(seat) != remote:
            raise BadIntent(
                "a friend plays from their own device"
                if not remote
                else "only a friend's seat acts from another device"
            )
        if remote and kind not in ("play", "draw", "pass"):
            raise BadIntent(f"a friend's device sends moves only, not {shown(kind)}")
        if kind in ("play", "draw", "pass"):
            return self._move_for(seat, kind, intent)
        if kind == "ready":
            if self.cover is None or seat != self.cover:
                raise BadIntent(
                    "nobody is waiting behind the cover"
                    if self.cover is None
                    else f"seat {self.cover} takes the device next, not {seat}"
                )
            self.viewer, self.cover = seat, None
            return [Revealed(seat)]
        if kind == "next":
            return self._next()
        if kind == "settings":
            self.settings = self.settings.with_presentation(intent.get("settings", {}))
            return []
        raise BadIntent(f"unknown intent {shown(kind)}")

    def _move_for(self, seat: int | None, kind: str, intent: dict[str, Json]) -> list[Event]:
        if self.round.over:
            raise IllegalMove("the round is over")
        turn = self.round.turn
        if seat is None or not self.is_person(seat):
            raise BadIntent(
                "a computer plays this seat for now"
                if seat in self.stand_in
                else "a person plays from their own seat"
            )
        if seat != turn:
            raise IllegalMove(f"it is not your turn: {self.settings.names()[turn]} is to move")
        if self.cover is not None and not self.is_friend(seat):
            raise BadIntent("the hand is covered: tap when ready first")
        claim = intent.get("claim")
        if claim is not None and not is_whole(claim, least=0, most=MAX_CLAIM):
            raise MalformedMove(f"a claim is a whole number of points from 0 to {MAX_CLAIM}")
        if claim is not None and not self.match.rules.muggins:
            raise IllegalMove("points are claimed only when playing with muggins")
        events = self._move(self._intent_move(kind, intent), claim)
        if self.net is not None:  # the table clock: the seat's own move ends its time-outs in a row
            self.net.timer.reset(seat)
        return events

    def _intent_move(self, kind: str, intent: dict[str, Json]) -> int:
        if kind == "draw":
            return DRAW
        if kind == "pass":
            return PASS
        try:
            t = parse_tile(intent.get("tile"), self.match.rules.max_pip)
        except ValueError as exc:
            raise MalformedMove(str(exc)) from None
        rnd = self.round
        if rnd.lead_tile < 0:
            leads = [m for m in rnd.legal_moves() if tile_of(m) == t]
            if not leads:
                raise IllegalMove(f"you cannot lead {NAME[t]}")
            return leads[0]
        arm = intent.get("arm")
        if not isinstance(arm, str) or arm not in ARM_OF:
            raise MalformedMove("a play names an arm: W, E, N or S")
        return play(t, ARM_OF[arm])

    def advance(self) -> list[Event]:
        """The computer to move makes one move."""
        if not self.computer_to_move():
            raise IllegalMove("it is not a computer's turn")
        return self.play_as(self.controller_of(self.round.turn))

    def play_as(self, name: str, advice: bool = True) -> list[Event]:
        """The seat to move makes the move computer level ``name`` would make (with muggins, its
        claim too): a computer's turn (``advance``), or a person's whose time ran out
        (``net.clock``; ``advice`` False: no partner's note, which is a computer's own)."""
        if self.round.over:
            raise IllegalMove("the round is over")
        seat = self.round.turn
        from .ai import claim, get_player  # the players load on first use: a shorter page start

        view = self.view(seat)
        move = get_player(name, self.worlds)(view, self._rng())
        said = claim(name, view, move, self._rng(":claim")) if self.match.rules.muggins else None
        note = None
        if (
            advice
            and name == "expert"
            and any(
                self.is_person(s) for s in self.match.rules.seats_of(self.match.rules.side_of(seat))
            )
        ):
            # the Expert loads on first use: a shorter page start
            from .ai.advice import partner_note

            note = partner_note(view, move)  # from what this seat saw, before its move
        return self._move(move, said, note)

    def _rng(self, salt: str = "") -> random.Random:
        """The random source of a computer's move (or a hint): fixed by the seed and the moment,
        so a resumed match goes on exactly as it would have."""
        return random.Random(f"{self.seed}:{len(self.match.rounds)}:{self.round.moves_made}{salt}")

    def view(self, seat: int) -> View:
        return make_view(self.round, seat, self.match.scores, self.settings.seen_players())

    def _move(self, move: int, claim: int | None = None, note: Line | None = None) -> list[Event]:
        rnd = self.round
        seat = rnd.turn
        rules = self.match.rules
        entry = self.match.apply(move, claim if move >= 0 else None)  # a MoveError changes nothing
        events: list[Event] = []
        if move == DRAW:
            events.append(Drew(seat, NAME[entry.drawn]))
        elif move == PASS:
            events.append(Passed(seat))
        else:
            placed = sum(1 for e in rnd.history if e.move >= 0) - 1
            arm = None if is_lead(move) else arm_name(move)
            made = rules.award(rules.points(entry.end_sum))
            said = entry.claim if entry.claim >= 0 else None
            events.append(
                Placed(
                    seat,
                    NAME[tile_of(move)],
                    arm,
                    placed,
                    entry.end_sum,
                    entry.points,
                    made,
                    said,
                    entry.taker,
                    note,
                    entry.bust,
                )
            )
        if rnd.over:
            end = rnd.outcome()
            assert end.reason is not None  # a round that is over says why
            winner = end.winner_side if end.winner_side >= 0 else None
            events.append(RoundOver(end.reason, winner, end.bonus))
            if self.match.over:
                events.append(MatchOver(self.match.winner))
        events += self._show()
        return events

    def _next(self) -> list[Event]:
        if self.match.over and self.net is not None:  # across devices: the joint seed's next
            self.seed = self.net.rematch()
            self.match_id = secrets.token_hex(8)
            self.match = Match(self.settings.to_rules(), seed=self.seed)
        elif self.match.over:  # a rematch: the same table, a new seed
            self.seed = secrets.randbits(SEED_BITS)
            self.practice = False
            self.worlds = None  # a rematch of the daily is no daily: a fresh seed
            self.match_id = secrets.token_hex(8)
            self.match = Match(self.settings.to_rules(), seed=self.seed)
        elif not self.round.over:
            raise IllegalMove("the round is still being played")
        if len(self.match.rounds) == 0:  # a new match: no hint asked in it yet
            self.hinted = False
        self.match.start_round()
        return [Dealt(len(self.match.rounds)), *self._show(fresh=True)]

    # ------------------------------------------------------------------ advice
    def hint(self, seat: Json) -> Hint:
        """The move the Expert would play for ``seat`` now, with a short reason."""
        if seat is None or seat != self.person_to_move() or seat != self.viewer:
            raise IllegalMove("a hint is for your turn")
        from .ai.advice import hint  # the Expert loads on first use: a shorter page start

        advice = hint(self.view(seat), self._rng(":hint"))
        self.hinted = True  # asked, whatever it says: the match is no longer rated
        move = advice["move"]
        out: Hint = {
            "seat": seat,
            "reason": advice["reason"],  # in English, for the command line
            "why": advice["why"],  # the same as a code, which the page words
            "kind": "draw" if move == DRAW else "pass" if move == PASS else "play",
        }
        if move >= 0:
            out["tile"] = NAME[tile_of(move)]
            out["arm"] = arm_name(move)
        return out

    def review(self, index: Json = None) -> list[ReviewNote]:
        """Each person's plays in a finished round where the Expert would have chosen
        differently (round ``index``, 1-based; the last by default)."""
        rounds = self.match.rounds
        if index is None:
            index = len(rounds)
        if not is_whole(index, least=1, most=len(rounds)):
            raise BadIntent(f"round must be 1 to {len(rounds)}")
        if not rounds[index - 1].over:
            raise IllegalMove("a round is reviewed once it is over")
        from .ai.advice import review_round  # the Expert loads on first use: a shorter page start

        names = self.settings.names()
        out: list[ReviewNote] = []
        for seat in self.settings.people():
            for note in review_round(self.match, index - 1, seat, seed=self.seed):
                out.append(
                    {
                        "seat": seat,
                        "name": names[seat],
                        "turn": note["turn"],
                        "played": note["played"],
                        "expert": note["expert"],
                        "loss": note["loss"],
                        "why": note["why"],
                    }
                )
        return sorted(out, key=lambda n: n["turn"])
