"""The controller the page drives: JSON in, JSON out; bad requests change nothing."""

from __future__ import annotations

import json

import pytest

from allthrees import app
from allthrees.record import replay, result


def call(op: str, **payload) -> dict:
    return json.loads(app.handle(json.dumps({"op": op, **payload})))


def person_intent(snap: dict) -> dict:
    if snap["can_draw"]:
        return {"kind": "draw"}
    if snap["must_pass"]:
        return {"kind": "pass"}
    tile = next(h for h in snap["hand"] if h["playable"])
    intent = {"kind": "play", "tile": tile["tile"]}
    if tile["targets"]:
        intent["arm"] = tile["targets"][-1]
    return intent


def play_until(reply: dict, stop) -> dict:
    for _ in range(500):
        snap = reply["snapshot"]
        if stop(snap):
            return reply
        if snap["computer_to_move"]:
            reply = call("advance")
        else:
            reply = call("intent", intent=person_intent(snap))
        assert reply["ok"], reply
    raise AssertionError("the round did not end")


def casual_start(seed: int) -> dict:
    return call("start", seed=seed, settings={"opponent": "casual"})


def test_a_whole_round_through_intents_agrees_with_the_replayed_record():
    reply = play_until(casual_start(21), lambda s: s["round"]["over"])
    snap = reply["snapshot"]
    record = json.loads(reply["save"])["record"]
    replayed = result(replay(record))
    assert replayed["rounds"][-1]["scores"] == snap["scores"]
    assert snap["round"]["summary"], "the round summary explains the ending"
    assert any("->" in line for line in snap["round"]["summary"]) or snap["round"]["winner"] is None


def test_same_seed_same_table():
    a = casual_start(8)["snapshot"]
    b = casual_start(8)["snapshot"]
    assert a["hand"] == b["hand"] and a["turn"] == b["turn"]


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "play", "tile": "9-9", "arm": "E"},
        {"kind": "play", "tile": "6-3", "arm": "Q"},
        {"kind": "play"},
        {"kind": "fly"},
        "draw",
        None,
    ],
)
def test_a_stray_or_malformed_intent_changes_nothing(intent):
    reply = play_until(casual_start(3), lambda s: not s["computer_to_move"])
    before = reply["save"], reply["snapshot"]
    bad = call("intent", intent=intent)
    assert bad["ok"] is False and bad["error"]
    assert bad["snapshot"] == before[1]
    again = call("intent", intent={"kind": "settings", "settings": {}})
    assert again["save"] == before[0]


def test_an_illegal_play_is_refused_with_its_reason():
    reply = play_until(
        casual_start(5),
        lambda s: (
            not s["computer_to_move"]
            and s["phase"] == "play"
            and any(not h["playable"] for h in s["hand"])
        ),
    )
    snap = reply["snapshot"]
    tile = next(h["tile"] for h in snap["hand"] if not h["playable"])
    bad = call("intent", intent={"kind": "play", "tile": tile, "arm": "W"})
    assert bad["ok"] is False
    assert "does not match" in bad["error"] or "cannot" in bad["error"] or "not" in bad["error"]
    assert bad["snapshot"] == snap


def test_unknown_ops_and_bad_json_are_refused():
    assert json.loads(app.handle("{nope"))["ok"] is False
    assert call("teleport")["ok"] is False


def test_a_save_restores_the_exact_table_mid_round():
    reply = play_until(
        casual_start(13), lambda s: len(s["layout"]["tiles"]) >= 4 and not s["computer_to_move"]
    )
    snap, save = reply["snapshot"], reply["save"]
    restored = call("start", save=save)
    assert restored["ok"] and "notice" not in restored
    assert restored["snapshot"] == snap


def test_a_tampered_save_is_refused_and_a_new_match_begins():
    reply = play_until(casual_start(13), lambda s: len(s["layout"]["tiles"]) >= 2)
    data = json.loads(reply["save"])
    hands = data["record"]["rounds"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # a deal the seed never made
    restored = call("start", save=json.dumps(data))
    assert restored["ok"] and "could not be restored" in restored["notice"]
    assert restored["snapshot"]["round_no"] == 1 and not restored["snapshot"]["layout"]["tiles"]
    for junk in ["{", "[]", json.dumps({"version": 99}), json.dumps({**data, "seed": "x"})]:
        assert "notice" in call("start", save=junk)


def test_next_deals_the_following_round_and_counts_match_statistics():
    reply = play_until(casual_start(30), lambda s: s["round"]["over"])
    assert call("intent", intent={"kind": "next"})["snapshot"]["round_no"] == 2
    stats = reply["snapshot"]["match"]["stats"]
    assert all(s["turns"] > 0 for s in stats)
    assert sum(s["in_play"] for s in stats) > 0


def test_hint_gives_a_legal_move_with_a_reason():
    reply = play_until(
        casual_start(9), lambda s: not s["computer_to_move"] and s["phase"] == "play"
    )
    hint = call("hint")["hint"]
    assert hint["reason"]
    if hint["kind"] == "play":
        tile = next(h for h in reply["snapshot"]["hand"] if h["tile"] == hint["tile"])
        assert tile["playable"] and hint["arm"] in tile["targets"]


def test_review_is_for_finished_rounds():
    play_until(casual_start(2), lambda s: s["phase"] == "play" and not s["computer_to_move"])
    assert call("review")["ok"] is False
    play_until(
        call("intent", intent={"kind": "settings", "settings": {}}), lambda s: s["round"]["over"]
    )
    review = call("review")
    assert review["ok"] and isinstance(review["review"], list)
    for note in review["review"]:
        assert note["loss"] >= 1.0 and note["played"] != note["expert"]
