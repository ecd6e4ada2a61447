"""docs/rules.md "Play" and "Counting the end sum": the spinner, doubles, drawing, passing and the
blocked end, as records replayed through ``python -m allthrees replay``; and the in-process promise
that a rejected move leaves the round exactly as it was."""

from __future__ import annotations

import json

import pytest
from engine_kit import canon, record, replay_subprocess, round_spec
from engine_ref import tile, tile_id

from allthrees import moves as mv
from allthrees.errors import AmbiguousMove, IllegalMove, MalformedMove, MoveError
from allthrees.match import Deal, Match
from allthrees.notation import parse_move
from allthrees.round import Round
from allthrees.rules import Rules


def one_error_line(r) -> str:
    assert r.status == 2
    assert r.out == ""
    assert r.err.endswith("\n") and r.err.count("\n") == 1
    assert "Traceback" not in r.err
    return r.err.rstrip("\n")


CLOSED = "arm N is not open until both long sides of spinner 3-3 are covered"


def sums(r) -> list[tuple[int, int]]:
    return [(m["end_sum"], m["points"]) for m in r.moves if "end_sum" in m]


# ---------------------------------------------------------------------- the spinner
def test_lead_spinner_short_side_is_closed_until_both_long_sides_are_covered():
    # docs/rules.md's own example message. 3-3 is the highest double dealt (the rest are light).
    spec = round_spec(["3-3 1-0", "3-1 5-3"], "3-3 3-1@E 1-0@E 3-5@N", hand_size=7)
    code, out, err = replay_subprocess(json.dumps(record("parlor", None, spec)))
    assert (code, out) == (2, "")
    assert (
        err == "move 4: 3-5@N: arm N is not open until both long sides of spinner 3-3 are covered\n"
    )


@pytest.mark.parametrize("arm", ["N", "S"])
def test_lead_spinner_short_sides_open_once_both_long_sides_are_covered(replay_ok, arm):
    # 3-3 -> 6; 3-1@E -> 6+1 = 7; 1-0@E -> 6+0; 3-2@W -> 2+0 (the spinner counts nothing now);
    # 3-5 on a short side -> 2+0+5 = 7; the other short side, open and empty, counts nothing.
    spec = round_spec(["3-3 1-0 5-3", "3-1 3-2"], f"3-3 3-1@E 1-0@E 3-2@W 5-3@{arm}", hand_size=7)
    r = replay_ok(record("parlor", None, spec))
    assert sums(r) == [(6, 6), (7, 0), (6, 6), (2, 0), (7, 0)]
    assert canon(r.moves[-1]["move"]) == f"5-3@{arm}"


def test_a_spinner_placed_on_e_opens_after_one_more_tile_on_e(replay, replay_ok):
    # pub: seat 0 holds 6-6 (leads) and leads 6-3. 3-3@E is the first double: the spinner.
    # Its side toward the lead is covered by construction; N opens after 3-4@E.
    hands = ["6-6 6-3 3-4", "3-3 3-5"]
    spec = round_spec(hands, "6-3 3-3@E 3-4@N", hand_size=7)
    err = one_error_line(replay(record("pub", None, spec)))
    assert (
        err == "move 3: 3-4@N: arm N is not open until both long sides of spinner 3-3 are covered"
    )
    r = replay_ok(record("pub", None, round_spec(hands, "6-3 3-3@E 3-4@E 3-5@N", hand_size=7)))
    # 6+3 = 9; 6 + 3-3 (both halves) = 12; 6+4 = 10; 6+4+5 = 15.
    assert sums(r) == [(9, 9), (12, 12), (10, 0), (15, 15)]


def test_later_doubles_are_plain_doubles(replay, replay_ok):
    # pub: lead 6-3; 3-3@E becomes the spinner; 6-6@W is a plain double: it counts both halves
    # at the end of W but opens no arms, and N still waits for the spinner 3-3.
    hands = ["6-6 6-3 6-5 6-2", "3-3 3-4 6-1"]
    err = one_error_line(
        replay(record("pub", None, round_spec(hands, "6-3 3-3@E 6-6@W 6-1@N", hand_size=7)))
    )
    assert (
        err == "move 4: 6-1@N: arm N is not open until both long sides of spinner 3-3 are covered"
    )
    # After 3-4@E the short sides of 3-3 open with 3, not 6: a 6 does not fit there.
    moves = "6-3 3-3@E 6-6@W 3-4@E 6-2@N"
    err = one_error_line(replay(record("pub", None, round_spec(hands, moves, hand_size=7))))
    assert err == "move 5: 6-2@N: tile 6-2 does not match arm N (open end 3)"
    r = replay_ok(
        record("pub", None, round_spec(hands, "6-3 3-3@E 6-6@W 3-4@E 6-5@W", hand_size=7))
    )
    # 9; 6+6 = 12; 12+6 = 18; 12+4 = 16; 5+4 = 9.
    assert sums(r) == [(9, 9), (12, 12), (18, 18), (16, 0), (9, 9)]


def test_spinner_none_never_opens_short_sides(replay, replay_ok):
    hands = ["6-6 6-1 6-5", "6-3 6-4"]
    opts = {"spinner": "none"}
    r = replay_ok(record("pub", opts, round_spec(hands, "6-6 6-3@E 6-1@W", hand_size=7)))
    assert sums(r) == [(12, 12), (15, 15), (4, 0)]
    moves = "6-6 6-3@E 6-1@W 6-4@N"
    err = one_error_line(replay(record("pub", opts, round_spec(hands, moves, hand_size=7))))
    assert err == "move 4: 6-4@N: arm N is not open: this game has no spinner"
    err = one_error_line(
        replay(record("pub", opts, round_spec(hands, "6-6 6-3@E 6-1@W 6-4", hand_size=7)))
    )
    assert err.startswith("move 4: 6-4: ")  # fits no open end: W is 1, E is 3


def test_a_double_at_an_arm_end_counts_both_halves(replay_ok):
    # Lead 6-6 (spinner), 6-3@E, 6-0@W, 6-5@N (0+3+5 = 8), then 5-5@N: 0+3+10 = 13; then 3-3@E:
    # 0+6+10 = 16; 0-0@W: 0+6+10 = 16 (a blank double counts 0+0).
    hands = ["6-6 6-0 5-5 0-0", "6-3 6-5 3-3"]
    r = replay_ok(
        record(
            "pub", None, round_spec(hands, "6-6 6-3@E 6-0@W 6-5@N 5-5@N 3-3@E 0-0@W", hand_size=7)
        )
    )
    assert sums(r) == [(12, 12), (15, 15), (3, 3), (8, 0), (13, 0), (16, 0), (16, 0)]


@pytest.mark.parametrize("spinner", ["first_double", "none"])
def test_a_double_lead_counts_both_halves_until_both_sides_are_covered_then_nothing(
    replay_ok, spinner
):
    # 5-5 -> 10; 5-4@E -> 10+4 = 14; 5-3@W -> 3+4 = 7.
    spec = round_spec(["5-5 5-3", "5-4"], "5-5 5-4@E 5-3@W", hand_size=7)
    r = replay_ok(record("parlor", {"spinner": spinner}, spec))
    assert sums(r) == [(10, 0), (14, 0), (7, 0)]


def test_lead_zero_zero_scores_nothing_though_zero_is_a_multiple(replay_ok):
    spec = round_spec(["0-0", "1-0"], "0-0")
    r = replay_ok(record("pub", {"hand_size": 1}, spec))
    assert r.moves == [{"seat": 0, "move": "0-0", "end_sum": 0, "points": 0}]


# ---------------------------------------------------------------------- drawing and passing
# pub, 2 players: seat 0 holds every 6 it needs, seat 1 none; the boneyard starts 1-0, 2-0, 6-1.
NO_SIX = ["6-6 4-3 4-2 4-1 4-0 3-3 3-2", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"]


def test_draw_takes_one_tile_per_move_and_keeps_the_turn(replay_ok):
    spec = round_spec(NO_SIX, "6-6 draw draw draw 6-1@E", draws="1-0 2-0 6-1")
    r = replay_ok(record("pub", None, spec))
    assert r.moves[1:4] == [
        {"seat": 1, "move": "draw", "tile": "1-0"},
        {"seat": 1, "move": "draw", "tile": "2-0"},
        {"seat": 1, "move": "draw", "tile": "6-1"},
    ]
    assert r.moves[4]["seat"] == 1 and canon(r.moves[4]["move"]) == "6-1@E"
    assert r.moves[4]["end_sum"] == 13  # 6-6 on W still counts 12, plus 1


def test_a_player_who_can_play_may_not_draw(replay):
    spec = round_spec(NO_SIX, "6-6 draw draw draw draw", draws="1-0 2-0 6-1")
    assert one_error_line(replay(record("pub", None, spec))) == (
        "move 5: draw: seat 1 cannot draw: it holds a playable tile (6-1)"
    )
    hands = [NO_SIX[0], NO_SIX[1].replace("5-5", "6-5")]
    spec = round_spec(hands, "6-6 draw", draws="1-0 5-5")
    err = one_error_line(replay(record("pub", None, spec)))
    assert err == "move 2: draw: seat 1 cannot draw: it holds a playable tile (6-5)"


def test_pass_only_when_the_player_can_neither_play_nor_draw(replay):
    spec = round_spec(NO_SIX, "6-6 pass", draws="1-0 2-0 6-1")
    err = one_error_line(replay(record("pub", None, spec)))
    assert err == "move 2: pass: cannot pass: the boneyard still has tiles to draw"
    spec = round_spec(NO_SIX, "6-6 draw draw draw pass", draws="1-0 2-0 6-1")
    err = one_error_line(replay(record("pub", None, spec)))
    assert err.startswith("move 5: pass: ") and "playable tile (6-1)" in err


# parlor, 12 tiles each: seat 0 holds all seven 6s; the boneyard holds 4 tiles without a 6.
TWELVE = [
    "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1",
    "5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1",
]


def test_parlor_never_draws_its_reserve_of_two(replay, replay_ok):
    spec = round_spec(TWELVE, "6-6 draw draw pass")
    r = replay_ok(record("parlor", {"hand_size": 12}, spec))
    assert [m["move"] for m in r.moves] == ["6-6", "draw", "draw", "pass"]
    assert [m["tile"] for m in r.moves[1:3]] == ["0-0", "1-0"]
    assert r.end["reason"] is None
    spec = round_spec(TWELVE, "6-6 draw draw draw")
    err = one_error_line(replay(record("parlor", {"hand_size": 12}, spec)))
    assert err == "move 4: draw: cannot draw: the boneyard is down to its reserve of 2"


def test_without_a_reserve_the_whole_boneyard_is_drawn(replay, replay_ok):
    spec = round_spec(TWELVE, "6-6 draw draw draw draw pass")
    r = replay_ok(record("pub", {"hand_size": 12}, spec))
    assert [m.get("tile") for m in r.moves[1:5]] == ["0-0", "1-0", "1-1", "2-0"]
    spec = round_spec(TWELVE, "6-6 draw draw draw draw draw")
    err = one_error_line(replay(record("pub", {"hand_size": 12}, spec)))
    assert err == "move 6: draw: cannot draw: the boneyard is empty"


def test_a_blocked_round_ends_at_once_after_the_draw_that_blocks_it(replay, replay_ok):
    # pub, 2 tiles each, a reserve of 23: one tile (4-0) may be drawn. Seat 0 leads 6-6; seat 1
    # draws 4-0 and nobody can play: blocked there, no pass. Pips: seat 0 5-1 = 6; seat 1
    # 2-0 3-1 4-0 = 2+4+4 = 10. Seat 0 wins round(10) = 9 (pub: total).
    opts = {"hand_size": 2, "stock_reserve": 23}
    spec = round_spec(["6-6 5-1", "2-0 3-1"], "6-6 draw", draws="4-0")
    r = replay_ok(record("pub", opts, spec))
    assert r.moves[-1] == {"seat": 1, "move": "draw", "tile": "4-0"}
    assert r.end == {"reason": "blocked", "winner": 0, "bonus": 9, "pips": [6, 10]}
    assert r.rounds[0]["scores"] == [21, 0]
    spec = round_spec(["6-6 5-1", "2-0 3-1"], "6-6 draw pass", draws="4-0")
    err = one_error_line(replay(record("pub", opts, spec)))
    assert err == "move 3: pass: the round is already over"


def test_a_blocked_round_ends_at_once_after_the_play_that_blocks_it(replay_ok):
    opts = {"hand_size": 2, "stock_reserve": 24}
    spec = round_spec(["6-6 5-1", "2-0 4-1"], "6-6")
    r = replay_ok(record("pub", opts, spec))
    assert r.moves == [{"seat": 0, "move": "6-6", "end_sum": 12, "points": 12}]
    assert r.end == {"reason": "blocked", "winner": 0, "bonus": 6, "pips": [6, 7]}


# ---------------------------------------------------------------------- rejected moves in-process
def fresh_round(rules: Rules, hands: list[str], first: int = 0, draws: str = "") -> Round:
    spec = round_spec(hands, [], hand_size=rules.hand_size, draws=draws)
    deal = Deal(
        [[tile_id(tile(t)) for t in h] for h in spec["hands"]],
        [tile_id(tile(t)) for t in spec["boneyard"]],
        first,
    )
    return Match(rules, seed=0).start_round(deal)


def snapshot(rnd: Round) -> dict:
    return {
        s: (list(getattr(rnd, s)) if isinstance(getattr(rnd, s), list) else getattr(rnd, s))
        for s in Round.__slots__
    }


def play(t: str, arm: str) -> int:
    return mv.play(tile_id(tile(t)), "WENS".index(arm))


def test_rejected_moves_leave_the_round_exactly_unchanged():
    rules = Rules.make("pub")
    rnd = fresh_round(rules, ["6-6 6-3 3-5", "3-3 3-1 5-0 1-0"], draws="2-0 6-1")
    rejected = {
        "a play before the lead": [play("6-6", "W")],
        "draw before the lead": [mv.DRAW],
        "a tile the leader does not hold": [mv.lead(tile_id(tile("3-3")))],
    }
    for label, bad in rejected.items():
        before = snapshot(rnd)
        for m in bad:
            with pytest.raises(IllegalMove):
                rnd.apply(m)
        assert snapshot(rnd) == before, label
    rnd.apply(mv.lead(tile_id(tile("6-6"))))
    rnd.apply(mv.DRAW)  # seat 1 has no 6: draws 2-0
    rejected = {
        "N before the spinner is flanked": [play("3-3", "N")],
        "a tile not in hand": [play("6-3", "E")],
        "a tile that does not match": [play("3-1", "E")],
        "pass while the boneyard has tiles": [mv.PASS],
        "a lead once the lead is down": [mv.lead(tile_id(tile("3-1")))],
    }
    for label, bad in rejected.items():
        before = snapshot(rnd)
        for m in bad:
            with pytest.raises(IllegalMove):
                rnd.apply(m)
        assert snapshot(rnd) == before, label
    before = snapshot(rnd)
    for m in (999_999, -7, "6-1@E", None, True, mv.play(tile_id(tile("9-9")), 0)):
        with pytest.raises(MalformedMove):  # not a move at all: a different error, same care
            rnd.apply(m)
    assert snapshot(rnd) == before
    rnd.apply(mv.DRAW)  # 6-1: now playable
    before = snapshot(rnd)
    for m in (mv.DRAW, mv.PASS):
        with pytest.raises(IllegalMove):
            rnd.apply(m)
    with pytest.raises(IllegalMove):
        rnd.apply(play("6-1", "E"), claim=13)  # points are claimed only with muggins
    assert snapshot(rnd) == before
    rnd.apply(play("6-1", "E"))
    assert rnd.end_sum == 13


def test_move_errors_tell_malformed_ambiguous_and_illegal_apart():
    """Like python-chess: text that is no move, text that names two moves, and a move the rules
    refuse are three error types (all MoveErrors), each with a message to act on."""
    rules = Rules.make("pub")
    rnd = fresh_round(rules, ["6-6 6-3 3-5", "3-3 3-1 5-0 6-0"], draws="2-0 6-1")
    rnd.apply(mv.lead(tile_id(tile("6-6"))))
    cases = {
        "6-0": (AmbiguousMove, r"fits more than one open end \(W, E\): name the arm"),
        "6-0@Q": (MalformedMove, "unknown arm"),
        "sixty": (MalformedMove, "a move is written TILE"),
        "6-0@E=" + "9" * 5000: (MalformedMove, "digits is no score"),
        "3-1": (IllegalMove, "fits no open end"),
    }
    for text, (kind, words) in cases.items():
        with pytest.raises(kind, match=words) as caught:
            parse_move(rnd, text)
        assert isinstance(caught.value, MoveError)
    assert parse_move(rnd, "6-0@E") == (mv.play(tile_id(tile("6-0")), mv.E), None)
