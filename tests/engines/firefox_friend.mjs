// A friend on Firefox at a table played online (tests/engines/test_firefox.py's host in Chromium
// runs it): a new Firefox (tests/engines/firefoxkit.mjs) with the player's preferences stored
// before the game loads, opens the host's one link, sits down, and plays its seat by mouse at the
// test hook's rects whenever it is its turn (tests/engines/firefoxplay.mjs's Pointer), until the
// round is over and its own Python has checked the deal.
//
//   node tests/engines/firefox_friend.mjs LINK PREFS ORIGINS
//     LINK     the host's one link (SITE#room=SECRET.HOSTKEY)
//     PREFS    the preferences, JSON (allthrees.prefs.v1)
//     ORIGINS  JSON list of the origins the page may reach besides the site's (the relay's)
//
// It says what happens on stdout, one line each, `@friend {"step": ..., ...}` in JSON:
//   seated  its table dealt: {state, rtc}             (rtc: typeof RTCPeerConnection)
//   end     its round over, the deal checked: {state, seen, done, shown, problems}
//   failed  {error, shown, problems}
// then waits for a line on stdin (or its end: the test is gone) before closing Firefox, so the host
// can still read how this friend is connected. Exit code 0 once "end" is said, else 1.

import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { launchFirefox, ROOT } from "./firefoxkit.mjs";
import { BOOT_MS, beforeThePage, idle, Pointer, WAIT_MS, watch } from "./firefoxplay.mjs";

const PREFS_KEY = "allthrees.prefs.v1"; // tests/engines/enginekit.py's
const ARTIFACTS = path.join(ROOT, "artifacts/engines"); // its table at the round's end
const SHOWN = readFileSync(path.join(ROOT, "tests/engines/shown.js"), "utf8");

const say = (step, fields) => process.stdout.write(`@friend ${JSON.stringify({ step, ...fields })}\n`);

async function main([link, prefs, origins]) {
  const site = new URL(link);
  const siteURL = `${site.origin}/`;
  const browser = await launchFirefox();
  let page;
  let problems = [];
  const shown = () => page?.evaluate(() => window.__shown ?? []).catch(() => []) ?? [];
  try {
    page = await browser.newPage();
    page.setDefaultTimeout(WAIT_MS);
    problems = watch(page, [site.origin, ...JSON.parse(origins)]);
    await page.evaluateOnNewDocument(SHOWN);
    await beforeThePage(page, siteURL, { [PREFS_KEY]: prefs });
    await page.goto(link);
    // seated: its own hand dealt by the host's Python, as a guest
    await page.waitForFunction(
      () => window.allthreesTest?.state()?.hand?.length > 0 && window.allthreesTest.state().net.role === "guest",
      { timeout: BOOT_MS, polling: 250 },
    );
    const rtc = await page.evaluate(() => typeof RTCPeerConnection);
    say("seated", { state: await page.evaluate(() => window.allthreesTest.state()), rtc });
    const pointer = new Pointer(page);
    const state = await pointer.playRound(await idle(page));
    // a sprint's one round is the match: the host reveals the deal and this page's Python checks it
    await page.waitForFunction(() => Boolean(window.allthreesTest.seen()?.shared), { timeout: WAIT_MS });
    const seen = await page.evaluate(() => window.allthreesTest.seen());
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, "firefox_friend_online.png") });
    say("end", { state, seen, done: pointer.done, shown: await shown(), problems });
    await new Promise((resolve) =>
      createInterface({ input: process.stdin }).once("line", resolve).once("close", resolve),
    );
    return 0;
  } catch (error) {
    say("failed", { error: String(error?.stack ?? error), shown: await shown(), problems });
    return 1;
  } finally {
    await browser.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
