// net/pairing.js: two careers cross a pair of stand-in channels, whole, in parts, both ways; what
// the other device sends out of place (not JSON, another version, a part out of order or too
// large, a gzip bomb, a channel that ends) is a PairError, never a career. The real channel is
// tested in Chromium by tests/web/test_pair_devices.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CareerReader,
  careerMessages,
  exchangeCareers,
  MAX_CAREER_BYTES,
  PAIR_VERSION,
  PART_CHARS,
  PairError,
} from "../js/net/pairing.js";

/** Two channels, each send() delivered to the other's onmessage on a later task. */
function pair() {
  const make = () => ({ onmessage: null, onstate: null, ondrop: null, sent: 0 });
  const a = make();
  const b = make();
  a.send = (text) => {
    a.sent += 1;
    setTimeout(() => b.onmessage?.(text), 0);
  };
  b.send = (text) => {
    b.sent += 1;
    setTimeout(() => a.onmessage?.(text), 0);
  };
  return [a, b];
}

function careerOf(n, salt) {
  // entries that do not compress away: each with its own pseudo-random text (xorshift, seeded)
  let x = 2463534242 + salt.charCodeAt(0);
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0).toString(36);
  };
  const entries = Array.from({ length: n }, (_, i) => ({
    id: `${salt}${i}`,
    note: Array.from({ length: 8 }, next).join(""),
  }));
  return { entries, history: [], daily: { attempts: {} }, prefs: { tiles: salt } };
}

test("two careers cross both ways, a small one in one part and a large one in many", async () => {
  const [a, b] = pair();
  const small = careerOf(2, "a");
  const large = careerOf(4000, "b");
  const [gotA, gotB] = await Promise.all([exchangeCareers(a, small), exchangeCareers(b, large)]);
  assert.deepEqual(gotA, large);
  assert.deepEqual(gotB, small);
  assert.equal(a.sent, 2, "one part and its receipt");
  assert.ok(b.sent > 3, `the large career went in parts (${b.sent} messages)`);
});

test("the parts say their order and count, and each fits a channel's message", async () => {
  const messages = await careerMessages(careerOf(3000, "c"));
  assert.ok(messages.length > 1);
  for (const [n, text] of messages.entries()) {
    const m = JSON.parse(text);
    assert.deepEqual([m.pair, m.kind, m.n, m.of], [PAIR_VERSION, "career", n, messages.length]);
    assert.ok(m.data.length <= PART_CHARS && text.length < 65_536);
  }
  const reader = new CareerReader();
  const said = messages.map((t) => reader.take(t));
  assert.deepEqual(said.at(-1), "done");
  assert.deepEqual(await reader.career(), careerOf(3000, "c"));
});

test("what is out of place is refused by its reason", async () => {
  const [first] = await careerMessages(careerOf(2, "d"));
  const part = JSON.parse(first);
  const refused = (texts) => {
    const reader = new CareerReader();
    try {
      for (const t of texts) reader.take(t);
    } catch (error) {
      assert.ok(error instanceof PairError);
      return error.code;
    }
    return "taken";
  };
  assert.equal(refused(["not json"]), "damaged");
  assert.equal(refused(["[1]"]), "damaged");
  assert.equal(refused([JSON.stringify({ ...part, pair: 2 })]), "version");
  assert.equal(refused([JSON.stringify({ ...part, kind: "table" })]), "damaged");
  assert.equal(refused([JSON.stringify({ ...part, n: 1, of: 2 })]), "damaged", "a part out of order");
  assert.equal(refused([JSON.stringify({ ...part, of: 1e9 })]), "too_big");
  assert.equal(refused([JSON.stringify({ ...part, data: "x".repeat(PART_CHARS + 1) })]), "damaged");
  assert.equal(refused([JSON.stringify({ ...part, n: -1 })]), "damaged");
  assert.equal(refused([first]), "taken");
});

test("a gzip bomb stops at the size a career may have; a part that does not inflate is damaged", async () => {
  // gzip of zeros: a few kB that would inflate past the bound
  const zeros = new Uint8Array(MAX_CAREER_BYTES + 1024);
  const gz = new Uint8Array(
    await new Response(new Blob([zeros]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  let bin = "";
  for (const byte of gz) bin += String.fromCharCode(byte);
  const b64 = btoa(bin);
  const reader = new CareerReader();
  const of = Math.ceil(b64.length / PART_CHARS);
  for (let n = 0; n < of; n += 1)
    reader.take(
      JSON.stringify({
        pair: PAIR_VERSION,
        kind: "career",
        n,
        of,
        data: b64.slice(n * PART_CHARS, (n + 1) * PART_CHARS),
      }),
    );
  await assert.rejects(reader.career(), (e) => e.code === "too_big");
  const bad = new CareerReader();
  bad.take(JSON.stringify({ pair: PAIR_VERSION, kind: "career", n: 0, of: 1, data: btoa("not gzip") }));
  await assert.rejects(bad.career(), (e) => e.code === "damaged");
});

test("a channel that ends, or drops a message, before both careers crossed fails the pairing", async () => {
  const [a] = pair();
  a.send = () => {}; // nothing ever answers
  const ended = exchangeCareers(a, careerOf(1, "e"));
  a.onstate("closed");
  await assert.rejects(ended, (e) => e instanceof PairError && e.code === "closed");
  const [c] = pair();
  c.send = () => {};
  const dropped = exchangeCareers(c, careerOf(1, "f"));
  c.ondrop({ reason: "flood" });
  await assert.rejects(dropped, (e) => e.code === "damaged");
});
