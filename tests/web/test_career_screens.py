"""A player's career in the browser: a finished match joins the history, the statistics and the
trophies (with its score race on the match's panel); the replay viewer steps through every move
of a kept match and ends on the scores `python -m allthrees replay` gives; the daily deal is the
same for two fresh browsers on one UTC date and another the next day; progress exported, wiped
and imported comes back whole, and a damaged file is refused and changes nothing; a design chosen
is drawn.

Matches here come from links without a seed (a ?seed= deal is practice and counts for nothing),
so which side wins is not fixed: a test plays Quick Sprints against the Beginner, with the keys and
its best-scoring tile each turn, until it has what it needs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tablekit import (
    SPRINT,
    STATE,
    best_move_by_keys,
    finish_sprint,
    open_career,
    ready,
    screenshot,
    turn_by_keys,
)

from allthrees.record import replay, result

MAX_SPRINTS = 12  # playing its best-scoring tile, the person wins most sprints against the Beginner
CAREER = "() => window.allthreesTest.state()?.career ?? null"
# The mean brightness (0-255) of the canvas over a rack tile's rect (client CSS px).
TILE_BRIGHTNESS = """(r) => {
  const canvas = document.getElementById("table");
  const box = canvas.getBoundingClientRect();
  const k = canvas.width / box.width;
  const x = Math.round((r.x - box.left + r.width * 0.15) * k);
  const y = Math.round((r.y - box.top + r.height * 0.15) * k);
  const w = Math.round(r.width * 0.7 * k);
  const h = Math.round(r.height * 0.7 * k);
  const data = canvas.getContext("2d").getImageData(x, y, w, h).data;
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
  return sum / (data.length / 4);
}"""
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
RATING_KEY = "allthrees.ratingkey.v1"  # web/js/career/ratingkey.js
SECRET = "5f" * 32  # a signing key, as a device that played a rated match keeps it


def won_a_sprint(page: Page) -> dict:
    """Sprints until one is won (Rematch between them); the state at the won one's end."""
    page.goto(SPRINT)
    ready(page)
    for n in range(1, MAX_SPRINTS + 1):
        st = finish_sprint(page, n, move=best_move_by_keys)
        sides = st["sides"]
        mine = next(i for i, s in enumerate(sides) if st["human"] in s["seats"])
        if sides[mine]["score"] > max(s["score"] for i, s in enumerate(sides) if i != mine):
            return st
        page.locator("#btn-next").click()  # a new sprint
        ready(page)
    raise AssertionError(f"no sprint won in {MAX_SPRINTS}")


def test_a_finished_match_is_in_the_history_the_statistics_and_a_trophy(page: Page) -> None:
    st = won_a_sprint(page)
    played = st["career"]["played"]
    assert st["career"]["won"] >= 1 and st["career"]["history"] == played
    page.wait_for_function(
        "() => window.allthreesTest.state().career.trophies.includes('first_win')"
    )
    # the match's panel: its statistics and its score race
    race = page.locator("#match-race")
    expect(race).to_be_visible()
    expect(page.locator("#race-chart")).to_have_attribute("aria-label", re.compile("You: "))
    expect(page.locator("#match-stats")).to_be_visible()
    screenshot(page, "career-match-over.png")
    page.locator("#btn-peek").click()
    page.locator("#btn-unpeek").wait_for()
    open_career(page, "stats")
    figures = page.locator("#career-figures")
    expect(figures).to_contain_text(f"Matches played{played}")
    expect(page.locator("#career-winrate")).to_be_visible()
    plays = page.locator("#career-plays")
    expect(plays).to_have_attribute("aria-label", re.compile("Points per play"))
    page.locator("#career-tab-history").click()
    expect(page.locator("#history-list > li")).to_have_count(played)
    expect(page.locator("#history-list > li").first).to_contain_text("Won")
    page.locator("#career-tab-trophies").click()
    earned = page.locator("#trophy-list .trophy.earned")
    expect(earned.first).to_be_visible()
    first_win = page.locator('#trophy-list [data-id="first_win"]')
    expect(first_win).to_contain_text(re.compile(r"Earned \w+ \d+, 20\d\d"))
    # the keys move between the tabs (WAI-ARIA tabs)
    page.locator("#career-tab-trophies").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#career-tab-designs")).to_be_focused()
    expect(page.locator("#career-panel-designs")).to_be_visible()


def test_the_replay_viewer_steps_through_a_kept_match_to_its_scores(page: Page) -> None:
    page.goto(SPRINT)
    ready(page)
    finish_sprint(page, 1)
    record = page.evaluate("() => window.allthreesTest.record()")
    # the scores `python -m allthrees replay` prints for it
    expected = result(replay(record))["rounds"][-1]["scores"]
    moves = sum(len(r["moves"]) for r in record["rounds"])
    page.locator("#btn-peek").click()
    open_career(page, "history")
    page.locator("#history-list .history-open").first.click()
    viewer = page.locator("#replay-dialog")
    expect(viewer).to_be_visible()
    counter = page.locator("#replay-count")
    expect(counter).to_have_text(f"Move 0 of {moves}")
    for k in range(1, moves + 1):
        page.locator("#replay-forward").click()
        expect(counter).to_have_text(f"Move {k} of {moves}")
        expect(page.locator("#replay-move")).not_to_be_empty()
    texts = page.locator("#replay-seats .replay-seat-score").all_inner_texts()
    scores = [int(re.search(r"\d+", t).group()) for t in texts]
    assert scores == expected, (scores, expected)
    screenshot(page, "career-replay.png")
    page.keyboard.press("Home")
    expect(counter).to_have_text(f"Move 0 of {moves}")
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()


def daily_commitment(browser: Browser, site_url: str, when: str) -> str:
    context = browser.new_context(base_url=site_url)
    try:
        page = context.new_page()
        page.clock.set_fixed_time(when)
        page.goto("/")
        ready(page)
        page.wait_for_function("() => window.allthreesTest.state().daily.seed_commitment")
        daily = page.evaluate("() => window.allthreesTest.state().daily")
        assert daily["date"] == when[:10] and daily["played_today"] is False
        return daily["seed_commitment"]
    finally:
        context.close()


def test_the_daily_deal_is_one_deal_a_day_for_everyone(browser: Browser, site_url: str) -> None:
    first = daily_commitment(browser, site_url, "2026-12-01T08:00:00Z")
    second = daily_commitment(browser, site_url, "2026-12-01T23:30:00Z")
    next_day = daily_commitment(browser, site_url, "2026-12-02T00:30:00Z")
    assert first == second != next_day


def one_move_by_keys(page: Page) -> None:
    """The person's turn, with the keys: the first play, else draw, else pass (a match in play)."""
    page.locator("#table").focus()
    turn_by_keys(page)
    ready(page)


def test_the_daily_deal_is_played_scored_once_and_shared(page: Page) -> None:
    page.clock.set_fixed_time("2026-12-01T08:00:00Z")
    page.goto("/")
    ready(page)
    one_move_by_keys(page)  # a match in play: the daily asks before it replaces it
    open_career(page, "daily")
    expect(page.locator("#daily-date")).to_contain_text("2026-12-01")
    expect(page.locator("#daily-play")).to_have_text("Play today's deal")
    page.locator("#daily-play").click()
    expect(page.locator("#link-dialog")).to_contain_text("Start today's deal?")
    page.locator("#link-start").click()
    ready(page)
    daily = page.evaluate("() => window.allthreesTest.state().daily")
    assert daily["played_today"] is True
    fair = page.locator("#btn-fair").get_attribute("aria-label") or ""
    assert daily["seed_commitment"][:6] in fair, (fair, daily)
    st = page.evaluate(STATE)
    assert [s["controller"] for s in st["seats"]] == ["you", "expert"]
    # a second start the same day is not scored; "Keep my match" keeps the match in play
    one_move_by_keys(page)
    open_career(page, "daily")
    expect(page.locator("#daily-play")).to_contain_text("not scored")
    page.locator("#daily-play").click()
    expect(page.locator("#link-dialog")).to_contain_text("Start today's deal?")
    page.locator("#link-keep").click()
    expect(page.locator("#link-dialog")).to_have_count(0)
    assert page.evaluate("() => window.allthreesTest.state().daily")["played_today"] is True


def test_export_wipe_import_restores_everything_and_a_damaged_file_changes_nothing(
    page: Page, tmp_path: Path
) -> None:
    page.goto(SPRINT)
    ready(page)
    before = finish_sprint(page, 1)["career"]
    # this device's key for signing rated results (made at its first rated match with people):
    # the export carries it, and the import brings it back, so its chain goes on
    page.evaluate(
        f"() => localStorage.setItem({RATING_KEY!r}, JSON.stringify({{secret: {SECRET!r}}}))"
    )
    page.locator("#btn-peek").click()
    open_career(page)
    with page.expect_download() as download:
        page.locator("#career-export").click()
    exported = tmp_path / "career.json"
    download.value.save_as(exported)
    expect(page.locator("#export-what")).to_contain_text("1 match")
    data = json.loads(exported.read_text())
    assert data["format"] == "allthrees-export" and len(data["history"]) == 1
    assert "seed" not in json.dumps(data.get("prefs", {}))
    assert data["signing"] == {"secret": SECRET}
    page.locator("#export-close").click()
    page.keyboard.press("Escape")
    # a new device: nothing kept
    page.evaluate("() => localStorage.clear()")
    page.reload()
    ready(page)
    assert page.evaluate(CAREER)["played"] == 0
    # a damaged file: one move of its kept match changed
    damaged = json.loads(exported.read_text())
    damaged["history"][0]["record"]["rounds"][0]["moves"][0] = "0-0"
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(damaged))
    open_career(page)
    page.locator("#career-import").click()
    page.locator("#import-file").set_input_files(str(bad))
    page.locator("#import-check").click()
    expect(page.locator("#import-why")).to_be_visible()
    screenshot(page, "career-import-refused.png")
    page.locator("#import-ok").click()
    assert page.evaluate(CAREER)["played"] == 0, "a refused import changes nothing"
    # the real one
    page.locator("#career-import").click()
    page.locator("#import-file").set_input_files(str(exported))
    page.locator("#import-check").click()
    expect(page.locator("#import-brings")).to_contain_text("1 matches")
    page.locator("#import-yes").click()
    ready(page)
    after = page.evaluate(CAREER)
    assert after == before
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem({RATING_KEY!r}))")
    assert kept == {"secret": SECRET}, "the signing key came back with the career"


@pytest.fixture
def phone_page(browser: Browser, site_url: str):
    context = browser.new_context(base_url=site_url, **PHONE)
    yield context.new_page()
    context.close()


def test_the_career_on_a_phone_and_a_design_chosen_is_drawn(phone_page: Page) -> None:
    page = phone_page
    won_a_sprint(page)
    screenshot(page, "career-match-over-phone.png")
    page.locator("#match-race").scroll_into_view_if_needed()
    expect(page.locator("#race-chart")).to_have_attribute("aria-label", re.compile("You: "))
    screenshot(page, "career-race-phone.png")
    page.locator("#btn-peek").click()
    open_career(page, "history")
    screenshot(page, "career-history-phone.png")
    page.locator("#career-tab-trophies").click()
    screenshot(page, "career-trophies-phone.png")
    page.locator("#career-tab-designs").click()
    page.locator("#design-tiles-ebony").check()  # unlocked by the first win
    page.locator("#design-felts-green").check()
    page.locator("#career-close").click()
    page.locator("#btn-unpeek").click()
    page.locator("#btn-next").click()
    ready(page)
    screenshot(page, "career-ebony-phone.png")
    tile = page.evaluate(STATE)["hand"][0]["rect"]
    brightness = page.evaluate(TILE_BRIGHTNESS, tile)
    assert brightness < 110, f"an ebony tile's face is dark: mean brightness {brightness:.0f}"
    prefs = json.loads(page.evaluate("() => localStorage.getItem('allthrees.prefs.v1')"))
    assert prefs["tiles"] == "ebony"
