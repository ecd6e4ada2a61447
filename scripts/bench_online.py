#!/usr/bin/env python3
"""Figures of a table played online (web/js/net/room.js and online.js): Debian's Chromium, a real
Nostr relay on 127.0.0.1 (tests/web/relaykit.py: PyPI's nostr-relay, pinned in the test extra), no
STUN server, each device a browser context of its own whose `relays` preference names that relay
alone. Measured from Python with Playwright (its round trips of a few ms are included) or in the
pages with performance.now():

  - from opening the link to the table drawn: a fresh host table (`?sprint=1&seats=you,friend`)
    and a fresh guest device (a new context: nothing cached, nothing kept) that opens its one
    link; until the guest's hand is shown (median of N);
  - beside it, in the same run, a cold load of the game on a new device to ready (the page's
    `data-ready`), for the ratio the budget is set in;
  - from a guest's reload to its seat live again: its table live (the host's table answers it,
    not only its last table drawn) and the host's seat connected (median of N, the same table);
  - from the host's reload to every friend live again: the host's page up with every seat played
    elsewhere connected, and the guest's table live (median of N, the same table);
  - a guest's move round trip, direct and through the relay (the guest's "Hide my address" on):
    its tap to its page showing the move (the first frame whose table differs, as
    scripts/bench_net.py), p50 and p95, against the host engine's time for the same moves (its
    worker request for each guest intent); the bytes of each move each way (the guest's
    data-channel texts, or its WebSocket frames to and from the relay, between the tap and the
    move shown);
  - the events each page publishes to the relays per minute while its table is open and idle
    (direct and relayed), counted from its WebSocket frames over a still minute of the table.

    scripts/bench net --online [--runs 10] [--moves 30] [--idle 60]

The budgets (docs/performance.md): the link to the table <= 2.0 s and <= 1.2 times the cold load;
a guest's reload <= 1.5 s; the host's reload <= 2.5 s.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
from bench_net import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    IDLE_NOW,
    PREFS_KEY,
    SAFETY,
    STATE,
    act,
    launch_args,
    percentile,
    spread,
)
from relaykit import running_relay  # noqa: E402
from serve import serve  # noqa: E402

ROOM_LINK = re.compile(r"#room=[0-9a-f]{64}\.[0-9a-f]{64}$")
# A practice table whose match outlasts the rounds played (as scripts/bench_net.py's).
LONG_TABLE = "?seats=you,friend&seed=7&target=1000"
SHORT_TABLE = "?sprint=1&seats=you,friend"
ALL_IN = """() => {
  const s = window.allthreesTest?.state();
  const seats = s?.net.seats ?? [];
  return Boolean(s?.hand?.length && seats.length && seats.every((x) => x.presence === "connected"));
}"""

# Both devices: every text each page sends and receives, on a data channel or a relay's WebSocket,
# with performance.now(); the guest's moves (a tap, then the first frame whose table differs from
# the table at the tap); the host's worker requests for a guest's intent (op `guest`), timed from
# postMessage to their reply.
RECORD = """
(() => {
  const ROLE = %(role)s;
  const B = (window.__bench = {
    role: ROLE, sent: [], received: [], moves: [], engine: [], pending: null,
  });
  const bytes = (text) => new TextEncoder().encode(String(text)).length;
  const signature = () => {
    const s = window.allthreesTest?.state();
    if (!s) return "none";
    return JSON.stringify([s.turn, s.hand.map((t) => t.tile), s.boneyard, s.scores, s.round_over]);
  };
  addEventListener("pointerup", () => {
    if (ROLE !== "guest") return;
    const move = { tap: performance.now(), sig: signature(), shown: null };
    B.pending = move;
    const frame = () => {
      if (B.pending !== move) return; // a later tap took over (a tile picked, then its end)
      if (signature() === move.sig) return void requestAnimationFrame(frame);
      move.shown = performance.now();
      B.pending = null;
      B.moves.push(move);
    };
    requestAnimationFrame(frame);
  }, true);
  const sent = (via, text) => B.sent.push({ t: performance.now(), via, n: bytes(text),
    event: via === "ws" && String(text).startsWith('["EVENT"') });
  const got = (via, text) => B.received.push({ t: performance.now(), via, n: bytes(text) });
  const dcSend = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    sent("dc", data);
    return dcSend.call(this, data);
  };
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => got("dc", e.data));
    return channel;
  };
  const wsSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { sent("ws", data); return wsSend.call(this, data); };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => got("ws", e.data));
    }
  };
  const GUEST_OP = '"op":"guest"}';
  const calls = new Map();
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data?.type !== "reply" || !calls.has(data.id)) return;
        B.engine.push(performance.now() - calls.get(data.id));
        calls.delete(data.id);
      });
    }
    postMessage(message, ...rest) {
      const request = message?.type === "call" ? message.request : "";
      if (ROLE === "host" && request.length < 2000 && request.endsWith(GUEST_OP)) {
        try {
          const inner = JSON.parse(JSON.parse(request).message);
          if (inner.kind === "intent") calls.set(message.id, performance.now());
        } catch {}
      }
      return super.postMessage(message, ...rest);
    }
  };
})();
"""
# The guest's moves with their bytes each way: what its page sent and received between the tap and
# the move shown (the transport's texts only: a data channel's, or the relay's frames).
MOVES = """(via) => {
  const B = window.__bench;
  const within = (list, m) => list.filter((x) => x.via === via && x.t >= m.tap && x.t <= m.shown)
    .reduce((a, x) => a + x.n, 0);
  return B.moves.map((m) => ({
    trip: m.shown - m.tap, up: within(B.sent, m), down: within(B.received, m),
  }));
}"""
EVENTS_SINCE = "(t) => window.__bench.sent.filter((x) => x.event && x.t >= t).length"
NOW = "() => performance.now()"


class Devices:
    """New devices against one site and one relay; every console error is kept."""

    def __init__(self, browser: Browser, base: str, relay_url: str) -> None:
        self.browser, self.base, self.relay_url = browser, base, relay_url
        self.problems: list[str] = []

    def new(self, role: str, relay_only: bool = False) -> Page:
        context = self.browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        page = context.new_page()
        prefs = {
            "muted": True,
            "iceServers": [],
            "relays": [self.relay_url],
            "relayOnly": relay_only,
        }
        keep = f"localStorage.setItem({PREFS_KEY!r}, {json.dumps(prefs)!r})"
        page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {keep};")
        page.add_init_script(script=RECORD % {"role": json.dumps(role)})
        page.on(
            "console", lambda m: m.type == "error" and self.problems.append(f"{role}: {m.text}")
        )
        page.on("pageerror", lambda e: self.problems.append(f"{role} exception: {e}"))
        page.set_default_timeout(60_000)
        return page

    def host(self, query: str) -> tuple[Page, str]:
        host = self.new("host")
        host.goto(self.base + query)
        ready(host)
        link = host.get_by_label("Invite link")
        expect(link).to_have_value(ROOM_LINK, timeout=60_000)
        return host, link.input_value()


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def seated(host: Page, guest: Page) -> None:
    guest.wait_for_function("() => window.allthreesTest?.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)


GUEST_LIVE = "() => Boolean(window.allthreesTest?.state()?.live)"


def link_to_table(devices: Devices, runs: int) -> tuple[list[float], list[float]]:
    """Each run a new host table and a new guest device: the link opened, the guest's hand shown;
    and, interleaved, a new device's cold load of the game to ready (the ratio's other side)."""
    times, cold = [], []
    for _ in range(runs):
        fresh = devices.new("cold")
        start = time.perf_counter()
        fresh.goto(devices.base)
        ready(fresh)
        cold.append((time.perf_counter() - start) * 1000)
        fresh.context.close()
        host, link = devices.host(SHORT_TABLE)
        guest = devices.new("guest")
        start = time.perf_counter()
        guest.goto(link)
        guest.wait_for_function("() => window.allthreesTest?.state()?.hand?.length > 0")
        times.append((time.perf_counter() - start) * 1000)
        host.wait_for_function(ALL_IN)
        guest.context.close()
        host.context.close()
    return times, cold


def reload_to_live(host: Page, guest: Page, runs: int) -> list[float]:
    """The guest's reload until its table is live again (its last table is drawn at once, before
    that) and the host shows its seat connected."""
    times = []
    for _ in range(runs):
        settle_table(host, guest)
        start = time.perf_counter()
        guest.reload()
        guest.wait_for_function(GUEST_LIVE)
        host.wait_for_function(ALL_IN)
        times.append((time.perf_counter() - start) * 1000)
    return times


def host_reload_to_live(host: Page, guest: Page, runs: int) -> list[float]:
    """The host's reload until its page has every seat played elsewhere connected again (a fresh
    page's presence comes only from a friend seated anew) and the guest's table is live."""
    times = []
    for _ in range(runs):
        settle_table(host, guest)
        start = time.perf_counter()
        host.reload()
        host.wait_for_function(ALL_IN)
        guest.wait_for_function(GUEST_LIVE)
        times.append((time.perf_counter() - start) * 1000)
    return times


def settle_table(host: Page, guest: Page) -> None:
    """Both pages still, the guest live: a reload starts from a table at rest."""
    for page in (host, guest):
        page.wait_for_function(IDLE_NOW)
    guest.wait_for_function(GUEST_LIVE)
    host.wait_for_function(ALL_IN)


def channel(host: Page) -> str:
    return host.evaluate(STATE)["net"]["seats"][0]["channel"]


def play(host: Page, guest: Page, moves: int) -> None:
    """Both persons play until the guest has made `moves` moves (the host deals each next round)."""
    for _ in range(SAFETY):
        if len(guest.evaluate("() => window.__bench.moves")) >= moves:
            return
        for page in (host, guest):
            if not page.evaluate(IDLE_NOW):
                continue
            st = page.evaluate(STATE)
            if st["round_over"]:
                if page is host and guest.evaluate(STATE)["round_over"]:
                    host.locator("#btn-next").click()
                continue
            act(page, st)
    raise SystemExit(f"the table did not reach {moves} guest moves")


def idle_events(pages: list[Page], seconds: float) -> list[float]:
    """Events each page publishes per minute while the table stands still for `seconds`."""
    starts = [p.evaluate(NOW) for p in pages]
    time.sleep(seconds)
    return [p.evaluate(EVENTS_SINCE, t) * 60 / seconds for p, t in zip(pages, starts, strict=True)]


def table(devices: Devices, relay_only: bool, moves: int, idle: float) -> dict[str, Any]:
    host, link = devices.host(LONG_TABLE)
    guest = devices.new("guest", relay_only=relay_only)
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    if not relay_only:  # seated through the relay at once, then moved to the direct channel
        host.wait_for_function(
            "() => window.allthreesTest.state().net.seats.every((s) => s.channel === 'direct')"
        )
    via = channel(host)
    play(host, guest, moves)
    host.evaluate(IDLE_NOW)
    guest_moves = guest.evaluate(MOVES, "ws" if via == "relay" else "dc")
    engine = host.evaluate("() => window.__bench.engine")
    per_minute = idle_events([host, guest], idle)
    return {
        "via": via,
        "moves": guest_moves,
        "engine": engine,
        "per_minute": per_minute,
        "pages": (host, guest),
    }


def report(name: str, played: dict[str, Any]) -> None:
    trips = [m["trip"] for m in played["moves"]]
    engine = played["engine"]
    up = [m["up"] for m in played["moves"]]
    down = [m["down"] for m in played["moves"]]
    print(f"{name} (the seat's channel: {played['via']}), {len(trips)} guest moves:")
    print(f"  round trip, tap to the move shown: {spread(trips)}")
    print(f"  host engine per guest move: {spread(engine)}")
    print(f"  round trip p95 - engine p95: {percentile(trips, 95) - percentile(engine, 95):.1f} ms")
    print(
        f"  bytes per move (UTF-8 on the wire), guest->host: median {statistics.median(up):.0f},"
        f" max {max(up)}; host->guest: median {statistics.median(down):.0f}, max {max(down)}"
    )
    host_rate, guest_rate = played["per_minute"]
    print(
        f"  events published per minute, table idle: host {host_rate:.1f}, guest {guest_rate:.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="links opened, and reloads, timed")
    parser.add_argument("--moves", type=int, default=30, help="guest moves on each table")
    parser.add_argument("--idle", type=float, default=60, help="seconds of a still table counted")
    args = parser.parse_args()
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    server = serve(str(ROOT / "dist"), port=0)
    with (
        tempfile.TemporaryDirectory(prefix="allthrees-relay-") as folder,
        running_relay(Path(folder)) as relay,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(**launch_args())
        devices = Devices(browser, server.url, relay.url)
        opened, cold = link_to_table(devices, args.runs)
        print(
            "the one link opened to the table drawn on the guest:"
            f" median {statistics.median(opened):.0f} ms of {len(opened)}"
            f" (min {min(opened):.0f}, max {max(opened):.0f}; a new device each time)\n"
            f"a cold load of the game to ready, interleaved: median {statistics.median(cold):.0f}"
            f" ms (min {min(cold):.0f}, max {max(cold):.0f}); the link's median is"
            f" {statistics.median(opened) / statistics.median(cold):.2f} times it",
            flush=True,
        )
        direct = table(devices, False, args.moves, args.idle)
        report("direct", direct)
        reloads = reload_to_live(*direct["pages"], args.runs)  # on the direct table
        print(
            f"a guest's reload to its seat live again: median {statistics.median(reloads):.0f} ms"
            f" of {len(reloads)} (min {min(reloads):.0f}, max {max(reloads):.0f})",
            flush=True,
        )
        back = host_reload_to_live(*direct["pages"], args.runs)
        print(
            f"the host's reload to every friend live again: median {statistics.median(back):.0f}"
            f" ms of {len(back)} (min {min(back):.0f}, max {max(back):.0f})",
            flush=True,
        )
        for page in direct["pages"]:
            page.context.close()
        relayed = table(devices, True, args.moves, args.idle)
        report("through the relay", relayed)
        browser.close()
    server.shutdown()
    devices.say_problems()


if __name__ == "__main__":
    main()
