"""Restoring never throws anything but BadSave: a save with any part replaced, removed or cut off
either restores to a match that saves back to a save that restores, or is refused with a kind
the page acts on and words a player can read. Through the controller, every such save still
reaches a playable table (hypothesis over mutations of real saves at several points of a match)."""

from __future__ import annotations

import json
from typing import Any

from appkit import call, play_until, step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allthrees.errors import REFUSAL_CODES
from allthrees.save import BadSave, dump, load

KINDS = {"unreadable", "newer", "tampered", "damaged"}

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers(min_value=10**20, max_value=10**90)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["6-3", "6-3E", "D", "P", "0-0", "keyed", "string", "you", "expert"])
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


def saves() -> list[str]:
    """Real saves: at the deal, mid-round, and after a round (2 and 4 players, muggins)."""
    out = []
    for settings_ in (
        {"seats": ["you", "casual"]},
        {"seats": ["you", "casual", "casual", "casual"], "mode": "partners"},
        {"seats": ["you", "casual"], "options": {"muggins": True}},
    ):
        reply = call("start", seed=23, settings=settings_)
        out.append(reply["save"])
        reply = play_until(reply, lambda s: len(s["layout"]["tiles"]) >= 5 or s["round"]["over"])
        out.append(reply["save"])
    reply = play_until(
        call("start", seed=29, settings={"seats": ["you", "casual"]}), lambda s: s["round"]["over"]
    )
    out.append(reply["save"])
    return out


SAVES = saves()


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as a path of keys and indexes."""
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*here, index))
    return out


def replaced(value: Any, path: tuple, new: Any, remove: bool) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    value = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        value[head] = replaced(value[head], rest, new, remove)
    elif remove:
        del value[head]
    else:
        value[head] = new
    return value


@st.composite
def mutated(draw) -> str:
    text = draw(st.sampled_from(SAVES))
    how = draw(st.sampled_from(["replace", "remove", "cut", "swap moves"]))
    data = json.loads(text)
    if how == "cut":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "swap moves":
        rounds = data["rounds"]
        moves = rounds[draw(st.integers(0, len(rounds) - 1))]
        if len(moves) >= 2:
            i = draw(st.integers(0, len(moves) - 2))
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
        return json.dumps(data)
    path = draw(st.sampled_from(paths(data)[1:]))
    return json.dumps(replaced(data, path, draw(json_values), how == "remove"))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_save_restores_or_is_refused_with_a_bad_save(text: str) -> None:
    try:
        session = load(text)
    except BadSave as exc:
        assert exc.kind in KINDS
        assert str(exc) and "Traceback" not in str(exc) and len(str(exc)) < 400
        if exc.kind == "damaged":
            # resumable up to its last legal move, and that resumes again
            again = load(text, salvage=True)
            assert dump(load(dump(again))) == dump(again)
        return
    assert dump(load(dump(session))) == dump(session), "a restored save saves back the same"


@settings(max_examples=150, deadline=None)
@given(mutated())
def test_the_controller_reaches_a_playable_table_from_any_save(text: str) -> None:
    reply = call("start", save=text)
    assert reply["ok"], reply
    problem = reply.get("problem")
    if problem:
        assert problem["kind"] in KINDS and problem["message"]
        assert problem["code"] in REFUSAL_CODES, problem
    # a table that goes on: the next step of play (a computer's move, a person's, the next
    # round) is accepted
    snap = reply["snapshot"]
    if snap["match"]["over"]:
        reply = call("record")  # a finished match: its record is there to keep
    elif snap["round"]["over"]:
        reply = call("intent", seat=None, intent={"kind": "next"})
    else:
        reply = step(reply)
    assert reply["ok"], reply
