"""web/js/net/'s room on the relays, in real Chromium against a real Nostr relay on 127.0.0.1
(tests/web/relaykit.py) and real WebRTC, no mocks: two browser contexts are a host's page and a
guest's. The guest knows only the room's secret and the host's public key (what the one link
carries); it knocks, the host seats it at once through the relay, end to end encrypted, and a
direct channel takes over when it opens (no STUN server: loopback candidates), unless the guest
hides its address. A
hostile client on the same relay (forged, replayed, malformed and flooding events) changes
nothing and throws nothing. Only 127.0.0.1 is ever contacted."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import CSP_WATCH, Problems
from playwright.sync_api import Browser, Page
from relaykit import Relay, new_secret, sign_event

SAFETY_MS = 90_000  # a safety net only: every wait below is for an event
SECRET = "5e" * 32  # the room's secret, as the link's fragment carries it
HOST_KEY = "7a" * 32  # the host's key in the room (Python derives it from the table's secret)
SEAT_KEY = "c4" * 32  # the guest's seat key, kept by its page

HOST = """async ([url, secret, hostKey]) => {
  const { Room } = await import("./js/net/room.js");
  const { HostRoom } = await import("./js/net/online.js");
  window.got = []; window.seated = []; window.asked = [];
  let host;
  const room = await Room.open({ secret, key: { secret: hostKey }, relays: [url],
    onmessage: (from, kind, body) => host.heard(from, kind, body) });
  host = new HostRoom(room, {
    seatFor: async (key) => { window.asked.push(key); return key === "ff".repeat(32) ? null : 1; },
    attach: (seat, channel) => {
      window.ch = channel; window.seated.push({ seat, via: channel.via });
      channel.onmessage = (text) => window.got.push(text);
    },
    meta: () => ({ table: "0123456789abcdef", commitment: "9f".repeat(32) }),
    iceServers: [],
  });
  window.room = room;
  return room.me;
}"""

GUEST = """async ([url, secret, hostPub, key, relayOnly]) => {
  const { Room } = await import("./js/net/room.js");
  const { GuestRoom } = await import("./js/net/online.js");
  window.got = [];
  let guest;
  const room = await Room.open({ secret, relays: [url],
    onmessage: (from, kind, body) => guest.heard(from, kind, body) });
  const meta = () => ({ name: "Anastasia Winterbottom" });
  guest = new GuestRoom(room, hostPub, { key, meta, iceServers: [], relayOnly });
  window.room = room;
  try {
    const ch = await guest.connect();
    window.ch = ch;
    ch.onmessage = (text) => window.got.push(text);
    return { via: ch.via, table: ch.peerMeta.table, seat: ch.peerMeta.seat };
  } catch (error) {
    return { error: error.code ?? String(error) };
  }
}"""


@pytest.fixture
def pages(browser: Browser, site_url: str, problems: Problems) -> Iterator[tuple[Page, Page]]:
    """A host's page and a guest's, each a document of this site (served with its CSP) in a
    browser context of its own."""
    contexts = [browser.new_context() for _ in range(2)]
    out = []
    for context in contexts:
        page = context.new_page()
        # a JSON document asks for /favicon.ico, which the site does not have (its icons are named)
        page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
        page.add_init_script(script=CSP_WATCH)
        page.on("console", lambda m: m.type == "error" and problems.add("console error", m.text))
        page.on("pageerror", lambda e: problems.add("uncaught exception", str(e)))
        page.goto(site_url + "build.json")
        out.append(page)
    yield out[0], out[1]
    for context in contexts:
        context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def talk(host: Page, guest: Page) -> None:
    """Both ways, a short message and one longer than a relayed chunk, in order."""
    guest.evaluate('() => window.ch.send(\'{"kind":"hello"}\')')
    host.wait_for_function("() => window.got.length === 1", timeout=SAFETY_MS)
    host.evaluate("() => { window.ch.send('table ' + 'x'.repeat(40000)); window.ch.send('two'); }")
    guest.wait_for_function("() => window.got.length === 2", timeout=SAFETY_MS)
    assert guest.evaluate("() => window.got.map((t) => t.length)") == [40006, 3]
    assert host.evaluate("() => window.got") == ['{"kind":"hello"}']


@pytest.mark.parametrize("hidden", [False, True], ids=["direct", "hidden address"])
def test_a_guest_with_the_link_is_seated_by_knocking_and_talks_end_to_end(
    pages, relay: Relay, hidden: bool
) -> None:
    """Seated at once through the relay, then moved to a direct channel (no STUN: loopback
    candidates) unless the guest hides its address, with the messages in order across the move;
    either way the relay holds no secret, no seat key, no name and no message."""
    host, guest = pages
    host_pub = host.evaluate(HOST, [relay.url, SECRET, HOST_KEY])
    said = guest.evaluate(GUEST, [relay.url, SECRET, host_pub, SEAT_KEY, hidden])
    assert said == {"via": "relay", "table": "0123456789abcdef", "seat": 1}, "seated at once"
    host.wait_for_function("() => window.seated.length === 1", timeout=SAFETY_MS)
    assert host.evaluate("() => window.seated") == [{"seat": 1, "via": "relay"}]
    assert host.evaluate("() => window.asked") == [SEAT_KEY], "Python is asked with the seat key"
    assert guest.evaluate("() => window.ch.constructor.name") == "Link"
    # a message on its way as the link moves keeps its place
    guest.evaluate('() => window.ch.send(\'{"kind":"early"}\')')
    if not hidden:
        for page in (host, guest):
            page.wait_for_function("() => window.ch.via === 'direct'", timeout=SAFETY_MS)
    host.wait_for_function("() => window.got.length === 1", timeout=SAFETY_MS)
    host.evaluate("() => window.got.splice(0)")
    talk(host, guest)
    via = "relay" if hidden else "direct"
    for page in (host, guest):
        assert page.evaluate("() => window.ch.via") == via
    stored = json.dumps(relay.query({"kinds": [25050]}))
    # Long markers only: the stored ciphertext is base64, in which a short word turns up by chance
    # (a CI run found "Ana" in it).
    for secret in (
        SECRET,
        SEAT_KEY,
        HOST_KEY,
        '"kind":"hello"',
        "Winterbottom",
        "0123456789abcdef",
        "x" * 100,
    ):
        assert secret not in stored


def test_a_full_table_says_so_and_seats_nobody(pages, relay: Relay) -> None:
    host, guest = pages
    host_pub = host.evaluate(HOST, [relay.url, SECRET, HOST_KEY])
    said = guest.evaluate(GUEST, [relay.url, SECRET, host_pub, "ff" * 32, False])
    assert said == {"error": "full"}
    assert host.evaluate("() => window.seated") == []


def test_a_hostile_client_on_the_relay_changes_nothing(pages, relay: Relay) -> None:
    host, guest = pages
    host_pub = host.evaluate(HOST, [relay.url, SECRET, HOST_KEY])
    said = guest.evaluate(GUEST, [relay.url, SECRET, host_pub, SEAT_KEY, False])
    assert said["via"] == "relay", "seated at once, through the relay"
    guest.wait_for_function("() => window.ch.via === 'direct'", timeout=SAFETY_MS)
    topic = host.evaluate("() => window.room.topic")
    # a stranger knows the topic and the host's public key (both public), not the room's secret
    stranger = new_secret()
    tags = [["t", topic], ["p", host_pub]]
    forged = [
        sign_event(stranger, 25050, content="not base64 at all", tags=tags),
        sign_event(stranger, 25050, content="QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB", tags=tags),
        sign_event(stranger, 25050, content="x" * 70_000, tags=tags),
        sign_event(stranger, 25050, content="", tags=[["t", topic]]),
        sign_event(stranger, 1, content="kind 1", tags=tags),
    ]
    with relay.client() as client:
        for event in forged:
            client.publish(event, timeout=10)
        # a flood of fresh keys, each an event the host must at least look at
        for _ in range(300):
            client.send(["EVENT", sign_event(new_secret(), 25050, content="QUJD", tags=tags)])
        # the guest's real knocks, replayed as they were and under made-up ids (the relay checks
        # the signature against the id it computes, and stores whatever id it was sent)
        knocks = relay.query({"kinds": [25050], "#p": [host_pub]})
        assert knocks, "the guest's knocks went through the relay"
        for event in knocks:
            client.publish(event, timeout=10)
            client.publish({**event, "id": "0" * 63 + "1"}, timeout=10)
    host.wait_for_function(
        "() => window.room.refused + window.room.pool.dropped >= 3", timeout=SAFETY_MS
    )
    # the table still talks, and no stranger was seated or asked about
    talk(host, guest)
    assert host.evaluate("() => window.asked") == [SEAT_KEY]
    assert host.evaluate("() => window.seated.length") == 1
