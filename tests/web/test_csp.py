"""Zero CSP violations across the browser suite: the harness (conftest.py) fails any test whose page
or game worker breaks the Content-Security-Policy. These tests show that it would notice."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tablekit import BOOT_TIMEOUT_MS

FOREIGN = "http://127.0.0.1:9/csp-probe"
PROBE = f"() => fetch({FOREIGN!r}).then(() => 'fetched', () => 'blocked')"


def test_a_csp_violation_in_the_page_or_the_worker_fails_the_test(page: Page, problems) -> None:
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    assert problems.found == []

    assert page.evaluate(PROBE) == "blocked"
    page.wait_for_timeout(200)
    in_page = [p for p in problems.found if "CSP violation" in p or "Content Security" in p]
    assert in_page, problems.found

    problems.found.clear()
    (engine,) = [w for w in page.workers if w.url.endswith("/js/worker.js")]
    assert engine.evaluate(PROBE) == "blocked"
    page.wait_for_timeout(200)
    in_worker = [p for p in problems.found if "Content Security" in p or "CSP" in p]
    assert in_worker, problems.found
    problems.found.clear()  # expected here; any other test with one fails
