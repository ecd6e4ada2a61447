"""A constant of a web/js module, read from its source (`export const NAME = value;`, a number
or a string): a test or a benchmark that needs one of the page's kinds, topics or limits reads it
here rather than keeping a copy that could drift from its one home."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB_JS = Path(__file__).resolve().parents[2] / "web" / "js"


def js_const(module: str, name: str) -> int | str:
    """`name`'s value in web/js/`module` (e.g. "net/standings.js"). Raises LookupError when the
    module exports no such constant, ValueError when it is neither a number nor a string."""
    text = (WEB_JS / module).read_text()
    found = re.search(rf"^export const {re.escape(name)} = (.+?);\s*(//.*)?$", text, re.M)
    if not found:
        raise LookupError(f"web/js/{module} exports no constant {name}")
    value = found.group(1).strip()
    if re.fullmatch(r"\d[\d_]*", value):
        return int(value.replace("_", ""))
    if re.fullmatch(r'"[^"\\]*"', value):
        return str(json.loads(value))
    raise ValueError(f"web/js/{module} {name} is neither a number nor a string: {value}")
