"""Driving the controller as the page does: JSON requests through ``app.handle``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from allthrees import app


def call(op: str, **payload: Any) -> dict[str, Any]:
    return json.loads(app.handle(json.dumps({"op": op, **payload})))


def person_intent(snap: dict[str, Any]) -> dict[str, Any]:
    """What a simple person does: draw or pass when forced, else the first playable tile at its
    last target."""
    if snap["can_draw"]:
        return {"kind": "draw"}
    if snap["must_pass"]:
        return {"kind": "pass"}
    tile = next(h for h in snap["hand"] if h["playable"])
    intent = {"kind": "play", "tile": tile["tile"]}
    arm = tile["targets"][-1]["arm"]
    if arm:
        intent["arm"] = arm
    return intent


def step(reply: dict[str, Any]) -> dict[str, Any]:
    """One step of the table: a computer moves, the cover is lifted, or the viewer acts."""
    snap = reply["snapshot"]
    if snap["computer_to_move"]:
        return call("advance")
    if snap["cover"] is not None:
        return call("intent", seat=snap["cover"], intent={"kind": "ready"})
    return call("intent", seat=snap["viewer"], intent=person_intent(snap))


def play_until(reply: dict[str, Any], stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(800):
        if stop(reply["snapshot"]):
            return reply
        reply = step(reply)
        assert reply["ok"], reply
    raise AssertionError("the table never got there")


def casual_start(seed: int, **settings: Any) -> dict[str, Any]:
    return call("start", seed=seed, settings={"seats": ["you", "casual"], **settings})


def record() -> dict[str, Any]:
    """The match record (docs/rules.md) of the session in play."""
    reply = call("record")
    assert reply["ok"], reply
    return reply["record"]
