"""The handshake's two dialogs (web/js/ui/dialogs/invite.js) as a player meets them, on the game's
own page over its table: each field and button found by its accessible name (a contract: the
table's tests and people find them so), Copy puts the code on the clipboard, a pasted answer goes
to the caller and a refused one shows its words and keeps the dialog, the guest's steps from
"Paste an invite" to "Show this to…", Escape and the keyboard alone, the QR code read back by a
real decoder, axe on each step, and screenshots at 1280 px and on a 360 px phone, in English and
in Polish.

The dialogs are opened with made-up links and codes by importing the module in the page; the
callbacks record what they were given. The functional tests run under the page's own CSP and
Trusted Types; the axe tests inject axe-core, so their contexts bypass the CSP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import zxingcpp
from conftest import CSP_WATCH, Problems
from playwright.sync_api import Browser, Locator, Page, expect
from tablekit import ARTIFACTS, BOOT_TIMEOUT_MS, IDLE, PREFS_KEY, ROOT

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary),
  }));
}"""
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
MAX_TABS = 30  # a cap on the Tab presses looked at, not a time

# Made-up codes in the shape of the real ones (a version digit, then base64url).
INVITE_CODE = "1" + "Qm9uZXlhcmQtc2VlZC1jb21taXQ_dGFibGUtazN4OXEyLXNlYXQtMQ-" * 3
ANSWER_CODE = "1" + "YW5zd2VyLWZyb20tdGhlLWd1ZXN0LXNlYXQtMQ_" * 3

# Open a dialog in the page with recording callbacks: window.t holds what happened.
OPEN = """async ([kind, o]) => {
  const m = await import("./js/ui/dialogs/invite.js");
  const root = document.getElementById("hud");
  const t = (window.t = { calls: [], settled: null });
  if (kind === "host") {
    t.dialog = new m.InviteDialog(root);
    t.promise = t.dialog.open({
      name: o.name, link: o.link, code: o.code,
      answer: async (text) => {
        t.calls.push(text);
        return text === o.good ? null : o.refusal;
      },
      scan: async (video, signal) => {
        t.video = video instanceof HTMLVideoElement && video.checkVisibility();
        return new Promise((resolve, reject) => {
          t.feed = resolve;
          signal.addEventListener("abort", () => reject(new DOMException("stopped", "AbortError")));
        });
      },
    });
  } else {
    t.dialog = new m.JoinDialog(root);
    t.promise = t.dialog.open({
      invite: o.invite,
      join: async (text) => {
        t.calls.push(text);
        if (text !== o.good) return o.refusal;
        t.dialog.showAnswer({ host: o.host, link: o.link, code: o.code }); // as guesting.js does
        return null;
      },
    });
  }
  t.promise.then((how) => { t.settled = how; });
}"""
T = "() => window.t"
# The focused control as a screen reader names it: its name, then (its description).
FOCUSED = """() => {
  const el = document.activeElement;
  const about = document.getElementById(el.getAttribute("aria-describedby"))?.textContent;
  return about ? `${el.textContent} (${about})` : el.textContent;
}"""


def watched(
    browser: Browser, site_url: str, problems: Problems, *, locale: str = "en-US", **kw: Any
) -> Page:
    """The game's page at its table, in a context of its own, its errors reported to `problems`."""
    args = {**DESKTOP, **kw}
    context = browser.new_context(locale=locale, base_url=site_url, **args)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    page.set_default_timeout(60_000)  # a safety net on a busy machine: every wait is for the page
    prefs = json.dumps({"muted": True, "relays": []})  # the codes sent by hand: no relay
    page.add_init_script(script=f"localStorage.setItem({PREFS_KEY!r}, {prefs!r});")
    page.add_init_script(script=CSP_WATCH)
    page.on("console", lambda m: m.type == "error" and problems.add("console error", m.text))
    page.on("pageerror", lambda e: problems.add("uncaught exception", str(e)))
    page.goto("/?sprint=1&seats=you,casual&seed=4")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(IDLE)
    return page


@pytest.fixture
def pages(browser: Browser, site_url: str, problems: Problems) -> Iterator[Any]:
    made: list[Page] = []

    def new(**kw: Any) -> Page:
        page = watched(browser, site_url, problems, **kw)
        made.append(page)
        return page

    new.site = site_url  # type: ignore[attr-defined]
    yield new
    for page in made:
        page.context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def open_host(page: Page, site: str, name: str | None = "Ana") -> dict[str, str]:
    o = {
        "name": name,
        "link": f"{site}#join={INVITE_CODE}",
        "code": INVITE_CODE,
        "good": ANSWER_CODE,
        "refusal": "This answer is for another table.",
    }
    page.evaluate(OPEN, ["host", o])
    expect(page.locator("dialog.invite-dialog")).to_be_visible()
    return o


def open_guest(page: Page, site: str, invite: str | None = None) -> dict[str, Any]:
    o = {
        "invite": invite,
        "good": INVITE_CODE,
        "refusal": "This code is damaged or cut short.",
        "host": "Bo",
        "link": f"{site}#answer={ANSWER_CODE}",
        "code": ANSWER_CODE,
    }
    page.evaluate(OPEN, ["guest", o])
    expect(page.locator("dialog.join-dialog")).to_be_visible()
    return o


def beside(page: Page, field: str, button: str) -> Locator:
    """The button beside a field ("Copy" beside "Invite code")."""
    row = page.locator(".invite-field").filter(has=page.get_by_label(field, exact=True))
    return row.get_by_role("button", name=button, exact=True)


def clipboard(page: Page) -> str:
    return page.evaluate("() => navigator.clipboard.readText()")


def wait_settled(page: Page, how: str) -> None:
    page.wait_for_function("(how) => window.t.settled === how", arg=how)


def qr_text(canvas: Locator) -> str:
    """The QR code's pixels as the canvas shows them (one to one: see check_qr), read by zxing."""
    qr = canvas.evaluate(
        """(c) => {
          const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
          const grey = [];
          for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
          return {width: c.width, height: c.height, grey};
        }"""
    )
    image = memoryview(bytes(qr["grey"])).cast("B", (qr["height"], qr["width"]))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert found, "the QR code does not decode"
    return found[0].text


def check_qr(page: Page, canvas: Locator, text: str) -> None:
    """Big enough for a phone (220 CSS px or more), crisp (drawn at the pixel ratio), and it
    reads as `text`."""
    expect(canvas).to_be_visible()
    size = canvas.evaluate(
        "(c) => ({css: c.getBoundingClientRect().width, px: c.width, ratio: devicePixelRatio})"
    )
    assert size["css"] >= 220, size
    assert abs(size["px"] - size["css"] * size["ratio"]) < 1, size
    assert qr_text(canvas) == text


def no_horizontal_scroll(page: Page, dialog: Locator) -> None:
    widths = dialog.evaluate(
        """(d) => ({scroll: d.scrollWidth, client: d.clientWidth, view: innerWidth,
          page: document.documentElement.scrollWidth, right: d.getBoundingClientRect().right})"""
    )
    assert widths["scroll"] <= widths["client"], widths
    assert widths["page"] <= widths["view"] and widths["right"] <= widths["view"], widths


def test_host_dialog_says_what_to_do_and_takes_the_answer(pages: Any) -> None:
    page = pages()
    o = open_host(page, pages.site)
    dialog = page.get_by_role("dialog", name="Invite Ana")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Send this to Ana: the link, the QR code or the code.")
    expect(dialog).to_contain_text("When Ana answers, paste the answer here or scan its QR code.")
    # the three ways: the link, its QR code, the code
    expect(page.get_by_label("Invite link")).to_have_value(o["link"])
    expect(page.get_by_label("Invite link")).not_to_be_editable()
    expect(page.get_by_label("Invite code")).to_have_value(INVITE_CODE)
    expect(page.get_by_label("Invite code")).not_to_be_editable()
    check_qr(page, page.get_by_role("img", name="QR code of the invite"), o["link"])
    # no Web Share in this browser: Copy, and the status line says so
    beside(page, "Invite link", "Copy").click()
    expect(page.get_by_role("status").filter(has_text="Copied the invite link.")).to_be_visible()
    assert clipboard(page) == o["link"]
    beside(page, "Invite code", "Copy").click()
    expect(dialog.get_by_role("status")).to_have_text("Copied the invite code.")
    assert clipboard(page) == INVITE_CODE
    # a refused answer: its words under the field, the dialog stays for another try
    page.get_by_label("Paste the answer").fill("an old answer")
    page.get_by_role("button", name="Connect").click()
    expect(dialog.get_by_role("alert")).to_have_text(o["refusal"])
    expect(page.get_by_label("Paste the answer")).to_have_attribute("aria-invalid", "true")
    assert page.evaluate(T)["calls"] == ["an old answer"]
    assert page.evaluate(T)["settled"] is None
    # scanning: the camera in the card with its Stop button; Stop lets it go
    page.get_by_role("button", name="Scan the answer").click()
    expect(dialog.locator("video")).to_be_visible()
    assert page.evaluate(T)["video"] is True
    page.screenshot(path=str(ARTIFACTS / "invite-host-scanning.png"), animations="disabled")
    page.get_by_role("button", name="Stop the camera").click()
    expect(dialog.locator("video")).to_be_hidden()
    expect(page.get_by_role("button", name="Scan the answer")).to_be_focused()
    # what the camera reads goes to `answer`, and taken, the dialog closes as "connected"
    page.get_by_role("button", name="Scan the answer").click()
    page.wait_for_function("() => typeof window.t.feed === 'function' && window.t.video")
    page.evaluate("(text) => window.t.feed(text)", ANSWER_CODE)
    wait_settled(page, "connected")
    assert page.evaluate(T)["calls"] == ["an old answer", ANSWER_CODE]
    expect(page.locator("dialog.invite-dialog")).to_have_count(0)


def test_host_dialog_update_status_escape_and_keyboard(pages: Any) -> None:
    page = pages()
    page.evaluate(
        """() => {
          const b = document.createElement("button");
          b.id = "opener";
          b.textContent = "Invite";
          document.getElementById("hud").append(b);
          b.focus();
        }"""
    )
    o = open_host(page, pages.site, name=None)
    dialog = page.get_by_role("dialog", name="Invite your friend")
    expect(dialog).to_contain_text("Send this to your friend")
    # the first thing to do has the focus
    expect(beside(page, "Invite link", "Copy")).to_be_focused()
    # a fresh invite in the same fields, and a live line
    fresh = INVITE_CODE[:-4] + "ZZZZ"
    page.evaluate(
        "(o) => window.t.dialog.update(o)", {"link": f"{pages.site}#join={fresh}", "code": fresh}
    )
    expect(page.get_by_label("Invite code")).to_have_value(fresh)
    check_qr(
        page, page.get_by_role("img", name="QR code of the invite"), f"{pages.site}#join={fresh}"
    )
    page.evaluate("() => window.t.dialog.status('Ana is back')")
    expect(dialog.get_by_role("status")).to_have_text("Ana is back")
    # keyboard alone: Tab reaches the answer's field and never leaves the dialog; Enter takes it
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => {
              const el = document.activeElement;
              const inside = !!el.closest("dialog.invite-dialog") || el === document.body;
              return {inside, label: el.labels?.[0]?.textContent};
            }"""
        )
        assert where["inside"], "the focus left the dialog"
        if where["label"] == "Paste the answer":
            break
    else:
        pytest.fail("Tab never reached Paste the answer")
    page.keyboard.type("a wrong one")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("alert")).to_have_text(o["refusal"])
    assert page.evaluate(T)["calls"] == ["a wrong one"]
    # Escape closes it: the promise settles ("closed": the seat keeps waiting), the focus comes back
    page.keyboard.press("Escape")
    wait_settled(page, "closed")
    expect(page.locator("dialog.invite-dialog")).to_have_count(0)
    expect(page.locator("#opener")).to_be_focused()
    # closed by the page: settled at once, before the dialog's "close" event a task later
    open_host(page, pages.site)
    first = page.evaluate(
        """async () => { const t = window.t; t.dialog.close();
        return Promise.race([t.promise, Promise.resolve().then(() => "late")]); }"""
    )
    assert first == "closed"
    # and its Close button does the same
    open_host(page, pages.site)
    page.get_by_role("dialog").get_by_role("button", name="Close", exact=True).click()
    wait_settled(page, "closed")


def test_guest_dialog_from_the_invite_to_the_answer(pages: Any) -> None:
    page = pages()
    o = open_guest(page, pages.site)
    dialog = page.get_by_role("dialog", name="Join a friend's table")
    expect(page.get_by_label("Paste an invite")).to_be_focused()
    # a code that cannot be used: its words, and the field for another try
    page.get_by_label("Paste an invite").fill("not a code")
    page.get_by_role("button", name="Join").click()
    expect(dialog.get_by_role("alert")).to_have_text(o["refusal"])
    # the invite taken: "Show this to Bo" with the answer's code, link and QR code
    page.get_by_label("Paste an invite").fill(INVITE_CODE)
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("heading", name="Show this to Bo")).to_be_focused()
    assert page.evaluate(T)["calls"] == ["not a code", INVITE_CODE]
    expect(page.get_by_label("Paste an invite")).to_have_count(0)
    expect(page.get_by_label("Answer code")).to_have_value(ANSWER_CODE)
    expect(page.get_by_label("Answer link")).to_have_value(o["link"])
    expect(dialog.get_by_role("status")).to_have_text("Waiting for the host to take your answer…")
    check_qr(page, page.get_by_role("img", name="QR code of the answer"), o["link"])
    # keyboard alone: Tab to the code's Copy, Enter copies it
    seen: list[str] = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
        if seen[-1] == "Copy (Answer code)":
            break
    else:
        pytest.fail(f"Tab never reached Copy the answer code: {seen}")
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("status")).to_have_text("Copied the answer code.")
    assert clipboard(page) == ANSWER_CODE
    beside(page, "Answer link", "Copy").click()
    assert clipboard(page) == o["link"]
    page.evaluate("() => window.t.dialog.status('Connecting…')")
    expect(dialog.get_by_role("status")).to_have_text("Connecting…")
    # the channel is open: the dialog closes as "joined"
    page.evaluate("() => window.t.dialog.joined()")
    wait_settled(page, "joined")
    expect(page.locator("dialog.join-dialog")).to_have_count(0)


def test_guest_dialog_takes_the_links_invite_at_once(pages: Any) -> None:
    page = pages()
    # an invite the link brought: taken at once, no field to paste in
    open_guest(page, pages.site, invite=INVITE_CODE)
    expect(page.get_by_role("heading", name="Show this to Bo")).to_be_visible()
    assert page.evaluate(T)["calls"] == [INVITE_CODE]
    page.keyboard.press("Escape")
    wait_settled(page, "closed")
    # one that cannot be used: the field shows, with the words and the invite in it
    o = open_guest(page, pages.site, invite="a stale invite")
    expect(page.get_by_role("alert")).to_have_text(o["refusal"])
    expect(page.get_by_label("Paste an invite")).to_have_value("a stale invite")
    expect(page.get_by_label("Paste an invite")).to_be_focused()
    page.get_by_role("dialog").get_by_role("button", name="Close", exact=True).click()
    wait_settled(page, "closed")
    # where the device has the Web Share API, a link's button is Share (the code's stays Copy)
    page.evaluate("() => { navigator.share = async (data) => { window.sharedWith = data; }; }")
    o = open_guest(page, pages.site, invite=INVITE_CODE)
    expect(beside(page, "Answer code", "Copy")).to_be_visible()
    beside(page, "Answer link", "Share").click()
    expect(page.get_by_role("dialog").get_by_role("status")).to_have_text("Shared.")
    assert page.evaluate("() => window.sharedWith.url") == o["link"]


def axe(page: Page, where: str) -> list[str]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [f"{where}: {json.dumps(v)}" for v in page.evaluate(AXE_RUN)]


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    dialog = page.locator("dialog[open]")
    dialog.evaluate("(d) => { d.scrollTop = 0; }")
    page.screenshot(path=str(ARTIFACTS / name), animations="disabled")
    dialog.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
    page.screenshot(path=str(ARTIFACTS / name.replace(".png", "-end.png")), animations="disabled")
    dialog.evaluate("(d) => { d.scrollTop = 0; }")


WORDS = {
    "en": {
        "host": "Invite Ana",
        "link": "Invite link",
        "code": "Invite code",
        "answer": "Paste the answer",
        "connect": "Connect",
        "scan": "Scan the answer",
        "copy": "Copy",
        "qr": "QR code of the invite",
        "invite": "Paste an invite",
        "join": "Join",
        "answer_code": "Answer code",
        "answer_link": "Answer link",
        "answer_qr": "QR code of the answer",
        "show": "Show this to Bo",
    },
    "pl": {
        "host": "Zaproszenie: Ana",
        "link": "Link zaproszenia",
        "code": "Kod zaproszenia",
        "answer": "Wklej odpowiedź",
        "connect": "Połącz",
        "scan": "Zeskanuj odpowiedź",
        "copy": "Kopiuj",
        "qr": "Kod QR zaproszenia",
        "invite": "Wklej zaproszenie",
        "join": "Dołącz",
        "answer_code": "Kod odpowiedzi",
        "answer_link": "Link odpowiedzi",
        "answer_qr": "Kod QR odpowiedzi",
        "show": "Pokaż to gospodarzowi (Bo)",
    },
}


@pytest.mark.parametrize(
    ("screen", "lang"), [("desktop", "en"), ("phone", "en"), ("desktop", "pl"), ("phone", "pl")]
)
def test_both_dialogs_look_right_and_pass_axe(pages: Any, screen: str, lang: str) -> None:
    """Each step by its names in the page's language, no axe violation, no horizontal scroll on a
    phone, the QR code readable; screenshots of each (artifacts/web/invite-*.png)."""
    w = WORDS[lang]
    page = pages(
        locale={"en": "en-US", "pl": "pl-PL"}[lang],
        bypass_csp=True,
        **(PHONE if screen == "phone" else {}),
    )
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found: list[str] = []
    o = open_host(page, pages.site)
    dialog = page.get_by_role("dialog", name=w["host"])
    expect(dialog).to_be_visible()
    for field in ("link", "code", "answer"):
        expect(page.get_by_label(w[field], exact=True)).to_be_visible()
    for button in ("connect", "scan"):
        expect(page.get_by_role("button", name=w[button], exact=True)).to_be_visible()
    for field in ("link", "code"):
        expect(beside(page, w[field], w["copy"])).to_be_visible()
        expect(beside(page, w[field], w["copy"])).to_have_accessible_description(w[field])
    check_qr(page, page.get_by_role("img", name=w["qr"]), o["link"])
    no_horizontal_scroll(page, page.locator("dialog[open]"))
    page.get_by_label(w["answer"]).fill("an old answer")
    page.get_by_role("button", name=w["connect"]).click()
    expect(dialog.get_by_role("alert")).to_be_visible()
    found += axe(page, "host dialog")
    shot(page, f"invite-host-{screen}-{lang}.png")
    page.keyboard.press("Escape")
    wait_settled(page, "closed")

    open_guest(page, pages.site)
    expect(page.get_by_label(w["invite"], exact=True)).to_be_visible()
    found += axe(page, "guest dialog, paste")
    shot(page, f"invite-guest-paste-{screen}-{lang}.png")
    page.get_by_label(w["invite"]).fill(INVITE_CODE)
    page.get_by_role("button", name=w["join"], exact=True).click()
    expect(page.get_by_role("heading", name=w["show"])).to_be_visible()
    expect(page.get_by_label(w["answer_code"], exact=True)).to_have_value(ANSWER_CODE)
    expect(page.get_by_label(w["answer_link"], exact=True)).to_be_visible()
    check_qr(
        page, page.get_by_role("img", name=w["answer_qr"]), f"{pages.site}#answer={ANSWER_CODE}"
    )
    no_horizontal_scroll(page, page.locator("dialog[open]"))
    found += axe(page, "guest dialog, answer")
    shot(page, f"invite-guest-answer-{screen}-{lang}.png")
    assert not found, "\n".join(found)


def test_a_browser_without_webrtc_says_its_tables_go_through_the_relays(
    browser: Browser, site_url: str, problems: Problems
) -> None:
    """No RTCPeerConnection (hardened and embedded browsers, some privacy settings): New game's
    "Hide my address" is ticked and cannot be unticked, and says why, in place of a choice that
    would change nothing."""
    context = browser.new_context(locale="en-US", base_url=site_url, **DESKTOP)
    try:
        page = context.new_page()
        page.add_init_script(script="delete window.RTCPeerConnection;")
        page.add_init_script(script=f"localStorage.setItem({PREFS_KEY!r}, '{{\"muted\": true}}');")
        page.on("pageerror", lambda e: problems.add("uncaught exception", str(e)))
        page.goto("/?sprint=1&seats=you,casual&seed=4")
        ready = page.locator("html")
        expect(ready).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
        page.evaluate(IDLE)
        page.get_by_role("button", name="New game").click()
        box = page.get_by_role("checkbox", name="Hide my address from other players")
        expect(box).to_be_checked()
        expect(box).to_be_disabled()
        expect(box).to_have_accessible_description(
            "This browser makes no direct connections (it has no WebRTC): your tables always go "
            "through the relays, your address hidden."
        )
    finally:
        context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)
