"""Late in a round the Expert deals every consistent deal in turn (``worlds.deals``) instead of
drawing them: the deals it lists must be exactly those its sampler can draw (the sampler is
uniform over them, ``test_inference.py``), each listed once as a way to fill the seats' groups,
with the true deal among them when every other seat plays as the guesses assume (Casual)."""

from __future__ import annotations

import random

import pytest

from allthrees.ai import casual
from allthrees.ai.expert import analyse
from allthrees.ai.worlds import EXACT_DEALS, deals, read_plays, sample_world
from allthrees.match import Match
from allthrees.rules import Rules
from allthrees.view import make_view

TABLES = {
    "2 players": Rules.make("parlor"),
    "3 players": Rules.make("parlor", players=3),
    "partners": Rules.make("parlor", players=4, teams=True),
}
SAMPLES_PER_DEAL = 30  # draws of the sampler for each listed deal: it misses none


def late_views(rules: Rules, seeds: range):
    """Seat 0's choices in rounds Casual plays in every seat, where the deals are few enough to
    list, with the round they come from."""
    for seed in seeds:
        rnd = Match(rules, seed=seed).start_round()
        while not rnd.over:
            if rnd.turn == 0 and len(rnd.legal_moves()) > 1:
                view = make_view(rnd, 0)
                groups, _ = read_plays(view)
                listed = deals(view, groups)
                if listed:
                    yield rnd, view, groups, listed
            rnd.step(casual(make_view(rnd, rnd.turn), random.Random(0)))


def hands_of(view, held: dict) -> tuple[int, ...]:
    hands = [0] * view.rules.players
    for (seat, _), mask in held.items():
        hands[seat] |= mask
    return tuple(hands)


@pytest.mark.parametrize("table", TABLES)
def test_the_listed_deals_are_those_the_sampler_draws_and_hold_the_truth(table: str) -> None:
    rules = TABLES[table]
    checked = 0
    for rnd, view, groups, listed in late_views(rules, range(60)):
        assert len(listed) <= EXACT_DEALS
        ways = [tuple(sorted(d.items())) for d in listed]
        assert len(set(ways)) == len(ways), "each way to fill the groups once"
        for held in listed:
            for (seat, k), mask in held.items():
                count, lacked, *_ = groups[seat][k]
                assert mask.bit_count() == count and not mask & lacked
        hands = {hands_of(view, d) for d in listed}
        truth = tuple(0 if s == view.seat else rnd.hands[s] for s in range(rules.players))
        assert truth in hands, "Casual plays as the guesses assume: its deal is among them"
        rng = random.Random(checked)
        drawn = set()
        for _ in range(SAMPLES_PER_DEAL * len(listed)):
            got, _ = sample_world(view, groups, rng)
            drawn.add(tuple(0 if s == view.seat else got[s] for s in range(rules.players)))
        assert drawn == hands
        checked += 1
    assert checked >= 3, "late positions to check"


def test_a_search_over_listed_deals_plays_each_as_often_as_the_others() -> None:
    rnd, view, groups, listed = next(late_views(TABLES["2 players"], range(40)))
    analysis = analyse(view, random.Random(1), think_ms=None, iterations=3 * len(listed))
    assert analysis.iterations == 3 * len(listed)
    capped = analyse(view, random.Random(1), think_ms=10_000, worlds=EXACT_DEALS)
    # the cap is cut to whole rounds of the listed deals: none is played once more than another
    assert capped.iterations % len(listed) == 0 and capped.iterations <= EXACT_DEALS
    sampled = analyse(view, random.Random(1), think_ms=10_000, worlds=EXACT_DEALS, exact=False)
    assert sampled.iterations == EXACT_DEALS
