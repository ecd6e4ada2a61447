#!/usr/bin/env python3
"""Figures of the cross-device transport (web/js/net/) in Debian's Chromium, on loopback with no
STUN server: the connection set-up (invite made, answered, accepted, channel open on both sides;
median of N, measured from Python, so it includes Playwright's round trips of a few ms), the
loopback invite code's length in characters, its link's, and the link's QR version; then a
2-player table whose seat 1 is a friend on another device (a host context and a guest context,
joined through the pages' own dialogs by text codes, prefs `iceServers: []`), played by pointer
for whole rounds until the guest has made at least M moves: the guest's move round trip (its tap
to its page showing the host's snapshot with that move; performance.now() in the guest's page),
the host engine's time for the same moves (its worker request for each guest intent, timed in the
host's page), and the bytes of each move on the data channel in either direction.

    scripts/bench net [--runs 10] [--moves 30]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
META = "{table: 'k3x9q2', seat: 1, name: 'Ana', commitment: '9f'.repeat(32)}"
PREFS_KEY = "allthrees.prefs.v1"
# A practice table (a seed; its deals still mix in the guest's random part) whose match outlasts
# the rounds played.
TABLE = "?seats=you,friend:Ana&seed=7&target=1000"
BOOT_TIMEOUT_MS = 60_000
SAFETY = 5000  # a cap on the looks at the two pages, not a time

# Both devices: every text sent and received on a data channel (negotiated channels: each side
# makes its own with createDataChannel), with performance.now(). On the guest's page, each intent
# it sends starts a move: the tap is the last pointerup before it; the move is shown at the first
# frame whose table (the test hook's state) differs from the one at the send, after that frame
# (a message posted from its requestAnimationFrame callback). On the host's page, the worker
# wrapped as tests/web/test_boot.py wraps it: each request (op `guest` with an intent) timed
# from postMessage to its reply, and the texts sent while that reply is taken in (the page sends
# a reply's outbox in the same task) counted as that move's answer; on the guest's, its own
# Python's check of the host's texts (op `host_message`) while a move waits, timed the same way.
RECORD = """
(() => {
  const ROLE = %(role)s;
  const B = (window.__bench = {
    role: ROLE, sent: [], received: [], moves: [], engine: [], intentsIn: [],
    pending: null, tap: -1, lastEnd: -1, cause: null, waiters: [], calls: new Map(),
  });
  const kindOf = (text) => /"kind":"(\\w+)"/.exec(text.slice(0, 80))?.[1] ?? "?";
  const signature = () => {
    const s = window.allthreesTest?.state();
    if (!s) return "none";
    return JSON.stringify([s.turn, s.hand.map((t) => t.tile), s.boneyard, s.scores, s.round_over]);
  };
  addEventListener("pointerup", () => { B.tap = performance.now(); }, true);

  const finish = (move) => {
    move.done = true;
    B.moves.push(move);
    B.pending = null;
    B.lastEnd = move.shown;
    for (const resolve of B.waiters.splice(0)) resolve(B.moves.length);
  };
  const arm = (text, sent) => {
    let intent = "?";
    try { intent = JSON.parse(text).intent?.kind ?? "?"; } catch {}
    const move = {
      tap: B.tap > B.lastEnd ? B.tap : sent, sent, text, intent,
      arrived: null, seen: null, shown: null, sig: signature(),
    };
    B.pending = move;
    const frame = () => {
      if (signature() === move.sig) {
        requestAnimationFrame(frame);
        return;
      }
      move.seen = performance.now();
      const after = new MessageChannel();
      after.port1.onmessage = () => { move.shown = performance.now(); finish(move); };
      after.port2.postMessage(0);
    };
    requestAnimationFrame(frame);
  };

  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    const t = performance.now();
    const text = String(data);
    B.sent.push({ t, text, cause: B.cause });
    if (ROLE === "guest" && text.length < 400 && kindOf(text) === "intent") arm(text, t);
    return send.call(this, data);
  };
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => {
      const t = performance.now();
      const text = String(e.data);
      B.received.push({ t, text });
      if (ROLE === "host" && text.length < 400 && kindOf(text) === "intent") B.intentsIn.push(t);
      const m = B.pending;
      if (m && m.arrived === null && ["table", "refusal"].includes(kindOf(text))) m.arrived = t;
    });
    return channel;
  };

  // Each worker request timed, postMessage to reply: the host's for a guest's intent (op
  // `guest`), the guest's check of the host's texts (op `host_message`) while a move waits.
  const GUEST_OP = '"op":"guest"}';
  const CHECK_OP = '"op":"host_message"}';
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data?.type !== "reply") return;
        const call = B.calls.get(data.id);
        B.calls.delete(data.id);
        B.cause = null;
        if (!call) return;
        const ms = performance.now() - call.t0;
        if (call.move) {
          call.move.check = (call.move.check ?? 0) + ms;
          call.move.checkStart ??= call.t0;
          call.move.checkEnd = performance.now();
          return;
        }
        call.ms = ms;
        call.n = B.engine.length;
        B.engine.push(call);
        B.cause = call.n;
        setTimeout(() => { if (B.cause === call.n) B.cause = null; }, 0);
      });
    }
    postMessage(message, ...rest) {
      const request = message?.type === "call" ? message.request : "";
      if (ROLE === "host" && request.length < 2000 && request.endsWith(GUEST_OP)) {
        let intent = null;
        try {
          const inner = JSON.parse(JSON.parse(request).message);
          if (inner.kind === "intent") intent = inner.intent?.kind ?? "?";
        } catch {}
        if (intent) B.calls.set(message.id, { intent, t0: performance.now() });
      } else if (ROLE === "guest" && B.pending && request.endsWith(CHECK_OP)) {
        B.calls.set(message.id, { move: B.pending, t0: performance.now() });
      }
      return super.postMessage(message, ...rest);
    }
  };
})();
"""
IDLE_NOW = """() => Promise.race([
  window.allthreesTest.idle().then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 250)),
])"""
STATE = "() => window.allthreesTest.state()"
# Once the guest's move after the n-th is shown: the count; -1 when no intent went out (a tap
# that did not play), -2 when its table never came.
WAIT_MOVE = """(n) => new Promise((resolve) => {
  const B = window.__bench;
  if (B.moves.length > n) return resolve(B.moves.length);
  B.waiters.push(resolve);
  setTimeout(() => { if (!B.pending && B.moves.length <= n) resolve(-1); }, 1000);
  setTimeout(() => resolve(-2), 30000);
})"""
BYTES = "const bytes = (text) => new TextEncoder().encode(text).length;"
GUEST_FIGURES = f"""() => {{
  {BYTES}
  return window.__bench.moves.map((m) => ({{
    intent: m.intent, tap: m.tap, sent: m.sent, arrived: m.arrived, seen: m.seen, shown: m.shown,
    check: m.check ?? null, checkStart: m.checkStart ?? null, checkEnd: m.checkEnd ?? null,
    up: bytes(m.text), origin: performance.timeOrigin,
  }}));
}}"""
HOST_FIGURES = f"""() => {{
  {BYTES}
  const B = window.__bench;
  return B.engine.map((c) => {{
    const out = B.sent.filter((s) => s.cause === c.n);
    return {{intent: c.intent, ms: c.ms, down: out.reduce((a, s) => a + bytes(s.text), 0),
             messages: out.length, queued: c.t0 - (B.intentsIn[c.n] ?? c.t0),
             sending: out.length ? out[0].t - (c.t0 + c.ms) : null,
             inAt: B.intentsIn[c.n] ?? null, outAt: out.length ? out[0].t : null,
             origin: performance.timeOrigin}};
  }});
}}"""


def launch_args() -> dict:
    flags = list(FLAGS)
    if os.geteuid() == 0:
        flags.append("--no-sandbox")
    return {"executable_path": CHROMIUM, "headless": True, "args": flags}


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value with at least q% of them at or below."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def set_up(browser: Browser, url: str, runs: int) -> tuple[list[float], dict[str, Any]]:
    """The handshake alone (peer.js), `runs` times after one warm-up; and the invite's sizes."""
    times = []
    host = browser.new_context().new_page()
    guest = browser.new_context().new_page()
    host.goto(url)
    guest.goto(url)
    code = ""
    for _ in range(runs + 1):  # the first warms the modules up and is not counted
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
    host.context.close()
    guest.context.close()
    return times[1:], figures


def device(browser: Browser, role: str, problems: list[str]) -> Page:
    """One device: a context of its own, the sound off, no STUN server, the recorder in."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    prefs = json.dumps({"muted": True, "iceServers": [], "relays": []})
    keep = f"localStorage.setItem({PREFS_KEY!r}, {prefs!r})"
    page.add_init_script(script=f"if (!localStorage.getItem({PREFS_KEY!r})) {keep};")
    page.add_init_script(script=RECORD % {"role": json.dumps(role)})
    page.on("console", lambda m: m.type == "error" and problems.append(f"{role}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"{role} exception: {e}"))
    page.set_default_timeout(60_000)
    return page


def ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def join(host: Page, guest: Page, base: str) -> None:
    """As tests/web/test_net_table.py joins: the invite's text code to the guest's Join dialog,
    its answer's code back to the host's."""
    code = host.get_by_label("Invite code")
    expect(code).not_to_have_value("")
    guest.goto(base + "#join")
    ready(guest)
    guest.get_by_label("Paste an invite").fill(code.input_value())
    guest.get_by_role("button", name="Join").click()
    answer = guest.get_by_label("Answer code")
    expect(answer).not_to_have_value("")
    host.get_by_label("Paste the answer").fill(answer.input_value())
    host.get_by_role("button", name="Connect").click()
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(
        """() => {
          const seats = window.allthreesTest.state()?.net.seats ?? [];
          return seats.length > 0 && seats.every((s) => s.presence === "connected");
        }"""
    )


def tap(page: Page, rect: dict[str, float]) -> None:
    page.mouse.click(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)


def act(page: Page, st: dict[str, Any]) -> bool:
    """One action of this device's person by pointer (the first playable tile at its first lit
    end, tap and tap; else a draw; else a pass); False when the table shows none yet."""
    if st["claim"]:  # muggins (not in these rules): no claim
        tap(page, next(c for c in st["claim"]["controls"] if c["label"] == "none")["rect"])
    elif any(t["playable"] for t in st["hand"]) and st["targets"]:
        tile = next(t for t in st["hand"] if t["playable"])
        tap(page, tile["rect"])
        tap(page, st["targets"][tile["tile"]][0]["rect"])
    elif st["buttons"]["draw"]:
        tap(page, st["buttons"]["draw"])
    elif st["buttons"]["pass"]:
        tap(page, st["buttons"]["pass"])
    else:
        return False
    return True


def play(host: Page, guest: Page, moves: int) -> int:
    """Both persons play until a round ends with the guest's `moves` made; the rounds played."""
    rounds = 0
    made = 0
    for _ in range(SAFETY):
        for page in (host, guest):
            if not page.evaluate(IDLE_NOW):
                continue
            st = page.evaluate(STATE)
            if st["match_over"]:
                raise SystemExit("the match ended before the moves were made")
            if st["round_over"]:
                if page is host and guest.evaluate(STATE)["round_over"]:
                    rounds += 1
                    if made >= moves:
                        return rounds
                    host.locator("#btn-next").click()
                continue
            if page is host:
                act(host, st)
                continue
            if act(guest, st):
                got = guest.evaluate(WAIT_MOVE, made)
                if got == -2:
                    raise SystemExit("the guest's move never came back from the host")
                made = max(made, got)
    raise SystemExit(f"the table did not finish {moves} guest moves")


def table(browser: Browser, base: str, moves: int) -> dict[str, Any]:
    problems: list[str] = []
    host = device(browser, "host", problems)
    host.goto(base + TABLE)
    ready(host)
    guest = device(browser, "guest", problems)
    join(host, guest, base)
    rounds = play(host, guest, moves)
    seen = guest.evaluate(GUEST_FIGURES)
    engine = host.evaluate(HOST_FIGURES)
    host.context.close()
    guest.context.close()
    if problems:
        print("problems in the browsers:\n  " + "\n  ".join(problems), file=sys.stderr)
    if len(seen) != len(engine) or [m["intent"] for m in seen] != [c["intent"] for c in engine]:
        raise SystemExit(
            f"the guest made {len(seen)} moves, the host's engine answered {len(engine)} intents"
        )
    return {"rounds": rounds, "seen": seen, "engine": engine}


def spread(values: list[float]) -> str:
    return f"p50 {percentile(values, 50):.1f} ms, p95 {percentile(values, 95):.1f} ms"


def breakdown(parts: dict[str, list[float]]) -> str:
    return "; ".join(
        f"{k} {percentile(v, 50):.1f}/{percentile(v, 95):.1f} ms" for k, v in parts.items() if v
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="connection set-ups timed")
    parser.add_argument("--moves", type=int, default=30, help="guest moves at least (whole rounds)")
    args = parser.parse_args()
    if not (ROOT / "dist" / "build.json").exists():
        raise SystemExit("dist/ is missing: run scripts/build first")
    server = serve(str(ROOT / "dist"), port=0)
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        runs, figures = set_up(browser, server.url + "build.json", args.runs)
        played = table(browser, server.url, args.moves)
        browser.close()
    server.shutdown()
    print(
        f"connection set-up on loopback: median {statistics.median(runs):.0f} ms of {len(runs)}"
        f" (min {min(runs):.0f}, max {max(runs):.0f})"
    )
    print(
        f"invite code: {figures['code']} characters; its link {figures['link']} characters,"
        f" QR version {figures['qr']} (error correction L)"
    )
    seen, engine = played["seen"], played["engine"]
    kinds = {k: sum(m["intent"] == k for m in seen) for k in sorted({m["intent"] for m in seen})}
    trip = [m["shown"] - m["tap"] for m in seen]
    ms = [c["ms"] for c in engine]
    print(
        f"guest moves: {len(seen)} in {played['rounds']} round(s)"
        f" ({', '.join(f'{n} {k}' for k, n in kinds.items())}; 2 players, seat 1 the guest)"
    )
    print(f"guest move round trip (tap to its page showing the move): {spread(trip)}")
    print(f"host engine per guest move (worker request for the intent): {spread(ms)}")
    print(
        f"round trip p95 - engine p95: {percentile(trip, 95) - percentile(ms, 95):.1f} ms"
        " (target: at most 50 ms)"
    )
    # the same budget read move by move: each round trip less its own move's engine time
    beyond = [m["shown"] - m["tap"] - c["ms"] for m, c in zip(seen, engine, strict=True)]
    print(f"round trip less its own move's engine time: {spread(beyond)}")
    parts = {
        "tap to send": [m["sent"] - m["tap"] for m in seen],
        "send to the host's answer": [m["arrived"] - m["sent"] for m in seen if m["arrived"]],
        "answer to shown": [m["shown"] - m["arrived"] for m in seen if m["arrived"]],
        "of which its own Python's check": [m["check"] for m in seen if m["check"] is not None],
    }
    print(f"  in the guest's page, p50/p95: {breakdown(parts)}")
    checked = [m for m in seen if m["arrived"] and m["checkStart"] is not None]
    after = {
        "answer to its check": [m["checkStart"] - m["arrived"] for m in checked],
        "check to the frame that shows it": [m["seen"] - m["checkEnd"] for m in checked],
        "that frame to the task after it": [m["shown"] - m["seen"] for m in seen],
    }
    print(f"  answer to shown, p50/p95: {breakdown(after)}")
    # the two pages' clocks on one timeline (performance.timeOrigin + now: one machine's clock)
    pairs = list(zip(seen, engine, strict=True))
    wire = {
        "guest's send to the host's page": [
            c["inAt"] + c["origin"] - m["sent"] - m["origin"] for m, c in pairs if c["inAt"]
        ],
        "host's send to the guest's page": [
            m["arrived"] + m["origin"] - c["outAt"] - c["origin"]
            for m, c in pairs
            if c["outAt"] and m["arrived"]
        ],
    }
    print(f"  on the wire (page to page), p50/p95: {breakdown(wire)}")
    host_parts = {
        "intent in to its request": [c["queued"] for c in engine],
        "reply to the answer sent": [c["sending"] for c in engine if c["sending"] is not None],
    }
    print(f"  in the host's page, p50/p95: {breakdown(host_parts)}")
    up = [m["up"] for m in seen]
    down = [c["down"] for c in engine]
    print(
        f"bytes per guest move (UTF-8), guest->host: mean {statistics.mean(up):.0f}, max {max(up)};"
        f" host->guest: mean {statistics.mean(down):.0f}, max {max(down)}"
        f" (in {sum(c['messages'] for c in engine)} messages)"
    )


if __name__ == "__main__":
    main()
