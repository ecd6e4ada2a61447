"""The host gives a friend's seat to a computer for good (``give_seat``): a stranger it does not
want at the table. The computer plays the seat from then on; its page gets the word why and
nothing more of the table; its key takes no seat again (``seat_for`` and its hello refused with
``seat_given``), not even by a stand-in's change; the save keeps it. Refused, with nothing
changed, before the deal, for a seat that is no friend's, given twice, or with a bad level."""

from __future__ import annotations

import json

from appkit import call
from netkit import message, part_of

from allthrees import app
from allthrees.net.protocol import host_message

KEY = "ab" * 32


def dealt_table() -> str:
    gathered = call("gather", settings={"seats": ["you", "friend"]}, seed=3)
    table = gathered["gathering"]["table"]
    assert call("seat_for", key=KEY)["seat"] == 1
    reply = call(
        "guest",
        seat=1,
        message=message("hello", table=table, part=part_of(1), name="Rude", key=KEY),
    )
    assert reply["ok"] and reply["snapshot"], reply
    return table


def test_a_seat_given_to_a_computer_stays_the_computers():
    table = dealt_table()
    reply = call("give_seat", seat=1, level="casual")
    assert reply["ok"] and reply["given"] == {"seat": 1}, reply
    (words,) = reply["outbox"]["1"]
    told = host_message(words)
    assert told["kind"] == "refusal" and told["code"] == "seat_given"
    friend = reply["snapshot"]["net"]["friends"][0]
    assert friend["stand_in"] == "casual" and friend["given"] is True
    # its key takes no seat, its hello is refused, and the host cannot hand it back by a stand-in
    assert call("seat_for", key=KEY)["code"] == "seat_given"
    hello = call("guest", seat=1, message=message("hello", table=table, part=part_of(1), key=KEY))
    assert not hello["ok"] and hello["code"] == "seat_given"
    assert not call("stand_in", seat=1, level=None)["ok"]
    # kept by the save
    save = reply["save"]
    restored = call("start", save=save)
    assert restored["ok"] and restored["snapshot"]["net"]["friends"][0]["given"] is True
    assert call("seat_for", key=KEY)["code"] == "seat_given"


def test_giving_a_seat_is_refused_with_nothing_changed():
    app._app.session, app._app.gathering = None, None  # no table at all
    assert not call("give_seat", seat=1, level="casual")["ok"]  # no table
    call("gather", settings={"seats": ["you", "friend"]}, seed=3)
    assert call("give_seat", seat=1, level="casual")["code"] == "not_dealt"  # not dealt
    app._app.gathering = None
    dealt_table()
    before = json.dumps(app._app.session.net.to_json(), sort_keys=True)
    for seat, level in ((0, "casual"), (2, "casual"), ("1", "casual"), (1, "wizard")):
        reply = call("give_seat", seat=seat, level=level)
        assert not reply["ok"], (seat, level)
    assert json.dumps(app._app.session.net.to_json(), sort_keys=True) == before
    assert call("give_seat", seat=1, level="expert")["ok"]
    assert call("give_seat", seat=1, level="casual")["code"] == "guest_seat"  # given already
