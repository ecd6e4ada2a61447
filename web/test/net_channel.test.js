// net/peer.js's Channel on stand-in event targets (the real channel is tested in Chromium by
// tests/web/test_net_transport.py): the flood limit and the size limit drop unread and report.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Bucket, Channel, MAX_MESSAGE_CHARS } from "../js/net/peer.js";

function ends() {
  const dc = Object.assign(new EventTarget(), {
    readyState: "open",
    sent: [],
    send(t) {
      this.sent.push(t);
    },
    close() {},
  });
  const pc = Object.assign(new EventTarget(), { connectionState: "connected", close() {} });
  return { dc, pc };
}
const message = (data) => Object.assign(new Event("message"), { data });

test("a token bucket lets a burst through, then its rate", () => {
  let t = 0;
  const bucket = new Bucket({ burst: 3, perSecond: 2 }, () => t);
  assert.deepEqual(
    [1, 2, 3, 4].map(() => bucket.take()),
    [true, true, true, false],
  );
  t = 499;
  assert.equal(bucket.take(), false);
  t = 500;
  assert.equal(bucket.take(), true);
  t = 10_000;
  assert.deepEqual(
    [1, 2, 3, 4].map(() => bucket.take()),
    [true, true, true, false],
    "never more than the burst",
  );
});

test("a flood and an oversize message are dropped unread and reported", () => {
  let t = 0;
  const { dc, pc } = ends();
  const channel = new Channel(pc, dc, { flood: { burst: 5, perSecond: 1 }, now: () => t });
  const got = [];
  const drops = [];
  channel.onmessage = (text) => got.push(text);
  channel.ondrop = (drop) => drops.push(drop);
  dc.dispatchEvent(message("x".repeat(MAX_MESSAGE_CHARS + 1)));
  for (let i = 0; i < 20; i += 1) dc.dispatchEvent(message(`m${i}`));
  dc.dispatchEvent(message(new ArrayBuffer(8)));
  assert.deepEqual(got, ["m0", "m1", "m2", "m3", "m4"]);
  assert.deepEqual(drops[0], { reason: "size", size: MAX_MESSAGE_CHARS + 1, dropped: 1 });
  assert.equal(drops.filter((d) => d.reason === "flood").length, 15);
  assert.deepEqual(drops.at(-1), { reason: "binary", size: 8, dropped: 17 });
  t = 1000;
  dc.dispatchEvent(message("later"));
  assert.equal(got.at(-1), "later", "the bucket refills");
});

test("the channel's state follows the connection, and closed is final", () => {
  const { dc, pc } = ends();
  const channel = new Channel(pc, dc, { reconnect: 60_000 });
  const states = [];
  channel.onstate = (s) => states.push(s);
  for (const s of ["disconnected", "connected", "disconnected", "failed", "connected"]) {
    pc.connectionState = s;
    pc.dispatchEvent(new Event("connectionstatechange"));
  }
  assert.deepEqual(states, ["reconnecting", "connected", "reconnecting", "closed"]);
  dc.readyState = "closed";
  assert.throws(
    () => channel.send("x"),
    (e) => e.code === "closed",
  );
});
