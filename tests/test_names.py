"""The test modules' names: pytest imports each test file by its base name (the folders are not
packages), so two files of one name in two folders cannot both be collected in one run; the
second is an error ("import file mismatch") that only the whole suite shows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "node_modules" not in p.parts)
    assert not [n for n, k in names.items() if k > 1], sorted(n for n, k in names.items() if k > 1)
