#!/usr/bin/env python3
"""Figures of the cross-device transport (web/js/net/) in Debian's Chromium, on loopback with no
STUN server: the connection set-up (invite made, answered, accepted, channel open on both sides;
median of N, measured from Python, so it includes Playwright's round trips of a few ms), the
loopback invite code's length in characters, its link's, and the link's QR version.

    scripts/bench net [--runs 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
META = "{table: 'k3x9q2', seat: 1, name: 'Ana', commitment: '9f'.repeat(32)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    server = serve(str(ROOT / "dist"), port=0)
    url = server.url + "build.json"
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        host = browser.new_context().new_page()
        guest = browser.new_context().new_page()
        host.goto(url)
        guest.goto(url)
        for _ in range(args.runs + 1):  # the first warms the modules up and is not counted
            start = time.perf_counter()
            code = host.evaluate(
                f"""async () => {{
                  const net = await import("./js/net/peer.js");
                  window.invite = await net.createInvite({{iceServers: [], meta: {META}}});
                  return window.invite.code;
                }}"""
            )
            answer = guest.evaluate(
                """async (code) => {
                  const net = await import("./js/net/peer.js");
                  const options = {iceServers: [], meta: {table: "k3x9q2"}};
                  window.answer = await net.answerInvite(code, options);
                  return window.answer.answerCode;
                }""",
                code,
            )
            host.evaluate("async (a) => { window.ch = await window.invite.accept(a); }", answer)
            guest.evaluate("async () => { window.ch = await window.answer.channel; }")
            times.append((time.perf_counter() - start) * 1000)
            host.evaluate("() => window.ch.close()")
            guest.evaluate("() => window.ch.close()")
        figures = host.evaluate(
            """async (code) => {
              const {inviteLink} = await import("./js/net/codes.js");
              const {encodeQR} = await import("./js/net/qr.js");
              const link = inviteLink("https://allthrees.netlify.app/", code);
              return {code: code.length, link: link.length, qr: (await encodeQR(link)).version};
            }""",
            code,
        )
        browser.close()
    server.shutdown()
    runs = times[1:]
    print(
        f"connection set-up on loopback: median {statistics.median(runs):.0f} ms of {len(runs)}"
        f" (min {min(runs):.0f}, max {max(runs):.0f})"
    )
    print(
        f"invite code: {figures['code']} characters; its link {figures['link']} characters,"
        f" QR version {figures['qr']} (error correction L)"
    )


if __name__ == "__main__":
    main()
