"""The shapes of ``allthrees.shapes`` are what Python really sends: every reply of a local match,
a table across devices and the career is held to its op's reply ``TypedDict`` (no field missing,
none more, each of its type), every text for a friend's channel to a host message, every save to
the save's shape; every op ``app`` answers has its request shape; the fields the career checks
by name are its shapes'; and ``describe`` writes each shape down for the JavaScript's typedefs
to be compared with."""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, NotRequired, TypedDict

import pytest
from appkit import call, casual_start, play_until
from netkit import gather, join_all, message, part_of, play_match

from allthrees import app, ratingops
from allthrees.career import rated, signed, standings
from allthrees.shapes import career, describe, messages, replies, requests, saved
from allthrees.shapes.describe import describe as described


def problems(value: object, hint: Any, where: str = "") -> list[str]:  # a type, in any form
    """How ``value`` (parsed JSON) differs from the type ``hint``: [] when it is of it."""
    if hint is Any:
        return []
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r:.40} is not null"]
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return _typeddict(value, hint, where)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        found = [problems(value, a, where) for a in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in args and type(value) in map(type, args) else [f"{where}: {value!r}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        return [p for k, v in value.items() for p in problems(v, args[1], f"{where}.{k}")]
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, hint)
    return [] if ok else [f"{where}: {value!r:.40} is not {hint.__name__}"]


def _typeddict(value: object, shape: type, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: not an object ({shape.__name__})"]
    hints = typing.get_type_hints(shape)
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    out = [f"{where}.{k}: missing ({shape.__name__})" for k in required if k not in value]
    out += [f"{where}.{k}: not a field of {shape.__name__}" for k in value if k not in hints]
    for key, v in value.items():
        if key in hints:
            out += problems(v, hints[key], f"{where}.{key}")
    return out


# The reply each op gives (a refusal aside)
REPLIES: dict[str, Any] = {
    "ping": replies.Pong,
    "choices": replies.ChoicesReply,
    "rules_form": replies.RulesFormReply,
    "rules_text": replies.RulesTextReply,
    "record": replies.RecordReply,
    "start": replies.TableReply | replies.GatheringReply,
    "link": replies.LinkReply,
    "new": replies.TableReply | replies.GatheringReply,
    "intent": replies.TableReply,
    "advance": replies.TableReply,
    "hint": replies.HintReply,
    "review": replies.ReviewReply,
    "career_entry": replies.CareerEntryReply,
    "career": replies.CareerReply,
    "daily": replies.DailyReply,
    "daily_start": replies.DailyStartReply,
    "export": replies.ExportReply,
    "check_import": replies.CheckImportReply,
    "gather": replies.GatheringReply,
    "fill": replies.TableReply,
    "time_up": replies.TableReply,
    "seat_for": replies.SeatForReply,
    "guest": replies.GuestReply,
    "stand_in": replies.TableReply,
    "give_seat": replies.TableReply,
    "presence": replies.OutboxReply,
    "watch": replies.TableReply | replies.GatheringReply,
    "table_title": replies.TableReply | replies.OutboxReply,
    "host_message": replies.HostMessageReply,
    "check_shared": replies.CheckSharedReply,
    "react": replies.RelayReply,
    "rated_share": replies.RatedShareReply,
    "rated": replies.GatheringReply,
    "career_merge": replies.MergeReply,
    "replay_round": replies.ReplayRoundReply,
    "rated_table": replies.RatedTableReply,
    "ratings": replies.RatingsReply,
    "rated_part": replies.RatedPartReply,
    "rated_document": replies.RatedDocumentReply,
    "rated_take": replies.RatedTakeReply,
    "rated_abandon": replies.AbandonReply,
    "standings_entry": replies.StandingsEntryReply,
    "standings_check": replies.StandingsCheckReply,
    "standings": replies.StandingsReply,
}


class Seen(TypedDict):
    replies: int
    ops: set[str]
    texts: int
    saves: int


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """Every reply of ``app.handle`` held to its op's shape while the test runs."""
    seen: Seen = {"replies": 0, "ops": set(), "texts": 0, "saves": 0}
    handle = app.handle

    def checked(request: str) -> str:
        text = handle(request)
        reply, op = json.loads(text), json.loads(request)["op"]
        shape = REPLIES[op] if reply["ok"] else replies.Refusal
        found = problems(reply, shape, op)
        assert not found, found[:5]
        for texts in reply.get("outbox", {}).values():
            for sent in texts:
                assert not (wrong := problems(json.loads(sent), messages.HostMessage, op)), wrong
                seen["texts"] += 1
        if reply.get("save"):
            save = json.loads(reply["save"])
            kind = saved.GatheringSaveRest if "gathering" in save else saved.MatchSaveRest
            rest = {k: v for k, v in save.items() if k != "seed"}
            assert not (wrong := problems(rest, kind, op)) and isinstance(save["seed"], str), wrong
            assert reply["stored"]["rest"] == rest
            seen["saves"] += 1
        seen["replies"] += 1
        seen["ops"].add(op)
        return text

    monkeypatch.setattr(app, "handle", checked)
    yield seen


def test_a_local_match_and_the_career_are_of_their_shapes(held: Seen) -> None:
    call("ping"), call("choices"), call("rules_form", settings={"rules": "pub"})
    call("link", params={"players": "3", "seed": "5"})
    reply = casual_start(7)
    call("hint", seat=0)
    reply = play_until(reply, lambda s: s["phase"] == "round_over")
    call("review"), call("rules_text")
    call("intent", seat=None, intent={"kind": "settings", "settings": {"hide_sum": True}})
    play_match(reply, lambda reply: None)
    day = "2026-12-01"
    made = call("career_entry", date=f"{day}T20:00:00Z", entries=[], attempts={})
    entries = [made["entry"]]
    call("career", entries=entries, today=day, attempts={})
    call("daily", date=day)
    record = call("record")["record"]
    settings = made["entry"]["settings"]
    call("replay_round", settings=settings, record=record, round=1, review=False)
    history = [{"id": made["entry"]["id"], "date": made["entry"]["date"], "record": record,
                "settings": settings}]  # fmt: skip
    export = call(
        "export", exported=f"{day}T21:00:00Z", entries=entries,
        daily={"attempts": {}}, history=history, prefs={},
    )  # fmt: skip
    call("check_import", data=export["export"])
    daily = call("new", daily=day)
    started = call("daily_start", date=day, attempts={})
    assert daily["ok"] and started["scored"]
    mine = {"entries": entries, "history": history, "daily": {"attempts": {}}, "prefs": {}}
    call("career_merge", mine=mine, theirs=export["export"], today=day)
    call("intent", seat=5, intent={"kind": "draw"})  # a refusal
    assert held["replies"] > 20 and {"career_merge", "replay_round", "export"} <= held["ops"]


def test_a_table_across_devices_is_of_its_shapes(held: Seen) -> None:
    gathered = gather(["you", "friend", "casual", "friend"])
    table = gathered["gathering"]["table"]
    call("seat_for", key=part_of(9))
    first = call("guest", seat=1, message=message("hello", table=table, part=part_of(1)))
    assert first["ok"] and "gathering" in first
    call("presence", seats=[{"seat": 1, "presence": "connected"}])
    call("react", id="nice")
    call("guest", seat=1, message=message("reaction", id="oops"))
    call("guest", seat=1, message="{not json")  # refused, its words sent back
    dealt = join_all(gathered)
    call("stand_in", seat=3, level="casual"), call("stand_in", seat=3, level=None)
    end = play_match(dealt, lambda reply: None)
    reveal = json.loads(end["outbox"]["1"][-1])
    call("host_message", message=end["outbox"]["1"][-1])
    shared = call(
        "check_shared", commitment=reveal["commitment"], reveal=reveal, my_part=part_of(1),
        seen={"events": []}, date="2026-12-01T20:00:00Z", entries=[],
    )  # fmt: skip
    assert shared["ok"], shared
    call("guest", seat=1, message=message("bye"))
    filled = gather(["you", "friend", "friend"], seed=3)
    hello = message("hello", table=filled["gathering"]["table"], part=part_of(1))
    call("guest", seat=1, message=hello)
    call("fill", level="beginner")
    assert held["texts"] > 50 and held["saves"] > 20
    assert {"check_shared", "fill", "presence", "react", "seat_for"} <= held["ops"]


def test_ratings_signed_results_and_standings_are_of_their_shapes(held: Seen) -> None:
    # a rated table with a friend to its end: each device's entry waits for the signatures
    gathered = call("gather", settings={"mode": "sprint", "seats": ["you", "friend"]}, rated=True)
    assert gathered["gathering"]["rated"], gathered
    end = play_match(join_all(gathered), lambda reply: None)
    assert end["snapshot"]["net"]["rated"] and call("rated_table")["table"]["people"]
    reveal = json.loads(end["outbox"]["1"][-1])
    date = "2026-12-01T20:00:00Z"
    host = call("career_entry", date=date, entries=[], attempts={}, abandoned=[])["entry"]
    guest = call(
        "check_shared", commitment=reveal["commitment"], reveal=reveal, my_part=part_of(1),
        seen={"events": []}, date=date, entries=[],
    )["shared"]["entry"]  # fmt: skip
    assert host["unrated"] == guest["unrated"] == "unsigned"
    keys = {"host": "a1" * 32, "guest": "b2" * 32}
    parts = [
        call("rated_part", entries=[host], entry=host, key=keys["host"])["part"],
        call("rated_part", entries=[guest], entry=guest, key=keys["guest"])["part"],
    ]
    made = call("rated_document", entry=host, parts=parts)
    signatures = {k: k[:2] * 64 for k in keys.values()}  # the page verifies them
    result = {"document": made["document"], "digest": made["digest"], "signatures": signatures}
    taken = call(
        "rated_take", entries=[host], entry=host, signed=result, verified=True,
        key=keys["host"], today="2026-12-02", attempts={}, abandoned=[],
    )  # fmt: skip
    assert taken["ok"] and taken["new_titles"], taken
    entries = [taken["entry"]]
    gone = call("rated_abandon", abandoned=[], match="0" * 16, date=date, kind="two")
    call("ratings", entries=entries, today="2026-12-02", abandoned=gone["abandoned"])
    call("career", entries=entries, today="2026-12-02", attempts={}, abandoned=gone["abandoned"])
    # the daily deal played, published and ranked
    day, today = "2026-12-03", "2026-12-05"
    play_match(call("new", daily=day), lambda reply: None)
    daily = call("career_entry", date=f"{day}T20:00:00Z", daily=day)["entry"]
    published = call("standings_entry", name="Ana", entry=daily)["entry"]
    mine = {"key": "c3" * 32, "at": 5, "entry": published}
    assert call("standings_check", entry=mine, date=day, today=today)["valid"]
    ranked = call("standings", entries=[mine, {"key": "x"}], date=day, today=today)
    assert ranked["standings"]["rows"] and ranked["standings"]["refused"] == 1
    assert set(ratingops.HANDLERS) <= held["ops"]


def test_the_fields_the_career_checks_by_name_are_its_shapes() -> None:
    checked = [
        (rated.RATED_FIELDS, career.RatedResult),
        (rated.RATED_SEAT_FIELDS, career.RatedSeat),
        (signed.SIGNED_FIELDS, career.SignedResult),
        (signed.PART_FIELDS, career.Part),
        (signed.ABANDONED_FIELDS, career.Abandoned),
        (standings.PUBLISHED_FIELDS, career.Published),
        (standings.ENTRY_FIELDS, career.StandingsEntry),
        (standings.VERDICT_FIELDS, career.Verdict),
    ]
    for fields, shape in checked:
        assert set(fields) == set(shape.__annotations__), shape.__name__


def test_every_op_has_its_request_shape_and_its_reply_shape() -> None:
    shapes = typing.get_args(requests.Request)
    ops = [typing.get_args(typing.get_type_hints(s)["op"])[0] for s in shapes]
    assert sorted(ops) == sorted(app.HANDLERS) == sorted(REPLIES)


def test_the_checks_can_fail() -> None:
    # (the call form: this module's annotations are text, which NotRequired cannot be read from)
    Two = TypedDict("Two", {"a": int, "b": NotRequired[list[str] | None]})  # noqa: UP013

    assert problems({"a": 1, "b": None}, Two) == []
    assert problems({"a": True}, Two) == [".a: True is not int"]
    assert problems({"a": 1, "c": 2}, Two) == [".c: not a field of Two"]
    assert problems({"b": ["x", 3]}, Two, "r") == ["r.a: missing (Two)", "r.b[1]: 3 is not str"]


def test_describe_writes_every_shape_as_json() -> None:
    shapes = described()
    assert json.loads(json.dumps(shapes)) == shapes
    assert shapes["Snapshot"]["fields"]["viewer"] == {"type": "int | null", "required": True}
    assert shapes["DrewEvent"]["fields"]["tile"] == {"type": "str", "required": False}
    assert shapes["HandTile"]["fields"]["why_not"]["type"] == '"wait" | "lead" | "no_end" | null'
    assert shapes["Refusal"]["fields"]["values"]["type"] == "dict[str, any]"
    assert shapes["Request"]["union"][0] == "Ping"
    assert shapes["Reply"]["union"][0] == "Refusal" and shapes["GuestReply"]["module"] == "replies"
    modules = {"game", "table", "saved", "career", "messages", "requests", "replies"}
    assert {s["module"] for s in shapes.values()} == modules
    assert describe.written(dict[str, list[int | None]]) == "dict[str, list[int | null]]"
