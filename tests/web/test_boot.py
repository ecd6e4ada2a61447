"""Booting the game in a real browser: Pyodide + the allthrees bundle in a worker, behind a loading
screen that shows real bytes, an error panel that names what failed, and a Retry that recovers."""

from __future__ import annotations

import gzip
import importlib.util
import io
import lzma
import re
import time
import urllib.request
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from tablekit import service_worker_stamp

from allthrees.net.protocol import VERSION as PROTOCOL

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "web"
BOOT_TIMEOUT_MS = 60_000

# Files the worker counts for the byte progress (everything big that it downloads); the standard
# library is the game's own, named by its contents (build.json "pyodide.stdlib").
RUNTIME_FILES = ["pyodide.asm.wasm", "pyodide.asm.mjs"]

PING = "async () => (await (await import('./js/main.js')).ready).call('ping')"

# Records every text the loading screen shows, from the first frame on.
RECORD_LOADING_TEXT = """
window.__loadingTexts = [];
new MutationObserver(() => {
  const text = document.getElementById("loading-text");
  if (text && window.__loadingTexts.at(-1) !== text.textContent) {
    window.__loadingTexts.push(text.textContent);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def wait_until_ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT_MS)


def wheel_version(build_info: dict) -> str:
    return build_info["wheels"]["allthrees"].split("/")[-1].split("-")[1]


def runtime(build_info: dict, name: str) -> str:
    """A runtime file's path in dist/ (the versioned folder, e.g. pyodide/314.0.7/)."""
    return build_info["pyodide"]["indexURL"] + name


def big_files(build_info: dict) -> list[str]:
    names = [*RUNTIME_FILES, build_info["pyodide"]["stdlib"]]
    return [runtime(build_info, name) for name in names] + list(build_info["wheels"].values())


def counted_bytes(build_info: dict) -> int:
    return sum(build_info["files"][f] for f in big_files(build_info))


def test_page_boots_and_the_engine_answers_ping(page: Page, build_info: dict) -> None:
    requests: Counter[str] = Counter()
    page.on("request", lambda r: requests.update([r.url.split("/", 3)[-1]]))
    page.goto("/")
    wait_until_ready(page)

    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#boot-error")).to_be_hidden()
    assert page.evaluate("performance.getEntriesByName('allthrees:ready', 'mark').length") == 1
    # the version of the messages between devices comes from the page's own Python, too
    assert page.evaluate(PING) == {
        "ok": True,
        "version": wheel_version(build_info),
        "protocol": PROTOCOL,
    }
    big = big_files(build_info)
    assert {f: requests[f] for f in big} == dict.fromkeys(big, 1), "each file downloaded once"
    # Pyodide's own standard library and its package index are not even in the site
    runtime_dir = build_info["pyodide"]["indexURL"]
    assert not [f for f in requests if f.startswith(runtime_dir + "pyodide-lock")], requests
    assert runtime_dir + "python_stdlib.zip" not in build_info["files"]
    assert runtime_dir + "pyodide-lock.json" not in build_info["files"]


def test_loading_screen_counts_real_bytes(page: Page, build_info: dict) -> None:
    """Hold back the wasm: everything else arrives, and the screen says exactly how much that is."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.add_init_script(script=RECORD_LOADING_TEXT)
    page.goto("/")

    total = counted_bytes(build_info)
    loaded = total - build_info["files"][runtime(build_info, "pyodide.asm.wasm")]
    waiting = f"Downloading… {loaded / 1e6:.1f} of {total / 1e6:.1f} MB"
    expect(page.locator("#loading-text")).to_have_text(waiting, timeout=BOOT_TIMEOUT_MS)
    bar = page.locator("#loading-bar")
    downloads = 0.7  # boot.js BAR_SHARE.download: the bar's share filled by bytes
    assert abs(float(bar.get_attribute("value")) - downloads * loaded / total) < 0.01
    screenshot(page, "loading-screen.png")

    held[0].continue_()
    wait_until_ready(page)
    texts = page.evaluate("window.__loadingTexts")
    shown = [float(m.group(1)) for t in texts if (m := re.match(r"Downloading… ([\d.]+) of", t))]
    assert shown == sorted(shown), f"progress went backwards: {texts}"
    assert f"Downloading… {total / 1e6:.1f} of {total / 1e6:.1f} MB" in texts or any(
        t in ("Starting Python…", "Installing the game…") for t in texts
    ), texts


# The engine's own worker behind a stand-in at its address: every message goes through until
# the first one past the downloads ("Starting Python…", or "Installing the game…" when Python was
# up before the last byte); the rest (Python's progress, "ready") wait in the worker until
# releaseBoot(). To the page, Python takes as long as the test wants.
HOLD_AFTER_DOWNLOADS = """
const post = self.postMessage.bind(self);
const held = [];
let holding = false;
let readyNow = () => {};
self.readyHeld = Promise.race([
  new Promise((resolve) => { readyNow = resolve; }),
  new Promise((_, reject) => setTimeout(() => reject(new Error("not ready in 300 s")), 300000)),
]);
self.postMessage = (message) => {
  if (holding) {
    held.push(message);
    if (message?.type === "ready" || message?.type === "error") readyNow(message.type);
    return;
  }
  post(message);
  holding = message?.type === "progress" && message.stage !== "download";
  // read by polling: a promise awaited across a busy machine's long wait was lost
  // ("Resulting promise was garbage collected")
  if (holding) self.heldStage = message.stage;
};
self.releaseBoot = () => {
  holding = false;
  for (const message of held.splice(0)) post(message);
};
await import("./worker.js?as-is");
"""
BOOT_CONSTANTS = """async () => {
  const { BAR_SHARE, TICK_MS } = await import("./js/boot/boot.js");
  return { share: BAR_SHARE, tick: TICK_MS };
}"""
# Every value the bar takes, from the first frame on.
RECORD_BAR = """
window.__bar = [];
new MutationObserver(() => {
  const bar = document.getElementById("loading-bar");
  if (bar && window.__bar.at(-1) !== Number(bar.value)) window.__bar.push(Number(bar.value));
}).observe(document, {subtree: true, childList: true, attributes: true});
"""
BAR = "() => Number(document.getElementById('loading-bar').value)"
STEPS = "() => window.__bar.length"


def stand_in_worker(page: Page, script: str) -> None:
    """Serve `script` at js/boot/worker.js with the real file's headers (its CSP above all); the
    real worker is still there at js/boot/worker.js?as-is for the stand-in to import."""

    def fulfil(route: Route) -> None:
        response = route.fetch()
        drop = {"content-length", "content-encoding"}
        headers = {k: v for k, v in response.headers.items() if k.lower() not in drop}
        route.fulfill(status=response.status, headers=headers, body=script)

    page.route("**/js/boot/worker.js", fulfil)


def test_the_bar_steps_by_time_while_python_starts(page: Page) -> None:
    """No stall at the end of the downloads: while Python starts (CPU work with nothing to count)
    the bar is stepped by the page's timer, under its own words, never backwards.

    The worker's messages past the downloads are held back and the page's clock is Playwright's
    fake one, so Python "starts" for as long as the test says and time moves only when the test
    moves it: every TICK_MS of it the bar must rise (it fails if the bar waits for the worker's
    messages, or a timer chain breaks), about 1000/TICK_MS times a second, not every frame (it fails
    if the bar is redrawn every frame, which competed with Python for the CPU), and it stays inside
    its stage's share of the bar however long the stage lasts. How fast this machine is plays no
    part; the figure from a real boot (the longest the bar stood still) is `scripts/bench web`'s."""
    stand_in_worker(page, HOLD_AFTER_DOWNLOADS)
    page.add_init_script(script=RECORD_BAR)
    page.clock.install()
    page.clock.pause_at(time.time() + 60)  # (in seconds) the page's time moves only when told
    with page.expect_worker(lambda w: w.url.endswith("/js/boot/worker.js")) as started:
        page.goto("/")
    engine = started.value
    # the worker's clock is real: it downloads, then holds the next stage's messages (looked at
    # until it does, a cap on looks rather than a time)
    stage = None
    for _ in range(1200):
        stage = engine.evaluate("() => self.heldStage ?? null")
        if stage:
            break
        time.sleep(0.1)
    assert stage, "no stage after the downloads"
    constants = page.evaluate(BOOT_CONSTANTS)
    tick = constants["tick"]
    share = constants["share"]
    ceiling = share["download"] + share["start"] + (share["install"] if stage == "install" else 0)

    page.clock.run_for(20)  # the frame that shows the new stage
    words = {"start": "Starting Python…", "install": "Installing the game…"}[stage]
    expect(page.locator("#loading-text")).to_have_text(words)
    values = [page.evaluate(BAR)]
    if stage == "start":  # it goes on from where the downloads left it, a frame later
        assert share["download"] <= values[0] < share["download"] + 0.01, values
    for _ in range(10):
        page.clock.run_for(tick + 20)  # a step's timer and the frame after it
        values.append(page.evaluate(BAR))
    assert all(a < b for a, b in zip(values, values[1:], strict=False)), (
        f"the bar stood still for a step while Python started: {values}"
    )
    steps = page.evaluate(STEPS)
    page.clock.run_for(2000)
    per_2s = page.evaluate(STEPS) - steps
    assert 2000 // (tick + 17) <= per_2s <= 2000 // tick, f"{per_2s} steps in 2 s, tick {tick}"
    page.clock.run_for(60_000)  # a slow phone: the stage lasts a minute and the bar keeps within it
    assert values[-1] < page.evaluate(BAR) <= ceiling + 1e-9, (values[-1], ceiling)
    expect(page.locator("#loading-text")).to_have_text(words)

    # The worker finishes first (its clock is real), then the page hears it all at once: the
    # minute above came out of the page's allowance for a start (START_TIMEOUT_MS), and on a
    # machine loaded by the whole suite Python's start outlasted the rest of it ("Loading
    # stalled ... 120 s while installing the game").
    assert engine.evaluate("() => self.readyHeld") == "ready"
    engine.evaluate("() => self.releaseBoot()")
    page.clock.resume()
    expect(page.locator("html")).to_have_attribute(
        "data-ready", "true", timeout=3 * BOOT_TIMEOUT_MS
    )
    recorded = page.evaluate("() => window.__bar")
    assert recorded == sorted(recorded), f"the bar went backwards: {recorded}"
    assert recorded[-1] == 1


def test_failed_download_names_the_file_and_retry_recovers(
    page: Page, build_info: dict, problems
) -> None:
    wheel = build_info["wheels"]["allthrees"]
    problems.allow(r"status of 404")
    problems.allow(r"All Threes could not start: .*" + re.escape(wheel.split("/")[-1]))
    page.route(f"**/{wheel}", lambda route: route.fulfill(status=404, body="not here"))
    page.goto("/")

    message = page.locator("#boot-error-message")
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(message).to_contain_text("game engine")
    expect(message).to_contain_text(wheel.split("/")[-1])
    expect(message).to_contain_text("404")
    expect(page.locator("#loading")).to_be_hidden()
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_focused()
    screenshot(page, "boot-error.png")

    page.unroute(f"**/{wheel}")
    retry.click()
    wait_until_ready(page)
    expect(page.locator("#boot-error")).to_be_hidden()
    assert page.evaluate(PING)["ok"] is True


# The files the engine's last progress message says are still downloading, on <html>
# (data-waiting, names spaced), heard before boot.js hears the message.
ROUTE_POLL_MS = 50  # how often to look for the held route (real time, not the fake clock)
RECORD_WAITING = """
window.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => {
      if (data?.type !== "progress") return;
      document.documentElement.dataset.waiting = data.waiting.join(" ");
    });
  }
};
"""


def test_stalled_boot_gives_up_with_a_message(page: Page, build_info: dict, problems) -> None:
    """A download that never answers ends in the error panel, not an endless loading screen.

    On Playwright's fake clock, which moves only when the test moves it, with the wasm never
    answered and the game's wheel held: STALL_TIMEOUT_MS less a second passes, the panel still
    hidden; the wheel comes in, and the wait starts again: as long once more, still hidden (it
    fails if a byte does not re-arm the timer); two seconds more and the panel is up, naming the
    file it waited for (it fails if the timer is not armed, or names no file or the wrong one).
    A slow machine can no more make it fire early, as it did with a 1.5 s timeout on the real clock
    and a worker that had not yet said what it was waiting for."""
    problems.allow(r"All Threes could not start: Loading stalled")
    wheel = build_info["wheels"]["allthrees"]
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page.route(f"**/{wheel}", lambda route: held.append(route))
    page.add_init_script(script=RECORD_WAITING)
    page.clock.install()
    page.clock.pause_at(time.time() + 60)  # (in seconds) the page's time moves only when told
    page.goto("/")
    html = page.locator("html")
    waiting = f"pyodide.asm.wasm {wheel.split('/')[-1]}"
    expect(html).to_have_attribute("data-waiting", waiting, timeout=BOOT_TIMEOUT_MS)
    stall = page.evaluate("async () => (await import('./js/boot/boot.js')).STALL_TIMEOUT_MS")
    error = page.locator("#boot-error")

    page.clock.run_for(stall - 1000)
    expect(error).to_be_hidden()
    # The worker names the wheel as it starts its fetch, and the route's event can reach this
    # side a moment later (CI once read an empty list here): wait for it, as expect() would.
    for _ in range(BOOT_TIMEOUT_MS // ROUTE_POLL_MS):
        if held:
            break
        page.wait_for_timeout(ROUTE_POLL_MS)
    assert held, f"the wheel's request ({wheel}) never reached its route"
    held[0].continue_()
    expect(html).to_have_attribute("data-waiting", "pyodide.asm.wasm", timeout=BOOT_TIMEOUT_MS)
    page.clock.run_for(stall - 1000)
    expect(error).to_be_hidden()
    page.clock.run_for(2000)
    expect(error).to_be_visible()
    message = page.locator("#boot-error-message")
    expect(message).to_contain_text(f"Loading stalled: nothing happened for {stall // 1000} s")
    expect(message).to_contain_text("waiting for pyodide.asm.wasm.")


def test_blocked_webassembly_fails_at_once_by_name(page: Page, problems) -> None:
    """Without 'wasm-unsafe-eval' Pyodide would only log a warning and wait forever."""
    problems.allow(r"All Threes could not start: The Python runtime \(pyodide.asm.wasm\)")
    problems.allow(r"Content Security Policy|CSP violation: script-src blocked wasm-eval")

    def strict_worker(route: Route) -> None:
        response = route.fetch()
        headers = dict(response.headers)
        headers["content-security-policy"] = headers["content-security-policy"].replace(
            " 'wasm-unsafe-eval'", ""
        )
        route.fulfill(response=response, headers=headers)

    page.route("**/js/boot/worker.js", strict_worker)
    page.goto("/")
    message = page.locator("#boot-error-message")
    expect(message).to_contain_text("pyodide.asm.wasm", timeout=BOOT_TIMEOUT_MS)
    expect(message).to_contain_text("could not start")


# --- the local server mirrors netlify.toml ---------------------------------------------------


def load_serve_module():
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("rule", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/pyodide/pyodide.asm.wasm", True),
        ("/*.wasm", "/pyodide/pyodide.asm.wasm", True),
        ("/*.wasm", "/pyodide/pyodide.asm.wasm.map", False),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/sw.js", "/SW.JS", True),
        ("/pyodide/*", "/pyodide", True),
        # Netlify's quirk, mirrored: the "/" before a whole "*" segment is optional.
        ("/pyodide/*", "/pyodide-lock.json", True),
        ("/pyodide/*", "/pyodid", False),
        ("/:dir/app.css", "/css/app.css", True),
        ("/:dir/app.css", "/a/css/app.css", False),
    ],
)
def test_header_paths_match_like_netlify(rule: str, path: str, matches: bool) -> None:
    assert bool(load_serve_module().for_regexp(rule).match(path)) is matches


def headers_of(url: str) -> dict[str, str]:
    with urllib.request.urlopen(urllib.request.Request(url, method="HEAD")) as response:
        return {k.lower(): v for k, v in response.headers.items()}


def test_served_headers_come_from_netlify_toml(site_url: str, build_info: dict) -> None:
    wasm = headers_of(site_url + runtime(build_info, "pyodide.asm.wasm"))
    assert wasm["content-type"] == "application/wasm"
    assert "'wasm-unsafe-eval'" in wasm["content-security-policy"]
    assert "'unsafe-eval'" not in wasm["content-security-policy"].replace("'wasm-unsafe-eval'", "")
    assert headers_of(site_url)["cache-control"] == "no-cache"
    assert headers_of(site_url + "build.json")["cache-control"] == "no-cache"
    worker = headers_of(site_url + "js/boot/worker.js")
    assert worker["content-type"].startswith("text/javascript")
    assert worker["x-content-type-options"] == "nosniff"
    assert worker["cache-control"] == "public, max-age=0, must-revalidate"
    asm = headers_of(site_url + runtime(build_info, "pyodide.asm.mjs"))
    assert asm["content-type"].startswith("text/javascript")
    # The runtime's path names its version, so its files are cached for good; the pages that
    # change with each deploy are always revalidated.
    assert build_info["pyodide"]["indexURL"] == f"pyodide/{build_info['pyodide']['version']}/"
    assert asm["cache-control"] == "public, max-age=31536000, immutable"
    assert wasm["cache-control"] == "public, max-age=31536000, immutable"
    assert headers_of(site_url + "sw.js")["cache-control"] == "no-cache"
    assert headers_of(site_url + "index.html")["cache-control"] == "no-cache"
    assert wasm["referrer-policy"] == "no-referrer"


def test_service_worker_is_stamped_with_the_build(dist, build_info: dict) -> None:
    stamp = service_worker_stamp(dist)
    assert stamp["hash"] == build_info["hash"][:16]
    assert stamp["files"][0] == "./"
    missing = [f for f in stamp["files"][1:] if not (dist / f).is_file()]
    assert not missing
    # What is needed only on demand (the soundtrack, the QR libraries, the install icons, play
    # across devices) is never precached; the service worker keeps each at first use
    on_demand = set(stamp["onDemand"])
    assert {f for f in build_info["files"] if f.startswith(("later/", "js/net/"))} <= on_demand, (
        "later/ and net/ are on demand"
    )
    # what main.js imports (the guest's key of net/ among it, bundled) comes before any table
    preloaded = set(re.findall(r'modulepreload" href="([^"]+)"', (dist / "index.html").read_text()))
    assert preloaded and not preloaded & on_demand, "main.js's imports are precached"
    assert not on_demand & set(stamp["files"])
    assert set(stamp["files"][1:]) == set(build_info["files"]) - {
        "sw.js",
        "index.html",
    } - on_demand | {"build.json"}


def test_python_comes_as_bytecode_and_the_page_boots_from_either_packing(
    page: Page, dist: Path, build_info: dict
) -> None:
    """The standard library is a stored zip gzipped whole (scripts/build): the few modules Python
    imports before ``site`` runs (``encodings``) as bytecode files, the importer ``site`` runs
    (``sitecustomize``) and every other module's bytecode in one LZMA bundle; no source to compile
    at every start. The game is an LZMA bundle of its own. A server that unpacks the zip itself
    (its own Content-Encoding: gzip, undone by the browser) hands the worker the zip as it is:
    the game boots all the same."""
    rel = runtime(build_info, build_info["pyodide"]["stdlib"])
    assert rel.endswith(".zip.gz"), rel
    data = gzip.decompress((dist / rel).read_bytes())
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None
        assert {info.compress_type for info in z.infolist()} == {zipfile.ZIP_STORED}
        names = z.namelist()
        bundle = lzma.decompress(z.read("_bundle.xz"))
    assert "sitecustomize.pyc" in names and "encodings/__init__.pyc" in names, names
    assert not [n for n in names if n.endswith(".py")], "no sources"
    assert set(names) - {"_bundle.xz", "sitecustomize.pyc"} <= {
        n for n in names if n.startswith("encodings/") and n.endswith(".pyc")
    }, names
    # a marshal of {name: (is_package, code)}: a dict (marshal's "{"), its keys module names
    assert bundle[:1] in (b"{", b"\xfb"), bundle[:8]
    assert b"json.decoder" in bundle and b"typing" in bundle
    game = (dist / build_info["wheels"]["allthrees"]).read_bytes()
    assert build_info["wheels"]["allthrees"].endswith(".xz")
    assert b"allthrees.app" in lzma.decompress(game)

    page.route(
        f"**/{rel.split('/')[-1]}",
        lambda route: route.fulfill(
            status=200, body=data, headers={"Content-Type": "application/zip"}
        ),
    )
    page.goto("/")
    wait_until_ready(page)
    assert page.evaluate(PING)["ok"] is True
