"""The engine suites (tests/engines/): the game in Firefox and in WebKit, beside Chromium's
tests/web/. dist/ is built once (scripts/test builds it before pytest and says so with
ALLTHREES_DIST_BUILT=1); every test serves it on its own loopback port (scripts/serve.py, with
netlify.toml's headers), so each test starts from an origin no other test has stored anything
for, and a test can stop its server to go offline."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from onlinekit import Host
from playwright.sync_api import Browser, Playwright

# tests/web's kits: onlinekit put that folder on sys.path
from chromiumkit import CHROMIUM, launch_flags  # isort: skip
from relaykit import Relay, running_relay  # isort: skip

ROOT = Path(__file__).resolve().parents[2]


# How many pytest-xdist workers share each engine's tests: WebKit under Xvfb is the slowest (its
# nine tests took more than 10 minutes in a row on one worker, the suite's longest chain), so two.
ENGINE_WORKERS = {"webkit": 2}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each engine's tests run one after another on one pytest-xdist worker, or on a few
    (ENGINE_WORKERS), dealt in turn (scripts/test runs with --dist loadgroup): a browser or two
    at a time per engine, beside Chromium's tests. pytest-xdist turns the marks into groups in
    its own collection hook, so this one runs first: after it, a mark added here would be
    ignored whenever this conftest loads before xdist's plugin (a path named on the command
    line). The groups hold under pytest 8.4 (pinned: pytest 9 ignores them, docs/testing.md)."""
    dealt: dict[str, int] = {}
    for item in items:
        path = Path(str(item.fspath))
        if path.parent == Path(__file__).parent:
            engine = path.stem.removeprefix("test_")
            n = dealt.get(engine, 0)
            dealt[engine] = n + 1
            workers = ENGINE_WORKERS.get(engine, 1)
            group = engine if workers == 1 else f"{engine}-{n % workers + 1}"
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def engines_dist() -> Path:
    """dist/, built by scripts/build unless scripts/test built it already (under the same lock
    as tests/web/conftest.py's, so two suites in one run never build at once)."""
    dist = ROOT / "dist"
    if os.environ.get("ALLTHREES_DIST_BUILT") == "1" and (dist / "build.json").exists():
        return dist
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"solo-{os.getpid()}"
    cache = ROOT / ".cache"
    cache.mkdir(exist_ok=True)
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = cache / f"built-{run}"
        if not done.exists():
            result = subprocess.run(
                [str(ROOT / "scripts" / "build")], cwd=ROOT, capture_output=True, text=True
            )
            if result.returncode != 0:
                pytest.fail(f"scripts/build failed:\n{result.stderr}", pytrace=False)
            for old in cache.glob("built-*"):
                old.unlink()
            done.touch()
    return dist


class Site:
    """dist/ served on 127.0.0.1 for one test by scripts/serve.py in a process of its own, so that
    `stop()` takes it off the network at once, the connections a browser keeps open included."""

    def __init__(self, dist: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve.py"), "--dir", str(dist), "--port", "0"],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            self.proc.kill()
            pytest.fail(f"scripts/serve.py did not start: {line!r}", pytrace=False)
        self.url = match.group(0)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def site(engines_dist: Path) -> Iterator[Site]:
    served = Site(engines_dist)
    yield served
    served.stop()


# --- a table played online with a friend in this engine (tests/engines/onlinekit.py) -----------


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[Relay]:
    """A real Nostr relay on 127.0.0.1 for this test alone (tests/web/relaykit.py), ended after."""
    with running_relay(tmp_path / "relay") as server:
        yield server


@pytest.fixture
def chromium(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, as tests/web launches it, for a host's page (pytest-playwright's own
    Playwright: a second one in the same process cannot start beside it)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium", pytrace=False)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=launch_flags())
    yield browser
    browser.close()


@pytest.fixture
def host(chromium: Browser, site: Site, relay: Relay) -> Iterator[Host]:
    """The host's page in Chromium at a sprint with a friend's seat, on this test's site and relay;
    what went wrong in it fails the test."""
    table = Host(chromium, site.url, relay.url)
    yield table
    table.close()
    assert not table.problems, "problems in the host's page:\n" + "\n".join(table.problems)
