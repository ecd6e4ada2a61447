"""A rated table's end across devices (``net.rated``): every person's part of the result and
every signature pass through the host to the other friends, under the seat of the channel each
came on; a part that speaks for another seat, a malformed part or signature, and anything sent
before a rated table's end or at an unrated table are refused and change nothing; and the parts
that went through the messages make the one document both devices take, while a forged,
half-signed or replayed result changes no rating."""

from __future__ import annotations

import json
from typing import Any

import pytest
from appkit import call
from netkit import join_all, message, play_match
from test_signed import GUEST_KEY, HOST_KEY, at, guest_check, signatures

from allthrees import app
from allthrees.net.protocol import GUEST_LIMITS, HOST_LIMITS, host_message

THIRD_KEY = "c3" * 32
SIGNATURE = "d4" * 64


def rated_end(seats: list[str], rated: bool = True) -> dict[str, Any]:
    """A table across devices, rated or not, played to its end: the last reply."""
    gathered = call("gather", settings={"mode": "sprint", "seats": seats}, rated=rated)
    assert gathered["ok"], gathered
    end = play_match(join_all(gathered), lambda r: None)
    end["gathered"] = gathered
    return end


def a_part(seat: int, key: str = GUEST_KEY, **over: Any) -> dict[str, Any]:
    return {"seat": seat, "key": key, "rating": 1500, "deviation": 350, "previous": None, **over}


def guest_says(seat: int, kind: str, **fields: Any) -> dict[str, Any]:
    return call("guest", seat=seat, message=message(kind, **fields))


def test_a_guests_part_and_signature_go_to_the_other_friends_under_its_seat():
    rated_end(["you", "friend", "friend"])
    reply = guest_says(1, "rated_part", part=a_part(1))
    assert reply["ok"] and reply["rated"] == {"seat": 1, "part": a_part(1)}
    assert set(reply["outbox"]) == {"2"}, "the other friend, not the sender"
    relayed = host_message(reply["outbox"]["2"][0])
    assert (relayed["kind"], relayed["seat"], relayed["part"]) == ("rated_part", 1, a_part(1))
    signed = guest_says(2, "rated_sign", digest="e5" * 32, signature=SIGNATURE)
    assert signed["ok"] and set(signed["outbox"]) == {"1"}
    said = host_message(signed["outbox"]["1"][0])
    assert (said["kind"], said["seat"], said["signature"]) == ("rated_sign", 2, SIGNATURE)


def test_the_hosts_own_part_and_signature_go_to_every_friend():
    rated_end(["you", "friend", "friend"])
    reply = call("rated_share", part=a_part(0, HOST_KEY))
    assert reply["ok"] and set(reply["outbox"]) == {"1", "2"}
    assert host_message(reply["outbox"]["1"][0])["part"] == a_part(0, HOST_KEY)
    signed = call("rated_share", digest="e5" * 32, signature=SIGNATURE)
    assert signed["ok"] and host_message(signed["outbox"]["2"][0])["seat"] == 0
    # the host speaks for its own seat alone
    assert call("rated_share", part=a_part(1, HOST_KEY))["ok"] is False
    assert call("rated_share", digest="e5" * 32, signature="zz")["ok"] is False


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("rated_part", {"part": a_part(2)}),  # another seat's part, from seat 1's channel
        ("rated_part", {"part": a_part(1, rating=1500.5)}),
        ("rated_part", {"part": a_part(1, rating=4001)}),
        ("rated_part", {"part": a_part(1, deviation=0)}),
        ("rated_part", {"part": a_part(1, key="B2" * 32)}),
        ("rated_part", {"part": a_part(1, previous="ab")}),
        ("rated_part", {"part": {**a_part(1), "title": "master"}}),
        ("rated_part", {"part": a_part(1), "extra": 1}),
        ("rated_sign", {"digest": "e5" * 32, "signature": SIGNATURE[:-2]}),
        ("rated_sign", {"digest": "e5" * 31, "signature": SIGNATURE}),
        ("rated_sign", {"digest": "e5" * 32}),
    ],
)
def test_a_forged_or_malformed_part_or_signature_is_refused_and_changes_nothing(kind, fields):
    rated_end(["you", "friend", "friend"])
    before = app._app.saved
    reply = guest_says(1, kind, **fields)
    assert reply["ok"] is False and reply["code"] == "message_shape", reply
    assert app._app.saved == before
    assert [host_message(t)["kind"] for t in reply["outbox"]["1"]] == ["refusal"]
    assert "2" not in reply["outbox"], "nothing reaches the other friend"


def test_before_the_end_or_at_an_unrated_table_nothing_is_shared():
    gathered = call("gather", settings={"mode": "sprint", "seats": ["you", "friend"]}, rated=True)
    join_all(gathered)
    assert guest_says(1, "rated_part", part=a_part(1))["code"] == "message_shape"
    assert call("rated_share", part=a_part(0, HOST_KEY))["ok"] is False
    rated_end(["you", "friend"], rated=False)
    assert guest_says(1, "rated_part", part=a_part(1))["code"] == "message_shape"


def test_the_limits_hold_the_largest_part_and_signature():
    part = a_part(3, previous="f" * 64, rating=4000, deviation=1000)
    text = json.dumps({"v": 1, "kind": "rated_part", "part": part})
    assert len(text) <= GUEST_LIMITS["rated_part"]
    sign = json.dumps({"v": 1, "kind": "rated_sign", "digest": "f" * 64, "signature": SIGNATURE})
    assert len(sign) <= GUEST_LIMITS["rated_sign"]
    host = {"v": 1, "kind": "rated_part", "table": "a" * 16, "seat": 3, "part": part}
    assert len(json.dumps(host)) <= HOST_LIMITS["rated_part"]


def test_parts_through_the_messages_make_one_document_and_a_replay_changes_nothing():
    """Host and guest exchange their parts as the pages do (the guest's through ``guest``, the
    host's through ``rated_share``, each read back by ``host_message``), make the same document,
    and take it; a half-signed copy, and the same result taken a second time, are refused."""
    end = rated_end(["you", "friend"])
    host = call("career_entry", date=at(1), entries=[])["entry"]
    shared = guest_check(end["gathered"], end["outbox"]["1"][-1], entries=[])
    guest = shared["shared"]["entry"]
    mine = call("rated_part", entries=[], entry=host, key=HOST_KEY)["part"]
    theirs = call("rated_part", entries=[], entry=guest, key=GUEST_KEY)["part"]
    sent = call("rated_share", part=mine)["outbox"]["1"][0]
    heard_by_guest = host_message(sent)["part"]
    heard_by_host = guest_says(1, "rated_part", part=theirs)["rated"]["part"]
    here = call("rated_document", entry=host, parts=[mine, heard_by_host])
    there = call("rated_document", entry=guest, parts=[heard_by_guest, theirs])
    assert here["ok"] and here["digest"] == there["digest"]
    doc = {"document": here["document"], "digest": here["digest"], "signatures": signatures(here)}
    took = call("rated_take", entries=[host], entry=host, signed=doc, verified=True, key=HOST_KEY)
    assert took["ok"] and took["entry"]["rated"]["signed"]["digest"] == here["digest"]
    half = {**doc, "signatures": {HOST_KEY: doc["signatures"][HOST_KEY]}}
    refused = call("rated_take", entries=[guest], entry=guest, signed=half, verified=True,
                   key=GUEST_KEY)  # fmt: skip
    assert refused["ok"] is False and refused["code"] == "rated_result"
    again = call("rated_take", entries=[took["entry"]], entry=took["entry"], signed=doc,
                 verified=True, key=HOST_KEY)  # fmt: skip
    assert again["ok"] is False, "a result already taken is not taken twice"
    assert THIRD_KEY not in doc["signatures"]


def test_the_host_may_change_a_rated_table_until_a_friend_sits_down():
    seats = ["you", "friend", "friend"]  # one friend sits down; the other is still awaited
    gathered = call("gather", settings={"mode": "sprint", "seats": seats})
    assert gathered["gathering"]["rated"] is False  # a friends' table: not rated until chosen
    chosen = call("rated", on=True)
    assert chosen["ok"] and chosen["gathering"]["rated"] is True
    assert call("rated", on="yes")["ok"] is False
    table = gathered["gathering"]["table"]
    from netkit import part_of

    joined = call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    assert joined["ok"]
    before = app._app.saved
    refused = call("rated", on=False)
    assert refused["ok"] is False and refused["code"] == "rated_joined"
    assert app._app.saved == before
    practice = call("gather", settings={"mode": "sprint", "seats": ["you", "friend"]}, seed=5)
    assert practice["ok"] and call("rated", on=True)["gathering"]["rated"] is False
