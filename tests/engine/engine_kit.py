"""Helpers shared by the engine tests: building records and replaying them through the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from engine_ref import full_set, name, tile

# Random rounds and moves the property tests checked (conftest prints them).
PROPERTY_ROUNDS = {"rounds": 0, "moves": 0}


def hand(text: str) -> list[str]:
    """``"6-6 6-0 6-5"`` -> ``["6-6", "6-0", "6-5"]``."""
    return text.split()


def round_spec(
    hands: list[str] | list[list[str]],
    moves: str | list[Any],
    *,
    first: int | None = None,
    draws: str = "",
    hand_size: int | None = None,
    max_pip: int = 6,
) -> dict[str, Any]:
    """One round of a record. ``hands`` may be written as space-separated strings and are filled up
    to ``hand_size`` with the lightest tiles nobody else holds; ``draws`` are the first tiles of the
    boneyard in draw order, the rest of the set follows, lightest first."""
    hs = [hand(h) if isinstance(h, str) else list(h) for h in hands]
    top = [tile(t) for t in hand(draws)]
    used = {tile(t) for h in hs for t in h} | set(top)
    spare = sorted((t for t in full_set(max_pip) if t not in used), key=lambda t: (sum(t), t))
    if hand_size is not None:
        for h in hs:
            while len(h) < hand_size:
                h.append(name(spare.pop(0)))
    used = {tile(t) for h in hs for t in h} | set(top)
    rest = [t for t in full_set(max_pip) if t not in used]
    rest.sort(key=lambda t: (sum(t), t))
    spec: dict[str, Any] = {
        "hands": hs,
        "boneyard": [name(t) for t in top] + [name(t) for t in rest],
        "moves": moves.split() if isinstance(moves, str) else list(moves),
    }
    if first is not None:
        spec["first"] = first
    return spec


def record(
    rules: str | None = None, options: dict[str, Any] | None = None, *rounds: dict[str, Any]
) -> dict[str, Any]:
    """A record: one round at the top level, or several under ``rounds``."""
    out: dict[str, Any] = {}
    if rules is not None:
        out["rules"] = rules
    if options:
        out["options"] = options
    if len(rounds) == 1:
        out |= rounds[0]
    else:
        out["rounds"] = list(rounds)
    return out


def replay_subprocess(text: str) -> tuple[int, str, str]:
    """``python -m allthrees replay -`` in a fresh interpreter: (status, stdout, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-m", "allthrees", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return proc.returncode, proc.stdout, proc.stderr


def as_text(rec: dict[str, Any] | str) -> str:
    return rec if isinstance(rec, str) else json.dumps(rec)


def canon(move: str) -> str:
    """A played move with its tile written higher half first (docs/rules.md: either order)."""
    if "@" not in move:
        return move
    t, arm = move.split("@")
    return f"{name(tile(t))}@{arm}"
