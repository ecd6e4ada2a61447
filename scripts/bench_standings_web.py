#!/usr/bin/env python3
"""The daily standings in the browser: one look at them, timed and counted in Debian's Chromium.

A real Nostr relay on 127.0.0.1 (tests/web/relaykit.py: PyPI's nostr-relay, pinned in the test
extra) holds N valid entries of today's deal (the real UTC date, the page's own: the relay refuses
events far from its clock), each a signed event of its own key as a page publishes it
(web/js/net/standings.js entryEvent: kind 30333, tags d, t and expiration, the entry's compact
JSON), made a second apart over the last minutes, and optionally junk events of the right shape
(the entry malformed: refused without a replay). The entries' records are PLAYS plays of the day's
deal (random legal moves, the day's computer as every device plays it:
``allthrees.bench.standings_entries``) made in the page's own Python, Pyodide under Node on the
built site's standard library and game bundle, so that every one replays in the page (another
Python's floats may make the day's computer choose otherwise); entry i is play i mod PLAYS under
the name P<i>.

Each look is a fresh device (a new browser context: no verdict kept, nothing cached) whose only
relay is that one: it boots, opens the career's Daily deal tab and presses Show the standings
(#standings-show); the look ends when its status line is emptied (career/standingsview.js: the
list shown with every step's checked entries). Measured, on the page's clock (performance.now()):

  - the look: from the press to the list shown, and the fetch within it (the press to the first
    request "standings" posted to the engine's worker: the relay's WebSocket opened, REQ, the
    events, EOSE, every signature checked on the main thread);
  - each request "standings" (career/standings.js: CHECK_STEP replays a request, CHECKS_PER_LOOK
    a look), from postMessage to its reply (the worker wrapped as scripts/bench_online.py wraps it):
    its time, the entries it carried, the entries it replayed (verdicts new to the page), and so the
    worker's milliseconds an entry checked;
  - the WebSocket frames of the look, by Playwright (page.on("websocket"): framesent,
    framereceived): REQ, CLOSE, EVENT, EOSE and others, counted and their UTF-8 bytes; and the HTTP
    requests to the relay (NIP-11's);
  - the page's long tasks during the look (PerformanceObserver "longtask": main-thread tasks of
    50 ms or more): how many and the longest.

What a look checks is CHECKS_PER_LOOK entries (the highest claims first); checking every one of
N entries on this device is given as arithmetic: N times the measured milliseconds an entry, in
ceil(N / CHECKS_PER_LOOK) looks. Needs ``scripts/build`` first.

    scripts/bench standings --browser [--entries 12,1000] [--runs 3] [--plays 12] [--junk 0]
                                      [--shot PNG]
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "py"))
from bench_lobbykit import Devices, boot, fresh_relay, table, warm  # noqa: E402
from bench_net import launch_args  # noqa: E402
from bench_standings import pyodide_json  # noqa: E402
from jsconst import js_const  # noqa: E402
from relaykit import Client, Relay, new_secret, sign_event  # noqa: E402
from serve import serve  # noqa: E402
from tablekit import open_career  # noqa: E402

from allthrees.bench import standings_entries  # noqa: E402
from allthrees.career.signed import digest_of  # noqa: E402

KIND = int(js_const("net/standings.js", "STANDINGS_KIND"))
TOPIC = str(js_const("net/standings.js", "STANDINGS_TOPIC"))
EXPIRY_DAYS = int(js_const("net/standings.js", "EXPIRY_DAYS"))
MAX_EVENT_CHARS = int(js_const("net/standings.js", "MAX_EVENT_CHARS"))
CHECKS_PER_LOOK = int(js_const("career/standings.js", "CHECKS_PER_LOOK"))
LOOK_TIMEOUT_MS = 600_000
DAY_S = 86_400
# The day's plays, made in the page's Python (its bundle holds no benchmark: the function goes over
# as source, its imports made absolute)
MAKE = "\n".join(
    [
        "import json, random",
        "from typing import Any",
        inspect.getsource(standings_entries).replace("from .", "from allthrees."),
        "json.dumps(standings_entries(PLAYS, PLAYS, SEED, DAY, DAY))",  # looked at today
    ]
)

# Every page: the press of Show the standings, each request "standings" to the worker and its
# reply (texts kept whole, read after the look: parsing them during it would be the bench's work
# on the main thread), each step's list shown (#standings-body's children replaced), the status
# emptied (the look done), and the long tasks.
RECORD = """
(() => {
  const now = () => performance.now();
  const B = (window.__bench = { press: null, calls: [], shown: [], done: null, longtasks: [] });
  addEventListener("click", (e) => {
    if (e.target?.id !== "standings-show") return;
    Object.assign(B, { press: now(), calls: [], shown: [], done: null });
  }, true);
  const open = new Map();
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        const call = data?.type === "reply" ? open.get(data.id) : undefined;
        if (!call) return;
        open.delete(data.id);
        call.end = now();
        call.reply = data.reply ?? null;
      });
    }
    postMessage(message, ...rest) {
      const request = message?.type === "call" ? message.request : "";
      if (typeof request === "string" && request.endsWith('"op":"standings"}')) {
        B.engine = this;
        const call = { start: now(), end: null, request, reply: null };
        open.set(message.id, call);
        B.calls.push(call);
      }
      return super.postMessage(message, ...rest);
    }
  };
  new MutationObserver((records) => {
    if (B.press === null || B.done !== null) return;
    for (const r of records) {
      if (r.type !== "childList") continue;
      const id = r.target.id;
      if (id === "standings-body") B.shown.push(now());
      const emptied = id === "standings-status" && r.target.textContent === "";
      if (emptied && B.calls.length) B.done = now();
    }
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push({ t: e.startTime, ms: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();
"""
# The look as the page recorded it, the requests read now that it is over.
LOOK = """() => {
  const B = window.__bench;
  const calls = B.calls.map((c) => {
    const request = JSON.parse(c.request);
    const reply = c.reply ? JSON.parse(c.reply) : null;
    const known = request.known ?? {};
    const s = reply?.standings ?? {};
    const fresh = Object.keys(s.checked ?? {}).filter((d) => !(d in known));
    return {
      at: c.start - B.press, ms: c.end - c.start, entries: request.entries.length,
      budget: request.budget, fresh, requestChars: c.request.length,
      replyChars: c.reply?.length ?? 0, count: s.count ?? null, refused: s.refused ?? null,
      unchecked: s.unchecked ?? null,
    };
  });
  return {
    done: B.done - B.press,
    shown: B.shown.map((t) => t - B.press),
    calls,
    longtasks: B.longtasks.filter((x) => x.t >= B.press && x.t <= B.done).map((x) => x.ms),
    before: B.longtasks.filter((x) => x.t < B.press).map((x) => x.ms),
  };
}"""
# The look's last request again with a budget of 0 (no replay: the entries read, well-formed,
# digested, the known verdicts ranked), straight to the engine's worker under ids of its own (the
# page's bridge ignores their replies), one after another after the look: a request's cost apart
# from its replays.
OVERHEAD = """async (runs) => {
  const B = window.__bench;
  const request = JSON.stringify({ ...JSON.parse(B.calls.at(-1).request), budget: 0 });
  const times = [];
  for (let i = 0; i < runs; i++) {
    const id = 1e9 + i;
    const start = performance.now();
    await new Promise((resolve) => {
      const on = ({ data }) => {
        if (data?.type !== "reply" || data.id !== id) return;
        B.engine.removeEventListener("message", on);
        resolve(undefined);
      };
      B.engine.addEventListener("message", on);
      B.engine.postMessage({ type: "call", id, request });
    });
    times.push(performance.now() - start);
  }
  return times;
}"""
OVERHEAD_RUNS = 3
FRAME_TYPE = re.compile(r'^\s*\[\s*"([A-Z]+)"')


def made_plays(plays: int, seed: int, day: str) -> list[dict[str, Any]]:
    """`plays` entries of `day`, each a play of its deal, made in the page's Python."""
    source = f"PLAYS, SEED, DAY = {plays}, {seed}, {day!r}\n{MAKE}"
    made = pyodide_json(source, ROOT / "dist")
    return [p["entry"] for p in made["entries"]]


def entry_event(entry: dict[str, Any], created_at: int) -> dict[str, Any]:
    """The entry's event as a page signs it (net/standings.js entryEvent), of a key of its own."""
    start = int(datetime.fromisoformat(f"{entry['date']}T00:00:00+00:00").timestamp())
    tags = [
        ["d", entry["date"]],
        ["t", TOPIC],
        ["expiration", str(start + (1 + EXPIRY_DAYS) * DAY_S)],
    ]
    content = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
    return sign_event(new_secret(), KIND, content, tags, created_at)


def events_of(
    plays: list[dict[str, Any]], entries: int, junk: int, day: str
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The events to publish (entries a second apart, newest first, then junk ones) and each
    entry's rounds by its digest (what the page's verdicts are keyed by)."""
    now = int(time.time())
    start = int(datetime.fromisoformat(f"{day}T00:00:00+00:00").timestamp())
    events, rounds = [], {}
    for i in range(entries):
        entry = {**plays[i % len(plays)], "name": f"P{i}"}
        rounds[digest_of(entry)] = len(entry["record"])
        events.append(entry_event(entry, max(start + 1, now - i)))
    for i in range(junk):
        entry = {"v": 1, "name": f"Junk{i}", "date": day, "score": 150}  # no record: malformed
        events.append(entry_event(entry, now))
    return events, rounds


def publish_all(relay: Relay, events: list[dict[str, Any]]) -> None:
    """Every event on one connection, sent at once, then every OK awaited."""
    with Client(relay.url, timeout=30) as client:
        for ev in events:
            client.send(["EVENT", ev])
        ok = refused = 0
        deadline = time.monotonic() + 300
        while ok + refused < len(events):
            message = client.recv(max(0.1, deadline - time.monotonic()))
            if message[0] == "OK":
                ok += message[2] is True
                refused += message[2] is not True
    if refused:
        raise SystemExit(f"the relay refused {refused} of {len(events)} events")


class Frames:
    """A page's WebSocket frames (Playwright's view) and HTTP requests to the relay, once on."""

    def __init__(self, page: Page, relay: Relay) -> None:
        self.on = False
        self.frames: list[tuple[str, str, int]] = []  # (sent|received, type, bytes)
        self.sockets = 0
        self.http = 0
        self.port = relay.port
        page.on("websocket", self.socket)
        page.on("request", self.request)

    def socket(self, ws: WebSocket) -> None:
        if not self.on or f":{self.port}" not in ws.url:
            return
        self.sockets += 1
        ws.on("framesent", lambda payload: self.frame("sent", payload))
        ws.on("framereceived", lambda payload: self.frame("received", payload))

    def frame(self, way: str, payload: str | bytes) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        kind = FRAME_TYPE.match(data[:32].decode(errors="replace"))
        self.frames.append((way, kind.group(1) if kind else "?", len(data)))

    def request(self, request: Any) -> None:
        if self.on and request.url.startswith(f"http://127.0.0.1:{self.port}"):
            self.http += 1

    def counted(self) -> dict[str, dict[str, list[int]]]:
        """{way: {type: [frames, bytes]}}."""
        out: dict[str, dict[str, list[int]]] = {"sent": {}, "received": {}}
        for way, kind, n in self.frames:
            cell = out[way].setdefault(kind, [0, 0])
            cell[0] += 1
            cell[1] += n
        return out


def one_look(devices: Devices, relay: Relay, shot: Path | None) -> dict[str, Any]:
    """A fresh device's first look at today's standings."""
    page = devices.device([relay.url], RECORD)  # the recorder in place from the page's start
    frames = Frames(page, relay)
    page.goto(devices.base)
    boot(page)
    open_career(page, "daily")
    frames.on = True
    page.locator("#standings-show").click()
    # the list shown (the status emptied), or the look over without it (the button back)
    page.wait_for_function(
        "() => window.__bench.done !== null || !document.querySelector('#standings-show').disabled",
        polling=250,
        timeout=LOOK_TIMEOUT_MS,
    )
    if page.evaluate("() => window.__bench.done") is None:
        said = page.locator("#standings-status").inner_text()
        kept = page.evaluate(
            "() => ({...window.__bench, calls: window.__bench.calls.length,"
            " worker: String(window.Worker).slice(0, 40)})"
        )
        raise SystemExit(f"the look ended without the list: {said!r} {kept}")
    page.wait_for_timeout(300)  # the sockets' last frames (CLOSE, the close itself) in
    look = page.evaluate(LOOK)
    look["overhead"] = statistics.median(page.evaluate(OVERHEAD, OVERHEAD_RUNS))
    look["frames"] = frames.counted()
    look["sockets"] = frames.sockets
    look["http"] = frames.http
    look["status"] = page.locator("#standings-rank").inner_text()
    look["countText"] = page.locator("#standings-count").inner_text()
    notes = page.locator("#standings-body .standings-note")
    look["notes"] = notes.all_inner_texts()
    expect(page.locator("#standings-list")).to_be_visible()
    if shot:
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.locator("#standings-body").scroll_into_view_if_needed()
        page.screenshot(path=str(shot), animations="disabled")
    page.context.close()
    return look


def per_entry(look: dict[str, Any], bare: bool = False) -> tuple[float, int]:
    """The worker's ms an entry replayed in one look (its requests' time over its replays; `bare`:
    less each request's cost without a replay), and how many it replayed."""
    replayed = sum(len(c["fresh"]) for c in look["calls"])
    calls = [c for c in look["calls"] if c["fresh"]]
    worker = sum(c["ms"] for c in calls) - (look["overhead"] * len(calls) if bare else 0)
    return (worker / replayed if replayed else math.nan), replayed


def report(entries: int, junk: int, looks: list[dict[str, Any]], rounds: dict[str, int]) -> None:
    first = looks[0]
    head = f"{entries:,} entries on the relay" + (f" and {junk:,} junk events" if junk else "")
    rows = []
    for i, look in enumerate(looks, 1):
        ms, replayed = per_entry(look)
        fetch = look["calls"][0]["at"] if look["calls"] else math.nan
        long = look["longtasks"]
        seen = [rounds.get(d) for c in look["calls"] for d in c["fresh"]]
        mean_rounds = statistics.mean(r for r in seen if r) if any(seen) else math.nan
        rows.append(
            [
                f"look {i}",
                f"{look['done']:,.0f}",
                f"{fetch:,.0f}",
                str(len(look["calls"])),
                str(replayed),
                f"{mean_rounds:.1f}",
                f"{ms:,.0f}",
                f"{look['overhead']:,.0f}",
                f"{per_entry(look, bare=True)[0]:,.0f}",
                str(len(long)),
                f"{max(long, default=0):,.0f}",
            ]
        )
    table(
        head + ": a fresh device's first look (ms on the page's clock)",
        [
            "",
            "press to list",
            "fetch",
            "requests",
            "replayed",
            "rounds",
            "ms/entry",
            "no-replay request",
            "ms/replay",
            "tasks>=50ms",
            "longest",
        ],
        rows,
    )
    for c in first["calls"]:
        print(
            f"    look 1, request at {c['at']:,.0f} ms: {c['ms']:,.0f} ms, {c['entries']:,} entries"
            f" ({c['requestChars']:,} characters; reply {c['replyChars']:,}), replayed"
            f" {len(c['fresh'])}; count {c['count']}, refused {c['refused']},"
            f" unchecked {c['unchecked']}"
        )
    print(f"    look 1 says: {first['status']} / {first['countText']} / {first['notes']}")
    frames = first["frames"]
    for way in ("sent", "received"):
        said = ", ".join(f"{k} {n:,} ({b:,} B)" for k, (n, b) in sorted(frames[way].items()))
        total = sum(b for _, b in frames[way].values())
        print(f"    look 1, frames {way}: {said or 'none'}; {total:,} B in all")
    print(f"    look 1: {first['sockets']} WebSocket(s), {first['http']} HTTP request(s) to it")
    same = all(look["frames"] == frames for look in looks[1:])
    print(f"    every look's frames the same counts and bytes: {same}")
    mss = [per_entry(look)[0] for look in looks]
    ms = statistics.median(mss)
    bare = [per_entry(look, bare=True)[0] for look in looks]
    print(
        f"  a request's cost without a replay ({entries:,} entries), median:"
        f" {statistics.median(look['overhead'] for look in looks):,.0f} ms; the replay alone,"
        f" median: {statistics.median(bare):,.0f} ms an entry"
    )
    looks_needed = math.ceil(entries / CHECKS_PER_LOOK)
    print(
        f"  the worker's time an entry replayed, median of {len(looks)} looks: {ms:,.0f} ms"
        f" ({min(mss):,.0f}-{max(mss):,.0f}); at that rate every one of the {entries:,} entries"
        f" would take {entries * ms / 1000:,.1f} s ({entries * ms / 60_000:,.1f} min) of the"
        f" worker, in {looks_needed} looks of {CHECKS_PER_LOOK}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", default="12,1000", help="entries on the relay, each case")
    parser.add_argument("--runs", type=int, default=3, help="looks (fresh devices) each case")
    parser.add_argument("--plays", type=int, default=12, help="distinct plays the entries repeat")
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--junk", type=int, default=0, help="junk events beside the entries")
    parser.add_argument("--shot", type=Path, help="a PNG of the last look of the last case")
    args = parser.parse_args()
    sizes = [int(n) for n in args.entries.split(",")]
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    day = datetime.now(UTC).date().isoformat()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    began = time.monotonic()
    plays = made_plays(args.plays, args.seed, day)
    sizes_said = [len(json.dumps(entry_event(p, int(time.time())))) for p in plays]
    if max(sizes_said) > MAX_EVENT_CHARS:
        raise SystemExit(f"a play's event is over {MAX_EVENT_CHARS} characters: {sizes_said}")
    print(
        f"{day}: {len(plays)} plays of the day's deal made in Pyodide under Node in"
        f" {time.monotonic() - began:.0f} s: {statistics.mean(len(p['record']) for p in plays):.1f}"
        f" rounds a match, events of {min(sizes_said):,}-{max(sizes_said):,} characters",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="allthrees-site-") as folder:
        site = Path(folder) / "dist"
        shutil.copytree(ROOT / "dist", site)  # a build meanwhile cannot swap the modules
        server = serve(str(site), port=0)
        warm(server.url, site)
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            devices = Devices(browser, server.url)
            for k, entries in enumerate(sizes):
                events, rounds = events_of(plays, entries, args.junk, day)
                with fresh_relay() as relay:
                    began = time.monotonic()
                    publish_all(relay, events)
                    print(
                        f"\n{len(events):,} events published in {time.monotonic() - began:.1f} s",
                        flush=True,
                    )
                    looks = []
                    for run in range(args.runs):
                        last = k == len(sizes) - 1 and run == args.runs - 1
                        looks.append(one_look(devices, relay, args.shot if last else None))
                    report(entries, args.junk, looks, rounds)
                    print(f"  load average after the case: {os.getloadavg()[0]:.1f}", flush=True)
            browser.close()
        server.shutdown()
    devices.say_problems()


if __name__ == "__main__":
    main()
