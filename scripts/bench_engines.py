"""Cold and repeat visits of the built site in Firefox and WebKit, for `scripts/bench web`.

In each engine, every run in a new browser with an empty profile: a first visit (navigation ->
``allthrees:ready``), the service worker's offline copy taken, then a repeat visit in the same
profile (navigation -> the kept table drawn, ``allthrees:table``; its first contentful paint
where the engine reports one; -> ``allthrees:ready``). Reported, no budget: the budgets are
Chromium's (README, "Load time").

- Firefox: Debian's firefox-esr, headless, through scripts/bench_firefox.mjs (puppeteer-core).
- WebKit: Debian's WebKitGTK, MiniBrowser under WebKitWebDriver and Selenium in ``xvfb-run``
  (MiniBrowser has no headless mode), as tests/engines/test_webkit.py drives it.

Nothing leaves loopback: each browser's proxy is a closed port on 127.0.0.1.

    firefox(url, runs) -> {"version", "runs": [{cold, drawn, painted, ready, from_sw}]}
    webkit(url, runs) -> the same
"""

from __future__ import annotations

import glob
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = os.environ.get("ALLTHREES_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("ALLTHREES_MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))), ""
)
CLOSED_PORT_PROXY = "http://127.0.0.1:9"  # discard: nothing listens
BOOT_S = 240

MARKS = """
const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
const nav = performance.getEntriesByType("navigation")[0];
return {
  ready: at("allthrees:ready"),
  drawn: at("allthrees:table"),
  painted: at("first-contentful-paint"),
  from_sw: Boolean(navigator.serviceWorker?.controller)
    && ((nav?.workerStart ?? 0) > 0 || nav?.transferSize === 0),
};"""
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _visit(driver, url: str) -> dict:
    from selenium.webdriver.support.ui import WebDriverWait  # noqa: PLC0415

    driver.get(url)
    WebDriverWait(driver, BOOT_S, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true"
    )
    return driver.execute_script(MARKS)


def _minibrowser(port: int):
    """A new MiniBrowser (an empty profile) through the WebKitWebDriver on ``port``."""
    from selenium import webdriver  # noqa: PLC0415 - only when WebKit is measured
    from selenium.webdriver.remote.client_config import ClientConfig  # noqa: PLC0415
    from selenium.webdriver.remote.remote_connection import RemoteConnection  # noqa: PLC0415
    from selenium.webdriver.webkitgtk.options import Options  # noqa: PLC0415

    options = Options()
    options.binary_location = MINIBROWSER
    for arg in ("--automation", f"--proxy={CLOSED_PORT_PROXY}", "--ignore-host=127.0.0.1"):
        options.add_argument(arg)
    config = ClientConfig(remote_server_addr=f"http://127.0.0.1:{port}", timeout=BOOT_S * 2)
    connection = RemoteConnection(client_config=config)
    driver = webdriver.Remote(command_executor=connection, options=options)
    driver.set_script_timeout(BOOT_S)
    driver.set_page_load_timeout(BOOT_S)
    return driver


def webkit(url: str, runs: int) -> dict:
    for path, package in ((DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "libwebkit2gtk-4.1-0")):
        if not path or not os.path.exists(path):
            raise RuntimeError(f"{path or 'MiniBrowser'} is missing: install Debian's {package}")
    out, version = [], ""
    for i in range(runs):
        port = _free_port()
        proc = subprocess.Popen(
            [
                "xvfb-run",
                "--auto-servernum",
                "--server-args=-screen 0 1280x1024x24 -nolisten tcp",
                DRIVER,
                f"--port={port}",
            ],
            start_new_session=True,  # its own process group: Xvfb goes with it
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        driver = None
        try:
            for _ in range(600):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=5) as r:
                        if json.load(r)["value"]["ready"]:
                            break
                except OSError:
                    time.sleep(0.2)
            driver = _minibrowser(port)
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
            if driver is not None:
                driver.quit()
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=60)
    return {"version": version, "runs": out}
