"""Saved progress: a reload in the middle of a round brings back the same table."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tablekit import BOOT_TIMEOUT_MS, SAVE_KEY, Player, open_table, screenshot


def test_reload_mid_round_restores_hand_layout_and_scores(page: Page) -> None:
    open_table(page, 11)  # the default opponent, the Expert
    player = Player(page)
    st = player.idle()
    for _ in range(3):
        if st["round_over"]:
            break
        player.turn(st)
        st = player.idle()
    assert not st["round_over"], "pick a seed whose first round lasts longer"
    save = page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    again = player.idle()
    screenshot(page, "table-desktop-after-reload.png")

    # Same tiles in the same places: hand, lit ends (the layout's open ends), scores, turn.
    assert again == st
    assert page.evaluate(f"localStorage.getItem({SAVE_KEY!r})") == save
