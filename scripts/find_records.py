"""Seeded searches for the real rounds pasted as literals into test_worked_examples.py.

Deals random hands, plays random legal moves with the reference model (engine_ref.py, written
from docs/rules.md, not the engine) until the round ends, and prints the first record whose end
matches the worked example. A tool for writing tests, not a test itself. Run it from the
repository root:

    .venv/bin/python scripts/find_records.py
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

from engine_ref import (  # noqa: E402
    Config,
    RefRound,
    config,
    decided_lead,
    full_set,
    name,
)


def play_out(cfg: Config, rng: random.Random) -> tuple[RefRound, dict]:
    tiles = full_set(cfg.max_pip)
    rng.shuffle(tiles)
    k = cfg.hand_size
    hands = [sorted(tiles[i * k : (i + 1) * k], reverse=True) for i in range(cfg.players)]
    bone = tiles[cfg.players * k :]
    if cfg.lead == "lots":
        leader, forced = 0, None
    else:
        leader, t = decided_lead(cfg, hands)
        forced = t if cfg.lead == "highest_double" else None
    rnd = RefRound(cfg, hands, bone, leader, forced)
    texts = []
    while rnd.reason is None:
        m = rng.choice(rnd.legal())
        if m[0] == "lead":
            texts.append(f"{m[1]}-{m[2]}")
        elif m[0] == "play":
            v = rnd.layout.open_ends()[m[2]]
            texts.append(f"{v}-{sum(m[1]) - v}@{m[2]}")
        else:
            texts.append(m[0])
        rnd.apply(m)
    rec = {
        "hands": [[name(t) for t in h] for h in hands],
        "boneyard": [name(t) for t in bone],
        "first": leader,
        "moves": texts,
    }
    return rnd, rec


def search(label: str, cfg: Config, want: Callable[[RefRound], bool], seed: int) -> None:
    rng = random.Random(seed)
    for tries in range(1, 1_000_000):
        rnd, rec = play_out(cfg, rng)
        if want(rnd):
            print(f"# {label}: seed {seed}, try {tries}, pips {rnd.seat_pips()}")
            print(json.dumps(rec))
            return
    raise SystemExit(f"{label}: nothing found")


def domino_against(pips: int) -> Callable[[RefRound], bool]:
    def want(rnd: RefRound) -> bool:
        return rnd.reason == "domino" and sorted(rnd.seat_pips()) == [0, pips]

    return want


def main() -> None:
    search(
        "block 3 vs 5, 11, 13 (4 players, 7 each)",
        config("parlor", players=4, hand_size=7),
        lambda r: r.reason == "blocked" and sorted(r.seat_pips()) == [3, 5, 11, 13],
        seed=1,
    )
    for pips in (22, 23):
        search(f"polish domino, opponent holds {pips}", config("polish"), domino_against(pips), 2)
    for pips in (14, 13, 7):
        search(f"pub domino, opponent holds {pips}", config("pub"), domino_against(pips), 3)
    for pips in (12, 13):
        label = f"all_fives domino, opponent holds {pips}"
        search(label, config("all_fives"), domino_against(pips), 4)


if __name__ == "__main__":
    main()
