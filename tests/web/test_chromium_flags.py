"""The switches tests/web/chromiumkit.py gives Chromium, against what Playwright gives it: Chromium
keeps only the last --disable-features, so ours must repeat Playwright's own list (what keeps a
browser from calling Google at its start is in it), and what ours adds must take effect."""

from __future__ import annotations

import os
from pathlib import Path

from chromiumkit import CHROMIUM, NOT_HEADLESS, PLAYWRIGHT_DISABLED
from playwright.sync_api import Browser, BrowserType


def parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def descendants() -> dict[int, list[str]]:
    """This test process's descendants (other workers launch browsers too) and their args."""
    me = os.getpid()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            pid = int(entry.name)
            up = pid
            while up > 1 and up != me:
                up = parent(up)
            if up == me:
                found[pid] = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    return found


def disabled_features(browser_type: BrowserType, args: list[str]) -> list[str]:
    """The --disable-features of a Chromium launched by Playwright with `args`, as its browser
    process was given them (the last one: the one Chromium keeps)."""
    before = descendants()  # this worker's own browser among them, when a test launched it
    browser = browser_type.launch(executable_path=CHROMIUM, args=args)
    try:
        mains = [
            argv
            for pid, argv in descendants().items()
            if pid not in before
            and "--remote-debugging-pipe" in argv
            and not any(a.startswith("--type=") for a in argv)
        ]
        assert len(mains) == 1, mains
        given = [a for a in mains[0] if a.startswith("--disable-features=")]
        return given[-1].removeprefix("--disable-features=").split(",")
    finally:
        browser.close()


def test_our_disabled_features_repeat_playwrights_own(browser_type: BrowserType) -> None:
    sandbox = ["--no-sandbox"] if os.geteuid() == 0 else []
    playwrights = disabled_features(browser_type, sandbox)
    assert sorted(playwrights) == sorted(PLAYWRIGHT_DISABLED), (
        "Playwright's --disable-features changed: copy them to chromiumkit.PLAYWRIGHT_DISABLED"
    )


def test_no_browser_context_preloads_the_address_bars_page(browser: Browser) -> None:
    """The address bar's WebUI page (NOT_HEADLESS) is not loaded in the tests' browsers, while the
    page itself is a target as usual."""
    assert NOT_HEADLESS
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets")["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    urls = [t["url"] for t in targets]
    assert "about:blank" in urls, urls
    assert not [u for u in urls if "omnibox" in u], urls
