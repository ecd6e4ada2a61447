"""The whole join by a QR code scanned in the page, as two people do it: the host's device is a
Chromium of its own whose camera is a file (Chromium's fake camera), the guest's a context of the
tests' browser. The guest opens the host's invite link and its dialog shows the answer (link, QR
code, code); the host presses "Scan the answer" with the camera showing the guest's QR code, as
the guest's own canvas drew it. Linux Chromium has no BarcodeDetector, so what reads it is the
page's own decoder (jsQR, fetched on first use). Then the two devices connect over real WebRTC
(no STUN server: nothing leaves this machine) and play a few moves, each on its own device.

Chromium opens the camera's file when a page opens the camera, not at launch: the browser is
launched before the file exists (the answer is made only once the guest has the invite), and the
file is written just before the host presses Scan."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Problems
from playwright.sync_api import Browser, BrowserType, expect
from tablekit import canonical
from test_net_table import ALL_IN, SAFETY, act, device, ready, settle, state
from test_net_transport import y4m

# A canvas's pixels as grey levels, row by row (the QR code is drawn black on white).
CANVAS_GREY = """(canvas) => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = [];
  for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
  return {width: canvas.width, height: canvas.height, grey};
}"""
# Every text the page puts in the invite's answer field (the scanner puts what it read there): the
# field is gone as soon as the devices connect, which may come before a look at it.
PASTED = """
window.__pasted = [];
const field = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
Object.defineProperty(HTMLInputElement.prototype, "value", {
  ...field,
  set(value) {
    if (this.id.endsWith("-answer")) window.__pasted.push(String(value));
    field.set.call(this, value);
  },
});
"""
SAFETY_MS = 90_000  # a safety net for a wait, never a bound the test relies on
RECORD = "async () => await window.allthreesTest.record()"
JSQR = "/later/vendor/jsqr/jsQR.js"
MOVES = 6  # moves of the round played once the devices are connected
FRAME = (640, 480)  # the fake camera's frame (test_net_transport.y4m's default)
# What both devices show alike of the table (the hand is each one's own).
SHARED = ("turn", "scores", "end_sum", "boneyard", "round_over")
AGREES = """([want, keys]) => {
  const s = window.allthreesTest.state();
  if (!s) return false;
  const seats = s.seats.map((x) => x.tiles);
  return keys.every((k) => JSON.stringify(s[k]) === JSON.stringify(want[k]))
    && JSON.stringify(seats) === JSON.stringify(want.tiles);
}"""


@pytest.fixture
def camera(
    browser_type: BrowserType, browser_type_launch_args: dict, tmp_path: Path
) -> Iterator[tuple[Browser, Path]]:
    """A Chromium (with the tests' launch arguments) whose camera plays the y4m file `video`, not
    written yet, and which allows the camera without asking."""
    video = tmp_path / "answer.y4m"
    args = [
        *browser_type_launch_args.get("args", []),
        # This browser's host candidates name its address (192.0.2.2 here) instead of an mDNS
        # name: two browser processes otherwise find each other through multicast DNS answered
        # by each one's network service, which a loaded machine may answer too late (CI once
        # timed out waiting for the guest's hand here). Nothing leaves the machine either way.
        "--disable-features=WebRtcHideLocalIpsWithMdns",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    launched = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield launched, video
    launched.close()


def placed(record: dict[str, Any]) -> list[str]:
    """The tiles the host's record says were placed in its round in play, in order."""
    moves = record["rounds"][-1]["moves"]
    return [canonical(t) for mv in moves for t in re.findall(r"\d-\d", mv)]


def test_the_host_scans_the_guests_answer_qr_code_and_they_play(
    camera: tuple[Browser, Path], browser: Browser, site_url: str, problems: Problems
) -> None:
    camera_browser, video = camera
    host = device(camera_browser, site_url, problems, "host")
    host.context.grant_permissions(["camera"])
    host.add_init_script(script=PASTED)
    guest = device(browser, site_url, problems, "guest")
    fetched: list[str] = []
    host.on("request", lambda r: fetched.append(r.url))
    try:
        host.goto(site_url + "?seats=you,friend:Ana&seed=33")
        ready(host)
        invite = host.get_by_label("Invite link")
        expect(invite).not_to_have_value("", timeout=SAFETY_MS)

        # The guest opens the invite link: its dialog shows the answer three ways.
        guest.goto(invite.input_value())
        ready(guest)
        answer = guest.get_by_label("Answer link")
        expect(answer).not_to_have_value("", timeout=SAFETY_MS)
        expect(guest.get_by_label("Answer code")).not_to_have_value("")
        qr = guest.get_by_role("img", name="QR code of the answer")
        expect(qr).to_be_visible(timeout=SAFETY_MS)  # unseen until its code is drawn
        link = answer.input_value()
        picture = qr.evaluate(CANVAS_GREY)
        assert picture["width"] <= FRAME[0] and picture["height"] <= FRAME[1], picture["width"]
        assert set(picture["grey"]) == {0, 255}, "black modules on white, crisp"

        # The host's camera shows that picture: its file did not exist when Chromium started.
        assert not video.exists()
        y4m(video, picture, *FRAME)
        expect(host.get_by_label("Paste the answer")).to_have_value("")
        assert host.evaluate("() => 'BarcodeDetector' in window") is False, "jsQR's to read"
        assert not [u for u in fetched if u.endswith(JSQR)], "the decoder is fetched when used"
        host.get_by_role("button", name="Scan the answer").click()

        # What the camera read is the answer's link, taken as if pasted: the devices connect.
        read = f"() => window.__pasted.includes({json.dumps(link)})"
        host.wait_for_function(read, timeout=SAFETY_MS)
        assert [t for t in host.evaluate("() => window.__pasted") if t] == [link], "read whole"
        try:
            guest.wait_for_function(
                "() => window.allthreesTest.state()?.hand?.length > 0", timeout=SAFETY_MS
            )
        except Exception as error:  # what each device said, for whoever reads the failure
            said = host.locator(".invite-dialog").all_inner_texts()
            raise AssertionError(
                f"host: {said} {state(host)['net']}; guest: {state(guest)}"
            ) from error
        host.wait_for_function(ALL_IN)
        assert [u for u in fetched if u.endswith(JSQR)], "the page's own decoder read the camera"
        expect(host.locator(".invite-dialog")).to_have_count(0, timeout=SAFETY_MS)  # it is done
        assert state(host)["net"]["seats"] == [
            {"seat": 1, "presence": "connected", "channel": "direct"}
        ]
        seen = state(guest)
        assert seen["net"]["role"] == "guest" and seen["human"] == 1
        assert seen["net"]["seats"] == [{"seat": 0, "presence": "connected", "channel": "direct"}]
        assert seen["net"]["commitment"] == state(host)["net"]["commitment"]

        # A few moves, each by its own device's person, by pointer.
        pages = [host, guest]
        for _ in range(SAFETY):
            if len(placed(host.evaluate(RECORD))) >= MOVES or state(host)["round_over"]:
                break
            page = settle(pages)
            if not state(page)["round_over"]:
                act(page)
        else:
            raise AssertionError("the moves were not made")
        record = host.evaluate(RECORD)
        assert len(record["rounds"][-1]["moves"]) >= MOVES

        # The two devices show the same table: the host's (the referee's), once the guest has it.
        settle(pages)
        hosted = state(host)
        want = {**{k: hosted[k] for k in SHARED}, "tiles": [s["tiles"] for s in hosted["seats"]]}
        guest.wait_for_function(AGREES, arg=[want, list(SHARED)])
        assert [s["presence"] for s in state(host)["net"]["seats"]] == ["connected"]
        assert state(guest)["net"]["seats"][0]["presence"] == "connected"
        kept = guest.evaluate("() => window.allthreesTest.seen()")
        events = [e for e in kept["events"] if e["kind"] == "placed"]
        assert [canonical(e["tile"]) for e in events] == placed(host.evaluate(RECORD))
        mine = [t["tile"] for t in state(guest)["hand"]]
        dealt = record["rounds"][-1]
        assert set(mine) <= set(dealt["hands"][1]) | set(dealt["boneyard"])
        assert not set(mine) & set(dealt["hands"][0]), "the guest holds its own tiles only"
    finally:
        host.context.close()
        guest.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)
