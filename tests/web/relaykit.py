"""A real Nostr relay on 127.0.0.1 for the tests of play across devices, and tools to talk to it.

This module owns:
  - `Relay`: PyPI's nostr-relay (pinned in pyproject.toml's `test` extra) run as a subprocess on a
    free local port, with its config.yaml, its sqlite database and its log in one folder. `start()`
    waits until it answers a Nostr REQ over a WebSocket; `stop()` shuts it down and `kill()` crashes
    it (either ends its whole process group); `start()` again brings it back on the same port with
    the same database, as a relay that went down mid-match and came back. `running_relay(folder)`
    is the context manager that always kills it at the end.
  - `publish(event)` / `query(*filters)` on a `Relay`, and `Client`: a plain WebSocket client, so a
    test can forge events (hostile ones included) and watch what other clients receive.
  - `HostileRelay`: a relay of its own making (a WebSocket server on 127.0.0.1 in a thread) that
    answers a page's subscription with whatever frames a test gives it: junk, events of other
    rooms, events under made-up ids, replays; as fast as the page takes them. Its HTTP face
    answers NIP-11's request (`info_response`), as the pages ask every relay that opens.
  - (a relay that refuses, throttles, asks for authentication and goes away is fakerelay.py's)
  - `new_secret()`, `public_key(secret)`, `event_id(event)`, `sign_event(...)`: NIP-01 event ids
    and BIP-340 Schnorr signatures over secp256k1, by coincurve (the library that nostr-relay's own
    signature check, aionostr's Event.verify, uses).

What this relay does that a client must cope with (seen in nostr-relay 1.14's code and checked by
tests/web/test_relay_fixture.py):
  - Ephemeral events (kinds 20000-29999) are stored like any other and only deleted by its garbage
    collector, every `garbage_collector.collect_interval` seconds (300 by default): until then a new
    subscription is replayed them, even after a restart (they are in its sqlite file). Real
    clients must filter by `since` and drop ids already seen.
  - A refused event (bad signature, content over `max_event_size`...) is answered
    ["OK", "", false, reason], with an empty id, and only after a pause that doubles with each
    refusal on that connection (2 s, 4 s, 8 s...): a client that waits less sees no answer at all.
  - The event's `id` is not checked against its content: the signature is verified over the id the
    relay computes itself, and the event is stored and relayed under the id it was sent with.

Nothing leaves this machine: the relay binds 127.0.0.1 and its NIP-05 checks are off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import coincurve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.sync.client import ClientConnection, connect
from websockets.sync.server import ServerConnection, serve

START_TIMEOUT_S = 30.0
# The content of an event may be this long (characters). nostr-relay's default, 4096, is short for a
# game's messages, and an event over the limit is answered only after a throttling pause (see the
# module's docstring), so the limit is generous.
MAX_EVENT_SIZE = 262_144

CONFIG = """\
# Written by tests/web/relaykit.py: a relay for one test, on 127.0.0.1 only.
DEBUG: false
relay_name: allthrees test relay
relay_description: a local relay started by the tests
storage:
  sqlalchemy.url: "sqlite+aiosqlite:///{db}"
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
    - nostr_relay.validators.is_not_hellthread
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
  graceful_timeout: 1
authentication:
  enabled: false
max_event_size: {max_event_size}
message_timeout: 3600
subscription_limit: 64
max_limit: 6000
hellthread_limit: 100
garbage_collector:
  collect_interval: {collect_interval}
logging:
  version: 1
  formatters:
    simple:
      format: "%(asctime)s %(name)s %(levelname)s %(message)s"
  handlers:
    console:
      class: logging.StreamHandler
      level: DEBUG
      formatter: simple
      stream: ext://sys.stdout
  loggers:
    nostr_relay:
      level: WARNING
      handlers: [console]
      propagate: false
  root:
    level: WARNING
    handlers: [console]
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- events -------------------------------------------------------------------------------------


def new_secret() -> str:
    """A new secret key (hex)."""
    return coincurve.PrivateKey().secret.hex()


def public_key(secret: str) -> str:
    """The x-only public key (hex) of a secret key: the `pubkey` of its events."""
    return coincurve.PublicKeyXOnly.from_secret(bytes.fromhex(secret)).format().hex()


def event_id(event: dict[str, Any]) -> str:
    """NIP-01: the sha256 of [0, pubkey, created_at, kind, tags, content] as compact UTF-8 JSON."""
    data = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def sign_event(
    secret: str,
    kind: int,
    content: str = "",
    tags: list[list[str]] | None = None,
    created_at: int | None = None,
) -> dict[str, Any]:
    """A complete event: id and BIP-340 signature by `secret`, created now unless told."""
    event: dict[str, Any] = {
        "pubkey": public_key(secret),
        "created_at": int(time.time()) if created_at is None else created_at,
        "kind": kind,
        "tags": tags or [],
        "content": content,
    }
    event["id"] = event_id(event)
    signature = coincurve.PrivateKey(bytes.fromhex(secret)).sign_schnorr(bytes.fromhex(event["id"]))
    event["sig"] = signature.hex()
    return event


# --- clients ------------------------------------------------------------------------------------


class Client:
    """One WebSocket connection to a relay, speaking NIP-01 JSON messages."""

    def __init__(self, url: str, timeout: float = 5.0) -> None:
        self._stack = contextlib.ExitStack()  # websockets 17 wants connect() used as a context
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, open_timeout=timeout, max_size=None)
        )
        self._sub = 0

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, message: list[Any]) -> None:
        self.ws.send(json.dumps(message, separators=(",", ":"), ensure_ascii=False))

    def recv(self, timeout: float = 5.0) -> list[Any]:
        """The next message; TimeoutError if none comes in `timeout` seconds."""
        return json.loads(self.ws.recv(timeout=timeout))

    def publish(self, event: dict[str, Any], timeout: float = 5.0) -> list[Any]:
        """Sends ["EVENT", event]; returns the relay's ["OK", id, accepted, reason].

        A refused event is answered after a pause of 2 s (doubling with each refusal on this
        connection): give `timeout` room for it."""
        self.send(["EVENT", event])
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if message[0] == "OK":
                return message

    def subscribe(self, *filters: dict[str, Any], sub_id: str | None = None) -> str:
        """Sends ["REQ", sub_id, *filters]; returns the subscription's id."""
        if sub_id is None:
            self._sub += 1
            sub_id = f"s{self._sub}"
        self.send(["REQ", sub_id, *filters])
        return sub_id

    def stored(self, sub_id: str, timeout: float = 5.0) -> list[dict[str, Any]]:
        """The events a new subscription is sent before its EOSE (what the relay has stored)."""
        events = []
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if message[0] == "EOSE" and message[1] == sub_id:
                return events
            if message[0] == "EVENT" and message[1] == sub_id:
                events.append(message[2])

    def next_event(self, sub_id: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next event sent to subscription `sub_id`; TimeoutError if none comes in time."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if message[0] == "EVENT" and message[1] == sub_id:
                return message[2]

    def unsubscribe(self, sub_id: str) -> None:
        self.send(["CLOSE", sub_id])


# --- the relay ----------------------------------------------------------------------------------


class Relay:
    """nostr-relay on 127.0.0.1:`port`, its files in `folder` (config.yaml, relay.sqlite3,
    relay.log). Not started until `start()`."""

    def __init__(
        self,
        folder: Path,
        *,
        max_event_size: int = MAX_EVENT_SIZE,
        collect_interval: int = 300,
    ) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.config_path = self.folder / "config.yaml"
        self.db_path = self.folder / "relay.sqlite3"
        self.log_path = self.folder / "relay.log"
        self.start_seconds: float | None = None  # how long the last start() took
        self._proc: subprocess.Popen[bytes] | None = None
        self.config_path.write_text(
            CONFIG.format(
                db=self.db_path.resolve(),
                port=self.port,
                max_event_size=max_event_size,
                collect_interval=collect_interval,
            )
        )

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self, timeout: float = START_TIMEOUT_S) -> None:
        """Starts the relay and returns once it answers a REQ; fails with its log if it does not."""
        if self.running:
            return
        began = time.monotonic()
        exe = Path(sys.executable).with_name("nostr-relay")
        with open(self.log_path, "ab") as log:
            self._proc = subprocess.Popen(
                [str(exe), "-c", str(self.config_path), "serve"],
                cwd=self.folder,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stop() ends gunicorn's worker too
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = began + timeout
        while True:
            if self._proc.poll() is not None:
                code = self._proc.returncode
                self._proc = None
                raise RuntimeError(f"nostr-relay exited ({code}) on start:\n{self.log()}")
            if self._answers():
                self.start_seconds = time.monotonic() - began
                return
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"nostr-relay did not answer in {timeout} s:\n{self.log()}")
            time.sleep(0.1)

    def _answers(self) -> bool:
        """True once a TCP connect succeeds and a REQ over a WebSocket gets its EOSE."""
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
        except OSError:
            return False
        try:
            with Client(self.url, timeout=2) as client:
                sub = client.subscribe({"ids": ["0" * 64]}, sub_id="ready")
                client.stored(sub, timeout=2)
                return True
        except Exception:  # refused, closed, timed out, half started: not up yet
            return False

    def stop(self) -> None:
        """Shuts the relay down as its operator would (SIGTERM: it closes its connections, then
        exits, in about 3 s), SIGKILL if it lingers. Idempotent."""
        self._end(graceful=True)

    def kill(self) -> None:
        """Ends the relay at once, as a crash would (SIGKILL: its clients' sockets just drop)."""
        self._end(graceful=False)

    def _end(self, graceful: bool) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if graceful:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        # whatever is left of its process group (gunicorn's worker may outlive the master)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        """What the relay wrote to stdout and stderr so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def client(self, timeout: float = 5.0) -> Client:
        """A new WebSocket connection to the relay (use it as a context manager)."""
        return Client(self.url, timeout=timeout)

    def publish(self, event: dict[str, Any], timeout: float = 10.0) -> list[Any]:
        """Publishes `event` on a new connection; returns ["OK", id, accepted, reason]."""
        with self.client() as client:
            return client.publish(event, timeout=timeout)

    def query(self, *filters: dict[str, Any], timeout: float = 5.0) -> list[dict[str, Any]]:
        """The stored events matching `filters` (one REQ on a new connection, up to EOSE)."""
        with self.client() as client:
            return client.stored(client.subscribe(*filters), timeout=timeout)

    def __enter__(self) -> Relay:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()


@contextlib.contextmanager
def running_relay(folder: Path, **options: Any) -> Iterator[Relay]:
    """A started `Relay` with its files in `folder`, killed on exit whatever happens (a graceful
    stop() takes some 3 s that no test needs at its end)."""
    relay = Relay(folder, **options)
    try:
        relay.start()
        yield relay
    finally:
        relay.kill()


def info_response(request: Request, info: dict[str, Any]) -> Response | None:
    """NIP-11: a relay's HTTP face answers a request that is no WebSocket upgrade with its
    information document, with the CORS headers NIP-11 asks for (a page fetches it from another
    origin); None lets an upgrade through."""
    if "websocket" in request.headers.get("Upgrade", "").lower():
        return None
    body = json.dumps(info).encode()
    headers = Headers(
        [
            ("Content-Type", "application/nostr+json"),
            ("Access-Control-Allow-Origin", "*"),
            ("Access-Control-Allow-Headers", "*"),
            ("Access-Control-Allow-Methods", "*"),
            ("Content-Length", str(len(body))),
        ]
    )
    return Response(200, "OK", headers, body)


class HostileRelay:
    """A relay that is no relay: on a page's REQ it sends the frames `frames(sub_id, filter)`
    makes, then reads (and ignores) whatever the page sends until it goes. Run it as a context
    manager; `sent` counts the frames it sent, `subscribers` the REQs it answered."""

    def __init__(self, frames: Callable[[str, dict[str, Any]], Iterator[str]]) -> None:
        self.frames = frames
        self.sent = 0
        self.subscribers = 0
        self._server = serve(
            self._handle,
            "127.0.0.1",
            0,
            max_size=2**22,
            process_request=lambda _conn, request: info_response(request, {"name": "hostile"}),
        )
        self.port = self._server.socket.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _handle(self, ws: ServerConnection) -> None:
        with contextlib.suppress(Exception):
            for text in ws:
                message = json.loads(text)
                if message[0] != "REQ":
                    continue
                self.subscribers += 1
                for frame in self.frames(message[1], message[2]):
                    ws.send(frame)
                    self.sent += 1

    def __enter__(self) -> HostileRelay:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._thread.join(timeout=10)
