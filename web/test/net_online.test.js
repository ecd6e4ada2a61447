// net/online.js's host side, against a room that only records what is sent (the real relays,
// browsers and WebRTC are tests/web/test_online_table.py's): a knock that was on its way as its
// page was seated is not answered again, but a page that knocks again later has lost its channel
// and is seated afresh, without a "bye" that would reach its new channel.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HostRoom, SEATED_GRACE_MS } from "../js/net/online.js";

const GUEST = "a".repeat(64);
const SEAT_KEY = "b".repeat(64);

function table() {
  const sent = [];
  const attached = [];
  let clock = 1_000_000;
  const room = { send: async (to, kind, body) => sent.push({ to, kind, body }) };
  const host = new HostRoom(room, {
    seatFor: async (key) => (key === SEAT_KEY ? 1 : null),
    attach: (seat, channel) => attached.push({ seat, channel }),
    meta: () => ({ table: "0123456789abcdef", commitment: "c".repeat(64) }),
    iceServers: [],
    relayOnly: true, // seated through the room: no WebRTC in Node
    now: () => clock,
  });
  const knock = async () => {
    host.heard(GUEST, "knock", { key: SEAT_KEY, relay: true });
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  };
  return { host, sent, attached, knock, later: (ms) => (clock += ms) };
}

test("a knock on its way as its page was seated is not answered twice", async () => {
  const t = table();
  await t.knock();
  assert.deepEqual(
    t.sent.map((m) => m.kind),
    ["relay"],
  );
  assert.equal(t.attached.length, 1);
  t.later(SEATED_GRACE_MS - 1000);
  await t.knock();
  assert.equal(t.attached.length, 1, "the page has its channel");
  t.host.close();
});

test("a seated page that knocks again later is seated afresh, its old channel ended without a bye", async () => {
  const t = table();
  await t.knock();
  const first = t.attached[0].channel;
  let ended = 0;
  first.onstate = () => ended++;
  // its page holds no channel any more (say, a direct one this side closed as its wait ran out);
  // its knocks keep the relayed channel alive, so that one cannot end by itself
  t.later(SEATED_GRACE_MS + 1000);
  await t.knock();
  assert.equal(t.attached.length, 2, "seated again");
  assert.equal(t.attached[1].seat, 1);
  assert.notEqual(t.attached[1].channel, first);
  assert.equal(first.state, "closed");
  assert.equal(ended, 0, "not reported as a departure: its page is back");
  assert.deepEqual(
    t.sent.map((m) => m.kind),
    ["relay", "relay"],
    "no bye to the page's new channel",
  );
  t.host.close();
});

test("a page knocking for a seat that is not its own is told the table is full", async () => {
  const t = table();
  t.host.heard(GUEST, "knock", { key: "d".repeat(64), relay: true });
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  assert.deepEqual(
    t.sent.map((m) => m.kind),
    ["full"],
  );
  assert.equal(t.attached.length, 0);
});
