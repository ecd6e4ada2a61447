"""A table played online with a friend in another engine: the host's page in Chromium (Playwright
and Debian's chromium, as tests/web's), a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py)
as both pages' only relay, no STUN server, and the friend's page in Firefox or WebKit opening the
host's one link. Nothing leaves this machine.

    host = Host(chromium, site.url, relay.url)   # a sprint with a friend's seat; host.link
    ... the friend's page opens host.link with FRIEND_PREFS(relay.url) stored before it loads ...
    play_round([ChromiumSeat(host.page), friend_seat], alive)   # each device plays its person's
                                                                 # turns, by pointer, to the end
    alarms(texts)                                # what a player should never be told here

Each device acts when the table waits for its person (`idle()` within a moment, else the next
device is looked at: which one's turn it is cannot be told from a state read a moment before, a
move may be on its way between them), as tests/web/test_net_table.py's `settle` does; the first
playable tile at its first lit end, tap-tap and drag in turn, else draw, else pass
(tests/web/tablekit.py's Player).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Browser, Page, Route, expect

ENGINES = Path(__file__).resolve().parent
sys.path.insert(0, str(ENGINES.parent / "web"))  # tests/web's kits (not its conftest)

from chromiumkit import CSP_WATCH, MOTION  # noqa: E402
from enginekit import PREFS_KEY  # noqa: E402
from tablekit import ALL_IN, IDLE_NOW, SAFETY, STATE, STUCK, Player  # noqa: E402

BOOT_MS = 240_000  # generous: the whole boot on a loaded machine
ROOM_LINK = re.compile(r"#room=[0-9a-f]{64}\.[0-9a-f]{64}$")
# A sprint (one round is the match, so each friend's page checks the deal at its end) with a
# friend's seat; the host's part of the deal comes from the seed, the friend's is its own.
TABLE = "?sprint=1&seats=you,friend&seed=7"
# tests/engines/shown.js: what the page says to its player, as it changes, in window.__shown
SHOWN = (ENGINES / "shown.js").read_text()
# Words a friend who sat down and plays must never be shown (web/js/i18n/strings.js): that its
# browser cannot connect (net.errors), that no relay or host answers (room.down, downGuest,
# noAnswer), that its connection ended or is missing (netTable.hostGone, notConnected, left), that
# a seat is "not joined yet" (netTable.presence.waiting), or anything of an error.
ALARMS = re.compile(
    r"cannot|directly|WebRTC|could not|no relay|does not answer|not connected|connection .*ended"
    r"|fresh invite|not joined|error|failed|went wrong|update it",
    re.IGNORECASE,
)


def friend_prefs(relay_url: str) -> dict[str, Any]:
    """A friend's preferences, stored before the game loads: the local relay alone, no STUN server,
    the sound off."""
    return {"relays": [relay_url], "iceServers": [], "muted": True}


def http_origin(relay_url: str) -> str:
    """The relay's own HTTP face (its NIP-11 document, which every page asks for)."""
    return relay_url.replace("ws://", "http://", 1)


def alarms(texts: list[str]) -> list[str]:
    """The texts shown that would alarm a player (ALARMS)."""
    return [t for t in texts if ALARMS.search(t)]


class Seat(Protocol):
    """One device's person, as play_round drives it."""

    name: str

    def idle_now(self) -> bool: ...
    def state(self) -> dict[str, Any]: ...
    def tap(self, rect: dict[str, float]) -> None: ...
    def drag(self, start: dict[str, float], end: dict[str, float]) -> None: ...


class ChromiumSeat:
    """The host's person in Chromium, by Playwright's mouse."""

    def __init__(self, page: Page, name: str = "host") -> None:
        self.name = name
        self.page = page
        self.player = Player(page)

    def idle_now(self) -> bool:
        return bool(self.page.evaluate(IDLE_NOW))

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(STATE)

    def tap(self, rect: dict[str, float]) -> None:
        self.player.tap(rect)

    def drag(self, start: dict[str, float], end: dict[str, float]) -> None:
        self.player.drag(start, end)


def act(seat: Seat, st: dict[str, Any], done: Counter[str]) -> bool:
    """One action of the person whose turn it is: a muggins claim of none, a tile (tap-tap and
    drag in turn), a draw or a pass; False when the table shows none yet (a moment between a
    snapshot and its buttons)."""
    if st["claim"]:
        seat.tap(next(c for c in st["claim"]["controls"] if c["label"] == "none")["rect"])
        done["claim"] += 1
    elif any(t["playable"] for t in st["hand"]) and st["targets"]:
        tile = next(t for t in st["hand"] if t["playable"])
        target = st["targets"][tile["tile"]][0]["rect"]
        if done["tap-tap"] <= done["drag"]:
            seat.tap(tile["rect"])
            seat.tap(target)
            done["tap-tap"] += 1
        else:
            seat.drag(tile["rect"], target)
            done["drag"] += 1
    elif st["buttons"]["draw"]:
        seat.tap(st["buttons"]["draw"])
        done["draw"] += 1
    elif st["buttons"]["pass"]:
        seat.tap(st["buttons"]["pass"])
        done["pass"] += 1
    else:
        return False
    return True


def play_round(seats: list[Seat], alive: Callable[[], None] = lambda: None) -> dict[str, Counter]:
    """Every seat plays its person's turns until the round is over on each one's page, its panel
    up; `alive()` is called between looks (it raises when a device played elsewhere has failed).
    What each one did."""
    done: dict[str, Counter[str]] = {s.name: Counter() for s in seats}
    stuck: Counter[str] = Counter()
    over: set[str] = set()
    for _ in range(SAFETY):
        alive()
        for seat in seats:
            if seat.name in over or not seat.idle_now():
                continue
            st = seat.state()
            if st["round_over"]:
                over.add(seat.name)
                if len(over) == len(seats):
                    return done
                continue
            if not act(seat, st, done[seat.name]):
                stuck[seat.name] += 1
                assert stuck[seat.name] < STUCK, f"{seat.name}: nothing to do at its turn: {st}"
    raise AssertionError(f"the round did not end: {done}")


class Host:
    """The host's page in Chromium at a sprint with a friend's seat (TABLE), its relays the one
    given, no STUN server; its one link read from the invite dialog. What goes wrong in it (a
    console error, an exception, a CSP violation, a request to any origin but the site and the
    relay's) is kept in `problems`."""

    def __init__(self, browser: Browser, site_url: str, relay_url: str, query: str = TABLE) -> None:
        self.problems: list[str] = []
        self.origins = (site_url.rstrip("/"), http_origin(relay_url))
        self.context = browser.new_context(
            viewport={"width": 1280, "height": 800}, locale="en-US", **MOTION
        )
        page = self.page = self.context.new_page()
        prefs = json.dumps(friend_prefs(relay_url))
        page.add_init_script(
            script=f"if (!localStorage.getItem({PREFS_KEY!r})) "
            f"localStorage.setItem({PREFS_KEY!r}, {prefs!r});"
        )
        page.add_init_script(script=CSP_WATCH)
        page.add_init_script(script=SHOWN)
        page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        page.on("pageerror", lambda e: self.problems.append(f"exception: {e}"))
        page.route(lambda url: not self.ours(url), self.foreign)
        page.set_default_timeout(60_000)
        page.goto(site_url + query)
        expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_MS)
        invite = page.get_by_label("Invite link")
        expect(invite).to_have_value(ROOM_LINK, timeout=60_000)
        self.link = invite.input_value()

    def ours(self, url: str) -> bool:
        return any(url == o or url.startswith(o + "/") for o in self.origins)

    def foreign(self, route: Route) -> None:
        self.problems.append(f"request to another origin: {route.request.url}")
        route.abort()

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(STATE)

    def all_in(self, timeout_ms: float = BOOT_MS) -> list[dict[str, Any]]:
        """Waits for every friend's seat to be connected and the table dealt; the seats."""
        self.page.wait_for_function(ALL_IN, timeout=timeout_ms)
        return self.state()["net"]["seats"]

    def shown(self) -> list[str]:
        return self.page.evaluate("() => window.__shown")

    def close(self) -> None:
        self.context.close()
