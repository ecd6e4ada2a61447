"""Your career on every device: two of one's own devices (two browser contexts, a real WebRTC
data channel on loopback, no STUN server) pair through the page's own dialogs, by the pairing
link and the answer's code, and each merges the other's career: overlapping matches once, a
damaged entry left out and said, the whole matches to replay, the same career on both devices,
what was replaced kept as a backup; a refusal (an invite to a table, not a pairing) changes
nothing."""

from __future__ import annotations

import copy
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CSP_WATCH, Problems
from playwright.sync_api import Browser, Page, expect
from relaykit import Relay
from tablekit import BOOT_TIMEOUT_MS, PREFS_KEY, SAVE_KEY, open_career

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from appkit import call, step  # noqa: E402

CAREER_KEY = "allthrees.career.v1"
HISTORY_KEY = "allthrees.history.v1"
BACKUP_KEY = "allthrees.import.backup"
RATING_KEY = "allthrees.ratingkey.v1"  # web/js/career/ratingkey.js
CAREER = "() => window.allthreesTest.state()?.career ?? null"


def played(n: int) -> dict[str, Any]:
    """Match n of a career: a sprint against a Casual played to its end, as the page records it."""
    reply = call("start", seed=70 + n, settings={"seats": ["you", "casual"], "mode": "sprint"})
    for _ in range(3000):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            break
        reply = (
            call("intent", seat=None, intent={"kind": "next"})
            if snap["phase"] == "round_over"
            else step(reply)
        )
        assert reply["ok"], reply
    entry = call("career_entry", date=f"2026-11-2{n}T10:00:00Z")["entry"]
    assert entry["id"], entry
    return entry


@pytest.fixture(scope="module")
def matches() -> list[dict[str, Any]]:
    return [played(n) for n in range(4)]


def stored(entries: list[dict[str, Any]], extra: list[dict[str, Any]] = ()) -> dict[str, str]:
    """localStorage as the page keeps a career: the entries' figures, and the whole matches."""
    figures = [{k: v for k, v in e.items() if k not in ("record", "settings")} for e in entries]
    items = [
        {"id": e["id"], "date": e["date"], "settings": e["settings"], "record": e["record"]}
        for e in entries
    ]
    return {
        CAREER_KEY: json.dumps(
            {"version": 1, "entries": [*figures, *extra], "daily": {"attempts": {}}}
        ),
        HISTORY_KEY: json.dumps({"version": 1, "items": items[::-1]}),
    }


def device(
    browser: Browser, problems: Problems, name: str, keep: dict[str, str], relays: list[str]
) -> Page:
    """A device with a career of its own (written once: a reload keeps what the page wrote);
    `relays` its preference (none: pairing by the codes alone)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    prefs = {"muted": True, "iceServers": [], "relays": relays}
    kept = {PREFS_KEY: json.dumps(prefs), **keep}
    page.add_init_script(
        script=f"if (!localStorage.getItem({PREFS_KEY!r})) "
        f"for (const [k, v] of Object.entries({json.dumps(kept)})) localStorage.setItem(k, v);"
    )
    page.add_init_script(script=CSP_WATCH)
    page.on("console", lambda m: m.type == "error" and problems.add(f"{name} console", m.text))
    page.on("pageerror", lambda e: problems.add(f"{name} exception", str(e)))
    page.set_default_timeout(60_000)
    return page


@pytest.fixture
def devices(browser: Browser, problems: Problems) -> Iterator[Any]:
    made: list[Page] = []

    def new(name: str, keep: dict[str, str], relays: list[str] | None = None) -> Page:
        page = device(browser, problems, name, keep, relays or [])
        made.append(page)
        return page

    yield new
    for page in made:
        page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def ids(page: Page) -> list[str]:
    return sorted(
        e["id"]
        for e in json.loads(page.evaluate(f"() => localStorage.getItem({CAREER_KEY!r})"))["entries"]
    )


def history_ids(page: Page) -> list[str]:
    items = json.loads(page.evaluate(f"() => localStorage.getItem({HISTORY_KEY!r})"))["items"]
    return sorted(i["id"] for i in items)


def test_two_devices_pair_and_merge_their_careers_both_ways(
    devices, site_url: str, matches
) -> None:
    damaged = copy.deepcopy(
        {k: v for k, v in matches[3].items() if k not in ("record", "settings")}
    )
    damaged |= {"id": "00000000000000ff", "won": "yes"}  # an entry no career may hold
    # each device's own key for signing rated results (web/js/career/ratingkey.js): a merge keeps
    # each its own, so each device's chain of signed results goes on under its key
    keys = {"laptop": json.dumps({"secret": "11" * 32}), "phone": json.dumps({"secret": "22" * 32})}
    laptop = devices("laptop", stored(matches[:3]) | {RATING_KEY: keys["laptop"]})
    phone = devices("phone", stored(matches[1:], extra=[damaged]) | {RATING_KEY: keys["phone"]})
    laptop.goto(site_url)
    ready(laptop)
    assert laptop.evaluate(CAREER)["played"] == 3

    # the laptop shows its invite; the phone opens the pairing link (its camera, a messenger)
    open_career(laptop)
    laptop.locator("#career-pair").click()
    dialog = laptop.locator(".pair-dialog")
    expect(dialog).to_be_visible()
    link = dialog.get_by_label("Invite link", exact=True)
    expect(link).not_to_have_value("")
    assert "#pair=" in link.input_value()
    expect(dialog.get_by_role("img", name="QR code of the invite")).to_be_visible()
    phone.goto(link.input_value())
    ready(phone)
    answer = phone.locator(".pair-dialog").get_by_label("Answer code")
    expect(answer).not_to_have_value("")
    assert "#pair=" not in phone.url, (
        "the link leaves the address bar: a reload does not pair again"
    )
    dialog.get_by_label("Paste the answer").fill(answer.input_value())
    dialog.get_by_role("button", name="Connect").click()

    # both careers cross; each device says what the merge gives, and asks
    for page, here in ((laptop, 3), (phone, 4)):
        said = page.locator(".pair-dialog [id$='-said-0']")
        expect(said).to_contain_text(f"On this device: {here} matches")
        expect(said).to_contain_text("Together: 4 matches")
    # each device gets the one match only the other had (the phone's damaged entry is no match)
    for page in (laptop, phone):
        expect(page.locator(".pair-dialog")).to_contain_text("Together: 4 matches (1 new here)")
    for page in (laptop, phone):
        expect(page.locator(".pair-dialog")).to_contain_text("1 damaged entry was left out")
    before = {p: p.evaluate(f"() => localStorage.getItem({CAREER_KEY!r})") for p in (laptop, phone)}
    for page in (laptop, phone):
        page.locator(".pair-dialog [id$='-merge']").click()
        expect(page.locator(".pair-dialog [id$='-done']")).to_contain_text("Merged: 4 matches")
        page.locator(".pair-dialog [id$='-close']").click()
        ready(page)  # the page starts again from the merged career

    want = sorted(m["id"] for m in matches)
    for page in (laptop, phone):
        assert ids(page) == want, "the same career on both devices, the damaged entry left out"
        assert history_ids(page) == want, "every whole match to replay"
        assert page.evaluate(CAREER)["played"] == 4
        backup = json.loads(page.evaluate(f"() => localStorage.getItem({BACKUP_KEY!r})"))
        assert backup["career"] == before[page], "what the merge replaced is kept as a backup"
    for page, name in ((laptop, "laptop"), (phone, "phone")):
        kept = page.evaluate(f"() => localStorage.getItem({RATING_KEY!r})")
        assert kept == keys[name], "each device keeps its own signing key through the pairing"


def test_an_invite_to_a_table_is_no_pairing_and_changes_nothing(
    devices, site_url: str, matches
) -> None:
    laptop = devices("laptop", stored(matches[:1]))
    laptop.goto(site_url)
    ready(laptop)
    before = laptop.evaluate(f"() => localStorage.getItem({CAREER_KEY!r})")
    host = devices("host", {})
    host.goto(site_url + "?seats=you,friend:Ana")
    ready(host)
    table_invite = host.get_by_label("Invite code")
    expect(table_invite).not_to_have_value("")
    open_career(laptop)
    laptop.locator("#career-pair").click()
    dialog = laptop.locator(".pair-dialog")
    dialog.get_by_label("Paste an invite").fill(table_invite.input_value())
    dialog.get_by_role("button", name="Pair", exact=True).click()
    expect(dialog.get_by_role("alert")).to_contain_text("not a pairing")
    dialog.get_by_label("Paste an invite").fill("1Zm9vYmFy")
    dialog.get_by_role("button", name="Pair", exact=True).click()
    expect(dialog.get_by_role("alert").first).not_to_be_empty()
    laptop.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert laptop.evaluate(f"() => localStorage.getItem({CAREER_KEY!r})") == before
    assert laptop.evaluate(f"() => localStorage.getItem({BACKUP_KEY!r})") is None


def finished_save() -> str:
    """A sprint against a Casual played to its end in this process, dealt for real (no seed: it
    counts in a career), as the page saves it; a page that opens it records the match."""
    reply = call("start", settings={"seats": ["you", "casual"], "mode": "sprint"})
    for _ in range(3000):
        if reply["snapshot"]["match"]["over"]:
            return reply["save"]
        reply = step(reply)
    raise AssertionError("the sprint did not end")


def test_devices_paired_once_by_a_link_keep_one_career_by_themselves(
    devices, site_url: str, matches, relay: Relay
) -> None:
    """The laptop shows its pairing link; the phone opens it and says yes once; both careers
    merge at once. Afterwards each new finished match reaches the other device by itself while
    both are open, either way, through the relay alone; a device can be forgotten."""
    relays = [relay.url]
    laptop = devices("laptop", stored(matches[:2]), relays)
    phone = devices("phone", stored(matches[2:3]), relays)
    laptop.goto(site_url)
    ready(laptop)
    open_career(laptop)
    laptop.locator("#career-pair").click()
    dialog = laptop.locator(".pairlink-dialog")
    link = dialog.get_by_label("Pairing link")
    expect(link).to_have_value(re.compile(r"#pair-room=[0-9a-f]{64}\.[0-9a-f]{64}$"))
    expect(dialog).to_contain_text("No device paired yet")
    phone.goto(link.input_value())
    ready(phone)
    phone.locator("#pair-ask-yes").click()  # the one tap on the other device
    for page in (laptop, phone):
        page.wait_for_function(f"() => ({CAREER})()?.played === 3")
    expect(dialog).to_contain_text("Paired with Linux · Chrome")
    expect(dialog.get_by_role("button", name="Forget Linux · Chrome")).to_be_visible()
    assert "#pair-room=" not in phone.url, "the link leaves the address bar"
    laptop.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # a match finished on the phone (its save opened: the page records it) reaches the laptop
    save = finished_save()
    phone.evaluate(f"(save) => localStorage.setItem({SAVE_KEY!r}, save)", save)
    phone.reload()
    ready(phone)
    phone.wait_for_function(f"() => ({CAREER})()?.played === 4")
    laptop.wait_for_function(f"() => ({CAREER})()?.played === 4")
    expect(laptop.locator("#toasts")).to_contain_text("merged into your career")
    # and one the laptop holds that the phone has never seen reaches the phone (the laptop's
    # page comes back with it, as a device that played offline does)
    career = json.loads(laptop.evaluate(f"() => localStorage.getItem({CAREER_KEY!r})"))
    extra = stored([matches[3]])
    career["entries"] += json.loads(extra[CAREER_KEY])["entries"]
    laptop.evaluate(
        f"(c) => localStorage.setItem({CAREER_KEY!r}, c)", json.dumps(career, separators=(",", ":"))
    )
    laptop.reload()
    ready(laptop)
    for page in (laptop, phone):
        page.wait_for_function(f"() => ({CAREER})()?.played === 5")
    assert ids(laptop) == ids(phone)
    backup = json.loads(phone.evaluate(f"() => localStorage.getItem({BACKUP_KEY!r})"))
    assert backup["career"], "what a merge replaced is kept as a backup"

    # the laptop forgets the phone: no pair any more, on that device
    open_career(laptop)
    laptop.locator("#career-pair").click()
    dialog = laptop.locator(".pairlink-dialog")
    dialog.get_by_role("button", name="Forget Linux · Chrome").click()
    expect(dialog.get_by_role("button", name="Forget Linux · Chrome")).to_have_count(0)
    stored_pairs = json.loads(laptop.evaluate("() => localStorage.getItem('allthrees.devices.v1')"))
    assert len(stored_pairs["paired"]) == 1 and stored_pairs["paired"][0]["peer"] is None, (
        "only the link this dialog offers now, nobody paired by it yet"
    )
