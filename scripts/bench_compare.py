#!/usr/bin/env python3
"""Engine speed of this tree against another commit, side by side in one run
(`scripts/bench compare [REV] [--runs N] [--seconds S]`).

The other commit's `py/` is exported with `git archive` into a temporary folder; then the two
engines take turns (old, new, old, new, ...) running `python -m allthrees bench --json`, each in a
fresh interpreter, so a slow spell of a shared machine hits both alike. Prints each run, the
medians and the ratio new / old, then one JSON line.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(rev: str, into: Path) -> Path:
    """The ``py/`` folder of ``rev``, written under ``into``."""
    tar = subprocess.run(
        ["git", "archive", "--format=tar", rev, "py"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "py"


def rounds_per_s(pythonpath: Path, seconds: float) -> float:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run(
        [sys.executable, "-m", "allthrees", "bench", "--seconds", str(seconds), "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])["rounds_per_s"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD", help="the commit to compare against")
    parser.add_argument("--runs", type=int, default=7, help="runs of each engine")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_py = export(args.rev, Path(tmp))
        new_py = ROOT / "py"
        old, new = [], []
        for i in range(args.runs):
            old.append(rounds_per_s(old_py, args.seconds))
            new.append(rounds_per_s(new_py, args.seconds))
            print(f"run {i + 1}: {args.rev} {old[-1]:,.0f}  this tree {new[-1]:,.0f} rounds/s")
    mo, mn = statistics.median(old), statistics.median(new)
    print(f"median: {args.rev} {mo:,.0f}, this tree {mn:,.0f} rounds/s; new/old {mn / mo:.3f}")
    print(
        json.dumps(
            {
                "rev": args.rev,
                "old_rounds_per_s": old,
                "new_rounds_per_s": new,
                "old_median": mo,
                "new_median": mn,
                "ratio": round(mn / mo, 4),
                "seconds": args.seconds,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
