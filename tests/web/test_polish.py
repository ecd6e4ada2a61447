"""A Polish player: Chromium with locale pl-PL gets the table in Polish (the page picks the
browser's language; the choice is remembered once switched in the menu), <html lang="pl">, and
no word of the English catalogue on the table, its menu, its dialogs or in the words a screen
reader is given, and no word written outside the Polish catalogue at all: every word shown must
come from strings.pl.js or the loading screen's Polish words (Python sends codes and values; the
page words them)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Playwright, expect
from tablekit import IDLE, SPRINT, keys_round, open_career, open_table, ready, screenshot

# Every visible text node, and the mirror's words (visually hidden, read aloud).
SHOWN = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("[hidden], noscript, script, style")) continue;
    const seen = el.getClientRects().length > 0 || el.closest("#mirror, #announcer, #table");
    if (seen) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label]")) {
    out.push(el.getAttribute("aria-label"));
  }
  return out;
}"""
# The English catalogue's fixed words (functions are worded with values, so their fixed parts
# are not listed), and the Polish ones: an English phrase that is not also Polish must not show.
ENGLISH = """async () => {
  const CATALOGUES = await (await import("/js/i18n/strings.js")).catalogues();
  const { BOOT_WORDS } = await import("/js/i18n/bootwords.js");
  const leaves = (v, out = []) => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") for (const x of Object.values(v)) leaves(x, out);
    return out;
  };
  const pl = new Set([...leaves(CATALOGUES.pl), ...leaves(BOOT_WORDS.pl)]);
  const en = [...leaves(CATALOGUES.en), ...leaves(BOOT_WORDS.en)];
  return en.filter((s) => s.length > 3 && !pl.has(s));
}"""

# Every word the Polish catalogues can say: the words of strings.pl.js's string and template
# literals (a template's ${...} parts, and the templates in them, are searched for literals) and
# of the loading screen's Polish words, the languages' own names (the switch shows the other one)
# and the months' names in a date the browser writes in Polish. The source is read by a small
# scanner, not a regex: one pairing quotes took a template in a template, or an apostrophe in a
# comment, for a string's end, and counted code and comments ("history", "matches", "the") as
# Polish words.
VOCABULARY = r"""async () => {
  const literals = (src) => {
    const out = [];
    let i = 0;
    const escaped = () => {
      const c = src[i + 1];
      i += 2;
      return "'\"`".includes(c) ? c : " "; // "\n" is not the letter n
    };
    const quoted = (q, said = true) => {
      let s = "";
      for (i++; i < src.length && src[i] !== q; ) s += src[i] === "\\" ? escaped() : src[i++];
      i++;
      if (said) out.push(s);
    };
    const template = () => {
      let s = "";
      for (i++; i < src.length && src[i] !== "`"; ) {
        if (src[i] === "\\") s += escaped();
        else if (src[i] === "$" && src[i + 1] === "{") {
          i += 2;
          code(true);
          s += " ";
        } else s += src[i++];
      }
      i++;
      out.push(s);
    };
    // code up to the "}" that closes a template's ${ (nested), else to the end: only its
    // literals are words (not its names, not its comments)
    const code = (nested) => {
      let depth = 0;
      while (i < src.length) {
        const c = src[i];
        if (c === "/" && src[i + 1] === "/") {
          const end = src.indexOf("\n", i);
          i = end < 0 ? src.length : end;
        } else if (c === "/" && src[i + 1] === "*") {
          const end = src.indexOf("*/", i + 2);
          i = end < 0 ? src.length : end + 2;
        } else if (c === '"' || c === "'") {
          // a value compared with (label.kind === "you") is a code, not a word
          quoted(c, !/[=!]==?\s*$/.test(src.slice(Math.max(0, i - 6), i)));
        } else if (c === "`") template();
        else {
          i++;
          if (c === "{") depth++;
          else if (c === "}" && nested && depth-- === 0) return;
        }
      }
    };
    code(false);
    return out;
  };
  const texts = literals(await (await fetch("/js/i18n/strings.pl.js")).text());
  const { BOOT_WORDS } = await import("/js/i18n/bootwords.js");
  const { LANGUAGES } = await import("/js/i18n/lang.js");
  const leaves = (v) => {
    if (typeof v === "string") texts.push(v);
    else if (typeof v === "function") texts.push(...literals(v.toString()));
    else if (v && typeof v === "object") Object.values(v).forEach(leaves);
  };
  leaves(BOOT_WORDS.pl);
  leaves(LANGUAGES);
  // dates as the language writes them (the replay's "2 gru 2026, 14:05"): the months' names
  const dated = new Intl.DateTimeFormat("pl", { dateStyle: "medium", timeZone: "UTC" });
  for (let m = 0; m < 12; m++) texts.push(dated.format(Date.UTC(2026, m, 1)));
  const words = new Set();
  for (const t of texts) for (const w of t.match(/\p{L}+/gu) ?? []) words.add(w.toLowerCase());
  return [...words];
}"""
# The canvases shown with nothing said for them (an aria-label: english_shown reads its words).
UNSAID_CANVASES = """() => [...document.querySelectorAll("canvas:not([aria-hidden='true'])")]
  .filter((c) => c.getClientRects().length && !c.getAttribute("aria-label")?.trim())
  .map((c) => c.id || c.className)"""
WORD = re.compile(r"[^\W\d_]+")
QUOTED = re.compile(r"„[^”]*”")  # the player's own text, quoted back ("wizard" in a bad link)
PRODUCT = "All Threes"  # the game's name, the same in every language


@pytest.fixture
def browser_context_args(browser_context_args: dict, playwright: Playwright) -> dict:
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
    return {**browser_context_args, **phone, "locale": "pl-PL"}


# A second net for words written outside the catalogues: common English words of this game.
ENGLISH_WORDS = re.compile(
    r"\b(the|and|you|your|tiles?|round|play|plays|score|scores|points|draw|pass|table|hand|"
    r"new|game|rules|keys|close|turn|boneyard|double|lead|hint)\b",
    re.IGNORECASE,
)


def english_shown(page: Page, english: list[str]) -> list[str]:
    # the deal's fingerprint (hex, sometimes letters only: "fccbbb") is no word of any language
    prints = page.locator("#fair-print")
    fingerprint = (prints.text_content() or "") if prints.count() else ""
    shown = [s.replace(PRODUCT, "") for s in page.evaluate(SHOWN)]
    if fingerprint.strip():
        shown = [s.replace(fingerprint.strip(), "") for s in shown]
    vocabulary = set(page.evaluate(VOCABULARY))
    assert {"talon", "dublet", "kamień"} <= vocabulary, "the check knows the Polish words"
    # An English phrase shows as words of its own, not inside a Polish word ("Jade" in "Jadeit",
    # "Import" in "Importuj"); one English word that Polish says too ("Import") is Polish there.
    phrases = [
        (e, re.compile(rf"(?<!\w){re.escape(e)}(?!\w)"))
        for e in english
        if not (WORD.fullmatch(e) and e.lower() in vocabulary)
    ]
    found = [f"{e!r} in {s!r}" for s in shown for e, phrase in phrases if phrase.search(s)]
    found += [f"English word in {s!r}" for s in shown if ENGLISH_WORDS.search(s)]
    found += [
        f"{w!r}, in no Polish catalogue, in {s!r}"
        for s in shown
        for token in QUOTED.sub("", s).split()
        if not any(c.isdigit() for c in token)  # numbers
        for w in WORD.findall(token)
        if w.lower() not in vocabulary
    ]
    return found


def test_a_polish_browser_gets_the_table_in_polish(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    page.evaluate(IDLE)
    assert page.evaluate("() => document.documentElement.lang") == "pl"
    english = page.evaluate(ENGLISH)
    assert "Your turn" in english and "Boneyard" in english, "the check knows the English words"
    expect(page.locator("#scores")).to_contain_text("Ty")
    expect(page.locator("#scores")).to_contain_text("Amator")
    expect(page.locator("#turn")).to_have_text("Twój ruch")
    expect(page.locator("#mirror")).to_contain_text("Talon: ")
    expect(page.locator("#howto-offer")).to_contain_text("Jak grać")
    screenshot(page, "polish-table-phone.png")
    found = english_shown(page, english)
    # the menu, How to play, the keys, the New game dialog
    page.locator("#btn-menu").click()
    found += english_shown(page, english)
    page.locator("#btn-howto").click()
    expect(page.locator("#howto-dialog")).to_contain_text("Punkty za wielokrotności 3")
    screenshot(page, "polish-howto-phone.png")
    found += english_shown(page, english)
    page.keyboard.press("Escape")
    page.locator("#btn-menu").click()
    page.locator("#btn-keys").click()
    expect(page.locator("#keys-dialog")).to_contain_text("Gra klawiaturą")
    found += english_shown(page, english)
    page.keyboard.press("Escape")
    page.locator("#btn-menu").click()
    page.locator("#btn-new").click()
    expect(page.locator("#new-dialog")).to_contain_text("Nowa gra")
    found += english_shown(page, english)
    page.locator("#new-cancel").click()
    # a play, said in Polish
    page.locator("#table").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.evaluate(IDLE)
    expect(page.locator("#announcer")).to_contain_text("Zagrywasz ")
    found += english_shown(page, english)
    assert not found, "English on the Polish table:\n" + "\n".join(found)


def test_the_language_switch_is_remembered(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    page.evaluate(IDLE)
    page.locator("#btn-menu").click()
    page.locator("#btn-lang").click()  # Polski -> English, and the page reloads in it
    expect(page.locator("html")).to_have_attribute("lang", "en", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert page.evaluate("() => document.documentElement.lang") == "en"


def test_the_rules_and_the_round_panel_are_polish_too(page: Page) -> None:
    open_table(page, "?sprint=1&seats=you,casual&seed=5")
    page.evaluate(IDLE)
    english = page.evaluate(ENGLISH)
    page.locator("#btn-menu").click()
    page.locator("#btn-rules").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_contain_text("Zasady tej gry")
    expect(dialog).to_contain_text("Przykład")
    expect(dialog).to_contain_text("wielokrotnością 3")
    found = english_shown(page, english)
    page.keyboard.press("Escape")
    page.locator("#table").focus()
    keys_round(page, "pl")
    panel = page.locator("#round-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#round-summary")).to_contain_text("Premia")
    expect(page.locator("#review-status, #review-list").first).to_be_attached()
    page.evaluate(IDLE)
    screenshot(page, "polish-round-over-phone.png")
    found += english_shown(page, english)
    assert not found, "English on the Polish table:\n" + "\n".join(found)


def test_a_failed_start_and_a_bad_link_are_said_in_polish(
    page: Page, build_info: dict, problems
) -> None:
    """The worker reports a failed start by a code, the loading screen words it; Python refuses a
    link by a code and values, the page words them."""
    # the game engine's wheel is not there (a first visit: no offline copy yet)
    wheel = build_info["wheels"]["allthrees"].split("/")[-1]
    problems.allow(r"status of 404")
    problems.allow(r"All Threes could not start: .*" + re.escape(wheel))
    page.route(f"**/{wheel}", lambda route: route.fulfill(status=404, body="nie ma"))
    page.goto("/")
    message = page.locator("#boot-error-message")
    expect(message).to_contain_text(
        f"Nie udało się pobrać silnika gry ({wheel}): HTTP 404", timeout=60_000
    )
    retry = page.get_by_role("button", name="Spróbuj ponownie")
    expect(retry).to_be_focused()
    english = page.evaluate(ENGLISH)
    found = english_shown(page, english)
    page.unroute(f"**/{wheel}")
    retry.click()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    # a bad link
    open_table(page, "?players=5&seats=you,wizard")
    expect(page.locator(".toast").first).to_have_text(
        "Ten link nie opisuje gry (nieznany rodzaj miejsca „wizard”); oto twój stół."
    )
    found += english_shown(page, english)
    open_table(page, "?target=5000")
    expect(page.locator(".toast").first).to_contain_text("najwyżej do 1000 punktów")
    found += english_shown(page, english)
    assert not found, "English on the Polish page:\n" + "\n".join(found)


def test_the_career_the_export_and_the_replay_are_polish_too(page: Page) -> None:
    """A finished sprint's panel with its score race, every tab of the career screen, the export
    and import dialogs and the replay viewer; and every canvas shown says something (its
    aria-label: its words are checked with the rest)."""
    page.goto(SPRINT)
    ready(page)
    english = page.evaluate(ENGLISH)
    found: list[str] = []

    def check(where: str) -> None:
        found.extend(f"{where}: {f}" for f in english_shown(page, english))
        found.extend(f"{where}: canvas {c!r} says nothing" for c in page.evaluate(UNSAID_CANVASES))

    page.locator("#table").focus()
    keys_round(page, "pl")
    page.wait_for_function("() => window.allthreesTest.state()?.career.played === 1")
    expect(page.locator("#race-chart")).to_have_attribute("aria-label", re.compile(r"^Po 1 partii"))
    page.evaluate(IDLE)
    check("match over")
    page.locator("#btn-peek").click()
    open_career(page)
    for tab in ("stats", "history", "trophies", "designs", "daily"):
        page.locator(f"#career-tab-{tab}").click()
        expect(page.locator(f"#career-panel-{tab}")).to_be_visible()
        screenshot(page, f"polish-career-{tab}-phone.png")
        check(tab)
    with page.expect_download():
        page.locator("#career-export").click()
    expect(page.locator("#export-what")).to_contain_text("1 rozgrywka")
    check("export")
    page.locator("#export-close").click()
    page.locator("#career-import").click()
    expect(page.locator("#import-dialog")).to_be_visible()
    check("import")
    page.locator("#import-cancel").click()
    # the replay viewer: the deal, a move, the round's end (its summary in the panel's words)
    page.locator("#career-tab-history").click()
    page.locator("#history-list .history-open").first.click()
    count = page.locator("#replay-count")
    expect(count).to_have_text(re.compile(r"^Ruch 0 z \d+$"))
    expect(page.locator("#replay-canvas")).to_have_attribute("aria-label", re.compile("^Stół"))
    check("replay, the deal")
    page.locator("#replay-forward").click()
    expect(count).to_have_text(re.compile(r"^Ruch 1 z \d+$"))
    check("replay, move 1")
    page.keyboard.press("End")
    expect(page.locator("#replay-summary")).to_be_visible()
    screenshot(page, "polish-replay-phone.png")
    check("replay, the end")
    assert not found, "English on the Polish career:\n" + "\n".join(found)
