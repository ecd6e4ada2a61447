"""Never lose a game: every kind of damaged save reaches a playable table, is kept in the backup
list (never written over) and is explained; a save with a bad trailing move resumes before it,
after asking; storage that throws or is full is reported for as long as it lasts; two tabs never
fork the match; the stored save holds no hand and no seed in clear text; the fair deal's seed,
revealed at the end, checks every deal with `python -m allthrees verify`."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from tablekit import (
    BOOT_TIMEOUT_MS,
    SAVE_KEY,
    Player,
    first_choice,
    hook_record,
    open_table,
    stored_save,
)

from allthrees import app, cli

BACKUP_KEY = "allthrees.save.backup"


def ask(op: str, **payload) -> dict:
    return json.loads(app.handle(json.dumps({"op": op, **payload})))


def engine_save(moves: int = 4) -> str:
    """A real save (plain, as an older page stored it) a few moves into a match."""
    reply = ask("start", seed=6, settings={"seats": ["you", "casual"]})
    for _ in range(moves):
        snap = reply["snapshot"]
        if snap["computer_to_move"]:
            reply = ask("advance")
        else:
            reply = ask("intent", seat=0, intent=first_choice(snap))
    return reply["save"]


def seeded(page: Page, text: str) -> None:
    """Put `text` in the save's place before the page loads (once per test)."""
    page.add_init_script(
        script=f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({SAVE_KEY!r}, {json.dumps(text)}); }}"
    )


def backups(page: Page) -> list[dict]:
    return json.loads(page.evaluate(f"() => localStorage.getItem({BACKUP_KEY!r})") or "[]")


def playable(page: Page) -> dict:
    st = Player(page).idle()
    assert st["hand"] and not st["round_over"], "a playable table"
    return st


def damaged_saves() -> dict[str, str]:
    good = engine_save()
    data = json.loads(good)
    bad_move = json.loads(good)
    bad_move["rounds"][0].append("0-0@W")
    swapped = json.loads(good)
    swapped["rounds"][0][0], swapped["rounds"][0][1] = (
        swapped["rounds"][0][1],
        swapped["rounds"][0][0],
    )
    return {
        "garbage": "this is no save {{",
        "truncated": good[: len(good) // 2],
        "wrong shape": "[1, 2, 3]",
        "newer version": json.dumps({**data, "version": 9}),
        "deep nesting": "[" * 3000 + "]" * 3000,
        "a 5000-digit seed": good.replace(f'"seed": "{data["seed"]}"', '"seed": ' + "9" * 5000),
        "a seed not committed to": json.dumps({**data, "seed": "0" * 64}),
        "moves out of order": json.dumps(swapped),
        "no rounds": json.dumps({**data, "rounds": []}),
        "a bad trailing move": json.dumps(bad_move),
    }


# Saves whose moves turn illegal partway: resumed (after asking) from the last legal move, that is
# after this many moves.
SALVAGED = {"a bad trailing move": 4, "moves out of order": 0}


@pytest.mark.parametrize("kind", list(damaged_saves()))
def test_a_damaged_save_is_kept_aside_explained_and_the_table_plays(page: Page, kind: str) -> None:
    text = damaged_saves()[kind]
    seeded(page, text)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    if kind in SALVAGED:
        expect(page.locator("#salvage")).to_be_visible()
        page.locator("#salvage-yes").click()
        st = Player(page).idle()
        legal = json.loads(text)["rounds"][0][: SALVAGED[kind]]
        moves = hook_record(page)["rounds"][0]["moves"]
        assert moves[: len(legal)] == legal, "resumed from the last legal move"
    else:
        dialog = page.locator("#save-problem")
        expect(dialog).to_be_visible()
        words = "newer version" if kind == "newer version" else "could not be opened"
        expect(dialog).to_contain_text(words if kind == "newer version" else "kept aside")
        expect(dialog).not_to_contain_text("Traceback")
        with page.expect_download() as download:
            page.locator("#save-export").click()
        assert download.value.path().read_text() == text, "the export is the save as it was"
        page.locator("#save-ok").click()
        st = playable(page)
    kept = backups(page)
    assert kept and kept[0]["text"] == text, "the bad save is in the backup list, as it was"
    stored = page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})")
    assert stored != text and json.loads(stored)["format"] == "sealed-1"
    assert st["turn"] == st["human"]


def test_a_save_edited_by_hand_is_refused_as_tampered(page: Page) -> None:
    open_table(page, 7)
    player = Player(page)
    for _ in range(2):
        player.turn(player.idle())
    env = stored_save(page)
    assert "hands" not in json.dumps(env) and "seed" not in env["save"], "no deal in storage"
    cut = json.loads(json.dumps(env))
    cut["save"]["rounds"][-1] = cut["save"]["rounds"][-1][:-2]  # undo the last two moves
    cut["moves"] -= 2
    page.evaluate(f"(t) => localStorage.setItem({SAVE_KEY!r}, t)", json.dumps(cut))
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#save-problem")).to_contain_text("changed outside the game")
    page.locator("#save-ok").click()
    playable(page)
    assert backups(page)[0]["text"] == json.dumps(cut)


def test_storage_that_throws_is_reported_until_it_works_again(page: Page) -> None:
    open_table(page, 7)
    player = Player(page)
    st = player.idle()
    page.evaluate(
        """() => {
          window.__setItem = Storage.prototype.setItem;
          Storage.prototype.setItem = function () {
            throw new DOMException("full", "QuotaExceededError");
          };
        }"""
    )
    before = page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})")
    player.turn(st)
    trouble = page.locator("#save-trouble")
    expect(trouble).to_be_visible()
    st = player.idle()
    player.turn(st)
    expect(trouble).to_be_visible()  # it keeps saying so
    assert page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})") == before
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    # storage is back: the page tries again by itself (game.js SAVE_RETRY_MS), without a move
    expect(trouble).to_be_hidden(timeout=15_000)
    retried = page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})")
    assert retried != before, "saved again without waiting for a move"
    st = player.idle()
    player.turn(st)
    player.idle()
    expect(trouble).to_be_hidden()
    assert page.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})") != retried, (
        "the next move saves"
    )


def test_storage_turned_off_is_said_at_once(page: Page) -> None:
    refuse = "throw new DOMException('no', 'SecurityError');"
    page.add_init_script(script=f"Storage.prototype.setItem = function () {{ {refuse} }};")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    playable(page)
    expect(page.locator("#save-trouble")).to_be_visible()


def test_two_tabs_take_turns_and_no_move_is_lost(context: BrowserContext, page: Page) -> None:
    open_table(page, 12)
    first = Player(page)
    first.idle()
    other = context.new_page()
    other.goto("/")
    expect(other.locator("#elsewhere")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    pages = [page, other]
    for made, turn in enumerate(range(20), start=1):
        here, there = pages[(turn + 1) % 2], pages[turn % 2]
        here.bring_to_front()  # a tab in the background gets no animation frames
        here.locator("#btn-play-here").click()
        expect(there.locator("#elsewhere")).to_be_visible()
        expect(here.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        expect(here.locator("#elsewhere")).to_have_count(0)
        player = Player(here)
        st = player.idle()
        if st["round_over"]:
            player.tap(st["buttons"]["next"])
            st = player.idle()
        player.turn(st)
        player.idle()
        record = hook_record(here)
        moves = [m for r in record["rounds"] for m in r["moves"]]
        assert len(moves) >= made, "every move made in either tab is in the match"
    assert len(pages) == 2


def test_the_fair_deal_is_committed_revealed_and_checkable(page: Page, tmp_path) -> None:
    page.goto("/?sprint=1&seats=you,casual")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    player = Player(page)
    player.idle()
    page.locator("#btn-fair").click()
    fingerprint = page.locator("#fair-fingerprint").inner_text()
    assert len(fingerprint.replace(" ", "")) == 12
    expect(page.locator("#fair-seed")).to_have_count(0)  # not before the end
    page.locator("#fair-ok").click()
    mid_match = page.evaluate("() => Object.values({...localStorage}).join('\\n')")
    end = player.play_round()
    assert end["match_over"]
    page.locator("#btn-peek").click()
    page.locator("#btn-fair").click()
    seed = page.locator("#fair-seed").inner_text()
    assert len(seed) == 64
    # In play, the seed is in no stored value in clear text: the only 64-hex text stored is the
    # commitment (the save seals the seed). Revealed at the end, it is kept with the finished
    # match in the career's history (to replay and check it), never in the match's save.
    record_now = page.evaluate("() => window.allthreesTest.record()")
    assert set(re.findall(r"[0-9a-f]{64}", mid_match)) <= {record_now["commitment"]}
    saves = page.evaluate(
        "() => Object.entries({...localStorage}).filter(([k]) => k.startsWith('allthrees.save'))"
        ".map(([, v]) => v).join('\\n')"
    )
    assert seed not in saves, "the seed is never in the match's save in clear text"
    assert seed in page.evaluate("() => localStorage.getItem('allthrees.history.v1')")
    with page.expect_download() as download:
        page.locator("#fair-download").click()
    path = tmp_path / "match.json"
    path.write_text(download.value.path().read_text())
    record = json.loads(path.read_text())
    assert record["commitment"].startswith(fingerprint.replace(" ", ""))
    assert cli.main(["verify", str(path)]) == 0
