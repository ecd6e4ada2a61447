"""Zero CSP violations across the browser suite: the harness (conftest.py) fails any test whose page
or game worker breaks the Content-Security-Policy. These tests show that it would notice."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tablekit import BOOT_TIMEOUT_MS

# + "-page" or "-worker": which probe the words are about. Loopback, but not 127.0.0.1: the CSP
# admits that host (a relay on the player's own machine and its NIP-11 document), not this one.
FOREIGN = "http://127.0.0.2:9/csp-probe"
PROBE = "(url) => fetch(url).then(() => 'fetched', () => 'blocked')"
REPORT_WAIT_MS = 30_000  # the browser reports a violation in its own time


def reported(page: Page, problems, pattern: str, about: str) -> list[str]:
    """The problems matching `pattern`, once the harness has heard one: waits for the report itself,
    not for a set time a busy machine can outlast. The browser's other words about the same
    violation may still be on their way, so messages naming `about` are allowed from then on (the
    harness keeps failing on any other)."""
    found: list[str] = []
    for _ in range(REPORT_WAIT_MS // 50):
        found = [p for p in problems.found if re.search(pattern, p)]
        if found:
            break
        page.wait_for_timeout(50)
    problems.allow(re.escape(about))
    return found


def test_a_csp_violation_in_the_page_or_the_worker_fails_the_test(page: Page, problems) -> None:
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert problems.found == []

    assert page.evaluate(PROBE, FOREIGN + "-page") == "blocked"
    # the harness's own watcher (conftest.py CSP_WATCH)
    watched = r"CSP violation: connect-src blocked \S+/csp-probe-page at "
    in_page = reported(page, problems, watched, FOREIGN + "-page")
    assert in_page, problems.found

    problems.found.clear()
    (engine,) = [w for w in page.workers if w.url.endswith("/js/boot/worker.js")]
    assert engine.evaluate(PROBE, FOREIGN + "-worker") == "blocked"
    watched = r"CSP violation: connect-src blocked \S+/csp-probe-worker in the worker"
    in_worker = reported(page, problems, watched, FOREIGN + "-worker")
    assert in_worker, problems.found
    problems.found.clear()  # expected here; any other test with one fails


def test_trusted_types_admit_this_sites_scripts_only(page: Page, problems) -> None:
    """Under `require-trusted-types-for 'script'` a plain string never reaches a script sink, and
    the page's one policy (web/js/boot/trusted.js) refuses a script of another origin."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    headers = page.request.get(page.url).headers
    assert "require-trusted-types-for 'script'" in headers["content-security-policy"]
    assert "camera=(self)" in headers["permissions-policy"]  # the QR scan (web/js/net/qr.js)
    plain = page.evaluate(
        """() => { try { new Worker("js/boot/worker.js", {type: "module"}); return "started"; }
                   catch (e) { return e.name; } }"""
    )
    assert plain == "TypeError", "a string went into new Worker"
    foreign = page.evaluate(
        """async () => { const {scriptURL} = await import("./js/boot/trusted.js");
          try { scriptURL("https://example.com/x.js"); return "admitted"; }
          catch (e) { return e.message; } }"""
    )
    assert "refused a script from https://example.com" in foreign
    # the plain string above was meant to be refused
    assert reported(page, problems, "require-trusted-types-for", "require-trusted-types-for")
    problems.found.clear()
