"""A table played online stays calm through the blips of real life: a guest whose page reloads (or
whose phone locks for a few seconds) draws its last table from the first frame and is back in its
seat with no word to the host but "… is back"; a seat away for longer than 20 s is the host's to
decide about, asked once a match; every device names the others by the names they chose (a host
with no name is "Host", never "Your friend"). Two Chromium contexts are two devices, meeting at a
real Nostr relay on 127.0.0.1 (tests/web/relaykit.py) with no STUN server."""

from __future__ import annotations

import time

import test_online_table
from playwright.sync_api import Page, expect
from tablekit import screenshot
from test_net_table import ALL_IN, ready, state
from test_online_table import host_table, moves, seated

devices = test_online_table.devices  # the fixture: devices meeting at the test's relay

# Every animation frame of a guest's page from its first: the hook's table (its hand, whether it
# is live, its role) and the seats' words, as the person saw them frame by frame.
FRAMES = """
(() => {
  window.__frames = [];
  const look = () => {
    let felt = null;
    try {
      const s = window.allthreesTest?.state();
      if (s && s.hand) felt = { hand: s.hand.map((t) => t.tile), live: s.live, role: s.net?.role };
    } catch {}
    const seats = document.getElementById("net-seats");
    const loading = document.getElementById("loading");
    window.__frames.push({
      felt,
      seats: seats && !seats.hidden ? seats.textContent : "",
      loading: Boolean(loading && loading.getClientRects().length),
    });
    if (window.__frames.length < 3000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
PICTURE = (
    "() => { const s = window.allthreesTest?.state(); return Boolean(s?.hand?.length) && !s.live; }"
)
NO_ALARM = ("connection ended", "fresh invite", "Ask the host", "not joined yet")


def toasts(page: Page) -> str:
    return page.locator("#toasts").inner_text()


# Every toast the page shows from now on, as it is shown (a toast goes by itself after 3.2 s,
# which a loaded machine can take between seeing one and reading the list)
RECORD_TOASTS = """() => { window.__toasts = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node.classList?.contains("toast")) window.__toasts.push(node.textContent);
  }).observe(document, { subtree: true, childList: true }); }"""


def test_a_guests_reload_is_calm_and_its_last_table_is_drawn_from_the_first_frame(devices) -> None:
    host, link = host_table(devices, "?seats=you,friend:Ana&seed=5&target=500")
    host.evaluate(RECORD_TOASTS)
    guest = devices("guest", **PHONE)
    guest.add_init_script(script=FRAMES)
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    moves([host, guest], 3)
    host.wait_for_function(ALL_IN)
    guest.wait_for_function("() => window.allthreesTest.state().live")
    before = state(guest)["hand"]
    # the host has no name: the guest's page calls it "Host", never "Your friend"
    expect(guest.locator("#net-seats")).to_have_text("Host: connected")

    guest.reload(wait_until="commit")  # a locked phone, a reload: a few seconds at most
    try:  # its last table, before the host's answers (a moment: seen when the machine allows)
        guest.wait_for_function(PICTURE, timeout=5000, polling=20)
        screenshot(guest, "online-guest-reload-first-frame-360.png")
    except Exception:
        pass
    ready(guest)
    guest.wait_for_function("() => window.allthreesTest.state()?.live === true")
    screenshot(guest, "online-guest-reload-seated-360.png")
    host.wait_for_function(ALL_IN)
    frames = guest.evaluate("() => window.__frames")
    drawn = [f for f in frames if f["felt"]]
    assert drawn, "a table was drawn"
    first = frames.index(drawn[0])
    shown = [i for i, f in enumerate(frames) if f["loading"]]
    assert not shown, f"no loading screen for a returning guest: frames {shown} of {len(frames)}"
    assert drawn[0]["felt"]["hand"] == [t["tile"] for t in before], "its last table, at once"
    assert all(f["felt"] for f in frames[first:]), "never an empty table once drawn"
    assert not any(f["seats"] for f in frames[:first]), "nothing of a table before it is drawn"
    assert not drawn[0]["felt"]["live"], "a picture until the host's table answers"
    seen = {f["seats"] for f in frames}
    assert not any(word in text for text in seen for word in NO_ALARM), seen
    assert not any("Your friend" in text for text in seen), seen
    # the host was asked nothing and says no alarm; the seat's return is said once, by name
    expect(host.locator("#away-dialog")).to_have_count(0)
    expect(host.locator("#toasts")).to_contain_text("Ana is back.")
    screenshot(host, "online-host-short-absence-1280.png")
    words = "\n".join(host.evaluate("() => window.__toasts"))
    assert words.count("Ana is back.") == 1, words
    assert not any(word in words for word in NO_ALARM), words
    # and the table goes on
    moves([host, guest], 2)


def test_a_seat_away_for_long_is_asked_about_once_a_match(devices) -> None:
    host, link = host_table(devices, "?seats=you,friend:Ana&seed=5&target=500", **PHONE)
    guest = devices("guest")
    guest.goto(link)
    ready(guest)
    seated(host, guest)
    storage = guest.context.storage_state()
    guest.close()  # the friend's page is gone for a while
    host.wait_for_function(
        "() => window.allthreesTest.state().net.seats[0].presence === 'away'", timeout=60_000
    )
    time.sleep(5)  # a short absence asks nobody anything
    expect(host.locator("#away-dialog")).to_have_count(0)
    expect(host.locator("#net-seats")).to_have_text("Ana: away")
    screenshot(host, "online-host-away-short-360.png")
    assert not any(word in toasts(host) for word in NO_ALARM), toasts(host)
    dialog = host.get_by_role("dialog", name="Ana is away")
    expect(dialog).to_be_visible(timeout=30_000)  # past 20 s, the host chooses
    screenshot(host, "online-host-away-long-360.png")
    dialog.get_by_role("button", name="Wait").click()
    expect(host.locator("#away-dialog")).to_have_count(0)

    again = devices("guest again", storage_state=storage)
    again.goto(devices.base)  # its page comes back to the table by itself
    ready(again)
    seated(host, again)
    expect(host.locator("#toasts")).to_contain_text("Ana is back.")
    # a second long absence in the same match: the table waits, as chosen; nobody is asked again
    again.close()
    # (its link may be the relay's, whose silence is noticed at the keepalive's end: on a busy
    # machine that took more than a minute)
    host.wait_for_function(
        "() => window.allthreesTest.state().net.seats[0].presence === 'away'", timeout=150_000
    )
    time.sleep(23)
    expect(host.locator("#away-dialog")).to_have_count(0)
    assert state(host)["seats"][1]["controller"] == "friend", "the table waits for its friend"
