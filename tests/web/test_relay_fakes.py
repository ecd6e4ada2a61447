"""tests/web/fakerelay.py's misbehaving relay, from a plain WebSocket client (no browser): it speaks
NIP-01's and NIP-42's exact messages, serves its NIP-11 document with CORS, and each behaviour the
browser tests lean on (throttling, authentication, a refused kind, subscriptions ended, events
dropped, going away) really happens. relaykit.HostileRelay answers NIP-11 too."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from fakerelay import FakeRelay
from relaykit import Client, HostileRelay, new_secret, public_key, sign_event

ROOM = 25050


def info_of(url: str) -> tuple[dict[str, Any], str | None]:
    """The relay's NIP-11 document and its Access-Control-Allow-Origin header."""
    request = urllib.request.Request(
        url.replace("ws://", "http://"), headers={"Accept": "application/nostr+json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 - loopback only
        return json.loads(response.read()), response.headers.get("Access-Control-Allow-Origin")


def room_event(secret: str, content: str = "x") -> dict[str, Any]:
    return sign_event(secret, ROOM, content=content, tags=[["t", "ab" * 32]])


def test_nip11_documents_with_cors() -> None:
    with FakeRelay(info={"limitation": {"max_content_length": 6000}}) as fake:
        assert info_of(fake.url) == ({"limitation": {"max_content_length": 6000}}, "*")
    with HostileRelay(lambda sub, want: iter(())) as hostile:
        assert info_of(hostile.url) == ({"name": "hostile"}, "*")


def test_a_working_relay_that_checks_signatures() -> None:
    secret = new_secret()
    with FakeRelay() as fake, Client(fake.url) as reader, Client(fake.url) as writer:
        sub = reader.subscribe({"kinds": [ROOM], "#t": ["ab" * 32]})
        assert reader.stored(sub) == []
        event = room_event(secret)
        assert writer.publish(event) == ["OK", event["id"], True, ""]
        assert reader.next_event(sub) == event
        forged = {**event, "content": "changed"}
        assert writer.publish(forged)[2:] == [False, "invalid: bad id or signature"]


def test_throttling_refuses_beyond_the_bucket_and_measures_the_pause() -> None:
    secret = new_secret()
    with FakeRelay(throttle=(2, 0.5)) as fake, Client(fake.url) as client:
        answers = [client.publish(room_event(secret, str(i)))[2:] for i in range(3)]
        assert answers == [[True, ""], [True, ""], [False, "rate-limited: slow down"]]
        time.sleep(0.3)
        client.publish(room_event(secret, "after"))
        assert fake.refused["rate-limited"] >= 1 and fake.gaps and fake.gaps[0] >= 0.3


def test_authentication_is_asked_and_a_valid_answer_taken() -> None:
    secret = new_secret()
    with FakeRelay(auth=True) as fake, Client(fake.url) as client:
        kind, challenge = client.recv()
        assert kind == "AUTH" and len(challenge) == 32
        event = room_event(secret)
        assert client.publish(event)[2:] == [False, "auth-required: this relay serves members"]
        sub = client.subscribe({"kinds": [ROOM]})
        assert client.recv() == ["CLOSED", sub, "auth-required: read needs authentication"]
        wrong = sign_event(secret, 22242, tags=[["relay", fake.url], ["challenge", "nope"]])
        client.send(["AUTH", wrong])
        assert client.recv()[2] is False
        answer = sign_event(secret, 22242, tags=[["relay", fake.url], ["challenge", challenge]])
        client.send(["AUTH", answer])
        assert client.recv() == ["OK", answer["id"], True, ""]
        assert client.publish(event)[2] is True
        assert fake.authenticated == 1


def test_a_refused_kind_closed_subscriptions_and_dropped_events() -> None:
    secret = new_secret()
    with FakeRelay(refuse_kinds={ROOM}) as fake, Client(fake.url) as client:
        assert client.publish(room_event(secret))[2:] == [
            False,
            f"restricted: kind {ROOM} is not taken here",
        ]
    with FakeRelay(close_after=1) as fake, Client(fake.url) as reader, Client(fake.url) as writer:
        sub = reader.subscribe({"kinds": [ROOM]})
        reader.stored(sub)
        writer.publish(room_event(secret))
        reader.next_event(sub)
        assert reader.recv() == ["CLOSED", sub, "error: shutting down idle subscription"]
    with FakeRelay(drop=True) as fake, Client(fake.url) as reader, Client(fake.url) as writer:
        sub = reader.subscribe({"kinds": [ROOM]})
        reader.stored(sub)
        assert writer.publish(room_event(secret))[2] is True
        with pytest.raises(TimeoutError):
            reader.next_event(sub, timeout=0.5)
        assert fake.delivered == 0


def test_stopped_it_takes_no_connection() -> None:
    with FakeRelay() as fake:
        client = Client(fake.url)
        fake.stop()
        with pytest.raises(Exception):  # noqa: B017, PT011 - closed, whichever way it says so
            client.recv(timeout=5)
        client.close()
        with pytest.raises(OSError):
            Client(fake.url, timeout=2)
    assert public_key(new_secret())  # (the keys used above are well formed)
