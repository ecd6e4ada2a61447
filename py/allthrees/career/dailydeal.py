"""The daily deal: the same deal for everyone on a UTC day (a seed from the day and the preset),
the session that plays it, the check that a match recorded as a day's daily is that deal, and
the rules of its attempts and streak: the first start of a UTC day is that day's one scored
attempt (``daily_start``), and the run of consecutive days is alive while its newest day is
today or yesterday (``live_streak``). The page keeps the attempts (``{day: match id}``) and
says what day it is; what they mean is decided here."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import date as Day
from typing import TYPE_CHECKING, TypeGuard

from ..match import commitment
from ..rules import DEFAULT_PRESET
from ..session import Session
from ..settings import MAX_SEED_DIGITS, Seat, Settings
from .dates import ONE_DAY, checked_day, parse_day
from .refusals import CareerError
from .schema import check_entry, is_match_id

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Daily, DailyFigures, DailyLine, DailyStart, Entry

DAILY_SALT = "allthrees daily"  # hashed with the day and the preset: the seed of that deal
DAILY_SEED_HEX = 12  # hex digits of the hash kept: 48 bits, a seed a ?seed= link can carry
# A daily's seed must be a seed a link and the New game request take (below 10**15).
assert 16**DAILY_SEED_HEX <= 10**MAX_SEED_DIGITS
DAILY_OPPONENT = "expert"  # everyone meets the same player: the strongest
# The daily's computers search exactly this many worlds a move, with no time budget, from a
# random source fixed by the day's seed, the round and the move (``Session._rng``): the same
# moves on every device, so any device can replay anyone's attempt and check every computer
# move in it (``standings``). 100 worlds play as strongly as the usual 200 (docs/opponents.md:
# more than about 150 add nothing) at half the cost of a check.
DAILY_WORLDS = 100
# Days from a streak's newest daily to today for it to be alive: played today (0) or
# yesterday (1), today's deal is still there to extend it.
STREAK_ALIVE_DAYS = 1


def daily_settings(preset: str = DEFAULT_PRESET) -> Settings:
    """The daily's table: a Parlor Match under ``preset``, you against the Expert, its options the
    preset's own (BadSettings ``unknown_preset`` for an unknown preset)."""
    return Settings(mode="match", rules=preset, seats=(Seat("you"), Seat(DAILY_OPPONENT)))


def daily_seed(day: str, preset: str) -> int:
    """The seed of ``day``'s deal under ``preset``: the same for everyone that UTC day."""
    digest = hashlib.sha256(f"{DAILY_SALT} {day} {preset}".encode()).hexdigest()
    return int(digest[:DAILY_SEED_HEX], 16)


def daily(date: Json, preset: Json = DEFAULT_PRESET) -> Daily:
    """The deal of UTC day ``date``: its settings, its seed and the seed's commitment. The seed is
    public (anyone can work it out), so the commitment only lets the page show the usual line."""
    day = checked_day(date, "the daily's date")
    settings = daily_settings(preset)
    seed = daily_seed(day, settings.rules)
    return {
        "date": day,
        "settings": settings.to_json(),
        "seed": seed,
        "commitment": commitment(seed),
    }


def daily_session(date: Json, preset: Json = DEFAULT_PRESET, hide_sum: bool = False) -> Session:
    """A new match on ``date``'s daily deal. It counts (it is not a practice deal): its seed is
    public, but the same for everyone, and only the day's first attempt is scored
    (``daily_start``)."""
    deal = daily(date, preset)
    settings = replace(Settings.from_json(deal["settings"]), hide_sum=hide_sum)
    session = Session(settings, deal["seed"], practice=False)
    session.worlds = DAILY_WORLDS
    return session


def check_daily(session: Session, day: str) -> None:
    """A match recorded as ``day``'s daily must be that deal at that table."""
    settings = session.settings
    expected = daily_settings(settings.rules)
    if (
        settings.mode != expected.mode
        or settings.seats != expected.seats
        or settings.to_rules() != expected.to_rules()
        or session.seed != daily_seed(day, settings.rules)
    ):
        raise CareerError(f"this match is not the daily deal of {day}", code="not_daily", date=day)


def daily_line(entry: Json) -> DailyLine:
    """A daily's result to share, as a code and values the page words ("All Threes daily
    2026-12-01: 87 points, won by 23"): your side's score, the margin, whether you won."""
    e = check_entry(entry)
    if e["daily"] is None:
        raise CareerError("that match was not a daily deal", code="not_daily")
    return {
        "code": "daily_line",
        "date": e["daily"],
        "points": e["scores"][e["your_side"]],
        "margin": e["margin"],
        "won": e["won"],
    }


# ---------------------------------------------------------------------- attempts and streak
def are_attempts(attempts: Json) -> TypeGuard[dict[str, str]]:
    """Whether ``attempts`` is the daily's attempts as the page keeps them: ``{day: match id}``,
    the match that was each day's scored attempt."""
    return isinstance(attempts, dict) and all(
        parse_day(day) is not None and is_match_id(match) for day, match in attempts.items()
    )


def check_attempts(attempts: Json) -> dict[str, str]:
    """``attempts`` if ``are_attempts`` (CareerError ``bad_career`` naming them if not)."""
    if not are_attempts(attempts):
        raise CareerError("the daily's attempts must map UTC days to match ids", field="attempts")
    return attempts


def daily_start(session: Session, date: Json, attempts: Json) -> DailyStart:
    """The match in play was just started from ``date``'s deal: it is that day's scored attempt
    when it is the first start of that day (``attempts`` holds no match for the day). Returns
    ``{scored, attempts}``: whether it is, and the attempts for the page to keep (this match
    added when scored; as they were otherwise)."""
    day = checked_day(date, "the daily's date")
    before = check_attempts(attempts)
    check_daily(session, day)
    scored = day not in before
    return {"scored": scored, "attempts": {**before, day: session.match_id} if scored else before}


def live_streak(streak: int, last: Day | None, today: Day) -> int:
    """A run of ``streak`` consecutive daily days whose newest is ``last``, as of ``today``: it
    is alive while ``last`` is today or yesterday (today's deal can still extend it), 0 once a
    whole day has gone by without one."""
    if last is None or (today - last).days > STREAK_ALIVE_DAYS:
        return 0
    return streak


def daily_figures(ordered: list[Entry], today: Json = None, attempts: Json = None) -> DailyFigures:
    """Dailies played, the run of consecutive UTC days up to the newest daily (as of ``today``
    when the page says what day it is: ``live_streak``), the longest run, the newest daily's
    day. With ``today``, also ``today``: ``{date, attempted, line}``, whether the day's scored
    attempt was started (``attempts``: a start now would not be scored) and its shareable
    ``daily_line`` once it is finished (null until then)."""
    days = sorted({d for e in ordered if (d := parse_day(e["daily"])) is not None})
    run = longest = 0
    for i, day in enumerate(days):
        run = run + 1 if i and day - days[i - 1] == ONE_DAY else 1
        longest = max(longest, run)
    last = days[-1] if days else None
    out: DailyFigures = {
        "played": sum(1 for e in ordered if e["daily"] is not None),
        "streak": run,
        "longest": longest,
        "last": last.isoformat() if last else None,
    }
    if today is None:
        return out
    date = checked_day(today, "today")
    tried = check_attempts({} if attempts is None else attempts)
    scored = next((e for e in ordered if e["id"] == tried.get(date)), None)
    out["streak"] = live_streak(run, last, Day.fromisoformat(date))
    out["today"] = {
        "date": date,
        "attempted": date in tried,
        "line": daily_line(scored) if scored and scored["daily"] is not None else None,
    }
    return out
