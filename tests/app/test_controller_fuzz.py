"""The controller never throws: any request, whatever it holds, gets a reply, and a refusal
leaves the table and its save exactly as they were (hypothesis over arbitrary JSON values, over
mutated valid requests, and over raw text). scripts/fuzz_app.py runs the same at 100,000."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allthrees import app
from allthrees.errors import REFUSAL_CODES
from allthrees.save import dump

OPS = ["ping", "choices", "rules_form", "link", "start", "new", "intent", "advance", "hint",
       "review", "rules_text", "record"]  # fmt: skip
KEYS = ["op", "seat", "intent", "kind", "tile", "arm", "claim", "settings", "save", "seed",
        "params", "round", "salvage", "options", "seats", "mode", "rules"]  # fmt: skip

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["6-3", "E", "draw", "pass", "play", "next", "ready", "you", "person:Ana"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=25,
)


def table() -> tuple[str, str]:
    """A match a few moves in (the same every time), and its snapshot and save."""
    reply = json.loads(
        app.handle(
            json.dumps({"op": "start", "seed": 17, "settings": {"seats": ["you", "casual"]}})
        )
    )
    for _ in range(3):
        snap = reply["snapshot"]
        if snap["computer_to_move"]:
            reply = json.loads(app.handle(json.dumps({"op": "advance"})))
    return json.dumps(reply["snapshot"], sort_keys=True), dump(app._app.session)


def check(request_text: str) -> None:
    before_snap, before_save = table()
    out = app.handle(request_text)  # must not raise
    reply = json.loads(out)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    if not reply["ok"]:
        assert isinstance(reply["error"], str) and reply["error"]
        assert "Traceback" not in reply["error"]
        assert reply["code"] in REFUSAL_CODES and isinstance(reply["values"], dict), reply
        assert dump(app._app.session) == before_save, "a refusal changed the save"
        if "snapshot" in reply:
            assert json.dumps(reply["snapshot"], sort_keys=True) == before_snap


@settings(max_examples=750, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values)
def test_any_json_value_gets_a_reply_and_a_refusal_changes_nothing(value):
    check(json.dumps(value))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    op=st.sampled_from(OPS),
    fields=st.dictionaries(st.sampled_from(KEYS), json_values, max_size=4),
)
def test_requests_with_a_real_op_and_wrong_fields_change_nothing_when_refused(op, fields):
    check(json.dumps({**fields, "op": op}))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.text(max_size=60)
    | st.builds(lambda n, c: c * n, st.integers(1, 5000), st.sampled_from(["[", "{", "9", '"']))
)
def test_raw_text_never_breaks_the_controller(text):
    check(text)


def test_the_cases_that_once_escaped():
    """From the hostile tester's list: valid JSON that is no object, deep nesting, numbers
    over 4,300 digits, an arm of {}, settings that are a list, text or null, a huge seed."""
    for text in [
        "[]",
        "7",
        '"start"',
        "[" * 3000 + "]" * 3000,
        '{"op": "intent", "seat": 0, "intent": {"kind": "play", "tile": "6-3", "arm": {}}}',
        '{"op": "new", "settings": []}',
        '{"op": "new", "settings": "parlor"}',
        '{"op": "start", "settings": null, "seed": ' + "9" * 5000 + "}",
        '{"op": "start", "save": "' + "[" * 3000 + '"}',
        '{"op": "intent", "seat": 0, "intent": {"kind": "settings", "settings": {"target": 61}}}',
    ]:
        check(text)


def test_a_bug_halfway_through_a_move_puts_the_table_back(monkeypatch):
    """An exception that is no refusal (a bug) after the session has begun to change: the reply
    says the request failed, and the table is the one of the last reply's save."""
    from appkit import person_intent

    from allthrees.session import Session

    before_snap, before_save = table()
    snap = json.loads(before_snap)
    real = Session.act

    def broken(self, seat, intent):
        real(self, seat, intent)  # the move is made...
        raise RuntimeError("a bug")  # ...and then something breaks

    monkeypatch.setattr(Session, "act", broken)
    request = {"op": "intent", "seat": snap["viewer"], "intent": person_intent(snap)}
    reply = json.loads(app.handle(json.dumps(request)))
    assert reply["ok"] is False and "RuntimeError" in reply["error"]
    assert dump(app._app.session) == before_save
    assert json.dumps(reply["snapshot"], sort_keys=True) == before_snap
