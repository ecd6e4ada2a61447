// net/nostr.js's RelayPool and net/relaylink.js against in-memory relays that refuse as NIP-01 and
// NIP-42 say relays do: every refusal prefix has its handling (duplicate taken, rate-limited
// paused and tried again further apart, auth-required answered with the page's own key,
// restricted/blocked/pow/invalid dropped and recorded, error tried again later, mute nothing),
// a CLOSED subscription is asked again or its relay dropped, and a refusing relay never holds a
// publish up while another takes the event.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RelayPool } from "../js/net/nostr.js";
import { AUTH_KIND, keyPair, signEvent, verifyEvent } from "../js/net/nostrevent.js";
import { RelayBook } from "../js/net/relaybook.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { fakeRelay, sockets, tick, until } from "./fakerelay.js";

const TOPIC = "ab".repeat(32);
const A = "ws://127.0.0.1:7001";
const B = "ws://127.0.0.1:7002";
const refuse = (message) => () => ({ ok: false, message });

/** A pool on the given fake relays ({url: relay}), started; stopped when the test ends. */
async function started(t, relays, options = {}) {
  const heard = [];
  const statuses = [];
  const pool = new RelayPool(Object.keys(relays), {
    topic: TOPIC,
    onevent: (ev, url) => heard.push({ ev, url }),
    onstatus: (s) => statuses.push(s),
    WebSocketClass: sockets(relays),
    curve,
    book: new RelayBook(null),
    fetch: null,
    ...options,
  });
  pool.start();
  t.after(() => pool.stop());
  await until(() => [...pool.links.values()].some((l) => l.state === "open" || l.state === "refused"));
  await tick();
  return { pool, heard, statuses };
}

const key = await keyPair(null, curve);
const event = (content = "x", created_at = undefined) =>
  signEvent({ tags: [["t", TOPIC]], content, created_at }, key, curve);
/** How many times `relay` was sent the event `id`. */
const sendsOf = (relay, id) => relay.log.filter((ev) => ev.id === id).length;

test("duplicate: counts as taken; mute: not taken, and nothing more", async (t) => {
  const dup = fakeRelay({ answer: refuse("duplicate: have it") });
  const { pool } = await started(t, { [A]: dup });
  assert.deepEqual(await pool.publish(await event()), { ok: 1, failed: 0 });
  const mute = fakeRelay({ answer: refuse("mute: nobody listening") });
  const other = await started(t, { [B]: mute });
  assert.deepEqual(await other.pool.publish(await event()), { ok: 0, failed: 1 });
  assert.equal(other.pool.links.get(B).state, "open", "kept");
  assert.deepEqual(other.pool.refusals, { mute: 1 });
});

/** A relay that answers "rate-limited" to the event "first" `refusals` times (then takes it), and
 * takes every other event; a pool on it, with the time each event reached it. */
async function throttled(t, refusals) {
  const slow = fakeRelay({
    answer: (ev) =>
      ev.content === "first" && refusals-- > 0 ? { ok: false, message: "rate-limited: slow down" } : { ok: true },
  });
  const { pool } = await started(t, { [A]: slow });
  const link = pool.links.get(A);
  const times = []; // when each event reached the relay
  const realSend = link.ws.send.bind(link.ws);
  link.ws.send = (text) => {
    if (text.startsWith('["EVENT"')) times.push(Date.now());
    return realSend(text);
  };
  return { slow, pool, link, times };
}

test("rate-limited: that relay is paused, and the event tried again after 2 s, then after 4 s", async (t) => {
  const { slow, pool, times } = await throttled(t, 2);
  const first = await event("first");
  await pool.publish(first);
  assert.equal(sendsOf(slow, first.id), 3, "taken at the third try");
  // (only lower bounds: a loaded machine only delays; an event taken meanwhile would end the
  // doubling, so this relay is sent nothing else)
  assert.ok(times[1] - times[0] >= 1900, `after the first pause: ${times}`);
  assert.ok(times[2] - times[1] >= 3900, `after a pause twice as long: ${times}`);
  assert.equal(pool.refusals["rate-limited"], 2);
});

test("rate-limited: nothing is sent to that relay while it is paused, and another event waits for it", async (t) => {
  const { slow, pool, link, times } = await throttled(t, 1);
  const [first, later] = [await event("first"), await event("second")]; // signed before the clock matters
  const publishing = pool.publish(first);
  // (waited for, not a fixed 50 ms: on a loaded machine the refusal's round trip takes longer)
  await until(() => link.pausedUntil > 0, 1500);
  const pauseEnd = link.pausedUntil; // nothing may reach the relay before it ends
  assert.ok(pauseEnd > times[0], "paused after the first refusal");
  const second = pool.publish(later); // waits for the pause, is not sent in it
  await Promise.all([publishing, second]);
  // each send's own time against the pause's end, not a fixed wait
  assert.ok(
    times.slice(1).every((at) => at >= pauseEnd - 5),
    `nothing sent during the pause (until ${pauseEnd}): ${times}`,
  );
  assert.equal(sendsOf(slow, first.id), 2);
  assert.equal(sendsOf(slow, later.id), 1);
});

test("a throttling relay holds nobody up: another takes the event at once, and it is not sent to the first again", async (t) => {
  const slow = fakeRelay({ answer: refuse("rate-limited: easy") });
  const fine = fakeRelay();
  const { pool } = await started(t, { [A]: slow, [B]: fine });
  await until(() => pool.open === 2);
  const ev = await event();
  assert.equal((await pool.publish(ev)).ok, 1);
  // resolved once the other relay took it, not after the throttling relay's pause (2 s)
  assert.ok(Date.now() < pool.links.get(A).pausedUntil, "resolved within the throttling relay's pause");
  await tick(2600); // the pause is over: the event went elsewhere, so it is not sent again
  assert.equal(sendsOf(slow, ev.id), 1);
  assert.equal(pool.links.get(A).state, "open", "a throttling relay is kept");
});

test("auth-required: answered with NIP-42 (the relay's URL and challenge, the page's own key), then tried once more", async (t) => {
  const authed = new Set();
  const relay = fakeRelay({
    challenge: "chal-1",
    answer: (_ev, socket) => (authed.has(socket) ? { ok: true } : { ok: false, message: "auth-required: who are you" }),
    authAnswer: () => ({ ok: true }),
  });
  const realAuth = relay.Socket.prototype.send;
  relay.Socket.prototype.send = function (text) {
    if (JSON.parse(text)[0] === "AUTH") authed.add(this);
    return realAuth.call(this, text);
  };
  const { pool } = await started(t, { [A]: relay }, { key });
  const ev = await event();
  assert.deepEqual(await pool.publish(ev), { ok: 1, failed: 0 });
  assert.equal(relay.auths.length, 1);
  const auth = relay.auths[0];
  assert.equal(auth.kind, AUTH_KIND);
  assert.deepEqual(auth.tags, [
    ["relay", A],
    ["challenge", "chal-1"],
  ]);
  assert.equal(auth.pubkey, key.public, "the page's own key");
  assert.ok(await verifyEvent(auth, curve));
  assert.equal(sendsOf(relay, ev.id), 2, "the refused event, once more");
  // authenticated once per connection: the next event goes straight through
  assert.equal((await pool.publish(await event("2"))).ok, 1);
  assert.equal(relay.auths.length, 1);
});

test("auth-required without a challenge, or with the answer refused, drops the relay", async (t) => {
  const none = fakeRelay({ answer: refuse("auth-required: members only") });
  const { pool } = await started(t, { [A]: none });
  assert.equal((await pool.publish(await event())).ok, 0);
  assert.equal(pool.links.get(A).state, "refused");
  const refusing = fakeRelay({
    challenge: "c",
    answer: refuse("auth-required: members only"),
    authAnswer: () => ({ ok: false, message: "restricted: not a member" }),
  });
  const other = await started(t, { [B]: refusing });
  assert.equal((await other.pool.publish(await event())).ok, 0);
  assert.equal(other.pool.links.get(B).state, "refused");
});

test("a subscription closed for auth-required is authenticated and asked again once", async (t) => {
  let closes = 1;
  const relay = fakeRelay({
    challenge: "sub-chal",
    onReq: (id) => (closes-- > 0 ? ["CLOSED", id, "auth-required: read needs auth"] : null),
  });
  const { pool } = await started(t, { [A]: relay });
  await until(() => relay.reqs.length === 2);
  assert.equal(relay.auths.length, 1, "authenticated");
  assert.equal(relay.reqs.length, 2, "asked again once");
  assert.equal(pool.links.get(A).state, "open");
});

for (const prefix of ["restricted", "blocked", "pow", "invalid"]) {
  test(`${prefix}: the relay is dropped for this pool and set aside, and another still carries the table`, async (t) => {
    const bad = fakeRelay({ answer: refuse(`${prefix}: not here`) });
    const fine = fakeRelay();
    const book = new RelayBook(null);
    const { pool, statuses } = await started(t, { [A]: bad, [B]: fine }, { book });
    await until(() => pool.open === 2);
    assert.equal((await pool.publish(await event())).ok, 1);
    await until(() => pool.links.get(A).state === "refused");
    assert.equal(pool.links.get(A).state, "refused");
    assert.ok(book.aside(A), "recorded: set aside");
    assert.equal(book.get(A).why, prefix);
    assert.equal(statuses.at(-1).down, false);
    const next = await event("next");
    assert.equal((await pool.publish(next)).ok, 1);
    assert.equal(sendsOf(bad, next.id), 0, "nothing more goes to it");
    pool.stop();
    pool.start(); // a quiet room woken: still dropped
    await until(() => pool.open === 1);
    await tick(50);
    assert.equal(bad.sockets.size, 0, "not opened again");
  });
}

test("error: the event is tried once more later, the relay kept", async (t) => {
  let errors = 1;
  const relay = fakeRelay({ answer: () => (errors-- > 0 ? { ok: false, message: "error: db busy" } : { ok: true }) });
  const { pool } = await started(t, { [A]: relay });
  const ev = await event();
  const began = Date.now();
  pool.publish(ev);
  await until(() => sendsOf(relay, ev.id) === 2, 7000);
  assert.equal(sendsOf(relay, ev.id), 2);
  assert.ok(Date.now() - began >= 4900, "later, not at once");
  await tick(50);
  assert.equal(pool.links.get(A).state, "open");
});

test("CLOSED: an error ends the subscription, which is asked again; restricted drops the relay", async (t) => {
  let closes = 1;
  const relay = fakeRelay({
    onReq: (id) => (closes-- > 0 ? ["CLOSED", id, "error: shutting down idle subscription"] : null),
  });
  const { pool } = await started(t, { [A]: relay });
  await until(() => relay.reqs.length === 2, 4000);
  assert.equal(relay.reqs.length, 2, "asked again after a while");
  assert.equal(pool.links.get(A).state, "open");
  const closing = fakeRelay({ onReq: (id) => ["CLOSED", id, "restricted: not this kind"] });
  const other = await started(t, { [B]: closing });
  await until(() => other.pool.links.get(B).state === "refused");
  assert.equal(other.pool.links.get(B).state, "refused");
});

test("events come through every relay once; what a relay brings first is counted as its service", async (t) => {
  const a = fakeRelay();
  const b = fakeRelay();
  const book = new RelayBook(null);
  const { pool, heard } = await started(t, { [A]: a, [B]: b }, { book });
  await until(() => pool.open === 2);
  const ev = await event();
  a.deliver(ev);
  await until(() => heard.length === 1); // A's first (both at once raced: either could be first)
  b.deliver(ev); // the same event again, through B
  await tick(50);
  assert.equal(heard.length, 1);
  assert.equal(book.get(A).good, 1);
  assert.equal(book.get(B)?.good ?? 0, 0);
});

test("a relay that does not open is set aside in the record, for longer when it fails again later; one that opens is forgiven", async (t) => {
  let clock = Date.now();
  const book = new RelayBook(null, () => clock);
  const dead = fakeRelay();
  dead.down = true;
  const pool = new RelayPool([A], { topic: TOPIC, onevent: () => {}, WebSocketClass: sockets({ [A]: dead }), book });
  pool.start();
  t.after(() => pool.stop());
  await until(() => (book.get(A)?.fails ?? 0) >= 1);
  const first = book.get(A).aside - clock;
  await tick(2500); // the pool tried again meanwhile: nothing new while it is set aside
  assert.equal(book.get(A).fails, 1);
  clock += first + 1; // its time is over, and it fails again
  await until(() => book.get(A).fails >= 2, 5000);
  assert.equal(book.get(A).aside - book.get(A).t, 2 * first, "twice as long");
  assert.ok(book.aside(A));
  dead.down = false;
  await until(() => pool.open === 1, 9000);
  assert.ok(!book.aside(A), "forgiven once it opened");
});

test("unanswered frames and shapes NIP-01 does not have are dropped; a NOTICE is not", async (t) => {
  const relay = fakeRelay();
  const { pool } = await started(t, { [A]: relay });
  for (const frame of [
    '["NOTICE","hi"]',
    '["AUTH",7]',
    `["AUTH","${"c".repeat(600)}"]`,
    '["EOSE","nope"]',
    '["CLOSED","nope","x"]',
    "[1]",
  ])
    relay.raw(frame);
  await tick();
  assert.equal(pool.dropped, 5);
});
