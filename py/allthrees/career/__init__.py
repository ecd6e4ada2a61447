"""A player's career: each finished match as an entry, every figure and trophy from the entries,
the daily deal with its scored attempts and streak, and the export: its one format, what the
page keeps, and the check of an import before the page replaces anything with it.

One module per concern, each saying what it owns:

- ``refusals``: ``CareerError`` and ``NotOver``, each with a code of ``errors.REFUSAL_CODES``.
- ``dates``: the page's ISO UTC times and UTC days, parsed and refused; date order.
- ``schema``: what an entry must be for a figure to be made of it (``check_entries``).
- ``dailydeal``: the day's deal (``daily``, ``daily_session``), its shareable line, and which
  start is the day's one scored attempt (``daily_start``) and whether a streak is alive today.
- ``entries``: one finished match as an entry (``entry``) from the engine's own histories.
- ``awards``: the trophies, their thresholds and which entry earned each (``trophies``).
- ``stats``: every figure of the career from its entries (``figures``).
- ``intake``: a finished match taken in, in one request: the entry and the figures with it.
- ``transfer``: the export file (``EXPORT_FORMAT``, ``EXPORT_VERSION``, ``export_file``), how much
  the page keeps (``MAX_ENTRIES``, ``MAX_HISTORY``) and the import's check (``check_import``).
- ``merge``: two devices' careers merged both ways (``merge``), the figures worked out again.
- ``glicko``: Glicko-2 as Glickman published it (``rate``, ``aged``).
- ``computers``: each computer level's fixed rating (``COMPUTER_RATINGS``), measured.
- ``titles``: the ladder of titles by rating (``TITLES``), up to Grand Master of the Parlor.
- ``rated``: whether a table is rated (``rated_table``) and what a rated match leaves in its
  entry (``rated_of``: ``shapes.career.RatedResult``).
- ``rating``: every kind's rating as a pure function of the entries' rated results
  (``ratings``), the rating before a match, the titles a match reached.
- ``signed``: a rated result between people: its document, digest, checks and the abandoned
  rule (``part``, ``document``, ``take``, ``abandon``).
- ``standings``: the daily deal's published entry and the check of every entry before it is
  ranked (``published_entry``, ``standings``).

Nothing here reads a clock: what "today" is stays the page's to say. What the page words
arrives as codes (the seats' ``labels``, ``daily_line``). The names below are the package's
surface: ``from allthrees import career; career.figures(...)``.
"""

from __future__ import annotations

from .awards import (
    BIG_PLAY_POINTS,
    CAREER_MULTIPLES,
    COMEBACK_POINTS,
    DAILY_WEEK_DAYS,
    FULL_TABLE_PLAYERS,
    GRAND_MASTER_WINS,
    SPRINT_SCORE,
    TEN_MATCHES,
    TROPHIES,
    TROPHY_IDS,
    Past,
    Trophy,
    trophies,
)
from .dailydeal import (
    DAILY_OPPONENT,
    DAILY_SALT,
    DAILY_SEED_HEX,
    check_attempts,
    daily,
    daily_figures,
    daily_line,
    daily_seed,
    daily_session,
    daily_settings,
    daily_start,
    live_streak,
)
from .dates import in_date_order, parse_day, parse_stamp
from .entries import DOUBLE_SIX, entry, results, table
from .intake import recorded
from .merge import merge
from .rated import KINDS, rated_table
from .rating import PROVISIONAL, TAU, ratings, titles_reached
from .refusals import CareerError, NotOver
from .schema import ENTRY_FIELDS, LEVELS, MATCH_ID, check_entries, check_entry
from .signed import abandon, check_abandoned
from .signed import document as rated_document
from .signed import part as rated_part
from .signed import take as rated_take
from .standings import check as standings_check
from .standings import published_entry
from .standings import standings as daily_standings
from .stats import AVERAGE_DIGITS, HISTOGRAM_FROM, RATE_DIGITS, WIN_RATE_WINDOW, figures
from .titles import TITLE_CODES, TITLES
from .transfer import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    KEEP,
    MAX_ENTRIES,
    MAX_EXPORT_CHARS,
    MAX_HISTORY,
    RESULT_FIELDS,
    SEED_HEX,
    NotAnExport,
    check_import,
    export_file,
)

__all__ = [
    "AVERAGE_DIGITS",
    "BIG_PLAY_POINTS",
    "CAREER_MULTIPLES",
    "COMEBACK_POINTS",
    "DAILY_OPPONENT",
    "DAILY_SALT",
    "DAILY_SEED_HEX",
    "DAILY_WEEK_DAYS",
    "DOUBLE_SIX",
    "ENTRY_FIELDS",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "FULL_TABLE_PLAYERS",
    "GRAND_MASTER_WINS",
    "HISTOGRAM_FROM",
    "KEEP",
    "KINDS",
    "PROVISIONAL",
    "TAU",
    "TITLES",
    "TITLE_CODES",
    "abandon",
    "check_abandoned",
    "published_entry",
    "rated_document",
    "rated_part",
    "rated_table",
    "rated_take",
    "ratings",
    "daily_standings",
    "standings_check",
    "titles_reached",
    "LEVELS",
    "MATCH_ID",
    "MAX_ENTRIES",
    "MAX_EXPORT_CHARS",
    "MAX_HISTORY",
    "RATE_DIGITS",
    "RESULT_FIELDS",
    "SEED_HEX",
    "SPRINT_SCORE",
    "TEN_MATCHES",
    "TROPHIES",
    "TROPHY_IDS",
    "WIN_RATE_WINDOW",
    "CareerError",
    "NotAnExport",
    "NotOver",
    "Past",
    "Trophy",
    "check_attempts",
    "check_entries",
    "check_entry",
    "check_import",
    "daily",
    "daily_figures",
    "daily_line",
    "daily_seed",
    "daily_session",
    "daily_settings",
    "daily_start",
    "entry",
    "export_file",
    "figures",
    "in_date_order",
    "live_streak",
    "merge",
    "parse_day",
    "parse_stamp",
    "recorded",
    "results",
    "table",
    "trophies",
]
