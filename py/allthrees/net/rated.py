"""A rated table's end across devices, on the host's side: every person's part of the result
document and every signature of it pass through the host, which relays each to the other joined
friends (as it relays a reaction), so each device gathers all of them and checks them itself
(``career.signed``: the document and every field; the page: each BIP-340 signature against its
part's key). The host's Python vouches for nothing here but the shapes and the seat: a guest's
part or signature goes out under the seat of the channel it came on, and a part that names
another seat is refused, so no device can speak for another's.

- ``guest_rated``: a guest's ``rated_part`` or ``rated_sign`` (``protocol``), taken and relayed.
- ``share``: the host's own part or signature (op ``rated_share``), sent to every joined friend.

Each is taken only at a rated table whose match is over (a rated table's end: nothing to sign
before it); anything else is a ``BadMessage`` and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..session import Session
from .joint import is_part
from .protocol import BadMessage, host_text, is_rated_part, is_signature
from .state import TableState

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import Part
    from ..shapes.messages import GuestRatedPart, GuestRatedSign
    from ..shapes.replies import RatedShared, RatedShareReply


def _ended(net: TableState | None, session: Session | None) -> tuple[TableState, Session]:
    if net is None or session is None:
        raise BadMessage("no table across devices is in play", code="message_shape")
    if not net.rated or not session.match.over:
        raise BadMessage("a rated result is shared at a rated table's end", code="message_shape")
    return net, session


def _relayed(net: TableState, shared: RatedShared) -> RatedShareReply:
    """``shared`` sent to every joined friend but its own seat."""
    seat = shared["seat"]
    if "part" in shared:
        text = host_text("rated_part", net.table, seat=seat, part=shared["part"])
    else:
        fields = {"digest": shared.get("digest"), "signature": shared.get("signature")}
        text = host_text("rated_sign", net.table, seat=seat, **fields)
    out = {str(s): [text] for s in net.friends if s != seat and s in net.parts}
    return {"ok": True, "rated": shared, "outbox": out}


def guest_rated(
    net: TableState | None,
    session: Session | None,
    seat: int,
    message: GuestRatedPart | GuestRatedSign,
) -> RatedShareReply:
    """A guest's part or signature (its shape checked by ``protocol``), from seat ``seat``."""
    table, _ = _ended(net, session)
    if message["kind"] == "rated_part":
        part = message["part"]
        if part["seat"] != seat:
            raise BadMessage(f"a part names seat {part['seat']}, not its own {seat}", field="part")
        return _relayed(table, {"seat": seat, "part": part})
    return _relayed(
        table, {"seat": seat, "digest": message["digest"], "signature": message["signature"]}
    )


def share(
    net: TableState | None, session: Session | None, part: Json, digest: Json, signature: Json
) -> RatedShareReply:
    """The host's own ``part``, or its ``digest`` and ``signature``, for every joined friend."""
    table, played = _ended(net, session)
    host = played.settings.you()
    if part is not None:
        if not is_rated_part(part) or not isinstance(part, dict) or part["seat"] != host:
            raise BadMessage("the host's part is not of its shape or seat", field="part")
        return _relayed(table, {"seat": host, "part": cast("Part", part)})
    if not is_part(digest) or not is_signature(signature):
        raise BadMessage("a signature is a digest and 128 hex digits", field="signature")
    assert isinstance(digest, str) and isinstance(signature, str)  # checked just above
    return _relayed(table, {"seat": host, "digest": digest, "signature": signature})
