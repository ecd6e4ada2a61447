"""The match replay viewer's op (``replay_round``): a finished match's record dealt again round by
round, frame by frame, with every hand face up, the layout where the live table drew it, the
scores the replayed record gives, and the Expert's review the round panel gave; bad input refused
with its own codes, and the match in play untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest
from appkit import call, step

from allthrees import cli
from allthrees.errors import REFUSAL_CODES
from allthrees.match import commitment, seed_hex
from allthrees.tiles import NAME, full_set

TABLES = {
    "2 players": {"seats": ["you", "casual"]},
    "partners, muggins, two people": {
        "mode": "partners",
        "seats": ["you", "casual", {"controller": "person", "name": "Ana"}, "beginner"],
        "options": {"muggins": True, "target": 61},
    },
    "3 players, a sprint, double-nine": {
        "mode": "sprint",
        "seats": ["you", "casual", "beginner"],
        "options": {"set": "double_nine"},
    },
}
MOVE_EVENTS = ("placed", "drew", "passed")


def played_match(settings: dict[str, Any], seed: int = 4) -> dict[str, Any]:
    """Play a whole match through the app as the page does. Returns the settings, the record,
    the live layouts (``(round, moves made) -> layout``), the round panel's reviews and the save
    text at the end."""
    reply = call("start", seed=seed, settings=settings)
    assert reply["ok"], reply
    layouts: dict[tuple[int, int], dict] = {}
    reviews: dict[int, list] = {}
    made = 0
    layouts[1, 0] = reply["snapshot"]["layout"]
    for _ in range(5000):
        snap = reply["snapshot"]
        if snap["round"]["over"]:
            review = call("review", round=snap["round_no"])
            assert review["ok"], review
            reviews[snap["round_no"]] = review["review"]
            if snap["match"]["over"]:
                break
            reply = call("intent", seat=None, intent={"kind": "next"})
            assert reply["ok"], reply
            made = 0
            layouts[reply["snapshot"]["round_no"], 0] = reply["snapshot"]["layout"]
            continue
        reply = step(reply)
        assert reply["ok"], reply
        moved = sum(1 for e in reply["events"] if e["kind"] in MOVE_EVENTS)
        assert moved <= 1
        made += moved
        layouts[reply["snapshot"]["round_no"], made] = reply["snapshot"]["layout"]
    else:
        raise AssertionError("the match never ended")
    rec = call("record")["record"]
    assert "seed" in rec, "a finished match reveals its seed"
    return {
        "settings": reply["snapshot"]["settings"],
        "record": rec,
        "layouts": layouts,
        "reviews": reviews,
        "save": reply["save"],
        "snapshot": reply["snapshot"],
        "views": {},
    }


@pytest.fixture(scope="module", params=list(TABLES))
def match(request) -> dict[str, Any]:
    return played_match(TABLES[request.param])


def view(m: dict[str, Any], index: int) -> dict[str, Any]:
    """Round ``index`` of the played match as the viewer gets it (asked once per round: the
    review takes a moment)."""
    if index not in m["views"]:
        reply = call("replay_round", settings=m["settings"], record=m["record"], round=index)
        assert reply["ok"], reply
        m["views"][index] = reply["round"]
    return m["views"][index]


def printed_replay(record: dict[str, Any], tmp_path, capsys) -> dict[str, Any]:
    """What ``python -m allthrees replay FILE`` prints for the record."""
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_rounds_last_frame_scores_are_what_the_replay_command_prints(match, tmp_path, capsys):
    printed = printed_replay(match["record"], tmp_path, capsys)
    rounds = len(match["record"]["rounds"])
    assert len(printed["rounds"]) == rounds
    for index in range(1, rounds + 1):
        shown = view(match, index)
        assert shown["index"] == index and shown["rounds"] == rounds
        assert shown["frames"][-1]["scores"] == printed["rounds"][index - 1]["scores"]
        before = (
            printed["rounds"][index - 2]["scores"]
            if index > 1
            else [0] * len(shown["frames"][0]["scores"])
        )
        assert shown["frames"][0]["scores"] == before, "the deal shows the score the round began at"
        assert shown["end"]["reason"] == printed["rounds"][index - 1]["end"]["reason"]
        assert shown["frames"][-1]["turn"] is None
    assert [s["score"] for s in match["snapshot"]["sides"]] == printed["rounds"][-1]["scores"]


def test_a_frame_per_move_and_the_deal_each_move_as_the_record_has_it(match, tmp_path, capsys):
    printed = printed_replay(match["record"], tmp_path, capsys)
    for index, spec in enumerate(match["record"]["rounds"], start=1):
        frames = view(match, index)["frames"]
        assert len(frames) == len(spec["moves"]) + 1
        assert frames[0]["move"] is None and frames[0]["layout"]["tiles"] == []
        assert frames[0]["turn"] == spec["first"]
        for frame, said, out in zip(
            frames[1:], spec["moves"], printed["rounds"][index - 1]["moves"], strict=True
        ):
            move = frame["move"]
            assert move["seat"] == out["seat"]
            if said == "draw":
                assert move["kind"] == "draw" and move["tile"] == out["tile"]
            elif said == "pass":
                assert move["kind"] == "pass"
            else:
                assert move["kind"] == "play"
                assert (move["points"], move["end_sum"]) == (out["points"], out["end_sum"])
                assert ("@" in said) == (move["arm"] is not None)
                if move["arm"]:
                    assert said.split("@")[1].split("=")[0] == move["arm"]
                a, b = said.split("@")[0].split("=")[0].split("-")
                assert sorted(move["tile"].split("-")) == sorted([a, b])
                if "muggins" in out:
                    assert move["taker"] == out["muggins"]["seat"]


def test_every_frame_holds_the_whole_set_hands_layout_and_boneyard(match):
    rules = match["snapshot"]["rules"]
    every = sorted(NAME[t] for t in full_set(rules["max_pip"]))
    for index, spec in enumerate(match["record"]["rounds"], start=1):
        shown = view(match, index)
        assert len(shown["seats"]) == len(spec["hands"])
        drawn = 0
        for k, frame in enumerate(shown["frames"]):
            drawn += frame["move"] is not None and frame["move"]["kind"] == "draw"
            layout = [
                "-".join(map(str, sorted((t["a"], t["b"]), reverse=True)))
                for t in frame["layout"]["tiles"]
            ]
            hands = [t for hand in frame["hands"] for t in hand]
            stock = spec["boneyard"][drawn:]
            assert frame["boneyard"] == len(stock), (index, k)
            assert sorted(hands + layout + stock) == every, (index, k)
        dealt = [sorted(hand) for hand in shown["frames"][0]["hands"]]
        assert dealt == [sorted(hand) for hand in spec["hands"]]


def test_the_layout_of_frame_k_is_the_live_tables_after_k_moves(match):
    checked = 0
    for (index, k), layout in match["layouts"].items():
        assert view(match, index)["frames"][k]["layout"] == layout, (index, k)
        checked += 1
    assert checked == sum(len(r["moves"]) + 1 for r in match["record"]["rounds"])


def test_the_review_is_the_round_panels_each_on_the_frame_of_its_play(match):
    people = {i for i, s in enumerate(match["snapshot"]["seats"]) if s["person"]}
    for index in range(1, len(match["record"]["rounds"]) + 1):
        shown = view(match, index)
        review = shown["review"]
        assert [{k: v for k, v in r.items() if k != "frame"} for r in review] == match["reviews"][
            index
        ]
        for entry in review:
            move = shown["frames"][entry["frame"]]["move"]
            assert move["kind"] == "play" and move["seat"] == entry["seat"] in people
            assert entry["why"]["code"]
    assert [s["label"] for s in shown["seats"]] == [s["label"] for s in match["snapshot"]["seats"]]
    assert [s["side"] for s in shown["seats"]] == [s["side"] for s in match["snapshot"]["seats"]]


def test_the_viewer_leaves_the_match_in_play_as_it_was(match):
    nothing = {"kind": "settings", "settings": {}}
    before = call("intent", seat=None, intent=nothing)["save"], call("record")["record"]
    again = call("replay_round", settings=match["settings"], record=match["record"], review=False)
    assert again["ok"] and again["round"]["review"] is None, "asked without the review: none"
    assert again["round"]["frames"] == view(match, 1)["frames"]
    bad = call("replay_round", settings=match["settings"], record={"rounds": []}, round=1)
    assert bad["ok"] is False
    after = call("intent", seat=None, intent=nothing)["save"], call("record")["record"]
    assert after == before


# ---------------------------------------------------------------------- refusals
@pytest.fixture(scope="module")
def duo() -> dict[str, Any]:
    return played_match({"seats": ["you", "casual"], "options": {"target": 61}}, seed=9)


def refused(settings: Any, record: Any, index: Any = 1) -> dict[str, Any]:
    reply = call("replay_round", settings=settings, record=record, round=index)
    assert reply["ok"] is False, reply
    assert reply["code"] in REFUSAL_CODES and reply["error"]
    return reply


def test_a_round_out_of_range_is_refused(duo):
    rounds = len(duo["record"]["rounds"])
    for index in (0, rounds + 1, -1, "1", True, 1.0, [1]):
        reply = refused(duo["settings"], duo["record"], index)
        assert reply["code"] == "replay_round"
        assert reply["values"]["rounds"] == rounds
    assert (
        call("replay_round", settings=duo["settings"], record=duo["record"])["round"]["index"] == 1
    )


def test_settings_whose_rules_are_not_the_records_are_refused(duo):
    for settings in (
        {"seats": ["you", "casual", "casual"]},
        {**duo["settings"], "mode": "sprint"},
        {**duo["settings"], "options": {"target": 100}},
        {**duo["settings"], "rules": "classic"},
    ):
        assert refused(settings, duo["record"])["code"] == "replay_rules"
    # who sat in a seat is not a rule: another computer there is the same game's rules
    same = {**duo["settings"], "seats": ["you", "expert"]}
    assert call("replay_round", settings=same, record=duo["record"], round=1)["ok"]
    assert refused({"seats": "you"}, duo["record"])["code"] == "bad_settings"
    assert refused(7, duo["record"])["code"] == "bad_settings"


def test_a_record_that_does_not_replay_is_refused(duo):
    rec = duo["record"]
    first = rec["rounds"][0]
    other_seed = seed_hex(5)
    bad = [
        None,
        "not a record",
        [],
        {},
        {"rounds": []},
        {**rec, "rounds": [{**first, "moves": ["pass", *first["moves"]]}, *rec["rounds"][1:]]},
        {**rec, "rounds": [{**first, "moves": [*first["moves"], "draw"]}, *rec["rounds"][1:]]},
        {**rec, "rounds": [{**first, "hands": first["hands"][::-1]}, *rec["rounds"][1:]]},
        {**rec, "seed": other_seed},  # its commitment is not this seed's
        {**rec, "seed": other_seed, "commitment": commitment(5)},  # its deals are not this seed's
        {**rec, "seed": "xyz"},
        {**rec, "dealing": "shuffled"},
        {**rec, "options": {"hand_size": "seven"}},
        {**rec, "rules": "bogus"},
    ]
    for record in bad:
        assert refused(duo["settings"], record)["code"] == "replay_record", record


def test_a_record_without_its_seed_still_replays_and_an_unfinished_round_has_no_review(duo):
    plain = {k: v for k, v in duo["record"].items() if k not in ("seed", "commitment", "dealing")}
    shown = call("replay_round", settings=duo["settings"], record=plain, round=1, review=False)
    assert shown["ok"], shown
    full = view(duo, 1)
    assert shown["round"]["frames"] == full["frames"]
    cut = {**plain, "rounds": [{**plain["rounds"][0], "moves": plain["rounds"][0]["moves"][:5]}]}
    part = call("replay_round", settings=duo["settings"], record=cut, round=1)["round"]
    assert len(part["frames"]) == 6 and part["review"] == [] and part["end"] is None
    assert part["frames"] == full["frames"][:6]
