"""A rated quick match between two strangers (issue 44), in real browsers through the real relay
of tests/web/relaykit.py on 127.0.0.1 (nothing leaves this machine): both press Quick match for
the same rules, are seated together, play the match to its end, both devices sign the one result,
and each page shows its new rating, apart from a newcomer's 1500 by Glicko-2's amounts (worked
out here by Python's career/glicko.py from the match's own final scores), in opposite
directions; both careers hold the same signed result, and a reload keeps them. At their next
quick match each page shows the other player's title beside their name (each device says its
own), and a player who hides theirs is shown without it on the other's page.

The rules asked for are All Fives (a match to 61): the shortest match a quick match plays (a
quick match is a whole match, never a sprint)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from tablekit import BOOT_TIMEOUT_MS, open_career, peek_after_reload
from test_lobby import devices as devices  # noqa: F401 (the fixture)
from test_lobby import host_and_guest, open_lobby
from test_net_table import ALL_IN, play_match
from test_ratings_page import CAREER_KEY, RATING, glicko_first

from allthrees.career import rating

HAND = "() => window.allthreesTest.state()?.hand?.length > 0"


def quick_all_fives(page: Page) -> None:
    """Quick match for two players at All Fives, pressed on `page` (from under the last match's
    panel, if it is up)."""
    if page.locator("#round-panel").is_visible():
        page.locator("#btn-peek").click()
        page.locator("#btn-unpeek").wait_for()
    open_lobby(page)
    dialog = page.get_by_role("dialog", name="Play online")
    dialog.get_by_role("radio", name="2 players").check()
    dialog.get_by_label("Rules").select_option("all_fives")
    dialog.get_by_role("button", name="Quick match").click()


def signed_entries(page: Page) -> list[dict[str, Any]]:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({CAREER_KEY!r})).entries")


def shown_rating(page: Page, value: float, deviation: float) -> None:
    """The career's Ratings tab shows `value` ± `deviation` for two players, then is closed."""
    open_career(page, "ratings")
    shown = page.locator("#rating-two-value")
    expect(shown).to_contain_text(f"{round(value)} ± {round(deviation)}")
    expect(page.locator("#rating-two-changes li")).to_have_count(1)
    page.locator("#career-close").click()


def test_a_rated_quick_match_moves_both_ratings_apart_by_glicko2(devices) -> None:
    one = devices("one", "Ola")
    two = devices("two", "Piotr")
    for page in (one, two):
        assert page.evaluate(RATING) is None, "no rated match yet"
    quick_all_fives(one)
    quick_all_fives(two)
    host, guest = host_and_guest(one, two)
    guest.wait_for_function(HAND)
    host.wait_for_function(ALL_IN)
    for page in (host, guest):
        assert page.evaluate("() => window.allthreesTest.state().rules.preset") == "all_fives"
    final = play_match(host, [guest])
    assert final["match_over"]
    for page in (host, guest):
        page.wait_for_function(f"() => ({RATING})() !== null", timeout=60_000)
    sides = final["sides"]
    host_side = next(i for i, s in enumerate(sides) if final["human"] in s["seats"])
    a, b = sides[host_side]["score"], sides[1 - host_side]["score"]
    score = 1.0 if a > b else 0.5 if a == b else 0.0
    here, there = host.evaluate(RATING), guest.evaluate(RATING)
    assert here["value"] == glicko_first(score), (here, score)
    assert there["value"] == glicko_first(1.0 - score), (there, score)
    # opposite directions, by the same amount (two newcomers: a symmetric game)
    assert (here["value"] - rating.START.rating) * (there["value"] - rating.START.rating) <= 0
    assert abs((here["value"] - 1500) - (1500 - there["value"])) <= 0.11
    assert here["kind"] == there["kind"] == "two" and here["provisional"] and there["provisional"]
    signed = []
    for page in (host, guest):
        entries = signed_entries(page)
        assert len(entries) == 1 and entries[0]["unrated"] is None
        signed.append(entries[0]["rated"]["signed"])
    assert signed[0] == signed[1], "both careers hold the one signed result"
    assert len(signed[0]["signatures"]) == 2
    assert signed[0]["document"]["scores"] == [s["score"] for s in sides]
    for page, was in ((host, here), (guest, there)):
        page.reload()
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        page.wait_for_function(f"() => ({RATING})()?.value === {was['value']}")
        assert [e["rated"]["signed"] for e in signed_entries(page)] == [signed[0]]
        peek_after_reload(page)
        shown_rating(page, was["value"], was["deviation"])
    # a second quick match: each device says its player's new title at the table, and each page
    # shows the other's beside their name (the first rated match makes a Newcomer), as its own
    quick_all_fives(host)
    quick_all_fives(guest)
    host, guest = host_and_guest(host, guest)
    guest.wait_for_function(HAND)
    host.wait_for_function(ALL_IN)
    for page in (host, guest):
        expect(page.locator(".score.me .score-title")).to_have_text("Newcomer")
        expect(page.locator(".score:not(.me) .score-title")).to_have_text("Newcomer")
    # a player who hides theirs: gone beside their name on the other's page too, once back
    open_career(guest, "ratings")
    guest.get_by_label("Hide my title at the table").check()
    guest.locator("#career-close").click()
    expect(guest.locator(".score.me .score-title")).to_be_hidden()
    guest.reload()
    expect(guest.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    guest.wait_for_function(HAND)
    expect(host.locator(".score:not(.me) .score-title")).to_be_hidden()
    expect(guest.locator(".score:not(.me) .score-title")).to_have_text("Newcomer")
