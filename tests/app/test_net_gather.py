"""Gathering before the deal and a fair joint seed: the host publishes only a commitment, each
friend's part is mixed in as documented, the match survives the host's reload with nothing
secret in the save's plain text, rematches step down the host's chain, and a guest's check of
the reveal refuses every way it could be false."""

from __future__ import annotations

import hashlib
import json

import pytest
from appkit import call
from netkit import gather, join_all, message, part_of, play_match

from allthrees import app
from allthrees.match import SEED_BYTES, commitment
from allthrees.net import joint
from allthrees.net.protocol import host_message


def test_the_gathering_deals_nothing_and_shows_only_a_commitment():
    gathered = gather(["you", "friend", "friend"], seed=None)
    g = gathered["gathering"]
    assert g["friends"] == [
        {"seat": 1, "name": None, "joined": False},
        {"seat": 2, "name": None, "joined": False},
    ]
    assert app._app.session is None and len(g["commitment"]) == 64
    assert call("advance")["ok"] is False  # nothing is dealt
    net = app._app.gathering[0]
    assert net.top.hex() not in json.dumps(gathered["stored"]["rest"])
    assert gathered["stored"]["seed"] == net.top.hex()  # the one field the page seals
    table = g["table"]
    first = call(
        "guest", seat=1, message=message("hello", table=table, part=part_of(1), name="Ana")
    )
    assert first["ok"] and "snapshot" not in first
    welcome = host_message(first["outbox"]["1"][0])
    assert (
        welcome["kind"] == "welcome" and welcome["dealt"] is False and welcome["snapshot"] is None
    )
    assert first["gathering"]["friends"][0] == {"seat": 1, "name": "Ana", "joined": True}
    last = call("guest", seat=2, message=message("hello", table=table, part=part_of(2)))
    assert last["ok"] and last["snapshot"]["round_no"] == 1
    assert host_message(last["outbox"]["1"][0])["kind"] == "table"  # Ana's table is dealt
    assert host_message(last["outbox"]["2"][0])["kind"] == "welcome"
    assert host_message(last["outbox"]["2"][1])["kind"] == "table"


def test_friends_waiting_hear_who_joined():
    table = gather(["you", "friend", "friend", "friend"], seed=2)["gathering"]["table"]
    call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    second = call("guest", seat=3, message=message("hello", table=table, part=part_of(3)))
    heard = host_message(second["outbox"]["1"][0])
    assert heard["kind"] == "gathering" and [f["joined"] for f in heard["friends"]] == [
        True,
        False,
        True,
    ]


def test_the_seed_is_the_documented_mix_of_the_host_part_and_the_parts():
    gathered = gather(["friend", "you", "friend"], seed=77)
    reply = join_all(gathered)
    session = app._app.session
    top = joint.practice_top(77)
    h0 = top
    for _ in range(joint.CHAIN):
        h0 = hashlib.sha256(h0).digest()
    assert gathered["gathering"]["commitment"] == hashlib.sha256(h0).hexdigest()
    data = b"allthrees joint seed v1" + (0).to_bytes(4, "big") + h0
    data += bytes.fromhex(part_of(0)) + bytes.fromhex(part_of(2))
    assert session.seed == int.from_bytes(hashlib.sha256(data).digest(), "big")
    assert reply["snapshot"]["fair"]["commitment"] == gathered["gathering"]["commitment"]
    assert session.practice is True
    # the same practice seed and parts deal the same match; another part, another deal
    again = join_all(gather(["friend", "you", "friend"], seed=77))
    assert app._app.session.seed == session.seed and again["ok"]
    join_all(gather(["friend", "you", "friend"], seed=77), salt="other")
    assert app._app.session.seed != session.seed


def test_a_hello_for_another_table_or_a_seat_not_a_friends_is_refused():
    gathered = gather(["you", "friend"], seed=5)
    wrong = call("guest", seat=1, message=message("hello", table="0" * 16, part=part_of(1)))
    assert wrong["ok"] is False and wrong["code"] == "wrong_table"
    assert host_message(wrong["outbox"]["1"][0])["code"] == "wrong_table"
    table = gathered["gathering"]["table"]
    for seat in (0, 2, "1", None, -1, True):
        refused = call("guest", seat=seat, message=message("hello", table=table, part=part_of(1)))
        assert refused["ok"] is False and refused["code"] == "guest_seat", seat
    assert app._app.gathering[0].parts == {}


def test_the_host_reloads_during_the_gathering_and_in_the_match():
    gathered = gather(["you", "friend", "friend"], seed=None)
    table = gathered["gathering"]["table"]
    call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    kept = app._app.gathering[0]
    saved = call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    back = call(
        "start",
        save=json.dumps(saved["stored"]["rest"]),
        sealed_seed=saved["stored"]["seed"],
    )
    assert back["ok"] and back["gathering"]["commitment"] == gathered["gathering"]["commitment"]
    assert back["gathering"]["friends"][0]["joined"] is True
    assert app._app.gathering[0].top == kept.top
    dealt = call("guest", seat=2, message=message("hello", table=table, part=part_of(2)))
    assert dealt["ok"]
    seed = app._app.session.seed
    # a few moves, then the host reloads: the match goes on from the sealed secret
    reply = dealt
    from netkit import step

    for _ in range(6):
        reply = step(reply)
    rest = reply["stored"]["rest"]
    assert kept.top.hex() not in json.dumps(rest) and f"{seed:064x}" not in json.dumps(rest)
    assert reply["stored"]["seed"] == kept.top.hex()
    resumed = call("start", save=json.dumps(rest), sealed_seed=reply["stored"]["seed"])
    assert resumed["ok"] and "problem" not in resumed, resumed
    assert app._app.session.seed == seed
    assert resumed["snapshot"]["layout"] == reply["snapshot"]["layout"]
    assert set(resumed["guests"]) == {"1", "2"}
    # without the sealed secret the save does not restore
    lost = call("start", save=json.dumps(rest))
    assert lost["problem"]["code"] == "save_seed"
    # the whole save text (seed field included) restores too
    call("start", save=reply["save"])
    assert app._app.session.seed == seed


def test_a_rematch_steps_down_the_chain_with_no_new_parts():
    gathered = gather(["you", "friend"], seed=31, mode="sprint")
    end = play_match(join_all(gathered), lambda r: None)
    net = app._app.session.net
    revealed = host_message(end["outbox"]["1"][-1])
    assert revealed["host_part"] == net.host_part().hex()
    again = call("intent", seat=None, intent={"kind": "next"})
    assert again["ok"] and net.k == 1
    # the next commitment is the part just revealed: the new part was fixed before the first deal
    assert again["snapshot"]["fair"]["commitment"] == revealed["host_part"]
    assert hashlib.sha256(net.host_part()).hexdigest() == revealed["host_part"]
    assert app._app.session.seed == joint.mix(net.host_part(), [part_of(1)], 1)
    end2 = play_match(again, lambda r: None)
    shared = call(
        "check_shared",
        commitment=again["snapshot"]["fair"]["commitment"],
        reveal=end2["outbox"]["1"][-1],
        my_part=part_of(1),
        seen={"events": []},
    )
    assert shared["ok"] and shared["shared"]["match"] == 1


def _finished() -> tuple[str, dict, list]:
    gathered = gather(["you", "friend"], seed=41, mode="sprint")
    seen: list = []
    end = play_match(join_all(gathered), lambda r: seen.extend(r["guests"]["1"]["events"]))
    return gathered["gathering"]["commitment"], host_message(end["outbox"]["1"][-1]), seen


def test_a_guest_checks_the_reveal_and_refuses_each_falsehood():
    promised, reveal, seen = _finished()

    def check(**change):
        args = {"commitment": promised, "reveal": reveal, "my_part": part_of(1)}
        args |= {"seen": {"events": seen}} | change
        return call("check_shared", **args)

    assert check()["ok"]
    other = "1" * 64
    assert check(commitment=other)["code"] == "shared_commitment"
    assert check(my_part=other)["code"] == "shared_part"
    swapped = {**reveal, "parts": [{"seat": 1, "part": other}]}
    assert check(reveal=swapped, my_part=other)["code"] == "shared_seed"
    bad_seed = {**reveal, "seed": other}
    assert check(reveal=bad_seed)["code"] == "shared_seed"
    record = json.loads(json.dumps(reveal["record"]))
    record["rounds"][0]["moves"] = record["rounds"][0]["moves"][:-1]
    assert check(reveal={**reveal, "record": record})["code"] == "shared_replay"
    tiles = [e for e in seen if e["kind"] == "placed"]
    lied = [*seen[:3], {**tiles[0], "tile": "9-9"}]
    assert check(seen={"events": lied})["code"] == "shared_seen"
    hand = json.loads(json.dumps(seen))
    hand[0]["hand"] = hand[0]["hand"][::-1]
    assert check(seen={"events": hand})["code"] == "shared_seen"
    assert check(reveal="not json")["ok"] is False
    assert check(seen=None)["code"] == "shared_seen"
    # what a guest missed (a reload) is no falsehood: a part of the events, in order, agrees
    assert check(seen={"events": seen[::3]})["ok"]
    assert commitment(int(reveal["seed"], 16)) == reveal["record"]["commitment"]
    assert SEED_BYTES == 32


@pytest.mark.parametrize("bad", [{"seats": ["you", "casual"]}, {"seats": ["you", "person"]}])
def test_a_table_across_devices_has_a_friend(bad):
    refused = call("gather", settings=bad)
    assert refused["ok"] is False and refused["code"] == "no_friends"


def test_new_and_start_with_a_friends_seat_gather_instead_of_dealing():
    """The page asks for a new match as always; Python knows a friend's seat joins first."""
    from allthrees.app import App

    settings = {"seats": [{"controller": "you"}, {"controller": "friend", "name": "Ana"}]}
    for op in ("new", "start"):
        app = App()
        reply = app.handle({"op": op, "settings": settings, "seed": 7})
        assert "snapshot" not in reply and reply["gathering"]["friends"][0]["name"] == "Ana"
        assert app.session is None and app.gathering is not None
