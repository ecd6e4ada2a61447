// net/work.js, NIP-13's proof of work: its SHA-256 against Node's, the difficulty of an id
// counted in leading zero bits (NIP-13's own examples), a mined event whose id is the NIP-01 id
// of what is signed (nostr.js computes it again) with at least the bits asked, and what worked()
// refuses: no nonce tag, two, a committed target below the bits asked (a lucky id), an id short
// of its committed target, a nonce or target that is not digits.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { keyPair, signEvent } from "../js/net/nostr.js";
import { mine, sha256Hex, worked, workOf } from "../js/net/work.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";

test("its SHA-256 is SHA-256, at every length around a block's edges", () => {
  for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 500, 1000]) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);
    assert.equal(sha256Hex(bytes), createHash("sha256").update(bytes).digest("hex"), `${n} bytes`);
  }
});

test("an id's difficulty is its leading zero bits (NIP-13's examples)", () => {
  assert.equal(workOf("000000000e9d97a1ab09fc381030b346cdd7a142ad57e6df0b46dc9bef6c7e2d"), 36);
  assert.equal(workOf(`002f${"f".repeat(60)}`), 10);
  assert.equal(workOf(`8${"0".repeat(63)}`), 0);
  assert.equal(workOf(`1${"f".repeat(63)}`), 3);
  assert.equal(workOf("0".repeat(64)), 256);
});

test("a mined event's signed id has the bits asked, with its nonce tag last and its target committed", async () => {
  const key = await keyPair(null, curve);
  const plain = {
    pubkey: key.public,
    created_at: 1_700_000_000,
    kind: 25051,
    tags: [["t", "ab".repeat(32)]],
    // quotes, a backslash and letters beyond ASCII: the nonce's place is found in the JSON text
    content: JSON.stringify({ name: 'Zażółć "gęślą" \\ ["nonce","XXXXXXXXXXXX"' }),
  };
  for (const bits of [0, 1, 8, 12]) {
    const made = await mine(plain, bits);
    assert.deepEqual(made.tags.slice(0, -1), plain.tags);
    const [name, nonce, target] = made.tags.at(-1);
    assert.equal(name, "nonce");
    assert.match(nonce, /^[0-9]{12}$/);
    assert.equal(target, String(bits));
    const signed = await signEvent({ ...plain, tags: made.tags }, key, curve);
    assert.equal(signed.id, made.id, "the id mined is the id signed");
    assert.ok(workOf(signed.id) >= bits, `${bits} bits`);
    assert.ok(worked(signed, bits));
  }
});

test("mining stops when told, and yields between slices", async () => {
  let slices = 0;
  const made = await mine({ pubkey: "cd".repeat(32), created_at: 1, kind: 1, tags: [], content: "x" }, 40, {
    sliceMs: 1,
    stopped: () => ++slices >= 3,
  });
  assert.equal(made, null);
  assert.equal(slices, 3);
});

test("worked() refuses a missing or doubled nonce, a lower committed target, an id short of its target and a malformed tag", () => {
  const id = (bits) => `${"0".repeat(bits / 4)}8${"f".repeat(63 - bits / 4)}`; // exactly `bits` zero bits
  const ev = (tags, bits = 12) => ({ id: id(bits), tags: [["t", "x"], ...tags] });
  assert.ok(worked(ev([["nonce", "1", "12"]]), 12));
  assert.ok(worked(ev([["nonce", "1", "12"]]), 8), "more than asked");
  assert.ok(!worked(ev([]), 12), "no nonce tag");
  assert.ok(
    !worked(
      ev([
        ["nonce", "1", "12"],
        ["nonce", "2", "12"],
      ]),
      12,
    ),
    "two",
  );
  assert.ok(!worked(ev([["nonce", "1", "8"]], 12), 12), "a lower committed target: a lucky id");
  assert.ok(!worked(ev([["nonce", "1", "16"]], 12), 12), "short of its own target");
  assert.ok(!worked(ev([["nonce", "1"]]), 12), "no target");
  assert.ok(!worked(ev([["nonce", "1", "12", "x"]]), 12), "a fourth value");
  assert.ok(!worked(ev([["nonce", "a1", "12"]]), 12), "not digits");
  assert.ok(!worked(ev([["nonce", "1", "1e2"]]), 12), "a target not in digits");
});
