"""Progress carried to another device, with no server: the one definition of the export file
(``EXPORT_FORMAT``, ``EXPORT_VERSION``) and of how much of the career the page keeps
(``MAX_ENTRIES`` entries, ``MAX_HISTORY`` whole matches: ``KEEP``), the export's object built
from what the page keeps (``export_file``), and the check of an import through and through
before the page replaces anything with it (``check_import``: every history record replayed from
its revealed seed). The export also carries this device's key for signing rated results
(``signing``: the chain of its signed results goes on under the same key on the device that
imports it; ``check_signing``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .. import jsontext
from ..errors import AllThreesError
from ..jsontext import is_whole, shown
from ..match import DEALINGS, commitment
from ..record import resume
from ..session import Session
from ..settings import Settings
from .awards import trophies
from .dailydeal import are_attempts, check_attempts
from .dates import checked_stamp, in_date_order, parse_stamp
from .entries import results, table
from .refusals import CareerError
from .schema import check_entries, is_match_id, where
from .signed import check_abandoned

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Entry, ExportFile, ImportSummary, Keep, SigningKey

EXPORT_FORMAT = "allthrees-export"
EXPORT_VERSION = 1
MAX_HISTORY = 100  # whole matches the page keeps (its history, ~5-15 kB each) and an export holds
MAX_ENTRIES = 2000  # career entries the page keeps: ~0.7 kB each, 1.4 MB beside the history
KEEP: Keep = {"entries": MAX_ENTRIES, "history": MAX_HISTORY}  # the page's store (replies')
# An export's text: 100 records of long matches (~10 kB each) and thousands of entries (~0.5 kB
# each without their records) fit well inside it.
MAX_EXPORT_CHARS = 4_000_000
SEED_HEX = re.compile(r"[0-9a-f]{64}")  # a revealed seed (``match.seed_hex``); a signing key
# What a history record's replayed match must give again in the entry of the same id.
RESULT_FIELDS = (
    "won",
    "scores",
    "margin",
    "rounds",
    "race",
    "trailed_by",
    "other_round_wins",
    "dominoes",
    "blocks",
    "plays",
    "turns",
    "multiples",
    "largest",
    "points",
    "domino_66",
    "pegs",
)


class NotAnExport(CareerError):
    """Text or data that is no export of this game at all."""

    code = "not_an_export"


def check_signing(signing: Json) -> SigningKey | None:
    """The device's key for signing rated results as an export carries it: ``{secret}`` (64
    lowercase hex digits, BIP-340's secret key; the page's ``allthrees.ratingkey.v1``), or None
    (a device that signed nothing yet, an export from before ratings); anything else is an
    ``export_shape`` refusal naming ``signing``."""
    if signing is None:
        return None
    secret = signing.get("secret") if isinstance(signing, dict) else None
    whole = isinstance(signing, dict) and set(signing) == {"secret"}
    if not whole or not isinstance(secret, str) or SEED_HEX.fullmatch(secret) is None:
        secret = None
    if secret is None or int(secret, 16) == 0:  # (zero is no BIP-340 key)
        what = "the export's signing key is damaged"
        raise CareerError(what, code="export_shape", field="signing")
    return {"secret": secret}


def export_file(
    exported: Json,
    entries: Json,
    daily: Json,
    history: Json,
    prefs: Json,
    abandoned: Json = None,
    signing: Json = None,
) -> ExportFile:
    """The export file's object from what the page keeps: the career's ``entries`` (checked as
    ``figures`` reads them), the daily's ``{attempts}``, the whole matches of the ``history``
    (newest first: at most the newest ``MAX_HISTORY``) and the page's ``prefs``, stamped with
    the page's time ``exported``, with the rated matches this device ``abandoned`` (none: an
    empty list), and its key for signing rated results (``signing``, when it has one). The match
    in play is not the page's to send: its seed is sealed to the browser's key and never travels
    as readable text."""
    stamp = checked_stamp(exported, "the export's time")
    shape = {
        "daily": isinstance(daily, dict),
        "history": isinstance(history, list),
        "prefs": isinstance(prefs, dict),
    }
    for key, ok in shape.items():
        if not ok:
            raise CareerError(
                f"the export's {key} is missing or damaged", code="export_shape", field=key
            )
    signing_key = check_signing(signing)
    out: ExportFile = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported": stamp,
        "career": {
            "entries": check_entries(entries),
            "daily": {"attempts": check_attempts(daily.get("attempts"))},
            "abandoned": check_abandoned(abandoned),
        },
        "history": history[:MAX_HISTORY],
        "prefs": prefs,
    }
    if signing_key is not None:
        out["signing"] = signing_key
    return out


def check_import(data: Json) -> ImportSummary:
    """Check an export (the object, or its text) through and through before anything is
    replaced: its format and version, its shape, every career entry (as ``figures`` would), the
    daily's attempts, at most MAX_HISTORY history items, and every history record replayed from
    its revealed seed under its settings' rules (and agreeing with its career entry). Returns
    what it holds, for the page to show what would be replaced:
    ``{entries, history, trophies, newest}``."""
    if isinstance(data, str):
        data = jsontext.parse(data, "the file", MAX_EXPORT_CHARS, NotAnExport)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise NotAnExport("this file is not an All Threes export")
    version = data.get("version")
    if is_whole(version, EXPORT_VERSION + 1):
        raise CareerError("this export is from a newer version of the game", code="export_newer")
    if not is_whole(version) or version != EXPORT_VERSION:
        raise CareerError(
            f"this export's version is unknown: {shown(version)}", code="export_version"
        )
    career: Json = data.get("career")
    history: Json = data.get("history")
    shape = {
        "exported": parse_stamp(data.get("exported")) is not None,
        "career": isinstance(career, dict) and isinstance(career.get("entries"), list),
        "history": isinstance(history, list),
        "prefs": isinstance(data.get("prefs"), dict),
        # the daily's attempts, when the file has them, are what the page keeps (``figures``
        # reads them once imported)
        "daily": not isinstance(career, dict) or _daily_kept(career.get("daily")),
    }
    for key, ok in shape.items():
        if not ok:
            raise CareerError(
                f"the export's {key} is missing or damaged", code="export_shape", field=key
            )
    if len(history) > MAX_HISTORY:
        raise CareerError(
            f"the export holds {len(history)} matches' records; at most {MAX_HISTORY}",
            code="export_too_many",
            most=MAX_HISTORY,
        )
    entries = check_entries(career["entries"])
    check_abandoned(career.get("abandoned"))  # an export from before ratings has none
    signing = check_signing(data.get("signing"))  # nor a signing key
    by_id = {e["id"]: e for e in entries}
    seen: set[str] = set()
    for i, item in enumerate(history):
        match_id = check_history_item(i, item, by_id)
        if match_id in seen:
            raise CareerError(
                f"history item {i + 1} repeats match {match_id}",
                code="export_history",
                field="id",
                **where(i, item),
            )
        seen.add(match_id)
    ordered = in_date_order(entries)
    return {
        "entries": len(entries),
        "history": len(history),
        "trophies": len(trophies(ordered)),
        "newest": ordered[-1]["date"] if ordered else None,
        "signing": signing is not None,
    }


def _daily_kept(daily: Json) -> bool:
    """Whether an export's ``career.daily`` is absent or ``{attempts}`` the page can keep."""
    return daily is None or (isinstance(daily, dict) and are_attempts(daily.get("attempts")))


def check_history_item(i: int, item: Json, by_id: dict[str, Entry]) -> str:
    """History item ``i``: its shape, its settings, its record replayed from the seed, dealt as
    the commitment promised, under the settings' rules, finished, and agreeing with its career
    entry (when the career has one of that id). Returns its match id."""
    at = where(i, item)
    name = f"history item {i + 1}" + (f" ({at['date']})" if at["date"] else "")
    if not isinstance(item, dict):
        raise CareerError(f"{name} is not an object", code="export_history", field="", **at)
    fields = {
        "id": is_match_id(item.get("id")),
        "date": parse_stamp(item.get("date")) is not None,
        "record": isinstance(item.get("record"), dict),
    }
    for key, ok in fields.items():
        if not ok:
            raise CareerError(
                f"{name}: {key} is missing or damaged", code="export_history", field=key, **at
            )
    try:
        settings = Settings.from_json(item.get("settings"))
    except AllThreesError as exc:
        raise CareerError(
            f"{name}: its settings are wrong: {exc}", code="export_settings", **at
        ) from None
    record = item["record"]
    seed_text, dealing = record.get("seed"), record.get("dealing", "keyed")
    if not isinstance(seed_text, str) or SEED_HEX.fullmatch(seed_text) is None:
        raise CareerError(f"{name}: its record has no revealed seed", code="export_seed", **at)
    seed = int(seed_text, 16)
    if record.get("commitment") != commitment(seed) or dealing not in DEALINGS:
        raise CareerError(
            f"{name}: its seed is not the one its deal was promised from",
            code="export_seed",
            **at,
        )
    try:
        match = resume(record, seed, dealing)
    except AllThreesError as exc:
        raise CareerError(
            f"{name}: its record does not replay: {exc}", code="export_replay", **at
        ) from None
    if match.rules != settings.to_rules():
        raise CareerError(
            f"{name}: its record's rules are not its settings'", code="export_rules", **at
        )
    if not match.over:
        raise CareerError(f"{name}: its match is unfinished", code="export_unfinished", **at)
    own = by_id.get(item["id"])
    if own is not None:
        session = Session(settings, seed, match, match_id=item["id"])
        replayed: dict[str, object] = {**results(session), **table(settings)}
        kept: Mapping[str, object] = own
        wrong = [
            k
            for k in (*RESULT_FIELDS, "you", "your_side", "mode", "players")
            if kept[k] != replayed[k]
        ]
        if wrong:
            raise CareerError(
                f"{name}: its career entry's {wrong[0]} is not what its record replays to",
                code="export_mismatch",
                field=wrong[0],
                **at,
            )
    return str(item["id"])  # checked above: a match id
