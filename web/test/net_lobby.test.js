// net/lobby.js against an in-memory relay that keeps NIP-01's shapes (as net_room.test.js's), with
// the real curve: a host's Announcer seen in a page's Lobby and gone from it at stop(); the proof
// of work asked of every table and
// ask, checked before any signature; a forged signature, a "gone" of a table not listed, a flood
// from one key and from many fresh keys; answers to this page's own asks (each ask's fresh key
// named), read past the flood limits and listed first, the waiting time counted from when the
// page heard a table, never from what it claims; the sweep of entries not heard again; asks
// and a lobby closed while it asks. (An entry's and an ask's shapes are net_lobbyevents.test.js's,
// a host's answers net_announcer.test.js's, a quick match's choice net_quick.test.js's.)
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ANSWER_GRACE_MS,
  ASK_AGAIN_MS,
  ENTRY_LIFE_S,
  LOBBY_KIND,
  LOBBY_VERSION,
  Lobby,
  MOST_TABLES,
  WORK_BITS,
} from "../js/net/lobby.js";
import { lobbyEvent } from "../js/net/lobbyevents.js";
import { keyPair, signEvent } from "../js/net/nostr.js";
import { worked, workOf } from "../js/net/work.js";
import { fakeRelay, tick, until } from "./fakerelay.js";
import {
  announce,
  announcer,
  BITS,
  curve,
  fields,
  nowS,
  openLobby,
  PRESETS,
  RELAYS,
  stillBuckets,
  topics,
  typeOf,
} from "./lobbykit.js";

/** The asks on the relay (in the order published), each as {key, body, to}. */
const asksOn = (relay) =>
  relay.log
    .filter((ev) => ev.tags.some((tag) => tag[0] === "t" && tag[1] === topics.asks))
    .map((ev) => ({ key: ev.pubkey, body: JSON.parse(ev.content), to: ev.tags.filter((x) => x[0] === "p") }));
/** The keys an event names (tags "p"). */
const named = (ev) => ev.tags.filter((tag) => tag[0] === "p").map((tag) => tag[1]);
/** A curve whose signature checks are counted. */
function countingCurve() {
  const counted = { ...curve, checks: 0 };
  counted.schnorr = {
    ...curve.schnorr,
    verifyAsync: (...a) => {
      counted.checks += 1;
      return curve.schnorr.verifyAsync(...a);
    },
  };
  return counted;
}

test("an announced table is listed with its host's key and fields, and leaves the list when the announcer stops", async (t) => {
  const relay = fakeRelay();
  let changes = 0;
  const { lobby } = await openLobby(t, relay, { onchange: () => changes++ });
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key);
  await ad.start();
  await until(() => lobby.tables().length === 1);
  const [listed] = lobby.tables();
  const { since: _claimed, ...fieldsSaid } = ad.entry();
  assert.deepEqual(
    { ...listed, answered: 0, live: false },
    {
      ...fieldsSaid,
      host: key.public,
      id: key.public.slice(0, 16),
      at: listed.at,
      since: listed.since,
      heard: listed.since,
      answered: 0,
      live: false,
      playing: false,
    },
  );
  assert.ok(Math.abs(listed.at - nowS()) <= 2, "at: the announcement's created_at");
  assert.ok(Math.abs(listed.since - nowS()) <= 2, "since: when this page heard it, not the host's word");
  const said = relay.log.find((ev) => ev.pubkey === key.public);
  assert.ok(worked(said, BITS), "its work is done");
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

test("a lobby opened after a table was announced asks once with a fresh key of its work, and the table answers naming it", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key);
  await ad.start();
  await until(() => relay.log.length === 1);
  assert.equal(typeOf(relay.log[0]), "table");
  assert.deepEqual(named(relay.log[0]), [], "its first announcement answers nobody");
  const { lobby } = await openLobby(t, relay); // the first announcement went by before it listened
  await until(() => lobby.tables().length === 1 && lobby.tables()[0].answered > 0);
  assert.equal(lobby.tables()[0].host, key.public);
  const asks = asksOn(relay);
  assert.equal(asks.length, 1);
  assert.deepEqual(asks[0].body, { v: LOBBY_VERSION, type: "ask", quick: null, preset: null });
  assert.notEqual(asks[0].key, key.public, "an ask is signed by a throwaway key");
  assert.ok(lobby.asks.has(asks[0].key));
  assert.ok(
    worked(
      relay.log.find((ev) => typeOf(ev) === "ask"),
      BITS,
    ),
    "an ask carries work too",
  );
  const answer = relay.log.filter((ev) => ev.pubkey === key.public).at(-1);
  assert.deepEqual(named(answer), [asks[0].key], "the answer names the ask's key");
  assert.ok(lobby.tables()[0].answered > 0, "listed as a table that answered this page");
});

test("a table without its work, with too little, or with a lower committed target is refused before any signature check", async (t) => {
  const relay = fakeRelay();
  const counting = countingCurve();
  const { lobby } = await openLobby(t, relay, { curve: counting, bits: 8 });
  const base = counting.checks;
  const key = await keyPair(null, curve);
  const created = nowS();
  const content = JSON.stringify({ v: LOBBY_VERSION, type: "table", ...fields({}, created - 30) });
  // signed, the right shape, no nonce at all
  relay.deliver(
    await signEvent({ kind: LOBBY_KIND, tags: [["t", topics.tables]], content, created_at: created }, key, curve),
  );
  // a committed target of 4 (its id may have more, by luck: refused as NIP-13 allows)
  relay.deliver(await announce(key, {}, created, { bits: 4 }));
  // a nonce tag claiming 8 on an id mined for nothing
  let lazy;
  for (let n = 0; !lazy; n++) {
    const ev = await signEvent(
      {
        kind: LOBBY_KIND,
        tags: [
          ["t", topics.tables],
          ["nonce", String(n), "8"],
        ],
        content,
        created_at: created,
      },
      key,
      curve,
    );
    if (workOf(ev.id) < 8) lazy = ev;
  }
  relay.deliver(lazy);
  await until(() => lobby.counts.refused === 3);
  assert.equal(lobby.counts.refused, 3);
  assert.equal(counting.checks, base, "no signature checked");
  relay.deliver(await announce(key, {}, created + 1, { bits: 8 }));
  await until(() => lobby.tables().length === 1);
  assert.equal(lobby.tables()[0].host, key.public, "the same table with its work is listed");
  assert.equal(counting.checks, base + 1);
});

test("the lobby asks WORK_BITS of work by default, and a host gives it", async (t) => {
  assert.ok(WORK_BITS >= 10 && WORK_BITS <= 20, "between a phone's tens and hundreds of ms");
  const relay = fakeRelay();
  const { lobby } = await openLobby(t, relay, { bits: undefined });
  assert.equal(lobby.bits, WORK_BITS);
  const ad = announcer(t, relay, await keyPair(null, curve), { bits: undefined });
  await ad.start();
  await until(() => lobby.tables().length === 1);
  for (const ev of relay.log) assert.ok(worked(ev, WORK_BITS) && workOf(ev.id) >= WORK_BITS);
});

test("a gone of a table not listed is refused unchecked, and a listed host's gone takes it off", async (t) => {
  const relay = fakeRelay();
  const counting = countingCurve();
  const { lobby } = await openLobby(t, relay, { curve: counting });
  const [stranger, host] = await Promise.all([keyPair(null, curve), keyPair(null, curve)]);
  const gone = (key) =>
    lobbyEvent({ tags: [["t", topics.tables]], content: JSON.stringify({ v: 1, type: "gone" }) }, key, curve, {
      bits: 0,
    });
  const base = counting.checks;
  relay.deliver(await gone(stranger));
  await until(() => lobby.counts.refused === 1);
  assert.equal(counting.checks, base, "nothing to take off: no signature spent on it");
  relay.deliver(await announce(host));
  await until(() => lobby.tables().length === 1);
  relay.deliver(await gone(host));
  await until(() => lobby.tables().length === 0);
  assert.deepEqual(lobby.tables(), []);
});

test("an event whose signature is another event's is not listed and is counted as refused", async (t) => {
  const relay = fakeRelay();
  const { lobby } = await openLobby(t, relay);
  const key = await keyPair(null, curve);
  const real = await announce(key);
  const other = await announce(key, { name: "Bob" });
  relay.deliver({ ...real, sig: other.sig }); // its id and work are right: only the signature is wrong
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

test("ghosts claiming an hour of waiting are listed after a table that answered, the wait counted from when heard, and go first beyond the cap", async (t) => {
  const relay = fakeRelay();
  const ghosts = await Promise.all(Array.from({ length: MOST_TABLES }, () => keyPair(null, curve)));
  const hour = nowS() - 3600;
  const lobby = await stillBuckets(async () => {
    const { lobby } = await openLobby(t, relay);
    // sixty ghosts first (one every tick: the newcomers' limit is not what this test is about)
    for (const [i, key] of ghosts.entries()) {
      relay.deliver(await announce(key, { name: `Ghost ${i}`, quick: "2p", since: hour }, nowS()));
      lobby.newcomers.tokens = 40;
    }
    await until(() => lobby.tables().length === MOST_TABLES);
    // then a real table, answering this page's ask
    const [asked] = [...lobby.asks.keys()];
    const host = await keyPair(null, curve);
    relay.deliver(await announce(host, { name: "Real", quick: "2p" }, nowS(), { answers: [asked] }));
    await until(() => lobby.tables()[0]?.name === "Real");
    return lobby;
  });
  const tables = lobby.tables();
  assert.equal(tables.length, MOST_TABLES, "the cap holds");
  assert.equal(tables[0].name, "Real", "the table that answered first");
  assert.ok(tables[0].answered > 0);
  assert.ok(tables.slice(1).every((e) => e.answered === 0 && e.name.startsWith("Ghost")));
  assert.ok(
    tables.every((e) => nowS() - e.since < 60),
    "no ghost's claimed hour: the wait counts from this page's hearing",
  );
});

test("answers to this page's asks are read past the newcomers' limit, which a flood of ghosts has spent", async (t) => {
  const relay = fakeRelay();
  const ghosts = await Promise.all(
    Array.from({ length: 45 }, async (_, i) => announce(await keyPair(null, curve), { name: `G${i}` })),
  );
  const host = await keyPair(null, curve);
  const lobby = await stillBuckets(async () => {
    const { lobby } = await openLobby(t, relay);
    for (const ev of ghosts) relay.deliver(ev);
    await until(() => lobby.counts.shown + lobby.counts.refused === 45);
    assert.equal(lobby.newcomers.tokens < 1, true, "the newcomers' limit is spent");
    relay.deliver(await announce(host, { name: "Late" })); // not an answer: held like any newcomer
    await until(() => lobby.counts.refused === 6);
    const [asked] = [...lobby.asks.keys()];
    relay.deliver(await announce(host, { name: "Late" }, nowS() + 1, { answers: [asked] }));
    await until(() => lobby.tables()[0]?.name === "Late");
    return lobby;
  });
  assert.equal(lobby.tables()[0].host, host.public);
  assert.ok(lobby.tables()[0].answered > 0);
});

test("a table that answered and then froze goes below one that answers the next ask, once that ask's answers are due", async (t) => {
  const relay = fakeRelay();
  let clock = Date.now();
  const { lobby } = await openLobby(t, relay, { now: () => clock });
  const frozen = announcer(t, relay, await keyPair(null, curve), { entry: () => fields({ name: "Frozen" }, nowS()) });
  await frozen.start();
  await until(() => lobby.tables()[0]?.answered > 0);
  clock += ANSWER_GRACE_MS;
  assert.equal(lobby.tables()[0].live, true, "it answered this page's ask");
  frozen.pool.onevent = () => {}; // its page froze: it hears, and answers nothing
  clock += ASK_AGAIN_MS;
  const fresh = announcer(t, relay, await keyPair(null, curve), { entry: () => fields({ name: "Fresh" }, nowS()) });
  await fresh.start();
  // a table not heard answering: this page asks every table again, and the fresh one answers
  await until(() => lobby.tables().some((e) => e.name === "Fresh" && e.answered > 0));
  assert.deepEqual(
    lobby.tables().map((e) => [e.name, e.live]),
    [
      ["Frozen", true],
      ["Fresh", true],
    ],
    "both live while the new ask's answers are on their way",
  );
  clock += ANSWER_GRACE_MS;
  assert.deepEqual(
    lobby.tables().map((e) => [e.name, e.live]),
    [
      ["Fresh", true],
      ["Frozen", false],
    ],
  );
});

test("a table heard that has not answered brings an ask soon, and asks are no more often than ASK_AGAIN_MS", async (t) => {
  const relay = fakeRelay();
  let clock = Date.now();
  const { lobby } = await openLobby(t, relay, { now: () => clock });
  await until(() => asksOn(relay).length === 1);
  // a table that opened after this page's ask: heard, not answered
  relay.deliver(await announce(await keyPair(null, curve), { name: "New" }));
  await until(() => lobby.tables().length === 1);
  await tick(ASK_AGAIN_MS / 10);
  assert.equal(asksOn(relay).length, 1, "not before ASK_AGAIN_MS since the last ask");
  clock += ASK_AGAIN_MS;
  relay.deliver(await announce(await keyPair(null, curve), { name: "Newer" }));
  await until(() => asksOn(relay).length === 2);
  assert.equal(asksOn(relay).length, 2, "asked again soon after");
  assert.notEqual(asksOn(relay)[1].key, asksOn(relay)[0].key, "a fresh key for each ask");
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
  const lobby = new Lobby({ relays: RELAYS, presets: PRESETS, WebSocketClass: relay.Socket, curve: slow, bits: BITS });
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

test("a listed table dealt is listed in play with its watch secret, counted from when it was heard in play, and a gone ends it", async (t) => {
  const relay = fakeRelay();
  const { lobby } = await openLobby(t, relay);
  const key = await keyPair(null, curve);
  const watch = "cd".repeat(32);
  let playing = false;
  const waiting = fields({}, nowS() - 60);
  const {
    room: _room,
    free: _free,
    quick: _quick,
    rating: _r,
    provisional: _p,
    title: _t,
    abandoned: _a,
    ...about
  } = waiting;
  const entry = () => (playing ? { ...about, type: "play", watch, watchers: 3, since: nowS() - 5 } : waiting);
  const ad = announcer(t, relay, key, { entry });
  await ad.start();
  await until(() => lobby.tables().length === 1);
  assert.equal(lobby.tables()[0].playing, false);
  const heardWaiting = lobby.tables()[0].since;
  playing = true;
  ad.update();
  await until(() => lobby.tables()[0]?.playing === true);
  const [listed] = lobby.tables();
  assert.equal(listed.watch, watch);
  assert.equal(listed.watchers, 3);
  assert.equal(listed.host, key.public);
  assert.equal(listed.room, undefined, "a table in play gives no seat's link");
  assert.ok(listed.since >= heardWaiting, "in play since this page heard it so");
  await ad.stop();
  await until(() => lobby.tables().length === 0);
  assert.equal(lobby.counts.refused, 0);
});
