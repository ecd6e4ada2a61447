#!/usr/bin/env python3
"""Figures of Play online's lobby (web/js/net/lobby.js, web/js/table/playonline.js) in Chromium.

Debian's Chromium, a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py), no STUN server, each
device a browser context of its own whose `relays` preference names that relay alone; nothing
leaves this machine. Times are taken in the pages (the browser's wall clock,
performance.timeOrigin + performance.now(), so two pages' times compare), from the click's own
event:

  1-3. Quick match (scripts/bench_lobby_quick.py): two players pressing it a moment apart until
     both are seated, on a clean relay and with a spammer's 1 and 60 ghost tables, split where the
     time goes; a look with only a frozen host's table listed, to its own table; an
     announcement's proof of work as a Pixel 7 at 4x CPU and on the desktop.
  4. A table opened to another device's list: device A has Play online open, device B opens a
     table (Open a table, then the New game dialog's Open a table); from B's press to A's list
     holding it (median of N). Then device C opens Play online at least 12 s after the table's
     last announcement (so the relay replays none of it: the lobby hears from 10 s back): from
     its press to the table listed, which the lobby's "ask" brings (median of N).
  5. Events each page publishes per minute (EVENT frames its WebSockets send), over --idle
     seconds: a table waiting in the lobby (its host), the lobby open with that table listed
     (the watcher, with the events it receives), and a match played after a quick match (both
     pages, the bench moving at the pace of bench_net's `act` until the window ends).
  6. The lobby's cost per announcement checked: 1,000 valid signed announcements (each from a
     key of its own, its work done and signed here by test_lobby.py's announcement, as a host's
     page makes it) through entryProblem, the work's check and the signature check as the Lobby
     does them, in a page with Play
     online open: microseconds per announcement, the checks alone (median of passes over all
     1,000) and with the signature (median of batches of 25: the page's timer is coarse).
  7. The longest task while a hostile flood arrives: a page with Play online open and a
     HostileRelay beside the real one sends 1,300 frames (tests/web/test_lobby.py's
     hostile_lobby_frames) when told; the long tasks (PerformanceObserver "longtask") from the go
     until the page has every frame and a second more, against a quiet window as long before it.

Each run of 1, 2 and 4 has devices and a relay of its own (a relay replays what it kept of the
last seconds to a new subscription, and a table of the last run would be listed). The site served
is a copy of dist/ taken at the start: a build meanwhile (another checkout's tests) cannot swap
the modules a page fetches later, as Play online's, under it.

    scripts/bench net --lobby [--runs 10] [--idle 60] [--quick-only]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
from bench_lobby_quick import (  # noqa: E402
    GHOSTS,
    passed_over,
    quick_match,
    quick_matches,
    report_passed_over,
    report_quick,
    report_work,
    work_cost,
)
from bench_lobbykit import (  # noqa: E402
    NOW,
    WATCH_LIST,
    Devices,
    boot,
    close,
    fresh_relay,
    listed_at,
    open_lobby,
    open_table,
    spread,
    table,
    warm,
)
from bench_net import IDLE_NOW, STATE, act, launch_args  # noqa: E402
from relaykit import HostileRelay, Relay, new_secret  # noqa: E402
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

TABLE_SAID = "() => window.__bench.sent.filter((x) => x.type === 'table').map((x) => x.t)"
SENT_SINCE = "(t) => window.__bench.sent.filter((x) => x.t >= t).length"
RECEIVED_SINCE = "(t) => window.__bench.received.filter((x) => x.event && x.t >= t).length"
FROM_URL = "(url) => window.__bench.received.filter((x) => x.url.startsWith(url)).length"
LONG_TASKS = "([a, b]) => window.__bench.longtasks.filter((x) => x.t >= a && x.t < b)"
# Lobby#read's checks of one announcement, timed: entryProblem and the signature's shape alone
# (passes over every announcement), then with the BIP-340 check (batches: the browser's timer is
# coarse), after one untimed round that also counts the announcements that pass.
CHECK_COST = """async ({ events, presets, passes, batch, nowS }) => {
  const { entryProblem, worked, WORK_BITS } = await import("./js/net/lobby.js");
  // the curve the lobby checks with: nostr.js's loadCurve() imports this very module
  const curve = await import("./later/vendor/noble-secp256k1/index.js");
  const unhex = (text) => {  // nostr.js's
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
    return out;
  };
  const HEX128 = /^[0-9a-f]{128}$/;
  const checks = (ev) =>
    entryProblem(ev.content, ev.created_at, nowS, presets) === null &&
    worked(ev, WORK_BITS) &&
    HEX128.test(ev.sig);
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
        # checked as at the moment they were made (their work takes a while to make here, and
        # this times the checks, not their freshness)
        made = int(time.time())
        events = [
            announcement(new_secret(), created_at=made, name=f"Table {i}") for i in range(CHECKED)
        ]
        spec = {"events": events, "presets": list(PRESETS), "passes": CHECK_PASSES, "nowS": made}
        figures = page.evaluate(CHECK_COST, spec | {"batch": SIGNED_BATCH})
        close(page)
    figures["alone"] = figures["alone"][1:]  # the first pass warms the checks up
    return figures


def flood(devices: Devices) -> dict[str, Any]:
    """The page's long tasks while a HostileRelay sends its flood, and in a quiet window before."""
    go, subscribed, armed = threading.Event(), threading.Event(), threading.Event()
    # made before anything else (their work takes a while), 100 s ahead (within the clock's slack)
    # so that they are fresh when they arrive; sent at once at the go, under the page's
    # subscription's id
    made = list(hostile_lobby_frames("SUB", at=int(time.time()) + 100))
    placeholder = json.dumps(["EVENT", "SUB"])[:-1]

    def frames(sub: str, want: dict[str, Any]) -> Iterator[str]:
        if TABLES_TOPIC not in want.get("#t", []) or subscribed.is_set():
            return  # the lobby's first subscription alone is flooded
        subscribed.set()
        armed.set()
        go.wait(timeout=300)
        actual = json.dumps(["EVENT", sub])[:-1]
        yield from (frame.replace(placeholder, actual, 1) for frame in made)

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


def report_listing(figures: dict[str, list[float]]) -> None:
    answered = int(sum(figures["answered"]))
    runs = len(figures["late"])
    table(
        f"4. A table opened, listed on another device ({runs} runs, new devices each)",
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
        f"5. EVENT frames per minute (sent to the relay, received from it), {seconds:g} s windows",
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
        f"6. The lobby's checks of one announcement ({figures['passed']} of {CHECKED} valid"
        " announcements passed)",
        ["µs per announcement", "median", "min", "max"],
        [
            [f"checks but the signature (passes of {CHECKED})", *spread(figures["alone"], 2)],
            [f"with the signature (batches of {SIGNED_BATCH})", *spread(figures["whole"], 0)],
        ],
    )


def report_flood(figures: dict[str, Any]) -> None:
    def row(name: str, tasks: list[dict[str, float]], seconds: float) -> list[str]:
        longest = f"{max(t['ms'] for t in tasks):.0f}" if tasks else "<50"
        return [name, f"{seconds:.1f}", longest, str(len(tasks))]

    table(
        f"7. Long tasks (50 ms or more) of a page with Play online open ({figures['frames']}"
        f" hostile frames; {figures['tables']} table listed after)",
        ["window", "seconds", "longest ms", "long tasks"],
        [
            row("the flood arriving, and 1 s more", figures["during"], figures["window"]),
            row("a quiet window before it", figures["before"], figures["quiet"]),
        ],
    )


def run(base: str, runs: int, idle: float, quick_only: bool) -> Devices:
    """Every figure, each printed once measured (what went wrong in the browsers said first when
    a step fails)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        devices = Devices(browser, base)
        try:
            measure(p, browser, devices, base, runs, idle, quick_only)
        except BaseException:
            devices.say_problems()
            raise
        browser.close()
    return devices


def measure(
    p: Any, browser: Any, devices: Devices, base: str, runs: int, idle: float, quick_only: bool
) -> None:
    report_quick({ghosts: quick_matches(devices, runs, ghosts) for ghosts in GHOSTS})
    report_passed_over(passed_over(devices, max(3, runs // 2)))
    phone = {k: v for k, v in p.devices["Pixel 7"].items() if k != "default_browser_type"}
    report_work(work_cost(browser, base, phone), work_cost(browser, base, None))
    if quick_only:
        return
    report_listing(listings(devices, runs))
    waiting = waiting_rates(devices, idle)
    report_rates(waiting, playing_rates(devices, idle), idle)
    report_checks(check_cost(devices))
    report_flood(flood(devices))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="quick matches and listings timed")
    parser.add_argument("--idle", type=float, default=60, help="seconds each rate is counted over")
    parser.add_argument(
        "--quick-only", action="store_true", help="the quick match's figures alone (1-3)"
    )
    args = parser.parse_args()
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    only = " --quick-only" if args.quick_only else ""
    print(f"scripts/bench net --lobby --runs {args.runs} --idle {args.idle:g}{only}")
    print(
        f"(Chromium, a local nostr-relay on 127.0.0.1; {os.cpu_count()} CPUs;"
        f" load average at the start {os.getloadavg()[0]:.2f})",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="allthrees-site-") as folder:
        site = shutil.copytree(ROOT / "dist", Path(folder) / "dist")
        server = serve(site, port=0)
        warm(server.url, Path(site))
        devices = run(server.url, args.runs, args.idle, args.quick_only)
        server.shutdown()
    print(f"\n(load average at the end {os.getloadavg()[0]:.2f})")
    devices.say_problems()


if __name__ == "__main__":
    main()
