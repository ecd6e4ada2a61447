"""Fives and Threes (docs/rules.md, after gambiter.com and the other sources it names): each
scoring total of the sources as its own test, block play's knocks, the point for going out
(alone and as partners), the exact 61 and its bust, and the record and the fair-deal check with
the new options. Every scenario is checked against the engine and the reference model alike."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from engine_kit import record, round_spec
from engine_ref import RefRound, config, fives_and_threes, move_of_int, tile

from allthrees import moves as mv
from allthrees import record as records
from allthrees.errors import BadRules, IllegalMove
from allthrees.match import Deal, Match, commitment, seed_hex
from allthrees.notation import parse_move
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.tiles import mask_of, set_size

RULES = "fives_and_threes"

# The sources' table of totals (gambiter.com, eightygames, William Hill's rules) and the rest of
# the brief's: 15 and 30 are multiples of both, so both count.
SCORES = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 21: 7, 24: 8, 25: 5}
SCORES |= {27: 9, 30: 16}

# A line of play whose last move leaves each total: (options over the preset, moves). A double
# counts both halves at an end; a double lead counts both halves on each side it is uncovered.
SEQUENCES: dict[int, tuple[dict[str, Any], list[str]]] = {
    3: ({}, ["2-1"]),
    5: ({}, ["3-2"]),
    6: ({}, ["4-2"]),
    9: ({}, ["5-4"]),
    10: ({}, ["6-4"]),
    12: ({}, ["6-6"]),
    15: ({}, ["6-6", "6-3@E"]),  # 12 + 3
    18: ({}, ["6-3", "6-6@W", "3-3@E"]),  # 12 + 6
    20: ({}, ["6-4", "6-6@W", "4-4@E"]),  # 12 + 8
    21: ({"set": "double_nine"}, ["9-9", "9-3@E"]),  # 18 + 3
    24: ({"set": "double_nine"}, ["9-9", "9-6@E"]),  # 18 + 6
    25: ({"set": "double_nine"}, ["9-9", "9-7@E"]),  # 18 + 7
    # two ends cannot make 27 from these tiles: the spinner's third end can (8 + 7 + 12)
    27: (
        {"set": "double_nine", "spinner": "first_double"},
        ["9-9", "9-7@E", "9-8@W", "9-6@N", "6-6@N"],
    ),
    30: ({"set": "double_nine"}, ["9-6", "9-9@W", "6-6@E"]),  # 18 + 12
}


def two_hands(moves: list[str]) -> list[list[str]]:
    """Seat 0 holds the tiles of the even moves, seat 1 those of the odd ones."""
    hands: list[list[str]] = [[], []]
    for k, m in enumerate(moves):
        hands[k % 2].append(m.split("@")[0])
    return hands


@pytest.mark.parametrize(("total", "points"), sorted(SCORES.items()))
def test_an_end_sum_scores_its_fives_and_its_threes(replay_ok, total, points):
    rules = Rules.make(RULES)
    assert rules.points(total) == fives_and_threes(total) == points
    assert rules.award(rules.points(total)) == points, "a peg a point on the cribbage board"
    options, moves = SEQUENCES[total]
    top = 9 if options.get("set") == "double_nine" else 6
    size = Rules.make(RULES, **options).hand_size
    spec = round_spec(two_hands(moves), moves, first=0, hand_size=size, max_pip=top)
    last = replay_ok(record(RULES, options, spec)).moves[-1]
    assert (last["end_sum"], last["points"]) == (total, points)


@pytest.mark.parametrize("total", [1, 2, 4, 7, 8, 11, 13, 14, 16, 17, 19, 22, 23, 26, 28, 29])
def test_a_sum_of_neither_fives_nor_threes_scores_nothing(total):
    assert Rules.make(RULES).points(total) == fives_and_threes(total) == 0


# ---------------------------------------------------------------------- playing a scene
def names(text: str) -> list[str]:
    return text.split()


def scene(
    hands: list[str], leader: int, scores: list[int], **options: Any
) -> tuple[Round, RefRound]:
    """A round of Fives and Threes with the hands as given (short hands are fine: the engine
    takes any), the rest of the set out of play, the match totals ``scores`` before it; and the
    reference model's round of the same."""
    rules = Rules.make(RULES, **options)
    held = [[tile(t) for t in names(h)] for h in hands]
    ids = [[parse_tile(t) for t in names(h)] for h in hands]
    rest = [t for t in range(set_size(rules.max_pip)) if all(t not in h for h in ids)]
    rnd = Round(rules, [mask_of(h) for h in ids], rest, leader, scores=scores)
    cfg = config(RULES, **options)
    ref = RefRound(cfg, held, [ref_tile(t) for t in rest], leader, scores=scores)
    return rnd, ref


def parse_tile(text: str) -> int:
    a, b = tile(text)
    return a * (a + 1) // 2 + b


def ref_tile(i: int) -> tuple[int, int]:
    hi = 0
    while (hi + 1) * (hi + 2) // 2 <= i:
        hi += 1
    return hi, i - hi * (hi + 1) // 2


def play(rnd: Round, ref: RefRound, text: str) -> Any:
    """Make a move in both; they must agree on what it did."""
    move, _ = parse_move(rnd, text)
    entry = rnd.apply(move)
    done = ref.apply(move_of_int(move))
    assert (entry.seat, entry.points, entry.bust) == (done["seat"], done["points"], done["bust"])
    assert rnd.points == ref.points or rnd.over
    assert rnd.reason == ref.reason and rnd.turn == ref.turn
    return entry


# ---------------------------------------------------------------------- exact 61
def test_a_side_at_59_that_would_score_8_stays_at_59_and_wins_with_exactly_2():
    rules = Rules.make(RULES)
    match = Match(rules, seed=1)
    match.scores = [59, 40]
    rnd, ref = scene(["6-3 3-2 0-0", "6-6 6-4 1-1"], 1, [59, 40])
    match.start_round(Deal(deal_hands(rnd), rnd.boneyard, 1))
    rnd = match.round
    for text in ("6-6", "6-3@E", "6-4@W"):
        move, _ = parse_move(rnd, text)
        entry = match.apply(move)
        assert ref.apply(move_of_int(move))["bust"] == entry.bust
    bust = rnd.history[1]
    assert (bust.end_sum, bust.points, bust.bust) == (15, 0, 8), "15 would make 8: 67, bust"
    assert rnd.points == [0, 4] and match.scores[0] + rnd.points[0] == 59
    assert rnd.end_sum == 4 + 3 and not rnd.over
    move, _ = parse_move(rnd, "3-2@E")  # 4 + 2 = 6: 2 points, exactly 61
    entry = match.apply(move)
    ref.apply(move_of_int(move))
    assert (entry.points, entry.bust) == (2, 0)
    assert rnd.reason == ref.reason == "target" and rnd.outcome().winner_side == 0
    assert match.over and match.winner == 0 and match.scores == [61, 44]


def deal_hands(rnd: Round) -> list[list[int]]:
    return [[t for t in range(rnd.rules.tile_count) if h >> t & 1] for h in rnd.hands]


def test_a_last_tile_scores_with_the_point_for_going_out_and_both_bust_together():
    """gambiter.com: at 59, a last tile that makes 6 scores 2 + 1 for going out = 3, too many:
    none of it counts."""
    rnd, ref = scene(["2-1", "4-1 5-5"], 1, [59, 40])
    play(rnd, ref, "4-1")  # 5: 1 point to seat 1
    entry = play(rnd, ref, "2-1@E")  # 4 + 2 = 6: 2, and the last tile: 1 more
    end = rnd.outcome()
    assert (entry.end_sum, entry.points, entry.bust) == (6, 0, 2)
    assert (end.reason, end.winner_side, end.bonus, end.out_bonus, end.bust) == (
        "domino",
        0,
        0,
        1,
        1,
    )
    assert ref.bonus == {0} and ref.end_bust == 1
    assert rnd.points == [0, 1], "seat 0 stays at 59"


def test_at_58_the_same_last_tile_makes_exactly_61():
    rnd, ref = scene(["2-1", "4-1 5-5"], 1, [58, 40])
    play(rnd, ref, "4-1")
    entry = play(rnd, ref, "2-1@E")
    end = rnd.outcome()
    assert (entry.points, entry.bust, end.reason, end.bonus, end.bust) == (2, 0, "domino", 1, 0)
    assert 58 + rnd.points[0] == 61 and ref.bonus == {1}


def test_a_bust_in_play_leaves_the_score_and_the_round_goes_on():
    rnd, ref = scene(["6-6 0-0 1-0", "6-3 2-2"], 0, [58, 0])
    entry = play(rnd, ref, "6-6")  # 12: 4 points would make 62
    assert (entry.points, entry.bust) == (0, 4) and rnd.points == [0, 0] and not rnd.over
    entry = play(rnd, ref, "6-3@E")  # 12 + 3 = 15: 8 for seat 1
    assert (entry.points, entry.bust) == (8, 0) and rnd.points == [0, 8]


# ---------------------------------------------------------------------- block play
def test_block_play_never_draws_and_knocks_only_without_a_play():
    rnd, ref = scene(["5-5 5-1", "4-4 2-0", "3-3 1-0"], 0, [0, 0, 0], players=3)
    assert rnd.boneyard_left > 0 and rnd.reserve == rnd.boneyard_left
    play(rnd, ref, "5-5")  # 10: 2 points
    # seat 1 holds no 5: its one move is a knock
    assert rnd.legal_moves() == [mv.PASS] and ref.legal() == [("pass",)]
    with pytest.raises(IllegalMove, match="block play"):
        rnd.apply(mv.DRAW)
    play(rnd, ref, "pass")
    fives = mask_of(t for t in range(28) if 5 in ref_tile(t))
    assert rnd.history[-1].lacked & ((1 << 28) - 1) == fives, "a knock shows it holds no 5"


def test_a_player_who_can_play_may_not_knock():
    rnd, _ = scene(["5-5 6-1", "5-4 2-0"], 0, [0, 0])
    rnd.apply(parse_move(rnd, "5-5")[0])
    with pytest.raises(IllegalMove, match="cannot pass: it holds a playable tile"):
        rnd.apply(mv.PASS)
    assert rnd.turn == 1 and len(rnd.history) == 1


def test_a_round_nobody_can_play_ends_blocked_and_nobody_scores():
    rnd, ref = scene(["6-6 1-1", "6-5 0-0"], 0, [0, 0])
    play(rnd, ref, "6-6")
    play(rnd, ref, "6-5@E")  # ends 6 (double) and 5: nobody holds a 6 or a 5
    end = rnd.outcome()
    assert (end.reason, end.bonus, end.bonus_pips) == ("blocked", 0, 0)
    assert rnd.points == [4, 0]


# ---------------------------------------------------------------------- going out
def test_the_first_player_out_scores_one_point_and_no_pips():
    rnd, ref = scene(["4-1", "5-5 6-6 6-5"], 0, [0, 0])
    play(rnd, ref, "4-1")  # 5: 1 point, and the last tile: 1 more
    end = rnd.outcome()
    assert (end.reason, end.winner_side, end.bonus, end.out_bonus, end.bonus_pips) == (
        "domino",
        0,
        1,
        1,
        0,
    )
    assert rnd.points == [2, 0] and ref.bonus == {1}


def test_the_league_variant_gives_nothing_for_going_out():
    rules = Rules.make("fives_and_threes_league")
    assert (rules.hand_size, rules.out_bonus) == (9, 0)
    assert Rules.make("fives_and_threes_league", players=4).hand_size == 6
    rnd = Round(rules, [mask_of([parse_tile("4-1")]), mask_of([parse_tile("6-6")])], [], 0)
    rnd.apply(parse_move(rnd, "4-1")[0])
    assert rnd.outcome().bonus == 0 and rnd.points == [1, 0]


PARTNERS = ["6-6", "6-5 0-0", "5-4 4-3", "1-1 2-1"]


def test_partners_go_out_together_and_score_the_point_when_both_are_out():
    rnd, ref = scene(PARTNERS, 0, [0, 0], players=4, teams=True)
    play(rnd, ref, "6-6")  # seat 0's last tile: 12, 4 points, but seat 2 still holds tiles
    assert not rnd.over and rnd.turn == 1
    play(rnd, ref, "6-5@E")  # 12 + 5 = 17
    play(rnd, ref, "5-4@E")  # 12 + 4 = 16
    play(rnd, ref, "pass")  # seat 3 holds no 6 or 4
    assert rnd.turn == 1, "seat 0 is out: its turn is skipped"
    play(rnd, ref, "pass")
    play(rnd, ref, "4-3@E")  # 12 + 3 = 15: 8, and seat 2 is out too: the team scores 1
    end = rnd.outcome()
    assert (end.reason, end.winner_side, end.winner_seat, end.bonus) == ("domino", 0, 2, 1)
    assert rnd.points == [4 + 8 + 1, 0] and ref.bonus == {1}


def test_partners_a_round_that_blocks_with_one_partner_out_scores_no_point():
    hands = [PARTNERS[0], PARTNERS[1], "5-4 2-2", PARTNERS[3]]
    rnd, ref = scene(hands, 0, [0, 0], players=4, teams=True)
    play(rnd, ref, "6-6")
    play(rnd, ref, "6-5@E")
    play(rnd, ref, "5-4@E")  # ends 6 (double) and 4: nobody left holds either
    end = rnd.outcome()
    assert (end.reason, end.bonus) == ("blocked", 0) and ref.reason == "blocked"
    assert rnd.points == [4, 0]


def test_partners_out_one_ends_the_round_with_the_first_player_out():
    rnd, ref = scene(PARTNERS, 0, [0, 0], players=4, teams=True, partners_out="one")
    play(rnd, ref, "6-6")
    assert rnd.over and rnd.outcome().bonus == 1 and rnd.points == [5, 0]


# ---------------------------------------------------------------------- options and refusals
def test_block_play_keeps_no_reserve_and_refuses_one():
    assert Rules.make("parlor", draw=False).stock_reserve == 0, "parlor's 2 go with drawing"
    with pytest.raises(BadRules) as refused:
        Rules.make(RULES, stock_reserve=2)
    assert (refused.value.option, refused.value.code) == ("stock_reserve", "reserve_without_draw")
    assert Rules.make(RULES, draw=True, stock_reserve=2).stock_reserve == 2


def test_the_preset_is_the_pub_game():
    two, four = Rules.make(RULES), Rules.make(RULES, players=4, teams=True)
    assert (two.hand_size, four.hand_size, Rules.make(RULES, players=3).hand_size) == (7, 5, 5)
    assert (two.scoring, two.draw, two.pip_bonus, two.exact_target) == (
        "fives_and_threes",
        False,
        False,
        True,
    )
    assert (two.target, two.cribbage, two.out_bonus, two.spinner) == (61, True, 1, "none")
    assert (two.lead, two.next_lead, four.team_out) == ("lots", "left", True)


# ---------------------------------------------------------------------- the record and the replay
def random_match(options: dict[str, Any], seed: int) -> Match:
    rules = Rules.make(RULES, **options)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            match.apply(rng.choice(rnd.legal_moves()))
    return match


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"players": 4, "teams": True}, {"players": 4}]
)
def test_a_whole_match_written_as_a_record_replays_and_verifies(replay_ok, options):
    match = random_match(options, 38)
    rec = records.to_record(match)
    assert rec["rules"] == RULES
    again = replay_ok(rec).json
    assert again == records.result(match)
    assert again["winner"] == match.winner and 61 in again["rounds"][-1]["scores"]
    assert all(m["move"] != "draw" for r in again["rounds"] for m in r["moves"])
    fair = json.loads(json.dumps(rec | {"seed": seed_hex(38), "commitment": commitment(38)}))
    checked = records.verify(fair)
    assert checked.scores == match.scores and checked.winner == match.winner


def test_a_bust_is_written_in_the_replay_output(replay_ok):
    """A record of the scene at 59 cannot start at 59; a whole match can: its busts are in the
    output as ``bust`` on the move (and on the end when going out busts)."""
    for seed in range(40):
        match = random_match({}, seed)
        out = replay_ok(records.to_record(match)).json
        busts = [m for r in out["rounds"] for m in r["moves"] if "bust" in m]
        if busts:
            assert all(m["points"] == 0 and m["bust"] > 0 for m in busts)
            return
    raise AssertionError("no bust in 40 random matches")
