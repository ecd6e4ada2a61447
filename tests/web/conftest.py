"""Browser test harness: build the site once, serve it locally, drive Debian's Chromium.

Every test's `page` fails the test on a console error, an uncaught exception, a Content Security
Policy violation or a request to any origin but the local server, unless the test declares the
message it expects with `problems.allow(pattern)`. A screenshot of each test's last state is saved
under artifacts/web/.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromiumkit import CHROMIUM, CSP_WATCH, MOTION, launch_flags
from playwright.sync_api import expect
from relaykit import Relay, running_relay

# Playwright's assertions wait 5 s by default; under the whole suite (five workers and their
# browsers on two cores, a load average near 20) a dialog's field can take longer than that to be
# filled (a CI run failed so on a guest's answer). Every such wait is for the page itself, so a
# longer bound costs nothing when the page is right.
expect.set_options(timeout=30_000)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "web"


@pytest.fixture(scope="session")
def dist(request: pytest.FixtureRequest) -> Path:
    """dist/, built once per test run by scripts/build (a failed build fails the tests).

    With pytest-xdist every worker asks for it: the first one builds, under a lock, and the
    others use that build (a second build would swap dist/ under the first worker's server).
    scripts/test builds before pytest and says so with ALLTHREES_DIST_BUILT=1."""
    if os.environ.get("ALLTHREES_DIST_BUILT") == "1" and (ROOT / "dist" / "build.json").exists():
        return ROOT / "dist"
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "solo")
    cache = ROOT / ".cache"
    cache.mkdir(exist_ok=True)
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = cache / f"built-{run}"
        if run == "solo" or not done.exists():
            result = subprocess.run(
                [str(ROOT / "scripts" / "build")], cwd=ROOT, capture_output=True, text=True
            )
            if result.returncode != 0:
                pytest.fail(
                    f"scripts/build failed ({result.returncode}):\n{result.stdout}\n"
                    f"{result.stderr}",
                    pytrace=False,
                )
            for old in cache.glob("built-*"):
                old.unlink()
            done.touch()
    return ROOT / "dist"


@pytest.fixture(scope="session")
def build_info(dist: Path) -> dict:
    return json.loads((dist / "build.json").read_text())


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    """scripts/serve.py serving dist/ on a free port; yields its address (ends with /)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--dir", str(dist), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    match = re.search(r"http://\S+/", line)
    if not match:
        proc.kill()
        pytest.fail(f"serve.py did not start: {line}{proc.stderr.read()}", pytrace=False)
    yield match.group(0)
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL, so that page.goto("/") opens the local site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium", pytrace=False)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *launch_flags()],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **MOTION}


class Problems:
    """What went wrong in the browser during one test."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Expect messages matching `pattern` (a regex) in this test: they are not problems."""
        self.allowed.append(re.compile(pattern))

    def add(self, kind: str, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.found.append(f"{kind}: {text}")


@pytest.fixture
def problems() -> Problems:
    return Problems()


@pytest.fixture
def page(page, site_url: str, problems: Problems, request: pytest.FixtureRequest):
    """pytest-playwright's page, watched for errors, CSP violations and foreign requests."""
    origin = site_url.rstrip("/")

    def on_console(message) -> None:
        if message.type == "error":
            problems.add("console error", message.text)

    def foreign(route) -> None:
        problems.add("request to another origin", route.request.url)
        route.abort()

    page.add_init_script(script=CSP_WATCH)
    page.on("console", on_console)
    # The game worker's console too: a CSP violation inside it is reported there, not in the page's.
    page.on("worker", lambda worker: worker.on("console", on_console))
    page.on("pageerror", lambda error: problems.add("uncaught exception", str(error)))
    page.route(lambda url: not (url == origin or url.startswith(origin + "/")), foreign)
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    except Exception as exc:  # noqa: BLE001 - a screenshot is a courtesy, not the test
        print(f"no screenshot for {name}: {exc}")
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


# --- a local Nostr relay (tests/web/relaykit.py) --------------------------------------------------


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[Relay]:
    """A started nostr-relay on 127.0.0.1 for this test alone (its files in tmp_path/relay): the
    test may stop(), kill() and start() it again (same port, same database). Always ended after."""
    with running_relay(tmp_path / "relay") as server:
        yield server


@pytest.fixture(scope="session")
def shared_relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Relay]:
    """One nostr-relay for the whole session (per xdist worker), for tests that only publish and
    subscribe: never stop it. Events of earlier tests stay on it (use fresh keys and tags)."""
    with running_relay(tmp_path_factory.mktemp("relay")) as server:
        yield server


# --- the whole suite's order ----------------------------------------------------------------------
# (This hook sees every test of the run, the engines' and the engine's too: it lives here, not in a
# tests/conftest.py, because the browser tests import this module as `conftest`.)
# scripts/test runs pytest-xdist with --dist loadgroup, which hands tests (or an engine's group) to
# its workers in the order they were collected. Collected as they lie (tests/ai, app, engine,
# engines, web, each alphabetically), a 222 s test across devices could start in the last minutes
# and run on alone at the end; started first, the long ones share the two cores with the short ones
# that follow. The list comes from `scripts/test --durations=30` (2026-12-03): the files with tests
# of 60 s and more. Every other file keeps its place after them.
TESTS = Path(__file__).resolve().parents[1]
# longest first: a match across devices with reloads (222 s), a table online (a whole match, the
# reloads, a relayed round: 150-230 s each under load), the lobby (a 30 s clock and a match,
# two quick matches), two whole matches (155, 153 s),
# WebKit under Xvfb (nine tests, 40-150 s each), whole rounds of each rule set, by keys, by touch
LONGEST_FIRST = (
    "web/test_net_table.py",
    "web/test_online_table.py",
    "web/test_lobby.py",
    "web/test_lobby_quick.py",
    "web/test_career_screens.py",
    "web/test_daily_standings.py",  # two whole dailies against the Expert (60-150 s)
    "engines/test_webkit.py",
    "web/test_rules.py",
    "web/test_saves.py",
    "web/test_access.py",
    "engine/test_random_rounds.py",
    "web/test_table_phone.py",
    "web/test_pair_devices.py",
    "web/test_axe.py",
    "web/test_table_desktop.py",
    "engines/test_firefox.py",
    "web/test_online_transport.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {TESTS / name: i for i, name in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        return rank.get(Path(str(item.fspath)), len(LONGEST_FIRST))

    items.sort(key=place)  # stable: each file's tests keep their order
