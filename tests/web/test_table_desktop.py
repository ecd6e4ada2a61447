"""A whole round at a desktop table (1280x800), played with the mouse: tap-tap and drag-and-drop
alternating, drawing and passing when the hand has nothing to play, up to the round summary."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
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

OPPONENT = "casual"  # deterministic, so the engine can play the same round in this process


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}, **FULL_MOTION}


@pytest.fixture(scope="module")
def seed() -> int:
    return seed_where_the_person_draws_and_passes(OPPONENT)


def test_a_round_played_with_the_mouse_ends_with_the_engines_scores(page: Page, seed: int) -> None:
    choose_opponent(page, OPPONENT)
    open_table(page, seed)
    player = Player(page)
    screenshot(page, "table-desktop-start.png")

    end = player.play_round(shots={4: "table-desktop-midround.png"})

    assert player.done["tap-tap"] >= 2 and player.done["drag"] >= 2, player.done
    did, record = engine_round(seed, OPPONENT)
    assert player.done["draw"] == did["draw"] >= 1, player.done
    assert player.done["pass"] == did["pass"] >= 1, player.done
    assert saved_record(page) == record, "the same moves as the engine's own round"
    assert end["round_over"] and end["buttons"]["next"], "the summary offers the next round"
    panel = page.locator("#round-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#round-summary li").first).to_be_visible()
    screenshot(page, "table-desktop-round-over.png")

    engine = saved_result(page)["rounds"][-1]
    assert end["scores"] == engine["scores"]
    assert shown_scores(page, 2) == engine["scores"]
    totals = panel.locator(".score-table .total td").all_inner_texts()
    assert [int(t) for t in totals] == engine["scores"]


def test_a_tile_that_does_not_play_only_shakes(page: Page, seed: int) -> None:
    choose_opponent(page, OPPONENT)
    open_table(page, seed)
    player = Player(page)
    st = player.idle()
    while all(t["playable"] for t in st["hand"]) and not st["round_over"]:
        player.turn(st)
        st = player.idle()
    dead = next(t for t in st["hand"] if not t["playable"])
    save = page.evaluate("localStorage.getItem('allthrees.save.v1')")
    player.tap(dead["rect"])
    after = player.idle()
    assert after == st, "an illegal tap changes nothing"
    assert page.evaluate("localStorage.getItem('allthrees.save.v1')") == save


def test_next_round_deals_again(page: Page, seed: int) -> None:
    choose_opponent(page, OPPONENT)
    open_table(page, seed)
    player = Player(page)
    end = player.play_round()
    player.tap(end["buttons"]["next"])
    st = player.idle()
    expect(page.locator("#round-panel")).to_be_hidden()
    assert not st["round_over"]
    assert len(st["hand"]) == 7 and st["scores"] == end["scores"]


def test_the_keyboard_plays_too(page: Page, seed: int) -> None:
    choose_opponent(page, OPPONENT)
    open_table(page, seed)
    player = Player(page)
    st = player.idle()
    first = next(t["tile"] for t in st["hand"] if t["playable"])
    page.locator("#table").focus()
    page.keyboard.press("ArrowRight")  # lifts the first tile that plays
    page.keyboard.press("Enter")  # plays it at its first lit end
    after = player.idle()
    assert first not in [t["tile"] for t in after["hand"]]
    page.keyboard.press("Tab")
    expect(page.locator("#btn-sum")).to_be_focused()
