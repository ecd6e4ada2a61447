// net/lobby.js against an in-memory relay that keeps NIP-01's shapes (as net_room.test.js's), with
// the real curve: an entry's checks field by field, a host's Announcer seen in a page's Lobby and
// gone from it at stop(), a forged signature, a flood from one key and from many fresh keys, the
// sweep of entries not heard again, asks answered at most every ANSWER_EVERY_MS, a paused
// announcer's silence, and a quick match's choice of table (quickTable, givesWay).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ANSWER_EVERY_MS,
  Announcer,
  ENTRY_LIFE_S,
  entryProblem,
  givesWay,
  LOBBY_KIND,
  LOBBY_VERSION,
  Lobby,
  lobbyTopics,
  MAX_ENTRY_CHARS,
  MOST_TABLES,
  quickTable,
} from "../js/net/lobby.js";
import { CLOCK_SLACK_S, keyPair, signEvent } from "../js/net/nostr.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { fakeRelay, tick, until } from "./fakerelay.js";

const RELAYS = ["ws://fake"];
const PRESETS = ["standard", "fives"];
const NOW_S = 1_700_000_000;
const nowS = () => Math.floor(Date.now() / 1000);
const topics = await lobbyTopics();

/** A table's fields as a host's page gives them (an Announcer's entry()): two players, waiting. */
function fields(over = {}, since = NOW_S - 60) {
  return {
    room: "ab".repeat(32),
    name: "Ada",
    lang: "en",
    players: 2,
    teams: false,
    sprint: false,
    free: 1,
    preset: "standard",
    target: 150,
    clock: 0,
    quick: null,
    since,
    ...over,
  };
}
const table = (over = {}) => JSON.stringify({ v: LOBBY_VERSION, type: "table", ...fields(), ...over });
const problem = (over, presets = null) => entryProblem(table(over), NOW_S, NOW_S, presets);

/** A table announced by `key` as a stranger's page may send it: signed, on the tables' topic. */
const announce = (key, over = {}, createdAt = nowS()) =>
  signEvent(
    {
      kind: LOBBY_KIND,
      tags: [["t", topics.tables]],
      content: JSON.stringify({ v: LOBBY_VERSION, type: "table", ...fields(over, createdAt - 30) }),
      created_at: createdAt,
    },
    key,
    curve,
  );
/** An ask as a page opening its lobby sends it, from a fresh key. */
const ask = async () =>
  signEvent(
    { kind: LOBBY_KIND, tags: [["t", topics.asks]], content: JSON.stringify({ v: LOBBY_VERSION, type: "ask" }) },
    await keyPair(null, curve),
    curve,
  );
const typeOf = (ev) => JSON.parse(ev.content).type;

/** The flood limits' buckets (peer.js's Bucket) refill by performance.now(): held still while
 * `run` goes, so that a slow machine's signature checks let no token more in. */
async function stillBuckets(run) {
  const realNow = performance.now;
  const at = realNow.call(performance);
  performance.now = () => at;
  try {
    return await run();
  } finally {
    performance.now = realNow;
  }
}

/** A lobby on the fake relay, open (closed when the test ends); `sweep` runs its sweep now. */
async function openLobby(t, relay, options = {}) {
  const lobby = new Lobby({ relays: RELAYS, presets: PRESETS, WebSocketClass: relay.Socket, curve, ...options });
  // the sweep runs on open()'s 5 s interval: the callback is caught as it is set, so a test can
  // run it at once instead of waiting for it (lobby.js itself untouched)
  const realSetInterval = globalThis.setInterval;
  let sweep = null;
  globalThis.setInterval = (fn, ms) => {
    if (ms === 5000) sweep = fn;
    return realSetInterval(fn, ms);
  };
  try {
    await lobby.open();
  } finally {
    globalThis.setInterval = realSetInterval;
  }
  t.after(() => lobby.close());
  await until(() => lobby.pool.open === 1);
  return { lobby, sweep };
}

/** A host's announcer on the fake relay (stopped when the test ends). */
function announcer(t, relay, key, options = {}) {
  const since = nowS() - 60;
  const entry = () => fields({}, since);
  const ad = new Announcer({ relays: RELAYS, key, entry, WebSocketClass: relay.Socket, curve, ...options });
  t.after(() => ad.stop());
  return ad;
}

// ------------------------------------------------------------------ entryProblem

test("a well-made table entry passes, and so do a partners table and a three-player one", () => {
  assert.equal(problem({}), null);
  assert.equal(problem({}, PRESETS), null);
  assert.equal(problem({ players: 4, teams: true, free: 3, quick: "partners", clock: 60 }), null);
  assert.equal(problem({ players: 3, free: 2, quick: null, lang: "pl", target: 1000 }), null);
  assert.equal(problem({ quick: "2p", name: "Zażółć gęślą jaźń", target: 1, clock: 120 }), null);
  assert.equal(problem({ name: "x".repeat(24), preset: "a_1".repeat(8) }), null);
});

test("content too long, not JSON, not an object, another version or an unknown type is refused with its reason", () => {
  const long = table({ name: "Ada" }).replace("}", `,"pad":"${"x".repeat(MAX_ENTRY_CHARS)}"}`);
  assert.equal(entryProblem(long, NOW_S, NOW_S), "size");
  assert.equal(entryProblem(42, NOW_S, NOW_S), "size");
  assert.equal(entryProblem(null, NOW_S, NOW_S), "size");
  assert.equal(entryProblem("{not json", NOW_S, NOW_S), "json");
  assert.equal(entryProblem("", NOW_S, NOW_S), "json");
  assert.equal(entryProblem("[1,2]", NOW_S, NOW_S), "shape");
  assert.equal(entryProblem("null", NOW_S, NOW_S), "shape");
  assert.equal(entryProblem('"table"', NOW_S, NOW_S), "shape");
  assert.equal(problem({ v: 2 }), "version");
  assert.equal(problem({ v: "1" }), "version");
  assert.equal(problem({ type: "chair" }), "type");
  assert.equal(entryProblem(JSON.stringify({ v: LOBBY_VERSION, type: "ask" }), NOW_S, NOW_S), "type");
});

test("a missing field or an extra one is refused as shape", () => {
  for (const name of Object.keys(fields())) {
    const body = { v: LOBBY_VERSION, type: "table", ...fields() };
    delete body[name];
    assert.equal(entryProblem(JSON.stringify(body), NOW_S, NOW_S), "shape", `without ${name}`);
  }
  assert.equal(problem({ x: 1 }), "shape");
  assert.equal(problem({ host: "cd".repeat(32) }), "shape");
  assert.equal(entryProblem(table().replace("{", '{"__proto__":{},'), NOW_S, NOW_S), "shape");
});

test("each field of a wrong type or out of range is refused as shape", () => {
  const wrong = {
    room: ["AB".repeat(32), "ab".repeat(31), `${"ab".repeat(31)}zz`, 42, null],
    name: ["<b>Ada</b>", "Ada<", "A\u0007da", "Ada\n", "A\u200bda", "x".repeat(25), " Ada", "Ada ", "", 7],
    lang: ["de", "EN", null],
    players: [1, 5, "2", 2.5],
    teams: ["false", 0, null],
    free: [0, 2, 1.5, "1"], // 2: as many free seats as players, the host's own among them
    preset: ["Standard", "a-b", "", "x".repeat(25), 3],
    target: [0, 1001, "150", 1.5, -1],
    clock: [3601, "30", null, -30, 1.5],
    quick: ["3p", "", false],
    since: [NOW_S + CLOCK_SLACK_S + 1, NOW_S + 86_400, NOW_S - 86_401, 0, -5, "1", 1.5],
  };
  for (const [name, values] of Object.entries(wrong))
    for (const value of values) assert.equal(problem({ [name]: value }), "shape", `${name}: ${JSON.stringify(value)}`);
  // a clock this page's Python does not offer (Python's choices, handed to the lobby)
  const clocks = [0, 30, 60, 120];
  assert.equal(entryProblem(table({ clock: 45 }), NOW_S, NOW_S, null, clocks), "clock");
  assert.equal(entryProblem(table({ clock: 60 }), NOW_S, NOW_S, null, clocks), null);
  assert.equal(problem({ players: 3, free: 1, teams: true }), "shape", "teams with three players");
  assert.equal(problem({ players: 2, teams: true }), "shape", "teams with two players");
  assert.equal(problem({ players: 4, free: 3, teams: false, quick: "partners" }), "shape", "partners, no teams");
  assert.equal(problem({ players: 3, free: 2, quick: "2p" }), "shape", "a 2p quick table of three");
  assert.equal(problem({ players: 4, free: 3, quick: "2p" }), "shape", "a 2p quick table of four");
});

test("a preset not among the page's presets is refused as preset; without a list any well-formed one passes", () => {
  assert.equal(problem({ preset: "blocks" }, PRESETS), "preset");
  assert.equal(problem({ preset: "fives" }, PRESETS), null);
  assert.equal(problem({ preset: "blocks" }), null);
  assert.equal(problem({ preset: "Blocks" }, PRESETS), "shape", "the pattern first");
});

test("an announcement older than ENTRY_LIFE_S or too far in the future is refused as expired", () => {
  const at = (createdAt) => entryProblem(table({ since: createdAt - 30 }), createdAt, NOW_S);
  assert.equal(at(NOW_S - ENTRY_LIFE_S), null);
  assert.equal(at(NOW_S - ENTRY_LIFE_S - 1), "expired");
  assert.equal(at(NOW_S - 86_400), "expired");
  assert.equal(at(NOW_S + CLOCK_SLACK_S), null);
  assert.equal(at(NOW_S + CLOCK_SLACK_S + 1), "expired");
  assert.equal(at(NOW_S + 3600), "expired");
});

test("a gone body passes with exactly its two fields", () => {
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone" }), NOW_S, NOW_S), null);
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone", x: 1 }), NOW_S, NOW_S), "shape");
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone", ...fields() }), NOW_S, NOW_S), "shape");
  assert.equal(entryProblem(JSON.stringify({ v: 2, type: "gone" }), NOW_S, NOW_S), "version");
});

// ------------------------------------------------------------------ Lobby and Announcer

test("an announced table is listed with its host's key and fields, and leaves the list when the announcer stops", async (t) => {
  const relay = fakeRelay();
  let changes = 0;
  const { lobby } = await openLobby(t, relay, { onchange: () => changes++ });
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key);
  await ad.start();
  await until(() => lobby.tables().length === 1);
  const [listed] = lobby.tables();
  assert.deepEqual(listed, { ...ad.entry(), host: key.public, id: key.public.slice(0, 16), at: listed.at });
  assert.ok(Math.abs(listed.at - nowS()) <= 2, "at: the announcement's created_at");
  assert.ok(changes >= 1);
  const before = changes;
  await ad.stop();
  const last = relay.log.at(-1);
  assert.equal(last.pubkey, key.public);
  assert.deepEqual(JSON.parse(last.content), { v: LOBBY_VERSION, type: "gone" });
  assert.equal(last.tags.find((tag) => tag[0] === "t")[1], topics.tables);
  await until(() => lobby.tables().length === 0);
  assert.deepEqual(lobby.tables(), []);
  assert.ok(changes > before, "the list changed");
  assert.equal(lobby.counts.refused, 0);
});

test("a lobby opened after a table was announced asks once, and the announcer answers at once", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key);
  await ad.start();
  await until(() => relay.log.length === 1);
  assert.equal(typeOf(relay.log[0]), "table");
  const { lobby } = await openLobby(t, relay); // the first announcement went by before it listened
  await until(() => lobby.tables().length === 1);
  assert.equal(lobby.tables()[0].host, key.public);
  const asks = relay.log.filter((ev) => ev.tags.some((tag) => tag[0] === "t" && tag[1] === topics.asks));
  assert.equal(asks.length, 1);
  assert.deepEqual(JSON.parse(asks[0].content), { v: LOBBY_VERSION, type: "ask" });
  assert.notEqual(asks[0].pubkey, key.public, "an ask is signed by a throwaway key");
});

test("an event whose signature is another event's is not listed and is counted as refused", async (t) => {
  const relay = fakeRelay();
  const { lobby } = await openLobby(t, relay);
  const key = await keyPair(null, curve);
  const real = await announce(key);
  const other = await announce(key, { name: "Bob" });
  relay.deliver({ ...real, sig: other.sig }); // its id is right: only the signature is wrong
  await until(() => lobby.counts.refused === 1);
  assert.equal(lobby.counts.refused, 1);
  assert.equal(lobby.counts.shown, 0);
  assert.deepEqual(lobby.tables(), []);
  relay.deliver(await announce(key, {}, real.created_at + 1)); // the key's next genuine one is taken
  await until(() => lobby.tables().length === 1);
  assert.equal(lobby.tables()[0].host, key.public);
});

test("a flood of announcements from one key lists one entry and refuses most", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  // 50 announcements written first (each its own id), then arriving all at once
  const flood = await Promise.all(Array.from({ length: 50 }, (_, i) => announce(key, { name: `Ada ${i}` })));
  const lobby = await stillBuckets(async () => {
    const { lobby } = await openLobby(t, relay);
    for (const ev of flood) relay.deliver(ev);
    await until(() => lobby.counts.shown + lobby.counts.refused === 50);
    return lobby;
  });
  assert.equal(lobby.counts.heard, 50);
  assert.equal(lobby.counts.shown + lobby.counts.refused, 50, "each one taken or refused, none lost unread");
  assert.equal(lobby.tables().length, 1);
  assert.equal(lobby.counts.shown, 4, "one sender's burst");
  assert.equal(lobby.counts.refused, 46);
});

test("a hundred fresh keys at once are held by the newcomers' limit", async (t) => {
  const relay = fakeRelay();
  const keys = await Promise.all(Array.from({ length: 100 }, () => keyPair(null, curve)));
  const events = await Promise.all(keys.map((key, i) => announce(key, { name: `Guest ${i}` })));
  const lobby = await stillBuckets(async () => {
    const { lobby } = await openLobby(t, relay);
    for (const ev of events) relay.deliver(ev);
    await until(() => lobby.counts.shown + lobby.counts.refused === 100);
    return lobby;
  });
  assert.equal(lobby.counts.shown + lobby.counts.refused, 100);
  const listed = lobby.tables().length;
  assert.equal(listed, 40, "the newcomers' burst, no more");
  assert.ok(listed <= MOST_TABLES);
  assert.equal(lobby.counts.refused, 60);
  const hosts = new Set(keys.map((k) => k.public));
  assert.ok(
    lobby.tables().every((e) => hosts.has(e.host)),
    "each listed under its own key",
  );
});

test("the sweep drops an entry not heard again within ENTRY_LIFE_S and keeps one heard since", async (t) => {
  const relay = fakeRelay();
  const start = Date.now();
  let clock = start;
  let changes = 0;
  const { lobby, sweep } = await openLobby(t, relay, { now: () => clock, onchange: () => changes++ });
  assert.equal(typeof sweep, "function", "the sweep's interval was set by open()");
  const t0 = Math.floor(start / 1000);
  const [quiet, talking] = await Promise.all([keyPair(null, curve), keyPair(null, curve)]);
  relay.deliver(await announce(quiet, {}, t0));
  relay.deliver(await announce(talking, { name: "Bob" }, t0));
  await until(() => lobby.tables().length === 2);
  assert.equal(lobby.tables().length, 2);
  clock = start + 60_000;
  sweep();
  assert.equal(lobby.tables().length, 2, "a minute: both still listed");
  relay.deliver(await announce(talking, { name: "Bob" }, t0 + 60)); // heard again
  await until(() => lobby.tables().find((e) => e.host === talking.public)?.at === t0 + 60);
  clock = start + (ENTRY_LIFE_S + 5) * 1000;
  const before = changes;
  sweep();
  assert.deepEqual(
    lobby.tables().map((e) => e.host),
    [talking.public],
  );
  assert.equal(changes, before + 1, "the list changed once");
  sweep();
  assert.equal(changes, before + 1, "nothing more to drop: no change");
});

test("an announcer answers asks by announcing again, at most once every ANSWER_EVERY_MS", async (t) => {
  const relay = fakeRelay();
  let clock = Date.now();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key, { now: () => clock });
  const said = () => relay.log.filter((ev) => ev.pubkey === key.public && typeOf(ev) === "table").length;
  await ad.start();
  await until(() => said() === 1);
  relay.deliver(await ask());
  await until(() => said() === 2);
  assert.equal(said(), 2, "the first ask is answered");
  relay.deliver(await ask());
  await tick(100);
  assert.equal(said(), 2, "a second ask at once is not");
  clock += ANSWER_EVERY_MS - 1;
  relay.deliver(await ask());
  await tick(100);
  assert.equal(said(), 2, "nor one a moment before ANSWER_EVERY_MS");
  clock += 1;
  relay.deliver(await ask());
  await until(() => said() === 3);
  assert.equal(said(), 3, "one ANSWER_EVERY_MS after the last answer, answered again");
});

test("a paused announcer publishes nothing, and announces again once resumed", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key);
  await ad.start();
  await until(() => relay.log.length === 1);
  ad.pause();
  await until(() => relay.sockets.size === 0);
  assert.equal(relay.sockets.size, 0, "its socket closed");
  const sent = ad.sent;
  ad.update();
  relay.deliver(await ask());
  await tick(100);
  assert.equal(relay.log.length, 1, "nothing published while paused");
  assert.equal(ad.sent, sent);
  ad.resume();
  await until(() => relay.log.length === 2);
  assert.equal(typeOf(relay.log[1]), "table");
  assert.equal(relay.log[1].pubkey, key.public);
  await ad.stop();
  assert.equal(typeOf(relay.log.at(-1)), "gone");
});

test("an announcer never publishes an entry that no page would list", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key, { entry: () => fields({ free: 2 }, nowS() - 60) }); // free = players
  await ad.start();
  await until(() => ad.pool.open === 1);
  await tick(50);
  ad.update();
  relay.deliver(await ask());
  await tick(100);
  assert.equal(ad.pool.open, 1, "it listens");
  assert.deepEqual(relay.log, [], "nothing published");
  assert.equal(ad.sent, 0);
  await ad.stop();
  assert.ok(!relay.log.some((ev) => typeOf(ev) === "table"), "no table, ever");
});

// ------------------------------------------------------------------ a quick match's choice

test("a quick match picks the longest-waiting table of its kind and preset, skipping full ones and its own", () => {
  const host = (c) => c.repeat(64);
  // as Lobby.tables() gives them: the longest waiting first
  const tables = [
    { host: host("1"), since: 100, quick: null, free: 1, preset: "standard" },
    { host: host("2"), since: 110, quick: "partners", free: 2, preset: "standard" },
    { host: host("3"), since: 120, quick: "2p", free: 0, preset: "standard" },
    { host: host("4"), since: 130, quick: "2p", free: 1, preset: "fives" },
    { host: host("5"), since: 140, quick: "2p", free: 1, preset: "standard" },
  ];
  assert.equal(quickTable(tables, { kind: "2p" }).host, host("4"), "the oldest with a free seat");
  assert.equal(quickTable(tables, { kind: "2p", preset: "standard" }).host, host("5"));
  assert.equal(quickTable(tables, { kind: "2p", preset: "fives" }).host, host("4"));
  assert.equal(quickTable(tables, { kind: "2p", own: host("4") }).host, host("5"), "not one's own");
  assert.equal(quickTable(tables, { kind: "2p", preset: "fives", own: host("4") }), null);
  assert.equal(quickTable(tables, { kind: "partners" }).host, host("2"));
  assert.equal(quickTable(tables, { kind: "partners", preset: "fives" }), null);
  assert.equal(quickTable([], { kind: "2p" }), null);
});

test("of two quick tables opened in the same second exactly one gives way, and the younger gives way to the older", () => {
  const small = { since: 100, host: "1".repeat(64) };
  const large = { since: 100, host: "f".repeat(64) };
  assert.equal(givesWay(large, small), true, "the larger key gives way");
  assert.equal(givesWay(small, large), false);
  const older = { since: 90, host: "f".repeat(64) };
  const younger = { since: 100, host: "1".repeat(64) };
  assert.equal(givesWay(younger, older), true, "the younger gives way, whatever the keys");
  assert.equal(givesWay(older, younger), false);
  assert.equal(givesWay(small, small), false, "never to itself");
});

test("a lobby closed while its ask is being signed says nothing and throws nothing", async () => {
  const relay = fakeRelay();
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  // the curve's signature waits until the test lets it go: the close comes first
  const slow = {
    ...curve,
    schnorr: {
      ...curve.schnorr,
      signAsync: async (...a) => {
        await held;
        return curve.schnorr.signAsync(...a);
      },
    },
  };
  const lobby = new Lobby({ relays: RELAYS, presets: PRESETS, WebSocketClass: relay.Socket, curve: slow });
  const failures = [];
  const heard = (reason) => failures.push(reason);
  process.on("unhandledRejection", heard);
  try {
    await lobby.open();
    await until(() => lobby.asked);
    assert.equal(lobby.asked, true, "the ask is on its way");
    lobby.close();
    release();
    await tick(50);
    assert.deepEqual(failures, []);
    assert.equal(relay.log.length, 0, "nothing published after the close");
  } finally {
    process.off("unhandledRejection", heard);
  }
});
