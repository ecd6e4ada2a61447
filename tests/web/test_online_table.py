"""A table played online, as people use it: the host's page shows one link, a friend opens it and
sits down, with nothing sent back; a friend whose page reloads, or who opens the game again in a
new browser window with the same storage, and a host whose page reloads, are back at the table
by themselves; a friend who hides its address plays through the relay. Two Chromium contexts are
two devices; the relay is a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py), the page's
only relay (its `relays` preference), with no STUN server: nothing leaves this machine."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Problems
from playwright.sync_api import Browser, Page, expect
from relaykit import HostileRelay, Relay, free_port, new_secret, sign_event
from test_net_table import (
    ALL_IN,
    act,
    device,
    hand_over_answer,
    play_match,
    ready,
    settle,
    state,
)

ROOM_LINK = re.compile(r"#room=[0-9a-f]{64}\.[0-9a-f]{64}$")


@pytest.fixture
def devices(browser: Browser, site_url: str, problems: Problems, relay: Relay) -> Iterator[Any]:
    made: list[Page] = []

    def new(
        name: str, relay_only: bool = False, relays: list[str] | None = None, **context: Any
    ) -> Page:
        relays = [relay.url] if relays is None else relays
        prefs = {"muted": True, "iceServers": [], "relays": relays, "relayOnly": relay_only}
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


def host_table(devices: Any, query: str, **options: Any) -> tuple[Page, str]:
    """The host's page at a table with a friend's seat: its one link, from the dialog."""
    host = devices("host", **options)
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
    if channel == "direct":
        # a seat is taken through the relay at once and its link moves to a direct channel once
        # that opens (net/link.js): waited for, not looked at the moment the seat is taken
        host.wait_for_function(
            "() => window.allthreesTest.state().net.seats.every((s) => s.channel === 'direct')"
        )
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
    # a whole match, to 20 (the suite's time: a round, rarely two), each round dealt for real
    host, link = host_table(devices, "?sprint=0&seats=you,friend:Anastasia&target=20")
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
    # (long markers only: the ciphertext is base64, where a short word may turn up by chance)
    assert secret not in held and "Anastasia" not in held and not re.search(r"\d-\d", held)


def test_guests_and_host_come_back_by_themselves(devices, relay: Relay) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend")
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    moves([host, guest], 4)
    # read once the last move has reached the host (a guest's draw may still be on its way)
    settle([host, guest])
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


def test_three_friends_open_one_link_and_play_a_partners_round(devices) -> None:
    """Four devices: the host and three friends (its partner and both opponents), each seated by
    opening the same link, first come first seated; a whole partners round by pointer (a match to
    1 point: it ends with the round, so each friend's page checks the deal and keeps the record),
    the same scores on every device and every friend's record the host's."""
    host, link = host_table(devices, "?teams=1&seats=you,friend,friend,friend&target=1")
    friends = [devices(name) for name in ("left", "partner", "right")]
    for page in friends:
        page.goto(link)
    for page in friends:
        ready(page)
        page.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    assert sorted(state(p)["human"] for p in friends) == [1, 2, 3], "one seat each"
    expect(host.locator(".room-dialog")).to_have_count(0)
    final = play_match(host, friends)
    scores = [state(p)["scores"] for p in friends]
    assert all(s == final["scores"] for s in scores), (final["scores"], scores)
    record = host.evaluate("async () => await window.allthreesTest.record()")
    for page in friends:
        page.wait_for_function("() => Boolean(window.allthreesTest.seen()?.record)")
        kept = page.evaluate("() => window.allthreesTest.seen()")
        assert kept["shared"] and "failed" not in kept["shared"], kept["shared"]
        assert kept["record"] == record, "each friend keeps the host's record of the match"
    # a fifth device with the link: the table is full, it says so, and seats nobody
    fifth = devices("fifth")
    fifth.goto(link)
    ready(fifth)
    expect(fifth.locator("#toasts")).to_contain_text("This table is full")
    assert state(fifth) is None or state(fifth)["net"]["role"] == "guest"
    assert [s["presence"] for s in state(host)["net"]["seats"]] == ["connected"] * 3


# what the browser logs (and the page cannot hide) when a relay refuses its connection
RELAY_REFUSED = r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/' failed"


def test_the_relay_stopped_mid_match_then_back(devices, relay: Relay, problems: Problems) -> None:
    """A direct table needs the relay no more: stopped, the match plays on; started again, a
    guest's reload is seated through it as before."""
    problems.allow(RELAY_REFUSED)
    host, link = host_table(devices, "?sprint=1&seats=you,friend")
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest, channel="direct")
    moves([host, guest], 2)
    relay.stop()
    moves([host, guest], 6)
    same_table(host, guest)
    assert [s["channel"] for s in state(host)["net"]["seats"]] == ["direct"]
    hand = sorted(t["tile"] for t in state(guest)["hand"])
    relay.start()
    guest.reload()
    ready(guest)
    seated(host, guest)
    assert sorted(t["tile"] for t in state(guest)["hand"]) == hand, "its own seat, its own hand"
    moves([host, guest], 2)
    same_table(host, guest)


def test_with_every_relay_down_the_pages_say_so_and_the_codes_connect(
    devices, problems: Problems
) -> None:
    """No relay answers (a closed port on 127.0.0.1): the host's invite says so and offers the
    codes sent by hand; the friend who opened the link is told as well and offered the field for
    them; by the codes (here their links) the table connects and plays."""
    problems.allow(RELAY_REFUSED)
    down = [f"ws://127.0.0.1:{free_port()}"]
    host, link = host_table(devices, "?sprint=1&seats=you,friend", relays=down)
    expect(host.locator(".room-dialog")).to_contain_text("No relay answers")
    guest = devices("guest", relays=down)
    guest.goto(link)
    ready(guest)
    expect(guest.locator(".join-dialog")).to_contain_text("No relay answers")
    host.get_by_role("button", name="Connect without relays").click()
    # the host's invite by hand, pasted into the guest's open dialog; its answer link opened on
    # the host's device
    invite = host.get_by_label("Invite link")
    expect(invite).to_have_value(re.compile(r"#join="))  # the codes' invite, not the room's link
    guest.get_by_label("Paste an invite").fill(invite.input_value())
    guest.get_by_role("button", name="Join").click()
    hand_over_answer(host, guest)
    seated(host, guest, channel="direct")
    moves([host, guest], 4)
    same_table(host, guest)


# A stranger's page with the link (the room's secret): its own room, a forged seat key, and a room
# of another secret; it keeps every kind the host's page sends it.
STRANGER = """async ([url, secret, hostPub]) => {
  const { Room } = await import("./js/net/room.js");
  window.__heard = [];
  const open = async (s) => {
    const room = await Room.open({ secret: s, relays: [url],
      onmessage: (from, kind) => window.__heard.push(kind) });
    for (let i = 0; i < 200 && room.status.open === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return room;
  };
  const room = await open(secret);
  // a seat key of its own making: the table's seats are taken, each by its own key
  await room.send(hostPub, "knock", { key: "ab".repeat(32), relay: true });
  await room.send(hostPub, "knock", { key: "cd".repeat(32), relay: false });
  // what no honest page sends the host unasked: an answer to no offer, a relayed table's parts
  // for no channel, a farewell, words meant for a guest
  await room.send(hostPub, "answer", { code: "1" + "A".repeat(400) });
  await room.send(hostPub, "data", { m: 0, i: 0, of: 1, t: '{"v":1,"kind":"intent"}' });
  await room.send(hostPub, "bye", {});
  const commitment = "9f".repeat(32);
  await room.send(hostPub, "relay", { table: "0123456789abcdef", seat: 1, commitment });
  // the same room under another secret: nothing the host can open
  const other = await open("13".repeat(32));
  await other.send(hostPub, "knock", { key: "ef".repeat(32), relay: false });
  return room.topic;
}"""
MALFORMED = [
    "",
    "not base64 at all",
    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB",  # base64 of no sealed message
    "A" * 5000,
    '{"k":"knock","b":{"key":"' + "ab" * 32 + '"}}',  # a message in clear
]


def junk_frames(sub: str, want: dict[str, Any], n: int) -> Iterator[str]:
    """`n` frames a hostile relay sends a page that subscribed as `sub` to `want`: no JSON, other
    shapes, other subscriptions, other rooms, other addressees, made-up ids, events far in the
    past or the future, well-made events of no sealed message, notices and answers to nothing."""
    topic, to = want["#t"][0], want["#p"][0]
    key = new_secret()
    for i in range(n):
        made = sign_event(
            key,
            25050,
            content=MALFORMED[i % len(MALFORMED)] + str(i),
            tags=[["t", topic], ["p", to]],
        )
        kind = i % 10
        if kind == 0:
            yield "not json {" + str(i)
        elif kind == 1:
            yield json.dumps({"EVENT": made})
        elif kind == 2:
            yield json.dumps(["EVENT", "another", made])
        elif kind == 3:
            yield json.dumps(
                [
                    "EVENT",
                    sub,
                    sign_event(key, 25050, content="x", tags=[["t", "0" * 64], ["p", to]]),
                ]
            )
        elif kind == 4:
            yield json.dumps(["EVENT", sub, {**made, "id": f"{i:064x}"}])
        elif kind == 5:
            yield json.dumps(["EVENT", sub, {**made, "created_at": made["created_at"] + 86_400}])
        elif kind == 6:
            yield json.dumps(["EVENT", sub, {**made, "kind": 1}])
        elif kind == 7:
            yield json.dumps(["NOTICE", "n" * 200])
        elif kind == 8:
            yield json.dumps(["OK", f"{i:064x}", True, ""])
        else:
            yield json.dumps(["EVENT", sub, made])  # well made, sealing nothing


def test_a_hostile_peer_in_the_room_changes_nothing(devices, relay: Relay) -> None:
    """A table under way, and someone turns against it: a page that opens the link (the table
    is full: it says so and seats nobody), the same page's knocks with forged seat keys, messages
    no honest page sends, a room of another secret; the guest's own events replayed, 1,000
    malformed events from one key and a flood from 300 fresh keys, through the relay; and a
    second relay of the host's that is hostile itself, with 10,000 malformed frames. No page
    throws (the fixture fails on any error), no seat changes, the stranger hears nothing but
    "full", and the table plays on."""
    go = threading.Event()  # the hostile relay's frames wait until the table is under way

    def frames(sub: str, want: dict[str, Any]) -> Iterator[str]:
        go.wait(timeout=600)
        yield from junk_frames(sub, want, 10_000)

    with HostileRelay(frames) as hostile:
        hostile_table(devices, relay, hostile, go)


def hostile_table(devices: Any, relay: Relay, hostile: HostileRelay, go: threading.Event) -> None:
    host, link = host_table(devices, "?sprint=1&seats=you,friend", relays=[relay.url, hostile.url])
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    moves([host, guest], 2)
    same_table(host, guest)
    view = """() => {
      const s = window.allthreesTest.state();
      return [s.scores, s.hand.map((t) => t.tile), s.boneyard, s.turn, s.net.seats];
    }"""
    before = (host.evaluate(view), guest.evaluate(view))

    stranger = devices("stranger")
    stranger.goto(link)
    ready(stranger)
    expect(stranger.locator("#toasts")).to_contain_text("This table is full")
    secret, host_pub = link.split("#room=")[1].split(".")
    topic = stranger.evaluate(STRANGER, [relay.url, secret, host_pub])
    tags = [["t", topic], ["p", host_pub]]
    go.set()
    with relay.client(timeout=30) as client:
        # the guest's knocks, as the relay stored them, again
        for event in relay.query({"kinds": [25050], "#p": [host_pub]}):
            client.publish(event, timeout=10)
        # malformed events from one key, in batches (each batch's answers read, so the relay
        # never waits on this client)
        key = new_secret()
        for start in range(0, 1000, 200):
            for i in range(start, start + 200):
                content = MALFORMED[i % len(MALFORMED)]
                client.send(["EVENT", sign_event(key, 25050, content=f"{content}{i}", tags=tags)])
            for _ in range(200):
                client.recv(timeout=30)
        # a flood of fresh keys
        for _ in range(300):
            client.send(["EVENT", sign_event(new_secret(), 25050, content="QUJD", tags=tags)])
        for _ in range(300):
            client.recv(timeout=30)
    for _ in range(600):  # the hostile relay's frames are all out (a cap on looks, not a time)
        if hostile.sent >= 10_000:
            break
        host.wait_for_timeout(200)
    assert hostile.subscribers >= 1 and hostile.sent >= 10_000, (hostile.subscribers, hostile.sent)
    assert (host.evaluate(view), guest.evaluate(view)) == before, "no seat, hand or score changed"
    heard = set(stranger.evaluate("() => window.__heard"))
    assert heard <= {"full"}, f"the stranger heard {heard}"
    moves([host, guest], 4)  # the table plays on
    same_table(host, guest)
