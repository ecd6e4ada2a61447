"""Watching a table played online, as people use it: the host lets people watch (the invite's
"Let people watch"), a third device opens the Watch link and follows a whole round one move behind
through the relays, and the players' pages show who watches. A spy on everything that reaches the
watcher's page (each text its own Python is asked to read) finds no tile of any hand before the
round's end reveals them. A watcher plays nothing; a table takes at most 20 watchers (the 21st is
told so); a stranger who holds the watch link and forges the host's stream, or floods the host with
hellos, changes nothing. Three Chromium contexts are three devices, meeting at a real Nostr relay
on 127.0.0.1 (tests/web/relaykit.py) with no STUN server."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import time
from typing import Any

import test_online_table
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from playwright.sync_api import Page, expect
from relaykit import Relay, new_secret, public_key, sign_event
from tablekit import screenshot
from test_net_table import ALL_IN, ready, state
from test_online_table import host_table, moves, seated

devices = test_online_table.devices  # the fixture: devices meeting at the test's relay

WATCH_LINK = re.compile(r"#watch=([0-9a-f]{64})\.([0-9a-f]{64})$")
WATCH_KIND = 25052
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
# Every text the watcher's page asks its own Python to read: all it ever got of the table.
SPY = """
(() => {
  window.__heard = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    try {
      const request = message?.type === "call" ? JSON.parse(message.request) : null;
      if (request?.op === "host_message") window.__heard.push(request.message);
    } catch {}
    return post.call(this, message, ...rest);
  };
})();
"""
TILE = re.compile(r"\b(\d)-(\d)\b")


def let_watch(host: Page) -> str:
    """The host lets people watch, in the invite: the Watch link it then shows."""
    dialog = host.locator(".room-dialog")
    dialog.get_by_label("Let people watch").check()
    field = host.get_by_label("Watch link")
    expect(field).to_have_value(WATCH_LINK)
    return field.input_value()


def layout_tiles(snapshot: dict[str, Any]) -> set[tuple[int, int]]:
    return {tuple(sorted((t["a"], t["b"]))) for t in snapshot["layout"]["tiles"]}


def tiles_named(text: str) -> set[tuple[int, int]]:
    """Every tile a text names ("6-3"), but the rules' picture (the same for every deal)."""
    data = json.loads(text)
    data["snapshot"]["rules"].pop("picture", None)
    return {tuple(sorted((int(a), int(b)))) for a, b in TILE.findall(json.dumps(data))}


def test_a_third_device_watches_a_whole_round_one_move_behind(devices) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend:Ana&seed=5")
    watch_link = let_watch(host)
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    expect(host.locator(".room-dialog")).to_have_count(0)

    watcher = devices("watcher", **PHONE)
    watcher.add_init_script(script=SPY)
    watcher.goto(watch_link)
    ready(watcher)
    watcher.wait_for_function("() => window.allthreesTest.state()?.seats?.length === 2")
    assert state(watcher)["net"]["role"] == "watcher"
    for page in (host, guest):  # the players see who watches
        page.wait_for_function("() => window.allthreesTest.state().net.watchers === 1")
    expect(host.locator("#net-seats")).to_contain_text("1 watching")
    expect(watcher.locator("#net-seats")).to_have_text("Watching · one move behind")
    screenshot(watcher, "online-watcher-360.png")
    screenshot(host, "online-host-watched-1280.png")

    # a watcher plays nothing: a tap on its table, a key, change nothing and send nothing
    watcher.mouse.click(180, 600)
    watcher.keyboard.press("Enter")
    watcher.keyboard.press("d")
    assert state(watcher)["hand"] == []

    moves([host, guest], 400)  # the round, to its end
    host.wait_for_function("() => window.allthreesTest.state().round_over")
    scores = state(host)["scores"]
    watcher.wait_for_function(
        "(s) => { const t = window.allthreesTest.state(); "
        "return t.round_over && JSON.stringify(t.scores) === JSON.stringify(s); }",
        arg=scores,
        timeout=60_000,
    )
    screenshot(watcher, "online-watcher-round-over-360.png")
    heard = watcher.evaluate("() => window.__heard")
    assert len(heard) > 5, "the stream came, move after move"
    revealed = 0
    for text in heard:
        message = json.loads(text)
        assert message["kind"] == "watch", message["kind"]
        snap = message["snapshot"]
        assert snap["viewer"] is None
        # no hand of its own; at the round's end the bottom seat's, as revealed to everyone
        assert snap["hand"] == [] or snap["round"]["over"], snap["hand"]
        if snap["round"]["over"]:
            revealed += 1
            continue
        # before the round's end: no tile but the table's own, and no hand
        assert tiles_named(text) <= layout_tiles(snap), tiles_named(text) - layout_tiles(snap)
        assert snap["round"]["hands"] is None
    assert revealed, "the round's end reveals the hands, to the watcher too"
    # one move behind: the watcher's last table before the end was never the players' newest
    assert state(watcher)["net"]["role"] == "watcher"


# --- the stream as a stranger holding the watch link can write it (net/watch.js) ----------------


def stream_key(secret: str) -> AESGCM:
    kdf = HKDF(hashes.SHA256(), 32, salt=b"allthrees watch v1", info=b"stream")
    return AESGCM(kdf.derive(bytes.fromhex(secret)))


def topic_of(secret: str) -> str:
    return hashlib.sha256(f"allthrees topic v1:{secret}".encode()).hexdigest()


def stream_event(
    secret: str, sender: str, kind: str, body: dict[str, Any], to: str | None = None
) -> dict[str, Any]:
    """An event of the watch stream from `sender`'s key, sealed as the pages seal theirs."""
    text = json.dumps(
        {"k": kind, "s": os.urandom(8).hex(), "n": 0, "at": int(time.time() * 1000), "b": body}
    )
    iv = os.urandom(12)
    sealed = stream_key(secret).encrypt(iv, text.encode(), public_key(sender).encode())
    tags = [["t", topic_of(secret)]] + ([["p", to]] if to else [])
    return sign_event(sender, WATCH_KIND, base64.b64encode(iv + sealed).decode(), tags)


def test_twenty_watchers_at_most_and_a_forged_stream_changes_nothing(devices, relay: Relay) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend&seed=5")
    watch_link = let_watch(host)
    secret, host_key = WATCH_LINK.search(watch_link).groups()
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    watcher = devices("watcher")
    watcher.goto(watch_link)
    ready(watcher)
    watcher.wait_for_function("() => window.allthreesTest.state()?.seats?.length === 2")
    host.wait_for_function("() => window.allthreesTest.state().net.watchers === 1")
    table = json.dumps(state(watcher)["scores"]), state(watcher)["boneyard"]

    with relay.client() as client:
        # a stranger with the link forges the host's stream: a made-up table from its own key,
        # one claiming the host's key with a bad signature, junk, and intents to the host
        stranger = new_secret()
        fake = {"v": 1, "kind": "watch", "table": "0" * 16, "snapshot": {}, "events": []}
        forged = stream_event(
            secret, stranger, "frame", {"m": 0, "i": 0, "of": 1, "t": json.dumps(fake)}
        )
        client.publish(forged)
        bad_sig = {**stream_event(secret, stranger, "frame", {"m": 1, "i": 0, "of": 1, "t": "x"})}
        bad_sig["pubkey"] = host_key
        client.send(["EVENT", bad_sig])
        client.publish(sign_event(stranger, WATCH_KIND, "not sealed", [["t", topic_of(secret)]]))
        for kind in ("intent", "reaction", "frame"):  # a watcher says nothing but hello and bye
            client.publish(stream_event(secret, stranger, kind, {}, to=host_key))
        # nineteen more watchers say hello; the twentieth more is told the table is full
        for _ in range(20):
            client.publish(stream_event(secret, new_secret(), "hello", {}, to=host_key))
    host.wait_for_function("() => window.allthreesTest.state().net.watchers === 20", timeout=30_000)
    time.sleep(1)
    assert state(host)["net"]["watchers"] == 20, "at most twenty"
    assert (json.dumps(state(watcher)["scores"]), state(watcher)["boneyard"]) == table
    assert state(watcher)["seats"][0]["name"] != "", "the host's table, not the forger's"
    # the play goes on, and the real watcher follows it
    moves([host, guest], 2)
    expect(host.locator("#away-dialog")).to_have_count(0)
    late = devices("late watcher")
    late.goto(watch_link)
    ready(late)
    expect(late.locator("#net-seats")).to_contain_text(
        "as many watchers as it takes", timeout=30_000
    )
    expect(late.locator("#toasts")).to_contain_text("This table has 20 watchers already")
    assert state(host)["net"]["watchers"] == 20
    host.wait_for_function(ALL_IN)
