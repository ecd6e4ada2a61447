"""WebKit as the tests (tests/engines/test_webkit.py) and the benchmark (scripts/bench_engines.py)
both start it: Debian's WebKitWebDriver under xvfb-run (MiniBrowser has no headless mode), and a
MiniBrowser with an empty profile through it, driven by Selenium. Nothing leaves loopback: the
MiniBrowser's proxy is a closed port on 127.0.0.1, which only the local server's address bypasses.

    with webkit_driver(server_num) as url:          # WebKitWebDriver's address, once it is ready
        driver = minibrowser(url, script_s, page_s) # a Selenium session (quit it)
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator

from selenium import webdriver
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options

DRIVER = os.environ.get("ALLTHREES_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("ALLTHREES_MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))), ""
)
CLOSED_PORT_PROXY = "http://127.0.0.1:9"  # discard: nothing listens, so a foreign request fails
DRIVER_READY_LOOKS = 600  # looks at the driver's /status, 0.2 s apart when it does not answer


class WebKitMissing(RuntimeError):
    """A package WebKit needs is not installed (the message names it)."""


def missing() -> str | None:
    """What is not installed of WebKit, in words to act on (None: both are there)."""
    for path, package in ((DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "libwebkit2gtk-4.1-0")):
        if not path or not os.path.exists(path):
            return f"{path or 'MiniBrowser'} is missing: install Debian's {package}"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def webkit_driver(server_num: int | None = None, quiet: bool = False) -> Iterator[str]:
    """WebKitWebDriver under xvfb-run (its own X display: from ``server_num`` on when given, so
    parallel starts do not race for one), until the block ends; yields its address once its
    /status says ready. Raises WebKitMissing or RuntimeError (it stopped) with the reason."""
    problem = missing()
    if problem:
        raise WebKitMissing(problem)
    port = free_port()
    display = [f"--server-num={server_num}"] if server_num is not None else []
    out = subprocess.DEVNULL if quiet else None
    # xvfb-run's X authority folder, and the browser's temporary files, in a folder of our own:
    # xvfb-run cleans up only when it exits by itself, and it is stopped by a signal here
    temp = tempfile.TemporaryDirectory(prefix="allthrees-xvfb-", ignore_cleanup_errors=True)
    proc = subprocess.Popen(
        [
            "xvfb-run",
            "--auto-servernum",
            *display,
            "--server-args=-screen 0 1280x1024x24 -nolisten tcp",
            DRIVER,
            f"--port={port}",
        ],
        start_new_session=True,  # its own process group: Xvfb goes with it
        stdout=out,
        stderr=out,
        env={**os.environ, "TMPDIR": temp.name},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(DRIVER_READY_LOOKS):
            if proc.poll() is not None:
                raise RuntimeError(f"WebKitWebDriver stopped ({proc.returncode})")
            try:
                with urllib.request.urlopen(f"{url}/status", timeout=5) as response:
                    if json.load(response)["value"]["ready"]:
                        break
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)
        temp.cleanup()


def minibrowser(
    url: str, script_s: float, page_s: float, features_off: tuple[str, ...] = ()
) -> webdriver.Remote:
    """A new MiniBrowser (an empty profile) through the WebKitWebDriver at ``url``, with the
    WebKit features ``features_off`` turned off (as an older Safari lacks them: MiniBrowser
    --features=help). Scripts may run ``script_s`` seconds, a page load ``page_s``; the client
    waits longer than either."""
    options = Options()
    options.binary_location = MINIBROWSER
    for arg in ("--automation", f"--proxy={CLOSED_PORT_PROXY}", "--ignore-host=127.0.0.1"):
        options.add_argument(arg)
    if features_off:
        options.add_argument("--features=" + ",".join(f"-{name}" for name in features_off))
    config = ClientConfig(remote_server_addr=url, timeout=max(script_s, page_s) * 3)
    connection = RemoteConnection(client_config=config)
    driver = webdriver.Remote(command_executor=connection, options=options)
    driver.set_script_timeout(script_s)
    driver.set_page_load_timeout(page_s)
    return driver
