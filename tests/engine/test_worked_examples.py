"""The worked examples of docs/rules.md and the seed texts, as records replayed through the
public entry point (``python -m allthrees replay``), each asserting the exact numbers the texts
print.

The long records (block bonus and rounding) are real rounds found by the seeded search in
scripts/find_records.py (random legal moves from the reference model) and pasted here as
literals; the comment over each shows the end arithmetic checked by hand from the tiles left in
the hands.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_kit import canon, record, replay_subprocess, round_spec

from allthrees.rules import Rules


def literal(hands: list[str], boneyard: str, first: int, moves: str) -> dict[str, Any]:
    """A round pasted from scripts/find_records.py: hands and boneyard as space-separated tiles."""
    return {
        "hands": [h.split() for h in hands],
        "boneyard": boneyard.split(),
        "first": first,
        "moves": moves.split(),
    }


def seat_points(moves: list[dict[str, Any]], seats: int) -> list[int]:
    out = [0] * seats
    for m in moves:
        out[m["seat"]] += m.get("points", 0)
    return out


# ---------------------------------------------------------------------- docs/rules.md's own record
def test_rules_md_example_record_replays_to_its_printed_end_and_scores(replay_ok):
    # parlor, 2 tiles each: 6-6 (12); 6-1@E (12+1 = 13); seat 0 goes out with 6-3@W (3+1 = 4);
    # seat 1 holds 3-4 = 7 -> 6. Output example: bonus 6, pips [0, 7], scores [18, 0].
    spec = round_spec([["6-6", "6-3"], ["6-1", "3-4"]], ["6-6", "6-1@E", "6-3@W"], first=0)
    r = replay_ok({"rules": "parlor", "options": {"hand_size": 2}, "rounds": [spec]})
    assert r.end == {"reason": "domino", "winner": 0, "bonus": 6, "pips": [0, 7]}
    assert r.rounds[0]["scores"] == [18, 0]
    assert r.json["winner"] is None
    assert [(m["seat"], canon(m["move"]), m["end_sum"], m["points"]) for m in r.moves] == [
        (0, "6-6", 12, 12),
        (1, "6-1@E", 13, 0),
        (0, "6-3@W", 4, 0),
    ]


# ---------------------------------------------------------------------- seed 001: the spinner
SEED_001_MOVES = "6-6 6-3@E 6-0@W 0-2@W 6-5@N 5-1@N"


def seed_001_round(hand_size: int, first: int | None = None) -> dict[str, Any]:
    return round_spec(
        ["6-6 6-0 6-5", "6-3 0-2 5-1"], SEED_001_MOVES, hand_size=hand_size, first=first
    )


def test_seed_001_spinner_sequence_under_parlor_counts_only_open_ends():
    # docs/rules.md: 6-6 -> 12; 6-3@E -> 12+3; 6-0@W -> 0+3 (spinner flanked, stops counting);
    # 0-2@W -> 2+3; 6-5@N -> 2+3+5; 5-1@N -> 2+3+1.
    code, out, err = replay_subprocess(json.dumps(record("parlor", None, seed_001_round(7))))
    assert (code, err) == (0, "")
    moves = json.loads(out)["rounds"][0]["moves"]
    assert [(m["end_sum"], m["points"]) for m in moves] == [
        (12, 12),
        (15, 15),
        (3, 3),
        (5, 0),
        (10, 0),
        (6, 6),
    ]
    assert [m["seat"] for m in moves] == [0, 1, 0, 1, 0, 1]
    assert [canon(m["move"]) for m in moves] == ["6-6"] + [
        canon(m) for m in SEED_001_MOVES.split()[1:]
    ]
    assert json.loads(out)["rounds"][0]["scores"] == [15, 21]


def test_seed_001_spinner_sequence_under_classic_counts_open_empty_short_sides(replay_ok):
    # spinner_sides_count: each open, empty short side counts the spinner's 6:
    # 12; 12+3 = 15; 0+3+6+6 = 15; 2+3+6+6 = 17 (seed 001 prints 11: its slip); 2+3+5+6 = 16;
    # 2+3+1+6 = 12.
    r = replay_ok(record("classic", None, seed_001_round(5, first=0)))
    assert [m["end_sum"] for m in r.moves] == [12, 15, 15, 17, 16, 12]
    assert [m["points"] for m in r.moves] == [12, 15, 15, 0, 0, 12]
    assert r.rounds[0]["scores"] == [27, 27]


# ---------------------------------------------------------------------- seed 000: open ends
def test_seed_000_lead_six_three_scores_nine(replay_ok):
    # pub: the holder of the highest double (6-6) leads, any tile.
    r = replay_ok(record("pub", None, round_spec(["6-6 6-3", "5-5"], "6-3", hand_size=7)))
    assert r.moves == [{"seat": 0, "move": "6-3", "end_sum": 9, "points": 9}]


def test_seed_000_double_lead_counts_ten_and_scores_nothing_then_five_two_scores_twelve(replay_ok):
    r = replay_ok(record("parlor", None, round_spec(["5-5", "5-2"], "5-5 5-2@E", hand_size=7)))
    assert [(m["end_sum"], m["points"]) for m in r.moves] == [(10, 0), (12, 12)]
    assert r.rounds[0]["scores"] == [0, 12]


def test_seed_000_open_ends_four_three_two_score_nine(replay_ok):
    # 5-5 -> 10; 5-4@E -> 10+4 = 14; 5-3@W -> 3+4 = 7 (lead double flanked counts nothing);
    # 5-2@N -> 3+4+2 = 9 (S open and empty counts nothing under parlor).
    spec = round_spec(["5-5 5-3", "5-4 5-2"], "5-5 5-4@E 5-3@W 5-2@N", hand_size=7)
    r = replay_ok(record("parlor", None, spec))
    assert [(m["end_sum"], m["points"]) for m in r.moves] == [(10, 0), (14, 0), (7, 0), (9, 9)]


# ---------------------------------------------------------------------- seed 001: block bonus
# 4 players, 7 tiles each (empty boneyard); seat 3 leads 6-6 and the round blocks after 0-3@S.
# Left in the hands: seat 0 5-0 = 5; seat 1 1-0 1-1 5-5 = 1+2+10 = 13; seat 2 2-2 5-2 = 4+7 = 11;
# seat 3 2-1 = 3. Fewest: seat 3. difference: 5+11+13-3 = 26 -> 27; classic: 27 / 3 = 9.
BLOCK_3_5_11_13 = literal(
    [
        "6-5 6-1 5-0 3-2 3-1 3-0 2-0",
        "6-2 6-0 5-5 4-4 4-3 1-1 1-0",
        "6-4 6-3 5-2 4-1 4-0 3-3 2-2",
        "6-6 5-4 5-3 5-1 4-2 2-1 0-0",
    ],
    "",
    3,
    "6-6 6-1@W 6-0@E 6-4@S 4-5@S 0-2@E 2-6@E 1-4@W 5-1@S 1-3@S 3-4@S 6-3@E 4-2@W 6-5@N 4-4@S "
    "3-3@E 5-3@N 2-3@W pass 4-0@S 0-0@S 0-3@S",
)


def test_seed_001_block_bonus_is_the_rounded_difference_under_parlor():
    rec = record("parlor", {"players": 4, "hand_size": 7}, BLOCK_3_5_11_13)
    code, out, err = replay_subprocess(json.dumps(rec))
    assert (code, err) == (0, "")
    rnd = json.loads(out)["rounds"][0]
    assert rnd["end"] == {"reason": "blocked", "winner": 3, "bonus": 27, "pips": [5, 13, 11, 3]}
    # In play: seat 3 scored 12 (6-6) + 6 (4-5@S) + 9 (4-2@W) + 12 (0-0@S) = 39, plus 27.
    assert seat_points(rnd["moves"], 4) == [15, 30, 48, 39]
    assert rnd["scores"] == [15, 30, 48, 66]
    assert rnd["moves"][-1]["move"] != "pass"  # blocked at once, no pass after


def test_seed_001_block_bonus_is_rounded_then_divided_by_three_under_classic(replay_ok):
    r = replay_ok(record("classic", {"players": 4, "hand_size": 7}, BLOCK_3_5_11_13))
    assert r.end == {"reason": "blocked", "winner": 3, "bonus": 9, "pips": [5, 13, 11, 3]}
    assert seat_points(r.moves, 4) == [15, 36, 54, 51]
    assert r.rounds[0]["scores"] == [15, 36, 54, 60]


def test_cribbage_replaces_the_bonus_divisor_so_the_bonus_is_divided_once(replay_ok):
    # classic + cribbage: 27 / 3 = 9 (not 27 / 3 / 3); every in-play award is divided by 3 too.
    plain = replay_ok(record("classic", {"players": 4, "hand_size": 7}, BLOCK_3_5_11_13))
    crib = replay_ok(
        record("classic", {"players": 4, "hand_size": 7, "cribbage": True}, BLOCK_3_5_11_13)
    )
    assert crib.end["bonus"] == 9
    assert [m.get("points", 0) for m in crib.moves] == [
        m.get("points", 0) // 3 for m in plain.moves
    ]
    assert crib.rounds[0]["scores"] == [5, 12, 18, 26]  # 15/3, 36/3, 54/3, 51/3 + 9


# ---------------------------------------------------------------------- seed 003: Polish rounding
# Seat 0 goes out with 4-4@S; seat 1 holds 6-4 6-6 = 10+12 = 22 -> 21.
POLISH_22 = literal(
    ["6-3 6-2 4-4 3-2 3-1 3-0 2-1", "6-6 6-4 5-0 4-2 4-0 3-3 2-2"],
    "2-0 5-3 5-4 4-3 5-1 6-1 1-1 1-0 5-2 6-0 4-1 0-0 5-5 6-5",
    0,
    "6-2 2-4@E 6-3@W 4-0@E 0-3@E 3-3@W 3-1@W draw draw 3-5@S 1-2@W 2-0@W 3-2@E 2-2@E draw "
    "5-4@S 0-5@W 4-4@S",
)
# Seat 0 goes out with 3-0@W; seat 1 holds 3-1 6-1 6-6 = 4+7+12 = 23 -> 24.
POLISH_23 = literal(
    ["5-5 5-3 5-2 3-2 3-0 2-0 1-0", "6-6 6-5 6-4 4-4 4-0 3-1 2-1"],
    "5-4 6-1 5-0 4-3 4-1 5-1 6-3 0-0 6-0 3-3 2-2 1-1 4-2 6-2",
    0,
    "2-0 0-4@E 2-3@W 4-4@E 3-5@W 5-6@W draw 4-5@E 6-4@W 5-2@E 2-1@E 1-0@E draw draw 0-5@E "
    "5-5@E draw 4-3@W 3-0@W",
)


@pytest.mark.parametrize(
    ("spec", "pips", "bonus", "in_play"),
    [(POLISH_22, 22, 21, [6, 30]), (POLISH_23, 23, 24, [6, 24])],
    ids=["22-to-21", "23-to-24"],
)
def test_seed_003_domino_bonus_rounds_to_the_nearest_three(replay_ok, spec, pips, bonus, in_play):
    r = replay_ok(record("polish", None, spec))
    assert r.end == {"reason": "domino", "winner": 0, "bonus": bonus, "pips": [0, pips]}
    assert seat_points(r.moves, 2) == in_play
    assert r.rounds[0]["scores"] == [in_play[0] + bonus, in_play[1]]


def test_seed_003_cribbage_pegs_are_points_divided_by_three(replay_ok):
    # 22 -> 21 -> 7 pegs; in play 6 -> 2 and 30 -> 10.
    plain = replay_ok(record("polish", None, POLISH_22))
    r = replay_ok(record("polish", {"cribbage": True}, POLISH_22))
    assert r.end["bonus"] == 7
    assert [m.get("points", 0) for m in r.moves] == [m.get("points", 0) // 3 for m in plain.moves]
    assert r.rounds[0]["scores"] == [2 + 7, 10]


@pytest.mark.parametrize("preset", ["parlor", "classic", "pub", "polish", "all_fives"])
def test_cribbage_default_target_is_61_unless_a_target_is_given(preset):
    assert Rules.make(preset, cribbage=True).target == 61
    assert Rules.make(preset, cribbage=True, target=100).target == 100


# ---------------------------------------------------------------------- seed 002: pub rounding
# Seat 1 leads 6-3 (holds 6-6: pub lets the leader lead any tile); seat 0 goes out with 1-1@W;
# seat 1 holds 3-3 5-3 = 6+8 = 14 -> 15.
PUB_14 = literal(
    ["6-5 5-0 4-3 3-1 2-2 1-1 0-0", "6-6 6-3 6-2 5-4 5-3 5-2 3-3"],
    "3-0 3-2 2-0 5-5 5-1 4-4 6-0 4-2 2-1 4-1 6-4 4-0 1-0 6-1",
    1,
    "6-3 3-4@E 6-2@W 2-2@W 4-5@E 5-6@E 2-5@W 5-0@W 6-6@E 0-0@W draw 0-3@W 3-1@W draw 2-3@N 1-1@W",
)
# Seat 1 leads 1-2 (holds 5-5, the highest double dealt); seat 0 goes out with 3-1@E;
# seat 1 holds 4-1 4-4 = 5+8 = 13 -> 12.
PUB_13 = literal(
    ["6-1 5-4 5-2 4-2 3-2 3-1 2-0", "5-5 5-1 4-4 4-0 3-3 2-2 2-1"],
    "6-6 4-3 1-0 6-2 6-5 0-0 4-1 3-0 1-1 5-0 6-4 6-3 5-3 6-0",
    1,
    "1-2 2-5@E 1-5@W 5-4@E 5-5@W 4-2@E 2-2@E 2-0@E 0-4@E draw draw 4-3@E 3-3@E 3-2@E draw draw "
    "2-6@E 6-1@E 1-0@E draw 5-6@W draw 0-0@E 6-6@W draw draw 0-3@E 3-1@E",
)
# Seat 0 goes out with 5-1@W; seat 1 holds 6-1 = 7 -> 6.
PUB_7 = literal(
    ["6-4 6-3 6-2 5-4 5-3 5-2 5-1", "6-6 6-1 6-0 4-1 3-3 3-2 1-0"],
    "4-0 3-0 5-0 2-1 1-1 2-2 0-0 4-3 3-1 6-5 2-0 4-4 5-5 4-2",
    1,
    "6-6 6-2@E 6-0@W 6-4@N 0-1@W 2-5@E 1-4@W 6-3@S 3-3@S 4-5@W 3-2@S 5-3@E draw 4-0@N 5-1@W",
)


@pytest.mark.parametrize(
    ("spec", "pips", "bonus", "in_play"),
    [(PUB_14, 14, 15, [18, 51]), (PUB_13, 13, 12, [57, 24]), (PUB_7, 7, 6, [12, 12])],
    ids=["14-to-15", "13-to-12", "7-to-6"],
)
def test_seed_002_domino_bonus_rounds_halves_up_to_the_nearest_three(
    replay_ok, spec, pips, bonus, in_play
):
    r = replay_ok(record("pub", None, spec))
    assert r.end == {"reason": "domino", "winner": 0, "bonus": bonus, "pips": [0, pips]}
    assert seat_points(r.moves, 2) == in_play
    assert r.rounds[0]["scores"] == [in_play[0] + bonus, in_play[1]]


# ---------------------------------------------------------------------- all fives
def test_all_fives_rounds_to_the_nearest_five():
    rules = Rules.make("all_fives")
    assert [rules.round_to_multiple(x) for x in (12, 13, 10, 2, 3)] == [10, 15, 10, 0, 5]
    three = Rules.make("parlor")
    assert [three.round_to_multiple(x) for x in (13, 14, 22, 23, 26)] == [12, 15, 21, 24, 27]


# Seat 1 leads 1-0 and goes out with 5-5@W; seat 0 holds 2-2 4-4 = 4+8 = 12 -> 10.
FIVES_12 = literal(
    ["6-5 6-4 6-3 6-2 6-1 3-0 2-2", "5-5 5-3 5-2 4-3 4-0 3-1 1-0"],
    "2-0 5-0 3-2 6-0 3-3 4-1 4-4 1-1 5-1 2-1 0-0 5-4 6-6 4-2",
    1,
    "1-0 1-6@W 0-4@E 6-2@W 4-3@E 3-0@E 2-5@W 5-6@W draw 0-2@E 6-4@W draw draw 2-3@E 3-6@E draw "
    "6-0@E draw draw 4-1@W 0-5@E draw draw 1-1@W 1-3@W 3-3@W 3-5@W draw 5-1@E 5-5@W",
)
# Seat 1 leads 0-0; seat 0 goes out with 0-2@N; seat 1 holds 4-2 4-3 = 6+7 = 13 -> 15.
FIVES_13 = literal(
    ["6-2 5-2 5-1 4-0 2-1 2-0 1-0", "6-5 5-4 5-3 4-3 4-2 3-2 0-0"],
    "2-2 3-0 3-3 4-4 6-4 3-1 6-6 6-0 6-3 4-1 6-1 1-1 5-0 5-5",
    1,
    "0-0 0-1@E draw draw 0-3@W 0-4@S 3-5@W 1-5@E 5-6@E 5-2@W 2-2@W 2-1@W 4-5@S 6-2@E 2-3@E 0-2@N",
)


@pytest.mark.parametrize(
    ("spec", "winner", "pips", "bonus", "in_play"),
    [(FIVES_12, 1, [12, 0], 10, [10, 30]), (FIVES_13, 0, [0, 13], 15, [0, 25])],
    ids=["12-to-10", "13-to-15"],
)
def test_all_fives_domino_bonus_rounds_to_the_nearest_five(
    replay_ok, spec, winner, pips, bonus, in_play
):
    r = replay_ok(record("all_fives", None, spec))
    assert r.end == {"reason": "domino", "winner": winner, "bonus": bonus, "pips": pips}
    assert seat_points(r.moves, 2) == in_play
    scores = list(in_play)
    scores[winner] += bonus
    assert r.rounds[0]["scores"] == scores
    assert all(m["points"] % 5 == 0 for m in r.moves if "points" in m)


# ---------------------------------------------------------------------- muggins
def test_muggins_a_correct_claim_scores_and_a_short_missing_or_wrong_one_goes_to_the_next_opponent(
    replay_ok,
):
    # 3 players, pub (seat 0 holds the highest double and leads).
    # 6-6=12: right, 12 to seat 0. 6-3@E=12: short (made 15), seat 2 takes 15.
    # 6-0@W: no claim (made 0+3 = 3), the next opponent after seat 2 is seat 0: it takes 3.
    # 0-2@W=18: made 2+3 = 5, which scores nothing: nothing to claim or take.
    spec = round_spec(
        ["6-6 0-2", "6-3 1-0", "6-0 2-1"],
        ["6-6=12", "6-3@E=12", "6-0@W", "0-2@W=18"],
        hand_size=5,
    )
    r = replay_ok(record("pub", {"muggins": True}, spec))
    assert r.moves[0] == {"seat": 0, "move": "6-6", "end_sum": 12, "points": 12, "claim": 12}
    second = r.moves[1]
    assert (second["seat"], canon(second["move"]), second["end_sum"], second["points"]) == (
        1,
        "6-3@E",
        15,
        0,
    )
    assert second["claim"] == 12
    assert second["muggins"] == {"seat": 2, "points": 15}
    third = r.moves[2]
    assert (third["seat"], third["end_sum"], third["points"], third["claim"]) == (2, 3, 0, None)
    assert third["muggins"] == {"seat": 0, "points": 3}
    fourth = r.moves[3]
    assert (fourth["seat"], fourth["end_sum"], fourth["points"], fourth["claim"]) == (0, 5, 0, 18)
    assert "muggins" not in fourth
    assert r.end["reason"] is None
    assert r.rounds[0]["scores"] == [15, 0, 15]


def test_muggins_an_over_claim_is_wrong_and_the_next_opponent_in_a_partnership_takes_it(
    replay_ok,
):
    # Teams 0+2 v 1+3. 6-6=15 over-claims a 12: seat 1 (team 1) takes 12.
    # 6-3@E=15 is right: team 1 scores 15 more.
    spec = round_spec(["6-6", "6-3", "", ""], ["6-6=15", "6-3@E=15"], hand_size=5)
    r = replay_ok(record("pub", {"players": 4, "teams": True, "muggins": True}, spec))
    assert r.moves[0]["points"] == 0 and r.moves[0]["muggins"] == {"seat": 1, "points": 12}
    assert r.moves[1]["points"] == 15 and "muggins" not in r.moves[1]
    assert r.rounds[0]["scores"] == [0, 27]
