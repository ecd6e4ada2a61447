"""The same round on a phone (Playwright's Pixel 7: 412x839 CSS px, touch), played with taps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import (
    FULL_MOTION,
    Player,
    choose_opponent,
    engine_round,
    open_table,
    saved_record,
    saved_result,
    screenshot,
    seed_where_the_person_draws_and_passes,
    shown_scores,
)

OPPONENT = "casual"
THUMB_PX = 44


@pytest.fixture
def browser_context_args(browser_context_args: dict, playwright: Playwright) -> dict:
    return {**browser_context_args, **playwright.devices["Pixel 7"], **FULL_MOTION}


def test_a_round_played_with_taps_ends_with_the_engines_scores(page: Page) -> None:
    seed = seed_where_the_person_draws_and_passes(OPPONENT)
    choose_opponent(page, OPPONENT)
    open_table(page, seed)
    player = Player(page, touch=True)
    st = player.idle()
    screenshot(page, "table-phone-start.png")
    for tile in st["hand"]:
        assert min(tile["rect"]["width"], tile["rect"]["height"]) >= THUMB_PX, tile
    for targets in st["targets"].values():
        for target in targets:
            assert min(target["rect"]["width"], target["rect"]["height"]) >= THUMB_PX, target

    end = player.play_round(shots={5: "table-phone-midround.png"})

    did, record = engine_round(seed, OPPONENT)
    assert player.done["tap-tap"] == did["play"] and player.done["draw"] == did["draw"] >= 1
    assert player.done["pass"] == did["pass"] >= 1
    assert saved_record(page) == record, "the same moves as the engine's own round"
    assert end["round_over"] and end["buttons"]["next"]
    expect(page.locator("#round-panel")).to_be_visible()
    screenshot(page, "table-phone-round-over.png")
    engine = saved_result(page)["rounds"][-1]
    assert end["scores"] == engine["scores"]
    assert shown_scores(page, 2) == engine["scores"]


def test_the_page_never_scrolls_or_zooms(page: Page) -> None:
    open_table(page, 5)
    player = Player(page, touch=True)
    player.idle()
    root = "document.documentElement"
    size = page.evaluate(f"[{root}.scrollWidth, {root}.scrollHeight]")
    assert size == [412, 839]
    assert page.evaluate("getComputedStyle(document.getElementById('table')).touchAction") == "none"
