"""A table across devices, as people use it: two (or more) Chromium contexts are two devices, each
on the game's own page; they connect through the page's own dialogs (the text codes), over real
WebRTC with no STUN server (an empty list: no packet leaves this machine), and play a whole match
by pointer. Every device shows the same scores; the guest's own Python checks the deal at the end
against what it saw; and every message the guest received is checked here against the host's
record: no tile outside the guest's own hand and the layout, no seed before the reveal."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import CSP_WATCH, MOTION, Problems
from playwright.sync_api import Browser, Page, expect
from tablekit import (
    ALL_IN,
    BOOT_TIMEOUT_MS,
    IDLE_NOW,
    PREFS_KEY,
    SAFETY,
    STATE,
    STUCK,
    Player,
    seated,
)

from allthrees.record import replay, result

# Every text the page's data channels received, in order (the page's own Channel reads the same).
RECEIVED = """
window.__received = [];
const make = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = make.apply(this, args);
  channel.addEventListener("message", (e) => window.__received.push(String(e.data)));
  return channel;
};
"""
TILE = re.compile(r"\b\d-\d\b")


def device(
    browser: Browser,
    site_url: str,
    problems: Problems,
    name: str,
    prefs: dict[str, Any] | None = None,
    **options: Any,
) -> Page:
    """One device: a context of its own (`options` for it), the sound off, no STUN server, and by
    default no relay either (the codes sent by hand)."""
    context = browser.new_context(
        **{"viewport": {"width": 1280, "height": 800}, "locale": "en-US", **MOTION, **options}
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    prefs = json.dumps(prefs or {"muted": True, "iceServers": [], "relays": []})
    keep = f"localStorage.setItem({PREFS_KEY!r}, {prefs!r})"
    page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {keep};")
    page.add_init_script(script=CSP_WATCH)
    page.add_init_script(script=RECEIVED)
    page.on("console", lambda m: m.type == "error" and problems.add(f"{name} console", m.text))
    page.on("pageerror", lambda e: problems.add(f"{name} exception", str(e)))
    page.set_default_timeout(60_000)
    return page


@pytest.fixture
def devices(browser: Browser, site_url: str, problems: Problems) -> Iterator[Any]:
    made: list[Page] = []

    def new(name: str) -> Page:
        page = device(browser, site_url, problems, name)
        made.append(page)
        return page

    new.base = site_url  # type: ignore[attr-defined]
    yield new
    for page in made:
        page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def join(host: Page, guest: Page, base: str) -> None:
    """The invite from the host's dialog to a guest's page, and its answer back, as text codes."""
    code = host.get_by_label("Invite code").input_value()
    guest.goto(base + "#join")  # the menu's Join a friend's table
    ready(guest)
    guest.get_by_label("Paste an invite").fill(code)
    guest.get_by_role("button", name="Join").click()
    answer = guest.get_by_label("Answer code")
    expect(answer).not_to_have_value("")
    host.get_by_label("Paste the answer").fill(answer.input_value())
    host.get_by_role("button", name="Connect").click()


def state(page: Page) -> dict[str, Any]:
    return page.evaluate(STATE)


def act(page: Page) -> bool:
    """One action of this device's person, by pointer: a tile, a draw or a pass; False when the
    table shows none yet (a moment between a snapshot and its buttons)."""
    player = Player(page)
    st = state(page)
    if any(t["playable"] for t in st["hand"]) and st["targets"]:
        player.play_tile(st)
    elif st["buttons"]["draw"]:
        player.tap(st["buttons"]["draw"])
    elif st["buttons"]["pass"]:
        player.tap(st["buttons"]["pass"])
    else:
        return False
    return True


def settle(pages: list[Page]) -> Page:
    """The device whose person is to act (or whose round is over), once one is: which one cannot be
    told from a state read a moment before (a move may be on its way between the devices)."""
    for _ in range(SAFETY):
        for page in pages:
            if page.evaluate(IDLE_NOW):
                return page
    raise AssertionError("no device came to a person's turn")


def play_match(host: Page, guests: list[Page]) -> dict[str, Any]:
    """Every device plays its seat until the match is over; the host deals each next round."""
    pages = [host, *guests]
    stuck: dict[Page, int] = {}
    for _ in range(SAFETY):
        for page in pages:
            if not page.evaluate(IDLE_NOW):
                continue
            st = state(page)
            if st["match_over"]:
                if all(state(p)["match_over"] for p in pages):
                    return state(host)
                continue
            if st["round_over"]:
                if page is host and all(state(p)["round_over"] for p in pages):
                    page.locator("#btn-next").click()
                continue
            if not act(page):
                stuck[page] = stuck.get(page, 0) + 1
                assert stuck[page] < STUCK, f"nothing to do at the person's turn: {state(page)}"
    raise AssertionError("the match did not end")


def where(value: Any, tiles: set[str], path: str = "") -> list[str]:
    """The paths in `value` whose text names one of `tiles`."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in where(v, tiles, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in where(v, tiles, f"{path}[{i}]")]
    return [f"{path}={value}"] if tiles & set(TILE.findall(str(value))) else []


def tiles_in(value: Any) -> set[str]:
    return set(TILE.findall(json.dumps(value)))


def test_two_devices_play_a_whole_match_with_a_fair_deal(devices) -> None:
    host = devices("host")
    # a dealt-for-real table (no seed in the link: a practice deal would count in no career); a
    # sprint, a match of one round (the suite's time: a match of several rounds is played online,
    # tests/web/test_online_table.py)
    host.goto(devices.base + "?sprint=1&seats=you,friend:Ana")
    ready(host)
    expect(host.get_by_label("Invite code")).not_to_have_value("")
    assert state(host) is None or state(host)["net"]["role"] == "host"
    guest = devices("guest")
    join(host, guest, devices.base)
    seated(guest)
    host.wait_for_function(ALL_IN)
    hosted = state(host)
    assert hosted["net"]["seats"] == [{"seat": 1, "presence": "connected", "channel": "direct"}]
    seen = state(guest)
    assert seen["net"]["role"] == "guest" and seen["human"] == 1
    assert seen["net"]["commitment"] == hosted["net"]["commitment"]
    # each device names its own seat "You" and the other by name
    expect(host.locator("#scores")).to_contain_text("Ana")
    expect(guest.locator("#scores")).to_contain_text("You")

    final = play_match(host, [guest])
    on_guest = state(guest)
    assert on_guest["scores"] == final["scores"], "every device shows the same scores"
    record = host.evaluate("async () => await window.allthreesTest.record()")
    kept = guest.evaluate("() => window.allthreesTest.seen()")
    assert kept["shared"] and "failed" not in kept["shared"], kept["shared"]
    assert kept["record"] == record, "the guest keeps the host's record of the match"
    # the match counts on each device for its own player
    guest.wait_for_function("() => window.allthreesTest.state().career.played === 1")
    host.wait_for_function("() => window.allthreesTest.state().career.played === 1")
    won = [state(p)["career"]["won"] for p in (host, guest)]
    winner = result(replay(record))["winner"]  # the match winner, as the CLI replays it
    assert won == [int(winner == 0), int(winner == 1)], (won, winner)
    entry = kept["shared"]["entry"]
    assert entry["you"] == 1 and entry["seats"][1] == "you" and not entry["practice"]
    assert state(guest)["career"]["history"] == 1, "the whole match is in the guest's history"

    # Nothing hidden reached the guest: its own tiles, the layout's, nothing else; no seed early.
    received = [json.loads(t) for t in guest.evaluate("() => window.__received")]
    reveal = next(m for m in received if m["kind"] == "reveal")
    secret = {reveal["seed"], reveal["host_part"]}
    # the end: the match's last table (its snapshot reveals the seed, as the Fair deal does)
    reveal_at = next(
        i for i, m in enumerate(received) if (m.get("snapshot") or {}).get("match", {}).get("over")
    )
    for m in received[:reveal_at]:
        assert not (secret & set(re.findall(r"[0-9a-f]{64}", json.dumps(m)))), m["kind"]
    # round by round: the other seats' dealt tiles that never reached the layout stay hidden
    hidden = []
    for r in record["rounds"]:
        placed = {t for mv in r["moves"] for t in TILE.findall(mv)}
        placed |= {f"{b}-{a}" for t in placed for a, b in [t.split("-")]}  # played either way up
        hidden.append({t for s, hand in enumerate(r["hands"]) if s != 1 for t in hand} - placed)
    checked = 0
    for m in received[:reveal_at]:
        if m["kind"] not in ("table", "welcome") or not m.get("snapshot"):
            continue
        # the snapshot, and what the events say of hands (a placed tile is on the table: public;
        # a message's events may end the last round, whose tiles another round deals anew)
        own = [e for e in m.get("events", []) if e["kind"] not in ("placed", "round_over")]
        # (the rules' worked example pictures made-up tiles of the set: no one's)
        table = {k: v for k, v in m["snapshot"].items() if k != "rules"}
        leaked = tiles_in([table, own]) & hidden[m["snapshot"]["round_no"] - 1]
        assert not leaked, f"{m['kind']} showed the guest {leaked}: {where(m, leaked)}"
        checked += 1
    mine = {t for r in record["rounds"] for t in r["hands"][1]}
    assert checked > 10, checked
    assert mine, "the guest held tiles"


def join_by_links(host: Page, guest: Page) -> None:
    """The invite's link opened on the guest's device, its answer's link opened on the host's
    (a tab of the host's own browser, which hands it to the waiting table and says so)."""
    guest.goto(host.get_by_label("Invite link").input_value())
    ready(guest)
    hand_over_answer(host, guest)


def hand_over_answer(host: Page, guest: Page) -> None:
    """The guest's answer link, once shown, opened in a new tab of the host's browser, which hands
    it to the waiting table and says so."""
    link = guest.get_by_label("Answer link")
    expect(link).not_to_have_value("")
    tab = host.context.new_page()
    tab.goto(link.input_value())
    expect(tab.locator("#handoff")).to_have_attribute("data-status", "delivered")
    tab.close()


def few_moves(pages: list[Page], n: int) -> None:
    """`n` actions of whichever device's person is to act, then every device still and showing
    the same table (the last move's table may still be on its way to the others)."""
    for _ in range(n):
        page = settle(pages)
        if state(page)["round_over"]:
            break
        act(page)
    settle(pages)
    scores = state(pages[0])["scores"]
    for page in pages[1:]:
        page.wait_for_function(
            "(s) => JSON.stringify(window.allthreesTest.state().scores) === JSON.stringify(s)",
            arg=scores,
        )


def own_hand(page: Page) -> list[str]:
    return sorted(t["tile"] for t in state(page)["hand"])


def test_partners_with_two_friends_joined_by_links(devices) -> None:
    """Four seats, two of them friends on two other devices (each the host's partner or an
    opponent), joined one after the other by opening the invite's and the answer's links; a few
    moves by pointer (a whole partners round is played online: tests/web/test_online_table.py)."""
    host = devices("host")
    host.goto(devices.base + "?teams=1&seats=you,friend:Ana,friend:Ben,casual&seed=9")
    ready(host)
    ana, ben = devices("ana"), devices("ben")
    expect(host.get_by_label("Invite link")).not_to_have_value("")
    join_by_links(host, ana)
    expect(host.get_by_label("Invite link")).not_to_have_value("")  # the next friend's seat
    join_by_links(host, ben)
    for page in (ana, ben):
        seated(page)
    host.wait_for_function(ALL_IN)
    assert [s["presence"] for s in state(host)["net"]["seats"]] == ["connected", "connected"]
    assert (state(ana)["human"], state(ben)["human"]) == (1, 2)
    pages = [host, ana, ben]
    few_moves(pages, 8)
    scores = [state(p)["scores"] for p in pages]
    assert scores[0] == scores[1] == scores[2], scores


def test_a_guest_that_reloads_or_changes_device_and_a_host_that_reloads_lose_nothing(
    devices,
) -> None:
    host = devices("host")
    host.goto(devices.base + "?seats=you,friend:Ana&seed=21&target=60")  # a short match
    ready(host)
    guest = devices("guest")
    join(host, guest, devices.base)
    seated(guest)
    for _ in range(4):  # a few moves in
        for page in (host, guest):
            if page.evaluate(IDLE_NOW) and not state(page)["round_over"]:
                act(page)
    settle([host, guest])
    hand, scores = own_hand(guest), state(host)["scores"]

    # The guest reloads: the host sees it away, chooses to wait, and shows a fresh invite at once;
    # the guest's page remembers its table and seat and asks for the invite.
    guest.reload()
    ready(guest)
    host.wait_for_function("() => window.allthreesTest.state()?.net.seats[0].presence === 'away'")
    host.locator("#away-wait").click()
    code = host.get_by_label("Invite code")
    expect(code).not_to_have_value("")
    guest.get_by_label("Paste an invite").fill(code.input_value())
    guest.get_by_role("button", name="Join").click()
    answer = guest.get_by_label("Answer code")
    expect(answer).not_to_have_value("")
    host.get_by_label("Paste the answer").fill(answer.input_value())
    host.get_by_role("button", name="Connect").click()
    seated(guest)
    assert own_hand(guest) == hand, "back in its own seat, its own hand"

    # The host reloads: its table comes back, and the guest opens the host's fresh invite link.
    host.reload()
    ready(host)
    assert state(host) is None or state(host)["scores"] == scores
    link = host.get_by_label("Invite link")
    expect(link).not_to_have_value("")
    # The guest's page is still up, so the link changes only its fragment and the page starts
    # again from it: wait for the page that load brings, not the one still showing.
    with guest.expect_event("load"):
        guest.goto(link.input_value())
    ready(guest)
    answer = guest.get_by_label("Answer code")
    expect(answer).not_to_have_value("")
    host.get_by_label("Paste the answer").fill(answer.input_value())
    host.get_by_role("button", name="Connect").click()
    seated(guest)
    assert own_hand(guest) == hand

    # The guest moves to another device (a new context: nothing kept): it gets its seat back.
    guest.context.close()
    host.wait_for_function("() => window.allthreesTest.state()?.net.seats[0].presence === 'away'")
    host.locator("#away-wait").click()
    other = devices("other")
    join(host, other, devices.base)
    seated(other)
    assert own_hand(other) == hand
    few_moves([host, other], 4)
    assert state(other)["scores"] == state(host)["scores"]
