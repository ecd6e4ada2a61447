// career/rated.js: the exchange of a rated result between two devices, with the real curve and a
// fake clock, and each device's Python played by a stand-in that answers as career/signed.py does
// (its part, the document's digest, the result taken). Two devices that hear each other take the
// one result, each once; a device whose other never signs (closed, or refusing its loss) ends the
// exchange when SIGN_WAIT_MS is out, says so ("late"), takes nothing, and ignores a signature
// that comes after; a forged signature is refused at once; and nothing is said before the wait is
// out while the other is merely slow.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { RatedExchange, SIGN_WAIT_MS } from "../js/career/rated.js";
import { loadCurve } from "../js/net/nostrevent.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";

await loadCurve(() => Promise.resolve(curve)); // the page fetches it; here, the package's own

/** A clock whose time moves only when told. */
function fakeClock() {
  /** @type {{at: number, f: () => void}[]} */
  let timers = [];
  let now = 0;
  return {
    set: (/** @type {() => void} */ f, /** @type {number} */ ms) => {
      const t = { at: now + ms, f };
      timers.push(t);
      return t;
    },
    clear: (/** @type {unknown} */ t) => {
      timers = timers.filter((x) => x !== t);
    },
    /** @param {number} ms */
    pass(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.f();
    },
    pending: () => timers.length,
  };
}

/** Seat `you`'s entry of the one match (seats 0 and 1 both people). @param {number} you */
const entryOf = (you) => ({ id: "m1", you, seats: ["you", "friend"], scores: [61, 40], unrated: "unsigned" });

/** A device: its exchange, its stand-in Python, what it took and what it was told. */
function device(/** @type {number} */ you, /** @type {ReturnType<typeof fakeClock>} */ clock) {
  const seen = {
    took: /** @type {any[]} */ ([]),
    unrated: /** @type {string[]} */ ([]),
    sent: /** @type {any[]} */ ([]),
  };
  /** @param {string} op @param {any} payload */
  const call = async (op, payload) => {
    if (op === "rated_part") {
      return { ok: true, part: { seat: you, key: payload.key, rating: 1500, deviation: 350, previous: null } };
    }
    if (op === "rated_document") {
      const document = { kind: "allthrees-rated-result", v: 1, match: "m1", parts: payload.parts };
      const digest = createHash("sha256").update(JSON.stringify(document)).digest("hex");
      return { ok: true, document, digest };
    }
    if (op === "rated_take") return { ok: true, entry: { ...payload.entry, unrated: null }, career: {} };
    return { ok: false };
  };
  const exchange = new RatedExchange({
    call,
    entry: entryOf(you),
    share: (shared) => seen.sent.push({ seat: you, ...shared }),
    career: () => ({ entries: [], attempts: {}, abandoned: [] }),
    taken: (reply) => seen.took.push(reply),
    unrated: (why) => seen.unrated.push(why),
    timer: clock,
  });
  return { exchange, seen };
}

/** Everything `from` sent so far, heard by `to`. */
async function deliver(/** @type {ReturnType<typeof device>} */ from, /** @type {ReturnType<typeof device>} */ to) {
  for (const shared of from.seen.sent.splice(0)) await to.exchange.heard(shared);
}

test("two devices that hear each other both take the one result, and no wait is left running", async () => {
  const clock = fakeClock();
  const a = device(0, clock);
  const b = device(1, clock);
  await a.exchange.start([]);
  await b.exchange.start([]);
  assert.equal(clock.pending(), 2, "each waits for the other");
  await deliver(a, b); // a's part
  await deliver(b, a); // b's part and b's signature
  await deliver(a, b); // a's signature
  assert.equal(a.seen.took.length, 1);
  assert.equal(b.seen.took.length, 1);
  assert.equal(a.exchange.made?.digest, b.exchange.made?.digest, "the same document");
  assert.equal(clock.pending(), 0, "the wait ended with the exchange");
  clock.pass(SIGN_WAIT_MS * 2);
  assert.deepEqual([a.seen.unrated, b.seen.unrated], [[], []], "nothing said: the match counted");
});

test("a signature that never comes: the match stays unrated when the wait is out, said once, a late signature ignored", async () => {
  const clock = fakeClock();
  const a = device(0, clock);
  const b = device(1, clock);
  await a.exchange.start([]);
  await b.exchange.start([]);
  await deliver(a, b);
  // b's part reaches a, then b's page closes (or refuses to sign its loss): its signature stays
  const bPart = b.seen.sent.find((s) => s.part);
  await a.exchange.heard(bPart);
  assert.ok(
    a.seen.sent.some((s) => s.signature),
    "a signed and sent its signature",
  );
  clock.pass(SIGN_WAIT_MS - 1);
  await a.exchange.queue;
  assert.deepEqual(a.seen.unrated, [], "a slow device is waited for");
  clock.pass(1);
  await a.exchange.queue;
  assert.deepEqual(a.seen.unrated, ["late"]);
  assert.equal(a.exchange.finished, true);
  // b's signature comes after all: nothing taken, nothing said again
  const bSign = b.seen.sent.find((s) => s.signature);
  await a.exchange.heard(bSign);
  clock.pass(SIGN_WAIT_MS);
  await a.exchange.queue;
  assert.deepEqual(a.seen.took, [], "no rating moved on a");
  assert.deepEqual(a.seen.unrated, ["late"], "said once");
});

test("a device whose other never sends even its part is told when the wait is out", async () => {
  const clock = fakeClock();
  const a = device(0, clock);
  await a.exchange.start([]);
  assert.equal(a.exchange.made, null);
  clock.pass(SIGN_WAIT_MS);
  await a.exchange.queue;
  assert.deepEqual(a.seen.unrated, ["late"]);
  assert.deepEqual(a.seen.took, []);
  assert.ok(!a.seen.sent.some((s) => s.signature), "a signed nothing: there was no document");
});

test("a forged signature is refused at once: nothing taken, said, the wait ended", async () => {
  const clock = fakeClock();
  const a = device(0, clock);
  const b = device(1, fakeClock());
  await a.exchange.start([]);
  await b.exchange.start([]);
  await deliver(a, b);
  const bPart = b.seen.sent.find((s) => s.part);
  await a.exchange.heard(bPart);
  const digest = /** @type {string} */ (a.exchange.made?.digest);
  await a.exchange.heard({ seat: 1, digest, signature: "ab".repeat(64) });
  assert.deepEqual(a.seen.unrated, ["refused"]);
  assert.deepEqual(a.seen.took, []);
  assert.equal(clock.pending(), 0);
});
