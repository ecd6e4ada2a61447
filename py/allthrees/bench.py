"""Engine speed: full rounds per second from fresh deals with uniformly random legal moves.

The expert's search plays rounds like these, so this number is its budget. The loop uses the same
public pieces a search does: ``Round``, ``legal_moves`` and the unchecked ``step`` (every move it
makes comes from ``legal_moves``); ``checked=True`` goes through ``apply`` instead.
"""

from __future__ import annotations

import random
import time

from .match import decided_leader, shuffle
from .round import Round
from .rules import Rules
from .tiles import full_set, mask_of


def rounds_per_second(
    seconds: float = 2.0, rules: Rules | None = None, seed: int = 1, checked: bool = False
) -> dict[str, float]:
    rules = rules or Rules.make("parlor")
    rng = random.Random(seed)
    rand = rng.random
    tiles = full_set(rules.max_pip)
    k, n = rules.hand_size, rules.players
    rounds = moves = 0
    # CPU time of this process: "per second on one core", and steady when other work shares
    # the machine (wall time would count the time other processes held the core).
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(50):
            shuffle(tiles, rng)
            hands = [mask_of(tiles[i * k : (i + 1) * k]) for i in range(n)]
            leader, forced = decided_leader(rules, hands)
            rnd = Round(rules, hands, tiles[n * k :], leader, forced)
            do = rnd.apply if checked else rnd.step
            legal_moves = rnd.legal_moves
            while rnd.reason is None:
                legal = legal_moves()
                do(legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0])
                moves += 1
            rounds += 1
        now = clock()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "rounds_per_s": round(rounds / elapsed, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "rounds": rounds,
        "seconds": round(elapsed, 3),
    }
