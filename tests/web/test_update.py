"""A new deploy is offered with a "New version: reload" prompt between rounds, never mid-round; the
reload brings the new build's cache in, the old one out, and the saved match along."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import CSP_WATCH
from playwright.sync_api import Browser, expect
from tablekit import BOOT_TIMEOUT_MS, PREFS_KEY, SAVE_KEY, Player

ROOT = Path(__file__).resolve().parents[2]
CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), {once: true});
})"""
# Ask for the new sw.js and resolve once it is installed and waiting, and the page has heard so:
# its state is set in the task that fires its "statechange", where update.js offers it.
UPDATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  const heard = () => reg.waiting?.state === "installed";
  for (let i = 0; i < 600 && !heard(); i++) await new Promise((r) => setTimeout(r, 100));
  return heard();
}"""


@pytest.fixture
def deploy(dist: Path, tmp_path: Path):
    """A copy of dist/ (links) with its own sw.js, served on its own port: edit sw.js to deploy."""
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    site = tmp_path / "site"
    site.mkdir()
    for entry in dist.iterdir():
        if entry.name != "sw.js":
            (site / entry.name).symlink_to(entry)
    shutil.copy(dist / "sw.js", site / "sw.js")
    server = serve.serve(site, port=0)
    yield site, server.url
    server.shutdown()


def test_a_new_version_is_offered_only_between_rounds(
    browser: Browser, deploy, build_info: dict
) -> None:
    site, url = deploy
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    problems: list[str] = []
    try:
        page = context.new_page()
        page.add_init_script(script=CSP_WATCH)
        prefs = json.dumps({"muted": True, "settings": {"opponent": "beginner"}})
        page.add_init_script(script=f"localStorage.setItem({PREFS_KEY!r}, {prefs!r});")
        page.on("console", lambda m: m.type == "error" and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(url + "?seed=11")
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        assert page.evaluate(CONTROLLED) is True
        player = Player(page)
        st = player.idle()
        player.turn(st)
        st = player.idle()
        assert not st["round_over"]

        # Deploy: a new sw.js (another build hash) is found, installs, and waits.
        old = "allthrees-" + build_info["hash"][:16]
        sw = (site / "sw.js").read_text()
        new_hash = "0" * 16
        (site / "sw.js").write_text(
            re.sub(r'"hash":"[0-9a-f]{16}"', f'"hash":"{new_hash}"', sw, count=1)
        )
        assert page.evaluate(UPDATE) is True  # offered: the prompt has asked about the round
        prompt = page.locator("#update-prompt")
        expect(prompt).to_be_hidden()  # mid-round: never

        st = player.play_round(max_actions=200)
        assert st["round_over"]
        expect(prompt).to_be_visible(timeout=30_000)  # it asks about the round every second
        expect(prompt).to_have_text("New version: reload")
        save = page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
        with page.expect_navigation():
            prompt.click()
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        assert page.evaluate("async () => await caches.keys()") == ["allthrees-" + new_hash]
        assert old != "allthrees-" + new_hash
        assert page.evaluate(f"localStorage.getItem({SAVE_KEY!r})") == save
        expect(page.locator("#update-prompt")).to_be_hidden()
    finally:
        context.close()
    assert not problems, problems
