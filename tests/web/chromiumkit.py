"""Chromium as every browser test launches it, in one place: Debian's chromium (pytest-playwright
in tests/web/conftest.py; a host's page in tests/engines/, where Firefox and WebKit friends sit
down at its table), its flags, the context options, and the script that reports CSP violations.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("ALLTHREES_CHROMIUM", "/usr/bin/chromium")

# Chromium takes the last --disable-features it is given, so ours repeats Playwright's own
# (playwright 1.65.3's chromiumSwitches: among them what keeps a browser from calling Google at
# its start). tests/web/test_chromium_flags.py holds this copy to what Playwright passes.
PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
# Chromium 156 draws its address bar's suggestions with a web page of its own (WebUI), and
# preloads it in a renderer for every window, headless too: about 0.7 CPU-seconds a browser
# context that no test looks at, and most tests open several (docs/testing.md).
NOT_HEADLESS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
CHROMIUM_FLAGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebAssembly on V8's baseline compiler (Liftoff) alone: the same wasm, compiled at once and
    # run slower. Most of the browser tests' CPU on this 2-core machine is Pyodide's start in a
    # fresh context, which this cuts from about 4.6 to 3.3 CPU-seconds (docs/testing.md); the
    # benchmarks (scripts/bench web, net) run Chromium as shipped.
    "--js-flags=--liftoff-only",
    f"--disable-features={','.join(PLAYWRIGHT_DISABLED + NOT_HEADLESS)}",
]


def launch_flags() -> list[str]:
    """CHROMIUM_FLAGS, and no sandbox when run as root (Chromium refuses to start otherwise)."""
    return [*CHROMIUM_FLAGS, "--no-sandbox"] if os.geteuid() == 0 else list(CHROMIUM_FLAGS)


# Reports CSP violations of the page as console errors (the worker's show up in the console too).
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""


# The player's "reduce motion" setting is on in every browser context of these tests unless a test
# asks for motion (tablekit.FULL_MOTION): the tiles land in their places at once and nothing
# breathes, the same moves and checks for about a sixth less CPU (the table's frames are most of
# a browser test's CPU on this 2-core machine; docs/testing.md). The rounds played by mouse and by
# touch (test_table_desktop, test_table_phone, test_fives_and_threes_rounds) and test_motion play
# with the motion a player sees by default.
MOTION = {"reduced_motion": "reduce"}
