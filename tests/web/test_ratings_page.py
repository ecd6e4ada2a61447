"""Ratings in the browser (issue 44): a whole match against the Expert moves the rating by
Glicko-2 against the Expert's fixed rating, and the career's Ratings tab, the title beside the
player's name and a reload all show it; a hint asked during a rated match is warned of first and
makes the match unrated; a practice deal (a link with a seed) is unrated.

Each match is a Quick Sprint by link (one round), played with the keys; which side wins is not
fixed, so the expected rating is worked out from the match's own final scores."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from tablekit import (
    BOOT_TIMEOUT_MS,
    IDLE,
    PREFS_KEY,
    STATE,
    TURN_WORDS,
    finish_sprint,
    follow_link,
    keys_round,
    open_career,
    peek_after_reload,
    ready,
    screenshot,
    turn_by_keys,
)
from test_lobby import devices as devices  # noqa: F401 (the fixture)

from allthrees.career import computers, rating
from allthrees.career.glicko import Game, rate

EXPERT_SPRINT = "/?sprint=1&seats=you,expert"
CAREER_KEY = "allthrees.career.v1"
RATING = "() => window.allthreesTest?.state()?.rating ?? null"  # (null while a reload starts)
HONOURS = "#round-honours li"  # what the match just ended earned, in the round panel's head


def expected_after_one(st: dict) -> tuple[float, float]:
    """A newcomer's rating and deviation after one match against the Expert ending as ``st``
    (its final scores), by Glicko-2 (its worked example is tests/app/test_ratings.py's)."""
    sides = st["sides"]
    mine = next(i for i, s in enumerate(sides) if st["human"] in s["seats"])
    theirs = next(i for i in range(len(sides)) if i != mine)
    a, b = sides[mine]["score"], sides[theirs]["score"]
    score = 1.0 if a > b else 0.5 if a == b else 0.0
    expert = computers.fixed_rating("expert")
    assert expert is not None
    after = rate(rating.START, [Game(expert.rating, expert.deviation, score)], rating.TAU, 0.0)
    return round(after.rating, 1), round(max(rating.MIN_DEVIATION, after.deviation), 1)


def test_a_match_against_the_expert_moves_the_rating_and_a_reload_keeps_it(page: Page) -> None:
    page.goto(EXPERT_SPRINT)
    ready(page)
    assert page.evaluate(RATING) is None, "no rated match yet"
    st = finish_sprint(page, 1)
    page.wait_for_function(f"() => ({RATING})() !== null")
    got = page.evaluate(RATING)
    value, deviation = expected_after_one(st)
    assert got == {
        "kind": "two",
        "value": value,
        "deviation": deviation,
        "provisional": True,
        "title": "newcomer",
    }
    assert value != rating.START.rating, "the rating moved"
    # the first rated match reaches the first title: said once, and shown beside the name
    expect(page.locator(HONOURS, has_text="New title: Newcomer!")).to_have_count(1)
    title = page.locator(".score.me .score-title")
    expect(title).to_have_text("Newcomer")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(f"() => ({RATING})()?.value === {value}")
    expect(title).to_have_text("Newcomer")
    peek_after_reload(page)
    open_career(page, "ratings")
    box = page.locator("#rating-two")
    expect(box.locator("#rating-two-value")).to_contain_text(f"{round(value)} ± {round(deviation)}")
    expect(box.locator("#rating-two-value")).to_contain_text("provisional")
    change = round(value - rating.START.rating)
    said = f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "0"
    expect(box.locator("#rating-two-changes li")).to_have_count(1)
    expect(box.locator("#rating-two-changes .rating-change")).to_have_text(said)
    r = round(value)
    summary = f"Rating over 1 rated match: {r} now, between {r} and {r}."
    expect(page.locator("#rating-two-chart")).to_have_attribute("aria-label", summary)
    # hiding one's title: gone beside the name, and kept so
    page.get_by_label("Hide my title at the table").check()
    page.locator("#career-close").click()
    expect(title).to_be_hidden()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(f"() => ({RATING})()?.value === {value}")
    expect(title).to_be_hidden()


def test_a_hint_is_warned_of_and_makes_the_match_unrated(page: Page) -> None:
    page.goto(EXPERT_SPRINT)
    ready(page)
    page.locator("#table").focus()
    page.keyboard.press("h")
    dialog = page.locator("#hint-rated-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("A hint makes it unrated")
    page.locator("#hint-rated-keep").click()  # kept rated: no hint asked
    expect(dialog).to_be_hidden()
    assert page.evaluate(STATE)["hint"] is None
    page.locator("#table").focus()
    page.keyboard.press("h")
    page.locator("#hint-rated-ask").click()
    page.wait_for_function("() => window.allthreesTest.state()?.hint !== null")
    page.keyboard.press("h")  # a second hint: the match is unrated already, nothing to warn of
    page.wait_for_function("() => !window.allthreesTest.state()?.hint_thinking")
    expect(dialog).to_be_hidden()
    finish_sprint(page, 1)
    entry = page.evaluate(f"() => JSON.parse(localStorage.getItem({CAREER_KEY!r})).entries[0]")
    assert entry["rated"] is None and entry["unrated"] == "hint"
    assert page.evaluate(RATING) is None
    page.locator("#btn-peek").click()  # the table under the match's panel, and its tools
    page.locator("#btn-unpeek").wait_for()
    open_career(page, "ratings")
    expect(page.locator("#ratings-none")).to_be_visible()


def test_a_practice_deal_is_unrated(page: Page) -> None:
    page.goto("/?sprint=1&seats=you,expert&seed=7")
    ready(page)
    page.locator("#table").focus()
    page.keyboard.press("h")  # a practice deal is unrated: the hint comes without a question
    page.wait_for_function("() => window.allthreesTest.state()?.hint !== null")
    expect(page.locator("#hint-rated-dialog")).to_have_count(0)
    keys_round(page)
    expect(page.locator("#round-panel")).to_be_visible()
    assert page.evaluate(STATE)["match_over"]
    assert page.evaluate(RATING) is None
    assert page.evaluate("() => window.allthreesTest.state().career.played") == 0


def sprint_by_keys(page: Page, lang: str = "en") -> None:
    """The sprint on `page` played with the keys to its end, each turn from the table (as a tap
    on it would give it the keys: a page that has just come may still move its focus)."""
    for _ in range(200):  # a cap on the turns looked at, not a time
        page.evaluate(IDLE)
        if page.locator("#mirror-turn").inner_text() in TURN_WORDS[lang]["over"]:
            break
        page.locator("#table").focus()
        turn_by_keys(page, lang)
    expect(page.locator("#round-panel")).to_be_visible()


NEW_TITLE = {"en": "New title: Newcomer!", "pl": "Nowy tytuł: Nowicjusz!"}


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (360, "pl")], ids=["1280-en", "360-pl"])
def test_a_new_title_is_said_once(devices, width: int, lang: str) -> None:
    """The first rated match (a sprint against the Expert) reaches the first title: said once as
    the match ends, in the page's language, in the round panel's head under its title (a
    screenshot, artifacts/web/title-said-*.png), and not again after a reload or at the next
    match's end."""
    from test_invite_dialogs import PHONE

    screen = PHONE if width == 360 else {"viewport": {"width": 1280, "height": 800}}
    page = devices("player", "Wanda", locale={"en": "en-US", "pl": "pl-PL"}[lang], **screen)
    follow_link(page, EXPERT_SPRINT)  # the fixture opened the site
    sprint_by_keys(page, lang)
    said = page.locator(HONOURS)
    head = NEW_TITLE[lang].split(":")[0]  # "New title", whichever title it names
    expect(said.filter(has_text=head)).to_have_text(
        [NEW_TITLE[lang]]
    )  # once (trophies may come too)
    expect(said.filter(has_text=head)).to_be_in_viewport()
    screenshot(page, f"title-said-{width}-{lang}.png")
    assert page.evaluate(RATING)["title"] == "newcomer"
    # a reload says nothing again; nor does the next match, the title already reached
    page.reload()
    ready(page)
    page.wait_for_function(f"() => ({RATING})()?.title === 'newcomer'")
    expect(page.locator("#round-panel")).to_be_visible()  # the match's end, as it was left
    expect(said).to_have_count(0)
    page.locator("#btn-next").click()
    ready(page)
    sprint_by_keys(page, lang)
    page.wait_for_function("() => window.allthreesTest.state()?.career.played === 2")
    page.evaluate(IDLE)
    expect(page.locator("#round-panel")).to_be_visible()
    expect(said.filter(has_text=head)).to_have_count(0)  # (a trophy may be said)


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (360, "pl")])
def test_the_ratings_tab_at_both_widths(page: Page, width: int, lang: str) -> None:
    # the player's language, as chosen in the menu (kept in the preferences), from the first load
    key, prefs = json.dumps(PREFS_KEY), json.dumps(json.dumps({"lang": lang}))
    page.add_init_script(f"if (!localStorage.getItem({key})) localStorage.setItem({key}, {prefs})")
    page.set_viewport_size({"width": width, "height": 800 if width > 400 else 740})
    page.goto(EXPERT_SPRINT)
    ready(page)
    assert page.evaluate("document.documentElement.lang") == lang
    finish_sprint(page, 1, lang)
    page.locator("#btn-next").click()
    ready(page)
    finish_sprint(page, 2, lang)
    page.wait_for_function("() => window.allthreesTest.state()?.rating !== null")
    page.locator("#btn-peek").click()
    page.locator("#btn-unpeek").wait_for()
    open_career(page, "ratings")
    expect(page.locator("#rating-two-changes li")).to_have_count(2)
    # the chart in the middle of the dialog, clear of its buttons, on a phone too
    page.locator("#rating-two-chart").evaluate("(chart) => chart.scrollIntoView({block: 'center'})")
    screenshot(page, f"ratings-{lang}-{width}.png")


# ---------------------------------------------------------------------- a rated match online
def glicko_first(score: float) -> float:
    """A newcomer's rating after one match against another newcomer (1500 ± 350), by Glicko-2."""
    after = rate(rating.START, [Game(1500.0, 350.0, score)], rating.TAU, 0.0)
    return round(after.rating, 1)


def test_two_devices_play_a_rated_match_online_and_move_apart_by_glicko2(devices) -> None:
    """A table opened in Play online is rated by default; a stranger joins, the sprint is played
    to its end through the relay on 127.0.0.1, both devices sign the one result, and each shows
    its new rating: apart from 1500 by Glicko-2's amounts, in opposite directions; a reload
    keeps them, and both careers hold the same signed result."""
    from test_lobby import open_lobby
    from test_net_table import play_match
    from test_net_table import ready as joined

    host = devices("host", "Wanda")
    guest = devices("guest", "Olek")
    open_lobby(guest)
    open_lobby(host)
    host.get_by_role("button", name="Open a table").click()
    dialog = host.get_by_role("dialog", name="Open a table")
    dialog.locator("input[name=mode][value=sprint]").check()
    expect(dialog.get_by_role("checkbox", name="Rated match")).to_be_checked()  # by default
    dialog.get_by_role("button", name="Open a table").click()
    host.wait_for_function("() => window.allthreesTest.state()?.gathering")
    guest.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 1")
    guest.get_by_role("button", name="Join").click()
    joined(guest)
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    final = play_match(host, [guest])
    for page in (host, guest):
        page.wait_for_function(f"() => ({RATING})() !== null", timeout=60_000)
    sides = final["sides"]
    host_side = next(i for i, s in enumerate(sides) if final["human"] in s["seats"])
    a, b = sides[host_side]["score"], sides[1 - host_side]["score"]
    score = 1.0 if a > b else 0.5 if a == b else 0.0
    here, there = host.evaluate(RATING), guest.evaluate(RATING)
    assert here["value"] == glicko_first(score) and there["value"] == glicko_first(1.0 - score)
    assert here["value"] - 1500 == pytest.approx(1500 - there["value"], abs=0.11)
    assert here["kind"] == there["kind"] == "two" and here["provisional"]
    signed = []
    for page in (host, guest):
        entries = page.evaluate(f"() => JSON.parse(localStorage.getItem({CAREER_KEY!r})).entries")
        assert len(entries) == 1 and entries[0]["unrated"] is None
        signed.append(entries[0]["rated"]["signed"])
    assert signed[0] == signed[1], "both careers hold the one signed result"
    assert len(signed[0]["signatures"]) == 2
    for page, was in ((host, here), (guest, there)):
        page.reload()
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        page.wait_for_function(f"() => ({RATING})()?.value === {was['value']}")


def test_a_seat_given_away_in_a_rated_match_counts_as_abandoned_on_its_own_device(devices) -> None:
    """The host gives a stranger's seat to a computer mid-match (as the clock's away rule does):
    the match is no longer rated, and the leaver's own device counts it as abandoned, once,
    kept across a reload and in its Ratings figures."""
    from test_lobby import open_lobby
    from test_net_table import ALL_IN
    from test_net_table import ready as joined
    from test_online_table import moves

    host = devices("host", "Wanda")
    guest = devices("guest", "Olek")
    open_lobby(guest)
    open_lobby(host)
    host.get_by_role("button", name="Open a table").click()
    host.get_by_role("dialog", name="Open a table").get_by_role(
        "button", name="Open a table"
    ).click()
    host.wait_for_function("() => window.allthreesTest.state()?.gathering")
    guest.wait_for_function("() => window.allthreesTest.state().net.lobby.tables.length === 1")
    guest.get_by_role("button", name="Join").click()
    joined(guest)
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    moves(
        [host, guest], 2
    )  # the match under way (the give button comes with the table's next change)
    host.locator("#btn-give").click()
    host.get_by_role("dialog", name="Give a seat to a computer").locator("#give-1").click()
    expect(guest.locator("#toasts")).to_contain_text("The host gave this seat to a computer.")
    kept = f"() => JSON.parse(localStorage.getItem({CAREER_KEY!r}))?.abandoned ?? []"
    guest.wait_for_function(f"() => ({kept})().length === 1")
    left = guest.evaluate(kept)[0]
    assert left["kind"] == "two" and len(left["id"]) == 16
    guest.reload()
    joined(guest)
    assert guest.evaluate(kept) == [left], "kept, and counted once"
