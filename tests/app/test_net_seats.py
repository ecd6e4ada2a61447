"""A friend's seat: a person whose seat is played on another device, in Settings JSON, New
game's choices and links, labelled per viewer, and never turning the table into a shared one."""

from __future__ import annotations

import pytest
from appkit import call

from allthrees.links import parse_link
from allthrees.settings import FRIEND, BadSettings, Seat, Settings


def test_a_friend_seat_reads_from_json_links_and_the_choices():
    s = Settings.from_json({"seats": ["you", {"controller": "friend", "name": "Ana"}, "casual"]})
    assert s.seats[1] == Seat(FRIEND, "Ana") and s.friends() == [1] and s.people() == [0]
    assert Settings.from_json(s.to_json()) == s
    linked, _ = parse_link({"seats": "you,friend,casual"})
    assert [seat.controller for seat in linked.seats] == ["you", "friend", "casual"]
    named, _ = parse_link({"seats": "friend:Ana,you,friend:Ben,friend", "mode": "partners"})
    assert [seat.name for seat in named.seats] == ["Ana", "", "Ben", ""]
    assert named.friends() == [0, 2, 3]
    choices = call("choices")["choices"]
    assert "friend" in choices["controllers"] and choices["max_friends"] == 3
    with pytest.raises(BadSettings):
        Settings.from_json({"seats": ["friend", "casual"]})  # the host's own seat is needed
    with pytest.raises(BadSettings):
        Settings.from_json({"seats": ["you", {"controller": "casual", "name": "Ana"}]})


def test_labels_per_viewer_and_a_friend_shares_nothing():
    s = Settings.from_json(
        {"seats": ["you", {"controller": "friend", "name": "Ana"}, "friend", "expert"]}
    )
    # the host's own device: "You", not "Player 1"; each friend by its name or seat number
    assert s.labels() == [
        {"kind": "you"},
        {"kind": "friend", "name": "Ana", "n": 2},
        {"kind": "friend", "name": None, "n": 3},
        {"kind": "level", "level": "expert", "n": 1},
    ]
    assert s.names() == ["You", "Ana", "Player 3", "Expert"]
    # Ana's device: she is "You", the host goes by its name when it gave one
    assert s.labels(1, {0: "Host Name"})[:3] == [
        {"kind": "host", "name": "Host Name", "n": 1},
        {"kind": "you"},
        {"kind": "friend", "name": None, "n": 3},
    ]
    assert s.labels(2)[0] == {"kind": "host", "name": None, "n": 1}
    assert s.names(2) == ["Host", "Ana", "You", "Expert"]
    # two people at the host's device still make it shared; the friend does not count
    shared = Settings.from_json({"seats": ["you", "person", "friend"]})
    assert shared.labels()[0]["kind"] == "person"
    assert shared.labels(2) == [
        {"kind": "host", "name": None, "n": 1},
        {"kind": "person", "name": None, "n": 2},
        {"kind": "you"},
    ]


def test_a_friend_brings_no_pass_and_play_cover():
    reply = call("gather", settings={"seats": ["you", "friend", "casual"]}, seed=4)
    table = reply["gathering"]["table"]
    from netkit import message, part_of

    reply = call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    snap = reply["snapshot"]
    assert snap["cover"] is None and snap["viewer"] == 0
    assert snap["seats"][0]["label"] == {"kind": "you"}
    assert snap["seats"][1]["friend"] and snap["seats"][1]["person"]
    assert snap["net"]["friends"] == [
        {"seat": 1, "name": None, "joined": True, "stand_in": None, "given": False}
    ]


def test_all_presets_and_three_friends():
    from netkit import gather, join_all

    from allthrees.rules import PRESETS

    for preset in PRESETS:
        reply = join_all(gather(["friend", "you", "friend", "friend"], rules=preset, seed=9))
        assert reply["ok"] and set(reply["guests"]) == {"0", "2", "3"}, preset
