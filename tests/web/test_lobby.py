"""Play online, as strangers use it: a table opened on one device is listed on another, which
joins it with one tap, and leaves every list once its seats are taken; a quick match seats two
pages asking for the same game, or a person with computers in the seats nobody took; and a
lobby flooded with forged, oversized, expired and malformed announcements shows none of them.
Each context is a device; the relay is a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py),
every page's only relay, with no STUN server: nothing leaves this machine."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Problems
from playwright.sync_api import Browser, Page, expect
from relaykit import Relay, new_secret, sign_event
from test_net_table import ALL_IN, device, play_match, ready, state

LOBBY_KIND = 25051


@pytest.fixture
def devices(browser: Browser, site_url: str, problems: Problems, relay: Relay) -> Iterator[Any]:
    made: list[Page] = []

    def new(name: str, nickname: str, **context: Any) -> Page:
        prefs = {"muted": True, "iceServers": [], "relays": [relay.url], "name": nickname}
        page = device(browser, site_url, problems, name, prefs, **context)
        made.append(page)
        page.goto(site_url)
        ready(page)
        return page

    yield new
    for page in made:
        if not page.is_closed():
            page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def lobby(page: Page) -> dict[str, Any] | None:
    return page.evaluate("() => window.allthreesTest.state()?.net?.lobby ?? null")


def open_lobby(page: Page) -> None:
    page.locator("#btn-online").click() if page.locator("#btn-online").is_visible() else (
        page.locator("#btn-menu").click(),
        page.locator("#btn-online").click(),
    )
    expect(page.get_by_role("dialog", name="Play online")).to_be_visible()
    page.wait_for_function("() => window.allthreesTest.state()?.net?.lobby !== null")


def test_a_table_opened_is_listed_joined_and_gone_when_full(devices) -> None:
    host = devices("host", "Wanda")
    seeker = devices("seeker", "Olek")
    late = devices("late", "Zed")
    for page in (seeker, late):
        open_lobby(page)
    # the host opens a table: New game's choices (a friend's seat), then listed
    open_lobby(host)
    host.get_by_role("button", name="Open a table").click()
    dialog = host.get_by_role("dialog", name="Open a table")
    expect(dialog).to_be_visible()
    dialog.locator("#new-clock").select_option("0")
    dialog.get_by_role("button", name="Open a table").click()
    host.wait_for_function("() => window.allthreesTest.state()?.gathering")
    # listed on the others' pages within a moment, in words, with its Join
    for page in (seeker, late):
        page.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 1")
        listed = page.get_by_role("button", name="Join")
        expect(listed).to_have_count(1)
        expect(listed).to_have_accessible_description("Parlor to 150, 2 players, 1 free seat; host Wanda; English; waiting under a minute")
    entry = lobby(seeker)["tables"][0]
    assert entry["players"] == 2 and entry["free"] == 1 and entry["rules"] == "parlor"
    seeker.get_by_role("button", name="Join").click()
    ready(seeker)
    seeker.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    # full: gone from the late page's list
    late.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 0")
    expect(late.get_by_role("button", name="Join")).to_have_count(0)
    names = [s["name"] for s in state(seeker)["seats"]]
    assert "Wanda" in names, names
    final = play_match(host, [seeker])
    assert state(seeker)["scores"] == final["scores"]
