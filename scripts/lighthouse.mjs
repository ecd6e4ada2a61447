// Lighthouse's accessibility audit of the table once the game has loaded (not the loading
// screen): Puppeteer opens the page in Debian's Chromium, waits for html[data-ready=true], then
// Lighthouse audits that moment (snapshot mode). Run by scripts/bench_lighthouse.py, which
// installs Lighthouse into .cache/ (never a dependency of the game or its tests).
//
//   node scripts/lighthouse.mjs LIGHTHOUSE_DIR URL LANG(en|pl) FORM(desktop|phone)
//
// Prints one JSON line: {lang, form, score, failed: [{id, title}], audits}.

import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, url, lang, form] = process.argv.slice(2);
const READY_TIMEOUT_MS = 180_000;
const PHONE = { width: 360, height: 740, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

const require = createRequire(path.join(dir, "package.json"));
const lighthouse = await import(pathToFileURL(require.resolve("lighthouse")).href);
const puppeteer = (await import(pathToFileURL(require.resolve("puppeteer-core")).href)).default;

const locale = lang === "pl" ? "pl-PL" : "en-US";
const args = [
  "--headless=new",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--lang=${locale}`,
];
if (process.getuid?.() === 0) args.push("--no-sandbox");
const browser = await puppeteer.launch({
  executablePath: process.env.ALLTHREES_CHROMIUM || "/usr/bin/chromium",
  args,
  env: { ...process.env, LANGUAGE: locale },
});
try {
  const page = await browser.newPage();
  const viewport = form === "phone" ? PHONE : DESKTOP;
  await page.setViewport(viewport);
  // What Playwright's `locale` does: navigator.languages (the page's language choice) and Intl.
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setUserAgentOverride", { userAgent: await browser.userAgent(), acceptLanguage: locale });
  await cdp.send("Emulation.setLocaleOverride", { locale });
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]", { timeout: READY_TIMEOUT_MS });
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  const result = await lighthouse.snapshot(page, {
    config: {
      extends: "lighthouse:default",
      settings: {
        onlyCategories: ["accessibility"],
        formFactor: form === "phone" ? "mobile" : "desktop",
        screenEmulation: { ...viewport, mobile: viewport.isMobile, disabled: false },
      },
    },
  });
  const lhr = result.lhr;
  const category = lhr.categories.accessibility;
  const failed = [];
  let audits = 0;
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
    if (audit.scoreDisplayMode === "informative") continue;
    audits += 1;
    if (audit.score !== 1) failed.push({ id: ref.id, title: audit.title, weight: ref.weight });
  }
  const score = Math.round(category.score * 100);
  console.log(JSON.stringify({ lang, htmlLang, form, score, audits, failed }));
} finally {
  await browser.close();
}
