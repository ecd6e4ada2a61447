"""The computers play Fives and Threes by its own rules: fives and threes scoring, block play (no
drawing, the undealt tiles out of play and unseen), knocks, and the exact 61 (a play that would
bust counts nothing, so at 59 a side wants exactly 2, not 8)."""

from __future__ import annotations

import random

import pytest

from allthrees.ai import beginner, casual
from allthrees.ai.advice import _scoring, partner_note, reason_code, reason_words
from allthrees.ai.expert import analyse, expert, rollout
from allthrees.ai.reading import features
from allthrees.ai.simple import standings
from allthrees.ai.worlds import hand_constraints, sample_world
from allthrees.match import Match
from allthrees.moves import DRAW, PASS, W, play
from allthrees.notation import format_move, parse_move
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.tiles import WITH, mask_of
from allthrees.view import make_view


def tile(text: str) -> int:
    a, b = sorted(map(int, text.split("-")), reverse=True)
    return a * (a + 1) // 2 + b


def scene(hands: list[str], leader: int, scores: list[int], moves: list[str] = (), **options):
    """A round of Fives and Threes with short hands as given (the rest of the set out of play),
    the match totals ``scores`` before it, and ``moves`` made."""
    rules = Rules.make("fives_and_threes", **options)
    ids = [[tile(t) for t in h.split()] for h in hands]
    rest = [t for t in range(rules.tile_count) if all(t not in h for h in ids)]
    rnd = Round(rules, [mask_of(h) for h in ids], rest, leader, scores=scores)
    for text in moves:
        rnd.apply(parse_move(rnd, text)[0])
    return rnd


def named(rnd: Round, move: int) -> str:
    return format_move(rnd, move)


# ---------------------------------------------------------------------- at 59 of 61, exactly 2
# Seat 1 led 6-3. Seat 0, at 59, holds 6-6 (on W: 12 + 3 = 15, 8 points: 67, a bust) and 3-0
# (on E: 6 + 0 = 6, 2 points: exactly 61, the match).
AT_59 = (["6-6 3-0 2-1 5-4 4-1", "6-3 1-1 2-2 4-4 5-5"], 1, [59, 40], ["6-3"])


def at_59():
    rnd = scene(*AT_59)
    return rnd, make_view(rnd, 0, [59, 40])


def test_the_position_at_59_is_what_it_claims():
    rnd, view = at_59()
    points = {named(rnd, m): rnd.points_after(m) for m in view.legal}
    assert points == {"6-6@W": 8, "3-0@E": 2}
    bust = rnd.clone()
    bust.apply(parse_move(bust, "6-6@W")[0])
    assert bust.history[-1].bust == 8 and not bust.over
    win = rnd.clone()
    win.apply(parse_move(win, "3-0@E")[0])
    assert win.reason == "target" and win.points[0] == 2


@pytest.mark.parametrize("seed", range(3))
def test_casual_takes_the_2_that_reaches_61_not_the_8_that_busts(seed):
    rnd, view = at_59()
    assert named(rnd, casual(view, random.Random(seed))) == "3-0@E"


@pytest.mark.parametrize("seed", range(2))
def test_the_expert_takes_the_2_that_reaches_61(seed):
    rnd, view = at_59()
    assert named(rnd, expert(view, random.Random(seed), None, 100)) == "3-0@E"
    why = reason_code(view, parse_move(rnd, "3-0@E")[0])
    assert why == {"code": "reaches", "points": 2}
    assert reason_words(why) == "scores 2: exactly the target, and the match"
    bust = reason_code(view, parse_move(rnd, "6-6@W")[0])
    assert bust["code"] == "busts" and bust["points"] == 8


# Seat 1 led 5-1 (6: 2 points). Seat 0, at 60, holds 4-1 (on E: 5 + 4 = 9, 3 points: a bust) and
# 5-2 (on W: 2 + 1 = 3, 1 point: exactly 61), and 6-6, which fits nowhere. Both scores are on
# two plain ends, easy for a Beginner to see.
AT_60 = (["4-1 5-2 6-6", "5-1 3-3 2-2 0-0"], 1, [60, 30], ["5-1"])


def test_at_60_the_plain_3_busts_and_the_1_wins():
    rnd = scene(*AT_60)
    assert {named(rnd, m): rnd.points_after(m) for m in rnd.legal_moves()} == {
        "5-2@W": 1,
        "1-4@E": 3,
    }


def test_casual_and_a_beginner_who_sees_every_score_never_bust():
    rnd = scene(*AT_60)
    view = make_view(rnd, 0, [60, 30])
    assert named(rnd, casual(view, random.Random(0))) == "5-2@W"
    # a Beginner who spots every easy score sees only the one that counts
    picks = {named(rnd, beginner(view, random.Random(s), notice=1.0)) for s in range(30)}
    assert picks == {"5-2@W"}


def test_a_rollout_plays_for_the_exact_finish():
    """The Expert's imagined players count a bust as no score, as the rules do: at 60, a
    greedy seat takes the 1 that makes 61, not the 3 that would bust."""
    rnd = scene(*AT_60)
    rollout(rnd, random.Random(0), [1.0, 1.0])
    assert named(rnd, rnd.history[1].move) == "2-5@W"
    assert rnd.reason == "target" and rnd.winner_side == 0


# Seat 1 led 6-1, seat 0 (at 59) played 6-4@W (4 + 1 = 5: 1 point, 60), seat 1 played 1-1@E
# (4 + 2 = 6: 2 points). Seat 0's last tile 4-1: on W (1 + 2 = 3) its 1 point and the 1 for going
# out make 2, a bust; on E (4 + 4 = 8) nothing, and going out makes exactly 61.
LAST_TILE = (["6-4 4-1", "6-1 1-1 3-3 5-5"], 1, [59, 20], ["6-1", "6-4@W", "1-1@E"])


@pytest.mark.parametrize("seed", range(2))
def test_the_expert_goes_out_on_the_end_that_does_not_bust(seed):
    rnd = scene(*LAST_TILE)
    assert rnd.points == [1, 2] and rnd.turn == 0
    view = make_view(rnd, 0, [59, 20])
    move = expert(view, random.Random(seed), None, 60)
    assert named(rnd, move) == "1-4@E"
    rnd.apply(move)
    assert rnd.reason == "domino" and 59 + rnd.points[0] == 61


# ---------------------------------------------------------------------- reading the others
def test_a_bust_is_no_score_passed_up():
    """Seat 1, at 59, played 3-1 for nothing: 6-6 would have made 8, a bust, so it says nothing
    of seat 1's hand; 3-0 would have made exactly 2, so seat 1 probably does not hold it."""
    rnd = scene(["6-3 2-2 5-5", "3-1 4-4 0-0 5-4"], 0, [10, 59], ["6-3", "3-1@E"])
    view = make_view(rnd, 0, [10, 59])
    assert standings(view) == [(51, False), (2, False)]
    passed_up = hand_constraints(view)[1][0][2]
    assert passed_up >> tile("3-0") & 1
    assert not passed_up >> tile("6-6") & 1
    table = Round.open_table(view.rules, view.leader)
    table.play_as(0, view.history[0].move)
    six = play(tile("6-6"), W)
    assert features(table, six)[0] == 8.0
    assert features(table, six, (2, False))[0] == 0.0


# ---------------------------------------------------------------------- block play and knocks
def casual_round(seed: int, stop, **options) -> Round | None:
    """A Fives and Threes round among Casuals, stopped at the first position ``stop`` accepts."""
    rules = Rules.make("fives_and_threes", **options)
    match = Match(rules, seed=seed)
    rnd = match.start_round()
    while not rnd.over:
        if stop(rnd):
            return rnd
        rnd.apply(casual(make_view(rnd, rnd.turn, match.scores), None))
    return None


def knocked(rnd: Round) -> bool:
    return any(e.move == PASS for e in rnd.history) and not rnd.over and rnd.lead_tile >= 0


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"players": 4, "teams": True}], ids=["2", "3", "partners"]
)
def test_worlds_put_the_unseen_tiles_in_the_hands_and_out_of_play_with_their_sizes(options):
    """In block play the tiles not dealt are out of play and unseen: every world deals the
    unseen tiles to the other hands and the out-of-play pile, each exactly its size, and a seat
    that knocked holds none of the numbers open then, for the rest of the round (though tiles
    are still "in the boneyard", nobody draws them)."""
    found = 0
    for seed in range(40):
        rnd = casual_round(seed, knocked, **options)
        if rnd is None:
            continue
        found += 1
        view = make_view(rnd, rnd.turn, [0] * rnd.rules.sides)
        assert view.boneyard_left == view.reserve > 0
        knocks = [(e.seat, e.lacked) for e in view.history if e.move == PASS]
        groups = hand_constraints(view)
        rng = random.Random(seed)
        for _ in range(30):
            hands, pile = sample_world(view, groups, rng)
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            assert len(pile) == view.boneyard_left
            placed = mask_of(pile)
            for s, h in enumerate(hands):
                assert not placed & h
                placed |= h if s != view.seat else 0
            assert placed == view.unseen_tiles()
            for seat, lacked in knocks:
                if seat != view.seat:
                    assert not hands[seat] & lacked, "a knock is for the rest of the round"
            world = Round.from_view(view, hands, pile).with_world(hands, pile)
            assert DRAW not in world.legal_moves()
            rollout(world, rng)
            assert world.over and all(e.move != DRAW for e in world.history)
            assert world.boneyard_left == len(pile), "the out-of-play tiles stay out"
    assert found >= 5


def test_a_knock_says_the_ends_numbers_are_not_held_with_tiles_still_undealt():
    rnd = scene(["5-5 5-1", "4-4 2-0", "3-3 1-0"], 0, [0, 0, 0], ["5-5", "pass"], players=3)
    view = make_view(rnd, 2, [0, 0, 0])
    assert view.boneyard_left > 0
    groups = hand_constraints(view)
    fives = WITH[5] & view.unseen_tiles()
    assert all(g[1] & fives == fives for g in groups[1])
    for _ in range(50):
        hands, _ = sample_world(view, groups, random.Random(_))
        assert not hands[1] & WITH[5]


def test_the_hint_says_knock_in_block_play():
    rnd = scene(["5-5 5-1", "4-4 2-0", "3-3 1-0"], 0, [0, 0, 0], ["5-5"], players=3)
    view = make_view(rnd, 1, [0, 0, 0])
    assert view.legal == (PASS,)
    why = reason_code(view, PASS)
    assert why == {"code": "knock"}
    assert "knock" in reason_words(why)


def test_a_dead_end_speaks_of_fives_and_threes_not_a_multiple_of_k():
    codes = set()
    for seed in range(60):
        rules = Rules.make("fives_and_threes")
        match = Match(rules, seed=seed)
        rnd = match.start_round()
        while not rnd.over:
            view = make_view(rnd, rnd.turn, match.scores)
            for m in view.legal:
                why = reason_code(view, m)
                codes.add(why["code"])
                if why["code"] == "dead_end_f3":
                    assert "k" not in why
                    assert reason_words(why).endswith(
                        "no single tile makes a multiple of 5 or of 3"
                    )
            rnd.apply(casual(view, None))
    assert "dead_end" not in codes
    assert {"dead_end_f3", "knock", "scores"} <= codes


def test_the_expert_analyses_a_block_play_round_to_its_end_without_drawing():
    rnd = casual_round(3, lambda r: len(r.history) >= 4, players=4, teams=True)
    view = make_view(rnd, rnd.turn, [0, 0])
    analysis = analyse(view, random.Random(1), None, 20)
    assert analysis.iterations == 20 and analysis.moves


# ---------------------------------------------------------------------- partner notes
def test_partner_notes_hold_in_block_play_partners():
    """Every note said for seat 0 in 120 Casual-played Fives and Threes partner rounds (block
    play, partners go out together), held against the hands as dealt: an opponent said to be shut
    out has no tile that fits (and knocks: there is no drawing), a partner said to lack a number
    holds none of it, counts of scoring replies (fives and threes) are at least the true ones."""
    rules = Rules.make("fives_and_threes", players=4, teams=True)
    said = set()
    for seed in range(120):
        rnd = Match(rules, seed=seed).start_round()
        while not rnd.over:
            if rnd.turn == 0 and rnd.lead_tile >= 0:
                view = make_view(rnd, 0, [0, 0])
                for move in view.legal:
                    note = partner_note(view, move) if move >= 0 else None
                    if not note:
                        continue
                    said.add(note["code"])
                    after = rnd.clone()
                    after.step(move)
                    fits = sum(WITH[v] for v in set(after.ends) if v >= 0)
                    if note["code"] == "shut_out":
                        assert note["must"] == "pass"
                        assert not rnd.hands[note["opponent"]] & fits, note
                    if note["code"] == "kept_open":
                        for v in note["lacks"]:
                            assert not rnd.hands[note["partner"]] & WITH[v], note
                    if note["code"] == "safe":
                        assert _scoring(after, rnd.hands[note["opponent"]]) <= note["left"]
                    if note["code"] == "set_up":
                        assert _scoring(after, rnd.hands[note["partner"]]) <= note["left"]
            rnd.apply(casual(make_view(rnd, rnd.turn, [0, 0]), None))
    assert {"kept_open", "shut_out", "safe"} <= said, said


def test_a_last_tile_that_reaches_the_target_with_its_going_out_point_is_said_so():
    """At 59 (58 and 1 this round), the last tile 4-1 on W makes 1, and going out 1 more: 61."""
    rnd = scene(LAST_TILE[0], 1, [58, 20], LAST_TILE[3])
    view = make_view(rnd, 0, [58, 20])
    west = parse_move(rnd, "1-4@W")[0]
    assert reason_code(view, west) == {"code": "reaches", "points": 1}
    rnd.apply(west)
    assert rnd.reason == "domino" and 58 + rnd.points[0] == 61
