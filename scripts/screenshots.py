#!/usr/bin/env python3
"""The README's pictures of the table: the built site in Debian's Chromium, at 1280 px (a
desktop, mouse) and at 360 px (a phone, touch), after a few moves of one seeded deal.

    scripts/screenshots          # build, then write docs/img/table-1280.png and table-360.png
    .venv/bin/python scripts/screenshots.py --dist DIR --out DIR   # any built site

The deal is a practice seed against Casual (whose moves depend on the deal alone), so the same
build gives the same pictures: two builds' pictures can be compared to show that a change left
the table as it was (``--compare DIR``: the count of differing pixels per picture).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from playwright.sync_api import sync_playwright  # noqa: E402
from serve import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
SEED = 7
MOVES = 3  # the person's plays before the picture: a few tiles on the felt
PREFS = {
    "muted": True,
    "settings": {"mode": "match", "seats": [{"controller": "you"}, {"controller": "casual"}]},
}
VIEWS = {
    "table-1280.png": {"viewport": {"width": 1280, "height": 800}},
    "table-360.png": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}
IDLE = "() => window.allthreesTest.idle()"
STATE = "() => window.allthreesTest.state()"


def center(r: dict) -> tuple[float, float]:
    return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2


def shoot(browser, url: str, view: dict, path: Path) -> None:
    context = browser.new_context(**view, locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    prefs = json.dumps(PREFS)
    page.add_init_script(script=f"localStorage.setItem('allthrees.prefs.v1', {prefs!r});")
    page.goto(f"{url}?seed={SEED}")
    page.wait_for_selector("html[data-ready='true']", timeout=120_000)
    touch = view.get("has_touch", False)
    for _ in range(MOVES):
        page.evaluate(IDLE)
        st = page.evaluate(STATE)
        tile = next((t for t in st["hand"] if t["playable"]), None)
        if st["round_over"] or st["turn"] != st["human"] or tile is None:
            break
        for rect in (tile["rect"], st["targets"][tile["tile"]][0]["rect"]):
            x, y = center(rect)
            page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
    page.evaluate(IDLE)
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), animations="disabled")
    context.close()


COUNT_DIFFERENT = """async ([a, b]) => {
  const load = async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return img;
  };
  const [x, y] = [await load(a), await load(b)];
  if (x.width !== y.width || x.height !== y.height) return "different sizes";
  const read = (img) => {
    const g = new OffscreenCanvas(img.width, img.height).getContext("2d");
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const [p, q] = [read(x), read(y)];
  let n = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) n++;
  }
  return n;
}"""


def differing_pixels(a: Path, b: Path) -> int | str:
    """How many pixels differ between two pictures (Chromium decodes both, so no imaging package
    is needed)."""
    from base64 import b64encode

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        count = page.evaluate(
            COUNT_DIFFERENT,
            [f"data:image/png;base64,{b64encode(f.read_bytes()).decode()}" for f in (a, b)],
        )
        browser.close()
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--compare", type=Path, help="a folder of pictures to compare with")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server = serve(str(args.dist), port=0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for name, view in VIEWS.items():
                shoot(browser, server.url, view, args.out / name)
                print(f"wrote {args.out / name}")
            browser.close()
    finally:
        server.shutdown()
    if args.compare:
        for name in VIEWS:
            print(f"{name}: {differing_pixels(args.out / name, args.compare / name)} pixels differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
