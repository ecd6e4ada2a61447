"""A session as save text, and back: the match record (RULES.md), the settings, the seed, and
whose hand was on show. Restoring replays the record from the seed (``record.resume``), so a
damaged or tampered save is refused instead of believed, and the match goes on exactly where it
was.

Version 1 (the one-table page: ``settings`` of ``opponent``, ``target`` ...) still loads.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import AllThreesError, BadRecord
from .record import resume, to_record
from .session import Session
from .settings import Settings

SAVE_VERSION = 2
READS = (1, 2)
MAX_SEED = 2**64  # seeds are whole numbers below this


class BadSave(BadRecord):
    """Save text that cannot be restored; the message says why in a player's words."""


def dump(session: Session) -> str:
    return json.dumps(
        {
            "version": SAVE_VERSION,
            "seed": session.seed,
            "settings": session.settings.to_json(),
            "record": to_record(session.match),
            "viewer": session.viewer,
            "cover": session.cover,
        }
    )


def load(text: Any) -> Session:
    """The session a save describes; BadSave when it cannot be restored."""
    if not isinstance(text, str):
        raise BadSave("the save is not text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadSave(f"the save is not valid JSON ({str(exc)[:60]})") from None
    if not isinstance(data, dict):
        raise BadSave("the save is not a saved game")
    version = data.get("version")
    if version not in READS:
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
            raise BadSave("this save is from a newer version of the game")
        raise BadSave("the save is from an unknown version")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise BadSave("the save has no seed")
    try:
        settings = Settings.from_json(data.get("settings"))
    except AllThreesError as exc:
        raise BadSave(f"the save's settings are wrong: {exc}") from None
    record = data.get("record")
    if not isinstance(record, dict):
        raise BadSave("the save has no match record")
    try:
        match = resume(record, seed)
    except AllThreesError as exc:
        raise BadSave(f"the saved match does not replay: {exc}") from None
    if match.rules != settings.to_rules():
        raise BadSave("the save's record does not match its settings")
    session = Session(settings, seed, match)
    if version >= 2:
        session.restore_view(data.get("viewer"), data.get("cover"))
    return session
