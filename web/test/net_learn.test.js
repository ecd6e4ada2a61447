// What a page learns of relays: their NIP-11 limits (net/relayinfo.js), which a pool never exceeds
// (the room's chunks fit the smallest, a relay asking payment or more proof of work is not used);
// NIP-66 monitors' reports (net/discovery.js), taken only when recent and signed, adding at most
// as many relays as the others; and the page's own record (net/relaybook.js), of which a damaged
// part is ignored and never trusted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DISCOVERY_KIND, readReport } from "../js/net/discovery.js";
import { RelayPool } from "../js/net/nostr.js";
import { keyPair, signEvent } from "../js/net/nostrevent.js";
import { BOOK_KEY, KEEP_AFTER, MOST_ENTRIES, RelayBook } from "../js/net/relaybook.js";
import { contentRoom, fetchInfo, readInfo, unusable } from "../js/net/relayinfo.js";
import { relaysFrom } from "../js/net/relays.js";
import { RelayChannel, Room } from "../js/net/room.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { fakeRelay, sockets, tick, until } from "./fakerelay.js";

const TOPIC = "cd".repeat(32);
const url = (port) => `ws://127.0.0.1:${port}`;
const nowS = () => Math.floor(Date.now() / 1000);
const key = await keyPair(null, curve);
const monitor = await keyPair(null, curve);

/** A storage as localStorage is (getItem, setItem), in memory. */
function memoryStorage(initial = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, String(v)), data };
}

/** A fetch that answers NIP-11 documents by URL ({"http://...": doc}) and records what it was asked. */
function infoFetch(docs) {
  const asked = [];
  const fetch = async (address, init) => {
    asked.push({ address, accept: init.headers.Accept });
    const doc = docs[address.replace(/\/$/, "")];
    if (doc === undefined) return new Response("no", { status: 404 });
    return new Response(typeof doc === "string" ? doc : JSON.stringify(doc), { status: 200 });
  };
  return { fetch, asked };
}

async function pool(t, relays, options = {}) {
  const heard = [];
  const p = new RelayPool(options.urls ?? Object.keys(relays), {
    topic: TOPIC,
    onevent: (ev) => heard.push(ev),
    WebSocketClass: sockets(relays),
    curve,
    book: new RelayBook(null),
    fetch: null,
    ...options,
  });
  p.start();
  t.after(() => p.stop());
  return { pool: p, heard };
}

// ------------------------------------------------------------------ NIP-11

test("a document's limits are read by type; fees are a payment; anything else is no document", () => {
  const lim = readInfo(
    JSON.stringify({
      name: "r",
      limitation: {
        max_message_length: 16384,
        max_content_length: 8196,
        max_subscriptions: 20,
        max_subid_length: 10,
        max_event_tags: 100,
        created_at_lower_limit: 3600,
        created_at_upper_limit: 60,
        min_pow_difficulty: 0,
        auth_required: false,
        payment_required: false,
        restricted_writes: false,
        max_limit: 5000,
      },
    }),
  );
  assert.deepEqual(lim, {
    maxMessage: 16384,
    maxContent: 8196,
    maxSubs: 20,
    maxSubid: 10,
    maxTags: 100,
    olderThan: 3600,
    newerThan: 60,
    minPow: 0,
    auth: false,
    payment: false,
    restricted: false,
  });
  assert.deepEqual(
    readInfo('{"limitation": {"max_content_length": "9", "auth_required": 1, "max_subscriptions": -2}}'),
    {},
  );
  assert.deepEqual(readInfo('{"fees": {"publication": [{"kinds": [4], "amount": 100, "unit": "msats"}]}}'), {
    payment: true,
  });
  for (const bad of ["", "[1]", "null", "{", 7, "x".repeat(70_000)]) assert.equal(readInfo(bad), null);
  assert.equal(unusable({ payment: true }), "payment");
  assert.equal(unusable({ minPow: 8 }, { pow: 0 }), "pow");
  assert.equal(unusable({ minPow: 8 }, { pow: 8 }), null);
  assert.equal(unusable({ restricted: true }), "restricted");
  assert.equal(unusable({ maxContent: 1000 }), "small");
  assert.equal(unusable({ auth: true, maxContent: 5000 }), null, "authentication is something the page does");
  assert.equal(contentRoom({ maxMessage: 10_000 }), 9300);
});

test("the document is asked for with NIP-11's Accept header; a slow, huge or failed one is none", async () => {
  const { fetch, asked } = infoFetch({
    "https://relay.example.org/nostr": { limitation: { max_content_length: 9000 } },
  });
  assert.deepEqual(await fetchInfo("wss://relay.example.org/nostr", { fetch }), { maxContent: 9000 });
  assert.deepEqual(asked, [{ address: "https://relay.example.org/nostr", accept: "application/nostr+json" }]);
  assert.equal(await fetchInfo("wss://other.example.org", { fetch }), null, "404");
  const slow = () => new Promise(() => {});
  const began = Date.now();
  assert.equal(
    await fetchInfo("wss://relay.example.org", {
      fetch: (_a, init) => {
        return new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(new Error("aborted"))));
      },
      timeoutMs: 100,
    }),
    null,
  );
  assert.ok(Date.now() - began < 1000);
  void slow;
  const huge = async () => new Response(`{"a":"${"x".repeat(100_000)}"}`, { status: 200 });
  assert.equal(await fetchInfo("wss://relay.example.org", { fetch: huge }), null);
  const declared = async () => new Response("{}", { status: 200, headers: { "content-length": "999999" } });
  assert.equal(await fetchInfo("wss://relay.example.org", { fetch: declared }), null);
  assert.equal(
    await fetchInfo("wss://relay.example.org", {
      fetch: async () => {
        throw new TypeError("CORS");
      },
    }),
    null,
  );
});

test("a pool keeps within every limit: the smallest content, message length, tags and event age", async (t) => {
  const [A, B] = [url(7101), url(7102)];
  const a = fakeRelay();
  const b = fakeRelay();
  const { fetch } = infoFetch({
    "http://127.0.0.1:7101": {
      limitation: { max_content_length: 5000, max_event_tags: 1, created_at_lower_limit: 10 },
    },
    "http://127.0.0.1:7102": { limitation: { max_message_length: 20_000 } },
  });
  const { pool: p } = await pool(t, { [A]: a, [B]: b }, { fetch });
  await until(() => p.open === 2 && p.maxContent === 5000);
  assert.equal(p.maxContent, 5000, "the smallest of the relays in use");
  const sign = (content, tags = [["t", TOPIC]], created_at = undefined) =>
    signEvent({ tags, content, created_at }, key, curve);
  const long = await sign("x".repeat(6000));
  assert.equal((await p.publish(long)).ok, 1);
  assert.ok(!a.log.some((ev) => ev.id === long.id) && b.log.some((ev) => ev.id === long.id), "too long for A");
  const tagged = await sign("y", [
    ["t", TOPIC],
    ["p", key.public],
  ]);
  await p.publish(tagged);
  assert.ok(!a.log.some((ev) => ev.id === tagged.id), "too many tags for A");
  const old = await sign("z", [["t", TOPIC]], nowS() - 30);
  await p.publish(old);
  assert.ok(!a.log.some((ev) => ev.id === old.id), "older than A takes");
  const huge = await sign("w".repeat(19_800));
  await p.publish(huge);
  assert.ok(!b.log.some((ev) => ev.id === huge.id), "beyond B's max_message_length (bytes of the whole frame)");
});

test("the room's chunks fit the smallest max_content_length of its relays, and the message comes out whole", async () => {
  const A = url(7111);
  const relay = fakeRelay();
  RelayBook.shared().setInfo(A, { maxContent: 4000 }); // as a fetched document would leave it
  const open = (into) =>
    Room.open({
      secret: "ef".repeat(32),
      relays: [A],
      curve,
      WebSocketClass: sockets({ [A]: relay }),
      onmessage: (f, k, b) => into(f, k, b),
    });
  let fromA = null;
  const a = await open(() => {});
  const b = await open((_from, kind, body) => fromA?.heard(kind, body));
  await until(() => a.pool.open === 1 && b.pool.open === 1);
  assert.equal(a.pool.maxContent, 4000);
  const got = [];
  const toB = new RelayChannel(a, b.me, { keepalive: { every: 60_000, gone: 120_000 } });
  fromA = new RelayChannel(b, a.me, { keepalive: { every: 60_000, gone: 120_000 } });
  fromA.onmessage = (text) => got.push(text);
  // a table's message: JSON, many quotes (each costs two escaped), a name beyond ASCII
  const message = JSON.stringify({
    v: 1,
    kind: "table",
    rows: Array.from({ length: 900 }, (_, i) => ({ n: i, w: "Zażółć" })),
  });
  toB.send(message);
  await until(() => got.length === 1, 8000);
  assert.equal(got[0], message);
  const contents = relay.log.map((ev) => ev.content.length);
  assert.ok(contents.length > 5 && Math.max(...contents) <= 4000, `chunks of ${Math.max(...contents)}`);
  toB.drop();
  fromA.drop();
  a.close();
  b.close();
});

test("a relay whose document asks payment or more proof of work is not used, and is not opened again", async (t) => {
  const [A, B, C] = [url(7121), url(7122), url(7123)];
  const relays = { [A]: fakeRelay(), [B]: fakeRelay(), [C]: fakeRelay() };
  const { fetch, asked } = infoFetch({
    "http://127.0.0.1:7121": { limitation: { payment_required: true } },
    "http://127.0.0.1:7122": { limitation: { min_pow_difficulty: 20 } },
    "http://127.0.0.1:7123": {},
  });
  const book = new RelayBook(null);
  const { pool: p } = await pool(t, relays, { fetch, book });
  await until(() => p.links.get(A).state === "refused" && p.links.get(B).state === "refused");
  assert.deepEqual(
    [A, B, C].map((u) => p.links.get(u).state),
    ["refused", "refused", "open"],
  );
  assert.equal(relays[A].sockets.size + relays[B].sockets.size, 0, "closed");
  // the next pool knows without asking, and the page's choice leaves them out
  const again = await pool(t, relays, { fetch, book });
  await tick(50);
  assert.equal(again.pool.links.get(A).state, "refused");
  assert.equal(asked.length, 3, "each document fetched once");
  const choice = relaysFrom({ relays: { pinned: [A, B, C] } }, book);
  assert.deepEqual(choice.urls, [C]);
});

test("max_subid_length, max_subscriptions and auth_required are kept too", async (t) => {
  const A = url(7131);
  const book = new RelayBook(null);
  book.setInfo(A, { maxSubid: 1, maxSubs: 1, auth: true });
  const relay = fakeRelay({ challenge: "early" });
  const { pool: p, heard } = await pool(t, { [A]: relay }, { book, learn: true, key });
  await until(() => p.open === 1 && relay.auths.length === 1);
  assert.equal(relay.auths.length, 1, "authenticated at the challenge, before anything was refused");
  assert.deepEqual(
    relay.reqs.map((r) => r[1]),
    ["r"],
    "the subscription's id cut to one character, and no second subscription (the monitors')",
  );
  const ev = await signEvent({ tags: [["t", TOPIC]], content: "hi" }, key, curve);
  relay.deliver(ev);
  await until(() => heard.length === 1);
  assert.equal(heard.length, 1, "events of the short id are heard");
});

// ------------------------------------------------------------------ NIP-66

const report = (relay, { at = nowS() - 60, R = ["!payment", "!auth"], k = [], rtt = "120", by = monitor } = {}) =>
  signEvent(
    {
      kind: DISCOVERY_KIND,
      created_at: at,
      tags: [["d", relay], ["n", "clearnet"], ...R.map((r) => ["R", r]), ...k.map((v) => ["k", v]), ["rtt-open", rtt]],
      content: "",
    },
    by,
    curve,
  );

test("a report is read only when recent, of a relay address, and saying outright that no payment or auth is needed", async () => {
  const now = nowS();
  const ok = readReport(await report("wss://Found.example.org/"), now, [25050]);
  assert.deepEqual(ok, {
    url: "wss://found.example.org",
    report: { at: now - 60, rtt: 120, by: monitor.public, ok: true },
  });
  assert.equal(readReport(await report("wss://a.example.org", { at: now - 3 * 86_400 }), now, [25050]), null, "old");
  assert.equal(readReport(await report("wss://a.example.org", { at: now + 3600 }), now, [25050]), null, "ahead");
  assert.equal(readReport(await report("http://a.example.org"), now, [25050]), null, "not a relay address");
  assert.equal(readReport(await report("wss://10.0.0.1"), now, [25050]), null, "a private address");
  const said = async (o) => readReport(await report("wss://a.example.org", o), now, [25050]).report.ok;
  assert.equal(await said({ R: ["!payment"] }), false, "auth unknown");
  assert.equal(await said({ R: ["!payment", "!auth", "pow"] }), false);
  assert.equal(await said({ R: ["!payment", "!auth", "writes"] }), false);
  assert.equal(await said({ R: ["payment", "!auth"] }), false);
  assert.equal(await said({ k: ["!25050"] }), false, "refuses our kind");
  assert.equal(await said({ k: ["1", "25050"] }), true);
});

test("a pool learns a relay from a recent signed report, never from a forged, unsigned or old one, and at most half", async (t) => {
  const [A, B] = [url(7201), url(7202)];
  const named = [7203, 7204, 7205, 7206, 7207, 7208, 7209].map(url);
  const good = await report(named[0], { rtt: "50" });
  const forged = { ...(await report(named[1], { rtt: "10" })), content: "changed after signing" };
  const stranger = await keyPair(null, curve);
  const unsigned = { ...(await report(named[2], { rtt: "10" })), sig: (await report(named[3], { by: stranger })).sig };
  const old = await report(named[3], { at: nowS() - 3 * 86_400, rtt: "10" });
  const paid = await report(named[4], { R: ["payment", "!auth"], rtt: "10" });
  const second = await report(named[5], { rtt: "80" });
  const third = await report(named[6], { rtt: "90" }); // one more than half allows
  const live = fakeRelay({ stored: [forged, unsigned, old, paid, good, second, third], ignoresSince: true });
  const relays = { [A]: live, [B]: fakeRelay() };
  for (const u of named) relays[u] = fakeRelay();
  const book = new RelayBook(null);
  const chosen = relaysFrom({ relays: { pinned: [A, B] } }, book);
  assert.deepEqual(chosen.urls, [A, B]);
  const { pool: p } = await pool(t, relays, { urls: chosen.urls, book });
  await until(() => p.urls.length === 4);
  await tick(100);
  assert.deepEqual(p.urls, [A, B, named[0], named[5]], "the two quickest usable, signed, recent reports");
  await until(() => p.open === 4);
  assert.equal(p.open, 4, "and their relays opened");
  const asked = live.reqs.find((r) => r[1] === "monitors");
  assert.deepEqual(asked[2].kinds, [DISCOVERY_KIND]);
  assert.ok(asked[2].limit <= 50 && asked[2].since >= nowS() - 2 * 86_400 - 5);
  assert.ok(live.frames.includes('["CLOSE","monitors"]'), "closed once the stored reports were in");
  assert.ok(p.dropped >= 3, "the forged, unsigned and old ones refused");
  // the next table's choice starts with what this one learnt; a second pool does not ask again soon
  const next = relaysFrom({ relays: { pinned: [A, B] } }, book);
  assert.deepEqual(next.urls, [A, B, named[0], named[5]]);
  const reqs = live.reqs.length;
  const again = await pool(t, relays, { urls: next.urls, book });
  await until(() => again.pool.open === 4);
  assert.equal(live.reqs.filter((r) => r[1] === "monitors").length, 1, "asked once in ten minutes");
  assert.ok(live.reqs.length > reqs);
});

test("a player's own list does not learn; the pinned preference does", async (t) => {
  const A = url(7301);
  const live = fakeRelay({ stored: [await report(url(7302))] });
  const book = new RelayBook(null);
  const own = relaysFrom({ relays: [A] }, book);
  const { pool: p } = await pool(t, { [A]: live }, { urls: own.urls, book });
  await until(() => p.open === 1);
  await tick(50);
  assert.ok(!live.reqs.some((r) => r[1] === "monitors"), "no monitors' reports asked");
  assert.deepEqual(p.urls, [A]);
});

// ------------------------------------------------------------------ the record

test("the record: set aside for longer each time, kept after serving, a damaged one ignored, never more than 64", () => {
  let now = 1_800_000_000_000;
  const storage = memoryStorage();
  const book = new RelayBook(storage, () => now);
  const R = "wss://r.example.org";
  book.failed(R, "down");
  const first = book.get(R).aside - now;
  book.failed(R, "down"); // tried again while set aside: nothing new
  assert.equal(book.get(R).aside - now, first);
  now += first + 1;
  assert.ok(!book.aside(R), "tried again once its time comes");
  book.failed(R, "down");
  assert.equal(book.get(R).aside - now, 2 * first, "and set aside twice as long when it fails again");
  now += 2 * first + 1;
  for (let i = 0; i < KEEP_AFTER; i++) book.served(R);
  assert.deepEqual(book.kept(), [R]);
  assert.ok(!book.aside(R) && book.get(R).fails === 0, "serving forgives being down");
  // read back by another page
  const again = new RelayBook(storage, () => now);
  assert.deepEqual(again.kept(), [R]);
  // a damaged record: ignored whole, or entry by entry
  for (const text of ["{", "[]", '{"v":2,"relays":{}}', '{"v":1,"relays":7}']) {
    const damaged = new RelayBook(memoryStorage({ [BOOK_KEY]: text }), () => now);
    assert.equal(damaged.entries.size, 0, text);
  }
  const good = JSON.parse(storage.data.get(BOOK_KEY)).relays[R];
  const mixed = new RelayBook(
    memoryStorage({
      [BOOK_KEY]: JSON.stringify({
        v: 1,
        relays: {
          [R]: good,
          "wss://R2.example.org": good, // not written the one way
          "ws://evil.example.org": good, // not a relay address
          "wss://t.example.org": { ...good, good: "999" },
          "wss://u.example.org": { ...good, found: { at: 1, rtt: 1, by: "nope", ok: true } },
          "wss://v.example.org": { ...good, info: { at: 1, lim: { maxContent: -5, payment: "yes" } } },
        },
      }),
    }),
    () => now,
  );
  assert.deepEqual([...mixed.entries.keys()], [R, "wss://v.example.org"]);
  assert.deepEqual(mixed.get("wss://v.example.org").info.lim, {}, "limits of the wrong type are not taken");
  // at most MOST_ENTRIES, the least recently touched out
  for (let i = 0; i < MOST_ENTRIES + 6; i++) {
    now += 1;
    book.failed(`wss://n${i}.example.org`, "down");
  }
  const stored = Object.keys(JSON.parse(storage.data.get(BOOK_KEY)).relays);
  assert.equal(stored.length, MOST_ENTRIES);
  assert.ok(!stored.includes(R) && stored.includes(`wss://n${MOST_ENTRIES + 5}.example.org`));
  assert.ok(book.entries.size <= MOST_ENTRIES);
});

test("two pages writing the record keep each other's entries", () => {
  const storage = memoryStorage();
  const one = new RelayBook(storage);
  const two = new RelayBook(storage);
  one.failed("wss://one.example.org", "down");
  two.failed("wss://two.example.org", "down");
  const stored = Object.keys(JSON.parse(storage.data.get(BOOK_KEY)).relays).sort();
  assert.deepEqual(stored, ["wss://one.example.org", "wss://two.example.org"]);
});
