// net/standings.js: the daily standings' event as made (its tags, its expiry, nothing past the
// size limit) and as read (the exact shape or nothing), a fetch that takes only genuine events of
// the date from in-memory relays (an altered content under the first signature, an id that is not
// its content's, junk and other dates dropped), within its budget of signature checks, and a
// relay that never answers making the fetch say less, not wait forever.
import assert from "node:assert/strict";
import { test } from "node:test";
import { keyPair, signEvent } from "../js/net/nostrevent.js";
import { RelayBook } from "../js/net/relaybook.js";
import {
  dayStart,
  EXPIRY_DAYS,
  entryEvent,
  FETCH_PAGES,
  fetchEntries,
  MAX_EVENT_CHARS,
  publishEvent,
  readEvent,
  STANDINGS_KIND,
  STANDINGS_TOPIC,
} from "../js/net/standings.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { fakeRelay, sockets } from "./fakerelay.js";

const DAY = "2026-12-05";
const NOW_S = dayStart(DAY) + 12 * 3600;
const A = "ws://127.0.0.1:7101";
const B = "ws://127.0.0.1:7102";
const entry = (name = "Ana", rounds = 3) => ({
  v: 1,
  name,
  date: DAY,
  score: 141,
  record: Array.from({ length: rounds }, () => ["5-5", "5-3@E=3", "draw", "pass"]),
});
const keys = await Promise.all([1, 2, 3].map(() => keyPair(null, curve)));
const made = (e = entry(), key = keys[0]) => entryEvent(e, key, curve, NOW_S);
const options = (relays, extra = {}) => ({
  WebSocketClass: sockets(relays),
  curve,
  book: new RelayBook(null),
  fetch: null,
  now: () => NOW_S * 1000,
  ...extra,
});

test("an entry's event: addressable, one a date, an expiry after the date, the entry as content", async () => {
  const ev = await made();
  assert.equal(ev.kind, STANDINGS_KIND);
  assert.ok(ev.kind >= 30_000 && ev.kind < 40_000);
  assert.deepEqual(ev.tags, [
    ["d", DAY],
    ["t", STANDINGS_TOPIC],
    ["expiration", String(dayStart(DAY) + (1 + EXPIRY_DAYS) * 86_400)],
  ]);
  assert.deepEqual(JSON.parse(ev.content), entry());
  assert.deepEqual(readEvent(ev, DAY, NOW_S), { key: keys[0].public, at: NOW_S, entry: entry() });
  // a record too long for the relays' limit is not made at all
  assert.equal(await made(entry("Ana", 200)), null);
  const longest = await made(entry("Ana", 40));
  assert.ok(longest === null || JSON.stringify(longest).length <= MAX_EVENT_CHARS);
});

test("only the exact shape is read: kind, tags, date, time, size and JSON content", async () => {
  const ev = await made();
  const sign = (fields) => signEvent({ kind: STANDINGS_KIND, created_at: NOW_S, ...fields }, keys[1], curve);
  const bad = [
    null,
    "text",
    { ...ev, kind: 1 },
    { ...ev, extra: 1 },
    await sign({ tags: [["d", "2026-12-04"], ev.tags[1], ev.tags[2]], content: ev.content }),
    await sign({ tags: [ev.tags[0], ["t", "other"], ev.tags[2]], content: ev.content }),
    await sign({ tags: [ev.tags[0], ev.tags[0], ev.tags[1]], content: ev.content }),
    await sign({ tags: ev.tags, content: "{not json" }),
    await sign({ tags: ev.tags, content: "x".repeat(MAX_EVENT_CHARS) }),
    await signEvent(
      { kind: STANDINGS_KIND, created_at: dayStart(DAY) - 3600, tags: ev.tags, content: ev.content },
      keys[1],
      curve,
    ),
    await signEvent(
      { kind: STANDINGS_KIND, created_at: NOW_S + 3600, tags: ev.tags, content: ev.content },
      keys[1],
      curve,
    ),
  ];
  for (const b of bad) assert.equal(readEvent(b, DAY, NOW_S), null, JSON.stringify(b)?.slice(0, 120));
});

test("a fetch takes the date's genuine events only, each once across relays", async () => {
  const good = await made();
  const other = await made(entry("Ben"), keys[1]);
  const altered = { ...(await made(entry("Cy"), keys[2])), content: JSON.stringify({ ...entry("Cy"), score: 150 }) };
  const misnamed = { ...(await made(entry("Di"), keys[2])), id: good.id };
  const stored = [good, other, altered, misnamed, { junk: true }];
  const relays = { [A]: fakeRelay({ stored }), [B]: fakeRelay({ stored: [good] }) };
  const out = await fetchEntries([A, B], DAY, options(relays));
  assert.deepEqual(out.entries.map((e) => e.entry.name).sort(), ["Ana", "Ben"]);
  assert.equal(out.answered, 2);
  assert.equal(out.relays, 2);
  assert.ok(out.dropped >= 2, `dropped ${out.dropped}`); // the altered and the misnamed (a repeat may be too)
  // each relay was asked once, for the date alone, and the subscription closed at its EOSE
  for (const url of [A, B]) {
    const reqs = relays[url].reqs;
    assert.equal(reqs.length, 1);
    assert.deepEqual(reqs[0][2]["#d"], [DAY]);
  }
});

test("past the budget of checks, events are counted, not taken", async () => {
  const stored = await Promise.all(keys.map((k, i) => made(entry(`P${i}`), k)));
  const relays = { [A]: fakeRelay({ stored }) };
  const out = await fetchEntries([A], DAY, options(relays, { checks: 1 }));
  assert.equal(out.entries.length, 1);
  assert.equal(out.over, 2);
});

test("a relay that never answers makes the fetch say less, not wait for ever", async () => {
  const good = await made();
  const silent = fakeRelay({ onReq: () => ["NOTICE", "thinking"] });
  const relays = { [A]: fakeRelay({ stored: [good] }), [B]: silent };
  const out = await fetchEntries([A, B], DAY, options(relays, { waitMs: 300 }));
  assert.equal(out.entries.length, 1);
  assert.equal(out.answered, 1);
  assert.equal(out.relays, 2);
});

test("publishing sends the one event to every relay that opens", async () => {
  const [one, two] = [fakeRelay(), fakeRelay()];
  const ev = await made();
  const out = await publishEvent([A, B], ev, options({ [A]: one, [B]: two }));
  assert.ok(out.ok >= 1);
  for (const relay of [one, two]) {
    assert.deepEqual(
      relay.log.map((e) => e.id),
      [ev.id],
    );
  }
});

test("a relay that sends a whole page is asked for the older ones, up to FETCH_PAGES", async () => {
  // newest first, as relays send them: a flood made after the genuine entry pushes it down
  const genuine = await made(entry("Ana"), keys[0]);
  const flood = [];
  for (let i = 0; i < 5; i++) {
    const k = await keyPair(null, curve);
    flood.push(await entryEvent(entry(`F${i}`), k, curve, NOW_S + 10 - i));
  }
  const relays = { [A]: fakeRelay({ stored: [...flood, genuine] }) };
  const out = await fetchEntries([A], DAY, options(relays, { limit: 3 }));
  assert.ok(
    out.entries.some((e) => e.entry.name === "Ana"),
    "the genuine entry, on the last page",
  );
  assert.equal(out.entries.length, 6);
  // each page from the oldest time of the last (inclusive: the repeats are dropped once)
  const untils = relays[A].reqs.map((r) => r[2].until ?? null);
  assert.deepEqual(untils, [null, NOW_S + 8, NOW_S + 6]);
  // FETCH_PAGES is the most: a longer flood says less, never more
  const deep = { [A]: fakeRelay({ stored: [...flood, ...flood, genuine] }) };
  const less = await fetchEntries([A], DAY, options(deep, { limit: 1 }));
  assert.equal(deep[A].reqs.length, FETCH_PAGES);
  assert.ok(less.entries.length <= FETCH_PAGES);
});
