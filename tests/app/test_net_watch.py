"""Watching a table played online (``net.watch``): the host lets people watch, and every reply of
its table carries the watchers' texts, made for no seat and one move behind. No text a watcher
gets holds a tile of any hand before the round's end reveals them; each is the table as it was
before the latest move; the round's end goes out at once; the choice is kept in the save, and a
host's reload makes the table one move back again."""

from __future__ import annotations

import json
from typing import Any

from appkit import call
from netkit import gather, join_all, play_match, step, tiles_in

from allthrees import app
from allthrees.net.protocol import host_message
from allthrees.tiles import NAME, tiles_of

SEATS = [{"controller": "you"}, {"controller": "friend", "name": "Ana"}]


def watched(**settings: Any) -> dict[str, Any]:
    """A dealt table with one friend that people may watch."""
    reply = call("gather", settings={"seats": SEATS, **settings}, seed=11, watch=True)
    assert reply["watch"] and len(reply["watch"]["secret"]) == 64
    return join_all(reply)


def layout_tiles(snapshot: dict[str, Any]) -> set[str]:
    """The tiles on the table, by name (a layout tile is its two halves)."""
    out = set()
    for t in snapshot["layout"]["tiles"]:
        a, b = max(t["a"], t["b"]), min(t["a"], t["b"])
        out |= {f"{a}-{b}", f"{b}-{a}"}
    return out


def test_a_watcher_never_gets_a_tile_from_a_hand_and_sees_one_move_behind() -> None:
    reply = watched(mode="sprint")
    seen: list[tuple[dict[str, Any], set[str], list[int]]] = []
    before: list[dict[str, Any]] = []  # the host's own table at the reply before
    behind = 0

    def each(reply: dict[str, Any]) -> None:
        nonlocal behind
        session = app._app.session
        hands = {NAME[t] for h in session.round.hands for t in tiles_of(h)}
        texts = reply.get("watching", [])
        if texts and before and not reply["snapshot"]["round"]["over"]:
            # one move behind: the first text is the table as the host had it one reply ago
            first = json.loads(texts[0])["snapshot"]
            if first["round_no"] == before[-1]["round_no"]:
                assert first["layout"] == before[-1]["layout"]
                tiles = [s["tiles"] for s in first["seats"]]
                assert tiles == [s["tiles"] for s in before[-1]["seats"]]
                behind += 1
        before.append(reply["snapshot"])
        for text in texts:
            message = host_message(text)  # a watcher's own Python takes it
            assert message["kind"] == "watch"
            snap = message["snapshot"]
            seen.append((snap, hands, [session.round.moves_made, len(session.match.rounds)]))
            assert snap["viewer"] is None
            if snap["round"]["over"]:
                # the round's end: the rack shows the bottom seat's hand, as revealed to all
                shown = [t["tile"] for t in snap["hand"]]
                assert shown == snap["round"]["hands"][snap["you"]] and not any(
                    t["playable"] for t in snap["hand"]
                )
            else:
                assert snap["hand"] == []
            assert snap["cover"] is None and all(s["label"]["kind"] != "you" for s in snap["seats"])
            if not snap["round"]["over"]:
                # the tiles it names are the table's own: none of any hand
                assert not (tiles_in(message) - layout_tiles(snap)), message
                assert not (tiles_in(message) & hands)
                assert snap["round"]["hands"] is None
            for event in message["events"]:
                assert "tile" not in event or event["kind"] == "placed", event  # no drawn tile
                assert event.get("note") is None

    final = play_match(reply, each)
    assert seen, "the watchers got the table"
    assert behind > 5, "every move's text was the table one move back"
    last = seen[-1][0]
    assert last["round"]["over"] and last["match"]["over"], "the end goes out at once"
    assert all(h is not None for h in last["round"]["hands"]), "the round's end reveals the hands"
    assert final["snapshot"]["net"]["watch"] is True


def test_no_watching_unless_the_host_lets_people_watch() -> None:
    reply = join_all(gather(SEATS))
    assert reply["watch"] is None and "watching" not in reply
    on = call("watch", on=True)
    assert on["ok"] and on["watch"] and on["watching"], on
    assert json.loads(on["watching"][0])["kind"] == "watch"
    moved = step(on)
    assert moved["watching"], "every change of the table from then on"
    off = call("watch", on=False)
    assert off["ok"] and off["watch"] is None and "watching" not in off


def test_the_choice_is_kept_and_a_reload_makes_the_table_one_move_back_again() -> None:
    reply = watched()
    for _ in range(3):
        reply = step(reply)
    session = app._app.session
    moves = session.round.moves_made
    kept = app._app.saved
    sealed = reply["stored"]["seed"]
    again = call("start", save=kept, sealed_seed=sealed)
    assert again["ok"] and again["watch"], again
    (text,) = again["watching"]
    snap = json.loads(text)["snapshot"]
    assert len(snap["layout"]["tiles"]) < moves or moves == 0
    assert json.loads(text)["events"] == []


def test_the_host_says_how_many_watch_to_every_friend() -> None:
    reply = watched()
    said = call("presence", seats=[{"seat": 1, "presence": "connected"}], watchers=3)
    (text,) = said["outbox"]["1"]
    assert host_message(text)["watchers"] == 3
    refused = call("presence", seats=[{"seat": 1, "presence": "connected"}], watchers=21)
    assert not refused["ok"] and refused["code"] == "message_shape"
    assert reply["ok"]
