"""The game in Firefox: tests/engines/firefox.mjs (puppeteer-core over WebDriver BiDi, Debian's
firefox-esr), one pytest test for each of its tests, so a run lists and reports each one and
pytest's exit code covers them. Node runs one test at a time (a new Firefox each).

And a friend on Firefox at a table played online: the host's page in Chromium (Playwright,
tests/engines/onlinekit.py) and a real relay on 127.0.0.1, the friend's page in Firefox
(tests/engines/firefox_friend.mjs, in a process of its own) opening the host's one link and
playing its seat by itself while this test plays the host's."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from onlinekit import ChromiumSeat, Host, alarms, friend_prefs, http_origin, play_round

from allthrees.record import replay, result

ROOT = Path(__file__).resolve().parents[2]
SUITE = Path(__file__).with_name("firefox.mjs")
NAMES = re.findall(r'^firefoxTest\(\s*"([^"]+)"', SUITE.read_text(), re.M)
# Only a hang's backstop, far beyond any test's conditions (each waits with its own timeouts).
HANG_S = 1800


FRIEND = Path(__file__).with_name("firefox_friend.mjs")


class Friend:
    """tests/engines/firefox_friend.mjs in a process of its own: a friend's page in Firefox that
    opens `link` and plays its seat; what it says, step by step (its `@friend` lines)."""

    def __init__(self, link: str, relay_url: str) -> None:
        origins = [http_origin(relay_url), relay_url]
        self.proc = subprocess.Popen(
            ["node", str(FRIEND), link, json.dumps(friend_prefs(relay_url)), json.dumps(origins)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.steps: queue.Queue[dict[str, Any]] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout
        for line in self.proc.stdout:
            self.said.append(line.rstrip())
            if line.startswith("@friend "):
                self.steps.put(json.loads(line.removeprefix("@friend ")))
        self.steps.put({"step": "exited", "code": self.proc.wait()})

    def step(self, name: str, timeout_s: float) -> dict[str, Any]:
        """The friend's next step, which must be `name`."""
        try:
            said = self.steps.get(timeout=timeout_s)
        except queue.Empty:
            raise AssertionError(f"the friend said nothing for {timeout_s} s") from None
        assert said["step"] == name, f"{said}\n" + "\n".join(self.said)
        return said

    def alive(self) -> None:
        """Raises once the friend's process has said it failed or ended early."""
        if not self.steps.empty() and self.steps.queue[0]["step"] in ("failed", "exited"):
            raise AssertionError(f"the friend stopped: {self.steps.queue[0]}")

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            assert self.proc.stdin
            self.proc.stdin.write("done\n")
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def test_a_friend_on_firefox_sits_down_by_the_link_and_plays_a_round(host: Host, relay) -> None:
    """The host in Chromium, the friend in Firefox, one real relay on 127.0.0.1 and no STUN
    server: the friend opens the host's one link and nothing else, sits down, and both devices
    play the round by pointer to the same scores, CPython's for the host's record; the friend's
    own Python checks the deal. Firefox has WebRTC: the link may move to a direct channel (host
    candidates only), or stay on the relay; which one is printed."""
    friend = Friend(host.link, relay.url)
    try:
        seated = friend.step("seated", HANG_S)
        assert seated["rtc"] == "function", "Firefox has WebRTC"
        assert seated["state"]["net"]["role"] == "guest" and seated["state"]["human"] == 1
        assert [s["presence"] for s in host.all_in()] == ["connected"]
        told = len(host.shown())  # the host's words before its friend sat down ("not joined yet")
        done = play_round([ChromiumSeat(host.page)], friend.alive)
        end = friend.step("end", HANG_S)
        st = host.state()
        # how the friend's seat travels to the host now: "direct" once a direct channel opened
        print(f"the Firefox friend's seat on the host's page at the end: {st['net']['seats']}")
        print(f"the host's seat on the Firefox friend's page: {end['state']['net']['seats']}")
        print(f"the Firefox friend was shown: {end['shown']}")
        assert [s["channel"] in ("direct", "relay") for s in st["net"]["seats"]] == [True]
        record = host.page.evaluate("() => window.allthreesTest.record()")
        replayed = result(replay(record))["rounds"][-1]["scores"]
        assert end["state"]["scores"] == st["scores"] == replayed, (end["state"], st, replayed)
        assert end["seen"]["shared"] and "failed" not in end["seen"]["shared"], end["seen"]
        assert end["seen"]["record"] == record, "the friend keeps the host's record of the match"
        assert sum(done["host"].values()) and sum(end["done"].values()), (done, end["done"])
        assert end["problems"] == [], end["problems"]
        assert alarms(end["shown"]) == [], end["shown"]
        assert alarms(host.shown()[told:]) == [], host.shown()
    finally:
        friend.close()


def test_the_suite_names_its_tests() -> None:
    assert len(NAMES) >= 7, NAMES


@pytest.mark.parametrize("name", NAMES)
def test_firefox(name: str, engines_dist: Path) -> None:
    env = {**os.environ, "ALLTHREES_DIST": str(engines_dist), "ALLTHREES_PYTHON": sys.executable}
    result = subprocess.run(
        ["node", "--test", f"--test-name-pattern=^{re.escape(name)}$", str(SUITE)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )
    out = result.stdout + result.stderr
    print(out)
    assert result.returncode == 0, out
    assert re.search(r"^# pass 1$", out, re.M), f"{name!r} did not run:\n{out}"
