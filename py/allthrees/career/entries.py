"""One finished match as a career entry (``entry``), computed once, when the match ends, from the
engine's own histories (each round's ``Entry`` list and ``outcome()``), the match's scores and
the settings (``table``, ``results``): it holds what the figures need and nothing the page must
work out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import places_tile, tile_of
from ..rules import BLOCKED, DOMINO
from ..session import Session
from ..settings import Seat, Settings
from ..snapshot import match_record, stats
from ..tiles import tile_id
from .dailydeal import check_daily
from .dates import checked_day, checked_stamp
from .rated import rated_of
from .refusals import NotOver

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Entry, Results, Table

DOUBLE_SIX = tile_id(6, 6)  # the domino_66 trophy's tile (in both sets)


def entry(
    session: Session, date: Json, daily_day: Json = None, chosen: bool | None = None
) -> Entry:
    """The session's finished match as a career entry (JSON): who sat where, the results for the
    device owner's seat (``you``) and side, the record with its seed revealed, and the settings.
    ``date`` is when it ended (the page's clock), ``daily_day`` the UTC day when this was that
    day's scored daily (None otherwise; the match must be that deal); ``chosen``, whether a
    table with people was chosen rated, when the session has no table across devices to say so
    (a guest's: ``rated.rated_table``)."""
    if not session.match.over:
        raise NotOver("the match is not over yet: a career entry is made when it ends")
    stamp = checked_stamp(date, "the date")
    day = None if daily_day is None else checked_day(daily_day, "the daily's date")
    if day is not None:
        check_daily(session, day)
    return {
        "id": session.match_id,
        "date": stamp,
        "daily": day,
        # a ?seed= deal (not the daily) anyone could have seen beforehand: the page decides
        "practice": session.practice and day is None,
        **table(session.settings),
        **results(session),
        # whether it counts for a rating, and every other seat's rating when it does
        **rated_of(session, day is not None, chosen),
        "record": match_record(session),
        "settings": session.settings.to_json(),
    }


def table(settings: Settings) -> Table:
    """Who sat where: the mode, the rules, each seat's controller and label, the device owner's
    seat and side, the partner's controller and the opponents' ``level``."""
    rules = settings.to_rules()
    you = settings.you()
    side = rules.side_of(you)
    partners = [s for s in rules.seats_of(side) if s != you]
    return {
        "mode": settings.mode,
        "players": rules.players,
        "preset": settings.rules,
        "options": dict(settings.options),
        "seats": [s.controller for s in settings.seats],
        "names": settings.labels(),
        "you": you,
        "your_side": side,
        "partner": settings.seats[partners[0]].controller if partners else None,
        "level": _level([s for i, s in enumerate(settings.seats) if rules.side_of(i) != side]),
    }


def _level(opponents: list[Seat]) -> str:
    """One computer level when every opponent plays at it, "people" when a person sits against
    you, "mixed" for computers of different levels (``schema.LEVELS``)."""
    if any(s.person for s in opponents):
        return "people"
    levels = {s.controller for s in opponents}
    return levels.pop() if len(levels) == 1 else "mixed"


def results(session: Session) -> Results:
    """The match's results for the device owner's seat and side, from the rounds' histories and
    outcomes (one home each: ``snapshot.stats`` says what a turn and a scoring play are)."""
    match, settings = session.match, session.settings
    rules = match.rules
    you = settings.you()
    side = rules.side_of(you)
    scores = list(match.scores)
    race = [[0, *(after[s] for after in match.round_scores)] for s in range(rules.sides)]
    ends = [r.outcome() for r in match.rounds]
    plays = [
        e.points for r in match.rounds for e in r.history if e.seat == you and places_tile(e.move)
    ]
    mine = stats(session)[you]
    return {
        "won": match.winner == side,
        "scores": scores,
        "margin": scores[side] - _best_other(scores, side),
        "rounds": len(match.rounds),
        "race": race,
        # the most the side was behind at a round's end (0 if it never was)
        "trailed_by": max([0, *(_best_other(a, side) - a[side] for a in match.round_scores)]),
        "other_round_wins": sum(1 for end in ends if end.winner_side not in (-1, side)),
        "dominoes": sum(1 for end in ends if end.winner_side == side and end.reason == DOMINO),
        "blocks": sum(1 for end in ends if end.winner_side == side and end.reason == BLOCKED),
        "plays": plays,
        "turns": mine["turns"],
        "multiples": mine["multiples"],
        "largest": max(plays, default=0),
        # the side's round points (plays, and muggins taken) less the bonuses it won
        "points": sum(
            r.points[side] - (end.bonus if end.winner_side == side else 0)
            for r, end in zip(match.rounds, ends, strict=True)
        ),
        "domino_66": any(
            end.reason == DOMINO
            and end.winner_seat == you
            and not any(places_tile(e.move) and tile_of(e.move) == DOUBLE_SIX for e in r.history)
            for r, end in zip(match.rounds, ends, strict=True)
        ),
        "pegs": rules.cribbage,
    }


def _best_other(scores: list[int], side: int) -> int:
    return max(v for s, v in enumerate(scores) if s != side)
