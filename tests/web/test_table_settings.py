"""The table's own controls: the end-sum toggle (remembered), New game with its settings, and the
match summary with statistics and Rematch (reached by resuming a finished match's save)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from tablekit import (
    BOOT_TIMEOUT_MS,
    SAVE_KEY,
    Player,
    first_choice,
    open_table,
    screenshot,
    stored_save,
)

from allthrees import app


def finished_match_save() -> str:
    """A whole match to 61 played in this process by the engine itself (the person plays first
    playable tile, first end), as the page would have saved it."""

    def ask(op: str, **payload) -> dict:
        return json.loads(app.handle(json.dumps({"op": op, **payload})))

    reply = ask("start", seed=5, settings={"seats": ["you", "casual"], "options": {"target": 61}})
    snap = reply["snapshot"]
    while not snap["match"]["over"]:
        if snap["round"]["over"]:
            reply = ask("intent", seat=None, intent={"kind": "next"})
        elif snap["computer_to_move"]:
            reply = ask("advance")
        else:
            reply = ask("intent", seat=snap["viewer"], intent=first_choice(snap))
        snap = reply["snapshot"]
    return reply["save"]


def test_hiding_the_end_sum_is_remembered(page: Page) -> None:
    open_table(page, 21)
    player = Player(page)
    st = player.idle()
    player.turn(st)  # the layout has ends now
    player.idle()
    ends = page.locator("#ends")
    expect(ends).to_contain_text("=")
    page.locator("#btn-sum").click()
    expect(ends).to_have_text("End sum hidden")
    expect(page.locator("#btn-sum")).to_have_attribute("aria-pressed", "false")

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    player.idle()
    expect(ends).to_have_text("End sum hidden")
    page.locator("#btn-sum").click()
    expect(ends).to_contain_text("=")


def assert_fresh_match(state: dict) -> None:
    """A new match, at the person's first turn: the computer may already have led (and scored
    what its lead makes, 12 at most), but nothing else has happened."""
    assert not state["round_over"] and not state["match_over"]
    assert state["scores"][0] == 0 and state["scores"][1] in (0, 3, 6, 9, 12)
    assert len(state["hand"]) == 7 and state["boneyard"] == 14


def test_new_game_asks_first_and_uses_the_chosen_settings(page: Page) -> None:
    open_table(page, 21)
    player = Player(page)
    st = player.idle()
    player.turn(st)
    player.idle()
    page.locator("#btn-new").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    page.locator("#new-cancel").click()
    expect(dialog).to_be_hidden()

    page.locator("#btn-new").click()
    page.locator("#seat-1").select_option("beginner")
    page.locator("#new-target").select_option("100")
    screenshot(page, "table-desktop-new-game.png")
    page.locator("#new-start").click()
    fresh = player.idle()
    assert_fresh_match(fresh)
    expect(page.locator("#target")).to_have_text("to 100")
    save = stored_save(page)["save"]
    assert save["settings"]["seats"][1] == {"controller": "beginner"}
    assert save["settings"]["options"]["target"] == 100


def test_a_finished_match_shows_the_winner_statistics_and_rematch(page: Page) -> None:
    save = finished_match_save()
    page.add_init_script(
        script=f"if (!sessionStorage.getItem('seeded')) {{"
        f" sessionStorage.setItem('seeded', '1'); localStorage.setItem({SAVE_KEY!r}, {save!r}); }}"
    )
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    player = Player(page)
    st = player.idle()
    assert st["match_over"] and st["round_over"] and st["buttons"]["next"]
    panel = page.locator("#round-panel")
    expect(panel.locator("h2")).to_have_text("Casual wins the match")
    expect(panel.locator("#round-scores .total td")).to_have_count(2)
    rows = panel.locator("#match-stats tbody tr")
    expect(rows).to_have_count(2)  # multiples of three, points per turn
    expect(rows.nth(0)).to_contain_text("Multiples of 3")
    expect(page.locator("#btn-next")).to_have_text("Rematch")
    screenshot(page, "table-desktop-match-over.png")

    player.tap(st["buttons"]["next"])
    again = player.idle()
    assert_fresh_match(again)
    expect(panel).to_be_hidden()
