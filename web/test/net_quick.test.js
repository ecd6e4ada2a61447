// A quick match's choice (net/quick.js) against the in-memory relay, with the real curve and
// real hosts' announcers: it sits down at the waiting table that answers its own ask, past sixty
// ghost tables from fresh keys (their work done, valid, claiming an hour of waiting) that never
// answer; a ghost alone, or a host whose page froze after it had answered the lobby, is passed
// over once the look's wait is out and the page opens its own table; two pages looking for the
// same game a moment apart are paired (the smaller ask's key opens, the other joins it), whichever
// asked first; and the choice among listed tables (quickTable) and between two waiting tables
// (givesWay).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Announcer, givesWay, quickTable, Seek } from "../js/net/lobby.js";
import { keyPair } from "../js/net/nostr.js";
import { closest } from "../js/net/quick.js";
import { fakeRelay, until } from "./fakerelay.js";
import { announce, BITS, curve, fields, nowS, openLobby, RELAYS } from "./lobbykit.js";

/** A cap on a look that should settle by an answer (a look that waits it out fails the test). */
const NEVER_MS = 60_000;
const GUARD_MS = 15_000;

/** A look on `lobby`'s page, stopped when the test ends. */
function look(t, relay, lobby, options = {}) {
  const seek = new Seek({ lobby, kind: "2p", relays: RELAYS, WebSocketClass: relay.Socket, ...options });
  t.after(() => seek.stop());
  return seek;
}

/** `seek.start()`, or "guard" past GUARD_MS (a look whose answer never came). */
function settled(seek) {
  let timer;
  const guard = new Promise((resolve) => {
    timer = setTimeout(() => resolve("guard"), GUARD_MS);
  });
  return Promise.race([seek.start(), guard]).finally(() => clearTimeout(timer));
}

/** A host's waiting quick table ("2p"), announcing on the relay (stopped when the test ends). */
async function quickHost(t, relay, name = "Real", key = null, rating = null) {
  const host = key ?? (await keyPair(null, curve));
  const entry = () => fields({ name, quick: "2p", preset: "standard", rating }, nowS() - 5);
  const ad = new Announcer({ relays: RELAYS, key: host, entry, WebSocketClass: relay.Socket, curve, bits: BITS });
  t.after(() => ad.stop());
  await ad.start();
  return { ad, host };
}

/** Sixty ghost quick tables from fresh keys, as a spammer makes them: work done, valid, claiming
 * an hour of waiting; nobody hosts them, so they never answer. */
async function ghosts(count) {
  const hour = nowS() - 3600;
  return Promise.all(
    Array.from({ length: count }, async (_, i) =>
      announce(await keyPair(null, curve), { name: `Ghost ${i}`, quick: "2p", since: hour }),
    ),
  );
}

test("a quick match sits down at the waiting table that answers it, past sixty ghosts claiming an hour", async (t) => {
  const relay = fakeRelay();
  const { host } = await quickHost(t, relay);
  const { lobby } = await openLobby(t, relay);
  for (const ev of await ghosts(60)) relay.deliver(ev);
  await until(() => lobby.tables().length >= 40);
  assert.ok(
    lobby.tables().some((e) => e.name.startsWith("Ghost")),
    "the ghosts are listed",
  );
  const found = await settled(look(t, relay, lobby, { wait: NEVER_MS }));
  assert.equal(found.join?.host, host.public, "the first answer that fits, without waiting the look out");
  assert.equal(found.join.name, "Real");
});

test("a look with a rating sits down at the answering table whose host's rating is closest", async (t) => {
  const relay = fakeRelay();
  for (const [name, rating] of [
    ["Low", 1100],
    ["Near", 1640],
    ["Far", 1900],
  ])
    await quickHost(t, relay, name, null, rating);
  const { lobby } = await openLobby(t, relay);
  await until(() => lobby.tables().length >= 3);
  const found = await settled(look(t, relay, lobby, { wait: NEVER_MS, rating: 1672 }));
  assert.equal(found.join?.name, "Near", "the closest of those that answered, not the first");
});

test("closest: the nearest rating, a host without one counted as a newcomer (1500), the first of equals", () => {
  const t = (name, rating) => ({ name, rating });
  assert.equal(closest([t("a", 1100), t("b", 1640), t("c", 1900)], 1672).name, "b");
  assert.equal(closest([t("a", null), t("b", 1800)], 1450).name, "a");
  assert.equal(closest([t("a", 1600), t("b", 1400)], 1500).name, "a");
});

test("with only ghosts listed, a quick match opens its own table once its wait is out", async (t) => {
  for (const count of [1, 60]) {
    const relay = fakeRelay();
    const { lobby } = await openLobby(t, relay);
    for (const ev of await ghosts(count)) relay.deliver(ev);
    await until(() => lobby.tables().length >= Math.min(count, 40));
    const seek = look(t, relay, lobby, { wait: 300 });
    assert.deepEqual(await settled(seek), { open: true }, `${count} ghosts: none joined`);
  }
});

test("a host whose page froze after answering the lobby is passed over, and the look opens its own table", async (t) => {
  const relay = fakeRelay();
  const { ad, host } = await quickHost(t, relay, "Frozen");
  const { lobby } = await openLobby(t, relay);
  await until(() => lobby.tables()[0]?.answered > 0);
  assert.equal(lobby.tables()[0].host, host.public, "listed first: it answered the lobby's ask");
  ad.pool.onevent = () => {}; // its page froze: its sockets stay open, nothing answers any more
  const seek = look(t, relay, lobby, { wait: 300 });
  assert.deepEqual(await settled(seek), { open: true });
  assert.equal(lobby.tables()[0].host, host.public, "still listed: only a look that asked knows");
});

test("two pages looking for the same game a moment apart are paired: the smaller ask's key opens, the other joins it", async (t) => {
  for (const smallerFirst of [true, false]) {
    const relay = fakeRelay();
    const keys = (await Promise.all([keyPair(null, curve), keyPair(null, curve)])).sort((a, b) =>
      a.public < b.public ? -1 : 1,
    );
    const [smaller, larger] = keys;
    const order = smallerFirst ? [smaller, larger] : [larger, smaller];
    const pages = await Promise.all(order.map(async () => (await openLobby(t, relay)).lobby));
    const results = new Map();
    const tables = [];
    const going = order.map(async (key, i) => {
      // a moment apart: the first has asked (the second was not listening then)
      if (i === 1) await until(() => relay.log.some((ev) => ev.pubkey === order[0].public));
      const seek = look(t, relay, pages[i], { key, wait: NEVER_MS });
      const found = await settled(seek);
      results.set(key.public, found);
      if (found.open) {
        // as the parlor does: its own quick table, naming the looks it heard
        const { ad, host } = await quickHost(t, relay, `Table ${i}`);
        ad.answer([...seek.seekers]);
        seek.onseeker = (k) => ad.answer([k]);
        tables.push(host.public);
      }
    });
    await Promise.all(going);
    const how = smallerFirst ? "the smaller asked first" : "the larger asked first";
    assert.deepEqual(results.get(smaller.public), { open: true }, `${how}: the smaller opens`);
    assert.equal(tables.length, 1, `${how}: one table`);
    assert.equal(results.get(larger.public).join?.host, tables[0], `${how}: the larger joins it`);
    // asked first, the larger was not heard by the smaller (it was not listening yet): it said
    // its ask again once it heard the smaller's
    const asks = relay.log.filter((ev) => ev.pubkey === larger.public).length;
    assert.equal(asks, smallerFirst ? 1 : 2, `${how}: the larger's asks`);
  }
});

test("a look takes only an answer to its own ask, of its kind and preset", async (t) => {
  const relay = fakeRelay();
  await quickHost(t, relay, "Standard"); // a 2p quick table of the standard rules
  const { lobby } = await openLobby(t, relay);
  await until(() => lobby.tables()[0]?.answered > 0); // it answered the lobby (not a look)
  const partners = look(t, relay, lobby, { kind: "partners", wait: 300 });
  assert.deepEqual(await settled(partners), { open: true }, "partners: not a 2p table");
  const fives = look(t, relay, lobby, { preset: "fives", wait: 300 });
  assert.deepEqual(await settled(fives), { open: true }, "fives: not a standard table");
  const any = look(t, relay, lobby, { wait: NEVER_MS });
  assert.equal((await settled(any)).join?.name, "Standard", "any rules: that table");
});

test("quickTable takes the first listed quick table of its kind and preset with a free seat, not its own", () => {
  const host = (c) => c.repeat(64);
  // as Lobby.tables() gives them: those that answered first
  const tables = [
    { host: host("1"), quick: null, free: 1, preset: "standard" },
    { host: host("2"), quick: "partners", free: 2, preset: "standard" },
    { host: host("3"), quick: "2p", free: 0, preset: "standard" },
    { host: host("4"), quick: "2p", free: 1, preset: "fives" },
    { host: host("5"), quick: "2p", free: 1, preset: "standard" },
  ];
  assert.equal(quickTable(tables, { kind: "2p" }).host, host("4"), "the first with a free seat");
  assert.equal(quickTable(tables, { kind: "2p", preset: "standard" }).host, host("5"));
  assert.equal(quickTable(tables, { kind: "2p", preset: "fives" }).host, host("4"));
  assert.equal(quickTable(tables, { kind: "2p", own: host("4") }).host, host("5"), "not one's own");
  assert.equal(quickTable(tables, { kind: "2p", preset: "fives", own: host("4") }), null);
  assert.equal(quickTable(tables, { kind: "partners" }).host, host("2"));
  assert.equal(quickTable(tables, { kind: "partners", preset: "fives" }), null);
  assert.equal(quickTable([], { kind: "2p" }), null);
});

test("of two waiting quick tables exactly one gives way, the larger host key, whatever each claims", () => {
  const small = { since: 100, host: "1".repeat(64) };
  const large = { since: 100, host: "f".repeat(64) };
  assert.equal(givesWay(large, small), true, "the larger key gives way");
  assert.equal(givesWay(small, large), false);
  const claimsOld = { since: 1, host: "f".repeat(64) }; // a ghost's claimed hour counts for nothing
  assert.equal(givesWay(small, claimsOld), false);
  assert.equal(givesWay(claimsOld, small), true);
  assert.equal(givesWay(small, small), false, "never to itself");
});
