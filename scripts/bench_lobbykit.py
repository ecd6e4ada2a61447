"""The browser side of scripts/bench_lobby.py and scripts/bench_lobby_quick.py: devices (a
fresh Chromium context each, its relays in its preferences, every console error and any address
off this machine kept), what each page records on its own clock (its clicks, the events its
WebSockets send and receive, its long tasks, the moment it leaves for another table), a fresh
local relay, and the steps of Play online as a person takes them (open it, open a table, press
Quick match, until seated); and the report's small tables."""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
from bench_net import BOOT_TIMEOUT_MS, PREFS_KEY  # noqa: E402
from relaykit import Relay, running_relay  # noqa: E402

SEATED_WAIT_S = 120

# Every page: its clicks, the EVENT frames its WebSockets send (the lobby's with their type) and
# every frame they receive, and its long tasks; times on the browser's wall clock. (25051: the
# lobby's kind, net/lobby.js LOBBY_KIND.)
WIRE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const B = (window.__bench = { now, clicks: [], sent: [], received: [], longtasks: [] });
  // the moment this page left for another table (a quick match that joins one), and whether it
  // left a table of its own (it gave way), kept across the reload
  B.left = JSON.parse(sessionStorage.getItem("bench.left") ?? "null");
  addEventListener("pagehide", () => sessionStorage.setItem("bench.left", JSON.stringify({
    t: now(), hosted: B.sent.some((x) => x.type === "table"),
  })));
  addEventListener("click", (e) => {
    B.clicks.push({ t: now(), id: e.target?.id ?? "" });
    sessionStorage.setItem("bench.click", String(now())); // (a click may take the page elsewhere)
  }, true);
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
LAST_CLICK = "() => Number(sessionStorage.getItem('bench.click'))"
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


class Devices:
    """New devices against one site; every console error and any address off this machine kept."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.made = 0
        self.problems: list[str] = []

    def new(self, relays: list[str]) -> Page:
        """A new device on the site (not yet booted: see `boot`) whose relays are `relays`."""
        page = self.device(relays, WIRE)
        page.goto(self.base)
        return page

    def device(self, relays: list[str], record: str) -> Page:
        """A new device whose relays are `relays` and whose every page runs `record` (a script)
        before its own, not yet on the site."""
        self.made += 1
        name = f"Bench {self.made}"
        context = self.browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        page = context.new_page()
        prefs = {"muted": True, "iceServers": [], "relays": relays, "name": name}
        keep = f"localStorage.setItem({PREFS_KEY!r}, {json.dumps(prefs)!r})"
        page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {keep};")
        page.add_init_script(script=record)
        page.on("console", lambda m: m.type == "error" and self.problem(name, m.text))
        page.on("pageerror", lambda e: self.problem(name, f"exception: {e}"))
        page.on("request", lambda r: self.local(name, r.url))
        page.on("websocket", lambda ws: self.local(name, ws.url))
        page.set_default_timeout(60_000)
        return page

    def problem(self, name: str, text: str) -> None:
        self.problems.append(f"{name}: {text}")

    def say_problems(self) -> None:
        """What went wrong in the devices' pages, if anything, on stderr (at a bench's end)."""
        if self.problems:
            print("problems in the browsers:\n  " + "\n  ".join(self.problems), file=sys.stderr)

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


def warm(base: str, site: Path) -> None:
    """Every file of the site fetched once as a browser asks for it (gzip accepted): the server
    compresses each the first time it is asked for (9.6 MB of WebAssembly took 11 s on a loaded
    machine, and two pages waiting on it stalled their start), never within a figure."""
    for name in json.loads((site / "build.json").read_text())["files"]:
        request = urllib.request.Request(base + name, headers={"Accept-Encoding": "gzip"})
        with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=120) as reply:
            reply.read()


def boot(*pages: Page) -> None:
    for page in pages:
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )


def close(*pages: Page) -> None:
    for page in pages:
        page.context.close()


def press(page: Page, target: Locator) -> float:
    """Clicks `target`: the click's time on the page's clock (kept across a reload: a quick match
    may have taken the page to another's table before it is read)."""
    target.click()
    for _ in range(600):  # a cap on tries while the page reloads
        with contextlib.suppress(PlaywrightError):
            return page.evaluate(LAST_CLICK)
        time.sleep(0.1)
    raise SystemExit("the page never came back after a click")


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
