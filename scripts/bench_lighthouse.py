#!/usr/bin/env python3
"""Lighthouse's accessibility score of the loaded table (`scripts/bench lighthouse`).

Lighthouse is not a dependency of the game or of its tests: this installs one pinned version
from npm into .cache/lighthouse/ (once; about 190 MB, 11 s here), serves the built site as Netlify
would (scripts/serve.py), and for English and Polish, on the desktop (1280x800) and as a 360 px
phone, opens the page in Debian's Chromium, waits until the table accepts input, and runs
Lighthouse's accessibility category on that moment (snapshot mode, scripts/lighthouse.mjs).

Prints a line per run, then one JSON line. Exit status 1 when any score is below 100; when
Lighthouse cannot be installed or started here it says why and exits 0 with "skipped".

    scripts/bench lighthouse [--no-build]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402  (scripts/serve.py: Netlify's headers from netlify.toml)

LIGHTHOUSE_VERSION = "12.8.2"  # 13 needs Node.js 22.19; Debian's is 20
INSTALL_DIR = ROOT / ".cache" / "lighthouse"
RUNNER = ROOT / "scripts" / "lighthouse.mjs"
SCORE_GOAL = 100
RUN_TIMEOUT_S = 300
RUNS = [("en", "desktop"), ("en", "phone"), ("pl", "desktop"), ("pl", "phone")]


def install() -> str | None:
    """Lighthouse in INSTALL_DIR; None when it is there, else why it could not be installed."""
    marker = INSTALL_DIR / "node_modules" / "lighthouse" / "package.json"
    if marker.is_file() and json.loads(marker.read_text())["version"] == LIGHTHOUSE_VERSION:
        return None
    if shutil.which("npm") is None:
        return "npm is not installed"
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    package = {"private": True, "dependencies": {"lighthouse": LIGHTHOUSE_VERSION}}
    (INSTALL_DIR / "package.json").write_text(json.dumps(package, indent=2) + "\n")
    done = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=INSTALL_DIR,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        return f"npm install lighthouse@{LIGHTHOUSE_VERSION} failed: {done.stderr.strip()[-400:]}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    why = install()
    if why:
        print(f"lighthouse: skipped, {why}")
        print(json.dumps({"lighthouse": "skipped", "why": why}))
        return 0
    if not args.no_build:
        subprocess.run([str(ROOT / "scripts" / "build")], check=True, cwd=ROOT)
    server = serve.serve(ROOT / "dist", port=0)
    results = []
    try:
        for lang, form in RUNS:
            done = subprocess.run(
                ["node", str(RUNNER), str(INSTALL_DIR), server.url, lang, form],
                capture_output=True,
                text=True,
                timeout=RUN_TIMEOUT_S,
            )
            lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
            if done.returncode != 0 or not lines:
                why = (done.stderr.strip() or done.stdout.strip())[-400:]
                print(f"lighthouse: skipped, it did not run here: {why}")
                print(json.dumps({"lighthouse": "skipped", "why": why}))
                return 0
            result = json.loads(lines[-1])
            results.append(result)
            failed = ", ".join(f["id"] for f in result["failed"]) or "none failed"
            print(
                f"{lang} {form:8} accessibility {result['score']:3d}"
                f" ({result['audits']} audits applied; {failed}; <html lang={result['htmlLang']}>)"
            )
    finally:
        server.shutdown()
    ok = all(r["score"] >= SCORE_GOAL and r["htmlLang"] == r["lang"] for r in results)
    print(json.dumps({"lighthouse": LIGHTHOUSE_VERSION, "runs": results, "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
