"""The table for a person who cannot see it: a round followed and played from the accessible
mirror alone (mirror.js: its words, the moves the focused canvas points at, the polite log), with
the keyboard alone, every event announced exactly once.

The test decides every action from what a screen reader would be given (the accessibility tree
of the canvas, the mirror's words) and acts with keys; the test hook only tells it when the table
has settled (what a listener hears as the log going quiet)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tablekit import IDLE, STATE, hook_record, keys_round, open_table, screenshot, turn_by_keys

from allthrees.moves import DRAW, PASS, tile_of
from allthrees.record import replay
from allthrees.tiles import NAME

# Every sentence added to the polite log, in order (the log itself keeps only the last few).
HEAR = """
window.__heard = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.parentElement?.id === "announcer") window.__heard.push(n.textContent);
  }
}).observe(document, { childList: true, subtree: true });
"""

PIPS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def words(tile: str) -> str:
    a, b = (PIPS[int(x)] for x in tile.split("-"))
    return f"double {a}" if a == b else f"{a}-{b}"


def ax_nodes(page: Page) -> list[dict]:
    """Chromium's accessibility tree (what a screen reader is given), as CDP reports it.
    Playwright's aria_snapshot() does not look inside a canvas; the browser does (its fallback
    content)."""
    cdp = page.context.new_cdp_session(page)
    try:
        return cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()


def options(page: Page) -> list[str]:
    """The moves a screen reader finds in the table."""
    nodes = ax_nodes(page)
    return [n["name"]["value"] for n in nodes if n.get("role", {}).get("value") == "option"]


def active_option(page: Page) -> str:
    """The move the focused table points at (aria-activedescendant), as the tree names it."""
    for n in ax_nodes(page):
        props = {p["name"]: p["value"].get("value") for p in n.get("properties", [])}
        if n.get("role", {}).get("value") == "option" and props.get("selected"):
            return n["name"]["value"]
    return ""


def test_a_round_is_followed_and_played_from_the_mirror_and_the_keys(page: Page) -> None:
    page.add_init_script(script=HEAR)
    open_table(page, "?seed=5&seats=you,casual")
    page.evaluate(IDLE)
    mirror = page.locator("#mirror")
    tree = mirror.aria_snapshot()
    assert "Scores: You 0, Casual 0; playing to" in tree, tree
    assert re.search(r"Your hand, 7 tiles: ", tree), tree
    assert re.search(r"Casual: \d tiles\.", tree) and re.search(r"Boneyard: \d+ tiles", tree), tree
    assert "Open ends: " in tree or "The table is empty." in tree, tree
    # a first visit: Tab from the top of the page reaches the table
    page.locator("body").focus()
    for _ in range(20):
        if page.evaluate("() => document.activeElement?.id") == "table":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement?.id") == "table", "Tab reaches the table"
    ring = page.evaluate("() => getComputedStyle(document.getElementById('table')).outlineStyle")
    assert ring == "solid", "the focused table shows a ring"
    chosen = []

    def choose(page: Page) -> None:
        assert options(page), "my turn and no move offered"
        page.keyboard.press("ArrowRight")
        said = active_option(page)
        assert said in options(page), "the canvas points at one of its options"
        chosen.append(said)
        page.keyboard.press("Enter")

    keys_round(page, move=choose, max_turns=120)
    page.evaluate(IDLE)
    screenshot(page, "access-round-over.png")
    heard = page.evaluate("() => window.__heard")
    history = replay(hook_record(page)).rounds[0].history
    names = {0: "You", 1: "Casual"}
    plays = [e for e in history if e.move >= 0]
    said_plays = [s for s in heard if re.match(r"^(You play|Casual plays) ", s)]
    assert len(said_plays) == len(plays), (said_plays, plays)
    for sentence, e in zip(said_plays, plays, strict=True):
        assert sentence.startswith(f"{names[e.seat]} play"), (sentence, e)
        assert words(NAME[tile_of(e.move)]) in sentence, (sentence, e)
        if e.points:
            assert sentence.endswith(f" {e.points}."), (sentence, e)
    passes = sum(1 for e in history if e.move == PASS)
    assert len([s for s in heard if re.match(r"^(You pass|Casual passes)\.$", s)]) == passes
    assert sum(1 for s in heard if s.startswith("Round 1: ")) == 1, "the round's end, said once"
    mine = sum(1 for e in plays if e.seat == 0)
    assert len(chosen) == mine, "every play of mine was chosen by keys"
    # every draw said once: mine one by one with the tile, Casual's in runs ("draws 2 tiles")
    drawn = {seat: sum(1 for e in history if e.move == DRAW and e.seat == seat) for seat in (0, 1)}
    assert len([s for s in heard if s.startswith("You draw ")]) == drawn[0]
    counted = 0
    for s in heard:
        if found := re.match(r"^Casual draws (a tile|(\d+) tiles)\.$", s):
            counted += int(found.group(2) or 1)
    assert counted == drawn[1], (heard, drawn)
    expect(page.locator("#status")).not_to_have_attribute("aria-live", "polite")


IN_PANEL = "() => document.getElementById('round-panel').contains(document.activeElement)"


def focused(page: Page) -> str:
    return page.evaluate("() => document.activeElement?.id ?? ''")


def test_a_whole_match_is_played_with_the_keyboard_alone(page: Page) -> None:
    open_table(page, "?target=61&seats=you,beginner&seed=8")
    page.evaluate(IDLE)
    page.keyboard.press("Tab")
    while focused(page) != "table":
        page.keyboard.press("Tab")
    rounds = 0
    for _ in range(400):
        page.evaluate(IDLE)
        turn = page.locator("#mirror-turn").inner_text()
        if turn == "Match over":
            break
        if turn == "Round over":
            rounds += 1
            assert focused(page) == "btn-next", "the round panel puts the keyboard on Next round"
            # a modal panel: Tab stays inside it; Escape looks at the table and comes back
            for _ in range(6):
                page.keyboard.press("Tab")
                assert page.evaluate(IN_PANEL), "Tab stays in the round panel"
            page.keyboard.press("Escape")
            expect(page.locator("#round-panel")).to_be_hidden()
            assert focused(page) == "btn-unpeek"
            page.keyboard.press("Escape")
            expect(page.locator("#round-panel")).to_be_visible()
            for _ in range(10):  # Tab round the panel back to Next round
                if focused(page) == "btn-next":
                    break
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            page.evaluate(IDLE)
            assert focused(page) == "table", "after Next round the keyboard is back on the table"
        else:
            turn_by_keys(page)
    else:
        raise AssertionError("the match did not end")
    assert rounds >= 1
    assert page.locator("#round-panel").is_visible()
    assert page.evaluate("() => window.allthreesTest.state().match_over") is True
    screenshot(page, "access-match-over.png")


def test_a_first_visit_offers_how_to_play_once(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    offer = page.locator("#howto-offer")
    expect(offer).to_be_visible()
    page.locator("#btn-howto-offer").click()
    dialog = page.locator("#howto-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Score on multiples of 3")
    expect(dialog).to_contain_text("The last 2 tiles stay in the boneyard")
    expect(dialog).to_contain_text("The spinner")
    picture = dialog.locator("canvas[role=img]")
    expect(picture).to_have_attribute("aria-label", re.compile(r"6 \+ 3 = 9, a multiple of 3"))
    screenshot(page, "howto.png")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert focused(page) == "table", "closed, the keyboard is back on the table"
    expect(offer).to_be_hidden()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(offer).to_be_hidden()
    # one tap away after: the tools
    page.locator("#btn-howto").click()
    expect(page.locator("#howto-dialog")).to_be_visible()


def test_a_tile_that_does_not_play_says_why(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    for _ in range(30):
        st = page.evaluate(IDLE) and page.evaluate(STATE)
        dead = [t for t in st["hand"] if not t["playable"]]
        if st["turn"] == st["human"] and dead and any(t["playable"] for t in st["hand"]):
            break
        page.locator("#table").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    else:
        raise AssertionError("no turn with a tile that does not play")
    tile = dead[0]
    x = tile["rect"]["x"] + tile["rect"]["width"] / 2
    y = tile["rect"]["y"] + tile["rect"]["height"] / 2
    page.mouse.click(x, y)
    expect(page.locator("#toasts")).to_contain_text(f"{tile['tile']} matches no open end")


def plays_heard(heard: list[str], names: list[str]) -> list[str]:
    """The log's sentences that say a play ("Casual 2 plays six-three on East ...")."""
    who = "|".join(re.escape(n) for n in names)
    return [s for s in heard if re.match(rf"^(You play|({who}) plays) ", s)]


def test_a_partners_round_is_followed_from_the_mirror(page: Page) -> None:
    """Four seats, two sides: the mirror names every other seat and its tiles, each side's
    score, and the log says every seat's every play once."""
    page.add_init_script(script=HEAR)
    open_table(page, "?players=4&teams=1&seats=you,casual,beginner,casual&seed=7")
    page.evaluate(IDLE)
    st = page.evaluate(STATE)
    names = [s["name"] for s in st["seats"]]
    seats = page.locator("#mirror-seats li")
    expect(seats).to_have_count(3)
    for name in names[1:]:
        expect(page.locator("#mirror-seats")).to_contain_text(f"{name}: ")
    scores = page.locator("#mirror-scores").inner_text()
    assert f"{names[0]} & {names[2]} " in scores and f"{names[1]} & {names[3]} " in scores, scores
    page.locator("#table").focus()
    keys_round(page, max_turns=120)
    page.evaluate(IDLE)
    heard = page.evaluate("() => window.__heard")
    history = replay(hook_record(page)).rounds[0].history
    plays = [e for e in history if e.move >= 0]
    said = plays_heard(heard, names[1:])
    assert len(said) == len(plays), (said, plays)
    for sentence, e in zip(said, plays, strict=True):
        who = "You play" if e.seat == 0 else f"{names[e.seat]} plays"
        assert sentence.startswith(who + " "), (sentence, e)
        assert words(NAME[tile_of(e.move)]) in sentence, (sentence, e)
    assert sum(1 for s in heard if s.startswith("Round 1: ")) == 1


def test_pass_and_play_is_followed_from_the_mirror_without_seeing_the_next_hand(page: Page) -> None:
    """Two people at one device: at each hand-over the log says whom to pass to, the mirror says
    nothing of either hand while the cover is up, the keyboard is on "I'm ready" (Enter takes
    it), and after it the mirror reads the new person's hand."""
    page.add_init_script(script=HEAR)
    open_table(page, "?seats=you,person:Ana&seed=6")
    page.evaluate(IDLE)
    # the page opens on a hand-over: its focused button says whom to pass to (no event is logged)
    at_start = page.locator("#cover").is_visible()
    if at_start:
        assert focused(page) == "btn-ready"
        expect(page.locator("#btn-ready")).to_contain_text(re.compile(r"Pass to (Player 1|Ana)"))
    else:
        page.locator("#table").focus()
    covers = 0
    for _ in range(200):
        page.evaluate(IDLE)
        turn = page.locator("#mirror-turn").inner_text()
        if turn in ("Round over", "Match over"):
            break
        if page.locator("#cover").is_visible():
            covers += 1
            hand = page.locator("#mirror-hand").inner_text()
            assert not re.search(r"(double|-)(blank|one|two|three|four|five|six)", hand), hand
            assert focused(page) == "btn-ready", "the keyboard waits on the hand-over"
            page.keyboard.press("Enter")
            page.evaluate(IDLE)
            assert focused(page) == "table"
            assert page.locator("#mirror-hand").inner_text().startswith("Your hand, ")
            continue
        turn_by_keys(page)
    else:
        raise AssertionError("the round did not end")
    heard = page.evaluate("() => window.__heard")
    handed = [s for s in heard if s.startswith("Pass the device to ")]
    assert covers >= 2 and len(handed) == covers - at_start, (covers, handed)
    assert set(handed) == {"Pass the device to Player 1.", "Pass the device to Ana."}
    history = replay(hook_record(page)).rounds[0].history
    plays = [e for e in history if e.move >= 0]
    said = plays_heard(heard, ["Player 1", "Ana"])
    assert len(said) == len(plays), said
    for sentence, e in zip(said, plays, strict=True):
        assert sentence.startswith(("Player 1", "Ana")[e.seat] + " plays "), (sentence, e)
