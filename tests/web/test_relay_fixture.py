"""The local Nostr relay of tests/web/relaykit.py works as the tests across devices need it to.

Note for real clients (checked by test_ephemeral_events_are_replayed_to_new_subscribers): this
relay (nostr-relay 1.14) stores ephemeral events until its garbage collector runs (every 300 s)
and replays them to every new subscription, even after a restart, so a client must subscribe with
`since` and drop ids it has already seen.
"""

from __future__ import annotations

import secrets
import socket
import time

import pytest
from relaykit import Relay, event_id, new_secret, sign_event
from websockets.exceptions import ConnectionClosed

KIND = 25050  # ephemeral (20000-29999)


def fresh_tag() -> str:
    return "allthrees-test-" + secrets.token_hex(6)


def listen_filter(tag: str) -> dict:
    return {"kinds": [KIND], "#t": [tag], "since": int(time.time()) - 10}


def test_an_ephemeral_event_reaches_another_client(shared_relay: Relay) -> None:
    tag = fresh_tag()
    event = sign_event(new_secret(), KIND, '{"move":"6-3"}', [["t", tag]])
    with shared_relay.client() as listener, shared_relay.client() as sender:
        sub = listener.subscribe(listen_filter(tag))
        assert listener.stored(sub) == []
        assert sender.publish(event) == ["OK", event["id"], True, ""]
        assert listener.next_event(sub) == event


def test_an_event_with_a_bad_signature_is_refused(shared_relay: Relay) -> None:
    tag = fresh_tag()
    good = sign_event(new_secret(), KIND, "honest", [["t", tag]])
    forged = {**good, "content": "forged"}
    forged["id"] = event_id(forged)  # a right id, but the signature is of the honest content
    # refused after the relay's 2 s throttling pause, with an empty id
    ok = shared_relay.publish(forged)
    assert ok[0] == "OK" and ok[2] is False, ok
    assert ok[3].startswith("invalid:"), ok
    assert shared_relay.query({"kinds": [KIND], "#t": [tag]}) == []


def test_an_event_of_100000_characters_is_accepted(shared_relay: Relay) -> None:
    tag = fresh_tag()
    event = sign_event(new_secret(), KIND, "é" * 100_000, [["t", tag]])
    with shared_relay.client() as listener:
        sub = listener.subscribe(listen_filter(tag))
        listener.stored(sub)
        assert shared_relay.publish(event) == ["OK", event["id"], True, ""]
        assert listener.next_event(sub)["content"] == event["content"]


def test_stop_then_start_on_the_same_port(relay: Relay) -> None:
    tag = fresh_tag()
    port, url = relay.port, relay.url
    before = sign_event(new_secret(), 1, "kept", [["t", tag]])
    assert relay.publish(before)[2] is True
    with relay.client() as old:
        sub = old.subscribe(listen_filter(tag))
        old.stored(sub)
        relay.stop()
        with pytest.raises(ConnectionClosed):
            old.next_event(sub, timeout=5)
    assert not relay.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()

    relay.start()
    assert (relay.port, relay.url) == (port, url)
    event = sign_event(new_secret(), KIND, "again", [["t", tag]])
    with relay.client() as again:
        sub = again.subscribe(listen_filter(tag))
        assert again.stored(sub) == []  # kind 1 is not in the filter
        assert relay.publish(event)[2] is True
        assert again.next_event(sub) == event
    assert relay.query({"ids": [before["id"]]}) == [before]  # the same database

    relay.kill()  # a crash this time
    relay.start()
    assert relay.query({"ids": [before["id"]]}) == [before]
    assert relay.query(listen_filter(tag)) == [event]  # the ephemeral one too: replayed


def test_ephemeral_events_are_replayed_to_new_subscribers(shared_relay: Relay) -> None:
    """Not what NIP-01 asks of a relay, but what this one does: clients must cope."""
    tag = fresh_tag()
    event = sign_event(new_secret(), KIND, "once", [["t", tag]])
    assert shared_relay.publish(event)[2] is True
    assert shared_relay.query(listen_filter(tag)) == [event]
    assert shared_relay.query(listen_filter(tag)) == [event]  # and again, to each new one
    assert shared_relay.query({**listen_filter(tag), "since": event["created_at"] + 1}) == []


def test_the_relay_does_not_check_an_events_id(shared_relay: Relay) -> None:
    """A validly signed event sent under a made-up id is stored and relayed under that id: a client
    must recompute every id itself (relaykit.event_id) before trusting it, e.g. to drop repeats."""
    tag = fresh_tag()
    event = sign_event(new_secret(), KIND, "real", [["t", tag]])
    lying = {**event, "id": secrets.token_hex(32)}
    assert shared_relay.publish(lying) == ["OK", lying["id"], True, ""]
    assert shared_relay.query({"kinds": [KIND], "#t": [tag]}) == [lying]
