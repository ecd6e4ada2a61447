"""The web app manifest: it parses, its icons are real PNGs of the sizes it declares, and Chromium
finds the page installable (manifest, icons, a service worker with a fetch handler, a secure
origin)."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from conftest import CSP_WATCH
from playwright.sync_api import Playwright, expect
from tablekit import BOOT_TIMEOUT_MS

CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve, reject) => {
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), {once: true});
  setTimeout(() => reject(new Error("no service worker took control in 60 s")), 60000);
})"""


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_parses_and_its_icons_have_their_sizes(dist: Path) -> None:
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"] == "All Threes Domino"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["orientation"] == "portrait"
    assert manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")
    declared = {}
    for icon in manifest["icons"]:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(dist / icon["src"]) == (width, height), icon["src"]
        assert icon["type"] == "image/png"
        for purpose in icon.get("purpose", "any").split():
            declared.setdefault(purpose, set()).add(width)
    assert {192, 512} <= declared["any"]
    assert declared["maskable"]
    index = (dist / "index.html").read_text()
    assert '<link rel="manifest" href="manifest.webmanifest">' in index
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in index


def test_chromium_finds_the_page_installable(
    playwright: Playwright, browser_type_launch_args: dict, site_url: str, tmp_path: Path
) -> None:
    # A real profile: Playwright's usual contexts are incognito, which is never installable.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args
    )
    problems: list[str] = []
    try:
        page = context.new_page()
        page.add_init_script(script=CSP_WATCH)
        page.on("console", lambda m: m.type == "error" and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        assert page.evaluate(CONTROLLED) is True
        cdp = context.new_cdp_session(page)
        app_manifest = cdp.send("Page.getAppManifest")
        assert app_manifest["url"].endswith("/manifest.webmanifest")
        assert app_manifest["errors"] == [], app_manifest["errors"]
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()
    assert not problems, problems
