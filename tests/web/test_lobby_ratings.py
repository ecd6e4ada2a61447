"""Play online's list shows each table's host rating (issue 44): a host who has played a rated
match (a Quick Sprint against the Expert) opens a table in Play online, and a stranger's page,
another Chromium context, sees that table's row through the relay on 127.0.0.1 (nothing leaves
this machine) with the host's rating of the table's kind, "provisional" while it is, and the
host's title, unless the host hides it. Screenshots of the list at 1280 px in English and on a
360 px phone in Polish (artifacts/web/lobby-ratings-*.png), each row read at its width: the
words and the Join button side by side on a wide screen, the words over the whole row above the
button on a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tablekit import follow_link, open_career, screenshot
from test_invite_dialogs import PHONE, no_horizontal_scroll
from test_lobby import devices as devices  # noqa: F401 (the fixture)
from test_lobby import open_lobby
from test_ratings_page import EXPERT_SPRINT, RATING, sprint_by_keys

WORDS = {
    "en": {
        "lobby": "Play online",
        "join": "Join",
        "host": "host Wanda (rating {r}, provisional{title})",
        "title": ", Newcomer",
    },
    "pl": {
        "lobby": "Graj online",
        "join": "Dosiądź się",
        "host": "Wanda (ranking {r}, tymczasowy{title})",
        "title": ", Nowicjusz",
    },
}

# the first listed table's row in view, and its boxes: the row, its words, its button
SCROLL = "() => document.querySelector('.lobby-table')?.scrollIntoView({ block: 'center' })"
BOXES = """() => {
  const row = document.querySelector(".lobby-list .lobby-table");
  const box = (el) => { const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const [words, button] = [row.querySelector("p"), row.querySelector("button")];
  return { row: box(row), words: box(words), button: box(button) };
}"""


def rated_host(devices: Any, hide_title: bool) -> tuple[Page, dict[str, Any]]:
    """Wanda's page after one rated match against the Expert, its rating as the page has it,
    then its table opened in Play online (the title hidden first when `hide_title`)."""
    host = devices("host", "Wanda")
    follow_link(host, EXPERT_SPRINT)  # the fixture opened the site
    sprint_by_keys(host)
    host.wait_for_function(f"() => ({RATING})() !== null")
    rating = host.evaluate(RATING)
    assert rating["kind"] == "two" and rating["provisional"] and rating["title"] == "newcomer"
    host.locator("#btn-peek").click()  # the table under the match's panel, and its tools
    host.locator("#btn-unpeek").wait_for()
    if hide_title:
        open_career(host, "ratings")
        host.get_by_label("Hide my title at the table").check()
        host.locator("#career-close").click()
    open_lobby(host)
    host.get_by_role("button", name="Open a table").click()
    dialog = host.get_by_role("dialog", name="Open a table")
    expect(dialog.get_by_role("checkbox", name="Rated match")).to_be_checked()
    dialog.get_by_role("button", name="Open a table").click()
    host.wait_for_function("() => window.allthreesTest.state()?.gathering")
    return host, rating


def seeker_lobby(page: Page, lang: str) -> None:
    """Play online opened on `page`, in its language, its list heard."""
    if not page.locator("#btn-online").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-online").click()
    expect(page.get_by_role("dialog", name=WORDS[lang]["lobby"])).to_be_visible()
    page.wait_for_function("() => window.allthreesTest.state()?.net?.lobby?.tables.length === 1")


@pytest.mark.parametrize(
    ("width", "lang", "hide_title"),
    # (the phone's Polish player sees a host that hid its title: one sprint fewer to play)
    [(1280, "en", False), (360, "pl", True)],
    ids=["1280-en", "360-pl-title-hidden"],
)
def test_play_onlines_list_shows_the_hosts_rating(
    devices: Any, width: int, lang: str, hide_title: bool
) -> None:
    host, rating = rated_host(devices, hide_title)
    phone = PHONE if width == 360 else {"viewport": {"width": 1280, "height": 800}}
    seeker = devices("seeker", "Olek", locale={"en": "en-US", "pl": "pl-PL"}[lang], **phone)
    seeker_lobby(seeker, lang)
    w = WORDS[lang]
    shown = round(rating["value"])
    dialog = seeker.get_by_role("dialog", name=w["lobby"])
    row = dialog.get_by_role("listitem").filter(has=seeker.get_by_role("button", name=w["join"]))
    expect(row).to_have_count(1)
    said = w["host"].format(r=shown, title="" if hide_title else w["title"])
    expect(row).to_contain_text(said)
    if hide_title:
        expect(row).not_to_contain_text(w["title"].strip(", "))
    join = row.get_by_role("button", name=w["join"], exact=True)
    description = join.evaluate(
        "(b) => document.getElementById(b.getAttribute('aria-describedby')).textContent"
    )
    assert said in description, description  # the rating is in what Join is described by
    no_horizontal_scroll(seeker, seeker.locator("dialog[open]"))
    seeker.evaluate(SCROLL)
    screenshot(seeker, f"lobby-ratings-{width}-{lang}.png")
    # read at its width: beside the words on a wide screen; on a phone, the words take the
    # row's whole width and the button comes under them (measured at once: the list is drawn
    # again each second, its waiting times)
    box = seeker.evaluate(BOXES)
    words, button, whole = box["words"], box["button"], box["row"]
    if width == 360:
        assert button["y"] >= words["y"] + words["height"] - 1, box
        assert words["width"] >= whole["width"] * 0.8, box
    else:
        assert button["x"] >= words["x"] + words["width"] - 1, box
