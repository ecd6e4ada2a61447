"""The room of a table played online: its secret (the one link's fragment) comes to the host's page
alone; a page knocking with a seat key is given its own seat back, or the first free one (first
come, first seated), and a full table seats nobody; a hello with another key for a seat that has
one is refused and changes nothing; the keys survive the host's reload (as hashes in the save)."""

from __future__ import annotations

import hashlib

from appkit import call
from netkit import gather, message, part_of, secrets_of_table

from allthrees import app

KEYS = [hashlib.sha256(f"seat key {i}".encode()).hexdigest() for i in range(4)]


def _hello(table: str, seat: int, key: str | None, salt: str = "") -> dict:
    fields = {"table": table, "part": part_of(seat, salt)}
    if key is not None:
        fields["key"] = key
    return call("guest", seat=seat, message=message("hello", **fields))


def _seat_for(key: str) -> dict:
    return call("seat_for", key=key)


def test_the_room_secret_reaches_the_host_alone_and_is_the_tables_own():
    first = gather(["you", "friend", "friend"], seed=None)
    room = first["room"]
    assert set(room) == {"secret", "key"} and room["secret"] != room["key"]
    assert all(len(v) == 64 and int(v, 16) >= 0 for v in room.values())
    table = first["gathering"]["table"]
    assert _seat_for(KEYS[0]) == {"ok": True, "seat": 1}
    _hello(table, 1, KEYS[0])
    last = _hello(table, 2, KEYS[1])  # the last friend: the match is dealt
    assert last["ok"] and last["room"] == room, "every host reply carries the same room"
    texts = [t for out in last["outbox"].values() for t in out]
    assert texts and not any(secret in t for t in texts for secret in secrets_of_table())
    other = gather(["you", "friend"], seed=None)["room"]
    assert not set(other.values()) & set(room.values()), "each table its own room"


def test_first_come_first_seated_and_a_key_gets_its_own_seat_back():
    table = gather(["you", "friend", "expert", "friend"])["gathering"]["table"]
    assert _seat_for(KEYS[0])["seat"] == 1
    assert _seat_for(KEYS[0])["seat"] == 1, "asking changes nothing"
    assert _hello(table, 1, KEYS[0])["ok"]
    assert _seat_for(KEYS[0])["seat"] == 1, "a known key: its own seat"
    assert _seat_for(KEYS[1])["seat"] == 3, "a new key: the first free friend's seat"
    assert _hello(table, 3, KEYS[1])["ok"]
    full = _seat_for(KEYS[2])
    assert full["ok"] is False and full["code"] == "table_full", full
    assert _seat_for(KEYS[1])["seat"] == 3, "a full table still knows its own"


def test_another_key_for_a_taken_seat_is_refused_and_changes_nothing():
    table = gather(["you", "friend", "friend"])["gathering"]["table"]
    assert _hello(table, 1, KEYS[0])["ok"]
    before = app._app.saved, dict(app._app.gathering[0].parts), dict(app._app.gathering[0].keys)
    refused = _hello(table, 1, KEYS[1], salt="thief")
    assert refused["ok"] is False and refused["code"] == "seat_taken", refused
    net = app._app.gathering[0]
    assert (app._app.saved, dict(net.parts), dict(net.keys)) == before
    assert _hello(table, 1, KEYS[0])["ok"], "its own key still takes it"


def test_bad_keys_are_refused_by_their_shape():
    table = gather(["you", "friend"])["gathering"]["table"]
    for key in ("", "xyz", "A" * 64, "a" * 63, 7, None, ["a" * 64]):
        reply = call("seat_for", key=key)
        assert reply["ok"] is False and reply["code"] == "message_shape", (key, reply)
    bad = call(
        "guest", seat=1, message=message("hello", table=table, part=part_of(1), key="A" * 64)
    )
    assert bad["ok"] is False and bad["code"] == "message_shape"


def test_the_keys_and_the_room_survive_a_reload_of_the_hosts_page():
    first = gather(["you", "friend", "friend"])
    table, room = first["gathering"]["table"], first["room"]
    reply = _hello(table, 1, KEYS[0])  # still gathering: its reply is the gathering's save
    assert KEYS[0] not in reply["save"], "the save keeps the key's hash, not the key"
    restored = call("start", save=reply["save"], sealed_seed=reply["stored"]["seed"])
    assert restored["ok"] and restored["room"] == room, restored
    assert _seat_for(KEYS[0])["seat"] == 1 and _seat_for(KEYS[1])["seat"] == 2
    assert _hello(table, 1, KEYS[1], salt="thief")["code"] == "seat_taken"
