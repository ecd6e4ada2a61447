"""The controller the browser drives: JSON requests in, JSON replies out."""

from __future__ import annotations

import json

from . import __version__


def handle(request: str) -> str:
    """Answer one request from the page's worker; both sides are JSON text."""
    req = json.loads(request)
    if req.get("op") == "ping":
        return json.dumps({"ok": True, "version": __version__})
    return json.dumps({"ok": False, "error": f"unknown op {req.get('op')!r}"})
