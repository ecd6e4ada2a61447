"""The session, the presenter and saves, at every table: 2-4 players, partners, a sprint, and
people sharing one device."""

from __future__ import annotations

import json

import pytest
from appkit import call, person_intent, play_until, record, step

from allthrees.errors import IllegalMove
from allthrees.record import replay, result
from allthrees.save import dump, load
from allthrees.session import BadIntent, Session
from allthrees.settings import Seat, Settings
from allthrees.snapshot import snapshot
from allthrees.tiles import NAME, tiles_of

TABLES = {
    "2 players": {"seats": ["you", "casual"]},
    "3 players": {"seats": ["you", "casual", "beginner"]},
    "4 players": {"seats": ["you", "casual", "beginner", "casual"]},
    "partners": {"mode": "partners", "seats": ["you", "casual", "beginner", "casual"]},
    "sprint": {"mode": "sprint", "seats": ["you", "casual", "casual"]},
    "pass and play": {"seats": ["you", {"controller": "person", "name": "Ana"}, "casual"]},
    "two people": {"seats": ["you", {"controller": "person", "name": "Ana"}]},
}


def start(table: str, seed: int = 11) -> dict:
    reply = call("start", seed=seed, settings=TABLES[table])
    assert reply["ok"], reply
    return reply


@pytest.mark.parametrize("table", TABLES)
def test_every_table_plays_a_round_and_its_scores_equal_the_replayed_record(table):
    reply = play_until(start(table), lambda s: s["round"]["over"])
    snap = reply["snapshot"]
    engine = result(replay(record()))["rounds"][-1]
    assert [s["score"] for s in snap["sides"]] == engine["scores"]
    sides = 2 if TABLES[table].get("mode") == "partners" else len(TABLES[table]["seats"])
    assert len(snap["sides"]) == sides


@pytest.mark.parametrize("table", TABLES)
def test_every_table_resumes_exactly_from_its_save(table):
    reply = start(table)
    for _ in range(9):
        if reply["snapshot"]["round"]["over"]:
            break
        reply = step(reply)
    again = call("start", save=reply["save"])
    assert again["ok"] and "problem" not in again, again.get("problem")
    assert again["snapshot"] == reply["snapshot"]
    assert again["save"] == reply["save"]


def test_partners_pool_their_points_and_the_names_agree_seat_by_seat():
    reply = play_until(start("partners"), lambda s: s["round"]["over"])
    snap = reply["snapshot"]
    seats, sides = snap["seats"], snap["sides"]
    assert [s["side"] for s in seats] == [0, 1, 0, 1]
    assert [s["seats"] for s in sides] == [[0, 2], [1, 3]]
    for side in sides:
        assert side["name"] == " & ".join(seats[i]["name"] for i in side["seats"])
    earned = snap["round"]["seat_points"]
    bonus = snap["round"]["bonus"]
    for side in sides:
        in_play = sum(earned[i] for i in side["seats"])
        won = bonus if snap["round"]["winner"] == side["side"] else 0
        assert side["round_points"] == in_play + won, "the team's points are the partners' sum"
        assert side["score"] == side["round_points"]  # the first round


def test_a_sprint_is_one_round_and_then_over():
    reply = play_until(start("sprint"), lambda s: s["round"]["over"])
    snap = reply["snapshot"]
    assert snap["match"]["over"] and snap["phase"] == "match_over"
    scores = [s["score"] for s in snap["sides"]]
    if scores.count(max(scores)) > 1:
        assert snap["match"]["winner"] is None and snap["match"]["draw"]
    else:
        assert snap["match"]["winner"] == scores.index(max(scores))
    again = call("intent", seat=None, intent={"kind": "next"})
    assert again["snapshot"]["round_no"] == 1 and not again["snapshot"]["match"]["over"]
    assert again["snapshot"]["mode"] == "sprint", "a rematch deals a new sprint"


def test_the_wrong_seat_is_refused_and_nothing_changes():
    session = Session(Settings(seats=(Seat("you"), Seat("casual"), Seat("casual"))), seed=5)
    while session.to_move() != 0:
        session.advance()
    before = dump(session), snapshot(session)
    for seat in (1, 2, 7, -1, None, True, "0"):
        with pytest.raises((IllegalMove, BadIntent)):
            session.act(seat, person_intent(snapshot(session)))
    with pytest.raises(IllegalMove):
        session.advance()  # not a computer's turn
    assert (dump(session), snapshot(session)) == before


def test_any_seat_may_be_a_person_and_acts_from_its_own_seat():
    """Ana at seat 1 and you at seat 0 share the device with a computer at seat 2."""
    session = Session(Settings(seats=(Seat("you"), Seat("person", "Ana"), Seat("casual"))), seed=21)
    acted = set()
    for _ in range(400):
        if session.round.over:
            break
        if session.computer_to_move():
            session.advance()
            continue
        if session.cover is not None:
            with pytest.raises(BadIntent):  # nobody plays before the cover is lifted
                session.act(session.cover, {"kind": "draw"})
            session.act(session.cover, {"kind": "ready"})
            continue
        seat = session.viewer
        assert seat == session.to_move()
        other = 1 - seat
        with pytest.raises((IllegalMove, BadIntent)):
            session.act(other, person_intent(snapshot(session)))
        session.act(seat, person_intent(snapshot(session)))
        acted.add(seat)
    assert acted == {0, 1}


def test_under_the_cover_no_hand_is_in_the_snapshot_and_each_person_sees_only_their_own():
    session = Session(Settings(seats=(Seat("you"), Seat("person", "Ana"), Seat("casual"))), seed=21)
    seen_hands: dict[int, set[str]] = {0: set(), 1: set()}
    for _ in range(400):
        if session.round.over:
            break
        snap = snapshot(session)
        if snap["cover"] is not None:
            assert snap["viewer"] is None and snap["hand"] == []
            assert snap["round"]["hands"] is None
            session.act(snap["cover"], {"kind": "ready"})
            continue
        if snap["viewer"] is not None:
            mine = {t["tile"] for t in snap["hand"]}
            assert mine == {NAME[t] for t in tiles_of(session.round.hands[snap["viewer"]])}
            seen_hands[snap["viewer"]] |= mine
        if session.computer_to_move():
            session.advance()
        else:
            session.act(session.viewer, person_intent(snap))
    assert seen_hands[0] and seen_hands[1]


def test_a_drawn_tile_is_shown_only_to_the_seat_that_drew_it():
    reply = call("start", seed=2, settings={"seats": ["you", "casual"]})
    drawn_by_others = drawn_by_me = 0
    for _ in range(400):
        for event in reply.get("events", []):
            if event["kind"] == "drew":
                if event["seat"] == 0:
                    assert "tile" in event
                    drawn_by_me += 1
                else:
                    assert "tile" not in event
                    drawn_by_others += 1
        if reply["snapshot"]["match"]["over"] or (drawn_by_me and drawn_by_others):
            break
        if reply["snapshot"]["round"]["over"]:
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = step(reply)
    assert drawn_by_me and drawn_by_others


def test_the_snapshot_never_holds_another_seats_tiles_during_a_round():
    reply = start("4 players")
    for _ in range(30):
        snap = reply["snapshot"]
        if snap["round"]["over"]:
            break
        text = json.dumps({k: v for k, v in snap.items() if k not in ("hand", "layout", "round")})
        for seat in range(1, 4):
            for tile in record()["rounds"][-1]["hands"][seat]:
                played = any(
                    {f"{t['a']}-{t['b']}", f"{t['b']}-{t['a']}"} & {tile}
                    for t in snap["layout"]["tiles"]
                )
                assert played or f'"{tile}"' not in text
        assert snap["round"]["hands"] is None
        reply = step(reply)


def test_a_restored_cover_stays_up_and_a_tampered_viewer_falls_back_to_the_cover():
    reply = start("two people", seed=4)
    reply = play_until(reply, lambda s: s["cover"] is not None)
    restored = load(reply["save"])
    assert restored.cover == reply["snapshot"]["cover"] and restored.viewer is None
    data = json.loads(reply["save"])
    data["viewer"], data["cover"] = data["cover"] ^ 1, None  # show the other person's hand
    sneaky = load(json.dumps(data))
    assert sneaky.viewer is None and sneaky.cover == reply["snapshot"]["cover"]
