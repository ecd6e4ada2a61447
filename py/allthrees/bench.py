"""Engine speed: full rounds per second from fresh deals with uniformly random legal moves.

The expert's search plays rounds like these, so this number is its budget. The loop uses the same
public pieces a search does: ``Round``, ``legal_moves`` and the unchecked ``step`` (every move it
makes comes from ``legal_moves``); ``checked=True`` goes through ``apply`` instead.
"""

from __future__ import annotations

import random
import time
from typing import Any

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


def standings_entries(
    entries: int = 100,
    plays: int = 10,
    seed: int = 44,
    day: str = "2026-12-03",
    today: str = "2026-12-05",
) -> dict[str, Any]:  # entries as a relay gives them: any JSON, checked by the standings
    """``entries`` published entries of ``day`` for the standings' check, made from ``plays``
    matches of the day's deal (random legal moves, the day's computer as every device plays it),
    each under its own key and name: ``{entries, date, today, rounds}`` (``rounds``: a match's
    mean; ``today``: the day the standings are looked at, ``day`` or a later one)."""
    # the career's modules load only for this figure (every other benchmark is the engine's)
    from .career.dailydeal import daily_session
    from .notation import move_text

    rng = random.Random(seed)
    records: list[tuple[int, list[list[str]]]] = []
    for _ in range(plays):
        session = daily_session(day)
        match = session.match
        while not match.over:
            if match.round.over:
                session.act(None, {"kind": "next"})
            elif session.computer_to_move():
                session.advance()
            else:
                match.apply(rng.choice(match.round.legal_moves()))
        you = match.rules.side_of(session.settings.you())
        moves = [[move_text(e.move, e.touch) for e in r.history] for r in match.rounds]
        records.append((match.scores[you], moves))
    batch = [
        {
            "key": f"{i:064x}",
            "at": i,
            "entry": {
                "v": 1,
                "name": f"P{i}",
                "date": day,
                "score": records[i % plays][0],
                "record": records[i % plays][1],
            },
        }
        for i in range(entries)
    ]
    rounds = sum(len(r[1]) for r in records) / plays
    return {"entries": batch, "date": day, "today": today, "rounds": rounds}


def standings_check(
    entries: int = 100,
    plays: int = 10,
    seed: int = 44,
    made: dict[str, Any] | None = None,  # standings_entries' JSON
) -> dict[str, float]:
    """The daily standings' check (``career.standings.standings``) of ``standings_entries`` (or
    ``made``, as it gave them), each replayed once: CPU seconds for the whole batch and per
    entry. Making the entries is not timed."""
    from .career.standings import standings

    made = made or standings_entries(entries, plays, seed)
    batch = made["entries"]
    clock = time.process_time
    start = clock()
    out = standings(batch, made["date"], made["today"])
    elapsed = clock() - start
    assert out["count"] == len(batch), out["why"]
    return {
        "entries": len(batch),
        "seconds": round(elapsed, 2),
        "ms_per_entry": round(1000 * elapsed / len(batch), 1),
        "rounds": made["rounds"],
    }
