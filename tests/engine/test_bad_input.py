"""Bad input to ``python -m allthrees replay``: every kind of malformed or illegal record exits with
status 2, prints exactly one line on stderr (naming the move number and the move where there is
one) and nothing on stdout, and never a traceback (docs/rules.md "Record format")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_kit import record, replay_subprocess, round_spec

from allthrees import cli

# parlor, 2 players, 7 tiles each. Seat 0 holds the highest double 6-6 and leads it; seat 1 holds
# 6-1 and 3-3 but no other 6.
HANDS = ["6-6 6-3 3-5 5-5", "6-1 3-3 3-1 1-0"]


def base(moves: str | list[Any] = "", **kw: Any) -> dict[str, Any]:
    return round_spec(HANDS, moves, hand_size=7, **kw)


def with_(rec: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**rec, **changes}


def parlor(moves: str | list[Any] = "", options: dict[str, Any] | None = None, **kw: Any):
    return record("parlor", options, base(moves, **kw))


def hands_with(seat: int, fn) -> dict[str, Any]:
    rec = parlor()
    rec["hands"] = [list(h) for h in rec["hands"]]
    fn(rec, seat)
    return rec


def _short_hand(rec: dict[str, Any], seat: int) -> None:
    rec["boneyard"].append(rec["hands"][seat].pop())


def _tile_missing(rec: dict[str, Any], seat: int) -> None:
    rec["boneyard"].pop()


def _tile_twice(rec: dict[str, Any], seat: int) -> None:
    rec["boneyard"][-1] = "6-6"


def _tile_not_in_set(rec: dict[str, Any], seat: int) -> None:
    rec["boneyard"][-1] = "7-7"


def _not_a_tile(rec: dict[str, Any], seat: int) -> None:
    rec["hands"][seat][0] = "six-six"


# (id, record or raw text, the line starts with, words the line must contain)
CASES: list[tuple[str, Any, str, tuple[str, ...]]] = [
    ("malformed-json", '{"rules": "parlor", "hands": [', "", ("JSON",)),
    ("not-json-at-all", "hello", "", ("JSON",)),
    ("a-list-not-an-object", "[1, 2, 3]", "", ("object",)),
    ("a-number-not-an-object", "42", "", ("object",)),
    ("unknown-preset", with_(parlor(), rules="texas"), "", ("texas",)),
    ("preset-not-a-string", with_(parlor(), rules=3), "", ("preset",)),
    ("unknown-option", parlor(options={"colour": "red"}), "", ("colour",)),
    ("options-not-an-object", with_(parlor(), options=[1]), "", ("options",)),
    ("bad-option-multiple-0", parlor(options={"multiple": 0}), "", ("multiple",)),
    ("bad-option-spinner", parlor(options={"spinner": "all"}), "", ("spinner",)),
    ("bad-option-bool", parlor(options={"muggins": "yes"}), "", ("muggins",)),
    ("bad-option-float", parlor(options={"stock_reserve": 1.5}), "", ("stock_reserve",)),
    ("bad-option-negative", parlor(options={"hand_size": -1}), "", ("hand_size",)),
    ("bad-option-string-int", parlor(options={"target": "61"}), "", ("target",)),
    ("bad-option-players-5", parlor(options={"players": 5}), "", ("players",)),
    ("teams-with-2-players", parlor(options={"teams": True}), "", ("teams",)),
    ("hands-too-big-for-set", parlor(options={"hand_size": 15}), "", ("15",)),
    ("wrong-number-of-hands", parlor(options={"players": 3}), "", ("hands", "3")),
    (
        "one-hand",
        record("parlor", None, round_spec(["6-6 6-3 3-5 5-5"], "", hand_size=7)),
        "",
        ("players",),
    ),
    ("hands-not-a-list", with_(parlor(), hands="6-6"), "", ("hands",)),
    ("boneyard-not-a-list", with_(parlor(), boneyard=None), "", ("boneyard",)),
    ("wrong-hand-size", hands_with(1, _short_hand), "", ("seat 1", "6", "7")),
    ("a-tile-missing", hands_with(0, _tile_missing), "", ("missing",)),
    ("a-tile-twice", hands_with(0, _tile_twice), "", ("6-6", "twice")),
    ("a-tile-not-in-the-set", hands_with(0, _tile_not_in_set), "", ("7-7",)),
    ("not-a-tile", hands_with(0, _not_a_tile), "", ("six-six",)),
    ("wrong-leader", parlor("6-6", first=1), "", ("seat 0", "seat 1")),
    ("first-out-of-range", parlor("6-6", first=7), "", ("first",)),
    ("first-not-a-number", parlor("6-6", first="0"), "", ("first",)),
    ("lots-without-first", record("polish", None, base("6-6")), "", ("first",)),
    ("unknown-round-field", with_(parlor(), colour="red"), "", ("colour",)),
    ("rounds-and-top-level-round", with_(parlor(), rounds=[base()]), "", ("rounds",)),
    ("rounds-empty", {"rules": "parlor", "rounds": []}, "", ("rounds",)),
    ("moves-not-a-list", parlor("6-6") | {"moves": "6-6"}, "", ("moves",)),
    # Illegal moves.
    (
        "arm-N-not-open",
        parlor("6-6 6-1@E 6-3@N"),
        "move 3: 6-3@N: ",
        ("not open", "spinner 6-6"),
    ),
    ("tile-not-in-hand", parlor("6-6 6-3@E"), "move 2: 6-3@E: ", ("6-3", "seat 1")),
    ("lead-not-in-hand", parlor("6-1", first=0), "move 1: 6-1: ", ("6-1",)),
    ("tile-does-not-match", parlor("6-6 6-1@E 3-5@E"), "move 3: 3-5@E: ", ("3-5", "match")),
    ("double-does-not-match", parlor("6-6 3-3@W"), "move 2: 3-3@W: ", ("3-3", "match")),
    (
        "draw-with-a-playable-tile",
        parlor("6-6 draw"),
        "move 2: draw: ",
        ("6-1",),
    ),
    ("pass-with-a-playable-tile", parlor("6-6 pass"), "move 2: pass: ", ("6-1",)),
    (
        "pass-while-the-boneyard-has-tiles",
        record("pub", None, round_spec(["6-6", "5-5 5-4"], "6-6 pass", hand_size=7)),
        "move 2: pass: ",
        ("boneyard",),
    ),
    ("lead-with-an-arm", parlor("6-6@E"), "move 1: 6-6@E: ", ("arm",)),
    ("lead-not-the-highest-double", parlor("6-3"), "move 1: 6-3: ", ("6-6",)),
    ("draw-before-the-lead", parlor("draw"), "move 1: draw: ", ()),
    ("claim-without-muggins", parlor(["6-6=12"]), "move 1: 6-6=12: ", ("muggins",)),
    # Malformed moves.
    ("unknown-arm", parlor("6-6 6-3@Q"), "move 2: 6-3@Q: ", ("Q",)),
    ("no-dash", parlor("6-6 66"), "move 2: 66: ", ()),
    ("a-number-move", parlor(["6-6", 63]), "move 2: 63: ", ()),
    ("a-number-lead", parlor([66]), "move 1: 66: ", ()),
    ("a-null-move", parlor(["6-6", None]), "move 2: null: ", ()),
    ("an-empty-move", parlor(["6-6", ""]), "move 2: : ", ()),
    ("a-list-move", parlor(["6-6", ["6-1", "E"]]), 'move 2: ["6-1", "E"]: ', ()),
    ("a-tile-beyond-the-set", parlor("6-6 7-6@E"), "move 2: 7-6@E: ", ("7-6",)),
    ("ambiguous-without-arm", parlor("6-6 6-1"), "move 2: 6-1: ", ("W", "E")),
    ("fits-no-open-end", parlor("6-6 3-1"), "move 2: 3-1: ", ("3-1",)),
    # Moves and rounds out of place.
    (
        "moves-after-the-round-ended",
        record("pub", {"hand_size": 1}, round_spec(["6-6", "1-0"], "6-6 1-0@E")),
        "move 2: 1-0@E: ",
        ("over",),
    ),
    (
        "an-unfinished-round-then-another",
        record(
            "pub",
            {"hand_size": 2},
            round_spec(["6-6 6-1", "6-3 2-1"], "6-6"),
            round_spec(["6-6 6-1", "6-3 2-1"], ""),
        ),
        "round 1: ",
        ("unfinished",),
    ),
    (
        "moves-after-the-match-is-decided",
        record(
            "pub",
            {"hand_size": 1, "target": 10},
            round_spec(["6-6", "1-0"], "6-6"),
            round_spec(["6-6", "1-0"], "6-6"),
        ),
        "round 2: ",
        ("decided",),
    ),
    (
        "a-round-move-error-names-the-round",
        record(
            "pub",
            {"hand_size": 2},
            round_spec(["6-6 6-1", "6-3 2-1"], "6-6 6-3@E 6-1@W"),
            round_spec(["5-4 5-1", "4-0 1-1"], "5-4 5-1@E"),
        ),
        "round 2: move 2: 5-1@E: ",
        ("5-1",),
    ),
]


def check_error(status: int, out: str, err: str, starts: str, words: tuple[str, ...]) -> None:
    assert status == 2, (out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "Error:" not in err.split(":")[0]
    line = err.rstrip("\n")
    assert line.startswith(starts), line
    for w in words:
        assert w in line, (w, line)


@pytest.mark.parametrize(
    ("rec", "starts", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_record_exits_2_with_one_line_on_stderr(replay, rec, starts, words):
    r = replay(rec)
    check_error(r.status, r.out, r.err, starts, words)


def test_the_rules_md_example_error_line_is_printed_exactly():
    spec = round_spec(["3-3 1-0", "3-1 5-3"], "3-3 3-1@E 1-0@E 3-5@N", hand_size=7)
    status, out, err = replay_subprocess(json.dumps(record("parlor", None, spec)))
    assert (status, out) == (2, "")
    assert err == (
        "move 4: 3-5@N: arm N is not open until both long sides of spinner 3-3 are covered\n"
    )


@pytest.mark.parametrize("case", ["malformed-json", "a-tile-twice", "ambiguous-without-arm"])
def test_bad_record_through_a_fresh_interpreter_exits_2_without_a_traceback(case):
    _id, rec, starts, words = next(c for c in CASES if c[0] == case)
    status, out, err = replay_subprocess(rec if isinstance(rec, str) else json.dumps(rec))
    check_error(status, out, err, starts, words)


def test_a_deeply_nested_record_is_refused_without_a_traceback(replay):
    r = replay("[" * 100_000 + "]" * 100_000)
    check_error(r.status, r.out, r.err, "", ())


def test_a_missing_or_undecodable_file_exits_2_with_one_line(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "nope.json")]) == 2
    out, err = capsys.readouterr()
    check_error(2, out, err, "", ("nope.json",))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"rules": "caf\xe9"}')
    assert cli.main(["replay", str(bad)]) == 2
    out, err = capsys.readouterr()
    check_error(2, out, err, "", ())


def test_a_good_record_prints_one_json_object_and_nothing_on_stderr(replay):
    r = replay(parlor("6-6 6-1@E"))
    assert r.status == 0 and r.err == ""
    assert r.out.count("\n") == 1
    assert r.json["rounds"][0]["moves"][1]["end_sum"] == 13
