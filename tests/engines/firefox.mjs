// The game in Firefox: Debian's firefox-esr, headless, driven by puppeteer-core over WebDriver
// BiDi (web/package.json's devDependency; no browser is downloaded). It boots, plays a whole round
// by pointer at the test hook's rects to the scores CPython's engine gives for the same choices,
// resumes the same table on a reload, starts offline from its service worker, keeps a damaged save
// and brings up a table, speaks Polish to a Polish browser, and plays with Trusted Types off (as
// Firefox before 148 has none).
//
//   node --test tests/engines/firefox.mjs          (scripts/test runs it from tests/engines/test_firefox.py)
//
// Each test has a new Firefox (an empty profile) and its own scripts/serve.py on a free loopback
// port. Nothing leaves loopback: the profile's proxy is a closed port on 127.0.0.1 (only 127.0.0.1
// goes direct), with Firefox's updates, telemetry and background services off; a request to any
// other origin fails the test. Waits are for conditions, with generous timeouts.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { launchFirefox, ROOT } from "./firefoxkit.mjs";
import { BOOT_MS, beforeThePage, Pointer, ready, WAIT_MS, watch } from "./firefoxplay.mjs";

const PYTHON = process.env.ALLTHREES_PYTHON ?? path.join(ROOT, ".venv/bin/python");
const DIST = process.env.ALLTHREES_DIST ?? path.join(ROOT, "dist");

// tests/engines/enginekit.py's, the one place for them
const SAVE_KEY = "allthrees.save.v1";
const PREFS_KEY = "allthrees.prefs.v1";
const BACKUP_KEY = "allthrees.save.backup";
const GARBAGE_SAVE = "this is no save {{";
const ROUND = { seed: 3, opponent: "casual" };
const ROUND_LINK = `?seats=you,${ROUND.opponent}&seed=${ROUND.seed}`;

/** scripts/serve.py on a free port, in a process of its own (stop() ends it and its connections). */
async function serveSite() {
  const proc = spawn(PYTHON, [path.join(ROOT, "scripts/serve.py"), "--dir", DIST, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: proc.stdout });
  const [line] = await new Promise((resolve, reject) => {
    lines.once("line", (l) => resolve([l]));
    proc.once("exit", (code) => reject(new Error(`scripts/serve.py stopped (${code})`)));
  });
  const url = line.match(/http:\/\/127\.0\.0\.1:\d+\//)?.[0];
  assert.ok(url, `scripts/serve.py said ${line}`);
  const stop = () =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => {
          proc.once("exit", resolve);
          proc.kill("SIGKILL");
        });
  return { url, stop };
}

/** A test with its own server and its own Firefox; what went wrong in the page fails it. */
function firefoxTest(name, body, { prefs = {} } = {}) {
  test(name, async () => {
    const site = await serveSite();
    const origin = site.url.slice(0, -1);
    const browser = await launchFirefox({ prefs });
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(WAIT_MS);
      const problems = watch(page, [origin]);
      await body({ page, site, version: await browser.version() });
      assert.deepEqual(problems, [], "problems in the browser");
    } finally {
      await browser.close();
      await site.stop();
    }
  });
}

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

const FEATURES = () => ({
  trusted_types: typeof trustedTypes === "object",
  compression_stream: typeof CompressionStream === "function",
  decompression_stream: typeof DecompressionStream === "function",
  web_locks: !!navigator.locks,
  barcode_detector: "BarcodeDetector" in globalThis,
  compile_streaming: typeof WebAssembly.compileStreaming === "function",
  user_agent: navigator.userAgent,
});

firefoxTest("the game boots in Firefox", async ({ page, site, version }) => {
  await page.goto(site.url);
  const st = await ready(page);
  assert.ok(st.hand.length && st.turn === st.human, "a table waiting for the person");
  assert.equal(await page.evaluate(() => navigator.webdriver), true, "the hook is for tests");
  assert.equal(await page.$eval("#boot-error", (e) => e.hidden || !e.getClientRects().length), true);
  const features = await page.evaluate(FEATURES);
  console.log(`${version}: ${JSON.stringify(features)}`);
  // what the page needs (the QR decoder falls back to jsQR without BarcodeDetector: web/js/net/qr.js)
  for (const need of ["decompression_stream", "compression_stream", "compile_streaming"]) {
    assert.ok(features[need], need);
  }
});

firefoxTest("a whole round by pointer ends as the engine ends it", async ({ page, site }) => {
  await page.goto(site.url + ROUND_LINK);
  const st = await ready(page);
  assert.ok(!page.url().includes("?"), "the link leaves the address bar");
  assert.equal(st.seats[1].controller, ROUND.opponent);
  const pointer = new Pointer(page);
  const end = await pointer.playRound(st);
  const enginekit = path.join(ROOT, "tests/engines/enginekit.py");
  const expected = JSON.parse(
    execFileSync(PYTHON, [enginekit, "round", String(ROUND.seed), ROUND.opponent], { encoding: "utf8" }),
  );
  assert.deepEqual(end.scores, expected.scores);
  assert.ok(pointer.done["tap-tap"] && pointer.done.drag, JSON.stringify(pointer.done));
  const shown = await page.$$eval("#scores .score-pts", (els) => els.map((e) => Number(e.textContent)));
  assert.deepEqual(shown.slice(0, 2), expected.scores, "the scores shown are the engine's");
});

firefoxTest("a reload resumes the same table", async ({ page, site }) => {
  await page.goto(site.url + ROUND_LINK);
  const pointer = new Pointer(page);
  const st = await pointer.turn(await pointer.turn(await ready(page)));
  const save = await stored(page, SAVE_KEY);
  await page.reload();
  const again = await ready(page);
  assert.deepEqual(again, st, "the same table, as it was");
  assert.equal(await stored(page, SAVE_KEY), save);
  await pointer.playRound(again); // and it plays on
});

firefoxTest("offline the service worker starts the game", async ({ page, site }) => {
  await page.goto(site.url + ROUND_LINK);
  const pointer = new Pointer(page);
  const st = await pointer.turn(await ready(page));
  await page.evaluate(
    () =>
      navigator.serviceWorker.controller ||
      new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })),
  );
  await site.stop(); // the server is gone: only the service worker can answer
  await page.reload();
  const again = await ready(page);
  assert.deepEqual(again, st, "the saved table, offline");
  const after = await pointer.turn(again);
  assert.notDeepEqual(after, again, "a move, offline");
});

firefoxTest("a damaged save is kept and a table comes up", async ({ page, site }) => {
  await beforeThePage(page, site.url, { [SAVE_KEY]: GARBAGE_SAVE });
  await page.goto(site.url);
  await page.waitForSelector("#save-problem", { visible: true, timeout: BOOT_MS });
  const problem = await page.$eval("#save-problem", (e) => e.innerText);
  assert.ok(problem.includes("kept aside") && !problem.includes("Traceback"), problem);
  const kept = JSON.parse((await stored(page, BACKUP_KEY)) ?? "[]");
  assert.equal(kept[0]?.text, GARBAGE_SAVE, "the bad save is kept as it was");
  const pointer = new Pointer(page);
  await pointer.tap(await page.$eval("#save-ok", (e) => e.getBoundingClientRect().toJSON()));
  const st = await ready(page);
  assert.ok(st.hand.length && st.turn === st.human && !st.round_over, "a playable table");
  assert.equal(JSON.parse(await stored(page, SAVE_KEY)).format, "sealed-1", "a new save");
  await pointer.turn(st);
});

firefoxTest(
  "a Polish browser gets the table in Polish",
  async ({ page, site }) => {
    await page.goto(`${site.url}?seats=you,casual&seed=5`);
    const st = await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "pl");
    assert.equal(await page.$eval("#turn", (e) => e.textContent.trim()), "Twój ruch");
    const scores = await page.$eval("#scores", (e) => e.textContent);
    assert.ok(scores.includes("Ty") && scores.includes("Amator"), scores);
    const after = await new Pointer(page).turn(st);
    assert.notDeepEqual(after, st);
    // the remembered choice is not what made it Polish: nothing was stored for the language
    assert.equal(JSON.parse((await stored(page, PREFS_KEY)) ?? "{}").lang, undefined);
  },
  { prefs: { "intl.accept_languages": "pl-PL, pl" } },
);

firefoxTest(
  "without Trusted Types the table plays",
  async ({ page, site }) => {
    // Firefox before 148 has none: web/js/boot/trusted.js then hands the sinks plain URLs
    await page.goto(site.url + ROUND_LINK);
    const st = await ready(page);
    assert.equal(await page.evaluate(() => typeof trustedTypes), "undefined", "the feature is off");
    const after = await new Pointer(page).turn(st);
    assert.notDeepEqual(after, st, "a move");
  },
  { prefs: { "dom.security.trusted_types.enabled": false } },
);
