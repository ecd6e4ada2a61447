"""Typed errors for bad input. Each message names the reason in words a player could act on.

A move can be wrong in three ways a caller may want to tell apart (as python-chess does): it is
not a move at all (``MalformedMove``: bad notation, an unknown arm, not a move int), it could mean
more than one move (``AmbiguousMove``: a tile that fits two arms with no arm named), or it is a
move the rules do not allow here (``IllegalMove``). All three are ``MoveError``s, and the state a
move was offered to is unchanged after any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json


class AllThreesError(Exception):
    """Base of every error this package raises on purpose. Its message is English (the terminal's
    words); ``code`` and ``values`` say the same for a page to word in its own language (the
    page's catalogues word every code; ``code`` falls back to the class's own)."""

    code = "refused"
    values: dict[str, object] = {}  # noqa: RUF012 - never mutated: instances get their own


# Every code an error may carry, so that a page's catalogues can word each one (a node test holds
# web/js/i18n/strings*.js to this list, and a test here holds every raise to it).
REFUSAL_CODES = (
    # any request: app.py, session.py; any move
    "refused",
    "bad_request",
    "failed",
    "illegal_move",
    "bad_record",
    # a rules choice: rules.py, New game's Options
    "bad_rules",
    "not_bool",
    "too_small",
    "players",
    "not_a_choice",
    "teams_of_four",
    "too_many_tiles",
    "reserve_without_draw",
    # settings and links: settings.py
    "bad_settings",
    "unknown_mode",
    "unknown_preset",
    "one_you",
    "unknown_option",
    "target_max",
    "name_control",
    "name_long",
    "link_flag",
    "link_number",
    "link_unknown",
    "link_players_seats",
    "link_seat",
    "seat_name",
    # saves: save.py, the kinds, then what exactly is wrong
    "unreadable",
    "newer",
    "tampered",
    "damaged",
    "not_a_save",
    "save_version",
    "save_settings",
    "save_seed",
    "save_record",
    "save_replay",
    "save_dealing",
    "save_id",
    "save_past_end",
    # the career, the daily deal and an export's check: the career package
    "bad_career",
    "bad_date",
    "match_not_over",
    "not_daily",
    "rated_result",
    "not_an_export",
    "export_newer",
    "export_version",
    "export_shape",
    "export_too_many",
    "export_history",
    "export_settings",
    "export_seed",
    "export_replay",
    "export_rules",
    "export_unfinished",
    "export_mismatch",
    # a table across devices, net/: checking a message, the gathering, a guest checking the deal
    "message_json",
    "message_long",
    "message_newer",
    "message_version",
    "message_kind",
    "message_shape",
    "reaction_unknown",
    "title_unknown",
    "reaction_flood",
    "no_friends",
    "chain_spent",
    "gathering_save",
    "guest_seat",
    "not_joined",
    "not_dealt",
    "wrong_table",
    "table_full",
    "seat_taken",
    "seat_given",
    "shared_commitment",
    "shared_part",
    "shared_seed",
    "shared_replay",
    "shared_seen",
    # the table clock and filling a gathering's empty seats: net/clock.py, net/table.py
    "clock_choice",
    "clock_off",
    "clock_turn",
    "clock_running",
    "no_gathering",
    "nobody_joined",
    "rated_joined",  # the host's choice of a rated table is settled once a friend sat down
    # the match replay viewer: replayview.py
    "replay_record",
    "replay_round",
    "replay_rules",
)


class RefusalWords(TypedDict):
    """An error as a page reads it: the English message, its code and the code's values."""

    error: str
    code: str
    values: dict[str, Json]


def refusal_json(exc: AllThreesError) -> RefusalWords:
    """An error as a page reads it: ``{error: English message, code, values}``."""
    values = {k: v if isinstance(v, (int, str, list)) else str(v) for k, v in exc.values.items()}
    return {"error": str(exc), "code": exc.code or type(exc).code, "values": values}


class MoveError(AllThreesError):
    """A move that cannot be made. The state it was offered to is unchanged."""

    code = "illegal_move"


class MalformedMove(MoveError):
    """Not a move: notation that does not parse, an unknown arm or tile, a value of the wrong
    type."""


class AmbiguousMove(MoveError):
    """Notation that names more than one legal move (a tile that fits two arms, no arm given)."""


class IllegalMove(MoveError):
    """A move the rules do not allow here."""


class BadRecord(AllThreesError):
    """A record (or save) that is malformed or cannot be replayed."""

    code = "bad_record"


class Refusal(AllThreesError):
    """A choice refused with the option at fault: ``option`` names it (or is None), so a form
    can show the message next to it; ``code`` (of REFUSAL_CODES; the class's own when None) and
    ``values`` say the same for a page to word in its language. ``BadRules`` and
    ``settings.BadSettings`` are the two kinds."""

    def __init__(
        self, message: str, option: str | None = None, code: str | None = None, **values: object
    ) -> None:
        super().__init__(message)
        self.option = option
        self.code = code or type(self).code
        self.values = values


class BadRules(Refusal, BadRecord):
    """An unknown preset, an unknown option or an option value out of range (a record's rules
    too, hence a ``BadRecord``); shown next to its option by ``rulesform.rules_form``."""

    code = "bad_rules"
