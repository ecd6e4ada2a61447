"""Fives and Threes in the page, as people play it: a 2-player round with the mouse at 1280 px in
English, and a partners round by touch on a 360 px phone in Polish, each started from a link
(`rules=fives_and_threes`) and played to its end; the scores the page shows are what
`python -m allthrees replay` gives for the hook's record, every play's points are fives and
threes, and the rules in words (How to play, the round's panel) are the game's own."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import (
    FULL_MOTION,
    Player,
    hook_record,
    open_table,
    replayed_scores,
    screenshot,
    shown_scores,
)

from allthrees.record import replay, result

TWO = "?rules=fives_and_threes&seats=you,casual&seed=4"
PARTNERS = "?rules=fives_and_threes&players=4&teams=1&seats=you,casual,beginner,casual&seed=7"


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **FULL_MOTION}  # as a player sees it by default


def fives_and_threes(total: int) -> int:
    """The sources' table, written out here (not the engine's code): 5 → 1, 6 → 2, 15 → 8."""
    return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)


def round_to_its_end(page: Page, touch: bool) -> dict:
    end = Player(page, touch=touch).play_round()
    assert end["round_over"]
    expect(page.locator("#round-panel")).to_be_visible()
    engine = replayed_scores(page)
    assert end["scores"] == engine
    assert shown_scores(page, len(end["sides"])) == engine
    out = result(replay(hook_record(page)))["rounds"][-1]
    plays = [m for m in out["moves"] if m.get("points")]
    assert plays, "some play scored"
    for move in out["moves"]:
        if "end_sum" in move and not move.get("bust"):
            assert move["points"] == fives_and_threes(move["end_sum"]), move
    return end


def options_shown(page: Page, shot: str) -> None:
    """New game's rules for the table in play: the preset and its options, each named, then
    closed with nothing changed."""
    if page.locator("#btn-menu").is_visible():  # a phone: the tools are in the menu
        page.locator("#btn-menu").click()
    page.locator("#btn-new").click()
    expect(page.locator("#new-rules")).to_have_value("fives_and_threes")
    page.locator("#new-options-box summary").click()
    for name in ("scoring", "draw", "exact_target", "out_bonus", "partners_out", "pip_bonus"):
        expect(
            page.locator(f"#opt-{name}")
        ).to_be_visible()  # each named (axe: every control has a label)
    expect(page.locator("#opt-scoring")).to_have_value("fives_and_threes")
    expect(page.locator("#opt-draw")).not_to_be_checked()
    screenshot(page, shot)
    page.keyboard.press("Escape")
    expect(page.locator("#new-dialog")).not_to_be_visible()


def test_a_two_player_round_with_the_mouse(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, TWO)
    st = Player(page).idle()
    rules = st["rules"]["options"]
    assert rules["scoring"] == "fives_and_threes" and rules["draw"] is False
    assert rules["exact_target"] and rules["target"] == 61 and rules["cribbage"]
    assert len(st["hand"]) == 7 and st["boneyard"] == 14
    # How to play speaks of fives and threes, knocking and exactly 61
    page.locator("#btn-howto").click()
    dialog = page.locator("#howto-dialog")
    expect(dialog).to_contain_text("Score on fives and threes")
    expect(dialog).to_contain_text("Knocking")
    expect(dialog).to_contain_text("exactly 61")
    screenshot(page, "fives-and-threes-howto-1280.png")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    options_shown(page, "fives-and-threes-options-1280.png")
    end = round_to_its_end(page, touch=False)
    assert len(end["sides"]) == 2
    screenshot(page, "fives-and-threes-2p-1280.png")


class TestPhone:
    @pytest.fixture
    def browser_context_args(self, browser_context_args: dict, playwright: Playwright) -> dict:
        phone = {**playwright.devices["Pixel 7"], "viewport": {"width": 360, "height": 780}}
        return {**browser_context_args, **phone, "locale": "pl-PL", **FULL_MOTION}

    def test_a_partners_round_by_touch_in_polish(self, page: Page) -> None:
        open_table(page, PARTNERS)
        st = Player(page, touch=True).idle()
        assert st["mode"] == "partners" and len(st["hand"]) == 5
        assert st["rules"]["options"]["scoring"] == "fives_and_threes"
        options_shown(page, "fives-and-threes-options-360-pl.png")
        end = round_to_its_end(page, touch=True)
        assert [s["seats"] for s in end["sides"]] == [[0, 2], [1, 3]]
        expect(page.locator("#round-panel")).to_contain_text("Partia 1")
        screenshot(page, "fives-and-threes-partners-360-pl.png")
