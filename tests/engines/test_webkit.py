"""The game in WebKit: Debian's WebKitGTK (webkit2gtk-driver's WebKitWebDriver and the
MiniBrowser of libwebkit2gtk-4.1, the engine of Safari), driven by Selenium under xvfb-run (Xvfb:
MiniBrowser has no headless mode). It boots, plays a whole round by pointer at the test hook's
rects to the scores CPython's engine gives for the same choices, resumes the same table on a
reload, starts offline from its service worker, keeps a damaged save and brings up a table, and
speaks Polish; with the features an older Safari lacks turned off (MiniBrowser's --features), the
table still plays without Trusted Types and Web Locks, and without compression streams the page
says to update the browser. A friend's page in this WebKit, which has no RTCPeerConnection, sits
down at a Chromium host's table online by its one link and plays a round through the relay
(tests/engines/onlinekit.py).

Nothing leaves loopback: MiniBrowser's proxy is a closed port on 127.0.0.1, which only loopback
addresses bypass (the local server's, and the local relay's ws://127.0.0.1:PORT). Waits are for
conditions, with generous timeouts (a loaded 2-core machine boots the game in WebKit in 10-25 s)."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from enginekit import (
    BACKUP_KEY,
    GARBAGE_SAVE,
    PREFS_KEY,
    ROUND_LINK,
    ROUND_OPPONENT,
    ROUND_SEED,
    SAVE_KEY,
    engine_round,
)
from onlinekit import SHOWN, ChromiumSeat, Host, alarms, friend_prefs, play_round
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from webkitkit import WebKitMissing, webkit_driver
from webkitkit import minibrowser as new_minibrowser

from allthrees.record import replay, result

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "engines"
BOOT_S = 240  # generous: the whole boot on a loaded machine
SCRIPT_S = 120  # an idle() or a service worker's install

IDLE = """const done = arguments[arguments.length - 1];
window.allthreesTest.idle().then(() => done(window.allthreesTest.state()),
  (e) => done({error: String(e)}));"""
CONTROLLED = """const done = arguments[arguments.length - 1];
if (navigator.serviceWorker.controller) done(true);
else navigator.serviceWorker.addEventListener("controllerchange", () => done(true),
  {once: true});"""
FEATURES = """return {
  trusted_types: typeof trustedTypes === "object",
  compression_stream: typeof CompressionStream === "function",
  decompression_stream: typeof DecompressionStream === "function",
  web_locks: !!navigator.locks,
  barcode_detector: "BarcodeDetector" in globalThis,
  compile_streaming: typeof WebAssembly.compileStreaming === "function",
  user_agent: navigator.userAgent,
};"""


DISPLAY_BASE = 99  # xvfb-run's own first choice
DISPLAYS_PER_WORKER = 20


def worker_index() -> int:
    """This pytest-xdist worker's number (gw3 -> 3); 0 outside xdist."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(name.removeprefix("gw") or 0)


@pytest.fixture
def driver_url() -> Iterator[str]:
    """WebKitWebDriver under xvfb-run (its own X display), for one test's session: a driver
    whose session once hung in a full run (a MiniBrowser that never came up, 07:10 UTC on
    2026-12-03) takes no other test with it. Each pytest-xdist worker looks for a free display
    from a number of its own: two WebKit workers starting at once would otherwise race for one."""
    try:
        with webkit_driver(DISPLAY_BASE + DISPLAYS_PER_WORKER * worker_index()) as url:
            yield url
    except WebKitMissing as e:
        pytest.fail(str(e))


@pytest.fixture
def minibrowser(request: pytest.FixtureRequest, driver_url: str) -> Iterator[webdriver.Remote]:
    """A new MiniBrowser (an empty profile) for one test; parametrized indirectly, the WebKit
    features it turns off, as an older Safari lacks them."""
    driver = new_minibrowser(driver_url, SCRIPT_S, BOOT_S, getattr(request, "param", ()))
    try:
        yield driver
    finally:
        driver.quit()


# Where a page that never became ready stands: its loading screen (the boot's last stage and the
# files it waited for, boot/boot.js; "up" once the engine is), its error panel, the test hook.
WHERE = """const loading = document.getElementById("loading");
const error = document.getElementById("boot-error");
return {
  loading: loading && {hidden: loading.hidden, ...loading.dataset,
    text: document.getElementById("loading-text").textContent},
  error: error && !error.hidden ? error.textContent.trim() : null,
  hook: typeof window.allthreesTest,
};"""


def ready(driver: webdriver.Remote) -> dict[str, Any]:
    """Wait for the page to be ready and the table to wait for the person; its state."""
    try:
        WebDriverWait(driver, BOOT_S, poll_frequency=0.25).until(
            lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true"
        )
    except TimeoutException:
        raise AssertionError(f"not ready in {BOOT_S} s: {driver.execute_script(WHERE)}") from None
    return idle(driver)


def idle(driver: webdriver.Remote) -> dict[str, Any]:
    st = driver.execute_async_script(IDLE)
    assert st and "error" not in st, st
    return st


def stored(driver: webdriver.Remote, key: str) -> str | None:
    return driver.execute_script("return localStorage.getItem(arguments[0])", key)


def before_the_page(driver: webdriver.Remote, site_url: str, items: dict[str, str]) -> None:
    """Put `items` in the site's localStorage before the page ever loads (from build.json, a
    document of the same origin)."""
    driver.get(site_url + "build.json")
    for key, value in items.items():
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, value)


class Pointer:
    """Plays the person's seat by mouse at the hook's rects (tests/web/tablekit.py's `Player`):
    the first playable tile at its first lit end, tap-tap and drag in turn, else draw, else pass."""

    def __init__(self, driver: webdriver.Remote) -> None:
        self.driver = driver
        self.done: Counter[str] = Counter()

    @staticmethod
    def center(rect: dict[str, float]) -> tuple[int, int]:
        return round(rect["x"] + rect["width"] / 2), round(rect["y"] + rect["height"] / 2)

    def tap(self, rect: dict[str, float]) -> None:
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(*self.center(rect)).click()
        actions.perform()

    def drag(self, start: dict[str, float], end: dict[str, float]) -> None:
        (x0, y0), (x1, y1) = self.center(start), self.center(end)
        actions = ActionBuilder(self.driver, duration=50)
        pointer = actions.pointer_action
        pointer.move_to_location(x0, y0).pointer_down()
        pointer.move_to_location(x0 + 4, y0 - 12)  # past the drag threshold
        for step in range(1, 7):
            pointer.move_to_location(x0 + (x1 - x0) * step // 6, y0 + (y1 - y0) * step // 6)
        pointer.pointer_up()
        actions.perform()

    def turn(self, st: dict[str, Any]) -> dict[str, Any]:
        playable = [t for t in st["hand"] if t["playable"]]
        if playable:
            tile = playable[0]
            target = st["targets"][tile["tile"]][0]
            if self.done["tap-tap"] <= self.done["drag"]:
                self.tap(tile["rect"])
                self.tap(target["rect"])
                self.done["tap-tap"] += 1
            else:
                self.drag(tile["rect"], target["rect"])
                self.done["drag"] += 1
            after = idle(self.driver)
            if after["claim"]:  # muggins: this person claims nothing
                none = next(c for c in after["claim"]["controls"] if c["label"] == "none")
                self.tap(none["rect"])
                after = idle(self.driver)
            assert tile["tile"] not in [t["tile"] for t in after["hand"]], f"{tile} was played"
            return after
        button = st["buttons"]["draw"] or st["buttons"]["pass"]
        assert button, f"no play, no draw and no Pass button: {st}"
        self.tap(button)
        self.done["draw" if st["buttons"]["draw"] else "pass"] += 1
        return idle(self.driver)

    def play_round(self, st: dict[str, Any], max_actions: int = 160) -> dict[str, Any]:
        for _ in range(max_actions):
            if st["round_over"]:
                return st
            assert st["turn"] == st["human"] and not st["cover"], st
            st = self.turn(st)
        raise AssertionError(f"the round did not end within {max_actions} actions")


# onlinekit.IDLE_NOW as WebDriver's asynchronous script
IDLE_NOW = """const done = arguments[arguments.length - 1];
Promise.race([
  window.allthreesTest.idle().then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 250)),
]).then(done, () => done(false));"""
# What the page logs as an error, throws, or has refused by its CSP from now on, in window.__errors
# (WebKitWebDriver gives no console log; the Firefox and Chromium pages are watched by their
# drivers).
ERRORS = """if (!window.__errors) {
  const errors = (window.__errors = []);
  const keep = (text) => errors.length < 100 && errors.push(String(text));
  const log = console.error.bind(console);
  console.error = (...args) => { keep(args.join(" ")); log(...args); };
  addEventListener("error", (e) => keep(`uncaught exception: ${e.message}`));
  addEventListener("unhandledrejection", (e) => keep(`unhandled rejection: ${e.reason}`));
  document.addEventListener("securitypolicyviolation", (e) => keep(`CSP: ${e.blockedURI}`));
}"""
SEATED = """const s = window.allthreesTest?.state();
return Boolean(s?.hand?.length && s.net.role === "guest");"""


class WebKitSeat:
    """The friend's person in WebKit, by WebDriver's pointer actions (Pointer's)."""

    def __init__(self, driver: webdriver.Remote, name: str = "friend") -> None:
        self.name = name
        self.driver = driver
        self.pointer = Pointer(driver)

    def idle_now(self) -> bool:
        return bool(self.driver.execute_async_script(IDLE_NOW))

    def state(self) -> dict[str, Any]:
        return self.driver.execute_script("return window.allthreesTest.state()")

    def tap(self, rect: dict[str, float]) -> None:
        self.pointer.tap(rect)

    def drag(self, start: dict[str, float], end: dict[str, float]) -> None:
        self.pointer.drag(start, end)


def test_a_friend_on_webkit_without_webrtc_plays_a_round_through_the_relay(
    minibrowser: webdriver.Remote, site, relay, host: Host
) -> None:
    """This WebKitGTK has no RTCPeerConnection (as some privacy settings, hardened and embedded
    browsers have none): its page opens the host's one link and nothing else, sits down through
    the relay as if "Hide my address" were on, says nothing alarming, and both devices play the
    round by pointer to the same scores, CPython's for the host's record; the friend's own Python
    checks the deal."""
    before_the_page(minibrowser, site.url, {PREFS_KEY: json.dumps(friend_prefs(relay.url))})
    minibrowser.get(host.link)
    minibrowser.execute_script(SHOWN + ERRORS)  # at once: the table's room is not open yet
    assert minibrowser.execute_script("return typeof RTCPeerConnection") == "undefined"
    WebDriverWait(minibrowser, BOOT_S, poll_frequency=0.25).until(
        lambda d: d.execute_script(SEATED)
    )
    seats = host.all_in()
    assert [(s["presence"], s["channel"]) for s in seats] == [("connected", "relay")], seats
    told = len(host.shown())  # the host's words before its friend sat down ("not joined yet")
    friend = WebKitSeat(minibrowser)
    assert friend.state()["human"] == 1
    done = play_round([ChromiumSeat(host.page), friend])
    st, end = host.state(), friend.state()
    assert [s["channel"] for s in st["net"]["seats"]] == ["relay"], "no direct channel, ever"
    assert [s["channel"] for s in end["net"]["seats"]] == ["relay"]
    record = host.page.evaluate("() => window.allthreesTest.record()")
    replayed = result(replay(record))["rounds"][-1]["scores"]
    assert end["scores"] == st["scores"] == replayed, (end, st, replayed)
    WebDriverWait(minibrowser, SCRIPT_S, poll_frequency=0.25).until(
        lambda d: d.execute_script("return Boolean(window.allthreesTest.seen()?.shared)")
    )
    seen = minibrowser.execute_script("return window.allthreesTest.seen()")
    assert seen["shared"] and "failed" not in seen["shared"], seen["shared"]
    assert seen["record"] == record, "the friend keeps the host's record of the match"
    assert sum(done["host"].values()) and sum(done["friend"].values()), done
    shown = minibrowser.execute_script("return window.__shown")
    print(f"the WebKit friend was shown: {shown}")
    assert alarms(shown) == [], shown
    assert minibrowser.execute_script("return window.__errors") == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    minibrowser.save_screenshot(str(ARTIFACTS / "webkit_friend_online.png"))
    assert alarms(host.shown()[told:]) == [], host.shown()


def test_the_game_boots_in_webkit(minibrowser: webdriver.Remote, site) -> None:
    minibrowser.get(site.url)
    st = ready(minibrowser)
    assert st["hand"] and st["turn"] == st["human"], "a table waiting for the person"
    assert minibrowser.execute_script("return navigator.webdriver") is True, "the hook is for tests"
    assert not minibrowser.find_element(By.ID, "boot-error").is_displayed()
    features = minibrowser.execute_script(FEATURES)
    print(f"WebKitGTK {minibrowser.capabilities.get('browserVersion')}: {features}")
    # what the page needs and WebKit 2.50 has (docs/testing.md, "Browsers"): the QR decoder falls
    # back to jsQR without BarcodeDetector (web/js/net/qr.js)
    for need in ("decompression_stream", "compression_stream", "compile_streaming"):
        assert features[need], need


@pytest.mark.parametrize(
    "minibrowser", [("TrustedTypes", "WebLocksAPI")], ids=["off"], indirect=True
)
def test_without_trusted_types_and_web_locks_the_table_plays(
    minibrowser: webdriver.Remote, site
) -> None:
    """Safari before 26 has no Trusted Types (web/js/boot/trusted.js then hands the sinks plain
    URLs), before 15.4 no Web Locks (web/js/boot/tabs.js then keeps no lock)."""
    minibrowser.get(site.url + ROUND_LINK)
    st = ready(minibrowser)
    missing = minibrowser.execute_script("return [typeof trustedTypes, typeof navigator.locks]")
    assert missing == ["undefined", "undefined"], "the features are off"
    after = Pointer(minibrowser).turn(st)
    assert after != st, "a move"


@pytest.mark.parametrize("minibrowser", [("CompressionStream",)], ids=["off"], indirect=True)
def test_without_decompression_streams_the_page_says_to_update(
    minibrowser: webdriver.Remote, site
) -> None:
    """Safari before 16.4 cannot unpack the packed standard library (web/js/boot/worker.js): the
    loading screen says so and names the versions that can, never a blank table."""
    minibrowser.get(site.url)
    assert minibrowser.execute_script("return typeof DecompressionStream") == "undefined"
    error = WebDriverWait(minibrowser, BOOT_S, poll_frequency=0.25).until(
        lambda d: (
            d.find_element(By.ID, "boot-error").is_displayed()
            and d.find_element(By.ID, "boot-error").text
        )
    )
    assert "please update it" in error and "Safari 16.4" in error, error
    assert minibrowser.execute_script("return document.documentElement.dataset.ready") != "true"


def test_a_whole_round_by_pointer_ends_as_the_engine_ends_it(
    minibrowser: webdriver.Remote, site
) -> None:
    minibrowser.get(site.url + ROUND_LINK)
    st = ready(minibrowser)
    assert "?" not in minibrowser.current_url, "the link leaves the address bar"
    assert st["seats"][1]["controller"] == ROUND_OPPONENT
    pointer = Pointer(minibrowser)
    end = pointer.play_round(st)
    expected = engine_round(ROUND_SEED, ROUND_OPPONENT)
    assert end["scores"] == expected["scores"], (end["scores"], expected)
    assert pointer.done["tap-tap"] and pointer.done["drag"], pointer.done
    shown = [
        int(minibrowser.find_element(By.CSS_SELECTOR, f"#score-{side} .score-pts").text)
        for side in range(2)
    ]
    assert shown == expected["scores"], "the scores shown are the engine's"


def test_a_reload_resumes_the_same_table(minibrowser: webdriver.Remote, site) -> None:
    minibrowser.get(site.url + ROUND_LINK)
    pointer = Pointer(minibrowser)
    st = pointer.turn(pointer.turn(ready(minibrowser)))
    save = stored(minibrowser, SAVE_KEY)
    minibrowser.refresh()
    again = ready(minibrowser)
    assert again == st, "the same table, as it was"
    assert stored(minibrowser, SAVE_KEY) == save
    # and it plays on: a move (the whole round by pointer is the test above's; playing it again
    # here took WebKit under Xvfb 80 s of the suite's one WebKit worker)
    after = pointer.turn(again)
    assert after != again, "a move after the reload"


def test_offline_the_service_worker_starts_the_game(minibrowser: webdriver.Remote, site) -> None:
    minibrowser.get(site.url + ROUND_LINK)
    pointer = Pointer(minibrowser)
    st = pointer.turn(ready(minibrowser))
    assert minibrowser.execute_async_script(CONTROLLED) is True
    site.stop()  # the server is gone: only the service worker can answer
    minibrowser.refresh()
    again = ready(minibrowser)
    assert again == st, "the saved table, offline"
    after = pointer.turn(again)
    assert after != again, "a move, offline"
    assert minibrowser.execute_script("return navigator.serviceWorker.controller !== null")


def test_a_damaged_save_is_kept_and_a_table_comes_up(minibrowser: webdriver.Remote, site) -> None:
    before_the_page(minibrowser, site.url, {SAVE_KEY: GARBAGE_SAVE})
    minibrowser.get(site.url)
    WebDriverWait(minibrowser, BOOT_S, poll_frequency=0.25).until(
        lambda d: d.find_element(By.ID, "save-problem").is_displayed()
    )
    problem = minibrowser.find_element(By.ID, "save-problem").text
    assert "kept aside" in problem and "Traceback" not in problem, problem
    kept = json.loads(stored(minibrowser, BACKUP_KEY) or "[]")
    assert kept and kept[0]["text"] == GARBAGE_SAVE, "the bad save is kept as it was"
    pointer = Pointer(minibrowser)
    pointer.tap(minibrowser.find_element(By.ID, "save-ok").rect)
    st = ready(minibrowser)
    assert st["hand"] and st["turn"] == st["human"] and not st["round_over"], "a playable table"
    assert json.loads(stored(minibrowser, SAVE_KEY))["format"] == "sealed-1", "a new save"
    pointer.turn(st)


def test_the_polish_table(minibrowser: webdriver.Remote, site) -> None:
    # the player's language choice, remembered (WebKitGTK takes the browser's languages from a
    # locale this machine may not have: Firefox's suite checks the browser's language instead)
    before_the_page(minibrowser, site.url, {PREFS_KEY: json.dumps({"lang": "pl"})})
    minibrowser.get(site.url + "?seats=you,casual&seed=5")
    st = ready(minibrowser)
    assert minibrowser.execute_script("return document.documentElement.lang") == "pl"
    turn, scores = minibrowser.execute_script(
        "return ['turn', 'scores'].map((id) => document.getElementById(id).textContent)"
    )
    assert turn.strip() == "Twój ruch", turn
    assert "Ty" in scores and "Amator" in scores, scores
    after = Pointer(minibrowser).turn(st)
    assert after != st
