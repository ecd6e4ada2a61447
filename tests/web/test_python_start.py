"""The page's Python as it starts: the built standard library and game bundles, and what
scripts/stdlib/patches.py defers, checked in Pyodide under Node (the browser tests boot the same
files in the page).

- The built site's Python starts without importing what the game never uses (asyncio's
  submodules, Pyodide's event loop and package loader's archive modules), imports the game from
  its bundle, and a traceback of the game still names its lines.
- On Pyodide's whole standard library, patched as the build patches it, nothing behaves
  differently for a program that does use them: asyncio has every name it had, Pyodide's event
  loop is set up whichever of asyncio and pyodide.webloop comes first, and the package loader
  still knows wheels and copies files.
"""

from __future__ import annotations

import gzip
import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"
RUN = Path(__file__).with_name("pyodide_run.mjs")


def run(tmp_path: Path, stdlib: Path, code: str, game: Path | None = None):
    script = tmp_path / f"check{len(list(tmp_path.glob('check*.py')))}.py"
    script.write_text(code)
    cmd = ["node", str(RUN), f"--pyodide={PYODIDE}", f"--stdlib={stdlib}", f"--code={script}"]
    if game is not None:
        cmd.append(f"--game={game}")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def patched(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pyodide's whole standard library as scripts/build patches it (before the trim)."""
    out = tmp_path_factory.mktemp("patched") / "patched.zip"
    done = subprocess.run(
        [
            "node",
            str(ROOT / "scripts" / "stdlib" / "scenario.mjs"),
            f"--pyodide={PYODIDE}",
            f"--patch={out}",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return out


def test_the_built_python_starts_lean_and_runs_the_game(
    tmp_path: Path, dist: Path, build_info: dict
) -> None:
    stdlib = tmp_path / "stdlib.zip"
    rel = f"{build_info['pyodide']['indexURL']}{build_info['pyodide']['stdlib']}"
    stdlib.write_bytes(gzip.decompress((dist / rel).read_bytes()))
    game = dist / build_info["wheels"]["allthrees"]
    got = run(
        tmp_path,
        stdlib,
        """
import json, sys, traceback
started = sorted(sys.modules)
import allthrees.app
from allthrees.rules import Rules
try:
    Rules.make("no such rules")
except Exception as exc:
    frames = [(f.filename, f.lineno) for f in traceback.extract_tb(exc.__traceback__)]
json.dumps({
    "started": started,
    "reply": json.loads(allthrees.app.handle('{"op": "ping"}')),
    "frames": frames,
    "json_file": sys.modules["json"].__file__,
    "game_file": allthrees.app.__file__,
})
""",
        game,
    )
    deferred = {"asyncio.events", "asyncio.base_events", "pyodide.webloop", "zipfile", "shutil"}
    assert not deferred & set(got["started"]), sorted(deferred & set(got["started"]))
    assert "asyncio" in got["started"], "Pyodide's core imports the package itself"
    assert len(got["started"]) < 130, len(got["started"])
    assert got["reply"]["ok"] is True
    game_frames = [(f, n) for f, n in got["frames"] if f.startswith("allthrees/")]
    assert game_frames and all(isinstance(n, int) and n > 0 for _, n in game_frames), got
    assert got["json_file"] == "/lib/python314.zip/json/__init__.py"
    assert got["game_file"] == "allthrees/app.py"


def test_asyncio_has_every_name_and_the_event_loop_when_first_imported(
    tmp_path: Path, patched: Path
) -> None:
    stock = PYODIDE / "python_stdlib.zip"
    names = """
import json, asyncio
names = sorted(asyncio.__all__)
json.dumps({"names": names, "missing": [n for n in names if not hasattr(asyncio, n)],
            "policy": type(asyncio.get_event_loop_policy()).__name__,
            "run": asyncio.run.__code__.co_filename, "events": asyncio.events.__name__,
            "sleep": getattr(__import__("time").sleep, "__code__", None) is not None})
"""
    before, after = run(tmp_path, stock, names), run(tmp_path, patched, names)
    assert after == before, (before, after)
    assert after["missing"] == [] and after["policy"] == "WebLoopPolicy"
    assert after["run"].endswith("pyodide/webloop.py"), "asyncio.run is Pyodide's, as at start"
    assert after["sleep"], "and time.sleep"
    star = run(
        tmp_path,
        patched,
        """
import json
names = {}
exec("from asyncio import *", names)
json.dumps(sorted(k for k in names if k != "__builtins__"))
""",
    )
    assert star == before["names"]


def test_the_event_loop_comes_with_pyodide_webloop_first_too(tmp_path: Path, patched: Path) -> None:
    got = run(
        tmp_path,
        patched,
        """
import json, sys
before = "pyodide.webloop" in sys.modules, "asyncio.events" in sys.modules
import pyodide.webloop
import asyncio
json.dumps([before, type(asyncio.get_event_loop_policy()).__name__])
""",
    )
    assert got == [[False, False], "WebLoopPolicy"]


def test_the_package_loader_still_knows_wheels_and_copies_files(
    tmp_path: Path, patched: Path
) -> None:
    got = run(
        tmp_path,
        patched,
        """
import json, os, sys
from pathlib import Path
import pyodide._package_loader as loader
from pyodide.common import install_files
before = [m in sys.modules for m in ("shutil", "tempfile", "zipfile")]
fmt = loader.get_format("whl")
os.makedirs("/tmp/a/b", exist_ok=True)
Path("/tmp/a/b/c.txt").write_text("copied")
install_files(Path("/tmp/a"), Path("/tmp/z"))
json.dumps([before, fmt, Path("/tmp/z/b/c.txt").read_text(), "shutil" in sys.modules])
""",
    )
    assert got == [[False, False, False], "whl", "copied", True]
