"""The daily deal's standings in the browser (issue 44), through a real relay on 127.0.0.1: three
players (three contexts, each its own key) play today's deal to its end, each page publishes its
signed entry as an addressable event, and each sees the three entries ranked alike, its own rank
and the count; entries forged straight onto the relay (an altered score under another key, a record
that does not replay, a malformed event, an oversized one, a future date, 1,000 junk entries
published after the genuine ones) are shown nowhere and the standings still say the truth.

Nothing leaves this machine: each page's only relay is the local one, and the date is the real
UTC date (the relay refuses events far from its own clock)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import test_axe
from conftest import Problems
from jsconst import js_const
from playwright.sync_api import Browser, Page, expect
from relaykit import Relay, new_secret, sign_event
from tablekit import (
    IDLE,
    STATE,
    best_move_by_keys,
    first_move_by_keys,
    open_career,
    ready,
    turn_by_keys,
)
from test_net_table import device

KIND = int(js_const("net/standings.js", "STANDINGS_KIND"))
TOPIC = str(js_const("net/standings.js", "STANDINGS_TOPIC"))
SHOTS = Path(os.environ.get("ALLTHREES_SHOTS", "/tmp/shots44s"))
PLACE = "() => window.allthreesTest.state()?.standings ?? null"
TURNS = 3000  # a cap on the steps looked at, not a time
JUNK = 1000  # signed events of the right shape whose entries are junk, each of its own key


@pytest.fixture
def players(browser: Browser, site_url: str, problems: Problems, relay: Relay) -> Iterator[Any]:
    made: list[Page] = []

    def new(name: str, nickname: str, **context: Any) -> Page:
        prefs = {"muted": True, "iceServers": [], "relays": [relay.url], "name": nickname}
        # axe-core is added to the page by a script tag (test_axe.violations): past the CSP
        page = device(browser, site_url, problems, name, prefs, bypass_csp=True, **context)
        made.append(page)
        page.goto(site_url)
        ready(page)
        return page

    yield new
    for page in made:
        page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def start_daily(page: Page) -> None:
    open_career(page, "daily")
    page.locator("#daily-play").click()
    start = page.locator("#link-start")
    if start.is_visible():  # a match in play: the daily asks before it replaces it
        start.click()
    ready(page)
    assert page.evaluate("() => window.allthreesTest.state().daily.played_today")


WORDS = {  # what each page's language says (web/js/i18n/strings*.js "standings")
    "en": {"list": "Standings", "rank": "Your rank: {} of 3", "refused": "refused"},
    "pl": {"list": "Ranking", "rank": "Twoje miejsce: {} z 3", "refused": "Odrzucone"},
}


def last_move_by_keys(page: Page) -> None:
    """The last playable tile of the rack, on its first end: Right to it, then Enter."""
    st = page.evaluate(STATE)
    for _ in range(sum(1 for t in st["hand"] if t["playable"])):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def step(page: Page, lang: str, move: Callable[[Page], None]) -> bool:
    """One step of the person's match (a turn, or the next round): True once it is over."""
    page.evaluate(IDLE)
    st = page.evaluate(STATE)
    if st["match_over"]:
        return True
    if st["round_over"]:
        page.locator("#btn-next").click()
    elif st["turn"] == st["human"]:
        page.locator("#table").focus()
        turn_by_keys(page, lang, move)
    return False


def play_both(pages: list[tuple[Page, str, Callable[[Page], None]]]) -> None:
    """Every match to its end, a step of each in turn (the computers think meanwhile)."""
    over = [False] * len(pages)
    for _ in range(TURNS):
        for i, (page, lang, move) in enumerate(pages):
            over[i] = over[i] or step(page, lang, move)
        if all(over):
            return
    raise AssertionError("the daily did not end")


def stored(relay: Relay, day: str) -> list[dict[str, Any]]:
    return relay.query({"kinds": [KIND], "#d": [day]})


def wait_for_entries(relay: Relay, day: str, n: int, page: Page) -> list[dict[str, Any]]:
    for _ in range(120):
        found = stored(relay, day)
        if len(found) >= n:
            return found
        page.wait_for_timeout(500)
    raise AssertionError(f"{n} entries were not published: {stored(relay, day)}")


def look(page: Page) -> dict[str, Any]:
    if page.locator("#btn-peek").is_visible():  # the match's panel: the table behind it
        page.locator("#btn-peek").click()
    open_career(page, "daily")
    page.locator("#standings-show").click()
    # a few replays a request, the list shown after each: done when the status says nothing more
    expect(page.locator("#standings-status")).to_have_text("", timeout=300_000)
    expect(page.locator("#standings-rank")).to_be_visible()
    return page.evaluate(PLACE)


def forged(good: dict[str, Any], day: str) -> list[dict[str, Any]]:
    """Events a dishonest device or relay could put there, each of its own key."""
    entry = json.loads(good["content"])
    nowish = int(datetime.now(UTC).timestamp())

    def event(content: Any, d: str = day, raw: bool = False) -> dict[str, Any]:
        text = content if raw else json.dumps(content)
        tags = [["d", d], ["t", TOPIC], ["expiration", str(nowish + 3 * 86_400)]]
        return sign_event(new_secret(), KIND, text, tags, nowish)

    higher = {**entry, "name": "Forger", "score": entry["score"] + 3}
    broken = {**entry, "name": "Breaker", "record": [entry["record"][0][:-1], *entry["record"][1:]]}
    tomorrow = (date.fromisoformat(day) + timedelta(days=1)).isoformat()
    ahead = {**entry, "name": "Early", "date": tomorrow}
    return [
        event(higher),
        event(broken),
        event("{not json", raw=True),
        event({**entry, "name": "Huge", "record": [["6-6@E"] * 200] * 3}),
        event(ahead),
        event(ahead, d=tomorrow),
        *(event({"v": 1, "name": f"Junk{i}", "date": day, "score": 150}) for i in range(JUNK)),
    ]


def test_three_players_see_each_other_ranked_and_nothing_forged(players, relay: Relay) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ana = players("ana", "Ana")
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
    ben = players("ben", "Ben", locale="pl-PL", **phone)  # a Polish player on a phone
    cy = players("cy", "Cy")
    day = datetime.now(UTC).date().isoformat()
    for page in (ana, ben, cy):
        start_daily(page)
    # each their own way: the best-scoring tile, the first playable one, the last
    play_both(
        [
            (ana, "en", best_move_by_keys),
            (ben, "pl", first_move_by_keys),
            (cy, "en", last_move_by_keys),
        ]
    )
    published = wait_for_entries(relay, day, 3, ana)
    assert sorted(json.loads(e["content"])["name"] for e in published) == ["Ana", "Ben", "Cy"]
    for e in published:
        tags = {t[0]: t[1] for t in e["tags"]}
        assert tags["d"] == day and int(tags["expiration"]) > e["created_at"]
        assert set(json.loads(e["content"])) == {"v", "name", "date", "score", "record"}
        assert len(json.dumps(e)) <= 4096
    # published after the genuine entries: the relay lists them first (newest first), so the
    # pages ask it for the older ones (net/standings.js FETCH_PAGES) to reach the genuine ones
    with relay.client(timeout=30) as client:
        for bad in forged(published[0], day):
            assert client.publish(bad, timeout=30)[2], bad["content"][:80]
    # each page: the three entries, its own rank, the same order
    places = {}
    lists = {}
    for page, name, lang in ((ana, "Ana", "en"), (ben, "Ben", "pl"), (cy, "Cy", "en")):
        words = WORDS[lang]
        places[name] = look(page)
        assert places[name]["count"] == 3, places
        listed = page.get_by_role("list", name=words["list"])
        expect(listed.get_by_role("listitem")).to_have_count(3)
        # the rows' ranks, names and keys (the words around them are the page's language)
        rows = listed.get_by_role("listitem")
        lists[name] = [t.split(":")[0] for t in rows.all_inner_texts()]
        lists[name] += rows.evaluate_all("(li) => li.map((r) => r.dataset.key)")
        mine = listed.locator("[aria-current=true]")
        expect(mine).to_contain_text(name)
        expect(page.locator("#standings-rank")).to_have_text(
            words["rank"].format(places[name]["rank"])
        )
        text = page.locator("#career-panel-daily").inner_text()
        for fake in ("Forger", "Breaker", "Huge", "Early", "Junk"):
            assert fake not in text, (fake, text)
        expect(page.locator("#standings-body")).to_contain_text(words["refused"])
        found = test_axe.violations(page, f"the standings ({lang})")
        assert not found, "\n".join(found)
    assert lists["Ana"] == lists["Ben"] == lists["Cy"]
    # each rank is one more than the entries ahead of it (equal entries share one)
    ranks = sorted(p["rank"] for p in places.values())
    assert all(r == 1 + ranks.index(r) for r in ranks), ranks
    for page, lang in ((ana, "en"), (ben, "pl")):
        for width, height in ((1280, 800), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            page.locator("#standings-body > :last-child").scroll_into_view_if_needed()
            shot = SHOTS / f"standings-{lang}-{width}.png"
            page.screenshot(path=str(shot), animations="disabled")
    # a second look replays nothing again and says the same
    ana.locator("#standings-show").click()
    expect(ana.locator("#standings-status")).to_have_text("")
    expect(ana.locator("#standings-rank")).to_have_text(f"Your rank: {places['Ana']['rank']} of 3")
    assert ana.evaluate(PLACE) == places["Ana"]
