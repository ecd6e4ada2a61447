"""A Nostr relay of the tests' own making that misbehaves as public relays do, on 127.0.0.1.

This module owns `FakeRelay`: a WebSocket server in a thread (as relaykit.HostileRelay) that is a
working relay, speaking NIP-01's and NIP-42's exact messages: each connection's subscriptions
(`REQ` by id, `CLOSE`), an `EVENT` checked (its id recomputed, its BIP-340 signature by coincurve)
and answered `["OK", id, accepted, "prefix: words"]`, then sent to every subscription it matches
(kinds, ids, authors, #t/#p/#d, since, until); events of stored kinds (not ephemeral) are kept and
served before `EOSE`; an HTTP request with `Accept: application/nostr+json` is answered with its
NIP-11 document (`info`), with the CORS headers NIP-11 asks for.

What it can be made to do (each a behaviour of `FakeRelay(...)`, set before or during a test):
  - `throttle=(burst, per_second)`: per connection, events beyond the bucket are refused
    `rate-limited:`; `gaps` records, for each refusal, how long the connection waited before its
    next event (a client that hammers shows gaps near zero);
  - `auth=True`: sends `["AUTH", challenge]` on connect and refuses events (`auth-required:`) and
    subscriptions (`CLOSED ... auth-required:`) until the connection answers with a valid kind
    22242 event (its challenge, this relay's URL, a fresh time, a valid signature);
  - `refuse_kinds={...}`: events of those kinds are refused `restricted:`;
  - `close_after=n`: a subscription is ended (`CLOSED ... error: shutting down idle subscription`)
    once it has been sent n events;
  - `drop=True`: every event is answered OK and then sent to nobody;
  - `stop()`: the relay goes away mid-match (every connection closed, no new one taken);
  - `info`: the NIP-11 document (a dict).
Counters (`refused`: refusals by prefix, of events and of subscriptions; `accepted`, `delivered`,
`authenticated`, `closed_subs`, `reqs`, `connections`, `events_by_kind`, `contents`) let a test
show the behaviour really happened.
Nothing leaves this machine: it binds 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
from collections import Counter
from typing import Any

import coincurve
from relaykit import event_id, info_response
from websockets.http11 import Request, Response
from websockets.sync.server import ServerConnection, serve

AUTH_KIND = 22242


def signed(event: dict[str, Any]) -> bool:
    """Whether `event` is NIP-01's shape with its own id and its key's BIP-340 signature."""
    try:
        if event_id(event) != event["id"]:
            return False
        key = coincurve.PublicKeyXOnly(bytes.fromhex(event["pubkey"]))
        return bool(key.verify(bytes.fromhex(event["sig"]), bytes.fromhex(event["id"])))
    except (KeyError, TypeError, ValueError):
        return False


def matches(flt: dict[str, Any], event: dict[str, Any]) -> bool:
    """NIP-01: every condition of the filter holds for the event."""
    if "ids" in flt and event["id"] not in flt["ids"]:
        return False
    if "authors" in flt and event["pubkey"] not in flt["authors"]:
        return False
    if "kinds" in flt and event["kind"] not in flt["kinds"]:
        return False
    if "since" in flt and event["created_at"] < flt["since"]:
        return False
    if "until" in flt and event["created_at"] > flt["until"]:
        return False
    for name, wanted in flt.items():
        if name.startswith("#") and len(name) == 2:
            values = {t[1] for t in event["tags"] if len(t) >= 2 and t[0] == name[1]}
            if not values & set(wanted):
                return False
    return True


class _Client:
    """One connection: its subscriptions, its authentication, its throttle bucket."""

    def __init__(self, ws: ServerConnection, challenge: str, burst: float) -> None:
        self.ws = ws
        self.challenge = challenge
        self.authed = False
        self.subs: dict[str, list[dict[str, Any]]] = {}
        self.sent: Counter[str] = Counter()  # events sent per subscription
        self.tokens = burst
        self.at = time.monotonic()
        self.refused_at: float | None = None  # when its last event was refused rate-limited
        self.lock = threading.Lock()

    def send(self, message: list[Any]) -> None:
        with self.lock, contextlib.suppress(Exception):
            self.ws.send(json.dumps(message, separators=(",", ":")))


class FakeRelay:
    """A relay on 127.0.0.1 with the behaviours in the module's docstring; a context manager."""

    def __init__(
        self,
        *,
        throttle: tuple[float, float] | None = None,
        auth: bool = False,
        refuse_kinds: set[int] | None = None,
        close_after: int | None = None,
        drop: bool = False,
        info: dict[str, Any] | None = None,
    ) -> None:
        self.throttle = throttle
        self.auth = auth
        self.refuse_kinds = refuse_kinds or set()
        self.close_after = close_after
        self.drop = drop
        self.info = info if info is not None else {"name": "fake", "supported_nips": [1, 11, 42]}
        self.refused: Counter[str] = Counter()
        self.accepted = 0
        self.delivered = 0
        self.authenticated = 0
        self.closed_subs = 0
        self.reqs = 0
        self.connections = 0
        self.events_by_kind: Counter[int] = Counter()
        self.contents: list[int] = []  # the content length of each event accepted
        self.gaps: list[float] = []  # s from a rate-limited refusal to that connection's next event
        self.stored: list[dict[str, Any]] = []
        self.stopped = False
        self._clients: set[_Client] = set()
        self._lock = threading.Lock()
        self._server = serve(
            self._handle, "127.0.0.1", 0, max_size=2**22, process_request=self._http
        )
        self.port = self._server.socket.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    # --- HTTP: NIP-11 -----------------------------------------------------------------------

    def _http(self, _connection: ServerConnection, request: Request) -> Response | None:
        return info_response(request, self.info)

    # --- WebSocket: NIP-01 --------------------------------------------------------------------

    def _handle(self, ws: ServerConnection) -> None:
        client = _Client(ws, secrets.token_hex(16), self.throttle[0] if self.throttle else 0)
        with self._lock:
            self.connections += 1
            self._clients.add(client)
        try:
            if self.auth:
                client.send(["AUTH", client.challenge])
            for text in ws:
                if self.stopped:
                    break
                self._message(client, json.loads(text))
        except Exception:  # noqa: BLE001 - a connection that breaks ends; the relay goes on
            pass
        finally:
            with self._lock:
                self._clients.discard(client)

    def _message(self, client: _Client, msg: list[Any]) -> None:
        kind = msg[0] if msg else None
        if kind == "EVENT" and len(msg) == 2:
            self._event(client, msg[1])
        elif kind == "REQ" and len(msg) >= 3:
            self._req(client, msg[1], msg[2:])
        elif kind == "CLOSE" and len(msg) == 2:
            client.subs.pop(msg[1], None)
        elif kind == "AUTH" and len(msg) == 2:
            self._auth(client, msg[1])
        else:
            client.send(["NOTICE", "invalid: not a message this relay knows"])

    def _auth(self, client: _Client, event: dict[str, Any]) -> None:
        tags = {t[0]: t[1] for t in event.get("tags", []) if len(t) >= 2}
        fresh = abs(time.time() - event.get("created_at", 0)) < 600
        ok = (
            event.get("kind") == AUTH_KIND
            and signed(event)
            and fresh
            and tags.get("challenge") == client.challenge
            and tags.get("relay", "").rstrip("/") == self.url
        )
        if ok:
            client.authed = True
            self.authenticated += 1
        client.send(["OK", event.get("id", ""), ok, "" if ok else "invalid: not this challenge"])

    def _refuse(self, client: _Client, event_id_: str, message: str) -> None:
        self.refused[message.split(":", 1)[0]] += 1
        client.send(["OK", event_id_, False, message])

    def _event(self, client: _Client, event: dict[str, Any]) -> None:
        eid = event.get("id", "") if isinstance(event, dict) else ""
        now = time.monotonic()
        if client.refused_at is not None:
            self.gaps.append(now - client.refused_at)
            client.refused_at = None
        if not isinstance(event, dict) or not signed(event):
            return self._refuse(client, eid, "invalid: bad id or signature")
        if self.auth and not client.authed:
            return self._refuse(client, eid, "auth-required: this relay serves members")
        if event["kind"] in self.refuse_kinds:
            return self._refuse(client, eid, f"restricted: kind {event['kind']} is not taken here")
        if self.throttle:
            burst, per_second = self.throttle
            client.tokens = min(burst, client.tokens + (now - client.at) * per_second)
            client.at = now
            if client.tokens < 1:
                client.refused_at = now
                return self._refuse(client, eid, "rate-limited: slow down")
            client.tokens -= 1
        with self._lock:
            self.accepted += 1
            self.events_by_kind[event["kind"]] += 1
            self.contents.append(len(event["content"]))
            if not 20000 <= event["kind"] < 30000:
                self.stored.append(event)
        client.send(["OK", eid, True, ""])
        if not self.drop:
            self._broadcast(event)

    def _broadcast(self, event: dict[str, Any]) -> None:
        with self._lock:
            clients = list(self._clients)
        for other in clients:
            for sub, filters in list(other.subs.items()):
                if any(matches(f, event) for f in filters):
                    other.send(["EVENT", sub, event])
                    self.delivered += 1
                    other.sent[sub] += 1
                    if self.close_after is not None and other.sent[sub] >= self.close_after:
                        other.subs.pop(sub, None)
                        other.sent[sub] = 0
                        self.closed_subs += 1
                        other.send(["CLOSED", sub, "error: shutting down idle subscription"])

    def _req(self, client: _Client, sub: str, filters: list[dict[str, Any]]) -> None:
        self.reqs += 1
        if self.auth and not client.authed:
            self.refused["auth-required"] += 1
            client.send(["CLOSED", sub, "auth-required: read needs authentication"])
            return
        client.subs[sub] = filters
        with self._lock:
            stored = [e for e in self.stored if any(matches(f, e) for f in filters)]
        limit = min((f.get("limit", 500) for f in filters), default=500)
        for event in sorted(stored, key=lambda e: -e["created_at"])[:limit]:
            client.send(["EVENT", sub, event])
        client.send(["EOSE", sub])

    # --- life ---------------------------------------------------------------------------------

    def publish(self, event: dict[str, Any]) -> None:
        """Keep `event` as if a client had sent it (a monitor's report, say)."""
        with self._lock:
            self.stored.append(event)

    def stop(self) -> None:
        """The relay goes away: every connection closed, none taken any more."""
        self.stopped = True
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            with contextlib.suppress(Exception):
                client.ws.close()
        self._server.shutdown()

    def __enter__(self) -> FakeRelay:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.stopped:
            self.stop()
        self._thread.join(timeout=10)
