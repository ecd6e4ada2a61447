// @ts-check
// NIP-66: what relay monitors report of relays (kind 30166 relay discovery events), read so that
// this page learns relays beyond its pinned list. A pool that may learn (nostr.js) asks each relay
// it uses, now and then (relaybook.js ASK_EVERY_MS), for the recent reports, and takes a report
// only when every check here passes:
//   - NIP-01's exact shape, kind 30166, written within REPORT_LIFE_S (2 days) and not ahead of
//     this page's clock;
//   - its `d` tag a relay address this page may use (relayurl.js: wss: to a public name, or ws: on
//     loopback), written the one way;
//   - its id recomputed and its BIP-340 signature its monitor's (a relay's word is not taken);
// and counts the relay as usable only when the report says outright that it needs neither payment
// nor authentication (`R` `!payment` and `!auth`), asks no proof of work nor other condition for
// writes, and does not refuse our kinds (`k` `!25050`).
//
// A monitor is a stranger, as any relay: its report only adds candidates. What a table then uses
// is net/relays.js's choice (at most half of a table's relays from discovery), every relay is
// untrusted anyway (every table message is encrypted and signed end to end), and a discovered
// relay that fails is set aside like any other.

import { CLOCK_SLACK_S, isEvent } from "./nostrevent.js";
import { REPORT_LIFE_S } from "./relaybook.js";
import { relayURL } from "./relayurl.js";

export const DISCOVERY_KIND = 30166;
/** How many reports a relay is asked for at once (the newest). */
export const DISCOVERY_LIMIT = 50;
/** A report's content (a copy of the relay's NIP-11 document, unread here) may be this long. */
const MAX_REPORT_CONTENT = 16_384;
const HEX64 = /^[0-9a-f]{64}$/;

/** The subscription's filter: recent reports, a few.
 * @param {number} nowS @returns {import("../shapes/nostr.js").RelayFilter} */
export const discoveryFilter = (nowS) => ({
  kinds: [DISCOVERY_KIND],
  since: nowS - REPORT_LIFE_S,
  limit: DISCOVERY_LIMIT,
});

/**
 * What a report says, or null when it is not one this page takes (its signature is checked
 * apart: nostrevent.js verifyEvent).
 * @param {unknown} ev the event as a relay sent it
 * @param {number} nowS this page's clock (s)
 * @param {number[]} kinds the kinds this page writes there
 * @returns {{url: string, report: import("./relaybook.js").Report}|null}
 */
export function readReport(ev, nowS, kinds) {
  if (!isEvent(ev, { maxContent: MAX_REPORT_CONTENT, maxTags: 200, maxTag: 4, maxValue: 300 })) return null;
  if (ev.kind !== DISCOVERY_KIND || !HEX64.test(ev.pubkey)) return null;
  if (ev.created_at < nowS - REPORT_LIFE_S || ev.created_at > nowS + CLOCK_SLACK_S) return null;
  const tags = ev.tags;
  const values = (/** @type {string} */ name) => tags.filter((t) => t[0] === name && t.length >= 2).map((t) => t[1]);
  const d = values("d");
  if (d.length !== 1) return null;
  const url = relayURL(d[0]);
  if (!url) return null;
  const needs = new Set(values("R"));
  const accepts = new Set(values("k"));
  const ok =
    needs.has("!payment") &&
    needs.has("!auth") &&
    !needs.has("payment") &&
    !needs.has("auth") &&
    !needs.has("pow") &&
    !needs.has("writes") &&
    !kinds.some((k) => accepts.has(`!${k}`));
  const rtts = ["rtt-open", "rtt-read", "rtt-write"]
    .flatMap(values)
    .map(Number)
    .filter((v) => Number.isFinite(v) && v > 0 && v < 60_000);
  const rtt = rtts.length ? Math.round(rtts.reduce((a, b) => a + b, 0) / rtts.length) : 0;
  return { url, report: { at: ev.created_at, rtt, by: ev.pubkey, ok } };
}
