"""The Hint button (desktop and phone) shows the Expert's move without playing it, and the round
panel lists the Expert's review of the person's plays once the round is over."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import Player, center, open_table, screenshot, stored_save


def ask_hint(page: Page, player: Player) -> dict:
    """Press Hint on the person's turn (after one move, so there is a choice) and wait for it."""
    st = player.idle()
    assert st["buttons"]["hint"], "Hint is offered on the person's turn"
    player.tap(st["buttons"]["hint"])
    st = player.idle()
    hint = st["hint"]
    assert hint and hint["kind"] in ("play", "draw", "pass"), st
    assert st["turn"] == st["human"] and not st["round_over"], "a hint never plays the move"
    callout = page.locator("#hint-text")
    expect(callout).to_be_visible()
    expect(callout).to_contain_text("Hint:")
    expect(callout).to_contain_text(hint["reason"])
    return st


def follow_hint(player: Player, st: dict, name: str, page: Page) -> None:
    hint = st["hint"]
    before = [t["tile"] for t in st["hand"]]
    if hint["kind"] != "play":
        player.tap(st["buttons"]["draw" if hint["kind"] == "draw" else "pass"])
        player.idle()
        return
    tile = next(t for t in st["hand"] if t["tile"] == hint["tile"])
    assert tile["playable"], f"the hint's tile {hint['tile']} plays: {st['hand']}"
    end = next(t for t in st["targets"][hint["tile"]] if t["arm"] == hint["arm"])
    screenshot(page, name)
    player.tap(tile["rect"])
    assert player.state()["hint"] == hint, "picking the tile up keeps the hint"
    player.tap(end["rect"])
    after = player.idle()
    assert hint["tile"] not in [t["tile"] for t in after["hand"]], "the hinted tile was played"
    assert len(after["hand"]) <= len(before) - 1 or after["round_over"]
    assert after["hint"] is None, "the hint clears once the person acts"
    expect(page.locator("#hint-text")).to_be_hidden()


def hint_then_play(page: Page, touch: bool, name: str) -> None:
    open_table(page, 31)
    player = Player(page, touch=touch)
    player.turn(player.idle())  # the lead is forced; the next turn has choices
    st = ask_hint(page, player)
    follow_hint(player, st, name, page)


def test_hint_on_desktop_lights_the_expert_move_and_playing_it_works(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    hint_then_play(page, touch=False, name="hint-desktop.png")


class TestPhone:
    @pytest.fixture
    def browser_context_args(self, browser_context_args: dict, playwright: Playwright) -> dict:
        return {**browser_context_args, **playwright.devices["Pixel 7"]}

    def test_hint_on_a_phone_lights_the_expert_move_and_playing_it_works(self, page: Page) -> None:
        hint_then_play(page, touch=True, name="hint-phone.png")


def opponent_saved(page: Page) -> str:
    return stored_save(page)["save"]["settings"]["seats"][1]["controller"]


def test_the_round_panel_shows_the_experts_review(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_table(page, 12)
    player = Player(page)
    player.idle()
    assert opponent_saved(page) == "expert", "Expert is the default opponent"
    page.locator("#btn-menu").click()  # a phone folds the tools into a menu
    page.locator("#btn-new").click()
    page.locator("#seat-1").select_option("casual")
    page.locator("#new-start").click()
    player.idle()
    assert opponent_saved(page) == "casual"
    end = player.play_round()
    assert end["round_over"]
    review = page.locator("#round-review")
    expect(review).to_be_visible()
    assert isinstance(end["review"], list), f"the review arrived: {end['review']!r}"
    items = review.locator("li")
    if end["review"]:
        expect(items).to_have_count(len(end["review"]))
        first = end["review"][0]
        expect(items.first).to_contain_text(f"Turn {first['turn']}: you played ")
        expect(items.first).to_contain_text("expected points")
    else:
        expect(review).to_contain_text("Expert agrees with every play made this round.")
    # the panel stays usable on a small phone: the buttons in view, the card scrolls inside
    next_btn = page.locator("#btn-next")
    expect(next_btn).to_be_in_viewport()
    box = next_btn.bounding_box()
    assert box and box["y"] + box["height"] <= 640
    screenshot(page, "review-phone-360.png")
    x, y = center(end["buttons"]["next"])
    page.mouse.click(x, y)
    again = player.idle()
    assert not again["round_over"] and again["review"] is None

    # the chosen opponent is remembered for the next match, and the dialog shows it
    open_table(page, 12, replace=True)
    player.idle()
    assert opponent_saved(page) == "casual"
    page.locator("#btn-menu").click()
    page.locator("#btn-new").click()
    expect(page.locator("#seat-1")).to_have_value("casual")
