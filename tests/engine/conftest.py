"""Fixtures of the engine tests: the replay entry point in-process, and a count of the random
rounds the property tests played (printed in the terminal summary)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from engine_kit import PROPERTY_ROUNDS, as_text  # noqa: E402

from allthrees import cli  # noqa: E402


class Replayed:
    """What ``python -m allthrees replay -`` did: status, parsed stdout (or None), stderr."""

    def __init__(self, status: int, out: str, err: str) -> None:
        self.status = status
        self.out = out
        self.err = err
        self.json: Any = json.loads(out) if status == 0 else None

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return self.json["rounds"]

    @property
    def moves(self) -> list[dict[str, Any]]:
        assert len(self.rounds) == 1
        return self.rounds[0]["moves"]

    @property
    def end(self) -> dict[str, Any]:
        return self.rounds[-1]["end"]


@pytest.fixture
def replay(capsys, monkeypatch) -> Callable[..., Replayed]:
    """Replay a record (dict or text) through ``allthrees.cli.main(["replay", "-"])``."""

    def run(rec: dict[str, Any] | str) -> Replayed:
        capsys.readouterr()
        monkeypatch.setattr(sys, "stdin", io.StringIO(as_text(rec)))
        status = cli.main(["replay", "-"])
        captured = capsys.readouterr()
        return Replayed(status, captured.out, captured.err)

    return run


@pytest.fixture
def replay_ok(replay) -> Callable[..., Replayed]:
    """Replay a record that must be accepted."""

    def run(rec: dict[str, Any] | str) -> Replayed:
        r = replay(rec)
        assert r.status == 0, r.err
        assert r.err == ""
        return r

    return run


def pytest_terminal_summary(terminalreporter) -> None:
    if PROPERTY_ROUNDS["rounds"]:
        terminalreporter.write_line(
            f"engine property tests: {PROPERTY_ROUNDS['rounds']} random rounds, "
            f"{PROPERTY_ROUNDS['moves']} moves checked"
        )
