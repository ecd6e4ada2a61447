"""The check every JSON text passes before a parser sees it (``jsontext.check_text``): its quick
pass (regular expressions) decides exactly as the character-by-character pass it stands in for,
which names the place of a fault."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allthrees import jsontext
from allthrees.errors import BadRecord


def verdict(check, text: str) -> str | None:
    try:
        check(text, "the text", 10**6, BadRecord)
    except BadRecord as exc:
        return str(exc)
    return None


def exact(text, what, limit, error):
    return jsontext._check_exactly(text, what, error)


# texts made of what the check looks at: quotes, escapes, brackets, digits and a little else
PIECES = st.sampled_from(['"', "\\", "[", "]", "{", "}", "1", "9" * 40, "a", ",", ":", " ", "é"])


@settings(max_examples=600, deadline=None)
@given(st.lists(PIECES, max_size=120).map("".join))
def test_the_quick_pass_decides_as_the_exact_one(text: str) -> None:
    assert verdict(jsontext.check_text, text) == verdict(exact, text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[" * 33 + "]" * 33, "nests deeper than 32 levels (at character 32)"),
        ('{"a":' + "1" * 81 + "}", "holds a number of 81 digits at character 5"),
        # strings hide brackets and digits; a string left open hides the rest of the text
        (json.dumps(["[" * 40, "7" * 200]), None),
        ('"' + "[" * 40, None),
        ('["a\\"' + "[" * 40 + '"]', None),
    ],
)
def test_what_the_check_refuses_and_where(text: str, words: str | None) -> None:
    got = verdict(jsontext.check_text, text)
    assert got == (None if words is None else f"the text {words}")
