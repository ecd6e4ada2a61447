"""docs/rules.md "Leading" and "Match": who leads, what they may lead, and when a match is decided.
Every case is a record replayed through ``python -m allthrees replay``."""

from __future__ import annotations

import pytest
from engine_kit import record, round_spec

NO_DOUBLES_7 = ["6-4 6-3 5-4 4-3 3-2 2-1 1-0", "6-5 6-2 5-3 4-2 3-1 2-0 5-0"]


def one_error_line(r) -> str:
    assert r.status == 2
    assert r.out == ""
    assert r.err.endswith("\n") and r.err.count("\n") == 1
    assert "Traceback" not in r.err
    return r.err.rstrip("\n")


# ---------------------------------------------------------------------- the first round's leader
def test_parlor_holder_of_the_highest_double_leads_it(replay_ok):
    spec = round_spec(["5-5 6-1", "6-6 4-4"], ["6-6"], hand_size=7)
    r = replay_ok(record("parlor", None, spec))
    assert r.moves == [{"seat": 1, "move": "6-6", "end_sum": 12, "points": 12}]


def test_parlor_leading_another_tile_than_the_highest_double_is_an_error(replay):
    spec = round_spec(["5-5 6-1", "6-6 4-4"], ["4-4"], hand_size=7)
    err = one_error_line(replay(record("parlor", None, spec)))
    assert err == "move 1: 4-4: seat 1 must lead 6-6, the highest double"


def test_parlor_a_record_naming_another_leader_is_an_error(replay):
    spec = round_spec(["5-5 6-1", "6-6 4-4"], ["5-5"], hand_size=7, first=0)
    err = one_error_line(replay(record("parlor", None, spec)))
    assert err == "seat 1 leads this round, not seat 0"


def test_parlor_without_doubles_the_heaviest_tile_leads_six_five_over_six_four(replay, replay_ok):
    r = replay_ok(record("parlor", None, round_spec(NO_DOUBLES_7, ["6-5"])))
    assert (r.moves[0]["seat"], r.moves[0]["move"], r.moves[0]["end_sum"]) == (1, "6-5", 11)
    err = one_error_line(replay(record("parlor", None, round_spec(NO_DOUBLES_7, ["6-2"]))))
    assert err == "move 1: 6-2: seat 1 must lead 6-5, the heaviest tile"


@pytest.mark.parametrize("six_zero_seat", [0, 1])
def test_between_equal_weights_the_higher_half_is_heavier_six_zero_over_five_one(
    replay, replay_ok, six_zero_seat
):
    # Weight 6 is the top: 6-0, 5-1 and 4-2; 6-0 has the highest half.
    a, b = "6-0 3-2 4-1 2-0 5-0", "5-1 4-2 3-1 2-1 1-0"
    hands = [a, b] if six_zero_seat == 0 else [b, a]
    r = replay_ok(record("parlor", {"hand_size": 5}, round_spec(hands, ["0-6"])))
    assert (r.moves[0]["seat"], r.moves[0]["move"]) == (six_zero_seat, "0-6")
    other = 1 - six_zero_seat
    bad = round_spec(hands, ["5-1"], first=other)
    err = one_error_line(replay(record("parlor", {"hand_size": 5}, bad)))
    assert err == f"seat {six_zero_seat} leads this round, not seat {other}"
    err = one_error_line(replay(record("parlor", {"hand_size": 5}, round_spec(hands, ["3-2"]))))
    assert err == f"move 1: 3-2: seat {six_zero_seat} must lead 6-0, the heaviest tile"


def test_pub_leader_holds_the_highest_double_but_may_lead_any_tile(replay_ok):
    spec = round_spec(["6-6 6-3 1-0", "5-5"], ["3-6"], hand_size=7)
    r = replay_ok(record("pub", None, spec))
    # The lead is written as given: its 3 faces W, its 6 faces E.
    assert r.moves == [{"seat": 0, "move": "3-6", "end_sum": 9, "points": 9}]
    r = replay_ok(record("pub", None, round_spec(["6-6 6-3 1-0", "5-5"], ["1-0"], hand_size=7)))
    assert r.moves[0]["seat"] == 0 and r.moves[0]["points"] == 0


def test_pub_without_doubles_the_heaviest_tiles_holder_leads_any_tile(replay_ok):
    r = replay_ok(record("pub", None, round_spec(NO_DOUBLES_7, ["2-0"])))
    assert (r.moves[0]["seat"], r.moves[0]["move"]) == (1, "2-0")


LOTS = pytest.mark.parametrize(("preset", "size"), [("classic", 5), ("polish", 7)])


@LOTS
def test_lots_needs_first_in_the_record(replay, preset, size):
    spec = round_spec(["6-6", "5-5"], [], hand_size=size)
    err = one_error_line(replay(record(preset, None, spec)))
    assert "first" in err and "lots" in err


@LOTS
def test_lots_any_seat_named_first_leads_any_tile(replay_ok, preset, size):
    spec = round_spec(["6-6", "1-0 5-5"], ["1-0"], hand_size=size, first=1)
    r = replay_ok(record(preset, None, spec))
    assert (r.moves[0]["seat"], r.moves[0]["move"]) == (1, "1-0")


# ---------------------------------------------------------------------- later rounds: next_lead
# Three players holding one tile each: the leader goes out with its lead. In round 2 seat 2 holds
# the highest double, seat 0 (round 1's leader and winner) and seat 1 (left of it) do not.
ROUND_1 = round_spec(["6-6", "1-0", "2-0"], ["6-6"])
ROUND_2_HANDS = ["0-0", "1-1", "5-5"]


@pytest.mark.parametrize(
    ("preset", "options", "leader"),
    [
        ("parlor", {}, 2),  # same: highest double again
        ("classic", {"next_lead": "winner"}, 0),
        ("pub", {}, 0),  # winner
        ("pub", {"next_lead": "left"}, 1),
        ("pub", {"next_lead": "same"}, 2),
        ("polish", {}, 1),  # left
        ("all_fives", {}, 0),  # winner
    ],
)
def test_next_lead_picks_the_second_rounds_leader(replay, replay_ok, preset, options, leader):
    opts = {"players": 3, "hand_size": 1, **options}
    first = round_spec(["6-6", "1-0", "2-0"], ["6-6"], first=0)
    tile = ROUND_2_HANDS[leader]
    second = round_spec(ROUND_2_HANDS, [tile])
    r = replay_ok(record(preset, opts, first, second))
    assert r.rounds[0]["end"]["winner"] == 0
    assert (r.rounds[1]["moves"][0]["seat"], r.rounds[1]["moves"][0]["move"]) == (leader, tile)
    wrong = (leader + 1) % 3
    bad = round_spec(ROUND_2_HANDS, [ROUND_2_HANDS[wrong]], first=wrong)
    err = one_error_line(replay(record(preset, opts, first, bad)))
    assert err == f"round 2: seat {leader} leads this round, not seat {wrong}"


def test_next_lead_classic_same_draws_lots_again_so_round_two_needs_first(replay):
    opts = {"players": 3, "hand_size": 1}
    first = round_spec(["6-6", "1-0", "2-0"], ["6-6"], first=0)
    err = one_error_line(replay(record("classic", opts, first, round_spec(ROUND_2_HANDS, ["0-0"]))))
    assert err.startswith("round 2: ") and "first" in err


# pub, 3 players, 2 tiles each, a stock reserve of 22 (nothing may be drawn): a lead nobody can
# follow blocks the round at once.
BLOCK_OPTS = {"players": 3, "hand_size": 2, "stock_reserve": 22}


def test_next_lead_winner_after_a_tied_round_is_the_seat_left_of_the_last_leader(replay_ok):
    # Round 1: seat 0 leads 6-6; nobody holds a 6: pips 6 (5-1), 6 (2-0 3-1), 6 (4-0 1-1): a tie.
    # Round 2: seat 1 (left of seat 0) leads 5-5; nobody holds a 5: pips 3, 3, 20: a tie again.
    # Round 3: seat 2 (left of seat 1) leads, though seat 0 holds the highest double.
    r1 = round_spec(["6-6 5-1", "2-0 3-1", "4-0 1-1"], ["6-6"])
    r2 = round_spec(["2-0 1-0", "5-5 2-1", "6-6 4-4"], ["5-5"])
    r3 = round_spec(["6-6 5-5", "1-0 2-0", "3-1 4-0"], ["3-1"])
    r = replay_ok(record("pub", BLOCK_OPTS, r1, r2, r3))
    ends = [rnd["end"] for rnd in r.rounds]
    assert ends[0] == {"reason": "blocked", "winner": None, "bonus": 0, "pips": [6, 6, 6]}
    assert ends[1] == {"reason": "blocked", "winner": None, "bonus": 0, "pips": [3, 3, 20]}
    assert [rnd["moves"][0]["seat"] for rnd in r.rounds] == [0, 1, 2]
    assert [rnd["moves"] for rnd in r.rounds][:2] == [
        [{"seat": 0, "move": "6-6", "end_sum": 12, "points": 12}],
        [{"seat": 1, "move": "5-5", "end_sum": 10, "points": 0}],
    ]
    assert r.rounds[1]["scores"] == [12, 0, 0]


def test_next_lead_winner_after_a_blocked_round_is_the_seat_with_fewest_pips(replay_ok):
    # Seat 0 leads 6-6 and the round blocks: pips 6, 7 (3-1 2-1), 3 (1-0 2-0): seat 2 wins with
    # round(6 + 7 = 13) = 12 (pub: total) and leads round 2.
    r1 = round_spec(["6-6 5-1", "3-1 2-1", "1-0 2-0"], ["6-6"])
    r2 = round_spec(["6-6 5-5", "4-4 2-0", "1-0 3-0"], ["1-0"])
    r = replay_ok(record("pub", BLOCK_OPTS, r1, r2))
    assert r.rounds[0]["end"] == {"reason": "blocked", "winner": 2, "bonus": 12, "pips": [6, 7, 3]}
    assert r.rounds[0]["scores"] == [12, 0, 12]
    assert r.rounds[1]["moves"][0]["seat"] == 2


# ---------------------------------------------------------------------- partnerships
def test_partnership_domino_bonus_counts_only_the_other_teams_pips(replay_ok):
    # Seat 0 goes out with its lead 6-6 (12). Opponents hold 1-0 and 2-0: 3 -> 3; the partner's
    # 5-5 never counts.
    spec = round_spec(["6-6", "1-0", "5-5", "2-0"], ["6-6"])
    r = replay_ok(record("pub", {"players": 4, "teams": True, "hand_size": 1}, spec))
    assert r.end == {"reason": "domino", "winner": 0, "bonus": 3, "pips": [0, 1, 10, 2]}
    assert r.rounds[0]["scores"] == [15, 0]
    assert r.json["winner"] is None


@pytest.mark.parametrize(("preset", "bonus"), [("pub", 24), ("parlor", 15)])
def test_partnership_block_is_won_by_the_team_with_fewest_combined_pips(replay_ok, preset, bonus):
    # Seat 0 leads 6-6; nobody holds a 6. Team 0: 5 + 18 = 23; team 1: 3 + 6 = 9: team 1 wins
    # though seat 0 alone holds less than seat 3. pub (total): round(23) = 24; parlor
    # (difference): round(23 - 9 = 14) = 15.
    spec = round_spec(["6-6 5-0", "1-0 2-0", "5-5 4-4", "2-1 3-0"], ["6-6"])
    opts = {"players": 4, "teams": True, "hand_size": 2, "stock_reserve": 20}
    r = replay_ok(record(preset, opts, spec))
    assert r.end == {"reason": "blocked", "winner": 1, "bonus": bonus, "pips": [5, 3, 18, 6]}
    assert r.rounds[0]["scores"] == [12, bonus]


# ---------------------------------------------------------------------- the match
def two_tile_round_1() -> dict:
    # Seat 0: 6-6 (12); seat 1: 6-3@E (12 + 3 = 15); seat 0 goes out with 6-1@W (1 + 3 = 4),
    # seat 1 holds 2-1: 3 -> 3. Scores 12 + 3 = 15 each.
    return round_spec(["6-6 6-1", "6-3 2-1"], ["6-6", "6-3@E", "6-1@W"])


def two_tile_round_2() -> dict:
    # Seat 0 (pub: the winner leads) leads 5-4 (9); 4-0@E (5); goes out with 5-1@W (1);
    # seat 1 holds 1-1: 2 -> 3. Seat 0: 15 + 9 + 3 = 27.
    return round_spec(["5-4 5-1", "4-0 1-1"], ["5-4", "4-0@E", "5-1@W"])


def test_reaching_the_target_ends_the_match_with_the_higher_total_winning(replay, replay_ok):
    opts = {"hand_size": 1, "target": 12}
    spec = round_spec(["6-6", "1-0"], ["6-6"])
    r = replay_ok(record("pub", opts, spec))
    assert r.end == {"reason": "domino", "winner": 0, "bonus": 0, "pips": [0, 1]}
    assert (r.rounds[0]["scores"], r.json["winner"]) == ([12, 0], 0)
    r = replay_ok(record("pub", {"hand_size": 1, "target": 13}, spec))
    assert r.json["winner"] is None  # 12 < 13: not decided
    err = one_error_line(replay(record("pub", opts, spec, round_spec(["6-6", "1-0"], []))))
    assert err == "round 2: the match was already decided"


def test_the_match_is_decided_only_at_the_end_of_a_round(replay_ok):
    # The lead 6-6 reaches the target of 12 but the round goes on to its end.
    r = replay_ok(record("pub", {"hand_size": 2, "target": 12}, two_tile_round_1()))
    assert [m["points"] for m in r.moves] == [12, 15, 0]
    assert r.json["winner"] is None  # 15 : 15 at the end


def test_an_exact_tie_at_the_top_plays_one_more_round(replay_ok):
    opts = {"hand_size": 2, "target": 15}
    r = replay_ok(record("pub", opts, two_tile_round_1()))
    assert r.end == {"reason": "domino", "winner": 0, "bonus": 3, "pips": [0, 3]}
    assert (r.rounds[0]["scores"], r.json["winner"]) == ([15, 15], None)
    r = replay_ok(record("pub", opts, two_tile_round_1(), two_tile_round_2()))
    assert r.rounds[1]["end"] == {"reason": "domino", "winner": 0, "bonus": 3, "pips": [0, 2]}
    assert (r.rounds[1]["scores"], r.json["winner"]) == ([27, 15], 0)


def test_single_round_is_decided_after_one_round_and_a_tie_is_a_draw(replay, replay_ok):
    opts = {"hand_size": 2, "single_round": True}
    r = replay_ok(record("pub", opts, two_tile_round_1()))
    assert (r.rounds[0]["scores"], r.json["winner"]) == ([15, 15], None)
    err = one_error_line(replay(record("pub", opts, two_tile_round_1(), two_tile_round_2())))
    assert err == "round 2: the match was already decided"


def test_single_round_the_higher_total_wins_below_the_target(replay_ok):
    # 6-6 (12); 6-1@E (12 + 1 = 13); seat 0 goes out with 6-3@W (3 + 1 = 4); seat 1 holds 2-0:
    # 2 -> 3. 15 : 0, far below pub's target of 120.
    spec = round_spec(["6-6 6-3", "6-1 2-0"], ["6-6", "6-1@E", "6-3@W"])
    r = replay_ok(record("pub", {"hand_size": 2, "single_round": True}, spec))
    assert (r.rounds[0]["scores"], r.json["winner"]) == ([15, 0], 0)
