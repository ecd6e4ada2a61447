"""JSON from outside, checked: the text before it is parsed (its size, how deep it nests, and how
long its numbers run), and the one check of a value every parser shares (``is_whole``). Records,
saves, links, the page's requests and the messages of other devices all come through here, so no
input can exhaust the interpreter (in Pyodide the stack is the browser's: a deeply nested
document would end the runtime instead of raising) or make a 5,000-digit number, and JSON's
``true`` never passes for 1. It imports nothing from the package but the errors, so any module
may use it.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, TypeGuard

from .errors import BadRecord

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json

MAX_DEPTH = 32  # nothing we read nests deeper: a record is an object of rounds of moves
MAX_DIGITS = 80  # no number we read is longer (a seed is written in hex, as text)
SHOWN = 60  # characters of a bad value echoed back in a message


def is_whole(value: object, least: int | None = None, most: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int`` that is not a ``bool``: JSON's ``true``
    must not pass for 1) within ``least`` and ``most``, both inclusive, when they are given.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole(-1, least=0), is_whole(9, 1, 9)
    (True, False, False, False, True)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (least is None or value >= least) and (most is None or value <= most)


def shown(value: object) -> str:
    """A value as a message may echo it: JSON (a string in quotes), cut to about SHOWN
    characters."""
    try:
        text = json.dumps(value, default=str, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


# The check's quick pass, in the regular expression engine (in C; a loop over every character in
# Python took most of a 4 KB message's check, several milliseconds in Pyodide): whole strings
# are dropped, then a long run of digits is looked for and the brackets' depth counted. It can
# only be stricter than the exact pass (a string left open is not dropped; dropping a string can
# join two runs of digits), so what it passes the exact pass passes, and whatever it doubts the
# exact pass decides, with the place of the fault for the message.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def check_text(text: Json, what: str, limit: int, error: type[Exception] = BadRecord) -> str:
    """Refuse text that is no JSON document of a sane shape, before any parser sees it."""
    if not isinstance(text, str):
        raise error(f"{what} is not text")
    if len(text) > limit:
        raise error(f"{what} is too long ({len(text)} characters; at most {limit})")
    outside = _STRING.sub("", text)
    if _LONG_DIGITS.search(outside) is None and _depth(_NOT_BRACKET.sub("", outside)) <= MAX_DEPTH:
        return text
    return _check_exactly(text, what, error)


def _depth(brackets: str) -> int:
    """How deep a run of brackets nests."""
    depth = most = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            most = max(most, depth)
        else:
            depth -= 1
    return most


def _check_exactly(text: str, what: str, error: type[Exception]) -> str:
    """The check character by character: strings skipped as JSON reads them."""
    depth = 0
    in_string = escaped = False
    digits = 0  # the run of digits (outside strings) ending here
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch.isdigit():
            digits += 1
            if digits > MAX_DIGITS:
                start = i - digits + 1
                end = start
                while end < len(text) and text[end].isdigit():
                    end += 1
                raise error(f"{what} holds a number of {end - start} digits at character {start}")
            continue
        digits = 0
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"{what} nests deeper than {MAX_DEPTH} levels (at character {i})")
        elif ch in "]}":
            depth -= 1
    return text


def parse(text: Json, what: str, limit: int, error: type[Exception] = BadRecord) -> Json:
    """JSON from checked text; ``error`` names what is wrong."""
    text = check_text(text, what, limit, error)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise error(f"{what} is not valid JSON ({str(exc)[:SHOWN]})") from None
