"""The controller the page drives: JSON in, JSON out; bad requests change nothing."""

from __future__ import annotations

import json

import pytest
from appkit import call, casual_start, person_intent, play_until, record

from allthrees.match import Match
from allthrees.record import replay, result, to_record
from allthrees.rules import Rules


def test_a_whole_round_through_intents_agrees_with_the_replayed_record():
    reply = play_until(casual_start(21), lambda s: s["round"]["over"])
    snap = reply["snapshot"]
    replayed = result(replay(record()))
    assert replayed["rounds"][-1]["scores"] == [s["score"] for s in snap["sides"]]
    assert snap["round"]["summary"], "the round summary explains the ending"
    codes = [line["code"] for line in snap["round"]["summary"]]
    assert "bonus" in codes or snap["round"]["winner"] is None, "it ends with the bonus, as codes"
    assert any("rounded" in line for line in snap["round"]["summary"]) or "tie" in codes


FOUR = ["you", "casual", "casual", "casual"]  # 20 tiles dealt: the boneyard runs low


@pytest.mark.parametrize(
    ("rules", "seed", "why", "left"),
    [("parlor", 7, "reserve", 2), ("pub", 16, "empty", 0)],
)
def test_a_forced_pass_says_why_the_boneyard_cannot_help(rules, seed, why, left):
    """Parlor keeps 2 tiles back (the reserve may not be drawn); pub draws the boneyard dry."""
    seen = []

    def forced(snap):
        seen.append(snap)
        return snap["must_pass"]

    snap = play_until(call("start", seed=seed, settings={"rules": rules, "seats": FOUR}), forced)
    snap = snap["snapshot"]
    assert snap["pass_why"] == why and snap["boneyard"] == left
    assert all(s["pass_why"] is None for s in seen[:-1]), "None unless the viewer must pass"
    assert seen[0]["boneyard"] > left, "the boneyard was drawn down to this in play"


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
        {"kind": "ready"},
        "draw",
        None,
    ],
)
def test_a_stray_or_malformed_intent_changes_nothing(intent):
    reply = play_until(casual_start(3), lambda s: not s["computer_to_move"])
    before = reply["save"], reply["snapshot"]
    bad = call("intent", seat=0, intent=intent)
    assert bad["ok"] is False and bad["error"]
    assert bad["snapshot"] == before[1]
    again = call("intent", seat=None, intent={"kind": "settings", "settings": {}})
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
    bad = call("intent", seat=0, intent={"kind": "play", "tile": tile, "arm": "W"})
    assert bad["ok"] is False
    assert "does not match" in bad["error"] or "not open" in bad["error"]
    assert bad["snapshot"] == snap


def test_unknown_ops_and_bad_json_are_refused():
    assert json.loads(app_handle("{nope"))["ok"] is False
    assert json.loads(app_handle("[1, 2]"))["ok"] is False
    assert call("teleport")["ok"] is False


def app_handle(text: str) -> str:
    from allthrees import app

    return app.handle(text)


def test_a_save_restores_the_exact_table_mid_round():
    reply = play_until(
        casual_start(13), lambda s: len(s["layout"]["tiles"]) >= 4 and not s["computer_to_move"]
    )
    snap, save = reply["snapshot"], reply["save"]
    restored = call("start", save=save)
    assert restored["ok"] and "problem" not in restored
    assert restored["snapshot"] == snap


def test_a_tampered_save_is_refused_and_a_new_match_begins():
    reply = play_until(casual_start(13), lambda s: len(s["layout"]["tiles"]) >= 2)
    data = json.loads(reply["save"])
    assert "hands" not in reply["save"] and "boneyard" not in reply["save"], "no deal in a save"
    other = {**data, "seed": format(int(data["seed"], 16) ^ 1, "064x")}  # another deal
    restored = call("start", save=json.dumps(other))
    problem = restored["problem"]
    assert restored["ok"] and problem["kind"] == problem["code"] == "tampered"
    assert "not the one the match was dealt from" in problem["message"]
    assert restored["snapshot"]["round_no"] == 1 and not restored["snapshot"]["layout"]["tiles"]
    moved = json.loads(reply["save"])
    moved["rounds"][0][0] = "0-0"  # a lead the hands never held
    damaged = call("start", save=json.dumps(moved))["problem"]
    assert "not legal" in damaged["message"]
    assert damaged["code"] == "damaged" and damaged["values"] == {"where": [1, 1]}
    for junk, code in [
        ("{", "unreadable"),
        ("[]", "not_a_save"),
        (json.dumps({"version": 0}), "save_version"),
        (json.dumps({**data, "seed": 5}), "save_seed"),
    ]:
        assert call("start", save=junk)["problem"]["code"] == code, junk
    newer = call("start", save=json.dumps({**data, "version": 4}))["problem"]
    assert "newer version" in newer["message"] and newer["code"] == "newer"


def test_saves_of_older_versions_still_load():
    """A version 1 save (one table: opponent and target; a small seed dealt with the string
    scheme and the whole record) resumes as a 2-player match."""
    match = Match(Rules.make("parlor", players=2, target=150), seed=13, dealing="string")
    rnd = match.start_round()
    for _ in range(3):
        match.apply(rnd.legal_moves()[0])
    old = {
        "version": 1,
        "seed": 13,
        "settings": {
            "rules": "parlor",
            "players": 2,
            "target": 150,
            "opponent": "casual",
            "hide_sum": False,
        },
        "record": to_record(match),
    }
    restored = call("start", save=json.dumps(old))
    assert restored["ok"] and "notice" not in restored, restored.get("notice")
    assert len(restored["snapshot"]["layout"]["tiles"]) == 3
    assert [s["controller"] for s in restored["snapshot"]["seats"]] == ["you", "casual"]
    assert record() == to_record(match)


def test_next_deals_the_following_round_and_counts_match_statistics():
    reply = play_until(casual_start(30), lambda s: s["round"]["over"])
    assert call("intent", seat=None, intent={"kind": "next"})["snapshot"]["round_no"] == 2
    stats = reply["snapshot"]["match"]["stats"]
    assert all(s["turns"] > 0 for s in stats)
    assert sum(s["in_play"] for s in stats) > 0


def test_hint_gives_a_legal_move_with_a_reason():
    reply = play_until(
        casual_start(9), lambda s: not s["computer_to_move"] and s["phase"] == "play"
    )
    hint = call("hint", seat=0)["hint"]
    assert hint["reason"]
    if hint["kind"] == "play":
        tile = next(h for h in reply["snapshot"]["hand"] if h["tile"] == hint["tile"])
        assert tile["playable"] and hint["arm"] in [t["arm"] for t in tile["targets"]]
    assert call("hint", seat=1)["ok"] is False, "a hint is only for the seat to move"


def test_review_is_for_finished_rounds():
    play_until(casual_start(2), lambda s: s["phase"] == "play" and not s["computer_to_move"])
    assert call("review")["ok"] is False
    play_until(
        call("intent", seat=None, intent={"kind": "settings", "settings": {}}),
        lambda s: s["round"]["over"],
    )
    review = call("review")
    assert review["ok"] and isinstance(review["review"], list)
    for note in review["review"]:
        assert note["loss"] >= 1.0 and note["played"] != note["expert"]
        assert note["seat"] == 0 and note["name"] == "You"


def test_choices_come_from_python():
    choices = call("choices")["choices"]
    assert choices["modes"] == ["match", "sprint", "partners"]
    assert choices["targets"] == [61, 100, 120, 150, 180, 200]
    assert choices["defaults"]["seats"] == [{"controller": "you"}, {"controller": "expert"}]
    assert choices["name_max"] == 16


def test_a_person_is_never_named_with_markup_or_control_characters():
    ok = call("new", settings={"seats": ["you", {"controller": "person", "name": "<b>Ana</b>"}]})
    assert ok["ok"] and ok["snapshot"]["seats"][1]["name"] == "<b>Ana</b>", "kept as plain text"
    for name in ["x" * 17, "A\u0000na", 7]:
        bad = call("new", settings={"seats": ["you", {"controller": "person", "name": name}]})
        assert bad["ok"] is False and "name" in bad["error"]


def test_settings_that_change_the_game_are_refused_mid_match():
    casual_start(4)
    for change in ({"target": 61}, {"seats": ["you", "expert", "expert"]}, {"mode": "sprint"}):
        bad = call("intent", seat=None, intent={"kind": "settings", "settings": change})
        assert bad["ok"] is False and "cannot change during a match" in bad["error"]
    ok = call("intent", seat=None, intent={"kind": "settings", "settings": {"hide_sum": True}})
    assert ok["ok"] and ok["snapshot"]["settings"]["hide_sum"] is True


def test_person_intent_helper_plays_legal_moves():
    reply = casual_start(6)
    snap = play_until(reply, lambda s: not s["computer_to_move"])["snapshot"]
    assert call("intent", seat=0, intent=person_intent(snap))["ok"]
