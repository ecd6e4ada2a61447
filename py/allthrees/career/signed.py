"""A rated match between people, on Python's side: the one result document every person's
device signs, what its digest covers, the checks of every field that is no signature, and the
abandoned rule. The signatures themselves are BIP-340 Schnorr, made and checked in the page
(JavaScript, @noble/secp256k1, each device with its own key): Python takes a result in only
when the page says every signature verified.

The flow, once a rated match with people ends (each device has its entry: ``career_entry`` on
the host, ``check_shared`` on a guest, ``unrated: unsigned``):

1. ``part``: this device's part of the document: its seat, its key, its rating and deviation
   before the match (whole points, as its own career says) and its previous signed result (the
   digest, or null: the chain). The devices send each other their parts.
2. ``document``: the document from the entry and every person's part, and its digest (SHA-256
   of the canonical JSON: ``canonical``). Every device makes the same one from the same parts;
   each signs the digest and sends its signature.
3. ``take``: with every signature, verified by the page: every field checked against this
   device's own entry and career (the match, the record's digest, the kind of table, the
   scores, the computers' fixed ratings, this device's key, rating before and previous result,
   and each other key's chain as far as this career knows it), then the entry with its ``rated``
   filled in, for the page to keep in place of the unsigned one. A document refused changes
   nothing: the match stays unrated.

A device that leaves a rated match for good cannot be made to sign its loss: the match is then
unrated for everyone, and the leaver's own device counts it as abandoned (``abandon``: a list
beside the entries, merged by match id). docs/protocol.md says what a dishonest device can and
cannot do.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, TypedDict, cast

from ..jsontext import shown
from .computers import fixed_rating
from .dates import checked_stamp, in_date_order
from .rated import KINDS, kind_of
from .rating import rating_before
from .refusals import CareerError
from .schema import check_entries, check_entry, is_match_id

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import (
        Abandoned,
        Entry,
        Part,
        RatedResult,
        RatedSeat,
        ResultDocument,
        SignedResult,
        SignedSeat,
    )

DOCUMENT_KIND = "allthrees-rated-result"
DOCUMENT_VERSION = 1
HEX64 = re.compile(r"[0-9a-f]{64}")  # a BIP-340 public key (x only) or a SHA-256 digest
HEX128 = re.compile(r"[0-9a-f]{128}")  # a BIP-340 signature
PEOPLE = ("you", "friend")  # the controllers of an entry's seats played by people


# Each field of the document checked against this device's own, and the refusal's ``why``.
FIELD_WHY = {
    "kind": "document",
    "v": "document",
    "match": "match",
    "record": "record",
    "table": "kind",
    "scores": "scores",
    "seats": "seats",
}


# The fields of the shapes (``shapes.career``) checked here by name (tests/app/test_shapes.py
# holds them to the shapes): a signed result, a device's part, an abandoned match.
SIGNED_FIELDS = ("document", "digest", "signatures")
PART_FIELDS = ("seat", "key", "rating", "deviation", "previous")
ABANDONED_FIELDS = ("id", "date", "kind")


class Made(TypedDict):
    """A result document and its digest, which each device signs."""

    document: ResultDocument
    digest: str


def canonical(value: Json) -> bytes:
    """The canonical JSON of ``value``: keys sorted, no spaces, UTF-8 (only whole numbers and
    text in what is signed, so every device writes the same bytes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest_of(value: Json) -> str:
    """SHA-256 of ``value``'s canonical JSON, in hex: what a device signs."""
    return hashlib.sha256(canonical(value)).hexdigest()


def refused(why: str, message: str) -> CareerError:
    """A rated result that cannot be taken: ``why`` names what was wrong (a code)."""
    return CareerError(
        f"this rated result cannot be taken: {message}", code="rated_result", why=why
    )


def _checked_key(key: Json) -> str:
    if not isinstance(key, str) or HEX64.fullmatch(key) is None:
        raise refused("key", f"a device's key is 64 hex digits, not {shown(key)}")
    return key


def _signed_of(e: Entry) -> SignedResult | None:
    rated = e.get("rated")
    return rated["signed"] if rated is not None else None


def _by_key(entries: list[Entry], key: str) -> list[SignedResult]:
    """The signed results ``key`` signed, in date order."""
    out = []
    for e in in_date_order(entries):
        signed = _signed_of(e)
        if signed is not None and key in signed["signatures"]:
            out.append(signed)
    return out


def previous_of(entries: list[Entry], entry: Entry, key: str) -> str | None:
    """The digest of the last result ``key`` signed before ``entry`` (None: none yet)."""
    before = []
    for e in in_date_order([x for x in entries if x["id"] != entry["id"]] + [entry]):
        if e["id"] == entry["id"]:
            break
        before.append(e)
    signed = _by_key(before, key)
    return signed[-1]["digest"] if signed else None


def _waiting(entries: Json, entry: Json) -> tuple[list[Entry], Entry]:
    """The career's entries and the match's own entry, checked: a finished match between people
    at a rated table, its record with it, not yet signed."""
    kept = check_entries(entries)
    e = check_entry(entry)
    if not isinstance(e.get("record"), dict):
        raise refused("record", "the match's entry has no record")
    if e.get("unrated") != "unsigned" or e.get("rated") is not None:
        raise refused("not_waiting", "that match is not a rated match waiting for signatures")
    return kept, e


def part(entries: Json, entry: Json, key: Json) -> Part:
    """This device's part of the result of the match of ``entry`` (the career's ``entries``
    decide its rating before and its previous result), under its ``key``."""
    kept, e = _waiting(entries, entry)
    mine = _checked_key(key)
    before = rating_before(kept, e)
    return {
        "seat": e["you"],
        "key": mine,
        "rating": round(before.rating),
        "deviation": round(before.deviation),
        "previous": previous_of(kept, e, mine),
    }


def _is_part(p: Json, players: int) -> bool:
    return (
        isinstance(p, dict)
        and set(p) == set(PART_FIELDS)
        and isinstance(p["seat"], int)
        and 0 <= p["seat"] < players
        and isinstance(p["key"], str)
        and HEX64.fullmatch(p["key"]) is not None
        and isinstance(p["rating"], int)
        and 0 <= p["rating"] <= 4000
        and isinstance(p["deviation"], int)
        and 1 <= p["deviation"] <= 1000
        and (p["previous"] is None or HEX64.fullmatch(str(p["previous"])) is not None)
    )


def document(entry: Json, parts: Json) -> Made:
    """The result document of ``entry``'s match from every person's part, and its digest:
    ``{document, digest}``. Every device makes the same from the same parts."""
    e = check_entry(entry)
    if not isinstance(e.get("record"), dict):
        raise refused("record", "the match's entry has no record")
    people = [i for i, c in enumerate(e["seats"]) if c in PEOPLE]
    if not isinstance(parts, list) or not all(_is_part(p, e["players"]) for p in parts):
        raise refused("parts", "each part is {seat, key, rating, deviation, previous}")
    by_seat: dict[int, Part] = {p["seat"]: p for p in parts}
    keys = [p["key"] for p in parts]
    if sorted(by_seat) != people or len(parts) != len(people) or len(set(keys)) != len(keys):
        raise refused("parts", "one part for every person's seat, each with its own key")
    seats: list[SignedSeat] = []
    for i, controller in enumerate(e["seats"]):
        if i in by_seat:
            p = by_seat[i]
            seats.append(
                {
                    "seat": i,
                    "key": p["key"],
                    "level": None,
                    "rating": p["rating"],
                    "deviation": p["deviation"],
                    "previous": p["previous"],
                }
            )
            continue
        fixed = fixed_rating(controller)
        if fixed is None:
            raise refused("unmeasured", f"{controller} has no fixed rating")
        seats.append(
            {
                "seat": i,
                "key": None,
                "level": controller,
                "rating": round(fixed.rating),
                "deviation": round(fixed.deviation),
                "previous": None,
            }
        )
    doc: ResultDocument = {
        "kind": DOCUMENT_KIND,
        "v": DOCUMENT_VERSION,
        "match": e["id"],
        "record": digest_of(e["record"]),
        "table": kind_of(e),
        "scores": list(e["scores"]),
        "seats": seats,
    }
    return {"document": doc, "digest": digest_of(doc)}


def take(entries: Json, entry: Json, signed: Json, verified: Json, key: Json) -> Entry:
    """The match of ``entry`` rated by the ``signed`` result (``{document, digest,
    signatures}``), once the page says every signature ``verified``: every other field checked
    (the module's docstring). Returns the entry with its ``rated`` filled in."""
    if verified is not True:
        raise refused("unverified", "its signatures were not verified")
    kept, e = _waiting(entries, entry)
    mine = _checked_key(key)
    if not isinstance(signed, dict) or set(signed) != set(SIGNED_FIELDS):
        raise refused("shape", "a signed result is {document, digest, signatures}")
    given = signed["document"]
    made = document(e, [_part_in(s) for s in _seats_of(given) if s.get("key") is not None])
    doc = made["document"]
    for field, why in FIELD_WHY.items():
        if given.get(field) != cast("dict[str, Json]", doc)[field]:
            raise refused(why, f"its {field} is not this match's as this device has it")
    if set(given) != set(doc) or signed["digest"] != made["digest"]:
        raise refused("document", "its digest is not its document's")
    own = next(s for s in doc["seats"] if s["seat"] == e["you"])
    if own["key"] != mine:
        raise refused("key", "this device's seat is signed with another key")
    before = rating_before(kept, e)
    if (own["rating"], own["deviation"]) != (round(before.rating), round(before.deviation)):
        raise refused("rating_before", "this device's rating before the match is not its own")
    if own["previous"] != previous_of(kept, e, mine):
        raise refused("chain", "this device's previous result is not its own last one")
    _check_signatures(signed["signatures"], doc)
    _check_chains(kept, e, doc, made["digest"])
    others: list[RatedSeat] = [
        {"seat": s["seat"], "rating": float(s["rating"]), "deviation": float(s["deviation"])}
        for s in doc["seats"]
        if s["seat"] != e["you"]
    ]
    result: RatedResult = {
        "kind": doc["table"],
        "others": others,
        "signed": {"document": doc, "digest": made["digest"], "signatures": signed["signatures"]},
    }
    return {**e, "rated": result, "unrated": None}


def _seats_of(doc: Json) -> list[dict[str, Json]]:
    seats = doc.get("seats") if isinstance(doc, dict) else None
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise refused("document", "its seats are missing")
    return seats


def _part_in(seat: dict[str, Json]) -> dict[str, Json]:
    """A person's seat of a document as the part it was made from."""
    return {k: seat.get(k) for k in PART_FIELDS}


def _check_signatures(signatures: Json, doc: ResultDocument) -> None:
    keys = {s["key"] for s in doc["seats"] if s["key"] is not None}
    if (
        not isinstance(signatures, dict)
        or set(signatures) != keys
        or not all(isinstance(v, str) and HEX128.fullmatch(v) for v in signatures.values())
    ):
        raise refused("signatures", "every person's device signs, each once")


def _check_chains(kept: list[Entry], e: Entry, doc: ResultDocument, digest: str) -> None:
    """No result taken twice, and each other key's previous result the last this career holds
    of it (a key that names an older one dropped a result since; one that names a result it
    already followed once plays a result twice). A previous unknown here passes: that device
    may have played others since."""
    held = {s["digest"] for x in kept if (s := _signed_of(x)) is not None}
    if digest in held or any(_signed_of(x) and x["id"] == e["id"] for x in kept):
        raise refused("replayed", "this result is already in the career")
    for seat in doc["seats"]:
        key = seat["key"]
        if key is None or seat["seat"] == e["you"]:
            continue
        theirs = _by_key(kept, key)
        named = seat["previous"]
        followed = {
            s2["previous"]
            for x in theirs
            for s2 in x["document"]["seats"]
            if s2["key"] == key and s2["previous"] is not None
        }
        digests = [x["digest"] for x in theirs]
        dropped = bool(digests) and named != digests[-1] and (named is None or named in digests)
        if named in followed or dropped:
            raise refused("chain", "another device's previous result leaves one of its results out")


# ---------------------------------------------------------------------- abandoned
def check_abandoned(abandoned: Json) -> list[Abandoned]:
    """The abandoned matches as the page keeps them (None: none), checked: ``[{id, date,
    kind}]``, no match twice."""
    if abandoned is None:
        return []
    if not isinstance(abandoned, list):
        raise CareerError("the abandoned matches must be a list", field="abandoned")
    seen: set[str] = set()
    for i, a in enumerate(abandoned):
        ok = (
            isinstance(a, dict)
            and set(a) == set(ABANDONED_FIELDS)
            and is_match_id(a["id"])
            and a["kind"] in KINDS
            and a["id"] not in seen
        )
        if ok:
            checked_stamp(a["date"], "an abandoned match's time")
        else:
            raise CareerError(f"abandoned match {i + 1} is damaged", field="abandoned", item=i + 1)
        seen.add(a["id"])
    return abandoned


def abandon(abandoned: Json, match: Json, date: Json, kind: Json) -> list[Abandoned]:
    """This device left rated match ``match`` (its id) for good at ``date``: the abandoned list
    with it (once: a match already there is not counted again)."""
    kept = check_abandoned(abandoned)
    if not is_match_id(match) or kind not in KINDS:
        raise CareerError("an abandoned match names its id and kind of table", field="abandoned")
    stamp = checked_stamp(date, "the time it was left")
    if any(a["id"] == match for a in kept):
        return kept
    return [*kept, {"id": match, "date": stamp, "kind": kind}]
