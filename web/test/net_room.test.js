// net/nostr.js and net/room.js against an in-memory relay that keeps NIP-01's shapes (the real
// relay, a real browser and real WebRTC are tests/web/test_online.py's): two pages in one room
// hear each other, end to end encrypted; a page with another secret, a replayed or tampered
// event, an expired message, malformed frames and a flood are refused without a throw; a long
// message goes through the room in chunks and comes out whole and in order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isRoomEvent, keyPair, ROOM_KIND, signEvent } from "../js/net/nostr.js";
import { CHUNK_CHARS, isBody, RelayChannel, Room, topicOf } from "../js/net/room.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { fakeRelay, tick, until } from "./fakerelay.js";

const SECRET = "ab".repeat(32);

async function pair(relay, secretB = SECRET) {
  const heard = { a: [], b: [] };
  const open = (secret, into) =>
    Room.open({
      secret,
      relays: ["ws://fake"],
      curve,
      WebSocketClass: relay.Socket,
      onmessage: (from, kind, body) => into.push({ from, kind, body }),
    });
  const a = await open(SECRET, heard.a);
  const b = await open(secretB, heard.b);
  await tick();
  return { a, b, heard };
}

test("two pages of one room hear each other, and the relay sees no message in clear", async () => {
  const relay = fakeRelay();
  const { a, b, heard } = await pair(relay);
  const key = "cd".repeat(32);
  const sent = await a.send(b.me, "knock", { key, relay: false });
  assert.deepEqual(sent, { ok: 1, failed: 0 });
  await until(() => heard.b.length === 1);
  assert.deepEqual(heard.b, [{ from: a.me, kind: "knock", body: { key, relay: false } }]);
  assert.equal(heard.a.length, 0, "an event addressed to b reaches b alone");
  const ev = relay.log[0];
  assert.ok(isRoomEvent(ev, await topicOf(SECRET), b.me));
  assert.ok(
    !ev.content.includes(key) && !JSON.stringify(ev).includes(SECRET),
    "the key and the secret never travel in clear",
  );
  a.close();
  b.close();
});

test("a page with another secret, replays, tampering and expired messages are refused without a throw", async () => {
  const relay = fakeRelay();
  const { a, b, heard } = await pair(relay);
  const stranger = await Room.open({
    secret: "ef".repeat(32),
    relays: ["ws://fake"],
    curve,
    WebSocketClass: relay.Socket,
    onmessage: () => {},
  });
  await tick();
  // the stranger knows b's public key and the topic (both are public), not the secret
  stranger.topic = b.topic;
  await stranger.send(b.me, "ping", {});
  await until(() => b.refused === 1);
  assert.equal(heard.b.length, 0, "another room's page is not heard");
  assert.equal(b.refused, 1);
  await a.send(b.me, "ping", {});
  await until(() => heard.b.length === 1);
  assert.equal(heard.b.length, 1);
  const real = relay.log.at(-1);
  relay.raw(JSON.stringify(["EVENT", "room", real])); // replayed as it was: the same id
  // re-signed a second later: a new id, the same message inside
  const again = await signEvent(
    { tags: real.tags, content: real.content, created_at: real.created_at + 1 },
    a.key,
    curve,
  );
  relay.deliver(again);
  const other = real.content[20] === "A" ? "B" : "A"; // one character of the ciphertext changed
  const flipped = `${real.content.slice(0, 20)}${other}${real.content.slice(21)}`;
  relay.deliver(await signEvent({ tags: real.tags, content: flipped, created_at: real.created_at + 2 }, a.key, curve));
  await until(() => b.refused === 3);
  assert.equal(heard.b.length, 1, "a replay and a tampered event change nothing");
  assert.equal(b.refused, 3, "the re-signed copy and the tampered one (the same id is dropped as heard)");
  const realNow = Date.now;
  Date.now = () => realNow() - 300_000; // a message written five minutes ago
  try {
    await a.send(b.me, "ping", {});
  } finally {
    Date.now = realNow;
  }
  await tick(50);
  assert.equal(heard.b.length, 1, "an expired message is not taken");
  for (const frame of [
    "",
    "[",
    "{}",
    '["EVENT"]',
    '["EVENT","room",{"id":1}]',
    '["OK",1,2]',
    "x".repeat(300_000),
    '["NOTICE","hi"]',
  ])
    relay.raw(frame);
  await tick();
  assert.equal(heard.b.length, 1);
  a.close();
  b.close();
  stranger.close();
});

test("a flood from one page and from many fresh keys is cut, and the room still hears its own", async () => {
  const relay = fakeRelay();
  const { a, b, heard } = await pair(relay);
  // 200 messages written first, then arriving all at once (however slow the signing here)
  const held = [];
  a.pool.publish = async (ev) => held.push(ev) && { ok: 1, failed: 0 };
  await Promise.all(Array.from({ length: 200 }, () => a.send(b.me, "ping", {})));
  for (const ev of held) relay.deliver(ev);
  await until(() => heard.b.length + b.refused === 200);
  assert.ok(heard.b.length >= 60 && heard.b.length < 120, `heard ${heard.b.length} of 200`);
  assert.equal(heard.b.length + b.refused, 200, "each one taken or refused, none lost unread");
  const fresh = await Promise.all(Array.from({ length: 60 }, () => keyPair(null, curve)));
  for (const key of fresh)
    relay.deliver(
      await signEvent(
        {
          tags: [
            ["t", b.topic],
            ["p", b.me],
          ],
          content: "AAAA",
        },
        key,
        curve,
      ),
    );
  await tick(100);
  assert.ok(b.peers.size <= 64);
  a.close();
  b.close();
});

test("a relayed channel carries a long message in chunks, whole and in order", async () => {
  const relay = fakeRelay();
  const { a, b } = await pair(relay);
  const got = [];
  const toB = new RelayChannel(a, b.me, { keepalive: { every: 60_000, gone: 120_000 } });
  const fromA = new RelayChannel(b, a.me, { keepalive: { every: 60_000, gone: 120_000 } });
  b.onmessage = (from, kind, body) => from === a.me && fromA.heard(kind, body);
  fromA.onmessage = (text) => got.push(text);
  const long = "x".repeat(CHUNK_CHARS * 2 + 5);
  toB.send("first");
  toB.send(long);
  toB.send("third");
  await until(() => got.length === 3);
  assert.deepEqual(
    got.map((t) => t.length),
    [5, long.length, 5],
  );
  assert.ok(got[0] === "first" && got[1] === long && got[2] === "third");
  toB.close();
  await until(() => fromA.state === "closed");
  assert.equal(fromA.state, "closed", "a bye closes the other end");
  a.close();
  b.close();
});

test("bodies are held to each kind's exact shape", () => {
  assert.ok(isBody("knock", { key: "a".repeat(64), relay: true }));
  assert.ok(!isBody("knock", { key: "A".repeat(64), relay: true }));
  assert.ok(!isBody("knock", { key: "a".repeat(64), relay: true, seat: 1 }));
  assert.ok(!isBody("offer", { code: "x".repeat(5001) }));
  assert.ok(!isBody("data", { m: 0, i: 0, of: 0, t: "" }));
  assert.ok(!isBody("welcome", {}));
  assert.equal(ROOM_KIND >= 20000 && ROOM_KIND < 30000, true, "ephemeral: relays need not keep it");
});

test("a quiet room closes its relays and, woken, hears only what comes after", async () => {
  const relay = fakeRelay();
  const { a, b, heard } = await pair(relay);
  b.quiet(true);
  await until(() => relay.sockets.size === 1);
  assert.equal(relay.sockets.size, 1, "b's socket is closed: a direct channel needs no relay");
  await a.send(b.me, "ping", {});
  await tick(50);
  assert.equal(heard.b.length, 0);
  b.quiet(false);
  await until(() => relay.sockets.size === 2 && b.pool.open === 1);
  await a.send(b.me, "ping", {});
  await until(() => heard.b.length === 1);
  assert.equal(heard.b.length, 1);
  a.close();
  b.close();
});
