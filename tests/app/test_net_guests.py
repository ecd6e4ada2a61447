"""The host's Python speaks for each guest: every reply that changes a table across devices
carries each joined friend's own snapshot and events (and the texts to send it), and none of them
holds a tile that friend may not see, nor the seed or the host's secret before the reveal.
Whole matches are walked: 2 players, 3 players, partners with two friends, and each guest checks
the revealed deal against what it saw."""

from __future__ import annotations

import json

import pytest
from appkit import call
from netkit import gather, join_all, may_see, part_of, play_match, secrets_of_table, tiles_in

from allthrees import app
from allthrees.net.protocol import host_message

TABLES = [
    pytest.param({"seats": ["you", "friend"]}, id="2p"),
    pytest.param(
        {"seats": [{"controller": "friend", "name": "Ana"}, "you", "casual"], "rules": "classic"},
        id="3p",
    ),
    pytest.param(
        {
            "seats": ["you", "friend", "beginner", {"controller": "friend", "name": "Ben"}],
            "mode": "partners",
        },
        id="partners",
    ),
    pytest.param(
        {"seats": ["you", "friend", {"controller": "person", "name": "Cy"}], "mode": "sprint"},
        id="with-a-person",
    ),
]


@pytest.mark.parametrize("table", TABLES)
def test_every_guest_payload_holds_only_what_that_seat_may_see(table):
    gathered = gather(**table, seed=23)
    commitment = gathered["gathering"]["commitment"]
    friends = [f["seat"] for f in gathered["gathering"]["friends"]]
    assert str(gathered).count(part_of(friends[0])) == 0
    seen: dict[int, list] = {s: [] for s in friends}
    reveals: dict[int, str] = {}
    checked = [0]

    def each(reply):
        assert set(reply["guests"]) == {str(s) for s in friends}
        hidden = secrets_of_table()
        for seat in friends:
            mine = reply["guests"][str(seat)]
            texts = reply["outbox"][str(seat)]
            table_msg = host_message(texts[0])
            assert table_msg["kind"] in ("table", "welcome")
            over = reply["snapshot"]["match"]["over"]
            if table_msg["kind"] == "welcome":
                table_msg = host_message(texts[1])
            assert table_msg["snapshot"] == mine["snapshot"]
            assert table_msg["events"] == mine["events"]
            allowed = may_see(seat)
            without_reveal = {k: v for k, v in mine.items() if k != "reveal"}
            assert tiles_in(without_reveal) <= allowed, (seat, tiles_in(without_reveal) - allowed)
            assert tiles_in(table_msg) <= allowed
            text = json.dumps(without_reveal)
            assert not any(h in text for h in hidden if not over), "a secret before the reveal"
            if not over:
                assert not any(h in t for t in texts for h in hidden)
                assert "reveal" not in mine
            snap = mine["snapshot"]
            assert snap["viewer"] == seat and snap["cover"] is None
            assert snap["seats"][seat]["label"] == {"kind": "you"}
            seen[seat] += mine["events"]
            if over:
                reveals[seat] = texts[-1]
            checked[0] += 1
        # the host's own snapshot never shows a friend's hand
        host = reply["snapshot"]
        assert host["viewer"] is None or not host["seats"][host["viewer"]]["friend"]

    end = play_match(join_all(gathered), each)
    assert end["snapshot"]["match"]["over"] and checked[0] > 10
    for seat in friends:
        reveal = host_message(reveals[seat])
        assert reveal["kind"] == "reveal" and reveal["seat"] == seat
        shared = call(
            "check_shared",
            commitment=commitment,
            reveal=reveals[seat],
            my_part=part_of(seat),
            seen={"events": seen[seat]},
        )
        assert shared["ok"], shared
        assert shared["shared"]["winner"] == end["snapshot"]["match"]["winner"]
        # a practice table (the host's seeded link) counts in no career, as on one device
        practice = call(
            "check_shared",
            commitment=commitment,
            reveal=reveals[seat],
            my_part=part_of(seat),
            seen={"events": seen[seat]},
            date="2026-12-02T10:00:00Z",
        )["shared"]
        assert "entry" not in practice and "career" not in practice
        # every guest's scores are the host's
        guest = end["guests"][str(seat)]["snapshot"]
        assert [s["score"] for s in guest["sides"]] == [
            s["score"] for s in end["snapshot"]["sides"]
        ]


def test_a_friend_is_a_person_the_host_never_moves_and_never_shows():
    reply = join_all(gather(["you", {"controller": "friend", "name": "Ana"}], seed=3))
    session = app._app.session
    for _ in range(200):
        snap = reply["snapshot"]
        if snap["match"]["over"] or snap["phase"] == "round_over":
            break
        if snap["friend_to_move"] is not None:
            assert not snap["computer_to_move"]
            assert call("advance")["code"] == "illegal_move"
            # the host's own page cannot act for the friend
            refused = call("intent", seat=1, intent={"kind": "draw"})
            assert refused["ok"] is False and refused["code"] == "bad_request"
        assert snap["viewer"] == 0 and snap["cover"] is None
        friend_tiles = {t for t in tiles_in(snap["hand"])}
        from allthrees.tiles import NAME

        assert not friend_tiles & {NAME[t] for t in range(55) if session.round.hands[1] >> t & 1}
        from netkit import step

        reply = step(reply)
        assert reply["ok"], reply


def test_the_host_counts_a_match_with_friends_in_its_own_career():
    end = play_match(join_all(gather(["you", "friend"], seed=6, mode="sprint")), lambda r: None)
    assert end["snapshot"]["match"]["over"]
    made = call("career_entry", date="2026-12-02T10:00:00Z", entries=[])
    assert made["ok"], made
    assert made["entry"]["level"] == "people" and made["entry"]["seats"] == ["you", "friend"]


def test_a_match_across_devices_counts_in_each_guests_own_career_for_its_own_seat():
    gathered = gather(["you", {"controller": "friend", "name": "Ana"}], seed=None, mode="sprint")
    commitment = gathered["gathering"]["commitment"]
    seen: list = []
    end = play_match(join_all(gathered), lambda r: seen.extend(r["guests"]["1"]["events"]))
    reveal = end["outbox"]["1"][-1]
    args = {"commitment": commitment, "reveal": reveal, "my_part": part_of(1)}
    args |= {"seen": {"events": seen}, "date": "2026-12-02T10:00:00Z"}
    alone = call("check_shared", **args)["shared"]
    counted = alone["entry"]
    side = end["snapshot"]["seats"][1]["side"]
    assert counted["you"] == 1 and counted["your_side"] == side and not counted["practice"]
    assert counted["won"] == (end["snapshot"]["match"]["winner"] == side)
    assert counted["seats"][1] == "you" and "friend" in counted["seats"]
    assert "career" not in alone  # no career given: the entry alone
    # given the guest's career so far, the figures with this match, as career_entry gives them
    earlier = call("career", entries=[])["career"]
    assert earlier["played"] == 0
    shared = call("check_shared", **args, entries=[], attempts={})["shared"]
    assert shared["entry"]["id"] == counted["id"] and shared["career"]["played"] == 1
    assert shared["keep"] == {"entries": 2000, "history": 100}
    assert isinstance(shared["new_trophies"], list)
    # the same match again (a reload brings the reveal again) is not counted twice
    kept = {k: v for k, v in shared["entry"].items() if k not in ("record", "settings")}
    again = call("check_shared", **args, entries=[kept], attempts={})["shared"]
    assert again["career"]["played"] == 1 and again["new_trophies"] == []
