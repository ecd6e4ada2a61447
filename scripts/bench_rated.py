"""What a rated result between people costs each device (issue 44, docs/performance.md "A
rated result"): a two-player rated table is gathered, joined and played to its end through the
engine's own ops (``app.handle``, as the host's page and a guest's page call them), then the two
devices exchange their parts and signatures exactly as the pages do (the guest's through its
channel as ``rated_part`` / ``rated_sign``, the host's by ``rated_share``), each makes the same
document, and each takes it (``rated_take``). Measured: the texts each device sends and receives
for it (bytes as UTF-8, what crosses the channel; over the relays each is one room event, end-to-
end encrypted, and none goes to the relays when the link is direct), and what the signed result
adds to each device's kept career entry. A BIP-340 signature is 128 hex digits: the pages make
them; here each is a stand-in of that length (Python's check does not verify them: the page
does), so the sizes are the pages'.

    .venv/bin/python scripts/bench_rated.py [--players 2|3|4]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from allthrees import app  # noqa: E402

KEYS = [hashlib.sha256(f"device {i}".encode()).hexdigest() for i in range(4)]


def call(op: str, **payload: Any) -> dict[str, Any]:
    return json.loads(app.handle(json.dumps({"op": op, **payload})))


def part_of(seat: int) -> str:
    return hashlib.sha256(f"part {seat}".encode()).hexdigest()


def text(kind: str, **fields: Any) -> str:
    """A guest's message as its page sends it (JSON.stringify: no spaces)."""
    return json.dumps({"v": 1, "kind": kind, **fields}, separators=(",", ":"))


def utf8(s: str) -> int:
    return len(s.encode())


def person_intent(snap: dict[str, Any]) -> dict[str, Any]:
    if snap["can_draw"]:
        return {"kind": "draw"}
    if snap["must_pass"]:
        return {"kind": "pass"}
    tile = next(h for h in snap["hand"] if h["playable"])
    intent: dict[str, Any] = {"kind": "play", "tile": tile["tile"]}
    arm = tile["targets"][-1]["arm"]
    if arm:
        intent["arm"] = arm
    return intent


def played(players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A rated sprint of ``players`` people (the host and its friends) to its end."""
    seats = ["you"] + ["friend"] * (players - 1)
    gathered = call("gather", settings={"mode": "sprint", "seats": seats}, rated=True)
    table = gathered["gathering"]["table"]
    reply = gathered
    for seat in range(1, players):
        reply = call("guest", seat=seat, message=text("hello", table=table, part=part_of(seat)))
    for _ in range(3000):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            return gathered, reply
        if snap["friend_to_move"] is not None:
            seat = snap["friend_to_move"]
            mine = reply["guests"][str(seat)]["snapshot"]
            reply = call("guest", seat=seat, message=text("intent", intent=person_intent(mine)))
        elif snap["phase"] == "round_over":
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = call("intent", seat=snap["viewer"], intent=person_intent(snap))
    raise SystemExit("the match did not end")


def measure(players: int) -> dict[str, Any]:
    gathered, end = played(players)
    stamp = "2026-12-05T12:00:00Z"
    entries = {0: call("career_entry", date=stamp, entries=[])["entry"]}
    reveal = end["outbox"]
    for seat in range(1, players):
        shared = call(
            "check_shared",
            commitment=gathered["gathering"]["commitment"],
            reveal=reveal[str(seat)][-1],
            my_part=part_of(seat),
            seen={"events": []},
            date=stamp,
        )
        entries[seat] = shared["shared"]["entry"]
    sent = {s: 0 for s in entries}
    received = {s: 0 for s in entries}
    messages = {s: [0, 0] for s in entries}  # sent, received

    def host_out(outbox: dict[str, list[str]]) -> None:
        for seat, texts in outbox.items():
            for t in texts:
                received[int(seat)] += utf8(t)
                messages[int(seat)][1] += 1
                sent[0] += utf8(t)
                messages[0][0] += 1

    parts = {
        s: call("rated_part", entries=[], entry=e, key=KEYS[s])["part"] for s, e in entries.items()
    }
    host_out(call("rated_share", part=parts[0])["outbox"])
    for seat in range(1, players):
        said = text("rated_part", part=parts[seat])
        sent[seat] += utf8(said)
        received[0] += utf8(said)
        messages[seat][0] += 1
        messages[0][1] += 1
        host_out(call("guest", seat=seat, message=said)["outbox"])
    made = call("rated_document", entry=entries[0], parts=[parts[s] for s in sorted(parts)])
    digest = made["digest"]
    signatures = {KEYS[s]: KEYS[s][:2] * 64 for s in entries}  # 128 hex digits, as BIP-340's
    host_out(call("rated_share", digest=digest, signature=signatures[KEYS[0]])["outbox"])
    for seat in range(1, players):
        said = text("rated_sign", digest=digest, signature=signatures[KEYS[seat]])
        sent[seat] += utf8(said)
        received[0] += utf8(said)
        messages[seat][0] += 1
        messages[0][1] += 1
        host_out(call("guest", seat=seat, message=said)["outbox"])
    signed = {"document": made["document"], "digest": digest, "signatures": signatures}
    kept = {}
    for seat, entry in entries.items():
        took = call(
            "rated_take", entries=[entry], entry=entry, signed=signed, verified=True, key=KEYS[seat]
        )
        assert took["ok"], took
        before = utf8(json.dumps({k: v for k, v in entry.items() if k != "record"}))
        after = utf8(json.dumps({k: v for k, v in took["entry"].items() if k != "record"}))
        kept[seat] = after - before
    return {"sent": sent, "received": received, "messages": messages, "kept": kept}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    players = parser.parse_args().players
    got = measure(players)
    print(f"a rated result at a table of {players} people, per device:")
    for seat in sorted(got["sent"]):
        who = "host " if seat == 0 else f"guest{seat}"
        out, into = got["messages"][seat]
        print(
            f"  {who}: sends {out} messages, {got['sent'][seat]} B; receives {into}, "
            f"{got['received'][seat]} B; its career entry grows {got['kept'][seat]} B"
        )


if __name__ == "__main__":
    main()
