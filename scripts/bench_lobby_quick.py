"""Quick match's figures for scripts/bench_lobby.py (`scripts/bench net --lobby`), in Chromium
with a local relay (nothing leaves this machine):

  1. Two new devices open Play online and press Quick match ("2 players") one right after the
     other: from the second press to both seated (the guest's hand shown, the host's seats all
     connected; looked at every 20 ms), median and range of N runs, on a clean relay and with a
     spammer's ghost quick tables on it (1 and 60, tests/web/test_lobby_quick.py's Spammer: fresh
     keys, valid, their work done (beforehand: the spammer's own work takes none of the machine's
     time while a run is timed), claiming an hour, said again every 20 s). Each run split where
     its time goes: the second press to the host's table announced (the two looks paired, and
     that table opened: Python's gathering, the room, the announcement's work), to the joining
     page leaving for it (its answer heard and checked, the page's own table if any put away),
     to its page ready again (the reload, the engine's start), to its first knock at the room, to
     both seated (the seating: knock, offer, answer, channel, hello, table).
  2. A look with only a frozen host's quick table listed (its page paused by the debugger after
     it was listed, its own look 5 s settled): from the press to the page's own table announced
     (the look's wait, then its table opened).
  3. The proof of work of one announcement (net/lobbyevents.js lobbyEvent: its work, then its
     signature), as a Pixel 7 at 4x CPU throttling (scripts/bench_web.py's phone) and on the
     desktop, at WORK_BITS and two bits either side: ms per announcement.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench_lobbykit import (
    Devices,
    boot,
    close,
    fresh_relay,
    open_lobby,
    press,
    seated,
    spread,
    table,
)
from playwright.sync_api import Browser, Page
from relaykit import Relay
from test_lobby import WORK_BITS
from test_lobby_quick import Spammer, freeze

GHOSTS = (0, 1, 60)
PARTS = ("opened", "answered", "boot", "knock", "seating")
WORK_SAMPLES = {WORK_BITS - 2: 40, WORK_BITS: 40, WORK_BITS + 2: 15}
LOOK_WAIT_S = 60
STALE_MS = 5000  # net/quick.js hears other looks' asks from 3 s back (whole seconds)

# The joining page's own times: when it left for the other's table (and whether it had a table
# of its own then: it gave way), when it was ready again, and its first knock (a room's event).
GUEST_TIMES = """() => {
  const B = window.__bench;
  const ready = performance.getEntriesByName("allthrees:ready")[0];
  return {
    left: B.left,
    ready: ready ? performance.timeOrigin + ready.startTime : null,
    knock: B.sent.find((x) => x.kind === 25050)?.t ?? null,
  };
}"""
OWN_TABLE_SAID = "() => window.__bench.sent.find((x) => x.type === 'table')?.t ?? null"
# One announcement made as a host's page makes it (its work, then its signature), `count` times.
WORK_COST = """async ({ bits, count }) => {
  const { lobbyEvent } = await import("./js/net/lobby.js");
  const curve = await import("./later/vendor/noble-secp256k1/index.js");
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const sk = curve.utils.randomSecretKey();
  const key = { secret: hex(sk), public: hex(curve.schnorr.getPublicKey(sk)) };
  const content = JSON.stringify({ v: 1, type: "table", room: "ab".repeat(32), name: "Player 4821",
    lang: "en", players: 2, teams: false, sprint: false, free: 1, preset: "parlor", target: 150,
    clock: 60, quick: "2p", since: Math.floor(Date.now() / 1000), rating: 1623, provisional: false,
    title: "adept", abandoned: 0 });
  const tags = [["t", "cd".repeat(32)], ["expiration", String(Math.floor(Date.now() / 1000) + 95)]];
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await lobbyEvent({ tags, content }, key, curve, { bits, now: () => Date.now() + i * 1000 });
    times.push(performance.now() - t0);
  }
  return times;
}"""


def listing(page: Page, at_least: int) -> None:
    """Until the page's Play online lists `at_least` tables (a cap of LOOK_WAIT_S)."""
    page.wait_for_function(
        "(n) => (window.allthreesTest.state()?.net?.lobby?.tables.length ?? 0) >= n",
        arg=at_least,
        timeout=LOOK_WAIT_S * 1000,
    )


def quick_match(
    devices: Devices, relay: Relay, ghosts: int = 0
) -> tuple[Page, Page, dict[str, float]]:
    """Two new devices press Quick match ("2 players") one right after the other: (host, guest,
    figures in ms: `seated` from the second press to both seated, `apart` between the presses,
    the parts of `seated` (PARTS), and `gave_way` 1 when the guest had opened a table first)."""
    pages = [devices.new([relay.url]) for _ in range(2)]
    boot(*pages)
    for page in pages:
        open_lobby(page)
        page.get_by_role("radio", name="2 players").check()
    if ghosts:
        listing(pages[1], min(ghosts, 40))  # the ghosts are listed before anyone presses
    presses = [press(page, page.get_by_role("button", name="Quick match")) for page in pages]
    host, guest, both = seated(pages)
    second = max(presses)
    times = guest.evaluate(GUEST_TIMES)
    left = times["left"]["t"]
    opened = host.evaluate(OWN_TABLE_SAID)
    return (
        host,
        guest,
        {
            "seated": both - second,
            "apart": abs(presses[1] - presses[0]),
            "opened": opened - second,
            "answered": left - opened,
            "boot": times["ready"] - left,
            "knock": times["knock"] - times["ready"],
            "seating": both - times["knock"],
            "gave_way": float(times["left"]["hosted"]),
        },
    )


def quick_matches(devices: Devices, runs: int, ghosts: int = 0) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    for _ in range(runs):
        # the ghosts' rounds for the run's first 80 s made first: the spammer's work is not timed
        with fresh_relay() as relay, Spammer(relay, ghosts, rounds=4) as spammer:
            while spammer.said < ghosts:  # the first round of ghosts is on the relay
                time.sleep(0.1)
            host, guest, run = quick_match(devices, relay, ghosts)
            close(host, guest)
        for name, value in run.items():
            figures.setdefault(name, []).append(value)
    return figures


def passed_over(devices: Devices, runs: int) -> list[float]:
    """A frozen host's quick table listed: from a look's press to its own table announced (ms)."""
    figures = []
    for _ in range(runs):
        with fresh_relay() as relay:
            frozen, seeker = devices.new([relay.url]), devices.new([relay.url])
            boot(frozen, seeker)
            open_lobby(frozen)
            frozen.get_by_role("radio", name="2 players").check()
            asked = press(frozen, frozen.get_by_role("button", name="Quick match"))
            frozen.wait_for_function(OWN_TABLE_SAID)
            open_lobby(seeker)
            listing(seeker, 1)
            freeze(frozen)
            # the frozen page's own look long settled: a relay that keeps ephemeral events (this
            # one does) would replay its ask, and a look pairs with a look of the last 3 s
            while time.time() * 1000 - asked < STALE_MS:
                time.sleep(0.1)
            seeker.get_by_role("radio", name="2 players").check()
            pressed = press(seeker, seeker.get_by_role("button", name="Quick match"))
            seeker.wait_for_function(OWN_TABLE_SAID, timeout=LOOK_WAIT_S * 1000)
            figures.append(seeker.evaluate(OWN_TABLE_SAID) - pressed)
            close(frozen, seeker)
    return figures


def work_cost(browser: Browser, base: str, device: dict[str, Any] | None) -> dict[int, list[float]]:
    """WORK_COST at each of WORK_SAMPLES' difficulties, as `device` (a Pixel 7 at 4x CPU) or the
    desktop (None): ms per announcement."""
    context = browser.new_context(**(device or {"viewport": {"width": 1280, "height": 800}}))
    page = context.new_page()
    page.goto(base)
    if device:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    figures = {
        bits: page.evaluate(WORK_COST, {"bits": bits, "count": count})
        for bits, count in WORK_SAMPLES.items()
    }
    context.close()
    return figures


# --- the report ---------------------------------------------------------------------------------


def report_quick(by_ghosts: dict[int, dict[str, list[float]]]) -> None:
    rows = []
    for ghosts, figures in by_ghosts.items():
        where = f"{ghosts} ghost tables on the relay" if ghosts else "a clean relay"
        gave = int(sum(figures["gave_way"]))
        rows.append([f"{where}: second press to both seated", *spread(figures["seated"])])
        rows += [[f"  {part}", *spread(figures[part])] for part in PARTS]
        rows.append(["  between the two presses", *spread(figures["apart"])])
        rows.append([f"  (runs where the joining page had opened a table: {gave})", "", "", ""])
    runs = len(next(iter(by_ghosts.values()))["seated"])
    table(
        f"1. Quick match to two players seated ({runs} runs each, new devices each; from the"
        " second press: opened, the host's table announced; answered, the joining page leaving"
        " for it; boot, that page ready; knock, its first knock; seating, both seated)",
        ["ms", "median", "min", "max"],
        rows,
    )


def report_passed_over(figures: list[float]) -> None:
    table(
        f"2. A look with only a frozen host's table listed ({len(figures)} runs)",
        ["ms", "median", "min", "max"],
        [["the press to its own table announced", *spread(figures)]],
    )


def report_work(phone: dict[int, list[float]], desktop: dict[int, list[float]]) -> None:
    def row(where: str, bits: int, times: list[float]) -> list[str]:
        ordered = sorted(times)
        p90 = ordered[max(0, round(0.9 * len(ordered)) - 1)]
        mark = " (WORK_BITS)" if bits == WORK_BITS else ""
        return [
            f"{where}, {bits} bits{mark}",
            f"{statistics.median(times):.0f}",
            f"{statistics.mean(times):.0f}",
            f"{p90:.0f}",
            str(len(times)),
        ]

    rows = [row("Pixel 7 at 4x CPU", bits, times) for bits, times in phone.items()]
    rows += [row("desktop", bits, times) for bits, times in desktop.items()]
    table(
        "3. An announcement's proof of work and signature (lobbyEvent), ms",
        ["where, difficulty", "median", "mean", "p90", "runs"],
        rows,
    )
