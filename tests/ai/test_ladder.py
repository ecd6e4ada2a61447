"""The computer levels' ladder (``ai.ladder``, ``python -m allthrees ladder``): the maximum-
likelihood ratings recover the ratings that made the results, their standard errors shrink with
more matches, and the command reads the arena's ``--json`` lines."""

from __future__ import annotations

import json

import pytest

from allthrees.ai import ladder
from allthrees.cli import main

TRUE = {"beginner": 1100.0, "casual": 1500.0, "expert": 1700.0}


def expected(a: str, b: str) -> float:
    return 1.0 / (1.0 + 10 ** ((TRUE[b] - TRUE[a]) / 400.0))


def pairs(matches: int) -> list[ladder.Pair]:
    """Results exactly at their expected share: the fit must give the ratings back."""
    return [
        ladder.Pair(a, b, expected(a, b) * matches, matches)
        for a, b in (("casual", "beginner"), ("expert", "casual"), ("expert", "beginner"))
    ]


def test_the_fit_gives_back_the_ratings_that_made_the_results():
    fitted = ladder.fit(pairs(300))
    for level, rating in TRUE.items():
        assert fitted[level]["rating"] == pytest.approx(rating, abs=1e-6)
    assert fitted["casual"]["deviation"] == 0.0  # the anchor
    assert list(fitted) == ["beginner", "casual", "expert"]  # weakest first


def test_more_matches_narrow_the_standard_errors():
    few, many = ladder.fit(pairs(100)), ladder.fit(pairs(400))
    for level in ("beginner", "expert"):
        assert many[level]["deviation"] == pytest.approx(few[level]["deviation"] / 2, rel=1e-6)


def test_levels_not_linked_to_the_anchor_cannot_be_fitted():
    with pytest.raises(ValueError):
        ladder.fit([ladder.Pair("expert", "beginner", 200, 300)])


def test_the_command_reads_the_arenas_json_lines(tmp_path, capsys):
    lines = ["== a header", "  casual: 274/300 matches"]
    for p in pairs(300):
        a = {"name": f"{p.a}:200it" if p.a == "expert" else p.a, "wins": p.wins}
        lines.append(json.dumps({"matches": p.matches, "a": a, "b": {"name": p.b}}))
    path = tmp_path / "ladder.jsonl"
    path.write_text("\n".join(lines))
    assert main(["ladder", str(path), "--json"]) == 0
    out = capsys.readouterr().out.splitlines()
    fitted = json.loads(out[-1])
    assert fitted["expert"]["rating"] == pytest.approx(1700.0, abs=1e-6)
    assert "expert:  1700.0" in "\n".join(out)
    assert main(["ladder", str(tmp_path / "missing.jsonl")]) == 2
