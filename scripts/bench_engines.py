"""Cold and repeat visits of the built site in Firefox and WebKit, for `scripts/bench web`.

In each engine, every run in a new browser with an empty profile: a first visit (navigation ->
``allthrees:ready``), the service worker's offline copy taken, then a repeat visit in the same
profile (navigation -> the kept table drawn, ``allthrees:table``; its first contentful paint
where the engine reports one; -> ``allthrees:ready``). Reported, no budget: the budgets are
Chromium's (docs/performance.md, "Load").

- Firefox: Debian's firefox-esr, headless, through scripts/bench_firefox.mjs (puppeteer-core).
- WebKit: Debian's WebKitGTK, MiniBrowser under WebKitWebDriver and Selenium in ``xvfb-run``
  (MiniBrowser has no headless mode), started by tests/engines/webkitkit.py as the tests start it.

Nothing leaves loopback: each browser's proxy is a closed port on 127.0.0.1.

    firefox(url, runs) -> {"version", "runs": [{cold, drawn, painted, ready, from_sw}]}
    webkit(url, runs) -> the same
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOT_S = 240

# What a visit's page says of itself (one function, shared with bench_web.py and
# bench_firefox.mjs); Selenium runs a function body, so it is called there.
MARKS = "return (" + (ROOT / "scripts" / "visitmarks.js").read_text().strip().rstrip(";") + ")();"
SW_READY = """const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(() => done(true), (e) => done(String(e)));"""


def firefox(url: str, runs: int) -> dict:
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "bench_firefox.mjs"), url, str(runs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600 * max(1, runs),
    )
    sys.stderr.write(done.stderr)
    if done.returncode != 0:
        raise RuntimeError(f"scripts/bench_firefox.mjs failed ({done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _visit(driver, url: str) -> dict:
    from selenium.webdriver.support.ui import WebDriverWait  # noqa: PLC0415

    driver.get(url)
    WebDriverWait(driver, BOOT_S, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true"
    )
    return driver.execute_script(MARKS)


def webkit(url: str, runs: int) -> dict:
    # only when WebKit is measured: Selenium and the kit the tests start WebKit with
    sys.path.insert(0, str(ROOT / "tests" / "engines"))
    from webkitkit import minibrowser, webkit_driver  # noqa: PLC0415

    out, version = [], ""
    for i in range(runs):
        with webkit_driver(quiet=True) as driver_url:
            driver = minibrowser(driver_url, BOOT_S, BOOT_S)
            try:
                version = driver.capabilities.get("browserVersion", "")
                cold = _visit(driver, url)
                driver.execute_async_script(SW_READY)
                again = _visit(driver, url)
                kept = ("drawn", "painted", "ready", "from_sw")
                out.append({"cold": cold["ready"], **{k: again[k] for k in kept}})
                print(
                    f"webkit run {i + 1}: cold {cold['ready']:.0f} ms; repeat drawn"
                    f" {again['drawn'] or 0:.0f}, ready {again['ready']:.0f} ms",
                    file=sys.stderr,
                )
            finally:
                driver.quit()
    return {"version": version, "runs": out}
