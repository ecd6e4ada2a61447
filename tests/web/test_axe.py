"""axe-core (npm, used by these tests only, never shipped) finds no violation of any impact on
any screen of the game: the loading screen, the table, the menu, each dialog (New game, Rules,
Keys, Fair deal), the round panel and the match's end; and, once a match is finished, its panel
with the score race, the career screen on each of its tabs, the export and import dialogs and the
replay viewer; on a desktop and on a 360 px phone, in English and in Polish (Chromium's locale
pl-PL: the page speaks Polish, <html lang="pl">).

axe is injected into the page, so these contexts bypass the page's CSP (the shipped page allows
no inline script); everything else runs as shipped."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import BOOT_TIMEOUT_MS, IDLE, ROOT, SPRINT, keys_round, open_career, ready

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}"""
SCREENS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}


LOCALES = {"en": "en-US", "pl": "pl-PL"}


@pytest.fixture(params=[(screen, lang) for screen in sorted(SCREENS) for lang in LOCALES])
def browser_context_args(browser_context_args: dict, playwright: Playwright, request) -> dict:
    screen, lang = request.param
    return {
        **browser_context_args,
        **SCREENS[screen],
        "locale": LOCALES[lang],
        "bypass_csp": True,
    }


def violations(page: Page, where: str) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN)
    return [f"{where}: {json.dumps(v)}" for v in found]


def test_no_screen_has_an_accessibility_violation(page: Page, browser_context_args: dict) -> None:
    lang = browser_context_args["locale"].split("-")[0]
    found: list[str] = []
    # the loading screen, held while the runtime's wasm is on its way
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto("/?sprint=1&seats=you,casual&seed=4")
    expect(page.locator("#loading")).to_be_visible()
    found += violations(page, "loading screen")
    for _ in range(200):
        if held:
            break
        time.sleep(0.05)
    page.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.continue_()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(IDLE)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found += violations(page, "table")
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
        found += violations(page, "menu open")
        page.keyboard.press("Escape")
    for button, dialog, close in (
        ("#btn-keys", "#keys-dialog", "#keys-close"),
        ("#btn-howto", "#howto-dialog", "#howto-close"),
        ("#btn-rules", "#rules-dialog", "#rules-close"),
        ("#btn-new", "#new-dialog", "#new-cancel"),
        ("#btn-fair", "#fair-dialog", None),
        ("#btn-levels", "#levels-dialog", "#levels-close"),
    ):
        if page.locator("#btn-menu").is_visible():
            page.locator("#btn-menu").click()
        page.locator(button).click()
        expect(page.locator(dialog)).to_be_visible()
        found += violations(page, dialog)
        if close:
            page.locator(close).click()
        else:
            page.keyboard.press("Escape")
        expect(page.locator(dialog)).not_to_be_visible()
    # the sprint's one round, played with the keys; then its end panel
    page.locator("#table").focus()
    keys_round(page, lang)
    expect(page.locator("#round-panel")).to_be_visible()
    found += violations(page, "match over panel")
    assert not found, "\n".join(found)


def test_the_career_screens_have_no_accessibility_violation(
    page: Page, browser_context_args: dict
) -> None:
    lang = browser_context_args["locale"].split("-")[0]
    found: list[str] = []
    # a Quick Sprint played to its end (a link without a seed: the career counts it)
    page.goto(SPRINT)
    ready(page)
    page.locator("#table").focus()
    keys_round(page, lang)
    page.wait_for_function("() => window.allthreesTest.state()?.career.played === 1")
    expect(page.locator("#match-race")).to_be_visible()
    expect(page.locator("#race-chart")).to_have_attribute("aria-label", re.compile(r"\d"))
    found += violations(page, "match over panel with its race")
    page.locator("#btn-peek").click()
    open_career(page)
    for tab in ("stats", "history", "trophies", "designs", "daily"):
        page.locator(f"#career-tab-{tab}").click()
        expect(page.locator(f"#career-panel-{tab}")).to_be_visible()
        found += violations(page, f"career: {tab}")
    with page.expect_download():
        page.locator("#career-export").click()
    expect(page.locator("#export-dialog")).to_be_visible()
    found += violations(page, "export dialog")
    page.locator("#export-close").click()
    page.locator("#career-import").click()
    expect(page.locator("#import-dialog")).to_be_visible()
    found += violations(page, "import dialog")
    page.locator("#import-cancel").click()
    expect(page.locator("#import-dialog")).to_have_count(0)
    # the replay viewer: the deal, then a few moves on
    page.locator("#career-tab-history").click()
    page.locator("#history-list .history-open").first.click()
    expect(page.locator("#replay-dialog")).to_be_visible()
    count = page.locator("#replay-count")
    expect(count).to_have_text(re.compile(r"^\D+ 0 \D+ \d+$"))
    found += violations(page, "replay at the deal")
    for k in range(1, 4):
        page.locator("#replay-forward").click()
        expect(count).to_have_text(re.compile(rf"^\D+ {k} \D+ \d+$"))
    found += violations(page, "replay at move 3")
    assert not found, "\n".join(found)
