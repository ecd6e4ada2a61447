"""A table played online, as people use it: the host's page shows one link, a friend opens it and
sits down, with nothing sent back; a friend whose page reloads, or who opens the game again in a
new browser window with the same storage, and a host whose page reloads, are back at the table
by themselves; a friend who hides its address plays through the relay. Two Chromium contexts are
two devices; the relay is a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py), the page's
only relay (its `relays` preference), with no STUN server: nothing leaves this machine."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Problems
from playwright.sync_api import Browser, Page, expect
from relaykit import Relay
from test_net_table import ALL_IN, act, device, play_match, ready, settle, state

ROOM_LINK = re.compile(r"#room=[0-9a-f]{64}\.[0-9a-f]{64}$")


@pytest.fixture
def devices(browser: Browser, site_url: str, problems: Problems, relay: Relay) -> Iterator[Any]:
    made: list[Page] = []

    def new(name: str, relay_only: bool = False, **context: Any) -> Page:
        prefs = {"muted": True, "iceServers": [], "relays": [relay.url], "relayOnly": relay_only}
        page = device(browser, site_url, problems, name, prefs, **context)
        made.append(page)
        return page

    new.base = site_url  # type: ignore[attr-defined]
    yield new
    for page in made:
        if not page.context.pages or page.is_closed():
            continue
        page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def host_table(devices: Any, query: str) -> tuple[Page, str]:
    """The host's page at a table with a friend's seat: its one link, from the dialog."""
    host = devices("host")
    host.goto(devices.base + query)
    ready(host)
    link = host.get_by_label("Invite link")
    expect(link).to_have_value(ROOM_LINK)
    return host, link.input_value()


def seated(host: Page, guest: Page, channel: str | None = None) -> None:
    """Every seat played elsewhere connected, and the guest's table dealt; by `channel` when given
    (else either: a direct connection that does not open within a few seconds on a busy machine
    goes through the relay, as it should)."""
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    seats = state(host)["net"]["seats"]
    assert all(s["channel"] in ((channel,) if channel else ("direct", "relay")) for s in seats), (
        seats
    )


def same_table(host: Page, guest: Page) -> None:
    """Once the table is still, the guest shows the host's scores (the last move's table may still
    be on its way to the guest when the host's person is to act)."""
    settle([host, guest])
    guest.wait_for_function(
        "(s) => JSON.stringify(window.allthreesTest.state().scores) === JSON.stringify(s)",
        arg=state(host)["scores"],
    )


def moves(pages: list[Page], n: int) -> None:
    """`n` actions of whichever device's person is to act."""
    for _ in range(n):
        page = settle(pages)
        if state(page)["round_over"]:
            return
        act(page)


def test_a_friend_opens_the_one_link_and_plays_a_whole_match(devices, relay: Relay) -> None:
    # a whole match, to 40: one round or two (the suite's time), each dealt for real
    host, link = host_table(devices, "?sprint=0&seats=you,friend:Ana&target=40")
    assert "#room=" in link and link.startswith(devices.base)
    guest = devices("guest")
    guest.goto(link)  # nothing else: no answer to send, no button on either device
    ready(guest)
    seated(host, guest)
    assert state(guest)["net"]["role"] == "guest" and state(guest)["human"] == 1
    expect(host.locator(".room-dialog")).to_have_count(0)  # every friend in: the dialog is gone
    final = play_match(host, [guest])
    assert state(guest)["scores"] == final["scores"], "every device shows the same scores"
    record = host.evaluate("async () => await window.allthreesTest.record()")
    kept = guest.evaluate("() => window.allthreesTest.seen()")
    assert kept["shared"] and "failed" not in kept["shared"], kept["shared"]
    assert kept["record"] == record, "the guest keeps the host's record of the match"
    # the relay carried the handshake, encrypted: no table id, no name, no tile, no secret
    held = json.dumps(relay.query({"kinds": [25050]}))
    secret = link.split("#room=")[1].split(".")[0]
    assert secret not in held and "Ana" not in held and not re.search(r"\d-\d", held)


def test_guests_and_host_come_back_by_themselves(devices, relay: Relay) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend")
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    moves([host, guest], 4)
    before = state(host)["scores"], state(host)["boneyard"]

    # a reload of the guest's page (a locked phone, a network change): back in its seat
    guest.reload()
    ready(guest)
    seated(host, guest)
    assert (state(guest)["scores"], state(guest)["boneyard"]) == before

    # the guest's window closed; the game opened again in a new one with the same storage
    storage = guest.context.storage_state()
    guest.context.close()
    again = devices("guest again", storage_state=storage)
    again.goto(devices.base)
    ready(again)
    seated(host, again)
    assert state(again)["human"] == 1 and state(again)["scores"] == before[0]

    # the host's page reloads: it reopens the room, and the guest comes back to it
    host.reload()
    ready(host)
    seated(host, again)
    moves([host, again], 6)
    same_table(host, again)


def test_a_friend_who_hides_its_address_plays_through_the_relay(devices, relay: Relay) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend")
    guest = devices("guest", relay_only=True)
    guest.goto(link)
    ready(guest)
    seated(host, guest, channel="relay")
    assert state(guest)["net"]["seats"][0]["channel"] == "relay"
    moves([host, guest], 400)  # the whole round
    assert state(settle([host, guest]))["round_over"]
    same_table(host, guest)
    record = host.evaluate("async () => await window.allthreesTest.record()")
    # the spy on the relay: every event of the round, none with a tile, a hand or a name in clear
    held = json.dumps(relay.query({"kinds": [25050]}))
    tiles = {t for r in record["rounds"] for hand in r["hands"] for t in hand}
    assert not any(t in held for t in tiles)
    assert len(held) > 20_000, "the round's messages went through the relay"
