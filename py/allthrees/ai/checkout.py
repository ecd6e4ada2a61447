"""A computer player of another checkout of this game (a git worktree of an older commit), run in
its own process behind a small interface: given a seat's view, it returns a move. The arena
pits today's players against an older one this way (``expert@PATH``) instead of keeping a copy
of the old code in the package.

Each arena process starts one child per checkout: ``python -c SERVE`` with that checkout's
``py/`` first on its path, so it imports its own ``allthrees``. A request is a pickled
``(view, rng, think_ms, iterations, worlds)`` and its answer the move, each framed by its
length; the ``View`` and ``Rules`` classes pickle by name, so the checkout's own classes take
them (the view's fields have not changed since the oldest commit compared, 687ff04).
"""

from __future__ import annotations

import atexit
import os
import pickle
import random
import struct
import subprocess
import sys
from pathlib import Path

from ..view import View

# The child: read a request, answer with the checkout's Expert, until its input ends.
SERVE = """
import pickle, struct, sys
from allthrees.ai.expert import expert
read, write = sys.stdin.buffer, sys.stdout.buffer
while True:
    head = read.read(4)
    if len(head) < 4:
        break
    view, rng, think_ms, iterations, worlds = pickle.loads(read.read(struct.unpack(">I", head)[0]))
    out = pickle.dumps(expert(view, rng, think_ms, iterations, worlds))
    write.write(struct.pack(">I", len(out)) + out)
    write.flush()
"""

# One child per process and checkout: an arena's worker processes are forked from the one that
# checked the players, and a child inherited would answer two processes' requests in turn.
_children: dict[tuple[int, str], subprocess.Popen[bytes]] = {}


def _child(path: str) -> subprocess.Popen[bytes]:
    key = (os.getpid(), path)
    if key not in _children:
        py = Path(path) / "py"
        if not (py / "allthrees" / "ai" / "expert.py").is_file():
            raise ValueError(f"{path} is no checkout of this game (no py/allthrees/ai/expert.py)")
        _children[key] = subprocess.Popen(
            [sys.executable, "-c", SERVE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={"PYTHONPATH": str(py), "PYTHONHASHSEED": "0"},
        )
        atexit.register(_children[key].kill)
    return _children[key]


class CheckoutExpert:
    """The Expert of the checkout at ``path``, with the arena's budgets."""

    def __init__(
        self, path: str, think_ms: float | None, iterations: int | None, worlds: int | None
    ) -> None:
        self.path = path
        self.budget = (think_ms, iterations, worlds)
        _child(path)  # started now: a bad path fails before any match

    def __call__(self, view: View, rng: random.Random) -> int:
        child = _child(self.path)
        data = pickle.dumps((view, rng, *self.budget))
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(struct.pack(">I", len(data)) + data)
        child.stdin.flush()
        head = child.stdout.read(4)
        if len(head) < 4:
            raise RuntimeError(f"the Expert of {self.path} stopped (see its error above)")
        move: int = pickle.loads(child.stdout.read(struct.unpack(">I", head)[0]))
        return move
