"""The Play online dialog (web/js/ui/dialogs/lobby.js) as a player meets it over the table, with
made-up tables (the lobby's own traffic is tests/web/test_lobby.py's): each control found by its
accessible name, each listed table's Join described by the table in words, a stranger's name shown
as text and never as markup, the keyboard alone from the name to a Join, a quick match's waiting
part, axe on each, no horizontal scroll on a phone, and screenshots at 1280 px and on a 360 px
phone, in English and in Polish (artifacts/web/lobby-*.png)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from test_invite_dialogs import PHONE, axe, no_horizontal_scroll, shot
from test_invite_dialogs import pages as pages  # noqa: F401 (the fixture)

OPEN = """async ([tables, waiting]) => {
  const m = await import("./js/ui/dialogs/lobby.js");
  const t = (window.t = { joined: [], quick: [], opened: 0 });
  t.dialog = new m.LobbyDialog(document.getElementById("hud"));
  t.promise = t.dialog.open({
    name: "Wanda",
    presets: ["parlor", "pub"],
    rename: (n) => (t.name = n),
    quick: (kind, preset) => t.quick.push([kind, preset]),
    openTable: () => (t.opened += 1),
    join: (table) => t.joined.push(table.id),
    refresh: () => {},
  });
  const now = Date.now() / 1000;
  t.dialog.show(tables.map((x) => ({ ...x, since: now - x.ago })), now);
  if (waiting)
    t.dialog.waiting({ kind: "partners", waited: 75, joined: 1, fill: () => (t.filled = true),
      computer: () => {}, stop: () => {} });
}"""

TABLES = [
    {"id": "a1", "host": "a1" * 32, "room": "b" * 64, "name": "<img src=x onerror=alert(1)>",
     "lang": "pl", "players": 2, "teams": False, "sprint": False, "free": 1,
     "preset": "parlor", "target": 150, "clock": 60, "quick": "2p", "ago": 20},
    {"id": "c3", "host": "c3" * 32, "room": "d" * 64, "name": "Ola & Jan", "lang": "en",
     "players": 4, "teams": True, "sprint": False, "free": 2,
     "preset": "pub", "target": 120, "clock": 0, "quick": None, "ago": 200},
]  # fmt: skip

WORDS = {
    "en": {
        "title": "Play online",
        "quick": "Quick match",
        "open": "Open a table",
        "join": "Join",
        "name": "Your name at the table",
        "about": [
            "Parlor to 150, 2 players, 1 free seat; host <img src=x onerror=alert(1)>; Polish; "
            "waiting under a minute; 60 s a move (quick match)",
            "Pub to 120, partners, 2 free seats; host Ola & Jan; English; waiting 3 minutes",
        ],
        "fill": "Start now, computers in the empty seats",
    },
    "pl": {
        "title": "Graj online",
        "quick": "Szybka gra",
        "open": "Otwórz stół",
        "join": "Dosiądź się",
        "name": "Twoje imię przy stole",
        "about": None,
        "fill": "Zacznij teraz, komputery na wolnych miejscach",
    },
}


@pytest.mark.parametrize(("screen", "lang"), [("desktop", "en"), ("phone", "pl")])
def test_the_play_online_dialog_reads_right_by_keyboard_and_passes_axe(
    pages: Any, screen: str, lang: str
) -> None:
    w = WORDS[lang]
    page = pages(
        locale={"en": "en-US", "pl": "pl-PL"}[lang],
        bypass_csp=True,
        **(PHONE if screen == "phone" else {}),
    )
    found: list[str] = []
    page.evaluate(OPEN, [TABLES, False])
    dialog = page.get_by_role("dialog", name=w["title"])
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label(w["name"])).to_have_value("Wanda")
    joins = dialog.get_by_role("button", name=w["join"], exact=True)
    expect(joins).to_have_count(2)
    if w["about"]:
        for i, about in enumerate(w["about"]):
            expect(joins.nth(i)).to_have_accessible_description(about)
    assert dialog.locator("img").count() == 0, "a stranger's name is text, never markup"
    no_horizontal_scroll(page, page.locator("dialog[open]"))
    found += axe(page, "lobby")
    shot(page, f"lobby-{screen}-{lang}.png")

    # the keyboard alone: from the name field, Tab reaches Quick match, Open a table, each Join
    dialog.get_by_label(w["name"]).focus()
    reached: list[str] = []
    for _ in range(30):  # a cap on the Tab presses looked at, not a time
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement?.textContent ?? ''"))
        if reached[-1] == w["join"]:
            break
    assert w["quick"] in reached and w["open"] in reached and reached[-1] == w["join"], reached
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.t.joined.length === 1")
    assert page.evaluate("() => window.t.joined") == ["a1"]

    # a quick match waiting, with one person in: computers offered for the empty seats
    page.keyboard.press("Escape")
    page.evaluate(OPEN, [[], True])
    expect(page.get_by_role("button", name=w["fill"])).to_be_visible()
    no_horizontal_scroll(page, page.locator("dialog[open]"))
    found += axe(page, "lobby, waiting")
    shot(page, f"lobby-waiting-{screen}-{lang}.png")
    assert not found, "\n".join(found)
