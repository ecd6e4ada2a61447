// net/announcer.js, a host's table in the lobby, against the in-memory relay with the real curve:
// each asker answered once (again only after ANSWER_EVERY_MS), the asks heard meanwhile named
// together in one answer; an ask without its work, a quick match's ask of another game and an ask
// of another host not answered; its first announcements through the lobby's open sockets while
// its own are still opening; a paused announcer's silence; nothing published that no page would
// list.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ANSWER_EVERY_MS } from "../js/net/lobby.js";
import { keyPair } from "../js/net/nostr.js";
import { worked } from "../js/net/work.js";
import { fakeRelay, tick, until } from "./fakerelay.js";
import { announcer, ask, BITS, curve, fields, nowS, openLobby, typeOf } from "./lobbykit.js";

/** The keys an event names (tags "p"). */
const named = (ev) => ev.tags.filter((tag) => tag[0] === "p").map((tag) => tag[1]);

test("an announcer answers each asker once within ANSWER_EVERY_MS, naming every ask heard meanwhile in one answer", async (t) => {
  const relay = fakeRelay();
  let clock = Date.now();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key, { now: () => clock });
  const said = () => relay.log.filter((ev) => ev.pubkey === key.public && typeOf(ev) === "table");
  await ad.start();
  await until(() => said().length === 1);
  const asker = await keyPair(null, curve);
  relay.deliver(await ask({ key: asker }));
  await until(() => said().length === 2);
  assert.deepEqual(named(said()[1]), [asker.public], "the first ask is answered, naming it");
  relay.deliver(await ask({ key: asker }));
  await tick(100);
  assert.equal(said().length, 2, "the same asker at once is not answered twice");
  clock += ANSWER_EVERY_MS;
  relay.deliver(await ask({ key: asker }));
  await until(() => said().length === 3);
  // three askers at once: their answers go together
  const three = await Promise.all([1, 2, 3].map(() => ask()));
  for (const ev of three) relay.deliver(ev);
  await until(() => new Set(said().slice(3).flatMap(named)).size === 3);
  assert.deepEqual(new Set(said().slice(3).flatMap(named)), new Set(three.map((ev) => ev.pubkey)));
  assert.ok(said().length <= 5, "answered in one or two announcements, not three");
  assert.ok(said().every((ev) => named(ev).length <= 4 && worked(ev, BITS)));
});

test("an ask without its work, a quick match's ask of another game and an ask of another host are not answered", async (t) => {
  const relay = fakeRelay();
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key, { entry: () => fields({ quick: "2p", preset: "fives" }, nowS() - 60) });
  const said = () => relay.log.filter((ev) => ev.pubkey === key.public && typeOf(ev) === "table");
  await ad.start();
  await until(() => said().length === 1);
  relay.deliver(await ask({ bits: 0 }));
  relay.deliver(await ask({ quick: "partners" }));
  relay.deliver(await ask({ quick: "2p", preset: "standard" }));
  relay.deliver(await ask({ to: [(await keyPair(null, curve)).public] }));
  await tick(200);
  assert.equal(said().length, 1, "none answered");
  const fitting = [
    await ask({ quick: "2p" }),
    await ask({ quick: "2p", preset: "fives" }),
    await ask({ to: [key.public] }),
  ];
  for (const ev of fitting) relay.deliver(ev);
  await until(() => new Set(said().flatMap(named)).size === 3);
  assert.deepEqual(new Set(said().flatMap(named)), new Set(fitting.map((ev) => ev.pubkey)));
});

test("a table's first announcements go out through the lobby's open sockets while its own are still opening", async (t) => {
  const relay = fakeRelay();
  const { lobby } = await openLobby(t, relay);
  // the announcer's own sockets never open (a relay's handshake that takes its time)
  const Opening = class {
    send() {}
    close() {}
  };
  const key = await keyPair(null, curve);
  const ad = announcer(t, relay, key, { WebSocketClass: Opening, via: lobby.pool });
  await ad.start();
  await until(() => lobby.tables().length === 1);
  assert.equal(lobby.tables()[0].host, key.public, "listed all the same");
  assert.equal(ad.pool.open, 0);
  ad.answer(["ab".repeat(32)]);
  await until(() => relay.log.filter((ev) => ev.pubkey === key.public).length === 2);
  assert.deepEqual(named(relay.log.filter((ev) => ev.pubkey === key.public)[1]), ["ab".repeat(32)], "and its answers");
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
