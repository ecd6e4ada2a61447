"""The game in Firefox: tests/engines/firefox.mjs (puppeteer-core over WebDriver BiDi, Debian's
firefox-esr), one pytest test for each of its tests, so a run lists and reports each one and
pytest's exit code covers them. Node runs one test at a time (a new Firefox each)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITE = Path(__file__).with_name("firefox.mjs")
NAMES = re.findall(r'^firefoxTest\(\s*"([^"]+)"', SUITE.read_text(), re.M)
# Only a hang's backstop, far beyond any test's conditions (each waits with its own timeouts).
HANG_S = 1800


def test_the_suite_names_its_tests() -> None:
    assert len(NAMES) >= 7, NAMES


@pytest.mark.parametrize("name", NAMES)
def test_firefox(name: str, engines_dist: Path) -> None:
    env = {**os.environ, "ALLTHREES_DIST": str(engines_dist), "ALLTHREES_PYTHON": sys.executable}
    result = subprocess.run(
        ["node", "--test", f"--test-name-pattern=^{re.escape(name)}$", str(SUITE)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )
    out = result.stdout + result.stderr
    print(out)
    assert result.returncode == 0, out
    assert re.search(r"^# pass 1$", out, re.M), f"{name!r} did not run:\n{out}"
