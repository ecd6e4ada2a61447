"""A guest's check of a match played across devices, once the host reveals it
(``check_shared``): the host's part is the one committed to before the deal, the seed is the mix
of that part and every friend's part (the guest's own among them, unchanged), the record replays
from that seed (``record.verify``, the Fair deal of one device), and everything the guest saw,
the events of the ``table`` messages it received, each deal with its own hand, is what the
record says happened (but the table clock's time-outs, which no record holds: the moves made
for them are checked as any). Each failure is a ``BadMessage`` with its own code. Once checked,
the match counts in the guest's own career (``guest_settings``: its seat is ``you`` there, the
host's a friend's)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import TYPE_CHECKING

from ..career import recorded
from ..errors import AllThreesError
from ..match import Match
from ..moves import DRAW, PASS, arm_name, is_lead, tile_of
from ..record import verify
from ..session import Session
from ..settings import FRIEND, Seat, Settings
from ..tiles import NAME
from . import joint
from .protocol import BadMessage, host_message

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.messages import RevealMessage
    from ..shapes.replies import Shared

# The fields of a seen event compared with the record's (the others are the table's words).
COMPARED = ("kind", "seat", "tile", "arm", "index", "round_no", "hand", "end_sum", "points")
MAX_SEEN_EVENTS = 20_000  # far past the events of any match
# Events of the table's own that no record holds (the table clock's time-out, whose move follows
# as its own event): passed over in what the guest saw.
UNRECORDED = ("timed_out",)


def check_shared(
    commitment: Json,
    reveal: Json,
    my_part: Json,
    seen: Json,
    date: Json = None,
    entries: Json = None,
    attempts: Json = None,
) -> Shared:
    """Check a ``reveal`` (the message's object or text) against the ``commitment`` shown at the
    match's start, the guest's own part ``my_part`` and ``seen`` (``{events: [...]}``, every event
    its table messages brought since this match's deal, in order). Returns what it proved:
    ``{seat, match, rounds, winner, commitment, seed}``, and with ``date`` (the page's ISO UTC
    time) ``entry``: the match as an entry of the guest's own career (``career.entry``); given
    also the guest's career ``entries`` so far (and the daily's ``attempts``), the career with it
    as ``career.recorded`` gives it to a local match's page: ``career``, ``new_trophies``, ``keep``.
    A practice table's match (the host's seeded link) gives no entry: it counts for nothing, as a
    practice deal on one device."""
    if not isinstance(reveal, str | dict):
        raise BadMessage("the reveal is a message from the host", code="message_json")
    message = host_message(reveal if isinstance(reveal, str) else json.dumps(reveal))
    if message["kind"] != "reveal":
        raise BadMessage("that message is no reveal", code="message_kind")
    return _check(commitment, message, my_part, seen, date, entries, attempts)


def _check(
    commitment: Json,
    reveal: RevealMessage,
    my_part: Json,
    seen: Json,
    date: Json,
    entries: Json,
    attempts: Json,
) -> Shared:
    """``check_shared`` once the reveal is a reveal message."""
    if not joint.is_part(commitment) or not joint.is_part(my_part):
        raise BadMessage(
            "the commitment and your part are 64 hex digits each", code="message_shape"
        )
    host = bytes.fromhex(reveal["host_part"])
    if hashlib.sha256(host).hexdigest() != commitment or reveal["commitment"] != commitment:
        raise BadMessage(
            "the host's part is not the one it committed to before the deal",
            code="shared_commitment",
        )
    seat = reveal["seat"]
    parts = reveal["parts"]
    seats = [p["seat"] for p in parts]
    mine = [p["part"] for p in parts if p["seat"] == seat]
    if seats != sorted(set(seats)) or mine != [my_part]:
        raise BadMessage(
            "your part is not among the parts the deal was mixed from", code="shared_part"
        )
    seed = joint.mix(host, [p["part"] for p in parts], reveal["match"])
    record = reveal["record"]
    if f"{seed:064x}" != reveal["seed"] or record.get("seed") != reveal["seed"]:
        raise BadMessage("the seed is not the mix of the parts", code="shared_seed")
    try:
        match = verify(record)
    except AllThreesError as exc:
        raise BadMessage(
            f"the record does not replay from the seed: {exc}", code="shared_replay"
        ) from None
    if not match.over or seat >= match.rules.players:
        raise BadMessage("the record is not of a finished match at your seat", code="shared_replay")
    _check_seen(match, seat, seen)
    out: Shared = {
        "seat": seat,
        "match": reveal["match"],
        "rounds": len(match.rounds),
        "winner": match.winner,
        "commitment": commitment,
        "seed": reveal["seed"],
    }
    if date is not None:
        settings = guest_settings(reveal["settings"], seat)
        if settings.to_rules() != match.rules:
            raise BadMessage("the reveal's settings are not its record's", code="shared_replay")
        guest = Session(settings, seed, match, match_id=reveal["match_id"])
        guest.practice = reveal["practice"]
        if not guest.practice:  # rated only at a table its host chose rated before the deal
            chosen = reveal.get("rated") is True
            out = {**out, **recorded(guest, date, None, entries, attempts, chosen=chosen)}
    return out


def guest_settings(data: Json, seat: int) -> Settings:
    """The host's settings as the guest at ``seat`` keeps them: its seat ``you``, the host's
    seat a friend's, the rest as they were."""
    try:
        host = Settings.from_json(data)
    except AllThreesError as exc:
        raise BadMessage(f"the reveal's settings: {exc}", code="shared_replay") from None
    if not host.seats[seat : seat + 1] or not host.seats[seat].friend:
        raise BadMessage("the reveal's seat is no friend's", code="shared_replay")
    seats = [
        Seat("you") if i == seat else Seat(FRIEND) if s.controller == "you" else s
        for i, s in enumerate(host.seats)
    ]
    return replace(host, seats=tuple(seats))


def expected_events(match: Match, seat: int) -> list[dict[str, Json]]:
    """The events of ``match`` as ``seat`` was sent them (``snapshot.events_json`` for a friend's
    seat), with the fields ``COMPARED``."""
    out: list[dict[str, Json]] = []
    for i, (deal, rnd) in enumerate(zip(match.deals, match.rounds, strict=True)):
        out.append({"kind": "deal", "round_no": i + 1, "hand": [NAME[t] for t in deal.hands[seat]]})
        placed = 0
        for e in rnd.history:
            if e.move == DRAW:
                drew = {"kind": "drew", "seat": e.seat}
                out.append(drew | ({"tile": NAME[e.drawn]} if e.seat == seat else {}))
            elif e.move == PASS:
                out.append({"kind": "passed", "seat": e.seat})
            else:
                out.append(
                    {
                        "kind": "placed",
                        "seat": e.seat,
                        "tile": NAME[tile_of(e.move)],
                        "arm": None if is_lead(e.move) else arm_name(e.move),
                        "index": placed,
                        "end_sum": e.end_sum,
                        "points": e.points,
                    }
                )
                placed += 1
        out.append({"kind": "round_over"})
    out.append({"kind": "match_over"})
    return out


def _check_seen(match: Match, seat: int, seen: Json) -> None:
    """Every event seen is the record's next one of its kind, in order (a guest that reloaded
    missed some: what it saw is a part of the record's, in its order)."""
    events = seen.get("events") if isinstance(seen, dict) else None
    if not isinstance(events, list) or len(events) > MAX_SEEN_EVENTS:
        raise BadMessage("what you saw is a list of events", code="shared_seen")
    expected = expected_events(match, seat)
    at = 0
    for n, event in enumerate(events):
        if not isinstance(event, dict):
            raise BadMessage(
                f"event {n + 1} you saw is not an event", code="shared_seen", item=n + 1
            )
        if event.get("kind") in UNRECORDED:
            continue
        while at < len(expected) and not _agrees(event, expected[at]):
            at += 1
        if at == len(expected):
            raise BadMessage(
                f"event {n + 1} you saw ({str(event.get('kind'))[:20]}) is not in the record",
                code="shared_seen",
                item=n + 1,
            )
        at += 1


def _agrees(event: dict[str, Json], expected: dict[str, Json]) -> bool:
    return all(event.get(k) == expected[k] for k in COMPARED if k in expected) and not (
        "tile" in event and "tile" not in expected and event["kind"] == "drew"
    )
