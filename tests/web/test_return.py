"""Back at the table at once: a repeat visit draws the table the page last drew (kept in its own
key, as Python made it for the seat on screen) before Python has started, says it is waking, holds
a move made meanwhile and plays it once Python is up (or says why not), and moves to Python's table
when that is another; a damaged kept table never breaks the boot; the cover of pass-and-play is
kept as it was; nothing hidden is kept.

Python is held back by holding its runtime (pyodide.asm.wasm) in a route until the test lets it
go, as test_boot.py holds files; service workers are blocked here, so every request meets the
route (the offline start is test_offline.py's). Every wait is for a condition, never a time."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from tablekit import (
    BOOT_TIMEOUT_MS,
    SAVE_KEY,
    STATE,
    Player,
    canonical,
    hook_record,
    ivory_pixels_in_rack,
    open_table,
    screenshot,
)

TABLE_KEY = "allthrees.table.v1"  # web/js/store/tablekeep.js
WASM = "**/pyodide.asm.wasm"
WAKING = "() => window.allthreesTest?.state()?.live === false"
LIVE = "() => window.allthreesTest?.state()?.live === true"
TILE = re.compile(r"^\d-\d$")


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "service_workers": "block"}


ASK_POLL_MS = 50


class Held:
    """The Python runtime held in a route until `release()`: Python cannot start before it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        self.open = False
        page.route(WASM, self._hold)

    def _hold(self, route: Route) -> None:
        if self.open:
            route.continue_()
        else:
            self.routes.append(route)

    def wait_asked(self) -> None:
        """Until the page has asked for the runtime (and it is held): the hold is real."""
        for _ in range(BOOT_TIMEOUT_MS // ASK_POLL_MS):
            if self.routes:
                return
            self.page.wait_for_timeout(ASK_POLL_MS)
        raise AssertionError("the page never asked for Python's runtime")

    def release(self) -> None:
        self.open = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def kept(page: Page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem({TABLE_KEY!r})"))


def stored(page: Page, key: str) -> str | None:
    return page.evaluate(f"() => localStorage.getItem({key!r})")


def played_a_little(page: Page, seed: int, moves: int = 2) -> dict:
    open_table(page, seed)
    player = Player(page)
    st = player.idle()
    for _ in range(moves):
        player.turn(st)
        st = player.idle()
    assert not st["round_over"] and st["turn"] == st["human"], "pick a seed with a longer round"
    return st


def reload_held(page: Page) -> Held:
    """Reload with Python held back; returns once the kept table is drawn (live false)."""
    held = Held(page)
    page.reload(wait_until="commit")
    page.wait_for_function(WAKING, timeout=BOOT_TIMEOUT_MS)
    return held


def wake(page: Page, held: Held) -> dict:
    held.release()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(LIVE, timeout=BOOT_TIMEOUT_MS)
    return Player(page).idle()


def drawn(st: dict) -> dict:
    """The table as the hook reads it, but what only Python's being up changes: `live`, the
    Hint button (it asks Python, so it waits) and the daily deal's commitment (Python's)."""
    out = {k: v for k, v in st.items() if k not in ("live", "daily")}
    out["buttons"] = {k: v for k, v in st["buttons"].items() if k != "hint"}
    return out


def moves_made(page: Page) -> int:
    return sum(len(r["moves"]) for r in hook_record(page)["rounds"])


def test_a_repeat_visit_draws_the_saved_table_before_python(page: Page) -> None:
    st = played_a_little(page, 11)
    save = stored(page, SAVE_KEY)
    held = reload_held(page)

    early = page.evaluate(STATE)
    assert early["live"] is False
    assert drawn(early) == drawn(st), "the same hand, layout, scores and turn as before"
    # The engine's worker starts after the kept table's first frame (main.js), so Python's
    # runtime is either not asked for yet or held here: the table came without it.
    held.wait_asked()
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#waking")).to_have_text("Waking up…")
    assert page.locator("html").get_attribute("data-ready") is None
    assert ivory_pixels_in_rack(page) > 0, "the rack's tiles are drawn on the canvas"
    assert page.locator("#score-0 .score-pts").inner_text() == str(st["scores"][0])
    screenshot(page, "return-desktop-first-frame.png")

    again = wake(page, held)
    assert again == st, "Python's table is the one drawn"
    expect(page.locator("#waking")).to_be_hidden()
    assert stored(page, SAVE_KEY) == save, "the save is as it was"


def test_a_phone_sees_its_table_while_python_wakes(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    st = played_a_little(page, 11)
    held = reload_held(page)
    assert drawn(page.evaluate(STATE)) == drawn(st)
    assert ivory_pixels_in_rack(page) > 0
    expect(page.locator("#waking")).to_be_visible()
    screenshot(page, "return-phone-first-frame.png")
    assert wake(page, held) == st


def test_a_tap_while_waking_is_held_then_played(page: Page) -> None:
    st = played_a_little(page, 11)
    before = moves_made(page)
    held = reload_held(page)
    player = Player(page)
    waking = page.evaluate(STATE)
    played = player.play_tile(waking)  # a tap on the tile, a tap on its lit end
    expect(page.locator("#toasts")).to_contain_text("Your move is played as soon as the game is")
    assert page.evaluate(STATE)["live"] is False
    assert played in [t["tile"] for t in page.evaluate(STATE)["hand"]], "not played yet"

    after = wake(page, held)
    assert played not in [t["tile"] for t in after["hand"]], "played once Python was up"
    assert moves_made(page) > before
    placed = hook_record(page)["rounds"][-1]["moves"][before].split("@")[0]
    assert canonical(placed) == canonical(played), "the held move is the one played"
    assert after != st


def test_a_key_while_waking_is_held_then_played(page: Page) -> None:
    played_a_little(page, 11)
    before = moves_made(page)
    held = reload_held(page)
    hand = page.evaluate(STATE)["hand"]
    page.locator("#table").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#toasts")).to_contain_text("Your move is played as soon as the game is")
    first = next(t["tile"] for t in hand if t["playable"])
    after = wake(page, held)
    assert first not in [t["tile"] for t in after["hand"]]
    assert moves_made(page) > before


def test_a_kept_table_behind_the_save_ends_on_pythons_table(page: Page) -> None:
    """A kept table that is not the saved match's (here one move behind it, as a save written by
    another tab after this one drew): drawn while waking, then Python's replaces it at once, and
    a move made on the old one is refused with its reason, not played."""
    played_a_little(page, 11, moves=1)
    stale = stored(page, TABLE_KEY)
    player = Player(page)
    player.turn(player.idle())
    st = player.idle()
    assert not st["round_over"] and st["turn"] == st["human"]
    before = moves_made(page)
    page.evaluate(f"(t) => localStorage.setItem({TABLE_KEY!r}, t)", stale)

    held = reload_held(page)
    old = page.evaluate(STATE)
    assert drawn(old) != drawn(st), "the stale table is what is drawn while waking"
    player.play_tile(old)
    expect(page.locator("#toasts")).to_contain_text("Your move is played as soon")

    after = wake(page, held)
    assert after == st, "the page is on Python's table"
    expect(page.locator("#toasts")).to_contain_text("The table had changed since")
    assert moves_made(page) == before, "the move made on the old table was not played"
    assert [t["tile"] for t in kept(page)["snap"]["hand"]] == [t["tile"] for t in st["hand"]]


def test_a_tampered_kept_table_gives_way_to_the_save(page: Page) -> None:
    st = played_a_little(page, 11)
    table = kept(page)
    table["snap"]["sides"][1]["score"] = 99  # the scores as nobody played them
    page.evaluate(f"(t) => localStorage.setItem({TABLE_KEY!r}, t)", json.dumps(table))
    held = reload_held(page)
    assert page.evaluate(STATE)["scores"][1] == 99
    assert wake(page, held) == st
    assert page.locator("#score-1 .score-pts").inner_text() == str(st["scores"][1])


@pytest.mark.parametrize(
    "damage",
    [
        "not json {",
        "null",
        '{"v": 1, "snap": {"seats": "nobody"}}',
        '{"v": 2, "snap": {}}',
        "[]",
        "hand",
    ],
)
def test_a_damaged_kept_table_boots_as_a_first_visit(page: Page, damage: str) -> None:
    st = played_a_little(page, 11)
    save = stored(page, SAVE_KEY)
    if damage == "hand":  # the right shape but for one tile: the check refuses it all
        table = kept(page)
        table["snap"]["hand"][0]["tile"] = {"a": 6}
        damage = json.dumps(table)
    page.evaluate(f"(t) => localStorage.setItem({TABLE_KEY!r}, t)", damage)
    held = Held(page)
    page.reload(wait_until="commit")
    expect(page.locator("#loading")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => window.allthreesTest?.state() ?? null") is None
    again = wake(page, held)
    assert again == st
    assert stored(page, SAVE_KEY) == save, "the save is never touched by the kept table"
    assert kept(page)["snap"]["hand"], "the kept table is written again from Python's"


def test_pass_and_play_keeps_the_cover_when_it_is_up(page: Page) -> None:
    open_table(page, "?players=2&seats=you,person:Ana&seed=5")
    player = Player(page)
    st = player.idle()
    while not st["cover"]:
        assert not st["round_over"]
        player.turn(st)
        st = player.idle()
    table = kept(page)["snap"]
    assert table["viewer"] is None and table["hand"] == [], "under the cover no hand is kept"

    held = reload_held(page)
    early = page.evaluate(STATE)
    assert early["human"] is None and early["hand"] == [] and early["cover"]
    expect(page.locator("#btn-ready")).to_be_visible()
    assert ivory_pixels_in_rack(page) == 0, "no face shows in the rack under the cover"
    player.tap(early["cover"]["rect"])  # the next person takes the device while it wakes
    expect(page.locator("#toasts")).to_contain_text("Your move is played as soon")
    after = wake(page, held)
    assert after["cover"] is None and after["human"] == st["cover"]["seat"]
    assert after["hand"], "the held tap took the cover down"


def test_nothing_hidden_is_kept(page: Page) -> None:
    page.goto("/?sprint=1&seats=you,casual")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    player = Player(page)
    for _ in range(3):
        st = player.idle()
        if st["round_over"]:
            break
        player.turn(st)
    st = player.idle()
    text = stored(page, TABLE_KEY)
    table = json.loads(text)["snap"]
    mine = {t["tile"] for t in st["hand"]}
    assert [t["tile"] for t in table["hand"]] == [t["tile"] for t in st["hand"]]
    assert all(isinstance(seat["tiles"], int) for seat in table["seats"]), "others: counts only"
    assert table["round"]["hands"] is None, "no hand is shown in play"
    named: set[str] = set()

    def walk(value, path: str) -> None:
        """Every tile named anywhere (as "a-b", or as a dict's a and b) but the layout's, which
        everyone sees, and How to play's example."""
        if path in ("rules.picture", "layout.tiles"):
            return
        if isinstance(value, dict):
            if isinstance(value.get("a"), int) and isinstance(value.get("b"), int):
                hi, lo = max(value["a"], value["b"]), min(value["a"], value["b"])
                named.add(f"{hi}-{lo}")
            for k, v in value.items():
                walk(v, f"{path}.{k}" if path else k)
        elif isinstance(value, list):
            for v in value:
                walk(v, path)
        elif isinstance(value, str) and TILE.match(value):
            named.add(value)

    walk(table, "")
    assert named <= mine, f"tiles kept that this seat may not see: {named - mine}"
    commitment = table["fair"]["commitment"]
    assert set(re.findall(r"[0-9a-f]{64}", text)) <= {commitment}, "no seed in the kept table"
    assert "seed" not in table["fair"]
    for key in ("boneyard_order", "stock", "hands", "seed"):
        assert key not in table, key

    end = player.play_round()
    assert end["match_over"]
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({TABLE_KEY!r})).snap.match.over")
    over = stored(page, TABLE_KEY)
    seed = page.evaluate("() => window.allthreesTest.record()")["seed"]
    assert seed not in over and "seed" not in json.loads(over)["snap"]["fair"], (
        "the seed, revealed at the end, is not kept with the table"
    )


def test_a_second_tab_shows_the_playing_tabs_last_table(
    context: BrowserContext, page: Page
) -> None:
    st = played_a_little(page, 12, moves=1)
    other = context.new_page()
    other.goto("/", wait_until="commit")
    expect(other.locator("#elsewhere")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    other.wait_for_function(WAKING, timeout=BOOT_TIMEOUT_MS)
    there = other.evaluate(STATE)
    assert drawn(there) == drawn(st), "the playing tab's last table, under the offer"
    expect(other.locator("#loading")).to_be_hidden()
    assert ivory_pixels_in_rack(other) > 0
    screenshot(other, "return-second-tab.png")

    page.bring_to_front()  # the playing tab plays on: the other one follows its table
    player = Player(page)
    player.turn(player.idle())
    st = player.idle()
    hand = [t["tile"] for t in st["hand"]]
    other.wait_for_function(
        "(hand) => JSON.stringify(window.allthreesTest.state().hand.map((t) => t.tile))"
        " === JSON.stringify(hand)",
        arg=hand,
    )
    assert drawn(other.evaluate(STATE)) == drawn(st)
    assert other.evaluate(STATE)["live"] is False
    other.close()
