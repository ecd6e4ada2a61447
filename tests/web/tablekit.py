"""Driving the table the way a person does: real mouse or touch input at the rects the page's
read-only hook (`window.allthreesTest`) reports, plus the engine-side check of what it shows."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from allthrees import app
from allthrees.record import replay, result

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "web"
BOOT_TIMEOUT_MS = 60_000
THUMB_PX = 44  # a tile or a control under a thumb is at least this big (CSS px)
SAVE_KEY = "allthrees.save.v1"
PREFS_KEY = "allthrees.prefs.v1"

# A context option: the motion a player sees by default (the suite's contexts reduce it, conftest).
FULL_MOTION = {"reduced_motion": "no-preference"}

# idle() with a deadline, so a table that never settles fails the test instead of hanging it.
IDLE = """() => Promise.race([
  window.allthreesTest.idle().then(() => true),
  new Promise((_, reject) =>
    setTimeout(() => reject(new Error("the table did not settle in 30 s")), 30000)),
])"""
STATE = "() => window.allthreesTest.state()"

# A table across devices (tests/web/test_net_table.py and the others; tests/engines/onlinekit.py):
SAFETY = 3000  # a cap on the turns looked at, not a time: every wait is for the table itself
STUCK = 100  # looks at a person's turn with nothing to tap before that is a failure
# Idle within a moment, or not (yet): which device's person is to act now (a poll, not a bound).
IDLE_NOW = """() => Promise.race([
  window.allthreesTest.idle().then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 250)),
])"""
# The host's table with every seat played elsewhere connected and dealt.
ALL_IN = """() => {
  const s = window.allthreesTest.state();
  const seats = s?.net.seats ?? [];
  return Boolean(s?.hand && seats.length && seats.every((x) => x.presence === "connected"));
}"""


def canonical(tile: str) -> str:
    """A tile named either way up ("1-5", "5-1"), named one way: a hand lists a tile as dealt, a
    record as placed (docs/rules.md: either order is the same tile)."""
    a, b = sorted(tile.split("-"), reverse=True)
    return f"{a}-{b}"


def center(rect: dict[str, float]) -> tuple[float, float]:
    return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2


def choose_opponent(page: Page, level: str) -> None:
    """A returning player's preference (as the New game dialog stores it), before the page loads."""
    settings = {"mode": "match", "seats": [{"controller": "you"}, {"controller": level}]}
    prefs = json.dumps({"muted": True, "settings": settings})
    store = f"localStorage.setItem({PREFS_KEY!r}, {prefs!r})"
    page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {store};")


def open_table(page: Page, seed: int | str, replace: bool = False) -> None:
    """Open a link (``?seed=N``, or a query given whole); ``replace``: a match is in progress,
    so the page asks first, and the test says yes."""
    query = f"?seed={seed}" if isinstance(seed, int) else seed
    page.goto(f"/{query}")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert "?" not in page.url, "the link leaves the address bar so a reload resumes"
    if replace:
        page.locator("#link-start").click()


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), animations="disabled")


class Player:
    """Plays the person's seat with real input events: mouse (click, drag) or touch (taps)."""

    def __init__(self, page: Page, touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.done: Counter[str] = Counter()

    def idle(self) -> dict[str, Any]:
        self.page.evaluate(IDLE)
        return self.state()

    def state(self) -> dict[str, Any]:
        return self.page.evaluate(STATE)

    def tap(self, rect: dict[str, float]) -> None:
        x, y = center(rect)
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def drag(self, start: dict[str, float], end: dict[str, float]) -> None:
        x0, y0 = center(start)
        x1, y1 = center(end)
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        mouse.move(x0 + 4, y0 - 12, steps=3)  # past the drag threshold
        mouse.move(x1, y1, steps=12)
        mouse.up()

    def play_tile(self, st: dict[str, Any]) -> str:
        """Play the first playable tile at its first lit end (see `first_choice`), alternating
        tap-tap and drag."""
        tile = next(t for t in st["hand"] if t["playable"])
        target = st["targets"][tile["tile"]][0]
        if self.touch or self.done["tap-tap"] <= self.done["drag"]:
            self.tap(tile["rect"])
            self.tap(target["rect"])
            self.done["tap-tap"] += 1
        else:
            self.drag(tile["rect"], target["rect"])
            self.done["drag"] += 1
        return tile["tile"]

    def turn(self, st: dict[str, Any]) -> None:
        """One action of the person's turn: play, or draw from the boneyard, or pass."""
        before = [t["tile"] for t in st["hand"]]
        if any(t["playable"] for t in st["hand"]):
            played = self.play_tile(st)
            after = self.idle()
            if after["claim"]:  # muggins: every play is asked its claim; this person says none
                none = next(c for c in after["claim"]["controls"] if c["label"] == "none")
                self.tap(none["rect"])
                after = self.idle()
            assert played not in [t["tile"] for t in after["hand"]], f"{played} left the hand"
        elif st["buttons"]["draw"]:
            self.tap(st["buttons"]["draw"])
            self.done["draw"] += 1
            after = self.idle()
            if not after["round_over"] and after["turn"] == after["human"] and not after["cover"]:
                assert len(after["hand"]) == len(before) + 1, "one tile per tap"
        else:
            assert st["buttons"]["pass"], f"no play, no draw and no Pass button: {st}"
            self.tap(st["buttons"]["pass"])
            self.done["pass"] += 1
            self.idle()

    def play_round(
        self,
        max_actions: int = 160,
        shots: dict[int, str] | None = None,
        on_cover: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict:
        """Play until the round is over. With people sharing the device, each cover is tapped
        (after ``on_cover`` looked at the table under it)."""
        st = self.idle()
        for n in range(max_actions):
            if st["round_over"]:
                return st
            if shots and n in shots:
                screenshot(self.page, shots[n])
            if st["cover"]:
                if on_cover:
                    on_cover(st)
                self.tap(st["cover"]["rect"])
                self.done["cover"] += 1
                st = self.idle()
                continue
            assert st["turn"] == st["human"], "idle() means the person's turn or the round's end"
            self.turn(st)
            st = self.state()
        raise AssertionError(f"the round did not end within {max_actions} actions")


# The screen reader's turn line (web/js/ui/screenreader.js) in each language: a round's end, a
# draw, a pass.
TURN_WORDS = {
    "en": {"over": ("Round over", "Match over"), "draw": "Draw", "pass": "Nothing to play"},
    "pl": {
        "over": ("Koniec partii", "Koniec rozgrywki"),
        "draw": "Dobierz",
        "pass": "Nie masz czym",
    },
}


def first_move_by_keys(page: Page) -> None:
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def best_move_by_keys(page: Page) -> None:
    """The play that scores most now (the first of equals), chosen as a person does with keys:
    Right to each playable tile in the rack's order, Down to each of its ends, then Enter."""
    st = page.evaluate(STATE)
    playable = [t["tile"] for t in st["hand"] if t["playable"]]
    best = max(
        ((i, j, target["points"]) for i, tile in enumerate(playable)
         for j, target in enumerate(st["targets"][tile])),
        key=lambda c: c[2],
    )  # fmt: skip
    for _ in range(best[0] + 1):
        page.keyboard.press("ArrowRight")
    for _ in range(best[1]):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")


def keys_round(
    page: Page,
    lang: str = "en",
    move: Callable[[Page], None] = first_move_by_keys,
    max_turns: int = 200,
) -> None:
    """Play the person's turns with keys alone, deciding from the mirror's turn line (what a
    screen reader reads), until the round is over: D to draw, P to pass, else ``move``."""
    words = TURN_WORDS[lang]
    for _ in range(max_turns):
        page.evaluate(IDLE)
        if page.locator("#mirror-turn").inner_text() in words["over"]:
            return
        turn_by_keys(page, lang, move)
    raise AssertionError(f"the round did not end within {max_turns} turns")


def turn_by_keys(
    page: Page, lang: str = "en", move: Callable[[Page], None] = first_move_by_keys
) -> None:
    """One turn of the person's, decided from the mirror's turn line: D to draw, P to pass,
    else ``move``."""
    words = TURN_WORDS[lang]
    turn = page.locator("#mirror-turn").inner_text()
    if turn.startswith(words["draw"]):
        page.keyboard.press("d")
    elif turn.startswith(words["pass"]):
        page.keyboard.press("p")
    else:
        move(page)


def saved_result(page: Page) -> dict[str, Any]:
    """Replay the hook's record (as `python -m allthrees replay` does) and return its result."""
    return result(replay(hook_record(page)))


def shown_scores(page: Page, sides: int) -> list[int]:
    return [int(page.locator(f"#score-{side} .score-pts").inner_text()) for side in range(sides)]


def first_choice(snap: dict[str, Any]) -> dict[str, Any]:
    """What `Player` does with a snapshot: the first playable tile at its first end, else draw,
    else pass."""
    playable = [t for t in snap["hand"] if t["playable"]]
    if playable:
        intent = {"kind": "play", "tile": playable[0]["tile"]}
        arm = playable[0]["targets"][0]["arm"]
        if arm:
            intent["arm"] = arm
        return intent
    return {"kind": "draw" if snap["can_draw"] else "pass"}


def engine_round(seed: int, opponent: str) -> tuple[Counter[str], dict[str, Any]]:
    """The first round of `seed` played by the engine in this process, the person's seat making
    `first_choice`: what the person did (plays, draws, passes) and the saved record."""

    def ask(op: str, **payload: Any) -> dict[str, Any]:
        return json.loads(app.handle(json.dumps({"op": op, **payload})))

    reply = ask("start", seed=seed, settings={"seats": ["you", opponent]})
    did: Counter[str] = Counter()
    while not reply["snapshot"]["round"]["over"]:
        if reply["snapshot"]["computer_to_move"]:
            reply = ask("advance")
        else:
            intent = first_choice(reply["snapshot"])
            did[intent["kind"]] += 1
            reply = ask("intent", seat=reply["snapshot"]["viewer"], intent=intent)
    return did, ask("record")["record"]


def seed_where_the_person_draws_and_passes(opponent: str = "casual") -> int:
    """A deal (with a deterministic opponent) whose first round makes the person draw and pass."""
    for seed in range(1, 1000):
        did, _ = engine_round(seed, opponent)
        if did["draw"] and did["pass"] and did["play"] >= 4:
            return seed
    raise AssertionError("no deal in 1..999 makes the person draw and pass")


def service_worker_stamp(dist: Path) -> dict:
    """The BUILD line scripts/build stamped into dist/sw.js: {hash, files, onDemand}."""
    line = next(r for r in (dist / "sw.js").read_text().splitlines() if r.startswith("const BUILD"))
    return json.loads(line.removeprefix("const BUILD = ").split("; //")[0])


def saved_record(page: Page) -> dict[str, Any]:
    return hook_record(page)


def stored_save(page: Page) -> dict[str, Any]:
    """The save as stored: an envelope (the seed sealed, the rest signed) around the engine's."""
    return json.loads(page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})"))


def hook_record(page: Page) -> dict[str, Any]:
    """The match record the page's test hook gives (docs/rules.md format)."""
    return page.evaluate("() => window.allthreesTest.record()")


def replayed_scores(page: Page) -> list[int]:
    """What `python -m allthrees replay` says the scores are, for the hook's record."""
    return result(replay(hook_record(page)))["rounds"][-1]["scores"]


# Tile faces are ivory: a pixel at least this light in each channel is part of one.
IVORY = {"r": 225, "g": 215, "b": 180}
RACK_IVORY = """(ivory) => {
  const canvas = document.getElementById("table");
  const top = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--rack-top"));
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  const y = Math.round(top * scale);
  const data = canvas.getContext("2d").getImageData(0, y, canvas.width, canvas.height - y).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] >= ivory.r && data[i + 1] >= ivory.g && data[i + 2] >= ivory.b) n++;
  }
  return n;
}"""


def ivory_pixels_in_rack(page: Page) -> int:
    """How many pixels of the canvas's rack region show a tile face (the rack itself is wood)."""
    return page.evaluate(RACK_IVORY, IVORY)


# ------------------------------------------------------ the career (test_career_screens.py)
# A real match by link: no seed (a ?seed= deal is practice and does not join the career).
SPRINT = "/?sprint=1&seats=you,beginner"


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(IDLE)


def follow_link(page: Page, path: str) -> None:
    """A link (`path`, e.g. "/?sprint=1&seats=you,expert") opened on a page whose table is up. If
    that table's match is under way (a computer that leads may have moved already), the page asks
    before the link replaces it, the question up by the time it is ready
    (table/startup.js replaceWithLink): the test says "Start it"."""
    page.goto(urljoin(page.url, path))
    ready(page)
    if page.locator("#link-start").is_visible():
        page.locator("#link-start").click()
        ready(page)


def finish_sprint(
    page: Page, played: int, lang: str = "en", move: Callable[[Page], None] = first_move_by_keys
) -> dict:
    """Play the sprint on the table with the keys until its panel is up and the career has it."""
    page.locator("#table").focus()
    keys_round(page, lang, move)
    expect(page.locator("#round-panel")).to_be_visible()
    page.wait_for_function("n => window.allthreesTest.state()?.career.played === n", arg=played)
    return page.evaluate(STATE)


HAS_HAND = "() => window.allthreesTest.state()?.hand?.length > 0"


def seated(page: Page) -> None:
    """A friend's page holds its hand: the host's table has reached it. If it never does, the
    failure says how the page stood (its state's `net`, and the words of any dialog or alert up:
    a connection that failed says so there) rather than only that the wait ran out."""
    try:
        page.wait_for_function(HAS_HAND)
    except PlaywrightTimeoutError:
        st = page.evaluate(STATE)
        up = "[role=dialog]:visible, [role=alertdialog]:visible, [role=alert]:visible"
        shown = page.locator(up).all_inner_texts()
        raise AssertionError(f"no hand: net {st and st.get('net')}; shown {shown}") from None


def peek_after_reload(page: Page) -> None:
    """A reloaded page whose round is over opens that round's panel a moment after its table is
    drawn (controller.js ROUND_PANEL_DELAY_MS; idle() waits for a panel about to open), so a click
    on the toolbar at once would race it. Once the table settles, the panel, if it is up, is
    looked past as a player does ("Look at the table"): it is modal."""
    page.evaluate(IDLE)
    if page.locator("#round-panel").is_visible():
        page.locator("#btn-peek").click()
        expect(page.locator("#btn-unpeek")).to_be_visible()


def open_career(page: Page, tab: str = "stats") -> None:
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-career").click()
    expect(page.locator("#career-dialog")).to_be_visible()
    page.locator(f"#career-tab-{tab}").click()
    expect(page.locator(f"#career-panel-{tab}")).to_be_visible()
