"""The Pub level (``ai/pub.py``): only legal moves in every rule set and at every table, and its
rules of thumb in positions built for each, where Casual (the most points now, the heaviest
tile) plays otherwise and the Pub level without that rule would too."""

from __future__ import annotations

import random
import sys

import pytest

from allthrees.ai import PLAYERS, casual, pub
from allthrees.ai.arena import run
from allthrees.ai.reading import tile_moves
from allthrees.match import Match
from allthrees.notation import format_move, parse_move
from allthrees.round import Round
from allthrees.rules import PRESETS, Rules
from allthrees.settings import COMPUTERS
from allthrees.tiles import mask_of, tile_id, tiles_of
from allthrees.view import View, make_view

PUB = sys.modules["allthrees.ai.pub"]  # the module: ``allthrees.ai.pub`` is also the player


def tile(text: str) -> int:
    a, b = map(int, text.split("-"))
    return tile_id(a, b)


def scene(hands: list[str], moves: list[str], **options: object) -> tuple[Round, View]:
    """A Fives and Threes round (block play: the tiles not dealt out of play, unseen) with the
    hands as given, seat 0 leading, ``moves`` made; and the view of the seat to move."""
    rules = Rules.make("fives_and_threes", players=len(hands), **options)
    ids = [[tile(t) for t in h.split()] for h in hands]
    rest = [t for t in range(rules.tile_count) if all(t not in h for h in ids)]
    rnd = Round(rules, [mask_of(h) for h in ids], rest, 0)
    for text in moves:
        rnd.apply(parse_move(rnd, text)[0])
    return rnd, make_view(rnd, rnd.turn)


def without(rule: str, view: View) -> int:
    """The Pub level's move with one rule of thumb weighing nothing."""
    old = getattr(PUB, rule)
    setattr(PUB, rule, 0.0)
    try:
        return pub(view, None)
    finally:
        setattr(PUB, rule, old)


def test_pub_is_a_level_everywhere_a_level_is_offered() -> None:
    assert PLAYERS["pub"] is pub
    assert COMPUTERS.index("casual") < COMPUTERS.index("pub") < COMPUTERS.index("expert")


TABLES = [(2, False), (3, False), (4, False), (4, True)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_pub_plays_only_legal_moves(preset: str, players: int, teams: bool) -> None:
    """A whole match per table and rule set, the Pub level in every other seat against Casual
    and the Beginner: every move it makes is one of the view's legal moves (``Match.apply``
    would refuse any other, and the view's list is checked first)."""
    rules = Rules.make(preset, players=players, teams=teams)
    others = ["casual", "beginner"]
    match = Match(rules, seed=players * 10 + teams)
    rng = random.Random(1)
    moved = 0
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            seat = rnd.turn
            view = make_view(rnd, seat, match.scores)
            if seat % 2 == 0:
                move = pub(view, rng)
                assert move in view.legal, (preset, format_move(rnd, move))
                moved += 1
            else:
                move = PLAYERS[others[seat // 2 % 2]](view, rng)
            claim = rnd.sum_after(move) if rules.muggins and move >= 0 else None
            match.apply(move, claim)
    assert moved > 0


def test_it_scores_the_most_it_can() -> None:
    """Seat 0 led 3-1, seat 1 put 1-6 on the 1: ends 3 and 6. Seat 0's 3-3 on the 3 leaves 12
    (4 points); its heavier 6-5 and 6-4 on the 6 leave 8 and 7 (nothing): it takes the 4."""
    rnd, view = scene(["3-1 6-5 3-3 6-4 2-0", "6-1 2-2 1-1 5-5 0-0"], ["3-1", "1-6@E"], hand_size=5)
    points = {format_move(rnd, m): rnd.points_after(m) for m in view.legal}
    assert points == {"6-5@E": 0, "3-3@W": 4, "6-4@E": 0}, points
    assert format_move(rnd, pub(view, None)) == "3-3@W"


# Seat 1 knocked on the 4 of the lead 4-4; seat 0 holds 0-0 5-2 5-4 1-1 5-3, the ends are 1 (W)
# and 4 (E). 1-1 on the 1 and 4-5 on the 4 both leave 6 (2 points); Casual plays the heavier
# 4-5, which covers the 4 the opponent cannot follow.
KNOCKED = (
    ["0-0 5-2 4-4 5-4 1-1 5-3 4-0", "2-0 6-1 3-2 2-2 5-5 1-0 5-1"],
    ["4-4", "pass", "4-0@W", "0-1@W"],
)


def test_it_plays_to_the_end_an_opponent_knocked_on() -> None:
    rnd, view = scene(*KNOCKED)
    assert format_move(rnd, casual(view, None)) == "4-5@E"
    assert rnd.points_after(parse_move(rnd, "1-1@W")[0]) == rnd.points_after(
        parse_move(rnd, "4-5@E")[0]
    )
    assert format_move(rnd, pub(view, None)) == "1-1@W"  # the 4 stays open
    assert format_move(rnd, without("KNOCK_BLOCK", view)) == "4-5@E"


# Seat 0 led 6-0, seat 1 put 6-6 and 6-1 on the 6, 0-2 on the 0; ends 1 (W) and 2 (E). Seat 0
# holds 0-0 3-2 4-3 5-1 1-1: 1-5 on the 1 (5 + 2 = 7, nothing) and 2-3 on the 2 (1 + 3 = 4,
# nothing) and 1-1 (2 + 2 = 4, nothing) make nothing now; what they leave differs.
def test_it_holds_back_a_tile_that_lets_the_opponent_score_big() -> None:
    rnd, view = scene(
        ["0-0 3-2 4-3 5-1 6-0 1-1 6-1", "4-2 3-3 4-4 6-6 2-0 6-4 5-4"],
        ["6-0", "6-6@W", "6-1@W", "0-2@E"],
    )
    unseen = view.unseen_tiles()

    def threat(move: int) -> int:
        """The most any tile seat 0 has not seen could score on the ends ``move`` leaves."""
        after = rnd.clone()
        after.step(move)
        replies = [m for t in tiles_of(unseen) for m in tile_moves(after, t)]
        return max((after.points_after(m) for m in replies), default=0)

    chosen = pub(view, None)
    greedy = casual(view, None)
    assert rnd.points_after(chosen) == rnd.points_after(greedy)
    assert threat(chosen) < threat(greedy), (format_move(rnd, chosen), format_move(rnd, greedy))
    assert without("THREAT", view) != chosen


# Seat 0 led 2-4, seat 1 knocked, seat 0 put 2-2 on the 2, seat 1 knocked again: ends 2|2 (W)
# and 4 (E). Seat 0 holds 4-3 6-4 4-0 3-1 6-2: 6-2 on the double (6 + 4 = 10, 2 points) and 6-4
# on the 4 (4 + 6 = 10, 2 points) score alike; Casual plays the heavier 6-4.
SUIT = (
    ["4-3 6-4 4-2 2-2 4-0 3-1 6-2", "5-1 1-0 5-3 0-0 6-1 6-6 1-1"],
    ["2-4", "pass", "2-2@W", "pass"],
)


def test_it_keeps_the_suit_it_holds_most() -> None:
    rnd, view = scene(*SUIT)
    assert format_move(rnd, casual(view, None)) == "4-6@E"
    assert format_move(rnd, pub(view, None)) == "2-6@W"  # the 4 stays open: it holds three 4s
    assert format_move(rnd, without("MOBILITY", view)) == "4-6@E"


# Partners (seats 0 and 2 against 1 and 3). Seat 0 led 6-6; 6-0, 0-3, 6-5; seat 0 knocked on 3
# and 5; 5-4; seat 2, its partner, knocked on 3 and 4; 3-5. Ends 5 (W) and 4 (E); seat 0 holds
# 6-1 6-2 4-4 4-2: 4-4 on the 4 (5 + 8 = 13) and 4-2 on the 4 (5 + 2 = 7) make nothing; Casual
# plays the heavier 4-4, which leaves the partner only the 5 and a 4 it has shown it lacks.
PARTNERS = (
    ["6-1 6-2 4-4 4-2 6-6", "5-4 2-2 3-2 6-0 0-0", "5-5 2-1 1-0 2-0 3-0", "4-0 6-5 4-3 5-3 5-1"],
    ["6-6", "6-0@W", "0-3@W", "6-5@E", "pass", "5-4@E", "pass", "3-5@W"],
)


def test_it_reads_its_partners_knock_as_a_partners() -> None:
    rnd, view = scene(*PARTNERS, teams=True)
    assert view.seat == 0
    assert format_move(rnd, casual(view, None)) == "4-4@E"
    assert format_move(rnd, pub(view, None)) == "4-2@E"  # the partner may follow a 2
    assert format_move(rnd, without("PARTNER", view)) == "4-4@E"


def test_what_another_seat_may_hold_leaves_out_its_knocks() -> None:
    """Counting what is out of play: seat 1 knocked on the 4 of 4-4, so of the tiles seat 0 has
    not seen, it may hold no 4; its one tile in three of the rest (7 of 21 unseen, less the 4s)."""
    rnd, view = scene(*KNOCKED)
    may = PUB.possible(view)
    fours = sum(1 << tile(f"4-{k}") for k in range(7))
    assert may[1] & fours == 0
    assert may[1] == view.unseen_tiles() & ~fours
    assert 0 < PUB.chance(view, 1, may[1]) <= 1


def test_pub_beats_casual_and_loses_to_nothing_weaker() -> None:
    """A short duplicate-dealt run (docs/opponents.md has the long ones): the Pub level wins more
    than half of its matches against Casual in Fives and Threes and in All Threes."""
    for preset in ("fives_and_threes", "parlor"):
        res = run(("pub", "casual"), 200, Rules.make(preset), seed=45)
        assert res.a.wins / res.matches > 0.5, (preset, res.a.wins)
