"""web/js/net/ in real Chromium, with real WebRTC and no mocks: two browser contexts are two
devices. The handshake travels as text codes made by the page's own modules; no STUN server is
given (an empty list), so no packet leaves this machine, and the gathered SDP is checked for it.

The pages are this site's own documents (build.json: light, and served with the site's CSP,
Trusted Types and Permissions-Policy), so the modules run under the headers they ship with."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import zxingcpp
from chromiumkit import CHROMIUM, CHROMIUM_FLAGS, CSP_WATCH
from conftest import Problems
from playwright.sync_api import Browser, BrowserContext, Page
from tablekit import service_worker_stamp

SAFETY_MS = 90_000  # a safety net only: every wait below is for an event
DOC = "build.json"
SITE = "https://allthrees.example/"

# A loopback offer as Chromium gathers it (for codes that need no connection).
OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=candidate:1 1 udp 2113937151 a0780b34-733a-46c6-aecf-1b1caf70684f.local 39435 typ host",
        "a=ice-ufrag:bhs5",
        "a=ice-pwd:vfSYo2lJz3jXL8vhewqhT01l",
        "a=fingerprint:sha-256 " + ":".join(["6A"] * 32),
        "a=setup:active",
        "a=mid:0",
        "",
    ]
)


def watched(context: BrowserContext, site_url: str, problems: Problems) -> Page:
    """A page of this site in `context`, its console errors, exceptions and CSP violations
    reported to `problems`."""
    page = context.new_page()
    # a JSON document asks for /favicon.ico, which the site does not have (its icons are named)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.add_init_script(script=CSP_WATCH)
    page.on("console", lambda m: m.type == "error" and problems.add("console error", m.text))
    page.on("pageerror", lambda e: problems.add("uncaught exception", str(e)))
    page.goto(site_url + DOC)
    return page


@pytest.fixture
def devices(browser: Browser, site_url: str, problems: Problems) -> Iterator[tuple[Page, Page]]:
    """Two devices: a host's page and a guest's, each in a browser context of its own."""
    host_context = browser.new_context()
    guest_context = browser.new_context()
    yield watched(host_context, site_url, problems), watched(guest_context, site_url, problems)
    for context in (host_context, guest_context):
        context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def connect(host: Page, guest: Page) -> dict:
    """The whole handshake through the page's modules; returns what the pages said."""
    invite = host.evaluate(
        """async () => {
          const net = await import("./js/net/peer.js");
          const meta = {table: "k3x9q2", seat: 1, name: "Ana", commitment: "9f".repeat(32)};
          window.invite = await net.createInvite({iceServers: [], meta});
          return {code: window.invite.code, sdp: window.invite.sdp};
        }"""
    )
    answer = guest.evaluate(
        """async (code) => {
          const net = await import("./js/net/peer.js");
          const meta = {table: "k3x9q2", name: "Ana"};
          window.answer = await net.answerInvite(code, {iceServers: [], meta});
          window.got = []; window.states = [];
          window.answer.channel.then((ch) => {
            window.ch = ch;
            ch.onmessage = (text) => window.got.push(text);
            ch.onstate = (state) => window.states.push(state);
          });
          return {code: window.answer.answerCode, meta: window.answer.meta, sdp: window.answer.sdp};
        }""",
        invite["code"],
    )
    host.evaluate(
        """async (code) => {
          window.ch = await window.invite.accept(code);
          window.got = []; window.states = []; window.drops = [];
          window.ch.onmessage = (text) => window.got.push(text);
          window.ch.onstate = (state) => window.states.push(state);
          window.ch.ondrop = (drop) => window.drops.push(drop);
        }""",
        answer["code"],
    )
    guest.wait_for_function("() => window.ch && window.ch.state === 'connected'", timeout=SAFETY_MS)
    peer_meta = host.evaluate("() => window.ch.peerMeta")
    return {"invite": invite, "answer": answer, "peerMeta": peer_meta}


def test_two_devices_connect_by_codes_and_talk_both_ways_until_the_guest_leaves(devices) -> None:
    host, guest = devices
    said = connect(host, guest)
    for sdp in (said["invite"]["sdp"], said["answer"]["sdp"]):
        assert "typ host" in sdp
        assert "srflx" not in sdp and "relay" not in sdp, "no STUN server: nothing left here"
    assert said["answer"]["meta"]["name"] == "Ana" and said["answer"]["meta"]["seat"] == 1
    assert said["peerMeta"] == {"table": "k3x9q2", "name": "Ana"}
    assert re.fullmatch(r"1[\w-]+", said["invite"]["code"]) and len(said["invite"]["code"]) < 300

    host.evaluate(
        """() => { window.ch.send('{"kind":"snapshot","n":1}'); window.ch.send('two'); }"""
    )
    guest.wait_for_function("() => window.got.length === 2", timeout=SAFETY_MS)
    assert guest.evaluate("() => window.got") == ['{"kind":"snapshot","n":1}', "two"]
    guest.evaluate("() => window.ch.send('intent')")
    host.wait_for_function("() => window.got.length === 1", timeout=SAFETY_MS)
    assert host.evaluate("() => window.got") == ["intent"]

    # A flood and an oversize message from the guest: dropped unread on the host, and reported.
    sent = 400
    guest.evaluate(
        """(n) => {
          window.ch.send("x".repeat(70000));
          for (let i = 0; i < n; i += 1) window.ch.send(`f${i}`);
        }""",
        sent,
    )
    host.wait_for_function(
        f"() => window.got.length - 1 + window.drops.length === {sent + 1}", timeout=SAFETY_MS
    )
    drops = host.evaluate("() => window.drops.map((d) => d.reason)")
    assert drops[0] == "size"
    assert drops.count("flood") >= sent - 200, "most of a tight flood is dropped"
    got = host.evaluate("() => window.got.slice(1)")
    assert got[:50] == [f"f{i}" for i in range(50)], "a burst gets through"
    order = [int(text[1:]) for text in got]
    assert order == sorted(order), "in order"

    guest.context.close()
    host.wait_for_function("() => window.states.includes('closed')", timeout=SAFETY_MS)
    assert host.evaluate("() => window.ch.state") == "closed"
    closed = host.evaluate(
        "() => { try { window.ch.send('x'); return 'sent'; } catch (e) { return e.code; } }"
    )
    assert closed == "closed"


def test_a_damaged_answer_is_refused_and_the_invite_still_takes_the_right_one(devices) -> None:
    host, guest = devices
    invite = host.evaluate(
        """async () => {
          const net = await import("./js/net/peer.js");
          window.invite = await net.createInvite({iceServers: [], meta: {table: "t"}});
          return window.invite.code;
        }"""
    )
    answer = guest.evaluate(
        """async (code) => {
          const net = await import("./js/net/peer.js");
          window.answer = await net.answerInvite(code, {iceServers: []});
          return window.answer.answerCode;
        }""",
        invite,
    )
    refusals = host.evaluate(
        """async ([answer, invite]) => {
          const {netErrorWords} = await import("./js/net/handoff.js");
          const out = [];
          for (const bad of [answer.slice(0, -6), invite, "hello"]) {
            try { await window.invite.accept(bad); out.push("accepted"); }
            catch (e) { out.push([e.code, e.reason, netErrorWords(e)]); }
          }
          return out;
        }""",
        [answer, invite],
    )
    assert [r[:2] for r in refusals] == [["code", "damaged"], ["code", "kind"], ["code", "foreign"]]
    assert "Copy the whole link or code again" in refusals[0][2]
    host.evaluate("async (code) => { window.ch = await window.invite.accept(code); }", answer)
    guest.evaluate("() => window.answer.channel")


def test_an_answer_link_on_the_hosts_device_goes_to_the_waiting_table(
    browser: Browser, site_url: str, problems: Problems
) -> None:
    context = browser.new_context()
    table, tab = watched(context, site_url, problems), watched(context, site_url, problems)
    code = table.evaluate(
        """async (sdp) => {
          const {encodeCode} = await import("./js/net/codes.js");
          const {parseSdp} = await import("./js/net/sdp.js");
          const {listenForAnswers} = await import("./js/net/handoff.js");
          window.taken = [];
          listenForAnswers("k3x9q2", (code, answer) => {
            window.taken.push(answer.meta);
            return true;
          });
          return encodeCode("answer", parseSdp(sdp), {table: "k3x9q2", seat: 2});
        }""",
        OFFER,
    )
    result = tab.evaluate(
        """async (code) => {
          const {handOffAnswer, showHandoff, isAnswerLink} = await import("./js/net/handoff.js");
          const hash = `#answer=${code}`;
          const result = await handOffAnswer(hash);
          showHandoff(result);
          const locks = navigator.locks ? (await navigator.locks.query()).held.length : 0;
          return {status: result.status, isLink: isAnswerLink(hash), locks,
                  words: document.getElementById("handoff-text").textContent};
        }""",
        code,
    )
    assert result == {
        "status": "delivered",
        "isLink": True,
        "locks": 0,
        "words": "The answer went to your table. You can close this tab.",
    }
    assert table.evaluate("() => window.taken") == [{"table": "k3x9q2", "seat": 2}]

    # A table that is not waiting for it says no; an answer for a table open nowhere finds none.
    table.evaluate(
        """async () => {
          const {listenForAnswers} = await import("./js/net/handoff.js");
          listenForAnswers("old", () => false);
        }"""
    )
    outcomes = tab.evaluate(
        """async (sdp) => {
          const {encodeCode} = await import("./js/net/codes.js");
          const {parseSdp} = await import("./js/net/sdp.js");
          const {handOffAnswer} = await import("./js/net/handoff.js");
          const code = async (table) => encodeCode("answer", parseSdp(sdp), {table});
          return [
            (await handOffAnswer(`#answer=${await code("old")}`)).status,
            (await handOffAnswer(`#answer=${await code("nowhere")}`, {timeout: 300})).status,
            (await handOffAnswer("#answer=1AAAA")).status,
          ];
        }""",
        OFFER,
    )
    assert outcomes == ["refused", "no-table", "bad-code"]
    context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def qr_pixels(page: Page, text: str) -> dict:
    """The page draws `text`'s QR code on a canvas; its grey pixels, row by row."""
    return page.evaluate(
        """async (text) => {
          const {drawQR} = await import("./js/net/qr.js");
          const canvas = document.createElement("canvas");
          const qr = await drawQR(canvas, text);
          const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
          const grey = [];
          for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
          return {...qr, width: canvas.width, height: canvas.height, grey};
        }""",
        text,
    )


def invite_link(page: Page) -> str:
    return page.evaluate(
        """async ([sdp, site]) => {
          const {encodeCode, inviteLink} = await import("./js/net/codes.js");
          const {parseSdp} = await import("./js/net/sdp.js");
          const desc = {...parseSdp(sdp), setup: "actpass"};
          const meta = {table: "k3x9q2", seat: 1, name: "Ana", commitment: "9f".repeat(32)};
          return inviteLink(site, await encodeCode("invite", desc, meta));
        }""",
        [OFFER, SITE],
    )


def test_a_qr_code_drawn_in_the_page_decodes_to_the_same_link(
    browser: Browser, site_url: str, problems: Problems, dist: Path
) -> None:
    context = browser.new_context()
    page = watched(context, site_url, problems)
    link = invite_link(page)
    qr = qr_pixels(page, link)
    image = memoryview(bytes(qr["grey"])).cast("B", (qr["height"], qr["width"]))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [b.text for b in found] == [link]
    assert 1 <= qr["version"] <= 15, qr["version"]
    # the libraries came from later/ (not precached: a first visit never pays for them)
    assert (dist / "later/vendor/jsqr/jsQR.js").exists()
    stamp = service_worker_stamp(dist)
    precached = " ".join(stamp["files"])
    assert "qrcode.js" not in precached and "jsQR" not in precached
    assert "later/vendor/jsqr/jsQR.js" in stamp["onDemand"], "kept once first used"
    # and the page's own decoder (jsQR, for browsers without BarcodeDetector) reads it too
    decoded = page.evaluate(
        """async (text) => {
          const {drawQR, decodeImage} = await import("./js/net/qr.js");
          const canvas = document.createElement("canvas");
          await drawQR(canvas, text);
          const ctx = canvas.getContext("2d");
          return decodeImage(ctx.getImageData(0, 0, canvas.width, canvas.height));
        }""",
        link,
    )
    assert decoded == link
    context.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)


def y4m(path: Path, qr: dict, width: int = 640, height: int = 480) -> None:
    """One grey frame of the QR picture, centred on white (Chromium's fake camera loops it)."""
    luma = bytearray(b"\xff" * (width * height))
    x0, y0 = (width - qr["width"]) // 2, (height - qr["height"]) // 2
    for row in range(qr["height"]):
        line = bytes(qr["grey"][row * qr["width"] : (row + 1) * qr["width"]])
        luma[(y0 + row) * width + x0 : (y0 + row) * width + x0 + qr["width"]] = line
    chroma = b"\x80" * (width * height // 4)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"FRAME\n" + bytes(luma) + chroma + chroma)


def test_the_in_page_scan_reads_a_qr_code_from_the_camera(
    browser: Browser, browser_type, site_url: str, problems: Problems, tmp_path: Path
) -> None:
    context = browser.new_context()
    page = watched(context, site_url, problems)
    link = invite_link(page)
    qr = qr_pixels(page, link)
    context.close()
    assert qr["width"] <= 480, "the picture fits the fake camera's frame"
    video = tmp_path / "qr.y4m"
    y4m(video, qr)
    flags = [
        *CHROMIUM_FLAGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    camera = browser_type.launch(executable_path=CHROMIUM, args=flags + ["--no-sandbox"])
    try:
        cam_context = camera.new_context(permissions=["camera"])
        page = watched(cam_context, site_url, problems)
        read = page.evaluate(
            """async () => {
              const {scan} = await import("./js/net/qr.js");
              const video = document.createElement("video");
              document.body.append(video);
              const text = await scan(video);
              return {text, detector: "BarcodeDetector" in window, live: video.srcObject !== null};
            }"""
        )
        assert read["text"] == link
        assert read["live"] is False, "the camera is let go after the scan"
    finally:
        camera.close()
    assert not problems.found, "problems in the browser:\n" + "\n".join(problems.found)
