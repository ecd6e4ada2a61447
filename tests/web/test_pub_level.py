"""The Pub level in the page: offered by New game beside the other computers, named in English
and Polish, and playing whole rounds from a link (`seats=you,pub`): Fives and Threes at 2
players with the mouse at 1280 px, All Threes as partners by touch on a 360 px phone in Polish.
The scores shown are what `python -m allthrees replay` gives for the hook's record."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import Player, open_table, replayed_scores, screenshot, shown_scores

TWO = "?rules=fives_and_threes&seats=you,pub&seed=4"
PARTNERS = "?players=4&teams=1&seats=you,pub,pub,pub&seed=3"


def round_to_its_end(page: Page, touch: bool) -> dict:
    end = Player(page, touch=touch).play_round()
    assert end["round_over"]
    expect(page.locator("#round-panel")).to_be_visible()
    engine = replayed_scores(page)
    assert end["scores"] == engine
    assert shown_scores(page, len(end["sides"])) == engine
    return end


def test_a_round_against_the_pub_level_at_1280(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, TWO)
    st = Player(page).idle()
    assert [s["controller"] for s in st["seats"]] == ["you", "pub"]
    assert st["rules"]["options"]["scoring"] == "fives_and_threes"
    expect(page.locator("body")).to_contain_text("Pub")
    # New game offers it between Casual and the Expert
    page.locator("#btn-new").click()
    options = page.locator("#seat-1 option")
    values = [options.nth(i).get_attribute("value") for i in range(options.count())]
    assert values.index("casual") < values.index("pub") < values.index("expert"), values
    expect(page.locator("#seat-1 option[value=pub]")).to_have_text("Pub")
    screenshot(page, "pub-newgame-1280.png")
    page.keyboard.press("Escape")
    expect(page.locator("#new-dialog")).not_to_be_visible()
    end = round_to_its_end(page, touch=False)
    assert len(end["sides"]) == 2
    screenshot(page, "pub-fives-and-threes-1280.png")


class TestPhone:
    @pytest.fixture
    def browser_context_args(self, browser_context_args: dict, playwright: Playwright) -> dict:
        phone = {**playwright.devices["Pixel 7"], "viewport": {"width": 360, "height": 780}}
        return {**browser_context_args, **phone, "locale": "pl-PL"}

    def test_a_partners_round_with_pub_seats_by_touch_in_polish(self, page: Page) -> None:
        open_table(page, PARTNERS)
        st = Player(page, touch=True).idle()
        assert st["mode"] == "partners"
        assert [s["controller"] for s in st["seats"]] == ["you", "pub", "pub", "pub"]
        expect(page.locator("body")).to_contain_text("Bywalec")
        screenshot(page, "pub-partners-start-360-pl.png")
        end = round_to_its_end(page, touch=True)
        assert [s["seats"] for s in end["sides"]] == [[0, 2], [1, 3]]
        screenshot(page, "pub-partners-360-pl.png")
