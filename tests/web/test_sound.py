"""The parlor's sound: each effect and the soundtrack rendered through an OfflineAudioContext in the
page (not silent; the chime fuller for more points; silent when its level is off), the levels in
the menu by keyboard and kept over a reload, and the soundtrack fetched only once music is on after
the first table, then kept by the service worker for offline play; a hidden tab is silent."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from tablekit import ARTIFACTS, BOOT_TIMEOUT_MS, IDLE, PREFS_KEY, open_table

SOUNDTRACK = "later/soundtrack.js"
RMS_FLOOR = 0.002  # heard: its loudest 20 ms have an RMS above this (-54 dB of full scale)

# Renders one sound through the page's own Sound (web/js/sound/sound.js) into an offline context:
# resolves to the RMS of what came out, over the whole render and over its loudest 20 ms. `play`
# is a Sound.play() argument, or "music" for the soundtrack's first `seconds`.
RENDER = """async ({ play, effects, music, seconds }) => {
  const { Sound } = await import(new URL("js/sound/sound.js", location.href).href);
  const rate = 22050;
  const context = new OfflineAudioContext(1, Math.round(rate * seconds), rate);
  const sound = new Sound({ context, levels: { effects, music } });
  await sound.loaded();
  if (play === "music") await sound.startMusic(seconds);
  else sound.play(play);
  const data = (await context.startRendering()).getChannelData(0);
  const frame = Math.round(rate * 0.02);
  let sum = 0;
  let loudest = 0;
  for (let i = 0; i < data.length; i += frame) {
    let part = 0;
    for (const x of data.subarray(i, i + frame)) part += x * x;
    sum += part;
    loudest = Math.max(loudest, Math.sqrt(part / frame));
  }
  return { whole: Math.sqrt(sum / data.length), loudest };
}"""

EFFECTS = {
    "fanfare": ("fanfare", 4),
    "lament": ("lament", 4),
    "click": ("click", 0.3),
    "clink": ("clink", 0.3),
    "shuffle": ("shuffle", 1),
    "chime 3": (["chime", 3], 2),
    "chime 30": (["chime", 30], 2),
}


def rms(page: Page, play, seconds: float, effects: int = 80, music: int = 0) -> dict:
    """{whole, loudest}: the RMS over the render and over its loudest 20 ms."""
    args = {"play": play, "effects": effects, "music": music, "seconds": seconds}
    return page.evaluate(RENDER, args)


def stored_prefs(page: Page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem({PREFS_KEY!r})") or "{}")


def open_levels(page: Page) -> None:
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-levels").click()
    expect(page.locator("#levels-dialog")).to_be_visible()


def test_every_sound_is_heard_grows_with_the_points_and_is_silent_when_off(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    page.evaluate(IDLE)
    heard = {name: rms(page, play, secs) for name, (play, secs) in EFFECTS.items()}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "sound-levels.json").write_text(json.dumps(heard, indent=1))
    for name, level in heard.items():
        assert level["loudest"] > RMS_FLOOR, f"{name} is silent: {level}"
    # over the same 2 s, the chime for 30 carries more than the one for 3 (longer, louder, fuller)
    assert heard["chime 30"]["whole"] > heard["chime 3"]["whole"] * 1.3, f"a 30 is not a 3: {heard}"
    assert heard["chime 30"]["loudest"] > heard["chime 3"]["loudest"], heard
    assert heard["click"]["loudest"] < heard["clink"]["loudest"], "the click is the soft one"
    music = rms(page, "music", 4, music=60)
    assert music["loudest"] > RMS_FLOOR, f"the soundtrack's first seconds are silent: {music}"
    assert music["whole"] > RMS_FLOOR / 2, f"the soundtrack's first seconds are faint: {music}"
    # each level off: silence (the music's first seconds too)
    for name, (play, secs) in EFFECTS.items():
        off = rms(page, play, secs, effects=0)
        assert off["loudest"] == 0, f"{name} is heard with effects off: {off}"
    assert rms(page, "music", 4, music=0)["loudest"] == 0, "music heard with its level off"
    quieter = rms(page, "fanfare", 4, effects=20)
    assert quieter["whole"] < heard["fanfare"]["whole"], "a lower level is quieter"


def test_the_levels_change_by_keyboard_in_the_menu_and_survive_a_reload(page: Page) -> None:
    open_table(page, "?seats=you,casual&seed=5")
    page.evaluate(IDLE)
    open_levels(page)
    effects = page.locator("#level-effects")
    music = page.locator("#level-music")
    expect(page.get_by_label("Effects", exact=True)).to_have_value("80")
    expect(page.get_by_label("Music", exact=True)).to_have_value("0")
    expect(music).to_have_attribute("aria-valuetext", "Off")
    expect(effects).to_be_focused()  # the dialog opens on the first slider
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(effects).to_have_value("70")
    expect(page.locator("#level-effects-value")).to_have_text("70%")
    page.keyboard.press("Tab")
    expect(music).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(music).to_have_value("95")
    expect(music).to_have_attribute("aria-valuetext", "95%")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(music).to_have_value("5")
    prefs = stored_prefs(page)
    assert (prefs["effects"], prefs["music"]) == (70, 5)
    page.keyboard.press("Escape")
    expect(page.locator("#levels-dialog")).to_have_count(0)

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(IDLE)
    open_levels(page)
    expect(page.locator("#level-effects")).to_have_value("70")
    expect(page.locator("#level-music")).to_have_value("5")
    page.locator("#levels-close").click()
    # the mute silences both and keeps the levels; unmuting brings them back
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-sound").click()
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")
    open_levels(page)
    expect(page.locator("#levels-muted")).to_be_visible()
    expect(page.locator("#level-music")).to_have_value("5")
    page.locator("#levels-close").click()
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-sound").click()
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "true")
    prefs = stored_prefs(page)
    assert (prefs["muted"], prefs["effects"], prefs["music"]) == (False, 70, 5)


CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve) =>
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true),
    {once: true}))"""
CACHED = """async () => {
  const names = await caches.keys();
  const found = [];
  for (const name of names)
    for (const r of await (await caches.open(name)).keys()) found.push(new URL(r.url).pathname);
  return found;
}"""


def test_the_soundtrack_is_fetched_only_when_music_is_on_and_kept_offline(page: Page) -> None:
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if SOUNDTRACK in r.url else None)
    # a first visit: the table, a move by the keys (gestures), the menu: no soundtrack
    open_table(page, "?seats=you,casual&seed=5")
    page.evaluate(IDLE)
    page.locator("#table").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.evaluate(IDLE)
    assert page.evaluate(CONTROLLED) is True
    assert not any(SOUNDTRACK in p for p in page.evaluate(CACHED)), "precached"
    open_levels(page)
    assert fetched == [], "the soundtrack came before music was on"

    # music on (by the keyboard, a gesture): fetched once, and the service worker keeps it
    with page.expect_response(lambda r: SOUNDTRACK in r.url) as response:
        page.locator("#level-music").focus()
        page.keyboard.press("ArrowRight")
    assert response.value.ok
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")
    page.evaluate(IDLE)
    assert len(fetched) == 1, fetched
    assert any(p.endswith(SOUNDTRACK) for p in page.evaluate(CACHED)), "not kept for offline"

    # offline, reloaded: music is on (remembered), so a gesture brings it, from the worker's cache
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("html")).to_have_attribute(
            "data-ready", "true", timeout=BOOT_TIMEOUT_MS
        )
        page.evaluate(IDLE)
        with page.expect_response(lambda r: SOUNDTRACK in r.url) as again:
            page.locator("#table").focus()
            page.keyboard.press("ArrowRight")
        assert again.value.ok
        assert again.value.from_service_worker, "offline, the soundtrack is the worker's copy"
    finally:
        page.context.set_offline(False)
    page.wait_for_function(SOUND_IS, arg={"context": "running", "music": True})
    # the tab hidden: the audio is suspended (no sound at all); shown again, it goes on
    page.evaluate(VISIBILITY, True)
    page.wait_for_function(SOUND_IS, arg={"context": "suspended", "music": True})
    page.evaluate(VISIBILITY, False)
    page.wait_for_function(SOUND_IS, arg={"context": "running", "music": True})


SOUND_IS = """(want) => {
  const sound = window.allthreesTest.sound();
  return sound && sound.context === want.context && sound.music === want.music;
}"""
# The tab hidden or shown, as the page sees it (Playwright's page is always visible).
VISIBILITY = """(hidden) => {
  Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
  Object.defineProperty(document, "visibilityState", {
    value: hidden ? "hidden" : "visible", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
