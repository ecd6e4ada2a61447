"""Every rule set at the table: each preset chosen in the New game dialog plays a round whose
scores equal `python -m allthrees replay` of the hook's record; a double-nine round by touch;
muggins claims (right, wrong, none); a cribbage match to 61 on the peg track; an impossible
option refused with the engine's words; the rules in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import (
    THUMB_PX,
    Player,
    center,
    hook_record,
    open_table,
    replayed_scores,
    screenshot,
    shown_scores,
)

from allthrees.notation import parse_move
from allthrees.record import replay, result


@pytest.fixture
def desktop(page: Page) -> Page:
    page.set_viewport_size({"width": 1280, "height": 800})
    return page


def check_scores(page: Page, st: dict) -> None:
    engine = replayed_scores(page)
    assert st["scores"] == engine
    assert shown_scores(page, len(st["sides"])) == engine


@pytest.mark.parametrize("preset", ["parlor", "classic", "pub", "polish", "all_fives"])
def test_each_preset_from_the_dialog_plays_a_round(desktop: Page, preset: str) -> None:
    open_table(desktop, 3)
    player = Player(desktop)
    player.idle()
    desktop.locator("#btn-new").click()
    desktop.locator("#seat-1").select_option("casual")
    desktop.locator("#new-rules").select_option(preset)
    expect(desktop.locator("#new-rules-about")).not_to_be_empty()
    expect(desktop.locator("#new-start")).to_be_enabled()
    desktop.locator("#new-start").click()
    st = player.idle()
    assert st["rules"]["preset"] == preset
    record = hook_record(desktop)
    assert record["rules"] == preset
    end = player.play_round()
    check_scores(desktop, end)
    if preset == "all_fives":
        # the match statistics come with the match's end only (New game deals at random: one
        # all fives round to 61 may end the match)
        stats = desktop.locator("#match-stats")
        if end["match_over"]:
            expect(stats).to_be_visible()
        else:
            expect(stats).to_be_hidden()
        assert all(
            s % 5 == 0
            for m in result(replay(hook_record(desktop)))["rounds"][-1]["moves"]
            if (s := m.get("points", 0))
        ), "all fives scores multiples of five"


def test_an_impossible_combination_is_refused_with_the_engines_words(desktop: Page) -> None:
    open_table(desktop, 3)
    Player(desktop).idle()
    desktop.locator("#btn-new").click()
    desktop.locator("#new-options-box summary").click()
    desktop.locator("#opt-set").select_option("double_nine")
    expect(desktop.locator("#new-rules-custom")).to_be_visible()
    expect(desktop.locator("#opt-hand_size")).to_have_value("9")
    desktop.locator("#opt-hand_size").fill("30")
    desktop.locator("#opt-hand_size").dispatch_event("change")
    message = desktop.locator("#opt-hand_size-error")
    expect(message).to_have_text("2 hands of 30 need 60 tiles; the double-9 set has 55")
    expect(desktop.locator("#new-start")).to_be_disabled()
    screenshot(desktop, "rules-desktop-impossible-option.png")
    desktop.locator("#opt-hand_size").fill("8")
    desktop.locator("#opt-hand_size").dispatch_event("change")
    expect(message).to_be_hidden()
    expect(desktop.locator("#new-start")).to_be_enabled()
    desktop.locator("#new-rules").select_option("pub")  # a preset fills every option again
    expect(desktop.locator("#new-rules-custom")).to_be_hidden()
    expect(desktop.locator("#opt-set")).to_have_value("double_six")


def test_the_rules_screen_explains_the_rules_in_force(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, "?rules=all_fives&cribbage=1&seed=2")
    Player(page).idle()
    page.locator("#btn-menu").click()
    page.locator("#btn-rules").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("a multiple of 5")
    expect(dialog).to_contain_text("A worked example")
    expect(dialog).to_contain_text("pegs")
    screenshot(page, "rules-phone-rules-screen.png")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def claim_value(page: Page, tile: str, arm: str | None) -> int:
    """What playing ``tile`` at ``arm`` makes now, by the engine, from the hook's record."""
    rnd = replay(hook_record(page)).round
    move, _ = parse_move(rnd, tile if arm is None else f"{tile}@{arm}")
    return rnd.points_after(move)


def test_muggins_right_wrong_and_missing_claims(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    for attempt, seed in enumerate(range(1, 30)):
        open_table(page, f"?muggins=1&seats=you,casual&seed={seed}", replace=attempt > 0)
        done: list[str] = []
        player = Player(page, touch=False)
        st = player.idle()
        while not st["round_over"] and len(done) < 3:
            choice = None
            for t in st["hand"]:
                for target in st["targets"].get(t["tile"], []):
                    made = claim_value(page, t["tile"], target["arm"])
                    if made and choice is None:
                        choice = (t, target, made)
            if choice is None:
                player.turn(st)
                st = player.idle()
                continue
            t, target, made = choice
            player.tap(t["rect"])
            player.tap(target["rect"])
            pad = player.idle()["claim"]
            assert pad, "the claim is asked before the tile is placed"
            labels = {c["label"]: c["rect"] for c in pad["controls"]}
            assert "say" not in labels, "nothing is claimed, or shown, before the person types"
            kind = ("right", "wrong", "none")[len(done)]
            if not done:
                screenshot(page, "rules-phone-muggins-claim.png")
            if kind == "none":
                player.tap(labels["none"])
            else:
                for digit in str(made if kind == "right" else made + 1):
                    player.tap(labels[digit])
                player.tap(_control(player, "say"))
            st = player.idle()
            last = result(replay(hook_record(page)))["rounds"][-1]["moves"]
            mine = [m for m in last if m["seat"] == 0 and "claim" in m][-1]
            if kind == "right":
                assert mine["points"] == made and "muggins" not in mine
            else:
                assert mine["points"] == 0 and mine["muggins"] == {"seat": 1, "points": made}
                expect(page.locator(".toast").last).to_contain_text("Muggins!")
            done.append(kind)
        if len(done) == 3:
            end = player.play_round()
            summary = page.locator("#round-summary")
            expect(summary).to_contain_text("Muggins! Casual took")
            check_scores(page, end)
            return
    pytest.fail("no deal gave three scoring plays to claim")


def _control(player: Player, label: str) -> dict:
    return next(c["rect"] for c in player.state()["claim"]["controls"] if c["label"] == label)


def test_a_cribbage_match_moves_the_pegs_with_the_scores_to_its_end(page: Page) -> None:
    # a match to 20 pegs, not the board's 61 (about four rounds: the suite's time); the pegs
    # leapfrog the same way on any target
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, "?cribbage=1&target=20&seats=you,casual&seed=5")
    player = Player(page)
    st = player.idle()
    assert st["rules"]["options"]["cribbage"] and st["rules"]["options"]["target"] == 20
    shots = 0
    while True:
        end = player.play_round()
        assert [p["front"] for p in end["pegs"]] == end["scores"], "the front peg is the score"
        assert all(p["back"] <= p["front"] for p in end["pegs"])
        check_scores(page, end)
        if shots == 0:
            page.locator("#btn-peek").click()
            screenshot(page, "rules-phone-cribbage-track.png")
            page.locator("#btn-unpeek").click()
            shots += 1
        if end["match_over"]:
            assert max(end["scores"]) >= 20
            break
        player.tap(end["buttons"]["next"])


class TestPhone:
    @pytest.fixture
    def browser_context_args(self, browser_context_args: dict, playwright: Playwright) -> dict:
        return {**browser_context_args, **playwright.devices["Pixel 7"]}

    def test_a_double_nine_round_by_touch(self, page: Page) -> None:
        open_table(page, "?set=double_nine&seats=you,casual&seed=4")
        player = Player(page, touch=True)
        st = player.idle()
        assert len(st["hand"]) == 9 and st["rules"]["options"]["set"] == "double_nine"
        for t in st["hand"]:
            r = t["rect"]
            assert min(r["width"], r["height"]) >= THUMB_PX, t
            assert r["x"] >= 0 and r["x"] + r["width"] <= 412 and r["y"] + r["height"] <= 839
        screenshot(page, "rules-phone-double-nine.png")
        end = player.play_round()
        check_scores(page, end)
        assert center(end["buttons"]["next"])
