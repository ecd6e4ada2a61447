"""The Expert's reading of the plays seen (ai/reading.py), checked against the exact answer.

Against Beginners (a random player whose policy is known exactly: ai/simple.py) the exact
posterior of the hidden hands weights every deal by how likely the Beginners' moves were in it:
deal the unseen tiles at random, replay the round from the start, drop the deals where a move
could not have been made (a draw with a tile that fits, a play of a tile not held), and weight
the rest by the product of each Beginner's chance of each move it made, counted here by
enumerating which scoring plays it spotted (not the closed form reading.py uses). The Expert's
weighted sampler must give each tile about the same chance of being in each hidden hand.
"""

from __future__ import annotations

import functools
import itertools
import math
import random

import pytest
from test_inference import dealt_like

from allthrees.ai import beginner, casual
from allthrees.ai.expert import ESS_FLOOR, analyse, expert
from allthrees.ai.reading import STRONG_WEIGHTS, Reading, features, tempered, weights_size
from allthrees.ai.simple import BEGINNER_NOTICE, easy_to_see
from allthrees.ai.worlds import hand_constraints, read_plays, sample_world
from allthrees.match import Match
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.tiles import tiles_of
from allthrees.view import make_view

SAMPLES = 700  # deals weighed by each side: their estimates differ by ~0.02 a tile by chance


def beginner_chance(rnd: Round, move: int) -> float:
    """The chance a Beginner to move on ``rnd`` makes ``move``, by enumerating which of the easy
    scoring plays it spotted (each with BEGINNER_NOTICE), then a uniform pick."""
    legal = rnd.legal_moves()
    if len(legal) == 1:
        return 1.0 if legal[0] == move else 0.0
    easy = [m for m in legal if rnd.points_after(m) and easy_to_see(rnd.ends, rnd.doubles, m)]
    total = 0.0
    for k in range(len(easy) + 1):
        for spotted in itertools.combinations(easy, k):
            p = BEGINNER_NOTICE**k * (1 - BEGINNER_NOTICE) ** (len(easy) - k)
            pool = spotted or legal
            total += p * (move in pool) / len(pool)
    return total


def beginner_round(seed: int, rules: Rules) -> tuple[Round, int]:
    """A parlor round with Casual in seat 0 and Beginners elsewhere, and seat 0's dealt hand."""
    rnd = Match(rules, seed=seed).start_round()
    dealt = rnd.hands[0]
    rng = random.Random(seed)
    while not rnd.over:
        view = make_view(rnd, rnd.turn, players=table_of(rules))
        rnd.step((casual if rnd.turn == 0 else beginner)(view, rng))
    return rnd, dealt


def table_of(rules: Rules) -> tuple[str, ...]:
    return ("casual",) + ("beginner",) * (rules.players - 1)


def exact_chances(rules: Rules, rnd: Round, mine0: int, hlen: int) -> list[list[float]]:
    """P(seat s holds tile t) after the first ``hlen`` moves, seen from seat 0: weighted
    rejection over whole deals."""
    n = rules.players
    counts = [[0.0] * rules.tile_count for _ in range(n)]
    kept = total = 0.0
    for world in dealt_like(rules, rnd, mine0, hlen, random.Random(hlen)):
        weight = 1.0
        for e in rnd.history[:hlen]:
            if e.move not in world.legal_moves():
                weight = 0.0
                break
            if e.seat != 0:
                weight *= beginner_chance(world, e.move)
            world.step(e.move)
        if weight == 0.0:
            continue
        kept += 1
        total += weight
        for s in range(1, n):
            for t in tiles_of(world.hands[s]):
                counts[s][t] += weight
        if kept == SAMPLES:
            break
    return [[c / total for c in row] for row in counts]


def weighted_chances(view, rng: random.Random) -> tuple[list[list[float]], float]:
    """The Expert's own estimate: deals from its sampler, weighted by its reading; and the
    weights' effective sample size."""
    rules = view.rules
    groups, reading = read_plays(view)
    assert reading, "the Beginners' plays are read"
    counts = [[0.0] * rules.tile_count for _ in range(rules.players)]
    logs, worlds = [], []
    held: dict = {}
    for _ in range(SAMPLES * 3):
        hands, _bone = sample_world(view, groups, rng, held=held)
        logs.append(reading.log_weight(held))
        worlds.append(hands)
    weights = [math.exp(x - max(logs)) for x in logs]
    for w, hands in zip(weights, worlds, strict=True):
        for seat in range(1, rules.players):
            for t in tiles_of(hands[seat]):
                counts[seat][t] += w
    total = sum(weights)
    return [[c / total for c in row] for row in counts], weights_size(weights)


def position(rules: Rules, seed: int, hlen: int):
    rnd, dealt = beginner_round(seed, rules)
    now = Match(rules, seed=seed).start_round()
    for e in rnd.history[:hlen]:
        now.step(e.move)
    return rnd, dealt, make_view(now, 0, players=table_of(rules))


@functools.cache
def cases() -> list[tuple[int, bool, int, int]]:
    """(players, teams, seed, moves made): seat 0 to choose after a Beginner has made at least
    one play with a choice, early enough for rejection."""
    out = []
    for players, teams, want in ((2, False, 4), (3, False, 2), (4, False, 2), (4, True, 2)):
        rules = Rules.make("parlor", players=players, teams=teams)
        seed, found = 5000, 0
        while found < want:
            rnd, _ = beginner_round(seed, rules)
            replay = Match(rules, seed=seed).start_round()
            chose = False
            for e in rnd.history[:6]:
                if replay.turn == 0 and chose and len(replay.legal_moves()) > 1:
                    out.append((players, teams, seed, len(replay.history)))
                    found += 1
                    break
                if e.seat != 0 and e.move >= 0 and len(replay.legal_moves()) > 1:
                    chose = True
                replay.step(e.move)
            seed += 1
    return out


@pytest.mark.parametrize("case", range(10))
def test_the_weighted_sampler_gives_each_tile_its_exact_chance_against_beginners(case):
    players, teams, seed, hlen = cases()[case]
    rules = Rules.make("parlor", players=players, teams=teams)
    rnd, dealt, view = position(rules, seed, hlen)
    exact = exact_chances(rules, rnd, dealt, hlen)
    mine, ess = weighted_chances(view, random.Random(seed))
    unseen = tiles_of(view.unseen_tiles())
    for seat in range(1, players):
        err = sum(abs(mine[seat][t] - exact[seat][t]) for t in unseen) / len(unseen)
        blind = view.hand_sizes[seat] / len(unseen)
        blind_err = sum(abs(blind - exact[seat][t]) for t in unseen) / len(unseen)
        assert err < 0.035, (
            f"{players} players, seat {seat}: off by {err:.3f} a tile (blind {blind_err:.3f}),"
            f" effective sample size {ess:.0f} of {SAMPLES * 3}"
        )


def test_a_beginners_plays_move_the_estimate_away_from_the_flat_one():
    """The weights matter: somewhere among the cases the reading and the flat sampler differ by
    more than chance, and the reading is the one that agrees with the exact answer."""
    gains = []
    for players, teams, seed, hlen in cases()[:4]:
        rules = Rules.make("parlor", players=players, teams=teams)
        rnd, dealt, view = position(rules, seed, hlen)
        exact = exact_chances(rules, rnd, dealt, hlen)
        mine, _ = weighted_chances(view, random.Random(seed))
        unseen = tiles_of(view.unseen_tiles())
        flat = [0.0] * rules.tile_count
        groups, _ = read_plays(view)
        rng = random.Random(seed + 1)
        for _ in range(SAMPLES * 3):
            hands, _bone = sample_world(view, groups, rng)
            for t in tiles_of(hands[1]):
                flat[t] += 1 / (SAMPLES * 3)
        flat_err = sum(abs(flat[t] - exact[1][t]) for t in unseen) / len(unseen)
        read_err = sum(abs(mine[1][t] - exact[1][t]) for t in unseen) / len(unseen)
        gains.append(flat_err - read_err)
    assert max(gains) > 0.01, gains


def test_the_weights_keep_the_effective_sample_size_floor():
    collapsed = [0.0] + [-50.0] * 199  # one world fits the plays seen, the rest hardly
    weights, power = tempered(collapsed, ESS_FLOOR * 200)
    assert weights_size(weights) >= ESS_FLOOR * 200 - 1e-6
    assert 0 <= power < 1
    fine = [-(k % 3) * 0.1 for k in range(200)]  # weights that already keep the floor
    assert tempered(fine, ESS_FLOOR * 200) == ([math.exp(x) for x in fine], 1.0)


def test_a_search_reading_beginners_keeps_the_floor_and_is_deterministic():
    players, teams, seed, hlen = cases()[0]
    rules = Rules.make("parlor", players=players, teams=teams)
    _, _, view = position(rules, seed, hlen)
    a = analyse(view, random.Random(3), None, 120)
    assert a.weights and a.ess >= ESS_FLOOR * 120 - 1e-6
    assert a.ess < 120, "the Beginner's plays made some worlds likelier than others"
    again = analyse(view, random.Random(3), None, 120)
    assert [a.mean(i) for i in range(len(a.moves))] == [again.mean(i) for i in range(len(a.moves))]
    move = expert(view, random.Random(3), None, 120)
    assert move == expert(view, random.Random(3), None, 120)
    assert move in view.legal


def test_an_expert_seat_is_read_by_the_strong_model_and_casual_by_the_constraints():
    rules = Rules.make("parlor", players=3)
    rnd, _ = beginner_round(5003, rules)
    now = Match(rules, seed=5003).start_round()
    for e in rnd.history[:5]:
        now.step(e.move)
    view = make_view(now, now.turn, players=("expert", "casual", "person"))
    timeline: list = []
    hand_constraints(view, timeline)
    expected = ["strong", None, "strong"]
    expected[view.seat] = None  # its own hand it knows
    assert Reading(view, timeline).models == expected
    # the strong model's logit of a move: its features against the fitted weights
    assert len(features(now, now.legal_moves()[0])) == len(STRONG_WEIGHTS)


def chance_of(view, tiles: int, seat: int, worlds: int = 2000) -> float:
    """The Expert's weighted chance that ``seat`` holds any of ``tiles``."""
    groups, reading = read_plays(view)
    rng = random.Random(7)
    held: dict = {}
    hit = total = 0.0
    for _ in range(worlds):
        hands, _bone = sample_world(view, groups, rng, held=held)
        w = math.exp(reading.log_weight(held)) if reading else 1.0
        total += w
        hit += w * bool(hands[seat] & tiles)
    return hit / total


def test_a_casuals_tie_break_rules_out_the_heavier_tiles_and_a_persons_makes_them_less_likely():
    """On 6-6 seat 1 plays 6-1 for nothing: 6-0 and 6-3 would have scored, 6-2, 6-4 and 6-5 would
    have scored as little and shed more. A Casual always takes its points, the heaviest tile on
    ties: it holds none of them. A person (read as a strong player) may let points go, so it may
    hold them, but less likely than a blind guess says."""
    from dataclasses import replace  # noqa: PLC0415

    from test_players import position  # noqa: PLC0415

    from allthrees.tiles import NAME  # noqa: PLC0415

    view = position(
        ["6-6", "6-1@W"],
        [
            ["6-6", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5"],
            ["6-1", "0-1", "0-2", "1-2", "1-3", "2-3", "0-3"],
        ],
        seat=0,
    )
    tile = {NAME[t]: 1 << t for t in range(28)}
    scoring = tile["6-0"] | tile["6-3"]
    heavier = tile["6-2"] | tile["6-4"] | tile["6-5"]
    casual_view = replace(view, players=("expert", "casual"))
    assert chance_of(casual_view, scoring | heavier, 1) == 0.0
    person_view = replace(view, players=("expert", "person"))
    flat = replace(view, players=("expert", "random"))  # its plays say nothing
    for tiles in (tile["6-0"], tile["6-3"]):
        read, blind = chance_of(person_view, tiles, 1), chance_of(flat, tiles, 1)
        assert 0.0 < read < blind - 0.03, (read, blind)
