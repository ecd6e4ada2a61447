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
    (engine,) = [w for w in page.workers if w.url.endswith("/js/boot/worker.js")]
    assert engine.evaluate(PROBE) == "blocked"
    page.wait_for_timeout(200)
    in_worker = [p for p in problems.found if "Content Security" in p or "CSP" in p]
    assert in_worker, problems.found
    problems.found.clear()  # expected here; any other test with one fails


def test_trusted_types_admit_this_sites_scripts_only(page: Page, problems) -> None:
    """Under `require-trusted-types-for 'script'` a plain string never reaches a script sink, and
    the page's one policy (web/js/boot/trusted.js) refuses a script of another origin."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    headers = page.request.get(page.url).headers
    assert "require-trusted-types-for 'script'" in headers["content-security-policy"]
    assert "camera=()" in headers["permissions-policy"]
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
    page.wait_for_timeout(200)
    assert any("require-trusted-types-for" in p for p in problems.found), problems.found
    problems.found.clear()  # the plain string above was meant to be refused
