// Bench only (scripts/bench web, through scripts/bench_engines.py): cold and repeat visits of the
// built site in Firefox (tests/engines/firefoxkit.mjs: Debian's firefox-esr, headless, an empty
// profile each run, nothing but loopback).
//
//   node scripts/bench_firefox.mjs URL RUNS
//
// Each run: a first visit (navigation -> allthrees:ready), the service worker's offline copy
// taken, then a repeat visit in the same profile (navigation -> the kept table drawn,
// allthrees:table; its first contentful paint where Firefox reports one; -> allthrees:ready).
// Prints one JSON line: {version, runs: [{cold, drawn, painted, ready, from_sw}]} (ms).

import { readFileSync } from "node:fs";
import { launchFirefox } from "../tests/engines/firefoxkit.mjs";

const [url, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const BOOT_MS = 240_000;

// What a visit's page says of itself: one function, shared with the other engines' benchmarks
const marksSource = readFileSync(new URL("./visitmarks.js", import.meta.url), "utf8").trim().replace(/;$/, "");
const marks = new Function(`return (${marksSource}\n);`)();

async function visit(page) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "true", {
    timeout: BOOT_MS,
    polling: 50,
  });
  return page.evaluate(marks);
}

const out = [];
let version = "";
for (let i = 0; i < runs; i++) {
  const browser = await launchFirefox({ viewport: { width: 1280, height: 800 } });
  try {
    version = await browser.version();
    const page = await browser.newPage();
    const cold = await visit(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const again = await visit(page);
    out.push({ cold: cold.ready, drawn: again.drawn, painted: again.painted, ready: again.ready, from_sw: again.from_sw });
    console.error(`firefox run ${i + 1}: cold ${Math.round(cold.ready)} ms; repeat drawn ${Math.round(again.drawn)}, ready ${Math.round(again.ready)} ms`);
  } finally {
    await browser.close();
  }
}
console.log(JSON.stringify({ version, runs: out }));
