#!/usr/bin/env python3
"""Figures of Play online's lobby (web/js/net/lobby.js, web/js/table/parlor.js) in Chromium.

Debian's Chromium, a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py), no STUN server, each
device a browser context of its own whose `relays` preference names that relay alone; nothing
leaves this machine. Times are taken in the pages (the browser's wall clock,
performance.timeOrigin + performance.now(), so two pages' times compare), from the click's own
event:

  1. Quick match to two players seated: two new devices open Play online and press Quick match
     ("2 players") one right after the other; from the second press to both seated (the guest's
     hand shown, the host's seats all connected; looked at every 20 ms), median and range of N
     runs. The page that gives way joins the other's table by its link, and reloads: its boot is
     in this time.
  2. A table opened to another device's list: device A has Play online open, device B opens a
     table (Open a table, then the New game dialog's Open a table); from B's press to A's list
     holding it (median of N). Then device C opens Play online at least 12 s after the table's
     last announcement (so the relay replays none of it: the lobby hears from 10 s back): from
     its press to the table listed, which the lobby's "ask" brings (median of N).
  3. Events each page publishes per minute (EVENT frames its WebSockets send), over --idle
     seconds: a table waiting in the lobby (its host), the lobby open with that table listed
     (the watcher, with the events it receives), and a match played after a quick match (both
     pages, the bench moving at the pace of bench_net's `act` until the window ends).
  4. The lobby's cost per announcement checked: 1,000 valid signed announcements (each from a
     key of its own, signed here by relaykit's sign_event: BIP-340, as a host's page signs)
     through entryProblem and the signature check as Lobby#read does them, in a page with Play
     online open: microseconds per announcement, the checks alone (median of passes over all
     1,000) and with the signature (median of batches of 25: the page's timer is coarse).
  5. The longest task while a hostile flood arrives: a page with Play online open and a
     HostileRelay beside the real one sends 1,300 frames (tests/web/test_lobby.py's
     hostile_lobby_frames) when told; the long tasks (PerformanceObserver "longtask") from the go
     until the page has every frame and a second more, against a quiet window as long before it.

Each run of 1 and 2 has devices and a relay of its own (a relay replays what it kept of the
last seconds to a new subscription, and a table of the last run would be listed). The site served
is a copy of dist/ taken at the start: a build meanwhile (another checkout's tests) cannot swap
the modules a page fetches later, as Play online's, under it.

    scripts/bench net --lobby [--runs 10] [--idle 60]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
from bench_net import BOOT_TIMEOUT_MS, IDLE_NOW, PREFS_KEY, STATE, act, launch_args  # noqa: E402
from relaykit import HostileRelay, Relay, new_secret, running_relay  # noqa: E402
from serve import serve  # noqa: E402
from test_lobby import TABLES_TOPIC, announcement, hostile_lobby_frames  # noqa: E402

from allthrees.rules import PRESETS  # noqa: E402

FLOOD_FRAMES = 1300  # what hostile_lobby_frames sends
CHECKED = 1000  # announcements timed through the checks
SIGNED_BATCH = 25  # announcements a timed batch with signatures holds (a timer's grain apart)
CHECK_PASSES = 21
REPLAY_S = 12  # a lobby hears from 10 s back (whole seconds): older announcements are not replayed
ANNOUNCE_EVERY_S = 30  # net/lobby.js ANNOUNCE_EVERY_MS
QUIET_S = 10  # a page's quiet time before the flood
SEATED_WAIT_S = 120

# Every page: its clicks, the EVENT frames its WebSockets send (the lobby's with their type) and
# every frame they receive, and its long tasks; times on the browser's wall clock. (25051: the
# lobby's kind, net/lobby.js LOBBY_KIND.)
WIRE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const B = (window.__bench = { now, clicks: [], sent: [], received: [], longtasks: [] });
  addEventListener("click", (e) => B.clicks.push({ t: now(), id: e.target?.id ?? "" }), true);
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const text = String(data);
    if (text.startsWith('["EVENT"')) {
      const kind = Number(/"kind":(\\d+)/.exec(text)?.[1]);
      let type = null;
      if (kind === 25051) try { type = JSON.parse(JSON.parse(text)[1].content).type; } catch {}
      B.sent.push({ t: now(), kind, type });
    }
    return send.call(this, data);
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => B.received.push({
        t: now(), url: this.url, event: String(e.data).startsWith('["EVENT"'),
      }));
    }
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        B.longtasks.push({ t: performance.timeOrigin + e.startTime, ms: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();
"""
NOW = "() => window.__bench.now()"
LAST_CLICK = "() => window.__bench.clicks.at(-1).t"
# The moment the page's lobby lists `n` tables: looked at whenever a lobby list's items change
# (the list is redrawn in the same task as the lobby's entries), confirmed by the test hook.
WATCH_LIST = """(n) => {
  const B = window.__bench;
  B.listedAt = null;
  const listed = () => (window.allthreesTest.state()?.net?.lobby?.tables.length ?? 0) >= n;
  if (listed()) return void (B.listedAt = B.now());
  const watcher = new MutationObserver((records) => {
    if (!records.some((r) => r.target.classList?.contains("lobby-list")) || !listed()) return;
    B.listedAt = B.now();
    watcher.disconnect();
  });
  watcher.observe(document.documentElement, { childList: true, subtree: true });
}"""
LISTED_AT = "() => window.__bench.listedAt"
# A page's part at a table online: a guest with its hand shown, a host with every seat connected.
SEAT = """() => {
  const s = window.allthreesTest?.state();
  const seats = s?.net?.seats ?? [];
  return {
    t: window.__bench.now(),
    role: s?.net?.role ?? null,
    hand: Boolean(s?.hand?.length),
    allIn: Boolean(s?.hand && seats.length && seats.every((x) => x.presence === "connected")),
  };
}"""
TABLE_SAID = "() => window.__bench.sent.filter((x) => x.type === 'table').map((x) => x.t)"
SENT_SINCE = "(t) => window.__bench.sent.filter((x) => x.t >= t).length"
RECEIVED_SINCE = "(t) => window.__bench.received.filter((x) => x.event && x.t >= t).length"
FROM_URL = "(url) => window.__bench.received.filter((x) => x.url.startsWith(url)).length"
LONG_TASKS = "([a, b]) => window.__bench.longtasks.filter((x) => x.t >= a && x.t < b)"
# Lobby#read's checks of one announcement, timed: entryProblem and the signature's shape alone
# (passes over every announcement), then with the BIP-340 check (batches: the browser's timer is
# coarse), after one untimed round that also counts the announcements that pass.
CHECK_COST = """async ({ events, presets, passes, batch }) => {
  const { entryProblem } = await import("./js/net/lobby.js");
  // the curve the lobby checks with: nostr.js's loadCurve() imports this very module
  const curve = await import("./later/vendor/noble-secp256k1/index.js");
  const unhex = (text) => {  // nostr.js's
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
    return out;
  };
  const HEX128 = /^[0-9a-f]{128}$/;
  const nowS = Math.floor(Date.now() / 1000);
  const checks = (ev) =>
    entryProblem(ev.content, ev.created_at, nowS, presets) === null && HEX128.test(ev.sig);
  const signed = async (ev) => {
    try {
      return await curve.schnorr.verifyAsync(unhex(ev.sig), unhex(ev.id), unhex(ev.pubkey));
    } catch {
      return false;
    }
  };
  let passed = 0;
  for (const ev of events) if (checks(ev) && (await signed(ev))) passed += 1;
  const alone = [];
  for (let p = 0; p < passes; p++) {
    const t0 = performance.now();
    let ok = 0;
    for (const ev of events) if (checks(ev)) ok += 1;
    alone.push(((performance.now() - t0) * 1000) / events.length);
    if (ok !== passed) throw new Error("the checks changed their minds");
  }
  const whole = [];
  for (let i = 0; i < events.length; i += batch) {
    const part = events.slice(i, i + batch);
    const t0 = performance.now();
    for (const ev of part) if (checks(ev)) await signed(ev);
    whole.push(((performance.now() - t0) * 1000) / part.length);
  }
  return { passed, alone, whole };
}"""


class Devices:
    """New devices against one site; every console error and any address off this machine kept."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.made = 0
        self.problems: list[str] = []

    def new(self, relays: list[str]) -> Page:
        """A new device on the site (not yet booted: see `boot`) whose relays are `relays`."""
        self.made += 1
        name = f"Bench {self.made}"
        context = self.browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        page = context.new_page()
        prefs = {"muted": True, "iceServers": [], "relays": relays, "name": name}
        keep = f"localStorage.setItem({PREFS_KEY!r}, {json.dumps(prefs)!r})"
        page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {keep};")
        page.add_init_script(script=WIRE)
        page.on("console", lambda m: m.type == "error" and self.problem(name, m.text))
        page.on("pageerror", lambda e: self.problem(name, f"exception: {e}"))
        page.on("request", lambda r: self.local(name, r.url))
        page.on("websocket", lambda ws: self.local(name, ws.url))
        page.set_default_timeout(60_000)
        page.goto(self.base)
        return page

    def problem(self, name: str, text: str) -> None:
        self.problems.append(f"{name}: {text}")

    def local(self, name: str, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob") and parts.hostname != "127.0.0.1":
            self.problem(name, f"an address off this machine: {url}")


@contextlib.contextmanager
def fresh_relay() -> Iterator[Relay]:
    with (
        tempfile.TemporaryDirectory(prefix="allthrees-relay-") as folder,
        running_relay(Path(folder)) as relay,
    ):
        yield relay


def boot(*pages: Page) -> None:
    for page in pages:
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )


def close(*pages: Page) -> None:
    for page in pages:
        page.context.close()


def press(page: Page, target: Locator) -> float:
    """Clicks `target`: the click's time on the page's clock."""
    target.click()
    return page.evaluate(LAST_CLICK)


def open_lobby(page: Page) -> float:
    """Play online (behind the menu on a narrow screen), open and hearing: its press's time."""
    button = page.locator("#btn-online")
    if not button.is_visible():
        page.locator("#btn-menu").click()
    pressed = press(page, button)
    expect(page.get_by_role("dialog", name="Play online")).to_be_visible()
    page.wait_for_function("() => window.allthreesTest.state()?.net?.lobby != null")
    return pressed


def listed_at(page: Page) -> float:
    try:
        page.wait_for_function("() => window.__bench.listedAt !== null")
    except PlaywrightError as error:
        said = page.get_by_role("dialog", name="Play online").inner_text()
        raise SystemExit(f"no table listed ({error.message}); the dialog:\n{said}") from None
    return page.evaluate(LISTED_AT)


def open_table(page: Page) -> float:
    """Play online, Open a table, and the New game dialog's Open a table: that press's time."""
    open_lobby(page)
    page.get_by_role("button", name="Open a table").click()
    dialog = page.get_by_role("dialog", name="Open a table")
    expect(dialog).to_be_visible()
    pressed = press(page, dialog.get_by_role("button", name="Open a table"))
    page.wait_for_function("() => window.allthreesTest.state()?.gathering")
    return pressed


def seat(page: Page) -> dict[str, Any] | None:
    """SEAT, or None while the page reloads (a page that joins a table reloads itself)."""
    try:
        return page.evaluate(SEAT)
    except PlaywrightError:
        return None


def seated(pages: list[Page]) -> tuple[Page, Page, float]:
    """Once one page is a guest with its hand shown and the other a host with every seat
    connected: (host, guest, the time both were, on the pages' clocks)."""
    deadline = time.monotonic() + SEATED_WAIT_S
    first: dict[str, tuple[Page, float]] = {}
    while time.monotonic() < deadline:
        for page in pages:
            s = seat(page)
            if s and s["role"] == "guest" and s["hand"]:
                first.setdefault("guest", (page, s["t"]))
            if s and s["role"] == "host" and s["allIn"]:
                first.setdefault("host", (page, s["t"]))
        if len(first) == 2:
            (host, host_t), (guest, guest_t) = first["host"], first["guest"]
            return host, guest, max(host_t, guest_t)
        time.sleep(0.02)
    raise SystemExit(f"a quick match was not seated within {SEATED_WAIT_S} s")


def quick_match(devices: Devices, relay: Relay) -> tuple[Page, Page, dict[str, float]]:
    """Two new devices press Quick match ("2 players") one right after the other: (host, guest,
    {seated: from the second press to both seated, apart: between the presses}), in ms."""
    pages = [devices.new([relay.url]) for _ in range(2)]
    boot(*pages)
    for page in pages:
        open_lobby(page)
        page.get_by_role("radio", name="2 players").check()
    presses = [press(page, page.get_by_role("button", name="Quick match")) for page in pages]
    host, guest, both = seated(pages)
    return host, guest, {"seated": both - max(presses), "apart": abs(presses[1] - presses[0])}


def quick_matches(devices: Devices, runs: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"seated": [], "apart": []}
    for _ in range(runs):
        with fresh_relay() as relay:
            host, guest, run = quick_match(devices, relay)
            close(host, guest)
        for name, value in run.items():
            figures[name].append(value)
    return figures


def quiet_moment(host: Page) -> None:
    """Until the table's last announcement is REPLAY_S old (no relay replays it to a lobby opened
    now) and its next repeat is at least 5 s away."""
    while True:
        said = host.evaluate(TABLE_SAID)
        now = host.evaluate(NOW)
        since_last = (now - said[-1]) / 1000
        to_repeat = ANNOUNCE_EVERY_S - ((now - said[0]) / 1000) % ANNOUNCE_EVERY_S
        if since_last >= REPLAY_S and to_repeat >= 5:
            return
        time.sleep(0.2)


def listing(devices: Devices, relay: Relay) -> dict[str, float]:
    """One run: B's table to A's list; then C's lobby opened to the table listed, and whether the
    host announced in between (the ask answered), in ms."""
    watcher, host, late = (devices.new([relay.url]) for _ in range(3))
    boot(watcher, host, late)
    open_lobby(watcher)
    watcher.evaluate(WATCH_LIST, 1)
    opened = open_table(host)
    appeared = listed_at(watcher) - opened
    quiet_moment(host)
    late.evaluate(WATCH_LIST, 1)
    asked = open_lobby(late)
    answered = listed_at(late)
    said = [t for t in host.evaluate(TABLE_SAID) if asked <= t <= answered]
    close(watcher, host, late)
    return {"appeared": appeared, "late": answered - asked, "answered": float(bool(said))}


def listings(devices: Devices, runs: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"appeared": [], "late": [], "answered": []}
    for _ in range(runs):
        with fresh_relay() as relay:
            run = listing(devices, relay)
        for name, value in run.items():
            figures[name].append(value)
    return figures


def rates(pages: list[Page], starts: list[float]) -> list[tuple[float, float]]:
    """Each page's EVENT frames (sent, received) since its start, per minute of its window."""
    out = []
    for page, start in zip(pages, starts, strict=True):
        minutes = (page.evaluate(NOW) - start) / 60_000
        sent = page.evaluate(SENT_SINCE, start)
        received = page.evaluate(RECEIVED_SINCE, start)
        out.append((sent / minutes, received / minutes))
    return out


def waiting_rates(devices: Devices, seconds: float) -> dict[str, Any]:
    """A table waiting in the lobby and a page with the lobby open listing it, `seconds` still."""
    with fresh_relay() as relay:
        watcher, host = devices.new([relay.url]), devices.new([relay.url])
        boot(watcher, host)
        open_lobby(watcher)
        watcher.evaluate(WATCH_LIST, 1)
        open_table(host)
        listed_at(watcher)
        starts = [page.evaluate(NOW) for page in (host, watcher)]
        time.sleep(seconds)
        shown = [p.evaluate("() => document.visibilityState") for p in (host, watcher)]
        (host_rate, watcher_rate) = rates([host, watcher], starts)
        close(watcher, host)
    return {"host": host_rate, "watcher": watcher_rate, "shown": shown}


def play_for(host: Page, guest: Page, seconds: float) -> tuple[int, bool]:
    """Both persons play, the host dealing each next round, until `seconds` pass or the match
    ends: (the actions made, whether the match ended)."""
    end = time.monotonic() + seconds
    made = 0
    while time.monotonic() < end:
        for page in (host, guest):
            if not page.evaluate(IDLE_NOW):
                continue
            st = page.evaluate(STATE)
            if st["match_over"]:
                return made, True
            if st["round_over"]:
                if page is host and guest.evaluate(STATE)["round_over"]:
                    host.locator("#btn-next").click()
                continue
            made += act(page, st)
    return made, False


def playing_rates(devices: Devices, seconds: float) -> dict[str, Any]:
    """A quick match's two pages playing for `seconds` (or to the match's end)."""
    with fresh_relay() as relay:
        host, guest, _ = quick_match(devices, relay)
        channel = host.evaluate(STATE)["net"]["seats"][0].get("channel")
        starts = [page.evaluate(NOW) for page in (host, guest)]
        made, over = play_for(host, guest, seconds)
        host_rate, guest_rate = rates([host, guest], starts)
        window = (host.evaluate(NOW) - starts[0]) / 1000
        close(host, guest)
    return {
        "host": host_rate,
        "guest": guest_rate,
        "channel": channel,
        "actions": made,
        "over": over,
        "window": window,
    }


def check_cost(devices: Devices) -> dict[str, Any]:
    """CHECK_COST in a page with Play online open, over CHECKED announcements of fresh keys."""
    with fresh_relay() as relay:
        page = devices.new([relay.url])
        boot(page)
        open_lobby(page)
        events = [announcement(new_secret(), name=f"Table {i}") for i in range(CHECKED)]
        spec = {"events": events, "presets": list(PRESETS), "passes": CHECK_PASSES}
        figures = page.evaluate(CHECK_COST, spec | {"batch": SIGNED_BATCH})
        close(page)
    figures["alone"] = figures["alone"][1:]  # the first pass warms the checks up
    return figures


def flood(devices: Devices) -> dict[str, Any]:
    """The page's long tasks while a HostileRelay sends its flood, and in a quiet window before."""
    go, subscribed, armed = threading.Event(), threading.Event(), threading.Event()

    def frames(sub: str, want: dict[str, Any]) -> Iterator[str]:
        if TABLES_TOPIC not in want.get("#t", []) or subscribed.is_set():
            return  # the lobby's first subscription alone is flooded
        subscribed.set()
        ready = list(hostile_lobby_frames(sub))  # signed before the go: the flood comes at once
        armed.set()
        go.wait(timeout=300)
        yield from ready

    with fresh_relay() as relay, HostileRelay(frames) as hostile:
        page = devices.new([relay.url, hostile.url])
        boot(page)
        open_lobby(page)
        if not armed.wait(timeout=60):
            raise SystemExit("the page's lobby never subscribed to the hostile relay")
        time.sleep(QUIET_S)
        began = page.evaluate(NOW)
        go.set()
        while page.evaluate(FROM_URL, hostile.url) < FLOOD_FRAMES:
            time.sleep(0.1)
        page.wait_for_timeout(1000)  # what is still queued is read (as tests/web/test_lobby.py)
        ended = page.evaluate(NOW)
        quiet_from = max(began - (ended - began), began - QUIET_S * 1000)
        during = page.evaluate(LONG_TASKS, [began, ended])
        before = page.evaluate(LONG_TASKS, [quiet_from, began])
        tables = len(page.evaluate(STATE)["net"]["lobby"]["tables"])
        close(page)
    return {
        "during": during,
        "before": before,
        "window": (ended - began) / 1000,
        "quiet": (began - quiet_from) / 1000,
        "frames": hostile.sent,
        "tables": tables,
    }


# --- the report ---------------------------------------------------------------------------------


def table(title: str, header: list[str], rows: list[list[str]]) -> None:
    """A short table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    for row in [header, *rows]:
        rest = [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
        cells = [row[0].ljust(widths[0]), *rest]
        print("  " + "  ".join(cells).rstrip())
    sys.stdout.flush()


def spread(values: list[float], digits: int = 0) -> list[str]:
    return [f"{v:.{digits}f}" for v in (statistics.median(values), min(values), max(values))]


def report_quick(figures: dict[str, list[float]]) -> None:
    table(
        f"1. Quick match to two players seated ({len(figures['seated'])} runs, new devices each)",
        ["ms", "median", "min", "max"],
        [
            ["second press to both seated", *spread(figures["seated"])],
            ["between the two presses", *spread(figures["apart"])],
        ],
    )


def report_listing(figures: dict[str, list[float]]) -> None:
    answered = int(sum(figures["answered"]))
    runs = len(figures["late"])
    table(
        f"2. A table opened, listed on another device ({runs} runs, new devices each)",
        ["ms", "median", "min", "max"],
        [
            ["B's Open a table to A's list", *spread(figures["appeared"])],
            ["C's Play online to the table listed", *spread(figures["late"])],
        ],
    )
    print(f"  (the host announced again between C's press and its list in {answered} of {runs})")


def report_rates(waiting: dict[str, Any], playing: dict[str, Any], seconds: float) -> None:
    ended = " (the match ended)" if playing["over"] else ""

    def fmt(pair: tuple[float, float]) -> list[str]:
        return [f"{pair[0]:.1f}", f"{pair[1]:.1f}"]

    table(
        f"3. EVENT frames per minute (sent to the relay, received from it), {seconds:g} s windows",
        ["state / page", "published", "received"],
        [
            ["a table waiting in the lobby / its host", *fmt(waiting["host"])],
            ["the lobby open, one table listed / watcher", *fmt(waiting["watcher"])],
            ["a quick match being played / host", *fmt(playing["host"])],
            ["a quick match being played / guest", *fmt(playing["guest"])],
        ],
    )
    print(
        f"  (visibility of the waiting pages: {', '.join(waiting['shown'])}; the match's seat"
        f" channel: {playing['channel']}, {playing['actions']} actions in"
        f" {playing['window']:.0f} s{ended})"
    )


def report_checks(figures: dict[str, Any]) -> None:
    table(
        f"4. The lobby's checks of one announcement ({figures['passed']} of {CHECKED} valid"
        " announcements passed)",
        ["µs per announcement", "median", "min", "max"],
        [
            [f"entryProblem + sig's shape (passes of {CHECKED})", *spread(figures["alone"], 2)],
            [f"with the signature (batches of {SIGNED_BATCH})", *spread(figures["whole"], 0)],
        ],
    )


def report_flood(figures: dict[str, Any]) -> None:
    def row(name: str, tasks: list[dict[str, float]], seconds: float) -> list[str]:
        longest = f"{max(t['ms'] for t in tasks):.0f}" if tasks else "<50"
        return [name, f"{seconds:.1f}", longest, str(len(tasks))]

    table(
        f"5. Long tasks (50 ms or more) of a page with Play online open ({figures['frames']}"
        f" hostile frames; {figures['tables']} table listed after)",
        ["window", "seconds", "longest ms", "long tasks"],
        [
            row("the flood arriving, and 1 s more", figures["during"], figures["window"]),
            row("a quiet window before it", figures["before"], figures["quiet"]),
        ],
    )


def run(base: str, runs: int, idle: float) -> Devices:
    """Every figure, each printed once measured."""
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        devices = Devices(browser, base)
        report_quick(quick_matches(devices, runs))
        report_listing(listings(devices, runs))
        waiting = waiting_rates(devices, idle)
        report_rates(waiting, playing_rates(devices, idle), idle)
        report_checks(check_cost(devices))
        report_flood(flood(devices))
        browser.close()
    return devices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="quick matches and listings timed")
    parser.add_argument("--idle", type=float, default=60, help="seconds each rate is counted over")
    args = parser.parse_args()
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    print(f"scripts/bench net --lobby --runs {args.runs} --idle {args.idle:g}")
    print(
        f"(Chromium, a local nostr-relay on 127.0.0.1; {os.cpu_count()} CPUs;"
        f" load average at the start {os.getloadavg()[0]:.2f})",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="allthrees-site-") as folder:
        site = shutil.copytree(ROOT / "dist", Path(folder) / "dist")
        server = serve(site, port=0)
        devices = run(server.url, args.runs, args.idle)
        server.shutdown()
    print(f"\n(load average at the end {os.getloadavg()[0]:.2f})")
    if devices.problems:
        print("problems in the browsers:\n  " + "\n  ".join(devices.problems), file=sys.stderr)


if __name__ == "__main__":
    main()
