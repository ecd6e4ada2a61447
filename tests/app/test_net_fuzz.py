"""10,000 malformed, oversized, out-of-turn and hostile messages given to the host's ``guest``
request (a seeded generator, so a failure repeats): no uncaught error, a refused message changes
nothing (the save, the joint state), an accepted one changes only its own seat's moves, no reply
sends any seat a tile it may not see nor a secret before the reveal, and the match is still
playable after."""

from __future__ import annotations

import json
import random

from appkit import call, person_intent
from netkit import (
    gather,
    join_all,
    may_see,
    message,
    part_of,
    play_match,
    secrets_of_table,
    tiles_in,
)
from netkit import step as host_step

from allthrees import app
from allthrees.save import dump

MESSAGES = 10_000
SEATS = ["you", "friend", "casual", "friend"]
FRIENDS = (1, 3)
KINDS = ["hello", "intent", "reaction", "bye", "welcome", "table", "reveal", "", None, 7]
TILES = ["6-6", "0-0", "6-5", "9-9", "x", "", "66", "6-6-6", None, 3]
HOSTILE = [
    None, True, 0, -1, 2**70, 1e308, "", "\u0000", "\ud800", "\u202e", "__proto__",
    "<script>", "x" * 300, [], {}, [[[[]]]], {"__proto__": {"ok": True}},
]  # fmt: skip


def _value(rng: random.Random, depth: int = 0):
    pick = rng.random()
    if depth > 3 or pick < 0.4:
        return rng.choice(HOSTILE + TILES + KINDS)
    if pick < 0.7:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["v", "kind", "intent", "table", "part", "name", "id", "tile", "arm", "claim", "seat"]
    return {rng.choice(keys): _value(rng, depth + 1) for _ in range(rng.randrange(5))}


def _message(rng: random.Random, table: str, snaps: dict[str, dict]) -> tuple[object, object]:
    """A seat and a message text: mostly nearly right, some of it garbage."""
    seat = rng.choice([1, 3, 1, 3, 0, 2, 4, -1, "1", None, 1.0, True])
    kind = rng.random()
    if kind < 0.1:  # raw garbage text
        n = rng.choice([0, 1, 10, 100, 500, 5000])
        return seat, "".join(chr(rng.randrange(0x20, 0x2FF)) for _ in range(n))
    if kind < 0.25:  # arbitrary JSON
        return seat, json.dumps(_value(rng))
    if kind < 0.3:  # not even text
        return seat, _value(rng)
    mine = snaps.get(str(seat), {}).get("snapshot")
    if kind < 0.4 and mine and mine["person_to_move"] == seat and rng.random() < 0.5:
        return seat, message("intent", intent=person_intent(mine))  # a right move, now and then
    if kind < 0.55:  # an intent, often a real tile of the seat's own hand
        tiles = [h["tile"] for h in mine["hand"]] if mine else []
        intent = {"kind": rng.choice(["play", "play", "draw", "pass", "next", "ready", "settings"])}
        if intent["kind"] == "play":
            intent["tile"] = rng.choice(tiles + TILES) if tiles else rng.choice(TILES)
            if rng.random() < 0.7:
                intent["arm"] = rng.choice(["W", "E", "N", "S", "Q", None])
            if rng.random() < 0.1:
                intent["claim"] = rng.choice([0, 3, -1, 10**9, "5"])
        text = message("intent", intent=intent)
    elif kind < 0.7:
        fields = {"table": rng.choice([table, table, "0" * 16, table.upper(), 5])}
        fields["part"] = rng.choice([part_of(seat if isinstance(seat, int) else 0), "z" * 64, ""])
        if rng.random() < 0.5:
            fields["name"] = rng.choice(["Ana", "", "x" * 17, "\u0007", "\U0001f600" * 16, 3])
        if rng.random() < 0.3:
            fields["resume"] = rng.choice([True, False, "yes"])
        text = message("hello", **fields)
    elif kind < 0.85:
        text = message("reaction", id=rng.choice(["nice", "oops", "good_game", "rude", 1, None]))
    else:
        data = {"v": 1, "kind": rng.choice(KINDS)}
        data[rng.choice(["x", "v", "kind", "table"])] = _value(rng)
        text = json.dumps(data)
    if rng.random() < 0.1:  # oversized: padded past its kind's limit
        data = json.loads(text)
        data["pad"] = "p" * rng.choice([50, 200, 1000, 100_000])
        text = json.dumps(data)
    if rng.random() < 0.05:  # another version
        data = json.loads(text)
        data["v"] = rng.choice([0, 2, 99, "1", None, 1.5])
        text = json.dumps(data)
    return seat, text


def _state():
    session = app._app.session
    net = session.net
    return dump(session), dict(net.parts), dict(net.names), dict(session.stand_in)


def _fresh():
    return join_all(gather(SEATS, seed=None, mode="partners"))


def test_ten_thousand_hostile_messages_change_nothing_they_may_not():
    rng = random.Random(25)
    reply = _fresh()
    table = reply["snapshot"]["net"]["table"]
    guests = reply["guests"]
    counts = {"refused": 0, "accepted": 0, "moves": 0, "tables": 1}
    for i in range(MESSAGES):
        # the host's own side of the table moves on until a friend is to move
        while (
            not reply["snapshot"]["match"]["over"] and reply["snapshot"]["friend_to_move"] is None
        ):
            reply = host_step(reply)
            assert reply["ok"], reply
            guests = reply["guests"]
        if reply["snapshot"]["match"]["over"]:
            reply = _fresh()
            table, guests = reply["snapshot"]["net"]["table"], reply["guests"]
            counts["tables"] += 1
        seat, text = _message(rng, table, guests)
        before = _state()
        history = [len(r.history) for r in app._app.session.match.rounds]
        secrets = secrets_of_table()
        got = json.loads(app.handle(json.dumps({"op": "guest", "seat": seat, "message": text})))
        assert isinstance(got, dict) and got.get("code") != "failed", (i, seat, text, got)
        outbox = got.get("outbox", {})
        over = app._app.session.match.over
        for to, texts in outbox.items():
            assert int(to) in FRIENDS
            for sent in texts:
                if not over:
                    assert not any(s in sent for s in secrets), (i, "a secret sent")
                kind = json.loads(sent)["kind"]
                if kind == "reveal":
                    continue
                echoed = tiles_in(text) if kind == "refusal" and str(seat) == to else set()
                leaked = tiles_in(sent) - may_see(int(to)) - echoed
                assert not leaked, (i, to, kind, leaked)
        if not got["ok"]:
            counts["refused"] += 1
            assert _state() == before, (i, seat, text, got["code"])
            continue
        counts["accepted"] += 1
        # an accepted message moved only its own seat (or changed nothing)
        rounds = app._app.session.match.rounds
        if len(rounds) == len(history):
            new = [e for r, n in zip(rounds, history, strict=True) for e in r.history[n:]]
            assert all(e.seat == seat for e in new), (i, seat, text)
            counts["moves"] += bool(new)
        if "guests" in got:
            reply, guests = got, got["guests"]
    assert counts["refused"] > MESSAGES * 0.6 and counts["moves"] > 50, counts
    # the match is still playable to its end
    end = play_match(reply, lambda r: None)
    assert end["snapshot"]["match"]["over"]
    assert call("ping")["ok"]
