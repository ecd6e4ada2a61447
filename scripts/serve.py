#!/usr/bin/env python3
"""Serve the built site (dist/) locally the way Netlify serves it.

Standard library only. Correct MIME types (WebAssembly must be application/wasm or Pyodide stalls),
the response headers declared in netlify.toml, matched with Netlify's path rules, so that
netlify.toml stays the one source of truth for headers (CSP, caching, nosniff ...), and compressed
on the fly as Netlify compresses (``COMPRESSED_SUFFIXES``, gzip here where Netlify may use brotli),
so that the bytes a browser receives here are those it would receive from Netlify.

Command line (prints the bound address on its first line of output, so port 0 is usable)::

    python3 scripts/serve.py --dir dist --port 0

From Python::

    server = serve("dist", port=0)      # started in a daemon thread
    print(server.url)
    server.shutdown()

Requests are not logged; set ALLTHREES_SERVE_LOG=1 to log every request.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import sys
import threading
import tomllib
import urllib.parse
from collections import deque
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIG = ROOT / "netlify.toml"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # the packed zips (scripts/build), sent as they are
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}
DEFAULT_MIME = "application/octet-stream"
# What Netlify compresses on the fly (its blog, "Brotli comes to Netlify Edge", 2020: brotli and
# gzip for what a browser accepts them for, with no list of types published): text types, and we
# assume WebAssembly too. Zip files (the standard library, the wheel) are already compressed
# inside and go as they are (see docs/performance.md, "Load").
COMPRESSED_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".wasm"}
GZIP_LEVEL = 9
SENT_KEPT = 10_000  # responses remembered in SiteServer.sent
# What Netlify sends when no rule sets Cache-Control.
NETLIFY_DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"


def for_regexp(for_path: str) -> re.Pattern[str]:
    """The regular expression Netlify builds from a [[headers]] `for` path.

    A whole `*` segment matches anything, even nothing and even `/`; a `*` inside a segment matches
    anything too; `:name` matches one segment; the rest is literal; case-insensitive; a trailing `/`
    is optional.
    """
    parts = [p.rstrip() for p in for_path.strip().split("/")]
    regex_parts = []
    for part in filter(None, parts):
        if part.startswith(":"):
            regex_parts.append("([^/]+)")
        elif part == "*":
            regex_parts.append("?(.*)")
        elif "*" in part:
            regex_parts.append("(.*)".join(re.escape(p) for p in part.split("*")))
        else:
            regex_parts.append(re.escape(part))
    return re.compile("^/" + "/".join(regex_parts) + "/?$", re.IGNORECASE)


def _join_value(value: str | list[str]) -> str:
    if isinstance(value, list):
        return ", ".join(v.strip() for v in value)
    return ", ".join(re.split(r"\s*,\s*", value.strip()))


class HeaderRules:
    """The [[headers]] rules of a netlify.toml, in file order."""

    def __init__(self, rules: Iterable[tuple[str, dict[str, str]]]):
        self.rules = [(for_regexp(path), path, values) for path, values in rules]

    @classmethod
    def from_toml(cls, path: Path) -> HeaderRules:
        with open(path, "rb") as f:
            config = tomllib.load(f)
        rules = []
        for entry in config.get("headers", []):
            values = {k.strip(): _join_value(v) for k, v in entry.get("values", {}).items()}
            rules.append((entry["for"], values))
        return cls(rules)

    def for_path(self, url_path: str) -> dict[str, str]:
        """Headers for one path; a later rule overrides an earlier one (as in Netlify CLI)."""
        headers: dict[str, str] = {}
        for regexp, _, values in self.rules:
            if regexp.match(url_path):
                for name, value in values.items():
                    for existing in [k for k in headers if k.lower() == name.lower()]:
                        del headers[existing]
                    headers[name] = value
        return headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with Netlify's headers; no directory listings."""

    protocol_version = "HTTP/1.1"
    rules: HeaderRules = HeaderRules([])
    verbose = False

    def _rule_headers(self) -> dict[str, str]:
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        return self.rules.for_path(path)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        for name, value in self._rule_headers().items():
            if name.lower() == "content-type":
                return value
        return MIME_TYPES.get(Path(path).suffix.lower(), DEFAULT_MIME)

    _gzipped: dict[tuple[str, int], bytes] = {}  # (path, mtime_ns) -> gzip bytes, shared

    def send_head(self):
        """A compressible file to a client that accepts gzip goes gzipped (computed once)."""
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or path.suffix.lower() not in COMPRESSED_SUFFIXES or not path.is_file():
            body = super().send_head()
            if body is not None and self.command == "GET" and hasattr(body, "fileno"):
                self.server.sent.append((self.path, os.fstat(body.fileno()).st_size))
            return body
        stat = path.stat()
        if self._not_modified(int(stat.st_mtime)):
            self.send_response(304)
            self.end_headers()
            return None
        key = (str(path), stat.st_mtime_ns)
        body = self._gzipped.get(key)
        if body is None:
            body = gzip.compress(path.read_bytes(), GZIP_LEVEL, mtime=0)
            self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        if self.command == "GET":
            self.server.sent.append((self.path, len(body)))
        return io.BytesIO(body)

    def _not_modified(self, mtime: int) -> bool:
        """A revalidation of a copy as new as the file (If-Modified-Since, as the base class
        answers it for the files it sends as they are)."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        return when.tzinfo is not None and mtime <= when.timestamp()

    def end_headers(self) -> None:
        headers = self._rule_headers()
        if not any(k.lower() == "cache-control" for k in headers):
            headers["Cache-Control"] = NETLIFY_DEFAULT_CACHE_CONTROL
        for name, value in headers.items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    def list_directory(self, path: str | os.PathLike[str]):  # noqa: ARG002 - Netlify never lists
        self.send_error(404, "Not Found")
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.verbose:
            super().log_request(code, size)

    def log_error(self, format: str, *args) -> None:  # noqa: A002 - signature of the base class
        if self.verbose:
            super().log_error(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # (path, body bytes) of the last GETs answered with a body: what went over the wire, for
        # the benchmarks (appends are atomic; the handler threads only append; bounded, so a
        # long `scripts/play` session does not grow it without end)
        self.sent: deque[tuple[str, int]] = deque(maxlen=SENT_KEPT)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(
    directory: str | os.PathLike[str],
    port: int = 8000,
    host: str = "127.0.0.1",
    config: str | os.PathLike[str] = DEFAULT_CONFIG,
) -> SiteServer:
    """A server for `directory` on (host, port); port 0 picks a free port. Not started yet."""
    directory = Path(directory).resolve()
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html is missing: run scripts/build first")
    handler = type(
        "ConfiguredSiteHandler",
        (SiteHandler,),
        {
            "rules": HeaderRules.from_toml(Path(config)),
            "verbose": os.environ.get("ALLTHREES_SERVE_LOG", "") not in ("", "0"),
        },
    )
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def serve(
    directory: str | os.PathLike[str],
    port: int = 0,
    host: str = "127.0.0.1",
    config: str | os.PathLike[str] = DEFAULT_CONFIG,
) -> SiteServer:
    """Start serving `directory` in a daemon thread; stop it with `server.shutdown()`."""
    server = make_server(directory, port, host, config)
    threading.Thread(target=server.serve_forever, name="serve", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="directory to serve (dist/)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--config", default=str(DEFAULT_CONFIG), help="netlify.toml to read")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.dir, args.port, args.host, args.config)
    except (FileNotFoundError, OSError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at {server.url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
