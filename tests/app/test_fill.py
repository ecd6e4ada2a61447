"""Filling a gathering's empty seats with computers (``fill``): every friend's seat nobody joined
becomes a computer of the chosen level, the match is dealt from the parts of those who joined
(each gets a welcome with the dealt table, then its table), the save round-trips; refused, with
nothing changed, before anyone joined, after the deal, with no table, or with a bad level."""

from __future__ import annotations

import json

import pytest
from appkit import call
from netkit import join_all, message, part_of, step

from allthrees import app
from allthrees.net import joint
from allthrees.net.protocol import host_message
from allthrees.save import dump, gathering_stored

PARTNERS = ["you", "friend", "friend", "friend"]


def gather(seats: list, seed: int | None = 5, **fields) -> dict:
    payload = {"settings": {"seats": seats, "mode": "partners"}, **fields}
    if seed is not None:
        payload["seed"] = seed
    reply = call("gather", **payload)
    assert reply["ok"], reply
    return reply


def hello(table: str, seat: int, **fields) -> dict:
    reply = call(
        "guest", seat=seat, message=message("hello", table=table, part=part_of(seat), **fields)
    )
    assert reply["ok"], reply
    return reply


def gathering_text() -> str:
    net, settings = app._app.gathering
    return gathering_stored(settings, net)["text"]


def test_fill_deals_with_computers_in_the_empty_seats():
    gathered = gather(PARTNERS, clock=60)
    table = gathered["gathering"]["table"]
    hello(table, 1, name="Ana")
    commitment = gathered["gathering"]["commitment"]
    reply = call("fill", level="casual")
    assert reply["ok"], reply
    snap = reply["snapshot"]
    assert snap["round_no"] == 1 and [e["kind"] for e in reply["events"]] == ["deal"]
    seats = [s["controller"] for s in snap["seats"]]
    assert seats == ["you", "friend", "casual", "casual"]
    assert snap["net"]["friends"] == [
        {"seat": 1, "name": "Ana", "joined": True, "stand_in": None, "given": False}
    ]
    assert snap["net"]["clock_s"] == 60  # the table keeps its clock
    session = app._app.session
    assert app._app.gathering is None and session.settings.friends() == [1]
    assert session.net.friends == (1,) and set(session.net.parts) == {1}
    # dealt from the host's committed part and the one part that joined
    host = joint.host_part(joint.practice_top(5), 0)
    assert snap["fair"]["commitment"] == commitment
    assert session.seed == joint.mix(host, [part_of(1)], 0)
    # the friend who joined learns the match is dealt: a welcome, then its table
    assert list(reply["outbox"]) == ["1"]
    welcome, dealt = (host_message(text) for text in reply["outbox"]["1"])
    assert welcome["kind"] == "welcome" and welcome["dealt"] is True
    assert welcome["friends"] == [{"seat": 1, "name": "Ana", "joined": True}]
    assert welcome["snapshot"]["seats"][2]["controller"] == "casual"
    assert welcome["part"] == part_of(1)
    assert dealt["kind"] == "table" and dealt["events"][0]["kind"] == "deal"
    assert reply["guests"]["1"]["snapshot"]["you"] == 1
    # the save round-trips: the host reloads and the same match goes on
    back = call(
        "start", save=json.dumps(reply["stored"]["rest"]), sealed_seed=reply["stored"]["seed"]
    )
    assert back["ok"] and "problem" not in back
    again = app._app.session
    assert again.seed == session.seed and again.net.friends == (1,) and again.net.clock_s == 60
    assert again.settings == session.settings and back["save"] == reply["save"]
    # the computers play their seats
    for _ in range(30):
        back = step(back)
        assert back["ok"], back
    assert len(again.round.history) >= 1


def test_fill_welcomes_every_friend_who_joined_and_seats_nobody_after():
    gathered = gather(PARTNERS, seed=None)
    table = gathered["gathering"]["table"]
    hello(table, 2, key="ab" * 32)
    hello(table, 3)
    reply = call("fill", level="expert")
    assert reply["ok"], reply
    assert [s["controller"] for s in reply["snapshot"]["seats"]] == [
        "you",
        "expert",
        "friend",
        "friend",
    ]
    for seat in ("2", "3"):
        kinds = [host_message(text)["kind"] for text in reply["outbox"][seat]]
        assert kinds == ["welcome", "table"]
    assert call("seat_for", key="cd" * 32)["code"] == "table_full"
    assert call("seat_for", key="ab" * 32)["seat"] == 2
    assert call("start", save=reply["save"])["ok"]


def test_fill_before_anyone_joined_is_refused_and_changes_nothing():
    gather(PARTNERS)
    kept, text = app._app.gathering, gathering_text()
    refused = call("fill", level="casual")
    assert refused["ok"] is False and refused["code"] == "nobody_joined"
    assert app._app.gathering is kept and gathering_text() == text and app._app.session is None


@pytest.mark.parametrize("level", ["genius", None, 3, "friend", "you"])
def test_fill_with_a_bad_level_is_refused_and_changes_nothing(level):
    gathered = gather(PARTNERS)
    hello(gathered["gathering"]["table"], 1)
    kept, text = app._app.gathering, gathering_text()
    refused = call("fill", level=level)
    assert refused["ok"] is False and refused["code"] == "bad_request"
    assert app._app.gathering is kept and gathering_text() == text


def test_fill_after_the_deal_or_with_no_gathering_is_refused_and_changes_nothing():
    join_all(gather(PARTNERS))
    saved = dump(app._app.session)
    refused = call("fill", level="casual")
    assert refused["ok"] is False and refused["code"] == "no_gathering"
    assert dump(app._app.session) == saved and app._app.gathering is None
    call("new", settings={"seats": ["you", "casual"]})
    assert call("fill", level="casual")["code"] == "no_gathering"
