"""Driving a table across devices as the host's page and its guests' pages do: the host's
requests through ``app.handle``, each guest's messages as the text its channel carries."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from typing import Any

from appkit import call, person_intent

from allthrees import app
from allthrees.moves import DRAW, tile_of
from allthrees.tiles import NAME

TILE = re.compile(r"\d{1,2}-\d{1,2}")


def part_of(seat: int, salt: str = "") -> str:
    """A fixed part for a seat (a guest's page draws a random one)."""
    import hashlib

    return hashlib.sha256(f"part {seat} {salt}".encode()).hexdigest()


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "kind": kind, **fields})


def gather(seats: list[Any], seed: int | None = 11, **settings: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {"settings": {"seats": seats, **settings}}
    if seed is not None:
        payload["seed"] = seed
    reply = call("gather", **payload)
    assert reply["ok"], reply
    return reply


def join_all(gathered: dict[str, Any], salt: str = "") -> dict[str, Any]:
    """Every friend says hello, in seat order; the last hello's reply (the dealt table)."""
    table = gathered["gathering"]["table"]
    reply = gathered
    for f in gathered["gathering"]["friends"]:
        seat = f["seat"]
        reply = call(
            "guest", seat=seat, message=message("hello", table=table, part=part_of(seat, salt))
        )
        assert reply["ok"], reply
    return reply


def guest_move(reply: dict[str, Any]) -> dict[str, Any]:
    """The friend to move acts from its own snapshot, through its channel."""
    seat = reply["snapshot"]["friend_to_move"]
    snap = reply["guests"][str(seat)]["snapshot"]
    return call("guest", seat=seat, message=message("intent", intent=person_intent(snap)))


def step(reply: dict[str, Any]) -> dict[str, Any]:
    snap = reply["snapshot"]
    if snap["friend_to_move"] is not None:
        return guest_move(reply)
    if snap["computer_to_move"]:
        return call("advance")
    if snap["phase"] == "round_over":
        return call("intent", seat=None, intent={"kind": "next"})
    if snap["cover"] is not None:
        return call("intent", seat=snap["cover"], intent={"kind": "ready"})
    return call("intent", seat=snap["viewer"], intent=person_intent(snap))


def play_match(reply: dict[str, Any], each: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Play to the match's end, calling ``each`` with every reply (the first included)."""
    each(reply)
    for _ in range(3000):
        if reply["snapshot"]["match"]["over"]:
            return reply
        reply = step(reply)
        assert reply["ok"], reply
        each(reply)
    raise AssertionError("the match never ended")


def tiles_in(value: Any) -> set[str]:
    """Every tile name anywhere in a JSON value (strings of the form "6-3"), but the rules'
    ``picture`` (How to play's example, the same for every deal of those rules)."""
    found: set[str] = set()
    if isinstance(value, str):
        if TILE.fullmatch(value):
            found.add(value)
        elif value[:1] in "{[":
            with contextlib.suppress(ValueError):
                found |= tiles_in(json.loads(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "picture":
                found |= tiles_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= tiles_in(v)
    return found


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def may_see(seat: int) -> set[str]:
    """The tiles ``seat`` may know of in the round in play: its own deal and draws, and every
    tile placed on the table."""
    session = app._app.session
    deal, rnd = session.match.deals[-1], session.match.rounds[-1]
    seen = {NAME[t] for t in deal.hands[seat]}
    for e in rnd.history:
        if e.move == DRAW and e.seat == seat:
            seen.add(NAME[e.drawn])
        if e.move >= 0:
            seen.add(NAME[tile_of(e.move)])
    return seen


def secrets_of_table() -> set[str]:
    """What no guest may see before the reveal: the seed, the host's secret and part; and what
    no message to a guest ever carries: the room's secret (the link holds it, nothing else)."""
    session = app._app.session
    net = session.net
    from allthrees.match import seed_hex

    return {seed_hex(session.seed), net.top.hex(), net.host_part().hex(), *net.room().values()}
