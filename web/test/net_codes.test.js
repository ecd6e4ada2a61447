// net/codes.js and net/sdp.js: a handshake code round-trips, and a damaged, foreign, newer or
// wrong-kind code is refused with the reason the page words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { answerLink, CodeError, decodeCode, encodeCode, inviteLink, parseLink, readPasted } from "../js/net/codes.js";
import { buildSdp, parseSdp } from "../js/net/sdp.js";

// A loopback offer as headless Chromium gathers it with no STUN server (two mDNS host candidates).
const OFFER = `v=0
o=- 3312325644355847328 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1306693308 1 udp 2113937151 a0780b34-733a-46c6-aecf-1b1caf70684f.local 39435 typ host generation 0 network-cost 999
a=candidate:2256818012 1 udp 2113942271 f8cdbe4a-e76d-46b6-91cc-ccb2e21d62bd.local 41886 typ host generation 0 network-cost 999
a=candidate:9 1 tcp 1518280447 192.168.1.7 9 typ host tcptype active
a=ice-ufrag:bhs5
a=ice-pwd:vfSYo2lJz3jXL8vhewqhT01l
a=ice-options:trickle
a=fingerprint:sha-256 6A:61:6D:62:0F:D3:A7:5B:9C:54:96:2B:4A:D0:62:CA:B4:CE:A6:C8:77:0E:4B:D8:3C:31:67:A0:8D:AA:1D:38
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`;
const META = {
  table: "k3x9q2",
  seat: 1,
  name: "Ana",
  commitment: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
};

test("an offer keeps what WebRTC needs: credentials, fingerprint, role, UDP candidates", () => {
  const desc = parseSdp(OFFER);
  assert.equal(desc.ufrag, "bhs5");
  assert.equal(desc.pwd, "vfSYo2lJz3jXL8vhewqhT01l");
  assert.equal(desc.setup, "actpass");
  assert.equal(desc.fingerprint.hash, "sha-256");
  assert.equal(desc.fingerprint.bytes.length, 32);
  assert.deepEqual(
    desc.candidates.map((c) => `${c.type} ${c.address} ${c.port}`),
    ["host a0780b34-733a-46c6-aecf-1b1caf70684f.local 39435", "host f8cdbe4a-e76d-46b6-91cc-ccb2e21d62bd.local 41886"],
  );
  const rebuilt = buildSdp(desc);
  assert.match(rebuilt, /^a=fingerprint:sha-256 6A:61:6D:62:0F:D3:A7.*:1D:38\r$/m);
  assert.match(rebuilt, /^a=candidate:1 1 udp \d+ a0780b34-733a-46c6-aecf-1b1caf70684f\.local 39435 typ host\r$/m);
  assert.deepEqual(parseSdp(rebuilt), desc, "the rebuilt SDP says the same");
});

for (const compress of [true, false]) {
  test(`an invite and an answer round-trip through their codes (${compress ? "deflated" : "uncompressed"})`, async () => {
    const desc = parseSdp(OFFER);
    desc.candidates.push(
      { type: "srflx", address: "203.0.113.9", port: 61000 },
      { type: "host", address: "2001:db8::1:2", port: 5000 },
      { type: "host", address: "some-host.example", port: 1 },
    );
    const code = await encodeCode("invite", desc, META, { compress });
    assert.match(code, /^1[A-Za-z0-9_-]+$/);
    const back = await decodeCode(code, "invite");
    assert.equal(back.kind, "invite");
    assert.deepEqual(back.meta, META);
    assert.deepEqual(back.desc.candidates.at(-2), { type: "host", address: "2001:db8:0:0:0:0:1:2", port: 5000 });
    back.desc.candidates.splice(-2, 1);
    desc.candidates.splice(-2, 1);
    assert.deepEqual(back.desc, desc);
    const answer = await encodeCode("answer", { ...desc, setup: "active" }, { name: "Ana" }, { compress });
    const read = await decodeCode(answer, "answer");
    assert.equal(read.kind, "answer");
    assert.equal(read.desc.setup, "active");
  });
}

test("the loopback invite's code is short (its length is printed)", async () => {
  const code = await encodeCode("invite", parseSdp(OFFER), META);
  const raw = await encodeCode("invite", parseSdp(OFFER), META, { compress: false });
  const link = inviteLink("https://allthrees.example/", code);
  console.log(`loopback invite: code ${code.length} chars (uncompressed ${raw.length}), link ${link.length} chars`);
  assert.ok(code.length <= raw.length);
  assert.ok(code.length < 260, `${code.length} characters`);
});

async function refused(promise, reason) {
  await assert.rejects(promise, (error) => error instanceof CodeError && error.code === reason);
}

test("a damaged code is refused as damaged, never read as another description", async () => {
  for (const compress of [true, false]) {
    const code = await encodeCode("invite", parseSdp(OFFER), META, { compress });
    await refused(decodeCode(code.slice(0, -5)), "damaged"); // cut short
    await refused(decodeCode(code.slice(0, 30)), "damaged");
    await refused(decodeCode(`${code.slice(0, 40)}*${code.slice(41)}`), "damaged"); // not base64url
    let failed = 0;
    for (let i = 2; i < code.length; i += 1) {
      const swapped = code[i] === "A" ? "B" : "A";
      const bad = code.slice(0, i) + swapped + code.slice(i + 1);
      try {
        await decodeCode(bad);
      } catch (error) {
        assert.ok(error instanceof CodeError, String(error));
        failed += 1;
      }
    }
    assert.equal(failed, code.length - 2, "every changed character is caught");
  }
});

test("a newer version, a foreign text and the wrong kind are refused with their reasons", async () => {
  const code = await encodeCode("invite", parseSdp(OFFER), META);
  await refused(decodeCode(`2${code.slice(1)}`), "version");
  await refused(decodeCode(`x${code.slice(1)}`), "foreign");
  await refused(decodeCode("hello there"), "foreign");
  await refused(decodeCode(""), "empty");
  await refused(decodeCode(code, "answer"), "kind");
  await refused(readPasted(answerLink("https://a.example/", code), "invite"), "kind");
  assert.throws(
    () => parseLink("https://a.example/#seed=3"),
    (e) => e.code === "foreign",
  );
  assert.throws(
    () => parseLink("https://a.example/"),
    (e) => e.code === "foreign",
  );
});

test("links put the code in the fragment, and any pasted form reads back", async () => {
  const code = await encodeCode("invite", parseSdp(OFFER), META);
  const link = inviteLink("https://allthrees.example/play/", code);
  assert.equal(link, `https://allthrees.example/play/#join=${code}`);
  assert.deepEqual(parseLink(link), { kind: "invite", code });
  assert.deepEqual(parseLink(`#answer=${code}`), { kind: "answer", code });
  assert.deepEqual(parseLink(`  ${code.slice(0, 50)}\n${code.slice(50)} `), { kind: null, code });
  assert.deepEqual((await readPasted(`Join me: ${link}`, "invite")).meta, META);
});

test("a meta that is not flat travels as JSON, and odd keys stay plain data", async () => {
  const desc = parseSdp(OFFER);
  for (const meta of [{ seats: [1, 2], score: -3.5 }, JSON.parse('{"__proto__": "x", "n": 1}'), {}]) {
    const back = await decodeCode(await encodeCode("answer", desc, meta), "answer");
    assert.deepEqual(JSON.stringify(back.meta), JSON.stringify(meta));
    assert.equal(Object.getPrototypeOf(back.meta), Object.prototype);
  }
});
