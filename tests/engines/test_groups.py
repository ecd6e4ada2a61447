"""Each engine's tests keep to their own worker (scripts/test's `--dist loadgroup`, the marks of
this folder's conftest). pytest 9 and pytest-xdist 3.8 once dropped those groups without a word,
and the suite went on passing with the browsers spread over every worker: this runs three tests
of one group on three workers, with the pinned pytest and pytest-xdist, and holds that one worker
ran them all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def test_an_engines_tests_run_on_one_worker(tmp_path: Path) -> None:
    # a pytest of its own: none of this run's worker's variables (PYTEST_XDIST_WORKER, ...)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["ALLTHREES_GROUP_PROBE"] = str(tmp_path)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "3"]
    result = subprocess.run(
        [*command, "--dist", "loadgroup", str(HERE / "grouped_probe.py")],
        cwd=HERE.parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    workers = {(tmp_path / f"ran-{n}").read_text(encoding="utf-8") for n in (1, 2, 3)}
    assert len(workers) == 1 and workers <= {"gw0", "gw1", "gw2"}, (
        f"one group's three tests ran on {sorted(workers)}: pytest-xdist ignored the group"
    )
