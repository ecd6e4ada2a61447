"""The list keeps itself current: a page whose pinned relays are a dead one and a live one (the
preference `relays: {"pinned": [...]}`, which replaces the built-in pinned list and learns from
there, unlike a plain list, which is used as it is) reads, on the live relay, a NIP-66 monitor's
signed report of a third relay on 127.0.0.1, opens it, and when the live relay stops, its table
plays on through the third to the end of the round, the same scores on both devices. Two Chromium
contexts are two devices; the live relay is a real Nostr relay (relaykit.py), the third
tests/web/fakerelay.py's, the dead one a closed port; nothing leaves 127.0.0.1."""

from __future__ import annotations

from typing import Any

from conftest import Problems
from fakerelay import FakeRelay
from playwright.sync_api import Page
from relaykit import Relay, free_port, new_secret, sign_event
from test_net_table import ready, settle, state
from test_online_table import RELAY_REFUSED, host_table, moves, same_table, seated
from test_online_table import devices as devices  # the fixture: two devices, their relays given

DISCOVERY_KIND = 30166  # web/js/net/discovery.js


def report(monitor: str, relay_url: str) -> dict[str, Any]:
    """A monitor's NIP-66 report: the relay is up, needs neither payment nor authentication."""
    tags = [["d", relay_url], ["n", "clearnet"], ["R", "!payment"], ["R", "!auth"]]
    return sign_event(monitor, DISCOVERY_KIND, tags=[*tags, ["rtt-open", "40"]])


def wait_for(page: Page, done: Any, what: str, most_s: float = 60) -> None:
    """Polls `done()` (the relay's side, which no page can show) while the pages run."""
    for _ in range(int(most_s * 5)):
        if done():
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"not within {most_s} s: {what}")


def test_a_page_learns_a_third_relay_from_a_monitor_and_its_table_goes_on_there(
    devices: Any, relay: Relay, problems: Problems
) -> None:
    problems.allow(RELAY_REFUSED)  # the dead relay, and the live one once stopped
    dead = f"ws://127.0.0.1:{free_port()}"
    with FakeRelay() as third:
        assert relay.publish(report(new_secret(), third.url))[2] is True
        pinned = {"pinned": [dead, relay.url]}
        host, link = host_table(devices, "?sprint=1&seats=you,friend", relays=pinned)
        guest = devices("guest", relay_only=True, relays=pinned)
        guest.goto(link)
        ready(guest)
        seated(host, guest, channel="relay")
        wait_for(host, lambda: third.connections >= 2 and third.reqs >= 2, "both pages opened it")
        moves([host, guest], 2)
        same_table(host, guest)
        before = third.accepted
        relay.stop()  # the live relay goes; the dead one is still dead
        moves([host, guest], 400)  # the rest of the round
        assert state(settle([host, guest]))["round_over"]
        same_table(host, guest)
        assert third.accepted > before, "the table went on through the relay it learnt"
