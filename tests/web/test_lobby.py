"""Play online, as strangers use it: a table opened on one device is listed on another, which
joins it with one tap, and is listed once its seats are taken as a table in play that a third
device watches by one tap; a quick match seats two
pages asking for the same game, or a person with computers in the seats nobody took; and a
lobby flooded with forged, oversized, expired and malformed announcements shows none of them.
Each context is a device; the relay is a real Nostr relay on 127.0.0.1 (tests/web/relaykit.py),
every page's only relay, with no STUN server: nothing leaves this machine."""

from __future__ import annotations

import functools
import hashlib
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Problems
from jsconst import js_const
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from relaykit import HostileRelay, Relay, new_secret, public_key, sign_event
from tablekit import ARTIFACTS, screenshot
from test_net_table import ALL_IN, device, play_match, ready, state

LOBBY_KIND = int(js_const("net/lobbyevents.js", "LOBBY_KIND"))
# The proof of work every table and ask carries (NIP-13)
WORK_BITS = int(js_const("net/lobbyevents.js", "WORK_BITS"))


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
    seeker = devices("seeker", "Olek", viewport={"width": 360, "height": 740})  # a phone's width
    late = devices("late", "Zed")
    for page in (seeker, late):
        open_lobby(page)
    # the host opens a table: New game's choices (a friend's seat), then listed
    open_lobby(host)
    host.get_by_role("button", name="Open a table").click()
    dialog = host.get_by_role("dialog", name="Open a table")
    expect(dialog).to_be_visible()
    dialog.locator("input[name=mode][value=sprint]").check()  # one round: the match's end
    dialog.locator("#new-clock").select_option("30")
    dialog.get_by_role("button", name="Open a table").click()
    host.wait_for_function("() => window.allthreesTest.state()?.gathering")
    # listed on the others' pages within a moment, in words, with its Join
    for page in (seeker, late):
        page.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 1")
        listed = page.get_by_role("button", name="Join")
        expect(listed).to_have_count(1)
        expect(listed).to_have_accessible_description(
            "Parlor sprint (one round), 2 players, 1 free seat; host Wanda; English; "
            "waiting under a minute; 30 s a move"
        )
    entry = lobby(seeker)["tables"][0]
    assert entry["players"] == 2 and entry["free"] == 1 and entry["rules"] == "parlor"
    seeker.get_by_role("button", name="Join").click()
    ready(seeker)
    seeker.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    # full: no seat to join on the late page's list; the table is listed in play, to watch (a
    # table opened in Play online lets people watch unless its host said no)
    late.wait_for_function(
        "() => { const t = window.allthreesTest.state().net.lobby.tables;"
        " return t.length === 1 && t[0].playing && t[0].free === 0; }"
    )
    expect(late.get_by_role("button", name="Join")).to_have_count(0)
    watch = late.get_by_role("button", name="Watch")
    expect(watch).to_have_accessible_description(
        "Parlor sprint (one round), 2 players; host Wanda; English; "
        "playing under a minute; 0 watching"
    )
    watch.scroll_into_view_if_needed()
    screenshot(late, "lobby-to-watch-1280.png")
    late.set_viewport_size({"width": 360, "height": 740})
    watch.scroll_into_view_if_needed()
    screenshot(late, "lobby-to-watch-360.png")
    names = [s["name"] for s in state(seeker)["seats"]]
    assert "Wanda" in names, names
    # Watch: the late page is the table's watcher (its watch link), and the players count it
    watch.click()
    watching = "() => window.allthreesTest?.state()?.net?.role === 'watcher'"
    late.wait_for_function(watching, timeout=60_000)
    for page in (host, seeker):
        page.wait_for_function("() => window.allthreesTest.state().net.watchers === 1")
    the_clock_moves_for_a_guest_that_does_not(host, seeker)
    final = play_match(host, [seeker])
    assert state(seeker)["scores"] == final["scores"]


def role(page: Page) -> str | None:
    """The page's part at a table online; None meanwhile (a page that joins reloads itself)."""
    try:
        return page.evaluate("() => window.allthreesTest?.state()?.net?.role ?? null")
    except PlaywrightError:
        return None


def host_and_guest(one: Page, two: Page) -> tuple[Page, Page]:
    """Which of two quick-match pages hosts and which joined, once each knows (a cap on looks)."""
    pages = [one, two]
    for _ in range(600):
        roles = [role(p) for p in pages]
        if sorted(map(str, roles)) == ["guest", "host"]:
            return pages[roles.index("host")], pages[roles.index("guest")]
        time.sleep(0.1)
    raise AssertionError(f"not seated together: {roles}")


def quick(page: Page, kind: str = "2 players") -> None:
    open_lobby(page)
    page.get_by_role("radio", name=kind).check()
    page.get_by_role("button", name="Quick match").click()


def test_two_quick_matches_are_seated_together_and_play_a_round(devices) -> None:
    one = devices("one", "Ola")
    two = devices("two", "Piotr")
    quick(one)
    quick(two)  # both look, both open a table at once: one gives way and joins the other's
    host, guest = host_and_guest(one, two)
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    # a quick match's clock: 60 s a move, on both devices
    for page in (host, guest):
        page.wait_for_function("() => window.allthreesTest.state().net.clock !== null")
        assert 0 < state(page)["net"]["clock"]["left_ms"] <= 60_000
    # a round, the same on both
    from test_online_table import moves, same_table

    moves([host, guest], 400)
    same_table(host, guest)
    assert state(host)["round_over"] and state(guest)["round_over"]
    # next round; the host gives the stranger's seat to a computer: its page is told, and is its
    # own again
    host.locator("#btn-next").click()
    try:
        guest.wait_for_function("() => !window.allthreesTest.state().round_over")
    except Exception as error:  # what each device showed, for whoever reads the failure
        seen = {
            name: {k: state(page).get(k) for k in ("round_over", "turn", "scores", "net")}
            for name, page in (("host", host), ("guest", guest))
        }
        raise AssertionError(f"the next round did not reach the guest: {seen}") from error
    host.locator("#btn-give").click()
    host.get_by_role("dialog", name="Give a seat to a computer").locator("#give-1").click()
    expect(guest.locator("#toasts")).to_contain_text("The host gave this seat to a computer.")
    host.wait_for_function("() => window.allthreesTest.state().net.seats[0].presence === 'away'")
    expect(host.locator("#away-dialog")).to_have_count(0)  # not asked: the host chose
    guest.reload()
    ready(guest)
    assert role(guest) is None, "its own table, not the host's"


TIME_UP = "async (req) => (await (await import('./js/main.js')).ready).call('time_up', req)"


def the_clock_moves_for_a_guest_that_does_not(host: Page, guest: Page) -> None:
    """The guest's turn runs out (30 s): the host's Python moves for it, the same on both
    devices; time's up out of turn, or before the time, is refused; the guest's next move is its
    own again."""
    from test_net_table import act, settle

    seat = state(guest)["human"]
    if state(settle([host, guest]))["turn"] != seat:
        act(host)
    for page in (host, guest):
        page.wait_for_function(
            "(seat) => window.allthreesTest.state().net.clock?.seat === seat", arg=seat
        )
        assert 0 < state(page)["net"]["clock"]["left_ms"] <= 30_000
    expect(guest.locator("#clock")).to_contain_text("s left")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for page, name in ((host, "host-1280"), (guest, "guest-360")):
        page.screenshot(path=str(ARTIFACTS / f"clock-{name}.png"), animations="disabled")
    before = state(host)["boneyard"], [s["tiles"] for s in state(host)["seats"]]
    # out of turn, and before its time: Python refuses, and nothing changes
    refused = host.evaluate(TIME_UP, {"seat": 1 - seat, "level": "casual"})
    assert not refused["ok"] and refused["code"] == "clock_turn", refused
    early = host.evaluate(TIME_UP, {"seat": seat, "level": "casual"})
    assert not early["ok"] and early["code"] == "clock_running", early
    assert (state(host)["boneyard"], [s["tiles"] for s in state(host)["seats"]]) == before
    # the guest does nothing: at 30 s a computer's move is made for it, on both devices
    expect(guest.locator("#toasts")).to_contain_text("Time's up for You", timeout=45_000)
    expect(host.locator("#toasts")).to_contain_text("Time's up for Olek")
    settle([host, guest])
    host.wait_for_function("(seat) => window.allthreesTest.state().turn !== seat", arg=seat)
    after = state(host)["boneyard"], [s["tiles"] for s in state(host)["seats"]]
    assert after != before
    guest.wait_for_function(
        "(s) => JSON.stringify(window.allthreesTest.state().scores) === JSON.stringify(s)",
        arg=state(host)["scores"],
    )
    # its next action is its own: the host moves, then the guest plays by pointer
    act(settle([host, guest]))
    page = settle([host, guest])
    if page is guest:
        assert act(guest)


@functools.lru_cache(maxsize=1024)
def _mined(pubkey: str, created_at: int, tags: str, content: str, bits: int) -> str:
    """The nonce (12 digits) that gives the event's NIP-01 id `bits` leading zero bits."""
    marker = "X" * 12
    nonce_tag = ["nonce", marker, str(bits)]
    data = [0, pubkey, created_at, LOBBY_KIND, [*json.loads(tags), nonce_tag], content]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    at = text.index(f'["nonce","{marker}"') + len('["nonce","')
    head = hashlib.sha256(text[:at].encode())
    tail = text[at + len(marker) :].encode()
    for n in range(random.randrange(10**11), 10**12):
        attempt = head.copy()
        attempt.update(f"{n:012d}".encode() + tail)
        if int.from_bytes(attempt.digest(), "big") >> (256 - bits) == 0:
            return f"{n:012d}"
    raise AssertionError("no nonce found")


def worked_event(
    secret: str,
    content: str,
    tags: list[list[str]],
    created_at: int | None = None,
    bits: int = WORK_BITS,
) -> dict[str, Any]:
    """A lobby event as a page makes it (net/lobbyevents.js lobbyEvent): its proof of work (a
    nonce tag, NIP-13, the target committed), then signed."""
    now = int(time.time()) if created_at is None else created_at
    nonce = _mined(public_key(secret), now, json.dumps(tags), content, bits)
    return sign_event(secret, LOBBY_KIND, content, [*tags, ["nonce", nonce, str(bits)]], now)


def announcement(
    secret: str, created_at: int | None = None, work: int = WORK_BITS, **fields: Any
) -> dict[str, Any]:
    """A table's announcement as a host's page makes it (net/announcer.js), `fields` changed;
    `work`: the bits of its proof of work (0: none, which no page lists)."""
    now = int(time.time()) if created_at is None else created_at
    body = {
        "v": 1,
        "type": "table",
        "room": "ab" * 32,
        "name": "Genuine",
        "lang": "en",
        "players": 2,
        "teams": False,
        "sprint": False,
        "free": 1,
        "preset": "parlor",
        "target": 150,
        "clock": 0,
        "quick": None,
        "since": now,
        "rating": None,  # the host's rating, title and abandoned matches (none yet)
        "provisional": True,
        "title": None,
        "abandoned": 0,
    } | fields
    if not work:
        return sign_event(secret, LOBBY_KIND, json.dumps(body), [["t", TABLES_TOPIC]], now)
    return worked_event(secret, json.dumps(body), [["t", TABLES_TOPIC]], now, work)


ODD_NAME = 'O\'Brien & "Co"'  # shown as these very characters
TABLES_TOPIC = hashlib.sha256(b"allthrees lobby tables v1").hexdigest()


def hostile_lobby_frames(sub: str, at: int | None = None) -> Iterator[str]:
    """A flood of 300 good announcements from one sender, then 1,000 no page may show (the
    forged ones with their work done, so that it is their signature that fails; the stale ones
    without, which their time refuses first), made at `at` (now unless told)."""
    now = int(time.time()) if at is None else at
    key = new_secret()
    good = announcement(key, now, name=ODD_NAME)
    bad_fields: list[dict[str, Any]] = [
        {"v": 2},
        {"type": "chair"},
        {"name": "<img src=x onerror=alert(1)>"},
        {"name": "x" * 40},
        {"players": 9},
        {"free": 2},  # every seat free: the host holds none
        {"preset": "made_up"},
        {"target": "150"},
        {"clock": 45},
        {"quick": "3p"},
        {"room": "not a room"},
        {"lang": "xx"},
        {"extra": 1},
    ]
    for i in range(300):  # one sender's flood of good announcements: one entry, at most
        good_one = announcement(key, now, name=ODD_NAME, target=100 + i % 3)
        yield json.dumps(["EVENT", sub, good_one])
    # then 1,000 from fresh keys (past the lobby's limit on newcomers, most are not even read)
    for i in range(1000):
        kind = i % 5
        if kind == 0:  # forged: another event's signature
            made = announcement(new_secret(), now, name=f"Forged {i}")
            made = {**made, "sig": good["sig"]}
        elif kind == 1:  # oversized
            made = sign_event(new_secret(), LOBBY_KIND, "x" * 5000, [["t", TABLES_TOPIC]])
        elif kind == 2:  # expired (or from the future)
            stale = now - 3600 if i % 2 else now + 3600
            made = announcement(new_secret(), created_at=stale, work=0, name=f"Stale {i}")
        elif kind == 3:  # well signed, of a wrong shape (half of them without their work)
            made = announcement(
                new_secret(), now, work=WORK_BITS * (i % 2), **bad_fields[i % len(bad_fields)]
            )
        else:  # not JSON at all
            made = sign_event(
                new_secret(), LOBBY_KIND, "{not json" * (i % 7), [["t", TABLES_TOPIC]]
            )
        yield json.dumps(["EVENT", sub, made])


# every WebSocket the page opens, to count those still open
SOCKETS = """
window.__lobbySockets = [];
const Original = WebSocket;
window.WebSocket = class extends Original {
  constructor(...args) {
    super(...args);
    window.__lobbySockets.push(this);
  }
};
"""
# the page hidden (or shown again), as a locked phone or a tab in the background
HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_hostile_lobby_shows_nothing_it_should_not(browser, site_url, problems, relay) -> None:
    go = threading.Event()

    def frames(sub: str, want: dict[str, Any]) -> Iterator[str]:
        if TABLES_TOPIC not in want.get("#t", []):
            return
        go.wait(timeout=120)
        yield from hostile_lobby_frames(sub)

    with HostileRelay(frames) as hostile:
        prefs = {
            "muted": True,
            "iceServers": [],
            "relays": [relay.url, hostile.url],
            "name": "Watcher",
        }
        page = device(browser, site_url, problems, "watcher", prefs)
        page.add_init_script(script=SOCKETS)
        page.goto(site_url)
        ready(page)
        open_lobby(page)
        # a genuine stranger's table, through the real relay
        relay.publish(announcement(new_secret(), name="Genuine"))
        page.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 1")
        go.set()
        for _ in range(600):
            if hostile.sent >= 1300:
                break
            page.wait_for_timeout(100)
        assert hostile.sent >= 1300
        page.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 2")
        page.wait_for_timeout(1000)  # anything still queued is read
        listed = page.get_by_role("dialog", name="Play online").get_by_role("listitem")
        expect(listed).to_have_count(2)
        texts = sorted(listed.all_inner_texts())
        assert "Genuine" in texts[0] or "Genuine" in texts[1]
        assert any(f"host {ODD_NAME};" in t for t in texts), texts  # as text, never markup
        assert page.locator("dialog img").count() == 0
        # hidden, the page hears nothing (its lobby's sockets closed); shown again, it listens
        sockets = "() => window.__lobbySockets.filter((s) => s.readyState === 1).length"
        assert page.evaluate(sockets) >= 1
        page.evaluate(HIDE, True)
        expect(page.locator(".lobby-dialog [role=status]").first).to_have_text(
            "The list is paused while the page is idle."
        )
        page.wait_for_function(f"() => ({sockets})() === 0")
        page.evaluate(HIDE, False)
        page.wait_for_function(f"() => ({sockets})() >= 1")
        expect(listed.first).to_be_visible()
        # the table under the dialog still plays
        page.get_by_role("button", name="Close").click()
        from test_net_table import act, settle

        assert act(settle([page]))
        settle([page])
        page.context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def test_a_partners_quick_match_of_two_people_and_two_computers(devices) -> None:
    one = devices("one", "Ula")
    two = devices("two", "Tom")
    quick(one, "Partners (2 against 2)")
    quick(two, "Partners (2 against 2)")
    host, guest = host_and_guest(one, two)
    # nobody else comes: the host starts with computers in the two empty seats
    dialog = host.get_by_role("dialog", name="Play online")
    expect(dialog).to_contain_text("1 player has joined.")
    dialog.get_by_role("button", name="Start now, computers in the empty seats").click()
    expect(dialog).to_have_count(0)
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    controllers = [s["controller"] for s in state(host)["seats"]]
    assert controllers.count("pub") == 2 and controllers.count("friend") == 1, controllers
    assert state(host)["mode"] == "partners" and len(state(guest)["seats"]) == 4
    from test_online_table import moves, same_table

    moves([host, guest], 6)
    same_table(host, guest)
