"""A hostile guest, through its real data channel, into the host's table. Two devices (two
Chromium contexts) join through the page's dialogs and play a few moves; then the guest's page
sends on the RTCDataChannel its own page made (kept by an init script) what no honest page sends:
text that is no JSON, texts beyond the protocol's limits and beyond the channel's, other
versions and kinds, intents out of turn, for another seat, illegal moves, hellos for another seat
or table, reactions past their limit, bytes, and thousands of well-shaped messages at once (past
the channel's flood limit). Each of the first sort is sent after the last was answered, so each
reaches the host's Python and its refusal is read; the flood is sent in one go.

What must hold: nothing on the host throws or logs an error; its table (its hand, the other
seats, the scores, its record's moves) is as it was; the host answered the flood only as far as
the flood limit lets messages in (peer.js FLOOD) and the channel stays open (a flood is dropped
unread, not a reason to hang up: no new invite is needed); no tile hidden from the guest reached
it (a refusal echoes only the tile the guest itself named, in the same words whoever holds it);
and the round is played out on both devices afterwards."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Problems
from playwright.sync_api import Browser, Page, expect
from test_net_table import (
    ALL_IN,
    IDLE_NOW,
    SAFETY,
    TILE,
    act,
    device,
    join,
    ready,
    settle,
    state,
    where,
)

from allthrees.record import replay
from allthrees.tiles import NAME

SAFETY_MS = 120_000  # a safety net for a wait, never a bound the test relies on
FLOOD = 2400  # well-shaped messages sent at once
BURST, PER_SECOND = 60, 30  # the channel's flood limit (web/js/net/peer.js FLOOD)
MAX_MESSAGE_CHARS = 65536  # the longest text a channel takes (peer.js)
# The engine's words for a tile written wrong give an example tile: the same words for anyone.
EXAMPLE = re.compile(r'like "6-3(@E)?"')
RECORD = "async () => await window.allthreesTest.record()"
# Every data channel the guest's page makes, kept so the test can send on the real one.
CHANNELS = """
window.__channels = [];
const makeChannel = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = makeChannel.apply(this, args);
  window.__channels.push(channel);
  return channel;
};
"""
# When each text reached the host's channel (performance.now(), as the channel's bucket reads it).
ARRIVALS = """
window.__arrivals = [];
const makeTimed = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = makeTimed.apply(this, args);
  channel.addEventListener("message", () => window.__arrivals.push(performance.now()));
  return channel;
};
"""
SEND = """(texts) => {
  const channel = window.__channels.at(-1);
  for (const text of texts) channel.send(text);
  return channel.bufferedAmount;
}"""
SEND_BYTES = "() => window.__channels.at(-1).send(new Uint8Array([123, 125, 0, 255]))"
COUNT = "() => window.__received.length"
# A probe (a reaction no one knows) every poll until the host answers the last one sent: the
# host handles a channel's texts in order, so everything it let in before was handled by then.
# A new probe goes only when no answer came since the last poll (one sent in the flood's wake
# may have been dropped, as the flood was).
PROBE = """() => {
  const p = (window.__probe ??= {sent: 0, heard: 0});
  const answers = window.__received.filter((t) => t.includes("probe-"));
  if (p.sent && answers.some((t) => t.includes(`probe-${p.sent}-`))) return p.sent;
  if (!p.sent || answers.length === p.heard) {
    p.sent += 1;
    const probe = {v: 1, kind: "reaction", id: `probe-${p.sent}-`};
    window.__channels.at(-1).send(JSON.stringify(probe));
  }
  p.heard = answers.length;
  return false;
}"""


@pytest.fixture
def pair(browser: Browser, site_url: str, problems: Problems) -> Iterator[tuple[Page, Page]]:
    """The host's device and the guest's (which keeps its channels), not yet joined."""
    host = device(browser, site_url, problems, "host")
    host.add_init_script(script=ARRIVALS)
    guest = device(browser, site_url, problems, "guest")
    guest.add_init_script(script=CHANNELS)
    yield host, guest
    for page in (host, guest):
        page.context.close()
    assert not problems.found, "problems in the browsers:\n" + "\n".join(problems.found)


def j(**message: Any) -> str:
    return json.dumps(message, separators=(",", ":"))


def table_of(page: Page) -> dict[str, Any]:
    """What a move, or a refused message that changed something, would change on a device."""
    s = state(page)
    keys = ("turn", "human", "scores", "end_sum", "boneyard", "seats", "sides", "net")
    return {
        **{k: s[k] for k in keys},
        "hand": sorted(t["tile"] for t in s["hand"]),
        "over": (s["round_over"], s["match_over"]),
    }


def moves(page: Page) -> list[list[str]]:
    return [r["moves"] for r in page.evaluate(RECORD)["rounds"]]


def placed_in(moves: list[str]) -> list[str]:
    return [t for mv in moves for t in TILE.findall(mv)]


def received(page: Page) -> list[str]:
    return page.evaluate("() => window.__received")


def say(guest: Page, text: str, replies: tuple[str, ...]) -> list[dict[str, Any]]:
    """One text on the guest's channel, then the host's answers to it: `replies` their kinds (none:
    it is dropped unread or relayed to others, which the next text's answer shows)."""
    n = guest.evaluate(COUNT)
    guest.evaluate(SEND, [text])
    if not replies:
        return []
    guest.wait_for_function(f"() => window.__received.length >= {n + len(replies)}")
    got = [json.loads(t) for t in received(guest)[n : n + len(replies)]]
    assert [m["kind"] for m in got] == list(replies), (text[:80], got)
    return got


def hostile(table: str, part: str, own: str, theirs: str) -> list[tuple[str, str | None]]:
    """Texts a guest's page never sends, each with the code of its refusal (None: nothing comes
    back; "welcome": the host welcomes the seat back), while it is the host's turn.
    `own`, `theirs`: a tile of the guest's hand and one of the host's (hidden from the guest)."""

    def intent(i: dict[str, Any], **extra: Any) -> str:
        return j(v=1, kind="intent", intent=i, **extra)

    def hello(**fields: Any) -> str:
        return j(v=1, kind="hello", **{"table": table, "part": part, **fields})

    draw = {"kind": "draw"}
    return [
        # no JSON, or no object
        ("", "message_json"),
        ("{", "message_json"),
        ("not json at all", "message_json"),
        (intent(draw)[:-3], "message_json"),
        (intent(draw) + "}", "message_json"),
        ("null", "message_json"),
        ("[]", "message_json"),
        ("42", "message_json"),
        ('"hello"', "message_json"),
        ("[" * 40 + "]" * 40, "message_json"),  # nests past jsontext.MAX_DEPTH
        (
            '{"v":1,"kind":"intent","intent":{"kind":"draw","claim":' + "9" * 90 + "}}",
            "message_json",
        ),
        # beyond the channel (dropped unread), beyond the largest kind, beyond its own kind's
        ("x" * (MAX_MESSAGE_CHARS + 4000), None),
        ("x" * MAX_MESSAGE_CHARS, "message_long"),
        (j(v=1, kind="bye", pad="x" * 60_000), "message_long"),
        (hello(name="x" * 400), "message_long"),
        (intent(draw, pad="x" * 150), "message_long"),
        (j(v=1, kind="reaction", id="nice", pad="x" * 60), "message_long"),
        # other versions
        (j(v=2, kind="bye"), "message_newer"),
        (j(v=10**20, kind="bye"), "message_newer"),
        (j(v=0, kind="bye"), "message_version"),
        (j(v="1", kind="bye"), "message_version"),
        (j(v=1.0, kind="bye"), "message_version"),
        (j(v=True, kind="bye"), "message_version"),
        (j(v=None, kind="bye"), "message_version"),
        ('{"v":NaN,"kind":"bye"}', "message_version"),
        (j(kind="bye"), "message_version"),
        # other kinds (the host's own among them)
        *[
            (j(v=1, kind=k, table=table), "message_kind")
            for k in ("welcome", "table", "presence", "reveal", "refusal", "gathering")
        ],
        (j(v=1, kind="HELLO"), "message_kind"),
        (j(v=1, kind=7), "message_kind"),
        (j(v=1), "message_kind"),
        ('{"v":1,"kind":"\\ud800"}', "message_kind"),  # a lone surrogate, escaped
        # intents out of turn: it is the host's
        (intent({"kind": "play", "tile": own, "arm": "W"}), "illegal_move"),
        (intent({"kind": "play", "tile": theirs, "arm": "E"}), "illegal_move"),
        (intent(draw), "illegal_move"),
        (intent({"kind": "pass"}), "illegal_move"),
        # bytes, not text: dropped unread (sent apart: see the test)
        # intents for another seat, or of the host's kinds
        (intent(draw, seat=0), "message_shape"),
        (intent({"kind": "draw", "seat": 0}), "message_shape"),
        (intent({"kind": "play", "tile": theirs, "arm": "W", "seat": 0}), "message_shape"),
        *[(intent({"kind": k}), "message_shape") for k in ("next", "ready", "settings", "hint")],
        (intent({"kind": "play", "tile": own, "arm": "W", "claim": 1000}), "message_shape"),
        # hellos for another seat or table, or of another shape
        (hello(seat=0), "message_shape"),
        (hello(table="0" * 16), "wrong_table"),
        (hello(table="f" * 16, resume=True), "wrong_table"),
        (hello(table=table.upper()), "message_shape"),
        (hello(part="zz"), "message_shape"),
        (hello(resume="yes"), "message_shape"),
        (hello(name="n" * 40), "message_shape"),
        # a hello for its own seat and table, with another part: welcomed back, the part kept
        (hello(part="ab" * 32, resume=True), "welcome"),
        # reactions: unknown, of another shape, and past three between two moves
        (j(v=1, kind="reaction", id="boo"), "reaction_unknown"),
        (j(v=1, kind="reaction", id=5), "message_shape"),
        (j(v=1, kind="reaction", id="nice"), None),
        (j(v=1, kind="reaction", id="oops"), None),
        (j(v=1, kind="reaction", id="nice"), None),
        (j(v=1, kind="reaction", id="nice"), "reaction_flood"),
        (j(v=1, kind="bye", seat=0), "message_shape"),
    ]


def flood(table: str, own: list[str], theirs: list[str]) -> list[str]:
    """Well-shaped messages, each refused while it is the host's turn."""
    kinds = [
        lambda i: j(v=1, kind="intent", intent={"kind": "draw"}),
        lambda i: j(v=1, kind="intent", intent={"kind": "pass"}),
        lambda i: j(
            v=1, kind="intent", intent={"kind": "play", "tile": theirs[i % len(theirs)], "arm": "W"}
        ),
        lambda i: j(
            v=1, kind="intent", intent={"kind": "play", "tile": own[i % len(own)], "arm": "E"}
        ),
        lambda i: j(v=1, kind="reaction", id="well_played"),
        lambda i: j(v=1, kind="hello", table=f"{i:016x}", part=f"{i:064x}"),
    ]
    return [kinds[i % len(kinds)](i) for i in range(FLOOD)]


def to_turn(pages: list[Page], mover: Page) -> None:
    """Play on, each device its own seat, until `mover`'s person is to move."""
    for _ in range(SAFETY):
        page = settle(pages)
        assert not state(page)["round_over"], "the round ended before the flood"
        if page is mover:
            return
        act(page)
    raise AssertionError("that device's turn did not come")


def test_a_flood_of_hostile_messages_changes_nothing_and_the_round_plays_on(
    pair: tuple[Page, Page], site_url: str
) -> None:
    host, guest = pair
    host.goto(site_url + "?seats=you,friend:Ana&seed=21")
    ready(host)
    expect(host.get_by_label("Invite code")).not_to_have_value("", timeout=SAFETY_MS)
    join(host, guest, site_url)
    guest.wait_for_function("() => window.allthreesTest.state()?.hand?.length > 0")
    host.wait_for_function(ALL_IN)
    assert guest.evaluate("() => window.__channels.length") == 1

    pages = [host, guest]
    for _ in range(3):  # a few moves in: mid-round
        page = settle(pages)
        act(page)
    to_turn(pages, host)
    kept = guest.evaluate("() => window.allthreesTest.seen()")
    table, part = kept["table"], kept["part"]
    before, guest_before, moves_before = table_of(host), table_of(guest), moves(host)
    theirs, own = before["hand"], guest_before["hand"]
    host_count = len(received(host))

    # 1. The hostile texts one by one, each answered before the next goes.
    answered: list[tuple[str, dict[str, Any]]] = []
    codes: list[tuple[str | None, str | None]] = []
    texts = hostile(table, part, own[0], theirs[0])
    for i, (text, code) in enumerate(texts):
        if i == len(texts) // 2:
            guest.evaluate(SEND_BYTES)  # bytes: dropped unread
        replies = (
            () if code is None else ("welcome", "table") if code == "welcome" else ("refusal",)
        )
        got = say(guest, text, replies)
        if code == "welcome":
            assert got[0]["part"] == part and got[0]["seat"] == 1, "its seat, its own part"
        elif got:
            answered.append((text, got[0]))
        codes.append((code, got[0]["code"] if got and code != "welcome" else code))
    assert [c for c, _ in codes] == [c for _, c in codes], [
        (t[:60], c) for (t, _), c in zip(texts, codes, strict=True) if c[0] != c[1]
    ]
    sent = len(texts) + 1

    # 2. The flood, all at once.
    flood_at = len(received(guest))
    arrivals_at = host.evaluate("() => window.__arrivals.length")
    guest.evaluate(SEND, flood(table, own, theirs))
    sent += FLOOD
    probes = guest.wait_for_function(PROBE, polling=500, timeout=SAFETY_MS).json_value()
    sent += probes
    host.wait_for_function(f"() => window.__received.length === {host_count + sent}")
    assert len(received(host)) - host_count == sent >= 2000, "every text came through the channel"

    after = received(guest)[flood_at:]
    flooded = [json.loads(t) for t in after if "probe-" not in t]
    assert {m["kind"] for m in flooded} == {"refusal"}, {m["kind"] for m in flooded}
    assert {m["code"] for m in flooded} <= {"illegal_move", "reaction_flood", "wrong_table"}
    times = host.evaluate(f"() => window.__arrivals.slice({arrivals_at}, {arrivals_at + FLOOD})")
    let_in = BURST + PER_SECOND * (times[-1] - times[0]) / 1000 + 1
    assert 0 < len(flooded) <= let_in, (len(flooded), let_in)
    print(
        f"flood: {FLOOD} sent in {times[-1] - times[0]:.0f} ms, {len(flooded)} let in; "
        f"{probes} probes"
    )

    # Nothing changed: the host's table, its record, the guest's table; still the one channel.
    assert table_of(host) == before
    assert moves(host) == moves_before
    assert table_of(guest) == guest_before
    assert guest.evaluate("() => window.__channels.map((c) => c.readyState)") == ["open"]
    expect(host.locator(".invite-dialog")).to_have_count(0, timeout=SAFETY_MS)

    # 3. The guest's turn: illegal moves, the host's hidden tiles among them.
    act(host)
    to_turn(pages, guest)
    before, guest_before, moves_before = table_of(host), table_of(guest), moves(host)
    theirs, own = before["hand"], guest_before["hand"]
    st = state(guest)
    targets = {t: {x["arm"] for x in arms} for t, arms in st["targets"].items()}
    layout = {t for r in moves_before for mv in r for t in TILE.findall(mv)}
    layout |= {f"{b}-{a}" for t in layout for a, b in [t.split("-")]}
    unseen = [t for t in NAME if t not in set(theirs) | set(own) | layout]  # the boneyard's
    hidden_now = theirs[:3] + unseen[:3]
    illegal = [{"kind": "play", "tile": t, "arm": "W"} for t in hidden_now]
    illegal += [
        {"kind": "play", "tile": t, "arm": arm}
        for t in own
        for arm in "WENS"
        if arm not in targets.get(t, set())
    ][:4]
    playable = next(iter(targets), None)
    if playable:
        arm = next(iter(targets[playable]))
        illegal += [
            {"kind": "draw"},
            {"kind": "pass"},
            {"kind": "play", "tile": playable, "arm": arm, "claim": 5},  # no muggins here
            {"kind": "play", "tile": playable},  # no arm
            {"kind": "play", "tile": playable, "arm": "Q"},
        ]
    elif st["boneyard"] > st["rules"]["options"]["stock_reserve"]:
        illegal.append({"kind": "pass"})  # the boneyard has tiles to draw
    else:
        illegal.append({"kind": "draw"})  # the boneyard is down to its reserve
    illegal += [{"kind": "play", "tile": t, "arm": "W"} for t in ("7-7", "x", "6-6-6", "")]
    refusals = []
    for i in illegal:
        (refusal,) = say(guest, j(v=1, kind="intent", intent=i), ("refusal",))
        assert refusal["code"] == "illegal_move", (i, refusal)
        answered.append((j(v=1, kind="intent", intent=i), refusal))
        refusals.append(refusal["error"])
    # whoever holds a tile the guest does not (the host, the boneyard), the words are the same
    words = {r.replace(t, "?") for t, r in zip(hidden_now, refusals, strict=False)}
    assert words == {"tile ? is not in seat 1's hand"}, words
    assert table_of(host) == before
    assert moves(host) == moves_before
    assert table_of(guest) == guest_before

    # 4. The round played out on both devices.
    for _ in range(SAFETY):
        if all(state(p)["round_over"] for p in pages):
            break
        for page in pages:
            if page.evaluate(IDLE_NOW) and not state(page)["round_over"]:
                act(page)
    else:
        raise AssertionError("the round did not end")
    assert state(host)["scores"] == state(guest)["scores"]
    assert len(moves(host)[0]) > len(moves_before[0]), "the round went on after the flood"
    kept = guest.evaluate("() => window.allthreesTest.seen()")
    seen = [e["tile"] for e in kept["events"] if e["kind"] == "placed"]
    assert len(seen) == len(placed_in(moves(host)[0])), "the guest saw every tile placed"
    assert [s["presence"] for s in state(host)["net"]["seats"]] == ["connected"]
    assert [s["presence"] for s in state(guest)["net"]["seats"]] == ["connected"]
    assert guest.evaluate("() => window.__channels.map((c) => c.readyState)") == ["open"]

    # No tile hidden from the guest reached it: the host's (dealt or drawn) and the boneyard's
    # that never reached the layout; a refusal names only the tile the guest's own text named.
    record = host.evaluate(RECORD)
    rnd = replay(record).rounds[0]
    mine = set(record["rounds"][0]["hands"][1]) | {
        NAME[e[4]] for e in rnd.log if e[0] == 1 and e[4] >= 0
    }
    placed = {t for mv in record["rounds"][0]["moves"] for t in TILE.findall(mv)}
    placed |= {f"{b}-{a}" for t in placed for a, b in [t.split("-")]}
    hidden = set(NAME) - mine - placed
    hidden |= {f"{b}-{a}" for t in hidden for a, b in [t.split("-")]}  # either way up
    echoes = {json.dumps(r): set(TILE.findall(text)) for text, r in answered}
    checked = 0
    for text in received(guest):
        m = json.loads(text)
        echo = echoes.get(json.dumps(m), set())
        if m["kind"] in ("table", "welcome"):
            events = [e for e in m.get("events", []) if e["kind"] not in ("placed", "round_over")]
            shown = [{k: v for k, v in (m.get("snapshot") or {}).items() if k != "rules"}, events]
        else:  # a refusal's words; notation.py's example of a tile is no one's
            shown = {**m, "error": EXAMPLE.sub("", m.get("error", ""))}
        leaked = set(TILE.findall(json.dumps(shown))) & hidden - echo
        assert not leaked, f"{m['kind']} showed the guest {leaked}: {where(m, leaked)}"
        checked += 1
    assert checked > 50 and hidden, (checked, hidden)
