"""Where the tiles of the line of play lie (geometry.py), over random rounds: no two placed tiles
overlap (so the arms never cross), every tile touches the one it was attached to, and the spot
offered for the next tile on an open end is free and touches that end."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from allthrees.geometry import layout_geometry
from allthrees.match import Match
from allthrees.rules import Rules

EPS = 1e-6


def rect(tile: dict) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a tile lying along ``dir``: 2 units long, 1 across."""
    horizontal = tile["dir"] in ("E", "W")
    hw, hh = (1.0, 0.5) if horizontal else (0.5, 1.0)
    return (tile["x"] - hw, tile["y"] - hh, tile["x"] + hw, tile["y"] + hh)


def overlap(a: tuple, b: tuple) -> float:
    """The area two rects share (touching edges share none)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > EPS and h > EPS else 0.0


def touching(a: tuple, b: tuple) -> bool:
    """The rects meet along an edge (share a boundary segment) without overlapping."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return (abs(w) < EPS and h > EPS) or (abs(h) < EPS and w > EPS)


def played_round(preset: str, players: int, options: dict, seed: int):
    rules = Rules.make(preset, players=players, **options)
    rnd = Match(rules, seed=seed).start_round()
    rng = random.Random(seed)
    layouts = []
    while not rnd.over:
        rnd.step(rng.choice(rnd.legal_moves()))
        plays = [(e.seat, e.move, e.touch) for e in rnd.history if e.move >= 0]
        if plays:
            layouts.append(layout_geometry(plays, rnd.ends, [rnd.end_value(a) for a in range(4)]))
    return layouts


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(["parlor", "classic", "pub", "polish", "all_fives"]),
    players=st.sampled_from([2, 3, 4]),
    nine=st.booleans(),
    spinner=st.sampled_from(["first_double", "none"]),
    seed=st.integers(0, 2**32 - 1),
)
# a double-nine arm that came round to the middle, where a double's crosswise spot was taken
@example(preset="pub", players=3, nine=True, spinner="first_double", seed=13555)
def test_placed_tiles_never_overlap_and_each_touches_its_arm(preset, players, nine, spinner, seed):
    options = {"spinner": spinner}
    if nine:
        options["set"] = "double_nine"
    for geo in played_round(preset, players, options, seed):
        tiles = geo["tiles"]
        rects = [rect(t) for t in tiles]
        for i in range(len(rects)):
            for j in range(i + 1, len(rects)):
                assert overlap(rects[i], rects[j]) == 0, (tiles[i], tiles[j])
        # every tile after the lead touches an earlier tile (its arm is unbroken)
        for i in range(1, len(rects)):
            assert any(touching(rects[i], rects[j]) for j in range(i)), tiles[i]
        x0, y0, x1, y1 = geo["bounds"]
        for r in rects:
            assert x0 <= r[0] and y0 <= r[1] and r[2] <= x1 and r[3] <= y1, "bounds hold every tile"
        for end in geo["ends"]:
            for kind in ("plain", "double"):
                spot = rect(end[kind])
                assert all(overlap(spot, r) == 0 for r in rects), (end["arm"], kind, end[kind])
                assert any(touching(spot, r) for r in rects), (end["arm"], kind)
