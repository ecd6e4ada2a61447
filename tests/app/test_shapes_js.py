"""The JavaScript's typedefs (web/js/shapes/) are Python's shapes (``allthrees.shapes``): for every
Python shape that crosses to the page and has a typedef there, the same fields, each required or
optional alike and of the same type. TypeScript reads the typedefs (``node web/test/typedefs.js``,
the pinned compiler's checker) into the form ``describe`` writes Python's in; every difference
fails the test, named by shape and field. A typedef is named as its Python shape is, or as
``JS_NAMES`` says; every Python shape has one but those the page never sees (``PYTHON_ONLY``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from allthrees.shapes.describe import describe

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "web" / "test" / "typedefs.js"
SHAPES = ROOT / "web" / "js" / "shapes"

# Python's name -> the typedef's, where the page's code names a shape its own way (renaming the
# typedef would touch every module that imports it; the shapes are the same)
JS_NAMES = {
    "SeatSetting": "SeatSpec",  # who plays a seat, in the settings
    "Place": "Placement",  # where a tile lies, in table units
    "LaidTile": "LayoutTile",  # a tile of the layout
    "RulesShown": "SnapshotRules",  # the snapshot's rules
    "SeatShown": "Seat",  # a seat in the snapshot
    "SideShown": "Side",  # a side that scores
    "Pegs": "PegPair",  # a side's two cribbage pegs
    "RoundShown": "RoundInfo",  # the snapshot's round
    "JointShown": "JointId",  # a joint seed's ids
    "MatchShown": "MatchInfo",  # the snapshot's match
    "FriendAtTable": "NetFriend",  # a friend's seat in the snapshot's `net`
    "ClockShown": "TurnClock",  # the turn's clock
    "NetShown": "NetSummary",  # the snapshot's `net`
    "EventShown": "Event",  # a reply's events, any of them
    "Label": "SeatLabel",  # what names a seat (one shape in Python, three kinds on the page)
    "ReviewNote": "ReviewEntry",  # a play the Expert would have made otherwise
    "ReplayNote": "ReviewNote",  # the same, with the replay's frame it is about
    "ReplayRound": "RoundView",  # a round replayed
    "Stored": "StoredSave",  # the save as the page stores it
    "Entry": "CareerEntry",  # a finished match in the career
    "Played": "SplitRow",  # one row of the career's splits
    "HistogramBucket": "PlaysBucket",  # one bar of the plays' histogram
    "Earned": "EarnedTrophy",  # a trophy earned
    "Figures": "CareerFigures",  # the career screen's figures
    "Abandoned": "AbandonedMatch",  # a match left unfinished
    "Kept": "KeptCareer",  # the career as the page keeps it
    "Merged": "CareerMerge",  # what a merge of two careers did
    "Verdict": "StandingsVerdict",  # the standings' verdict on one entry
    # names a typedef already has for another thing
    "Request": "AnyRequest",  # engine.js's Request is what every request has: its `op`
    "CareerMerge": "CareerMergeRequest",  # career.js's CareerMerge is the merge's result (Merged)
    "WatchMessage": "WatchTable",  # watch.js's WatchMessage is one sealed message of the stream
    "Published": "StandingsPublished",  # nostr.js's Published is a relay's answer to an event
}

# Python's shapes the page never sees on their own: the command line's, and the bases of others
# (a typedef writes a base's fields into each shape that has them)
PYTHON_ONLY = {
    "DealRecord": "python -m allthrees deal's output",
    "Muggins": "the command line's words for a muggins claim",
    "MoveResult": "python -m allthrees replay's output",
    "RoundEndResult": "python -m allthrees replay's output",
    "RoundResult": "python -m allthrees replay's output",
    "MatchResult": "python -m allthrees replay's output",
    "SettingChoices": "a base of Choices",
    "Table": "a base of Entry",
    "Results": "a base of Entry",
    "DailyStart": "a base of DailyStartReply",
    "StandingsCheck": "a base of StandingsCheckReply",
}


def js_typedefs(directory: Path = SHAPES) -> dict[str, dict[str, object]]:
    """The typedefs of ``directory`` as ``node web/test/typedefs.js`` prints them."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node (20 or later) is not on PATH: the typedefs cannot be read")
    done = subprocess.run(
        [node, "--no-warnings", str(SCRIPT), str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out: dict[str, dict[str, object]] = json.loads(done.stdout)
    return out


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and quotes."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        c = text[i]
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "[]":
            depth += 1 if c == "[" else -1
        elif not quoted and depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i = i + len(sep)
            continue
        i += 1
    return [*parts, text[start:]]


def _inner(member: str, kind: str) -> list[str] | None:
    """A ``list[T]``'s or ``dict[K, V]``'s arguments, or None when ``member`` is not one."""
    if member.startswith(f"{kind}[") and member.endswith("]"):
        return _split(member[len(kind) + 1 : -1], ", ")
    return None


class Reading:
    """How a typedef's types are read as Python's: its shapes by Python's names, and the members
    of a union typedef (``SeatLabel``, written out where a field uses it) as that union's name."""

    def __init__(self, js: dict[str, dict[str, object]]) -> None:
        self.back = {j: p for p, j in JS_NAMES.items()}
        self.js = js
        self.unions = {
            self.back.get(name, name): {str(m) for m in shape["union"]}
            for name, shape in js.items()
            if "union" in shape
        }

    def members(self, text: str) -> set[str]:
        found = {self.back.get(m.strip(), m.strip()) for m in _split(text, " | ")}
        for name, members in self.unions.items():
            if members <= found:
                found = (found - members) | {name}
        return found

    def fits(self, python: str, js: str) -> bool:
        """Whether the typedef's ``js`` is Python's ``python``, or a narrower reading of it: a
        closed set of codes (string literals) where Python says ``str``, or a shape where
        Python says any JSON, or a ``dict`` whose values each of the shape's fields fits (a map
        the page reads key by key). Every member of each side has its counterpart in the
        other."""
        ours = {m.strip() for m in _split(python, " | ")}
        theirs = self.members(js)
        return all(any(self._member(p, j) for p in ours) for j in theirs) and all(
            any(self._member(p, j) for j in theirs) for p in ours
        )

    def within(self, python: str, js: str) -> bool:
        """Whether every member of ``js`` is one of ``python``'s (or a narrower reading of it)."""
        ours = {m.strip() for m in _split(python, " | ")}
        return all(any(self._member(p, j) for p in ours) for j in self.members(js))

    def _member(self, python: str, js: str) -> bool:
        if python == js or python == "any":
            return True
        if python == "str" and js.startswith('"'):
            return True
        if python == "float" and js == "int":
            return False
        for kind in ("list", "dict"):
            ours, theirs = _inner(python, kind), _inner(js, kind)
            if ours is not None and theirs is not None:
                return len(ours) == len(theirs) and all(map(self.fits, ours, theirs))
        if js in self.unions and python not in self.unions:
            return all(self._member(python, m) for m in self.unions[js])
        values = _inner(python, "dict")
        fields: dict[str, dict[str, object]] = self.js.get(JS_NAMES.get(js, js), {}).get(
            "fields", {}
        )
        if values is None or not fields:
            return False
        return all(self.within(values[1], str(spec["type"])) for spec in fields.values())


def merged(js: dict[str, dict[str, object]], members: list[str]) -> dict[str, dict[str, object]]:
    """A union of shapes as one shape: every member's fields, required where all require it,
    of any member's type (Python writes ``Label`` as one shape where the page has three)."""
    shapes: list[dict[str, dict[str, object]]] = [js[m]["fields"] for m in members]
    out: dict[str, dict[str, object]] = {}
    for fields in shapes:
        for name, spec in fields.items():
            seen = out.setdefault(name, {"type": "", "required": True})
            types = [t for t in (str(seen["type"]), str(spec["type"])) if t]
            seen["type"] = " | ".join(dict.fromkeys(m for t in types for m in _split(t, " | ")))
    for name, spec in out.items():
        spec["required"] = all(name in f and f[name]["required"] for f in shapes)
    return out


def differences(
    python: dict[str, dict[str, object]], js: dict[str, dict[str, object]]
) -> dict[str, list[str]]:
    """How each Python shape that has a typedef differs from it: {shape: [what differs]}."""
    reading = Reading(js)
    out: dict[str, list[str]] = {}
    for name, shape in python.items():
        typedef = js.get(JS_NAMES.get(name, name))
        if typedef is None:
            continue
        found: list[str] = []
        if "union" in shape:
            ours = sorted(str(m) for m in shape["union"])
            theirs = sorted(reading.back.get(str(m), str(m)) for m in typedef.get("union", []))
            if ours != theirs:
                found.append(f"union: Python {' | '.join(ours)}; JS {' | '.join(theirs)}")
            out[name] = found
            continue
        fields: dict[str, dict[str, object]] = shape["fields"]
        if "union" in typedef:
            given = merged(js, [str(m) for m in typedef["union"]])
        else:
            given = typedef["fields"]
        for field, spec in fields.items():
            if field not in given:
                found.append(f"{field}: missing from the typedef")
                continue
            if spec["required"] != given[field]["required"]:
                how = "required" if spec["required"] else "optional"
                found.append(f"{field}: {how} in Python, not in the typedef")
            ours, theirs = str(spec["type"]), str(given[field]["type"])
            if not reading.fits(ours, theirs):
                found.append(f"{field}: Python {ours}; JS {theirs}")
        found += [f"{field}: not a field in Python" for field in given if field not in fields]
        out[name] = found
    return out


def test_every_typedef_is_its_python_shape() -> None:
    found = differences(describe(), js_typedefs())
    wrong = {name: what for name, what in found.items() if what}
    assert not wrong, "\n".join(f"{name}: {w}" for name, what in wrong.items() for w in what)
    assert len(found) == len(describe()) - len(PYTHON_ONLY)


def test_every_shape_that_reaches_the_page_has_its_typedef() -> None:
    python, js = describe(), js_typedefs()
    untyped = [n for n in python if n not in PYTHON_ONLY and JS_NAMES.get(n, n) not in js]
    assert not untyped, f"Python shapes with no typedef in web/js/shapes/: {untyped}"
    typed = [n for n in PYTHON_ONLY if n in js or n not in python]
    assert not typed, f"PYTHON_ONLY names shapes the page has, or Python has not: {typed}"
    renamed = [j for p, j in JS_NAMES.items() if p not in python or j not in js]
    assert not renamed, f"JS_NAMES names shapes one side does not have: {renamed}"


def test_a_typedef_that_differs_fails(tmp_path: Path) -> None:
    """A copy of the typedefs with a field gone, one more, one made optional, one of another type,
    a closed set of codes where Python's is a number, a map's value of none of its types, and a
    union short of a member: each is found, by shape and field."""
    for module in SHAPES.glob("*.js"):
        shutil.copy(module, tmp_path / module.name)
    snapshot = tmp_path / "snapshot.js"
    text = snapshot.read_text()
    for old, new in [
        ("{NetSummary|null} net ", "{Int} gone\n * @property {Int} extra "),
        (" * @property {Int} round_no ", " * @property {Int} [round_no] "),
        (" * @property {Int} boneyard ", " * @property {number} boneyard "),
        (" * @property {Int} reserve ", ' * @property {"a"|"b"} reserve '),
        (" * @property {Int} hand_size", " * @property {Int[]} hand_size"),
    ]:
        assert old in text, old
        text = text.replace(old, new, 1)
    snapshot.write_text(text)
    engine = tmp_path / "engine.js"
    events = engine.read_text().replace("Event|TimedOutEvent} Event", "Event} Event")
    engine.write_text(events)
    found = differences(describe(), js_typedefs(tmp_path))
    assert found["EventShown"] == [
        "union: Python CoveredEvent | DealtEvent | DrewEvent | MatchOverEvent | PassedEvent"
        " | PlacedEvent | RevealedEvent | RoundOverEvent | TimedOutEvent; JS CoveredEvent"
        " | DealtEvent | DrewEvent | MatchOverEvent | PassedEvent | PlacedEvent | RevealedEvent"
        " | RoundOverEvent"
    ]
    assert found["Snapshot"] == [
        "round_no: required in Python, not in the typedef",
        "boneyard: Python int; JS float",
        'reserve: Python int; JS "a" | "b"',
        "net: missing from the typedef",
        "gone: not a field in Python",
        "extra: not a field in Python",
    ]
    # RulesOptions, Python's `dict[str, int | bool | str]`, read key by key: a list is none of them
    assert found["RulesShown"] == ["options: Python dict[str, int | bool | str]; JS RulesOptions"]
    assert differences(describe(), js_typedefs())["Snapshot"] == []
