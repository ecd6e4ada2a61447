"""The protocol between devices: every message a guest may send the host and the host a guest,
with its version, its kinds, a size limit for each kind, and the check of each before anything
uses it (``guest_message`` on the host, ``host_message`` on a guest). A peer is untrusted input,
like a link or a damaged save: a message is text, checked for its size before it is parsed
(``jsontext``), then for being an object of this protocol's version, of a kind its sender may
send, and of that kind's exact shape (no field more, none missing). Anything else is a
``BadMessage`` with a code the page words, and changes nothing.

Every message is a JSON object ``{"v": VERSION, "kind": ..., ...}``.

A guest sends (``GUEST_KINDS``, each at most ``GUEST_LIMITS`` characters):
- ``hello {table, part, name?, resume?, key?, title?}``: join (or re-join) the seat whose channel
  it came on; ``table`` is the invite's table id (16 hex digits), ``part`` the guest's part of the
  joint seed (64 hex digits: ``joint``), ``name`` what to call it (``settings.NAME_MAX``
  characters), ``resume`` true when it had the seat before, ``key`` the seat's key (64 hex digits)
  that a page which joined by the room's one link keeps, to take its seat back by itself
  (``state.seat_for``), ``title`` its player's title, shown beside its name (``checked_title``:
  a code of ``titlecodes.TITLE_CODES``; absent when none, or hidden).
- ``intent {intent}``: a move, as a local table sends it (``session.act``): ``play {tile, arm?,
  claim?}``, ``draw`` or ``pass``.
- ``reaction {id}``: one of ``REACTIONS``.
- ``bye``: it leaves the table.
- ``title {title}``: its player's title changed (reached, hidden or shown again): a code, or null
  for none (``checked_title``), shown beside its name from the next snapshot on.
- ``rated_part {part}``: at a rated table's end, this device's part of the result document
  (``career.signed.part``: ``{seat, key, rating, deviation, previous}``, ``seat`` its own).
- ``rated_sign {digest, signature}``: its BIP-340 signature of the document's digest.

The host sends (``HOST_KINDS``, at most ``HOST_LIMITS``):
- ``welcome {table, seat, commitment, friends, dealt, part, snapshot}``: the answer to a hello;
  ``snapshot`` is null before the deal, ``part`` the guest's own part the match holds.
- ``gathering {table, commitment, friends}``: who has joined, before the deal.
- ``table {table, seat, snapshot, events}``: the table as that seat may see it after a change.
- ``presence {table, seats: [{seat, presence}]}``: ``PRESENCE`` per seat played elsewhere.
- ``reaction {table, seat, id}``: a quick reaction, relayed.
- ``reveal {table, seat, match, commitment, host_part, parts, seed, record, settings, match_id,
  practice, rated?}``: at a match's end, everything a guest needs to check the deal and to count
  the match in its own career (``check.check_shared``); ``rated``, the host's choice of a rated
  table (absent from a host from before ratings: not rated).
- ``refusal {table, code, values, error}``: what the host refused of that guest's message.
- ``rated_part {table, seat, part}`` and ``rated_sign {table, seat, digest, signature}``: a
  person's part or signature of a rated result (the host's own, or a guest's relayed to the
  others: ``net.rated``); each device checks the signatures itself.
- ``watch {table, snapshot, events}``: the watchers' table (``watch``), what the host's Python
  made for no seat, one move behind; the one kind a watcher's page takes.

A ``presence`` may also say how many watch the table (``watchers``, at most ``WATCHERS_MOST``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeGuard, cast

from .. import jsontext
from ..errors import AllThreesError
from ..jsontext import is_whole, shown
from ..settings import NAME_MAX
from ..titlecodes import TITLE_CODES
from .joint import is_part

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.messages import GuestMessage, HostMessage

Check = Callable[["Json"], bool]  # whether a field's value is of its shape

VERSION = 1  # the protocol's version: a message of a newer one asks its reader to update
# The largest text of each kind a guest may send, in characters: tight (a hello carries a part and
# a key of 64 hex digits each, a table id, a title's code and a name of at most NAME_MAX
# characters, each perhaps written as a 12-character surrogate pair escape; an intent is a tile,
# an arm and a claim).
GUEST_LIMITS = {
    "hello": 480,
    "intent": 160,
    "reaction": 80,
    "bye": 40,
    # a rated match's end (``net.rated``): a part holds a key and a digest of 64 hex digits each;
    # a signature 128
    "rated_part": 400,
    "rated_sign": 320,
    "title": 80,  # a title's code (at most TITLE_MAX characters), or null
}
MAX_GUEST_CHARS = max(GUEST_LIMITS.values())
GUEST_KINDS = tuple(GUEST_LIMITS)
# The host's: a snapshot is ~5-12 kB (a full layout of double-nine), a reveal holds a whole
# match's record (~5-15 kB); a refusal carries an English message of a few hundred characters.
HOST_LIMITS = {
    "welcome": 120_000,
    "gathering": 2_000,
    "table": 120_000,
    "presence": 1_000,
    "reaction": 200,
    "reveal": 400_000,
    "refusal": 2_000,
    "watch": 120_000,
    "rated_part": 480,
    "rated_sign": 400,
}
MAX_HOST_CHARS = max(HOST_LIMITS.values())
HOST_KINDS = tuple(HOST_LIMITS)
# Quick reactions, as codes the page words (English and Polish).
REACTIONS = ("nice", "well_played", "oops", "thinking", "good_game")
REACTIONS_PER_MOVE = 3  # reactions a seat may send between two moves of the table: a flood stops
INTENT_KINDS = ("play", "draw", "pass")  # what a guest may ask of the table: its own moves
PRESENCE = ("waiting", "connected", "reconnecting", "away")
TABLE_HEX = 16  # a table id: 8 random bytes in hex, like a match id
TITLE_MAX = max(map(len, TITLE_CODES))  # a title's code, in characters
WATCHERS_MOST = 20  # a table takes at most this many watchers (the page's stream: net/watch.js)


class BadMessage(AllThreesError):
    """A message from another device that cannot be taken; ``code`` says why and ``values``
    with what (``kind``, ``most``, ``field``). Nothing changes when one is refused."""

    code = "message_shape"

    def __init__(self, message: str, code: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.code = code or type(self).code
        self.values = values


class NotJson(BadMessage):
    """A message that is no JSON document of a sane shape (``jsontext``'s check)."""

    code = "message_json"


def checked_title(title: Json) -> str | None:
    """A seat's title as a hello or the host's ``table_title`` gives it: a code of the ladder
    (``titlecodes.TITLE_CODES``), or None for none shown; anything else is a ``BadMessage``
    ``title_unknown`` (a title is the device's own word, as a name is: not checked as earned)."""
    if title is None:
        return None
    if not isinstance(title, str) or title not in TITLE_CODES:
        raise BadMessage(
            f"unknown title {shown(title)} (known: {', '.join(TITLE_CODES)})",
            code="title_unknown",
            field="title",
        )
    return title


def is_table(value: Json) -> TypeGuard[str]:
    return (
        isinstance(value, str)
        and len(value) == TABLE_HEX
        and all(c in "0123456789abcdef" for c in value)
    )


def _parse(text: Json, limits: dict[str, int], who: str) -> tuple[str, dict[str, Json]]:
    """The kind and object of a message, checked for its size (the largest kind's, then its own
    kind's), JSON, an object, its version and a kind ``who`` may send."""
    if not isinstance(text, str):
        raise BadMessage("a message is text", code="message_json")
    most = max(limits.values())
    if len(text) > most:
        raise BadMessage(
            f"the message is too long ({len(text)} characters; at most {most})",
            code="message_long",
            most=most,
        )
    data = jsontext.parse(text, "the message", most, NotJson)
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object", code="message_json")
    version = data.get("v")
    if is_whole(version, VERSION + 1):
        raise BadMessage(
            "the other device runs a newer version of the game: update this one",
            code="message_newer",
        )
    if not is_whole(version) or version != VERSION:
        raise BadMessage(f"unknown protocol version {shown(version)}", code="message_version")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in limits:
        raise BadMessage(f"{who} does not send messages of kind {shown(kind)}", code="message_kind")
    if len(text) > limits[kind]:
        raise BadMessage(
            f"a {kind} message is at most {limits[kind]} characters",
            code="message_long",
            most=limits[kind],
        )
    return kind, data


def _fields(
    data: dict[str, Json], need: dict[str, Check], may: dict[str, Check] | None = None
) -> None:
    """``data`` holds exactly ``v``, ``kind``, every field of ``need`` and perhaps those of
    ``may``, each passing its check."""
    may = may or {}
    for key in data:
        if key not in ("v", "kind") and key not in need and key not in may:
            raise BadMessage(
                f"a {data['kind']} message has no field {shown(key)}", field=str(key)[:20]
            )
    for key, ok in need.items():
        if key not in data or not ok(data[key]):
            raise BadMessage(f"a {data['kind']} message's {key} is wrong", field=key)
    for key, ok in may.items():
        if key in data and not ok(data[key]):
            raise BadMessage(f"a {data['kind']} message's {key} is wrong", field=key)


def _text_up_to(most: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= most


def _is_intent(v: Json) -> bool:
    """An intent a guest may send, by its shape (what it means is the session's to check)."""
    if not isinstance(v, dict) or v.get("kind") not in INTENT_KINDS:
        return False
    allowed = {"kind", "tile", "arm", "claim"} if v["kind"] == "play" else {"kind"}
    if set(v) - allowed:
        return False
    return all(
        isinstance(v.get(k), str) and len(v[k]) <= 8 for k in ("tile", "arm") if k in v
    ) and (v.get("claim") is None or is_whole(v["claim"], least=0, most=999))


def guest_message(text: Json) -> GuestMessage:
    """A guest's message text as its object (of its kind's exact shape), or ``BadMessage``."""
    kind, data = _parse(text, GUEST_LIMITS, "a guest")
    if kind == "hello":
        _fields(
            data,
            {"table": is_table, "part": is_part},
            {
                "name": _text_up_to(NAME_MAX),
                "resume": lambda v: isinstance(v, bool),
                "key": is_part,
                "title": _text_up_to(TITLE_MAX),
            },
        )
        checked_title(data.get("title"))
    elif kind == "intent":
        _fields(data, {"intent": _is_intent})
    elif kind == "rated_part":
        _fields(data, {"part": is_rated_part})
    elif kind == "rated_sign":
        _fields(data, {"digest": is_part, "signature": is_signature})
    elif kind == "title":
        _fields(data, {"title": lambda v: v is None or _text_up_to(TITLE_MAX)(v)})
        checked_title(data["title"])
    elif kind == "reaction":
        _fields(data, {"id": lambda v: isinstance(v, str)})
        if data["id"] not in REACTIONS:
            raise BadMessage(
                f"unknown reaction {shown(data['id'])}", code="reaction_unknown", field="id"
            )
    else:
        _fields(data, {})
    return cast("GuestMessage", data)  # checked: exactly its kind's fields, each of its shape


def _is_seat(v: Json) -> bool:
    return is_whole(v, least=0, most=3)


MOST_RATING = 4000  # a part's whole rating and deviation: career.rated's bounds
MOST_DEVIATION = 1000


def is_signature(v: Json) -> bool:
    """A BIP-340 signature: 128 lowercase hex digits (whether it verifies is the page's check)."""
    return isinstance(v, str) and len(v) == 128 and all(c in "0123456789abcdef" for c in v)


def is_rated_part(v: Json) -> bool:
    """A device's part of a rated result, by its shape (``career.signed.part``): what it says is
    checked by every device's ``rated_document`` and ``rated_take``."""
    return (
        isinstance(v, dict)
        and set(v) == {"seat", "key", "rating", "deviation", "previous"}
        and _is_seat(v["seat"])
        and is_part(v["key"])
        and is_whole(v["rating"], least=0, most=MOST_RATING)
        and is_whole(v["deviation"], least=1, most=MOST_DEVIATION)
        and (v["previous"] is None or is_part(v["previous"]))
    )


def _is_friends(v: Json) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= 3
        and all(
            isinstance(f, dict)
            and set(f) == {"seat", "name", "joined"}
            and _is_seat(f["seat"])
            and (f["name"] is None or _text_up_to(NAME_MAX)(f["name"]))
            and isinstance(f["joined"], bool)
            for f in v
        )
    )


def _is_parts(v: Json) -> bool:
    return (
        isinstance(v, list)
        and 1 <= len(v) <= 3
        and all(
            isinstance(p, dict)
            and set(p) == {"seat", "part"}
            and _is_seat(p["seat"])
            and is_part(p["part"])
            for p in v
        )
    )


def _is_presence(v: Json) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= 3
        and all(
            isinstance(p, dict)
            and set(p) == {"seat", "presence"}
            and _is_seat(p["seat"])
            and p["presence"] in PRESENCE
            for p in v
        )
    )


def _is_object(v: Json) -> bool:
    return isinstance(v, dict)


def _is_events(v: Json) -> bool:
    return isinstance(v, list) and all(
        isinstance(e, dict) and isinstance(e.get("kind"), str) for e in v
    )


def _is_values(v: Json) -> bool:
    return isinstance(v, dict) and all(isinstance(x, (int, str, list)) for x in v.values())


HOST_SHAPES: dict[str, dict[str, Check]] = {
    "welcome": {
        "table": is_table,
        "seat": _is_seat,
        "commitment": is_part,
        "friends": _is_friends,
        "dealt": lambda v: isinstance(v, bool),
        "part": is_part,
        "snapshot": lambda v: v is None or isinstance(v, dict),
    },
    "gathering": {"table": is_table, "commitment": is_part, "friends": _is_friends},
    "table": {"table": is_table, "seat": _is_seat, "snapshot": _is_object, "events": _is_events},
    "presence": {"table": is_table, "seats": _is_presence},
    "reaction": {"table": is_table, "seat": _is_seat, "id": lambda v: v in REACTIONS},
    "reveal": {
        "table": is_table,
        "seat": _is_seat,
        "match": lambda v: is_whole(v, least=0),
        "commitment": is_part,
        "host_part": is_part,
        "parts": _is_parts,
        "seed": is_part,
        "record": _is_object,
        "settings": _is_object,
        "match_id": lambda v: is_table(v),
        "practice": lambda v: isinstance(v, bool),
    },
    "refusal": {
        "table": is_table,
        "code": _text_up_to(40),
        "values": _is_values,
        "error": _text_up_to(1000),
    },
    # the watchers' table (``watch``): a watcher's page takes this kind alone
    "watch": {"table": is_table, "snapshot": _is_object, "events": _is_events},
    "rated_part": {"table": is_table, "seat": _is_seat, "part": is_rated_part},
    "rated_sign": {
        "table": is_table,
        "seat": _is_seat,
        "digest": is_part,
        "signature": is_signature,
    },
}
assert tuple(HOST_SHAPES) == HOST_KINDS
# Fields a host's message may leave out (a host from before them sends none).
HOST_MAY: dict[str, dict[str, Check]] = {
    "reveal": {"rated": lambda v: isinstance(v, bool)},
    "presence": {"watchers": lambda v: is_whole(v, least=0, most=WATCHERS_MOST)},
}


def host_message(text: Json) -> HostMessage:
    """A host's message text as its object, or ``BadMessage``: what a guest's page may use."""
    kind, data = _parse(text, HOST_LIMITS, "the host")
    _fields(data, HOST_SHAPES[kind], HOST_MAY.get(kind))
    return cast("HostMessage", data)  # checked: exactly its kind's fields, each of its shape


def host_text(kind: str, table: str, **fields: object) -> str:
    """A message from the host as the text sent on a channel (checked against its own limit,
    so the host never sends what a guest would refuse)."""
    data = {"v": VERSION, "kind": kind, "table": table, **fields}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if len(text) > HOST_LIMITS[kind]:  # pragma: no cover - the limits leave room for any match
        raise BadMessage(f"a {kind} message grew past its limit", code="message_long")
    return text
