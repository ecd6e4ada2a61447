"""The players' titles at a table across devices (issue 44): each device says its own player's
title (a friend's in its hello, the host's by op ``table_title``), and every seat's snapshot shows
every seat's title beside its name; a hidden title is none; an unknown title or a too-long string
is refused with a typed error and changes nothing; the host's save keeps them, and a damaged one
is refused."""

from __future__ import annotations

import json

import pytest
from appkit import call
from netkit import gather, message, part_of

from allthrees import app
from allthrees.net.protocol import BadMessage
from allthrees.net.state import TableState
from allthrees.titlecodes import TITLE_CODES


def _titles(snapshot: dict) -> list[str | None]:
    return [s["title"] for s in snapshot["seats"]]


def _hello(table: str, seat: int, **more: object) -> dict:
    return call(
        "guest", seat=seat, message=message("hello", table=table, part=part_of(seat), **more)
    )


def test_every_seat_sees_every_players_title_beside_their_name() -> None:
    gathered = gather(["you", "friend", "friend"], seed=5)
    table = gathered["gathering"]["table"]
    assert call("table_title", title="adept")["ok"]  # the host's own, before the deal
    assert _hello(table, 1, name="Ola", title="grand_master")["ok"]
    dealt = _hello(table, 2, name="Piotr")  # no title: none reached, or hidden
    assert dealt["ok"] and dealt["snapshot"] is not None
    assert _titles(dealt["snapshot"]) == ["adept", "grand_master", None]
    for seat in ("1", "2"):  # each friend's own table shows the same
        assert _titles(dealt["guests"][seat]["snapshot"]) == ["adept", "grand_master", None]
    # the host hides its title at the table: gone from every seat's snapshot
    hidden = call("table_title", title=None)
    assert hidden["ok"]
    assert _titles(hidden["snapshot"]) == [None, "grand_master", None]
    assert _titles(hidden["guests"]["1"]["snapshot"]) == [None, "grand_master", None]
    # a friend back in its seat says its title again (a new one reached, or hidden now)
    back = _hello(table, 1, resume=True, title="master")
    assert back["ok"]
    again = call("table_title", title="newcomer")
    assert _titles(again["snapshot"]) == ["newcomer", "master", None]


def test_a_table_with_one_device_shows_no_titles() -> None:
    reply = call("new", settings={"seats": ["you", "expert"]}, seed=3)
    assert reply["ok"] and _titles(reply["snapshot"]) == [None, None]
    refused = call("table_title", title="adept")  # no table across devices: nothing to say it to
    assert refused["ok"] is False and refused["code"] == "guest_seat"


@pytest.mark.parametrize(
    ("title", "code"),
    [
        ("emperor", "title_unknown"),
        ("Grand Master", "title_unknown"),
        ("", "title_unknown"),
        ("x" * 40, "message_shape"),
        (7, "message_shape"),
        (["adept"], "message_shape"),
    ],
)
def test_a_hello_with_a_title_that_is_none_of_the_ladders_is_refused(title, code) -> None:
    gathered = gather(["you", "friend"], seed=5)
    table = gathered["gathering"]["table"]
    before = app._app.saved
    refused = _hello(table, 1, title=title)
    assert refused["ok"] is False and refused["code"] == code, refused
    assert app._app.saved == before, "nothing changed: the seat is not joined"
    assert app._app.gathering is not None and 1 not in app._app.gathering.net.parts


@pytest.mark.parametrize("title", ["emperor", "x" * 40, 7, "", {"code": "adept"}])
def test_the_hosts_own_title_that_is_none_of_the_ladders_is_refused(title) -> None:
    gathered = gather(["you", "friend"], seed=5)
    assert call("table_title", title="expert")["ok"]
    refused = call("table_title", title=title)
    assert refused["ok"] is False and refused["code"] == "title_unknown", refused
    assert refused["values"]["field"] == "title"
    assert app._app.gathering is not None
    assert app._app.gathering.net.titles == {0: "expert"}, "the title before is kept"
    assert gathered["ok"]


def test_the_hosts_save_keeps_the_titles_and_a_damaged_one_is_refused() -> None:
    gathered = gather(["you", "friend"], seed=5)
    table = gathered["gathering"]["table"]
    call("table_title", title="journeyman")
    dealt = _hello(table, 1, title="apprentice")
    assert _titles(dealt["snapshot"]) == ["journeyman", "apprentice"]
    rest, seed = dealt["stored"]["rest"], dealt["stored"]["seed"]
    assert rest["net"]["titles"] == {"0": "journeyman", "1": "apprentice"}
    back = call("start", save=json.dumps(rest), sealed_seed=seed)
    assert back["ok"] and "problem" not in back, back
    assert _titles(back["snapshot"]) == ["journeyman", "apprentice"]
    net = app._app.session.net
    settings = app._app.session.settings
    data, top = net.to_json(), net.top.hex()
    for bad in ({"1": "emperor"}, {"5": "adept"}, ["adept"], {"1": 3}, {"1": "x" * 40}):
        with pytest.raises(BadMessage) as refused:
            TableState.from_json({**data, "titles": bad}, top, settings)
        assert refused.value.code == "gathering_save", bad
        assert refused.value.values == {"field": "titles"}
    # a save from before titles at the table: none shown
    older = {**rest, "net": {k: v for k, v in rest["net"].items() if k != "titles"}}
    restored = call("start", save=json.dumps(older), sealed_seed=seed)
    assert restored["ok"] and _titles(restored["snapshot"]) == [None, None]


def test_every_title_of_the_ladder_is_taken() -> None:
    for title in TITLE_CODES:
        gathered = gather(["you", "friend"], seed=5)
        dealt = _hello(gathered["gathering"]["table"], 1, title=title)
        assert dealt["ok"] and _titles(dealt["snapshot"]) == [None, title]


def test_a_friends_title_changed_at_the_table_reaches_every_seat() -> None:
    """A title reached, hidden or shown again while seated (``title {title}``): every snapshot
    shows it from then on; one that is none of the ladder's is refused, nothing changed."""
    gathered = gather(["you", "friend", "friend"], seed=5)
    table = gathered["gathering"]["table"]
    early = call("guest", seat=2, message=message("title", title="adept"))
    assert early["ok"] is False and early["code"] == "not_joined"
    assert _hello(table, 1)["ok"]
    assert call("guest", seat=1, message=message("title", title="adept"))["ok"]  # before the deal
    dealt = _hello(table, 2, title="expert")
    assert _titles(dealt["snapshot"]) == [None, "adept", "expert"]
    hidden = call("guest", seat=1, message=message("title", title=None))
    assert hidden["ok"] and _titles(hidden["guests"]["2"]["snapshot"]) == [None, None, "expert"]
    before = app._app.saved
    for bad, code in (
        ("emperor", "title_unknown"),
        ("x" * 40, "message_shape"),
        (3, "message_shape"),
    ):
        refused = call("guest", seat=2, message=message("title", title=bad))
        assert refused["ok"] is False and refused["code"] == code, (bad, refused)
    refused = call("guest", seat=2, message=json.dumps({"v": 1, "kind": "title"}))
    assert refused["ok"] is False and refused["code"] == "message_shape"
    assert app._app.saved == before and app._app.session.net.titles == {2: "expert"}
