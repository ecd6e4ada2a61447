"""The whole suite's order: the files that hold its longest tests go first.

scripts/test runs pytest-xdist with --dist loadgroup, which hands tests (or an engine's group) to
its workers in the order they were collected. Collected as they lie (tests/ai, app, engine, engines,
web, each alphabetically), a 222 s test across devices could start in the last minutes and run on
alone at the end; started first, the long ones share the two cores with the short ones that
follow. The list comes from `scripts/test --durations=30` (2026-12-03): the tests of 60 s and more.
Every other file keeps its place after them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# longest first: a match across devices with reloads (222 s), two whole matches (155, 153 s),
# WebKit under Xvfb (eight tests, 40-150 s each), whole rounds of each rule set, by keys, by touch
LONGEST_FIRST = (
    "web/test_net_table.py",
    "web/test_career_screens.py",
    "engines/test_webkit.py",
    "web/test_rules.py",
    "web/test_saves.py",
    "web/test_access.py",
    "engine/test_random_rounds.py",
    "web/test_table_phone.py",
    "web/test_pair_devices.py",
    "web/test_axe.py",
    "web/test_table_desktop.py",
    "engines/test_firefox.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {TESTS / name: i for i, name in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        return rank.get(Path(str(item.fspath)), len(LONGEST_FIRST))

    items.sort(key=place)  # stable: each file's tests keep their order
