"""Contracts of the computer players: they see only a View, and they choose as documented."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from allthrees.ai import PLAYERS, beginner, casual
from allthrees.ai.advice import hint, review_round
from allthrees.ai.expert import analyse, expert
from allthrees.ai.worlds import hand_constraints, lead_lacked, sample_world
from allthrees.cli import main
from allthrees.match import Match
from allthrees.moves import DRAW, tile_of
from allthrees.notation import format_move
from allthrees.record import replay
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.tiles import NAME, mask_of, tile_id, tiles_of
from allthrees.view import View, make_view

# Seat 1 to move with 3-1 and 3-2; seat 0 holds only 1-1. Ends: W 2|2 (a double, counts 4), E 1,
# N and S open and empty. Everything is known (hand_size 14 leaves no boneyard).
#   3-2@W (heaviest, 0 points): ends 3 and 1, seat 0 plays 1-1@E and goes out: bonus 4 -> 3.
#   3-1@E (0 points): ends 2|2 and 3; seat 0 cannot play and passes; seat 1 plays 3-2 on either
#   end for 6 (3+3 or 4+2) and goes out: bonus 2 -> 3, so +9 against -3.
ENDGAME = {
    "rules": "pub",
    "options": {"hand_size": 14},
    "hands": [
        [
            "1-0",
            "1-1",
            "2-0",
            "2-1",
            "2-2",
            "3-0",
            "4-0",
            "5-1",
            "5-3",
            "6-0",
            "6-1",
            "6-3",
            "6-4",
            "6-5",
        ],
        [
            "0-0",
            "3-1",
            "3-2",
            "3-3",
            "4-1",
            "4-2",
            "4-3",
            "4-4",
            "5-0",
            "5-2",
            "5-4",
            "5-5",
            "6-2",
            "6-6",
        ],
    ],
    "boneyard": [],
    "first": 1,
    "moves": [
        "6-6",
        "6-3@W",
        "3-3@W",
        "3-0@W",
        "0-0@W",
        "0-6@W",
        "6-2@W",
        "2-0@W",
        "0-5@W",
        "5-6@W",
        "pass",
        "6-4@W",
        "4-3@W",
        "3-5@W",
        "5-5@W",
        "6-1@E",
        "5-2@W",
        "1-5@E",
        "2-4@W",
        "4-0@W",
        "5-4@E",
        "0-1@W",
        "4-4@E",
        "1-2@W",
        "4-1@E",
        "2-2@W",
    ],
}


def endgame_view() -> tuple[Match, View]:
    match = replay(ENDGAME)
    return match, make_view(match.round, match.round.turn, match.scores)


def position(
    moves: list[str],
    hands: list[list[str]],
    rules: str = "pub",
    seat: int | None = None,
    first: int = 0,
) -> View:
    """The view of ``seat`` (default: the seat to move) after ``moves``; seat ``first`` leads."""
    used = {t for h in hands for t in h}
    names = [NAME[t] for t in range(28)]
    bone = [n for n in names if n not in used and n[::-1] not in used]
    rec = {"rules": rules, "hands": hands, "boneyard": bone, "first": first, "moves": moves}
    rnd = replay(rec).round
    return make_view(rnd, rnd.turn if seat is None else seat)


def test_every_player_takes_a_view_and_a_random_source_only():
    for name, player in PLAYERS.items():
        params = list(inspect.signature(player).parameters.values())
        required = [p for p in params if p.default is inspect.Parameter.empty]
        assert [p.name for p in required] == ["view", "rng"], name


def test_a_view_holds_no_reference_to_the_round_or_other_hands():
    match = Match(Rules.make("parlor"), seed=4)
    rnd = match.start_round()
    rng = random.Random(0)
    for _ in range(6):
        rnd.apply(rng.choice(rnd.legal_moves()))
    view = make_view(rnd, 0)
    others = set(tiles_of(rnd.hands[1])) | set(rnd.stock)
    for field in View.__dataclass_fields__:
        value = getattr(view, field)
        assert not hasattr(value, "hands"), field
    assert set(view.hand) == set(tiles_of(rnd.hands[0]))
    assert not set(view.hand) & others


def permuted_hidden(rnd: Round, seat: int, rng: random.Random) -> Round:
    """The same round with every tile hidden from ``seat`` (in other hands or the undrawn
    boneyard) shuffled among those places, each place keeping its count."""
    seen = make_view(rnd, seat).seen_tiles()
    hidden = [t for t in range(rnd.rules.tile_count) if not seen >> t & 1]
    to = dict(zip(hidden, rng.sample(hidden, len(hidden)), strict=True))
    hands = [
        h if s == seat else mask_of(to[t] for t in tiles_of(h)) for s, h in enumerate(rnd.hands)
    ]
    return rnd.with_world(hands, [to[t] for t in rnd.stock])


@pytest.mark.parametrize("name", ["beginner", "casual", "expert"])
def test_players_choose_the_same_whatever_the_hidden_tiles_are(name):
    """Swap the tiles seat 0 cannot see between the other hand and the boneyard: its view, and
    so its choice, must not change."""
    rules = Rules.make("parlor")
    for seed in range(3):
        match = Match(rules, seed=seed)
        rnd = match.start_round()
        rng = random.Random(seed)
        while rnd.turn != 0 or len(rnd.legal_moves()) < 2:
            rnd.apply(rng.choice(rnd.legal_moves()))
            if rnd.over:
                break
        if rnd.over:
            continue
        twin = permuted_hidden(rnd, seat=0, rng=random.Random(99))
        v1, v2 = make_view(rnd, 0), make_view(twin, 0)
        assert twin.hands[1] != rnd.hands[1] or twin.stock != rnd.stock
        assert v1 == v2
        player = PLAYERS[name]
        kwargs = {"iterations": 30} if name == "expert" else {}
        assert player(v1, random.Random(5), **kwargs) == player(v2, random.Random(5), **kwargs)


def test_casual_takes_the_most_points():
    # Lead 6-6 (12). Seat 1 holds 6-3 (15 on E) and 6-1 (13: nothing).
    view = position(
        ["6-6"],
        [
            ["6-6", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"],
            ["6-3", "6-1", "0-1", "0-2", "1-2", "1-3", "2-3"],
        ],
    )
    move = casual(view, random.Random(0))
    assert NAME[tile_of(move)] == "6-3"


def test_casual_breaks_ties_with_the_heaviest_tile():
    # Lead 5-5 (10). Seat 1: 5-4 -> 14 and 5-1 -> 11, neither scores: the heavier 5-4 goes.
    view = position(
        ["5-5"],
        [
            ["5-5", "0-0", "1-1", "2-2", "3-3", "4-4", "6-6"],
            ["5-1", "5-4", "0-1", "0-2", "1-2", "1-3", "2-3"],
        ],
    )
    assert NAME[tile_of(casual(view, random.Random(0)))] == "5-4"


def test_beginner_plays_only_legal_moves():
    rules = Rules.make("pub", players=3)
    for seed in range(20):
        match = Match(rules, seed=seed)
        rnd = match.start_round()
        rng = random.Random(seed)
        while not rnd.over:
            view = make_view(rnd, rnd.turn)
            move = beginner(view, rng)
            assert move in view.legal
            rnd.apply(move)


def test_expert_finds_the_forced_scoring_win_that_casual_misses():
    match, view = endgame_view()
    rnd = match.round
    assert format_move(rnd, casual(view, random.Random(0))) == "2-3@W"
    assert format_move(rnd, expert(view, random.Random(0), iterations=40)) == "1-3@E"
    analysis = analyse(view, random.Random(0), iterations=40)
    values = {format_move(rnd, m): v for m, v in analysis.ranked()}
    assert values == {"1-3@E": 9.0, "2-3@W": -3.0}


def test_expert_is_deterministic_for_a_seed_and_iteration_count():
    match = Match(Rules.make("parlor"), seed=11)
    rnd = match.start_round()
    rng = random.Random(3)
    for _ in range(5):
        rnd.apply(rng.choice(rnd.legal_moves()))
    view = make_view(rnd, rnd.turn)
    a = analyse(view, random.Random(7), iterations=60)
    b = analyse(view, random.Random(7), iterations=60)
    assert a.samples == b.samples and a.iterations == b.iterations == 60
    assert expert(view, random.Random(7), iterations=60) == a.moves[a.best]


def test_sampled_worlds_respect_what_a_seat_lacked():
    """After seat 1 draws on ends 6|6 (double lead) it holds no six; every sample agrees."""
    rules = Rules.make("pub")
    for seed in range(40):
        match = Match(rules, seed=seed)
        rnd = match.start_round()
        rng = random.Random(seed)
        while not rnd.over and not any(e.move == DRAW and e.seat == 1 for e in rnd.history):
            rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.over:
            continue
        draws = [e for e in rnd.history if e.move == DRAW and e.seat == 1]
        lacked = draws[0].lacked
        view = make_view(rnd, 0)
        groups = hand_constraints(view)
        for k in range(20):
            hands, bone = sample_world(view, groups, random.Random(k))
            assert hands[0] == view.hand_mask
            assert hands[1].bit_count() == view.hand_sizes[1]
            assert len(bone) == view.boneyard_left
            # Tiles held when it drew avoid the lacked tiles; only tiles drawn then or later
            # (and not yet played) may fit them.
            held_since = hands[1] & lacked
            drawn_after = sum(
                1
                for e in rnd.history[rnd.history.index(draws[0]) :]
                if e.seat == 1 and e.move == DRAW
            )
            assert held_since.bit_count() <= drawn_after
        return
    pytest.fail("no round with a draw by seat 1 found")


@pytest.mark.parametrize("leader", [0, 1])
def test_a_lead_forced_by_the_hands_rules_out_higher_doubles_for_every_seat(leader):
    """4-4 is the highest double of both hands, so its holder must lead it: seat 1, whether it
    led or not, was dealt neither 5-5 nor 6-6, and seat 0's samples keep them out of its hand."""
    doubles = ["4-4", "0-0", "1-1", "2-2", "3-3", "4-0", "4-1"]
    plain = ["6-1", "0-1", "0-2", "1-2", "1-3", "2-3", "0-3"]
    dealt = [doubles, plain] if leader == 0 else [plain, doubles]
    view = position(["4-4"], dealt, rules="parlor", seat=0, first=leader)
    assert view.leader == leader
    top = (1 << tile_id(5, 5)) | (1 << tile_id(6, 6))
    assert lead_lacked(view) == top
    groups = hand_constraints(view)
    assert groups[1][0][1] == top
    for k in range(30):
        hands, _ = sample_world(view, groups, random.Random(k))
        assert not hands[1] & top


def test_a_seat_that_let_a_score_go_or_kept_a_heavier_tile_probably_lacks_them():
    """On 6-6 seat 1 plays 6-1 for nothing: 6-0 and 6-3 would have scored (passed up), 6-2, 6-4 and
    6-5 would have scored as little but shed more (lighter); samples honour both guesses."""
    view = position(
        ["6-6", "6-1@W"],
        [
            ["6-6", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"],
            ["6-1", "0-1", "0-2", "1-2", "1-3", "2-3", "0-3"],
        ],
    )
    [(count, lacked, passed, lighter)] = hand_constraints(view)[1]
    names = lambda mask: sorted(NAME[t] for t in tiles_of(mask))  # noqa: E731
    assert (count, lacked) == (6, 0)
    assert names(passed) == ["6-0", "6-3"]
    assert names(lighter) == ["6-2", "6-4", "6-5"]
    groups = hand_constraints(view)
    for k in range(30):
        hands, _ = sample_world(view, groups, random.Random(k))
        assert not hands[1] & (passed | lighter)


def test_a_seat_whose_play_contradicts_a_guess_loses_that_guess():
    """Seat 1 lets 6-3 score 15 go, then plays 6-3: it does not always take its points, so the
    passed-up guess is dropped for it; the shed-weight guess (6-2, 6-4, 6-5) still stands."""
    view = position(
        ["6-6", "6-1@W", "1-1@W", "6-3@E"],
        [
            ["6-6", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"],
            ["6-1", "6-3", "0-1", "0-2", "1-2", "1-3", "2-3"],
        ],
    )
    [(count, lacked, passed, lighter)] = hand_constraints(view)[1]
    assert (count, lacked, passed) == (5, 0, 0)
    assert sorted(NAME[t] for t in tiles_of(lighter)) == ["6-2", "6-4", "6-5"]


def test_hint_explains_a_scoring_move():
    view = position(
        ["6-6"],
        [
            ["6-6", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"],
            ["6-3", "6-1", "0-1", "0-2", "1-2", "1-3", "2-3"],
        ],
    )
    advice = hint(view, random.Random(0), think_ms=50)
    assert NAME[tile_of(advice["move"])] == "6-3"
    assert advice["reason"].startswith("scores 15")


def test_review_names_the_play_the_expert_would_have_made():
    match, _ = endgame_view()
    match.apply(_move(match, "3-2@W"))
    match.apply(match.round.legal_moves()[0])
    assert match.round.over
    notes = review_round(match, 0, seat=1, iterations=20)
    last = notes[-1]
    assert last["played"] == "2-3@W" and last["expert"] == "1-3@E" and last["loss"] == 12.0


def _move(match: Match, text: str) -> int:
    from allthrees.notation import parse_move

    return parse_move(match.round, text)[0]


def test_arena_command_reports_both_players(capsys):
    code = main(["arena", "casual", "beginner", "--matches", "4", "--json", "--seed", "2"])
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["matches"] == 4
    assert out["a"]["name"] == "casual" and out["b"]["name"] == "beginner"
    assert out["a"]["wins"] + out["b"]["wins"] == 4
    assert 0 <= out["a"]["win_rate"] <= 1


def test_arena_runs_the_expert_on_an_iteration_budget(capsys):
    code = main(
        [
            "arena",
            "expert:3it",
            "casual",
            "--matches",
            "1",
            "--json",
            "--players",
            "4",
            "--teams",
            "--rules",
            "classic",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["a"]["wins"] + out["b"]["wins"] == 1


def test_arena_names_each_known_player_once_for_an_unknown_one(capsys):
    assert main(["arena", "wizard", "casual", "--matches", "1"]) == 2
    known = capsys.readouterr().err.strip().split("(known: ")[1].rstrip(")").split(", ")
    assert sorted(known) == sorted(PLAYERS)
