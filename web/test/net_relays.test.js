// net/relays.js: the pinned relays are the ones the page's CSP admits (netlify.toml's connect-src),
// and a player's `relays` preference can name only those or a relay on the player's own machine.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { DEFAULT_RELAYS, isRelayURL, MOST_RELAYS, relaysFrom } from "../js/net/relays.js";

const toml = readFileSync(new URL("../../netlify.toml", import.meta.url), "utf8");
const csp = /Content-Security-Policy = "([^"]+)"/.exec(toml)[1];
const connectSrc = /connect-src ([^;]+);/.exec(csp)[1].split(/\s+/);

test("the CSP's connect-src is the pinned relays and loopback, nothing more", () => {
  assert.deepEqual(connectSrc, ["'self'", ...DEFAULT_RELAYS, "ws://127.0.0.1:*", "ws://localhost:*"]);
});

test("a preference names pinned relays or the player's own machine; anything else is refused", () => {
  assert.deepEqual(relaysFrom({}), { urls: DEFAULT_RELAYS, refused: [] });
  assert.deepEqual(relaysFrom({ relays: [] }), { urls: [], refused: [] }, "none: nothing passes a relay");
  assert.deepEqual(relaysFrom({ relays: ["ws://127.0.0.1:7447"] }), { urls: ["ws://127.0.0.1:7447"], refused: [] });
  const mixed = relaysFrom({ relays: ["wss://nos.lol", "wss://evil.example", "ws://nos.lol", 7, "javascript:x"] });
  assert.deepEqual(mixed.urls, ["wss://nos.lol"]);
  assert.deepEqual(mixed.refused, ["wss://evil.example", "ws://nos.lol", "7", "javascript:x"]);
  assert.deepEqual(relaysFrom({ relays: ["https://nos.lol"] }).urls, DEFAULT_RELAYS, "none usable: the pinned list");
  const many = Array.from({ length: 20 }, (_, i) => `ws://localhost:${7000 + i}`);
  assert.equal(relaysFrom({ relays: many }).urls.length, MOST_RELAYS);
  assert.ok(!isRelayURL(`ws://localhost:1/${"x".repeat(300)}`));
});
