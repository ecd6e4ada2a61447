"""What the engine suites (Firefox, WebKit) share: the storage keys, and the round that CPython's
engine plays for the same deal and the same choices, to compare a browser's table with.

The person's seat is played as tests/web/tablekit.py's `Player` plays it (the first playable tile
at its first lit end, else draw, else pass), so a browser's round by pointer ends with the scores
this module computes, as Chromium's does. The round is seed 3 against a Casual (48 to 48): a seed
alone (``?seed=3``) deals against the default Expert, 33 to 45 here and in Chromium when each of
its moves reaches its 200 worlds, but an Expert stops at its time budget first on a slow enough
machine, and then plays otherwise: a Casual's moves depend on the deal alone.

Command line (for tests/engines/firefox.mjs, which has no Python of its own)::

    python tests/engines/enginekit.py round SEED OPPONENT   # {"scores": [...], "did": {...}}
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))  # the command line runs without the package installed too

from allthrees import app  # noqa: E402

SAVE_KEY = "allthrees.save.v1"
PREFS_KEY = "allthrees.prefs.v1"
BACKUP_KEY = "allthrees.save.backup"
GARBAGE_SAVE = "this is no save {{"  # tests/web/test_saves.py's "garbage" kind
# The round by pointer, as a link (see the module's doc).
ROUND_SEED = 3
ROUND_OPPONENT = "casual"
ROUND_LINK = f"?seats=you,{ROUND_OPPONENT}&seed={ROUND_SEED}"


def first_choice(snap: dict[str, Any]) -> dict[str, Any]:
    """What the pointer player does with a snapshot (tests/web/tablekit.py's `first_choice`)."""
    playable = [t for t in snap["hand"] if t["playable"]]
    if playable:
        intent = {"kind": "play", "tile": playable[0]["tile"]}
        arm = playable[0]["targets"][0]["arm"]
        if arm:
            intent["arm"] = arm
        return intent
    return {"kind": "draw" if snap["can_draw"] else "pass"}


def engine_round(seed: int, opponent: str) -> dict[str, Any]:
    """The first round of `seed` played by CPython's engine, the person's seat making
    `first_choice`: the sides' scores at its end and what the person did."""

    def ask(op: str, **payload: Any) -> dict[str, Any]:
        return json.loads(app.handle(json.dumps({"op": op, **payload})))

    reply = ask("start", seed=seed, settings={"seats": ["you", opponent]})
    did: Counter[str] = Counter()
    while not reply["snapshot"]["round"]["over"]:
        if reply["snapshot"]["computer_to_move"]:
            reply = ask("advance")
        else:
            intent = first_choice(reply["snapshot"])
            did[intent["kind"]] += 1
            reply = ask("intent", seat=reply["snapshot"]["viewer"], intent=intent)
    scores = [side["score"] for side in reply["snapshot"]["sides"]]
    return {"scores": scores, "did": dict(did)}


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "round":
        sys.exit("usage: enginekit.py round SEED OPPONENT")
    print(json.dumps(engine_round(int(sys.argv[2]), sys.argv[3])))
