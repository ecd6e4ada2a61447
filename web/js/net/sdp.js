// @ts-check
// What a WebRTC data channel needs of an SDP, and a valid SDP rebuilt from it (peer.js, codes.js).
// A browser's offer or answer for one data channel is ~700 bytes, most of it fixed lines; all
// that differs between two sessions is the ICE credentials, the DTLS certificate's fingerprint,
// the DTLS role, the m-line's mid and the candidates. So the code carries those alone and the
// other side rebuilds the rest (the way webrtc-qr and similar "serverless" demos do it):
//
//   const desc = parseSdp(pc.localDescription.sdp);   // {setup, ufrag, pwd, mid, fingerprint, candidates}
//   await pc.setRemoteDescription({type: "offer", sdp: buildSdp(desc)});
//
// Only UDP candidates of component 1 are kept (a data channel bundles everything on one
// component, and without a relay a TCP candidate almost never helps); their priorities and
// foundations are made anew from their type and order, as a browser ranks them.

/** An SDP the codec cannot use: a code for the page (peer.js words it). */
export class SdpError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "SdpError";
    this.code = "sdp";
  }
}

export const SETUPS = ["actpass", "active", "passive"];
export const CANDIDATE_TYPES = ["host", "srflx", "prflx", "relay"];
/** Fingerprint hash names and their lengths in bytes. @type {[string, number][]} */
export const HASHES = [
  ["sha-256", 32],
  ["sha-384", 48],
  ["sha-512", 64],
  ["sha-1", 20],
];
/** @type {Record<string, number>} */
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };

/**
 * What a peer needs of an SDP (one data channel's m-section).
 * @typedef {{setup: string, ufrag: string, pwd: string, mid: string,
 *   fingerprint: {hash: string, bytes: Uint8Array},
 *   candidates: {type: string, address: string, port: number}[]}} SdpDesc
 */

/** @param {string} hex */
function hexBytes(hex) {
  const clean = hex.replaceAll(":", "");
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(clean)) throw new SdpError("the fingerprint is not hex");
  return Uint8Array.from(/** @type {string[]} tested above */ (clean.match(/../g)), (b) => Number.parseInt(b, 16));
}

/** @param {Uint8Array} bytes */
function bytesHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
}

/**
 * The parts of an SDP (of one data channel's m-section) that a peer needs.
 * @param {string} sdp
 * @returns {SdpDesc}
 */
export function parseSdp(sdp) {
  /** @type {Omit<SdpDesc, "fingerprint"> & {fingerprint: SdpDesc["fingerprint"]|null}} */
  const desc = { setup: "", ufrag: "", pwd: "", mid: "0", fingerprint: null, candidates: [] };
  let applications = 0;
  for (const raw of String(sdp).split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("m=")) {
      applications += 1;
      if (!line.startsWith("m=application ") || applications > 1)
        throw new SdpError("only one data channel m-section is supported");
    }
    const attr = /^a=([\w-]+)(?::(.*))?$/.exec(line);
    if (!attr) continue;
    const [, name, value = ""] = attr;
    if (name === "ice-ufrag") desc.ufrag = value;
    else if (name === "ice-pwd") desc.pwd = value;
    else if (name === "setup") desc.setup = value;
    else if (name === "mid") desc.mid = value;
    else if (name === "fingerprint" && !desc.fingerprint) {
      const [hash, hex = ""] = value.split(" ");
      desc.fingerprint = { hash: hash.toLowerCase(), bytes: hexBytes(hex) };
    } else if (name === "candidate") {
      const parts = value.split(" ");
      const typ = parts.indexOf("typ");
      const [, component, protocol, , address, port] = parts;
      if (component !== "1" || protocol.toLowerCase() !== "udp" || typ < 0) continue;
      const type = parts[typ + 1];
      if (!CANDIDATE_TYPES.includes(type)) continue;
      desc.candidates.push({ type, address, port: Number(port) });
    }
  }
  if (!desc.ufrag || !desc.pwd) throw new SdpError("the SDP has no ICE credentials");
  if (!desc.fingerprint) throw new SdpError("the SDP has no DTLS fingerprint");
  if (!SETUPS.includes(desc.setup)) throw new SdpError(`the SDP's setup role is "${desc.setup}"`);
  return /** @type {SdpDesc} its fingerprint checked above */ (desc);
}

/**
 * A valid SDP for setRemoteDescription from what parseSdp kept (an offer's setup is actpass;
 * an answer's is active or passive).
 * @param {SdpDesc} desc
 */
export function buildSdp(desc) {
  const lines = [
    "v=0",
    `o=- ${Math.floor(Math.random() * 2 ** 52) + 1} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${desc.mid}`,
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  desc.candidates.forEach((c, i) => {
    const priority = TYPE_PREFERENCE[c.type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${desc.ufrag}`,
    `a=ice-pwd:${desc.pwd}`,
    `a=fingerprint:${desc.fingerprint.hash} ${bytesHex(desc.fingerprint.bytes)}`,
    `a=setup:${desc.setup}`,
    `a=mid:${desc.mid}`,
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return `${lines.join("\r\n")}\r\n`;
}
