#!/usr/bin/env python3
"""Fuzz the controller the page drives (`allthrees.app.handle`) with many requests: random JSON
values, real ops with random fields, mutations of the requests a real game makes, and raw text.
Counts the exceptions that escape (there must be none) and the refusals that changed the table
or its save (none either). A benchmark, not a test: tests/app/test_controller_fuzz.py runs the
same ideas at CI scale with hypothesis.

    .venv/bin/python scripts/fuzz_app.py [--requests 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from allthrees import app  # noqa: E402
from allthrees.save import dump  # noqa: E402

OPS = ["ping", "choices", "rules_form", "link", "start", "new", "intent", "advance", "hint",
       "review", "rules_text", "record"]  # fmt: skip
KEYS = ["op", "seat", "intent", "kind", "tile", "arm", "claim", "settings", "save", "seed",
        "params", "round", "salvage", "options", "seats", "mode", "rules"]  # fmt: skip
WORDS = ["6-3", "E", "N", "draw", "pass", "play", "next", "ready", "you", "expert", "person:Ana",
         "parlor", "partners", "", "\u0000", "é", "9-9", "@", "=", "-1"]  # fmt: skip


def value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(12 if depth < 4 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, -1, 7, 2**31, 2**53 + 1, 10**40, -(10**20)])
    if kind == 3:
        return rng.uniform(-1e9, 1e9)
    if kind in (4, 5, 6, 7):
        return (
            rng.choice(WORDS)
            if rng.random() < 0.7
            else "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(12)))
        )
    if kind in (8, 9):
        return [value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {
        (rng.choice(KEYS) if rng.random() < 0.8 else rng.choice(WORDS)): value(rng, depth + 1)
        for _ in range(rng.randrange(5))
    }


def mutate(req: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    req = json.loads(json.dumps(req))
    for _ in range(rng.randrange(1, 4)):
        target = req
        while isinstance(target, dict) and target and rng.random() < 0.5:
            key = rng.choice(list(target))
            if not isinstance(target[key], dict):
                break
            target = target[key]
        if not isinstance(target, dict):
            continue
        roll = rng.random()
        if roll < 0.4 and target:
            target[rng.choice(list(target))] = value(rng)
        elif roll < 0.7 and target:
            del target[rng.choice(list(target))]
        else:
            target[rng.choice(KEYS)] = value(rng)
    return req


def real_requests(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """Requests a real page would send now."""
    snap = reply.get("snapshot") or {}
    out: list[dict[str, Any]] = [{"op": "advance"}, {"op": "hint", "seat": snap.get("viewer")}]
    for t in snap.get("hand", []):
        for target in t.get("targets", []):
            intent = {"kind": "play", "tile": t["tile"]}
            if target["arm"]:
                intent["arm"] = target["arm"]
            out.append({"op": "intent", "seat": snap.get("viewer"), "intent": intent})
    out.append({"op": "intent", "seat": snap.get("viewer"), "intent": {"kind": "draw"}})
    out.append({"op": "intent", "seat": None, "intent": {"kind": "next"}})
    if reply.get("save"):
        out.append({"op": "start", "save": reply["save"]})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    escaped = changed = refused = 0
    start = time.perf_counter()
    reply = json.loads(app.handle(json.dumps({"op": "start", "seed": 5})))
    last_good = reply
    for i in range(args.requests):
        if i % 500 == 0:  # a fresh table now and then, of every kind
            ana = {"controller": "person", "name": "Ana"}
            tables = [["you", "casual"], ["you", "casual", "beginner"], ["you", ana, "casual"]]
            seats = rng.choice(tables)
            last_good = json.loads(
                app.handle(json.dumps({"op": "start", "seed": i, "settings": {"seats": seats}}))
            )
        roll = rng.random()
        if roll < 0.25:
            text = json.dumps(value(rng))
        elif roll < 0.5:
            fields = value(rng) if rng.random() < 0.5 else {}
            text = json.dumps(
                {**(fields if isinstance(fields, dict) else {}), "op": rng.choice(OPS)}
            )
        elif roll < 0.9:
            text = json.dumps(mutate(rng.choice(real_requests(last_good)), rng))
        elif roll < 0.95:
            text = rng.choice(["[", "{", "9", '"', "]"]) * rng.randrange(1, 4000)
        else:
            text = json.dumps(rng.choice(real_requests(last_good)))
        before = dump(app._app.session) if app._app.session else None
        try:
            out = json.loads(app.handle(text))
        except Exception as exc:  # noqa: BLE001 - counting exactly these
            escaped += 1
            print(f"escaped: {type(exc).__name__}: {exc} <- {text[:120]}", file=sys.stderr)
            continue
        if not out.get("ok"):
            refused += 1
            after = dump(app._app.session) if app._app.session else None
            if after != before:
                changed += 1
                print(f"a refusal changed the table: {text[:120]}", file=sys.stderr)
        elif out.get("snapshot"):
            last_good = out
    seconds = time.perf_counter() - start
    print(
        f"{args.requests} requests in {seconds:.0f} s: {escaped} exceptions escaped, "
        f"{refused} refused, {changed} refusals changed the table"
    )
    print(json.dumps({"requests": args.requests, "escaped": escaped, "refused": refused,
                      "changed": changed, "seconds": round(seconds, 1)}))  # fmt: skip
    return 1 if escaped or changed else 0


if __name__ == "__main__":
    sys.exit(main())
