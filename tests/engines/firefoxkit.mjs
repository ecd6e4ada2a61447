// Firefox as the tests and the benchmark launch it: Debian's firefox-esr, headless, under
// puppeteer-core over WebDriver BiDi (web/package.json's devDependency; no browser is downloaded),
// with a new empty profile each launch. Nothing leaves loopback: the profile's proxy is a closed
// port on 127.0.0.1 (only 127.0.0.1 goes direct), with Firefox's updates, telemetry and
// background services off.
//
//   const browser = await launchFirefox({ prefs, viewport });   (tests/engines/firefox.mjs,
//                                                                scripts/bench_firefox.mjs)

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const puppeteer = createRequire(path.join(ROOT, "web/package.json"))("puppeteer-core");
export const FIREFOX = process.env.ALLTHREES_FIREFOX ?? "/usr/bin/firefox-esr";

// Nothing but loopback: every other address goes to a proxy that is not there.
const CLOSED = "127.0.0.1";
export const PREFS = {
  "network.proxy.type": 1,
  "network.proxy.http": CLOSED,
  "network.proxy.http_port": 9,
  "network.proxy.ssl": CLOSED,
  "network.proxy.ssl_port": 9,
  "network.proxy.socks": CLOSED,
  "network.proxy.socks_port": 9,
  "network.proxy.socks_remote_dns": true,
  "network.proxy.no_proxies_on": "127.0.0.1",
  "network.proxy.allow_hijacking_localhost": false,
  "network.trr.mode": 5,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
  "network.predictor.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "app.update.enabled": false,
  "app.update.auto": false,
  "app.update.staging.enabled": false,
  "app.normandy.enabled": false,
  "app.shield.optoutstudies.enabled": false,
  "services.settings.server": "http://127.0.0.1:9/v1",
  "extensions.blocklist.enabled": false,
  "extensions.systemAddon.update.enabled": false,
  "browser.safebrowsing.update.enabled": false,
  "browser.region.update.enabled": false,
  "browser.region.network.url": "",
  "browser.ping-centre.telemetry": false,
  "browser.newtabpage.activity-stream.feeds.telemetry": false,
  "browser.newtabpage.activity-stream.telemetry": false,
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.unified": false,
  "toolkit.telemetry.archive.enabled": false,
  "toolkit.telemetry.server": "",
  "datareporting.policy.dataSubmissionEnabled": false,
  "datareporting.healthreport.uploadEnabled": false,
  "media.gmp-manager.updateEnabled": false,
  "media.gmp-gmpopenh264.enabled": false,
  "geo.provider.network.url": "",
  "security.OCSP.enabled": 0,
};

/** A new Firefox with an empty profile; `prefs` over PREFS. */
export function launchFirefox({ prefs = {}, viewport = { width: 1024, height: 730 } } = {}) {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: install Debian's firefox-esr`);
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 300_000,
    defaultViewport: viewport,
    extraPrefsFirefox: { ...PREFS, ...prefs },
  });
}
