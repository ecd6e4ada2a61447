"""Every message a guest sends is checked before anything uses it (size per kind, JSON, an
object, the protocol's version, a kind a guest may send, that kind's exact shape), out-of-turn and
illegal intents are refused as local ones are, reactions are relayed and a flood of them stopped,
a computer may stand in for a friend who is away, and a guest checks the host's messages the
same way."""

from __future__ import annotations

import json

import pytest
from appkit import call
from netkit import gather, join_all, message, part_of

from allthrees import app
from allthrees.net.protocol import (
    GUEST_LIMITS,
    HOST_LIMITS,
    REACTIONS,
    REACTIONS_PER_MOVE,
    VERSION,
    host_message,
)


def _table(**kw):
    return join_all(gather(["you", "friend"], seed=13, **kw))


def _guest(text, seat=1):
    return call("guest", seat=seat, message=text)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (None, "message_json"),
        ("", "message_json"),
        ("[1]", "message_json"),
        ("{", "message_json"),
        ('{"v": 2, "kind": "bye"}', "message_newer"),
        ('{"v": 0, "kind": "bye"}', "message_version"),
        ('{"v": "1", "kind": "bye"}', "message_version"),
        ('{"kind": "bye"}', "message_version"),
        ('{"v": 1, "kind": "welcome"}', "message_kind"),
        ('{"v": 1, "kind": "advance"}', "message_kind"),
        ('{"v": 1, "kind": "bye", "x": 1}', "message_shape"),
        ('{"v": 1, "kind": "intent"}', "message_shape"),
        ('{"v": 1, "kind": "intent", "intent": {"kind": "next"}}', "message_shape"),
        ('{"v": 1, "kind": "intent", "intent": {"kind": "settings"}}', "message_shape"),
        ('{"v": 1, "kind": "intent", "intent": {"kind": "draw", "seat": 0}}', "message_shape"),
        ('{"v": 1, "kind": "reaction", "id": "rude"}', "reaction_unknown"),
        ('{"v": 1, "kind": "bye", "pad": "' + "x" * 500 + '"}', "message_long"),
        ('{"v": 1, "kind": "intent", "intent": {"kind": "pass"}, "p": "' + "x" * 200 + '"}',
         "message_long"),
        ("[" * 40 + "]" * 40, "message_json"),
    ],
)  # fmt: skip
def test_a_bad_message_is_refused_with_its_code_and_changes_nothing(text, code):
    _table()
    before = app._app.saved
    reply = _guest(text)
    assert reply["ok"] is False and reply["code"] == code, reply
    assert app._app.saved == before
    assert host_message(reply["outbox"]["1"][0])["kind"] == "refusal"


def test_the_size_limits_are_tight_per_kind():
    assert GUEST_LIMITS == {
        "hello": 480,
        "intent": 160,
        "reaction": 80,
        "bye": 40,
        "rated_part": 400,  # held by tests/app/test_net_rated.py's largest part
        "rated_sign": 320,
        "title": 80,
    }
    # the largest real hello (a name of 16 emoji, escaped, a seat key, the longest title) fits
    name = "\U0001f600" * 16
    text = json.dumps({"v": VERSION, "kind": "hello", "table": "a" * 16, "part": "b" * 64,
                       "name": name, "resume": True, "key": "c" * 64,
                       "title": "grand_master"})  # fmt: skip
    assert len(text) <= GUEST_LIMITS["hello"]
    title = json.dumps({"v": VERSION, "kind": "title", "title": "grand_master"})
    assert len(title) <= GUEST_LIMITS["title"]
    play = {"kind": "play", "tile": "12-12", "arm": "W", "claim": 999}
    intent = json.dumps({"v": 1, "kind": "intent", "intent": play})
    assert len(intent) <= GUEST_LIMITS["intent"]


def test_out_of_turn_and_illegal_intents_are_refused_as_a_local_ones_are():
    reply = _table()
    snap = reply["snapshot"]
    if snap["friend_to_move"] is None:  # the host leads: a friend's move is out of turn
        out = _guest(message("intent", intent={"kind": "draw"}))
        assert out["ok"] is False and out["code"] == "illegal_move"
    guest = reply["guests"]["1"]["snapshot"]
    bad = next(iter(guest["hand"]))["tile"]
    for intent in (
        {"kind": "play", "tile": "9-9"},
        {"kind": "play", "tile": bad, "arm": "Q"},
        {"kind": "play", "tile": bad, "claim": 5},
    ):
        before = app._app.saved
        refused = _guest(message("intent", intent=intent))
        assert refused["ok"] is False and app._app.saved == before


def test_a_message_before_a_hello_and_an_intent_before_the_deal_are_refused():
    table = gather(["you", "friend", "friend"], seed=1)["gathering"]["table"]
    assert _guest(message("reaction", id="nice"))["code"] == "not_joined"
    _guest(message("hello", table=table, part=part_of(1)))
    assert _guest(message("intent", intent={"kind": "draw"}))["code"] == "not_dealt"
    assert _guest(message("bye"))["bye"] == {"seat": 1}


def test_reactions_are_relayed_and_a_flood_stops():
    reply = join_all(gather(["you", "friend", "friend"], seed=8))
    assert set(REACTIONS) == {"nice", "well_played", "oops", "thinking", "good_game"}
    for i in range(REACTIONS_PER_MOVE):
        sent = _guest(message("reaction", id=REACTIONS[i]))
        assert sent["relay"] == {"seat": 1, "id": REACTIONS[i]}
        relayed = host_message(sent["outbox"]["2"][0])
        assert relayed == {"v": 1, "kind": "reaction", "table": relayed["table"], "seat": 1,
                           "id": REACTIONS[i]}  # fmt: skip
        assert "1" not in sent["outbox"]
    flood = _guest(message("reaction", id="nice"))
    assert flood["ok"] is False and flood["code"] == "reaction_flood"
    assert _guest(message("reaction", id="nice"), seat=2)["ok"]  # another seat's own count
    from netkit import step

    while app._app.session.round.moves_made == 0 or reply["snapshot"]["friend_to_move"] == 1:
        reply = step(reply)
    assert _guest(message("reaction", id="oops"))["ok"]  # the table moved: a fresh count


def test_a_computer_stands_in_for_a_friend_who_is_away_until_it_is_back():
    reply = _table()
    table = reply["snapshot"]["net"]["table"]
    for bad in ({"seat": 0, "level": "casual"}, {"seat": 1, "level": "genius"}, {"seat": 9}):
        assert call("stand_in", **bad)["ok"] is False
    stood = call("stand_in", seat=1, level="casual")
    assert stood["snapshot"]["seats"][1]["stand_in"] == "casual"
    assert stood["guests"]["1"]["snapshot"]["seats"][1]["stand_in"] == "casual"
    assert stood["snapshot"]["net"]["friends"][0]["stand_in"] == "casual"
    from netkit import step

    reply = stood
    for _ in range(12):  # the friend's turns are the computer's now
        assert reply["snapshot"]["friend_to_move"] is None
        reply = step(reply)
        if reply["snapshot"]["phase"] != "play":
            break
    refused = _guest(message("intent", intent={"kind": "draw"}))
    assert refused["ok"] is False
    # the stand-in survives the host's reload
    call("start", save=reply["save"])
    assert app._app.session.stand_in == {1: "casual"}
    back = _guest(message("hello", table=table, part=part_of(1), resume=True))
    assert back["ok"] and app._app.session.stand_in == {}
    welcome = host_message(back["outbox"]["1"][0])
    assert welcome["kind"] == "welcome" and welcome["dealt"] and welcome["part"] == part_of(1)
    assert call("stand_in", seat=1, level=None)["ok"]


def test_presence_goes_to_every_joined_friend():
    _table()
    sent = call("presence", seats=[{"seat": 1, "presence": "reconnecting"}])
    assert host_message(sent["outbox"]["1"][0])["seats"] == [
        {"seat": 1, "presence": "reconnecting"}
    ]
    assert call("presence", seats=[{"seat": 0, "presence": "away"}])["ok"] is False
    assert call("presence", seats=[{"seat": 1, "presence": "gone"}])["ok"] is False


def test_a_guest_checks_the_hosts_messages_before_use():
    reply = _table()
    for text in reply["outbox"]["1"]:
        assert call("host_message", message=text)["ok"]
    table = json.loads(reply["outbox"]["1"][-1])
    for broken, code in (
        ({**table, "v": 2}, "message_newer"),
        ({**table, "kind": "intent"}, "message_kind"),
        ({**table, "extra": 1}, "message_shape"),
        ({**table, "seat": "1"}, "message_shape"),
        ({k: v for k, v in table.items() if k != "snapshot"}, "message_shape"),
    ):
        refused = call("host_message", message=json.dumps(broken))
        assert refused["ok"] is False and refused["code"] == code
    huge = json.dumps({**table, "events": [{"kind": "x" * 100}] * 5000})
    assert len(huge) > HOST_LIMITS["table"]
    assert call("host_message", message=huge)["code"] == "message_long"


def test_the_hosts_own_reaction_goes_to_every_joined_friend():
    from allthrees.app import App
    from allthrees.net.protocol import REACTIONS, BadMessage

    app = App()
    settings = {
        "seats": [{"controller": "you"}, {"controller": "friend"}, {"controller": "friend"}]
    }
    table = app.handle({"op": "gather", "settings": settings, "seed": 3})["gathering"]["table"]
    hello = {"v": 1, "kind": "hello", "table": table, "part": "ab" * 32}
    app.handle({"op": "guest", "seat": 1, "message": json.dumps(hello)})
    reply = app.handle({"op": "react", "id": REACTIONS[0]})
    assert reply["relay"] == {"seat": 0, "id": REACTIONS[0]} and list(reply["outbox"]) == ["1"]
    with pytest.raises(BadMessage) as refused:  # app's handler words it, as every refusal
        app.handle({"op": "react", "id": "<b>boo</b>"})
    assert refused.value.code == "reaction_unknown"
