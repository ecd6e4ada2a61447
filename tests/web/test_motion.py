"""The table with and without the player's "reduce motion" setting (prefers-reduced-motion): with
it, a played tile is in its place at once (no flight: each change drawn once), and the lit ends
and the boneyard glow steadily, so the table draws no frame while nothing changes; without it,
the lit ends breathe.

What is counted is the table canvas's frames: each frame clears the whole canvas first
(draw/frames.js), so the page's own clearRect calls on it at (0, 0) are its frames."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page
from tablekit import IDLE, STATE, open_table

FRAMES = """
window.__frames = 0;
const clear = CanvasRenderingContext2D.prototype.clearRect;
CanvasRenderingContext2D.prototype.clearRect = function (x, y, ...rest) {
  if (this.canvas.id === "table" && x === 0 && y === 0) window.__frames += 1;
  return clear.call(this, x, y, ...rest);
};
"""
LOOK_MS = 1500  # how long the table is watched with a tile lifted
# A play and the reply with reduced motion: each change drawn once, about 23 frames here (with
# motion, about 100 on an idle machine: the flights, the rack closing up, the camera).
PLAY_FRAMES_REDUCED = 50
SEATS = "?seats=you,casual&seed=3"


def lifted_table(browser: Browser, site_url: str, motion: str) -> Page:
    """A table at the person's turn with a tile lifted by the keys (its ends lit), or the
    boneyard glowing when nothing plays."""
    context = browser.new_context(
        base_url=site_url, viewport={"width": 1280, "height": 800}, reduced_motion=motion
    )
    page = context.new_page()
    page.add_init_script(script=FRAMES)
    open_table(page, SEATS)
    for _ in range(40):
        page.evaluate(IDLE)
        st = page.evaluate(STATE)
        if st["turn"] == st["human"] and not st["round_over"]:
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the person's turn did not come")
    page.locator("#table").focus()
    if any(t["playable"] for t in st["hand"]):
        page.keyboard.press("ArrowRight")
    else:
        assert st["buttons"]["draw"], st["buttons"]
    page.evaluate(IDLE)
    page.wait_for_timeout(300)  # the last frames of the lift
    return page


def frames_while_looking(page: Page) -> int:
    before = page.evaluate("() => window.__frames")
    page.wait_for_timeout(LOOK_MS)
    return page.evaluate("() => window.__frames") - before


def frames_of_a_play(page: Page) -> int:
    """Frames from the person's play (Enter on the lifted tile) until the table waits for the
    person again: the tile's way to its place, the computer's reply and its way."""
    before = page.evaluate("() => window.__frames")
    page.keyboard.press("Enter")
    page.evaluate(IDLE)
    return page.evaluate("() => window.__frames") - before


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_holds_the_table_still(browser: Browser, site_url: str, motion: str) -> None:
    page = lifted_table(browser, site_url, motion)
    try:
        still = frames_while_looking(page)
        if motion == "reduce":
            assert still <= 1, f"{still} frames of a still table"
            played = frames_of_a_play(page)
            assert played <= PLAY_FRAMES_REDUCED, f"{played} frames: something still flies"
        else:
            # about 25 a second (draw/frames.js); a loaded machine draws fewer, never none
            assert still >= LOOK_MS // 300, f"only {still} frames: the lit ends do not breathe"
    finally:
        page.context.close()
