"""A session as save text, and back.

Version 3 holds no hand and no deal: the settings, the seed (the page seals it before storing:
see web/js/store/savekeys.js; ``stored`` gives it apart), the commitment to the seed, and each
round's moves in notation. Restoring deals every round again from the seed and replays the
moves, so a damaged or edited save is refused instead of believed, and the match goes on exactly
where it was. A save whose moves turn illegal partway can be salvaged up to its last legal move
(``load(..., salvage=True)``).

A table across devices (``net``) keeps its joint state beside (``net``: the table id, the
match's place in the host's chain, the friends' parts and names; ``stand_in``: the computers
playing for friends who are away), and its sealed ``seed`` field holds the host's secret instead
of the seed, which follows from it and the parts (``net.joint``): nothing secret is plain. A
gathering not yet dealt is saved the same way (``gathering_stored``, ``load_gathering``).

Versions 1 and 2 (a full record, dealt with the older string scheme) still load.

The text is checked before it is parsed (``jsontext``: its size, nesting and the length of its
numbers), so no save can exhaust the interpreter.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import jsontext
from .errors import AllThreesError, BadRecord
from .jsontext import is_whole
from .match import Match, commitment, seed_hex
from .net.state import Gathering, TableState
from .notation import parse_move
from .record import resume, to_record
from .session import Session
from .settings import COMPUTERS, Settings

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.saved import GatheringSaveRest, GatheringStored, MatchSaveRest, Stored

SAVE_VERSION = 3
READS = (1, 2, 3)
MAX_SAVE_CHARS = 1_000_000  # a whole long match is well under 100 kB
OLD_SEED_BITS = 64  # versions 1 and 2 dealt from a seed below 2**64 (the string scheme)
MAX_WORLDS = 10_000  # a fixed search's worlds a save may name (the daily's are far fewer)


class BadSave(BadRecord):
    """Save text that cannot be restored; the message says why in a player's words. ``kind``:
    ``unreadable``, ``newer`` (a save from a later version), ``tampered`` or ``damaged`` (its
    moves turn illegal at ``where``, a round and a move: see ``load(salvage=True)``)."""

    def __init__(
        self, message: str, kind: str = "unreadable", where: list[int] | None = None, code: str = ""
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.where = where
        self.code = code or kind  # what exactly, for the page's words (the kind when it says all)
        self.values: dict[str, object] = {"where": where} if where else {}


def parse(text: Json, what: str = "the save") -> Json:
    return jsontext.parse(text, what, MAX_SAVE_CHARS, BadSave)


SEALED = "seed"  # the one field the page seals before storing: the deal's secret


def dump(session: Session) -> str:
    return _text(_rest(session), "dealing", _sealed(session))


def _text(rest: Mapping[str, object], after: str, sealed: str) -> str:
    """The save's text: ``rest`` with the sealed field in its place, after the field ``after``
    (where every save since version 3 has had it)."""
    data: dict[str, object] = {}
    for key, value in rest.items():
        data[key] = value
        if key == after:
            data[SEALED] = sealed
    return json.dumps(data)


GATHERING = "gathering"  # the field of a gathering's save (a table across devices, not dealt)


def gathering_stored(settings: Settings, net: TableState) -> GatheringStored:
    """A gathering as the page keeps it (``text``, the save; ``stored``, as ``stored``): the
    host's secret is its sealed ``seed`` field."""
    rest: GatheringSaveRest = {
        "version": SAVE_VERSION,
        "match_id": net.table,
        "moves": 0,
        "gathering": net.to_json(),
        "settings": settings.to_json(),
    }
    text = _text(rest, "moves", net.top.hex())
    return {
        "text": text,
        "stored": {"match_id": net.table, "moves": 0, "seed": net.top.hex(), "rest": rest},
    }


def load_gathering(text: Json, seed: Json = None) -> Gathering | None:
    """The gathering a save holds (``(TableState, Settings)``), or None when it is a match's save;
    ``BadSave`` when it is a damaged gathering."""
    data = parse(text)
    if not isinstance(data, dict) or GATHERING not in data:
        return None
    if seed is not None:
        data[SEALED] = seed
    try:
        settings = Settings.from_json(data.get("settings"))
        return Gathering(
            TableState.from_json(data[GATHERING], data.get(SEALED), settings), settings
        )
    except AllThreesError as exc:
        raise BadSave(f"the saved gathering is damaged: {exc}", code="save_settings") from None


def stored(session: Session) -> Stored:
    """The save as the page stores it, so that it never reads the save's own fields: its identity
    (``match_id``; ``moves``, which grows with every change: the newer of two saves of one match
    has more), the seed to seal, and the rest, kept as it is. ``load(rest, seed=seed)`` restores."""
    rest = _rest(session)
    return {
        "match_id": rest["match_id"],
        "moves": rest["moves"],
        "seed": _sealed(session),
        "rest": rest,
    }


def _sealed(session: Session) -> str:
    """The save's one sealed field: the seed, or across devices the host's secret (the seed
    follows from it and the parts)."""
    return seed_hex(session.seed) if session.net is None else session.net.top.hex()


def _rest(session: Session) -> MatchSaveRest:
    """The save but its sealed field."""
    match = session.match
    rounds = [r["moves"] for r in to_record(match)["rounds"]]
    rest: MatchSaveRest = {
        "version": SAVE_VERSION,
        "match_id": session.match_id,
        "moves": sum(len(r) for r in rounds) + len(rounds),  # grows with every change
        "practice": session.practice,
        "dealing": match.dealing,
        "commitment": commitment(session.seed),
        "settings": session.settings.to_json(),
        "rounds": rounds,
        "viewer": session.viewer,
        "cover": session.cover,
        "hinted": session.hinted,  # a hint was asked: the match is not rated (``career.rated``)
        "worlds": session.worlds,  # the daily deal's computers search a fixed count of worlds
    }
    if session.net is None:
        return rest
    return {"net": session.net.to_json(), "stand_in": _stand_in(session), **rest}


def _stand_in(session: Session) -> dict[str, str]:
    return {str(seat): level for seat, level in sorted(session.stand_in.items())}


def load(text: Json, salvage: bool = False, seed: Json = None) -> Session:
    """The session a save describes; BadSave when it cannot be restored. ``salvage``: a save whose
    moves turn illegal resumes from its last legal move instead of being refused. ``seed``: the
    seed the page kept sealed apart from the rest (``stored``); the save's own when None."""
    data = parse(text)
    if not isinstance(data, dict):
        raise BadSave("the save is not a saved game", code="not_a_save")
    if seed is not None:
        data[SEALED] = seed
    version = data.get("version")
    if version not in READS:
        if is_whole(version) and version > SAVE_VERSION:
            raise BadSave("this save is from a newer version of the game", "newer")
        raise BadSave("the save is from an unknown version", code="save_version")
    try:
        settings = Settings.from_json(data.get("settings"))
    except AllThreesError as exc:
        raise BadSave(f"the save's settings are wrong: {exc}", code="save_settings") from None
    net = None
    if version >= 3 and "net" in data:  # a table across devices: the seed from the secret
        try:
            net = TableState.from_json(data["net"], data.get(SEALED), settings)
        except AllThreesError as exc:
            raise BadSave(f"the save's table across devices: {exc}", code="save_seed") from None
        data[SEALED] = seed_hex(net.seed())
    load_version = _load_record if version < 3 else _load_moves
    session = load_version(data, settings, salvage)
    if net is not None:
        session.net, session.practice = net, net.practice
        stand_in = data.get("stand_in", {})
        for key, level in stand_in.items() if isinstance(stand_in, dict) else ():
            if key.isdigit() and int(key) in net.friends and level in COMPUTERS:
                session.set_stand_in(int(key), level)
    if version >= 2:
        session.restore_view(data.get("viewer"), data.get("cover"))
    # a save from before these fields: no hint asked, the usual search
    session.hinted = data.get("hinted") is True
    worlds = data.get("worlds")
    session.worlds = worlds if is_whole(worlds, least=1, most=MAX_WORLDS) else None
    return session


def _load_record(data: dict[str, Json], settings: Settings, salvage: bool) -> Session:  # noqa: ARG001
    """Versions 1 and 2: the whole record, dealt from a small seed with the string scheme."""
    seed = data.get("seed")
    if not is_whole(seed, least=0, most=2**OLD_SEED_BITS - 1):
        raise BadSave("the save has no seed", code="save_seed")
    record = data.get("record")
    if not isinstance(record, dict):
        raise BadSave("the save has no match record", code="save_record")
    try:
        match = resume(record, seed, dealing="string")
    except AllThreesError as exc:
        raise BadSave(f"the saved match does not replay: {exc}", code="save_replay") from None
    if match.rules != settings.to_rules():
        raise BadSave("the save's record does not match its settings", code="save_record")
    return Session(settings, seed, match, practice=True)


def _load_moves(data: dict[str, Json], settings: Settings, salvage: bool) -> Session:
    seed_text = data.get("seed")
    if not isinstance(seed_text, str) or not re.fullmatch(r"[0-9a-f]{64}", seed_text):
        raise BadSave("the save has no seed", code="save_seed")
    seed = int(seed_text, 16)
    if data.get("commitment") != commitment(seed):
        raise BadSave("the save's seed is not the one the match was dealt from", "tampered")
    dealing = data.get("dealing", "keyed")
    if dealing not in ("keyed", "string"):
        raise BadSave("the save names an unknown way of dealing", code="save_dealing")
    match_id = data.get("match_id")
    if not isinstance(match_id, str) or not re.fullmatch(r"[0-9a-f]{16}", match_id):
        raise BadSave("the save has no match id", code="save_id")
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds or not all(isinstance(r, list) for r in rounds):
        raise BadSave("the save has no rounds of moves", code="save_record")
    match = Match(settings.to_rules(), seed=seed, dealing=dealing)
    for i, moves in enumerate(rounds):
        where = f"round {i + 1}, " if len(rounds) > 1 else ""
        if match.over or (match.rounds and not match.round.over):
            if salvage:
                break
            raise BadSave(
                f"{where}the save goes on past the end", "damaged", [i + 1, 0], "save_past_end"
            )
        match.start_round()
        for k, text in enumerate(moves, start=1):
            try:
                move, claim = parse_move(match.round, text)
                match.apply(move, claim)
            except AllThreesError as exc:
                if salvage:
                    break
                shown = text if isinstance(text, str) else json.dumps(text)[:20]
                raise BadSave(
                    f"{where}move {k} ({shown[:20]}) is not legal: {exc}", "damaged", [i + 1, k]
                ) from None
        else:
            continue
        break
    practice = data.get("practice", False)
    return Session(settings, seed, match, match_id=match_id, practice=practice is True)
