"""Three tests for tests/engines/test_groups.py to run under pytest-xdist: each writes the name of
the worker it ran on. Not collected by the suite (its name is no test_*.py); it lies in this
folder so that this folder's conftest marks it as an engine's group, as it marks Firefox's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.mark.parametrize("n", [1, 2, 3])
def test_ran_on(n: int) -> None:
    out = Path(os.environ["ALLTHREES_GROUP_PROBE"]) / f"ran-{n}"
    out.write_text(os.environ.get("PYTEST_XDIST_WORKER", "none"), encoding="utf-8")
