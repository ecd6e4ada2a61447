// net/relays.js and net/relayurl.js: the page's CSP (netlify.toml's connect-src) admits every relay
// the page may talk to and its NIP-11 document, and nothing a relay address may not be; a
// preference names relays (wss: to a public host, or loopback) or none; the list a page chooses
// by itself follows its rules (the pinned relays first, none set aside or refused, at least three,
// at most half from discovery, at most eight).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { RelayBook } from "../js/net/relaybook.js";
import {
  chooseRelays,
  DEFAULT_RELAYS,
  isRelayURL,
  LEAST_RELAYS,
  learning,
  MOST_RELAYS,
  relaysFrom,
} from "../js/net/relays.js";
import { infoURLOf, relayURL } from "../js/net/relayurl.js";

const toml = readFileSync(new URL("../../netlify.toml", import.meta.url), "utf8");
const csp = /Content-Security-Policy = "([^"]+)"/.exec(toml)[1];
const connectSrc = /connect-src ([^;]+);/.exec(csp)[1].split(/\s+/);

/** Whether the CSP source list admits `url` (scheme-only sources and host:* sources, as here). */
function admits(url) {
  const u = new URL(url);
  return connectSrc.some((source) => {
    if (source === `${u.protocol}`) return true;
    const m = /^(\w+:)\/\/([^:/]+):\*$/.exec(source);
    return Boolean(m) && m[1] === u.protocol && m[2] === u.hostname;
  });
}

const fresh = (now = () => 1_800_000_000_000) => new RelayBook(null, now);

test("the CSP's connect-src admits any wss: relay and its https: document, and loopback, nothing more", () => {
  assert.deepEqual(connectSrc, [
    "'self'",
    "wss:",
    "https:",
    "ws://127.0.0.1:*",
    "ws://localhost:*",
    "http://127.0.0.1:*",
    "http://localhost:*",
  ]);
  for (const url of [...DEFAULT_RELAYS, "ws://127.0.0.1:7447", "ws://localhost:1/x", "wss://relay.example.org:444/a"]) {
    assert.equal(relayURL(url), url, url);
    assert.ok(admits(url) && admits(infoURLOf(url)), url);
  }
  for (const url of ["ws://relay.example.org", "http://relay.example.org", "ws://127.0.0.2:1"]) assert.ok(!admits(url));
});

test("a relay's address: wss: to a public name, or ws: on loopback, written one way", () => {
  assert.equal(relayURL("wss://Relay.Example.ORG/"), "wss://relay.example.org");
  assert.equal(relayURL("wss://relay.example.org:443/nostr/"), "wss://relay.example.org/nostr");
  assert.equal(relayURL("ws://localhost:7000/"), "ws://localhost:7000");
  for (const bad of [
    "ws://relay.example.org",
    "https://relay.example.org",
    "wss://192.168.1.2",
    "wss://[::1]:7",
    "wss://printer.local",
    "wss://x.onion",
    "wss://localhost",
    "wss://intranet",
    "wss://u:p@relay.example.org",
    "wss://relay.example.org/?q=1",
    "wss://relay.example.org/#f",
    `wss://relay.example.org/${"x".repeat(200)}`,
    "javascript:alert(1)",
    7,
    null,
  ])
    assert.equal(relayURL(bad), null, String(bad));
  assert.equal(infoURLOf("wss://relay.example.org/nostr"), "https://relay.example.org/nostr");
  assert.equal(infoURLOf("ws://127.0.0.1:9"), "http://127.0.0.1:9");
});

test("a preference's list is used as it is (normalised, each once, at most eight); none is none", () => {
  const book = fresh();
  assert.deepEqual(relaysFrom({ relays: [] }, book), { urls: [], refused: [] }, "none: nothing passes a relay");
  const own = relaysFrom({ relays: ["ws://127.0.0.1:7447/"] }, book);
  assert.deepEqual(own, { urls: ["ws://127.0.0.1:7447"], refused: [] });
  assert.equal(learning(own.urls), null, "a player's list is not added to");
  const mixed = relaysFrom(
    { relays: ["wss://nos.lol", "wss://relay.example.org", "wss://nos.lol/", "ws://nos.lol", 7, "javascript:x"] },
    book,
  );
  assert.deepEqual(mixed.urls, ["wss://nos.lol", "wss://relay.example.org"]);
  assert.deepEqual(mixed.refused, ["ws://nos.lol", "7", "javascript:x"]);
  const none = relaysFrom({ relays: ["https://nos.lol"] }, book);
  assert.deepEqual(none.urls, DEFAULT_RELAYS, "none usable: the pinned list");
  assert.deepEqual(none.refused, ["https://nos.lol"]);
  const many = Array.from({ length: 20 }, (_, i) => `ws://localhost:${7000 + i}`);
  assert.equal(relaysFrom({ relays: many }, book).urls.length, MOST_RELAYS);
  assert.ok(!isRelayURL(`ws://localhost:1/${"x".repeat(300)}`));
});

test("no preference: the pinned relays, chosen by the page, which may learn more", () => {
  const chosen = relaysFrom({}, fresh());
  assert.deepEqual(chosen.urls, DEFAULT_RELAYS);
  assert.deepEqual(learning(chosen.urls), { discovered: [] });
  assert.ok(DEFAULT_RELAYS.length >= LEAST_RELAYS && DEFAULT_RELAYS.length < MOST_RELAYS);
  const pinned = relaysFrom({ relays: { pinned: ["ws://127.0.0.1:1", "ws://127.0.0.1:2", "bad"] } }, fresh());
  assert.deepEqual(pinned.urls, ["ws://127.0.0.1:1", "ws://127.0.0.1:2"], "the preference's pinned list instead");
  assert.deepEqual(pinned.refused, ["bad"]);
  assert.ok(learning(pinned.urls), "learning from there");
});

test("the choice: set-aside and refusing relays left out, at least three, kept ones in, at most half discovered", () => {
  let now = 1_800_000_000_000;
  const book = fresh(() => now);
  const pinned = ["wss://a.example.org", "wss://b.example.org", "wss://c.example.org", "wss://d.example.org"];
  book.failed("wss://a.example.org", "down");
  book.setInfo("wss://b.example.org", { payment: true });
  book.failed("wss://c.example.org", "restricted", 6 * 3_600_000);
  // two of the four are set aside, one asks payment: the one that comes back soonest fills in
  let choice = chooseRelays(pinned, book);
  assert.deepEqual(choice.urls, ["wss://d.example.org", "wss://a.example.org", "wss://c.example.org"]);
  assert.equal(choice.urls.length, LEAST_RELAYS);
  // a relay that served well is kept; reports name five more, of which at most as many as the rest
  for (let i = 0; i < 3; i++) book.served("wss://kept.example.org");
  const nowS = Math.floor(now / 1000);
  for (let i = 0; i < 5; i++)
    book.found(`wss://found${i}.example.org`, { at: nowS - 60, rtt: 100 + i, by: "f".repeat(64), ok: true });
  book.found("wss://slow.example.org", { at: nowS - 3 * 86_400, rtt: 1, by: "f".repeat(64), ok: true });
  book.found("wss://paid.example.org", { at: nowS, rtt: 1, by: "f".repeat(64), ok: false });
  choice = chooseRelays(pinned, book);
  assert.deepEqual(choice.urls, [
    "wss://d.example.org",
    "wss://kept.example.org",
    "wss://a.example.org", // back soonest: the three
    "wss://found0.example.org", // then as many reported ones, the quickest first
    "wss://found1.example.org",
    "wss://found2.example.org",
  ]);
  assert.deepEqual(choice.discovered, choice.urls.slice(3));
  assert.ok(choice.discovered.length * 2 <= choice.urls.length, "at most half from discovery");
  assert.ok(!choice.urls.includes("wss://slow.example.org"), "an old report is not taken");
  assert.ok(!choice.urls.includes("wss://paid.example.org"), "nor one that says the relay wants payment");
  // seven hours later every aside is over: the pinned and kept ones fill the list, discovery the rest
  now += 7 * 3_600_000;
  choice = chooseRelays([...pinned, "wss://e.example.org", "wss://f.example.org", "wss://g.example.org"], book);
  assert.equal(choice.urls.length, MOST_RELAYS);
  assert.deepEqual(choice.discovered, ["wss://found0.example.org"]);
  assert.ok(!choice.urls.includes("wss://b.example.org"), "payment still asked (its document is kept a day)");
});
