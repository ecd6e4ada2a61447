"""Offline play: after one visit the service worker serves the whole site, so the game loads and
plays with the network off, and a new deploy is offered between rounds, never mid-round."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect
from tablekit import (
    BOOT_TIMEOUT_MS,
    SAVE_KEY,
    Player,
    open_table,
    screenshot,
    service_worker_stamp,
)

# Resolves once a service worker controls the page (the first one claims it on activation).
CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve, reject) => {
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), {once: true});
  setTimeout(() => reject(new Error("no service worker took control in 60 s")), 60000);
})"""
CACHES = "async () => await caches.keys()"
CACHED = """async (name) => (await (await caches.open(name)).keys())
  .map((r) => new URL(r.url).pathname.slice(1))"""


def wait_until_controlled(page: Page) -> None:
    assert page.evaluate(CONTROLLED) is True


def test_after_one_visit_the_game_loads_and_plays_offline(
    page: Page, build_info: dict, dist: Path
) -> None:
    open_table(page, 11)
    player = Player(page)
    st = player.idle()
    player.turn(st)  # one move, so the saved match holds something to lose
    st = player.idle()
    assert not st["round_over"]
    save = page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
    wait_until_controlled(page)

    # One cache, named after this build, holding every file of the site but what is needed only
    # on demand (fetched when first needed, as the soundtrack: test_sound.py; play across devices)
    stamp = "allthrees-" + build_info["hash"][:16]
    assert page.evaluate(CACHES) == [stamp]
    cached = set(page.evaluate(CACHED, stamp))
    on_demand = set(service_worker_stamp(dist)["onDemand"])
    assert on_demand, "the build stamps what is needed only on demand"
    assert set(build_info["files"]) - {"sw.js", "index.html"} - on_demand <= cached
    assert not on_demand & cached, "what is needed only on demand is not precached"
    # ... and kept once the page asks for it (a friend's table imports net/ as it starts)
    page.evaluate("async () => { await import('./js/net/peer.js'); }")
    cached = set(page.evaluate(CACHED, stamp))
    # peer.js with the code it shares with other modules of net/ (bundled: js/chunks/)
    shared = set(re.findall(r'from "\.\./(chunks/[^"]+)"', (dist / "js/net/peer.js").read_text()))
    assert {"js/net/peer.js"} | {f"js/{c}" for c in shared} <= cached, "kept at first use"

    served_by_worker: list[str] = []
    network: list[str] = []
    page.on(
        "response",
        lambda r: (served_by_worker if r.from_service_worker else network).append(r.url),
    )
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        again = player.idle()
        assert again == st, "the saved match comes back as it was"
        assert page.evaluate(f"localStorage.getItem({SAVE_KEY!r})") == save
        # A move with real mouse input at the rects the page reports.
        player.turn(again)
        after = player.idle()
        assert after != again
        stored = json.loads(page.evaluate(f"localStorage.getItem({SAVE_KEY!r})"))
        assert stored["moves"] > json.loads(save)["moves"], "the offline move is saved"
        screenshot(page, "offline-after-a-move.png")
    finally:
        page.context.set_offline(False)
    assert any(u.endswith(".wasm") for u in served_by_worker), served_by_worker
    assert not [u for u in network if not u.endswith("sw.js")], network


def test_no_update_prompt_on_the_first_install(page: Page) -> None:
    """The first service worker takes control quietly: there is nothing to reload to."""
    open_table(page, 11)
    wait_until_controlled(page)
    expect(page.locator("#update-prompt")).to_be_hidden()
    assert page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => !r.waiting)")
