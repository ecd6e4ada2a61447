#!/usr/bin/env python3
"""The daily standings' check (py/allthrees/career/standings.py), timed where the page runs it.

``scripts/bench standings N`` makes N entries of one date from 10 plays of its deal (random legal
moves, the day's computer as that Python plays it: ``allthrees.bench.standings_check``) and times
their check, in CPython and then in Pyodide under Node on the built site's own standard library
and game bundle: the WebAssembly build and the V8 engine the page's worker runs in Chromium (what
it lacks is the worker's thread and the page around it). Each makes its own entries: the day's
computer may choose differently in another Python (from 3.12 ``sum`` of floats is compensated, and
each C library's exp and log may differ in the last place), so an entry made by one is not always
one the other replays; every page runs the same Pyodide. Times are CPU seconds of the process
doing the check (``time.process_time`` inside Python): other work on the machine does not count.
Needs ``scripts/build`` first.

    scripts/bench standings [N] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import gzip
import inspect
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from allthrees.bench import standings_check, standings_entries  # noqa: E402

BENCH = (standings_entries, standings_check)

PYODIDE = ROOT / "web" / "node_modules" / "pyodide"
RUN = ROOT / "tests" / "web" / "pyodide_run.mjs"
# The game's bundle holds no benchmark: its two functions go over as source, imports made absolute
CHECK = "\n".join(
    [
        "import json, random, time",
        "from typing import Any",
        *(inspect.getsource(f).replace("from .", "from allthrees.") for f in BENCH),
        "json.dumps(standings_check({entries}))",
    ]
)


def in_pyodide(entries: int) -> dict:
    """standings_check run in Pyodide under Node on the built site's Python."""
    return pyodide_json(CHECK.replace("{entries}", str(entries)))


def pyodide_json(source: str, dist: Path = ROOT / "dist") -> Any:
    """What `source` (Python ending in an expression that is JSON text) gives in Pyodide under
    Node on the built site's standard library and game bundle (those of `dist`)."""
    info = json.loads((dist / "build.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stdlib = folder / "stdlib.zip"
        rel = f"{info['pyodide']['indexURL']}{info['pyodide']['stdlib']}"
        stdlib.write_bytes(gzip.decompress((dist / rel).read_bytes()))
        code = folder / "check.py"
        code.write_text(source)
        game = dist / info["wheels"]["allthrees"]
        cmd = ["node", str(RUN), f"--pyodide={PYODIDE}", f"--stdlib={stdlib}", f"--code={code}"]
        done = subprocess.run([*cmd, f"--game={game}"], capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"Pyodide under Node failed:\n{done.stderr}")
        return json.loads(done.stdout)


def said(where: str, out: dict) -> str:
    return (
        f"{where}: {out['ms_per_entry']:,.0f} ms an entry: {out['entries']} daily standings "
        f"entries ({out['rounds']:.1f} rounds each) checked by replaying them in "
        f"{out['seconds']} s of CPU"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("entries", type=int, nargs="?", default=100)
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()
    print(said("CPython", standings_check(args.entries)), flush=True)
    if not args.no_pyodide:
        print(said("Pyodide under Node (the page's Python)", in_pyodide(args.entries)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
