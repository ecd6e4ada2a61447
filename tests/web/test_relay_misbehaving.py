"""A table played online while one of its two relays misbehaves as public relays do: it throttles
(`rate-limited:`), asks for NIP-42 authentication, refuses the room's kind (`restricted:`), ends
subscriptions (`CLOSED`), drops events silently, goes away mid-match, states a small content limit
in its NIP-11 document, or asks for payment there. Each time a whole round is played through the
relays (the guest hides its address, so every message of the table crosses them) to the same
scores on both devices, and the misbehaving relay's own counters show that the misbehaviour
happened and how the pages answered it (paused, authenticated, left, asked again, kept within the
limit, never used). Two Chromium contexts are two devices; the other relay is a real Nostr relay
(relaykit.py), the misbehaving one tests/web/fakerelay.py's; nothing leaves 127.0.0.1."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Problems
from fakerelay import FakeRelay
from relaykit import Relay
from test_net_table import ready, settle, state
from test_online_table import (
    RELAY_REFUSED,
    host_table,
    moves,
    same_table,
    seated,
)
from test_online_table import devices as devices  # the fixture: two devices, their relays given

SMALL = 6000  # a relay's max_content_length: the room's chunks must fit it on every relay


def throttled(fake: FakeRelay, _relay: Relay) -> None:
    assert fake.refused["rate-limited"] > 0 and fake.accepted > 0, fake.refused
    # a refusal near the round's end is followed by the pages' next event only after its pause
    # (or at the table's keepalive): waited for, a cap on looks rather than a time
    for _ in range(600):
        if fake.gaps:
            break
        time.sleep(0.1)
    # after a refusal a page waits (2 s, then longer) before that relay hears from it again; an
    # event already on its way when the refusal came is the only one allowed to follow at once
    waited = [g for g in fake.gaps if g >= 1.9]
    at_once = [g for g in fake.gaps if g < 1.0]
    assert waited and len(at_once) <= 2 * len(waited) + 2, sorted(round(g, 2) for g in fake.gaps)


def authenticated(fake: FakeRelay, _relay: Relay) -> None:
    assert fake.authenticated >= 2, "each page answered the challenge"
    assert fake.refused["auth-required"] >= 1 and fake.accepted > 0 and fake.delivered > 0


def left(fake: FakeRelay, _relay: Relay) -> None:
    assert 1 <= fake.refused["restricted"] <= 6, fake.refused
    assert fake.connections <= 2, "each page dropped it and did not come back"


def asked_again(fake: FakeRelay, _relay: Relay) -> None:
    assert fake.closed_subs >= 1 and fake.reqs > fake.connections, (fake.closed_subs, fake.reqs)


def dropped(fake: FakeRelay, _relay: Relay) -> None:
    assert fake.accepted > 0 and fake.delivered == 0


def gone(fake: FakeRelay, _relay: Relay) -> None:
    assert fake.stopped and fake.accepted > 0


def within_limit(fake: FakeRelay, relay: Relay) -> None:
    held = [len(e["content"]) for e in relay.query({"kinds": [25050]})]
    assert fake.contents and held, "both relays carried the table"
    assert max(fake.contents) <= SMALL and max(held) <= SMALL, (max(fake.contents), max(held))


def unused(fake: FakeRelay, relay: Relay) -> None:
    assert fake.accepted <= 4 and fake.connections <= 2, (fake.accepted, fake.connections)
    carried = len(relay.query({"kinds": [25050]}))
    assert carried > 10 * max(1, fake.accepted), "the other relay carried the table"


# (what the relay does, what shows the pages answered it)
BEHAVIOURS: dict[str, tuple[dict[str, Any], Callable[[FakeRelay, Relay], None]]] = {
    # a bucket slow to fill (one event in 4 s): pages slowed by a loaded machine still overrun it
    "throttles": ({"throttle": (6, 0.25)}, throttled),
    "asks for authentication": ({"auth": True}, authenticated),
    "refuses the kind": ({"refuse_kinds": {25050}}, left),
    "ends subscriptions": ({"close_after": 3}, asked_again),
    "drops events": ({"drop": True}, dropped),
    "goes away mid-match": ({}, gone),
    "states a small limit": ({"info": {"limitation": {"max_content_length": SMALL}}}, within_limit),
    "asks payment": ({"info": {"limitation": {"payment_required": True}}}, unused),
}


@pytest.mark.parametrize("behaviour", list(BEHAVIOURS))
def test_a_round_plays_to_the_same_scores_while_a_relay_misbehaves(
    devices: Any, relay: Relay, problems: Problems, behaviour: str
) -> None:
    problems.allow(RELAY_REFUSED)  # a relay gone, or refusing: the browser says so in its console
    options, answered = BEHAVIOURS[behaviour]
    with FakeRelay(**options) as fake:
        relays = [fake.url, relay.url]
        host, link = host_table(devices, "?sprint=1&seats=you,friend", relays=relays)
        guest = devices("guest", relay_only=True, relays=relays)
        guest.goto(link)
        ready(guest)
        seated(host, guest, channel="relay")
        moves([host, guest], 2)
        if behaviour == "goes away mid-match":
            fake.stop()
        moves([host, guest], 400)  # the whole round
        assert state(settle([host, guest]))["round_over"]
        same_table(host, guest)
        answered(fake, relay)
        print(behaviour, json.dumps({"refused": fake.refused, "accepted": fake.accepted}))
