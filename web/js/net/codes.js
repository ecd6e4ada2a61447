// @ts-check
// Short codes for the copy-paste handshake: an invite (the host's offer) and an answer (the
// guest's), each with a small JSON object `meta` beside the SDP (for an invite: the table id,
// the seat, the guest's name, the host's commitment; the caller decides what it holds).
//
//   code = VERSION + base64url(flags byte, then body + 2-byte check, deflated if that is shorter)
//   body = setup, ufrag, pwd (6 bits a character), mid, fingerprint, candidates, meta (packed by
//          type when it is a flat object of short values, else JSON)
//
// The version is one leading digit ("1"); a newer game's digit is refused as "version" (reload
// to update), anything else as "foreign". flags: bit 0 deflate-raw (CompressionStream, where the
// engine has it; else the body is sent as it is, which any engine can read back only if it has
// no need to inflate), bit 1 an answer. The check (FNV-1a, 16 bits, over the body) makes a code
// cut short or mistyped fail as "damaged" instead of as a connection that never comes.
//
//   const code = await encodeCode("invite", parseSdp(sdp), {table: "t1", seat: 1});
//   const {kind, desc, meta} = await decodeCode(code, "invite");
//   inviteLink("https://example.org/", code)  // "https://example.org/#join=1..."
//   parseLink(pasted)                          // {kind: "invite" | "answer", code}

import { CodeError, check16, packBody, unpackBody } from "./codebody.js";

export { CodeError, packBody, unpackBody } from "./codebody.js";

export const VERSION = "1";
export const KINDS = ["invite", "answer"];
const FLAG_DEFLATE = 1;
const FLAG_ANSWER = 2;
/** @type {Record<string, string>} */
const LINK_KEYS = { invite: "join", answer: "answer" };

/** @typedef {import("./sdp.js").SdpDesc} SdpDesc */
/** A code's details: a small JSON object, its fields the caller's (any JSON: a stranger's code
 * says what it says, and each caller checks the fields it reads). @typedef {Record<string, any>} Meta */
/** A code read back. @typedef {{kind: "invite"|"answer", desc: SdpDesc, meta: Meta}} Decoded */
const PAIR_KEY = "pair"; // a pairing's invite (an invite code whose meta has `pair`)

// --- compression and base64url -------------------------------------------------------------------

export const canDeflate = () => {
  try {
    new CompressionStream("deflate-raw");
    return true;
  } catch {
    return false;
  }
};

/** @param {CompressionStream|DecompressionStream} stream @param {Uint8Array<ArrayBuffer>} bytes */
async function through(stream, bytes) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} text */
function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
    throw new CodeError("damaged", "the code has a character no code has");
  const plain = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

// --- codes ------------------------------------------------------------------------------------

/**
 * The text code of an invite or an answer.
 * @param {"invite" | "answer"} kind
 * @param {SdpDesc} desc
 * @param {Meta} [meta]  a small JSON object
 * @param {{compress?: boolean}} [options]  compress: false sends it uncompressed (tests)
 * @returns {Promise<string>}
 */
export async function encodeCode(kind, desc, meta = {}, { compress = canDeflate() } = {}) {
  if (!KINDS.includes(kind)) throw new TypeError(`no kind of code "${kind}"`);
  const body = packBody(desc, meta);
  const check = check16(body);
  const checked = Uint8Array.from([...body, check >> 8, check & 255]);
  let flags = kind === "answer" ? FLAG_ANSWER : 0;
  let payload = checked;
  if (compress) {
    const deflated = await through(new CompressionStream("deflate-raw"), checked);
    if (deflated.length < checked.length) {
      payload = deflated;
      flags |= FLAG_DEFLATE;
    }
  }
  return VERSION + base64url(Uint8Array.from([flags, ...payload]));
}

/**
 * A code read back: {kind, desc, meta}; a CodeError when it cannot be used.
 * @param {string} code  a code, as encodeCode made it (spaces and line breaks are ignored)
 * @param {"invite" | "answer"} [expected]  refuse the other kind ("kind")
 * @returns {Promise<Decoded>}
 */
export async function decodeCode(code, expected) {
  const text = String(code ?? "").replace(/\s+/g, "");
  if (!text) throw new CodeError("empty", "no code was given");
  const version = text[0];
  if (version !== VERSION) {
    if (/^[2-9]$/.test(version)) throw new CodeError("version", `a code of version ${version}, newer than this game`);
    throw new CodeError("foreign", "this is not a code of this game");
  }
  const bytes = unbase64url(text.slice(1));
  if (bytes.length < 3) throw new CodeError("damaged", "the code is too short");
  const flags = bytes[0];
  if (flags & ~(FLAG_DEFLATE | FLAG_ANSWER)) throw new CodeError("damaged", "the code's flags are not known");
  /** @type {"invite"|"answer"} */
  const kind = flags & FLAG_ANSWER ? "answer" : "invite";
  let checked = bytes.subarray(1);
  if (flags & FLAG_DEFLATE) {
    if (!canDeflate()) throw new CodeError("compression", "this browser cannot read a compressed code");
    try {
      checked = await through(new DecompressionStream("deflate-raw"), checked);
    } catch {
      throw new CodeError("damaged", "the code does not inflate");
    }
  }
  if (checked.length < 3) throw new CodeError("damaged", "the code is too short");
  const body = checked.subarray(0, -2);
  const check = (checked[checked.length - 2] << 8) | checked[checked.length - 1];
  if (check16(body) !== check) throw new CodeError("damaged", "the code's check does not match");
  if (expected && expected !== kind) throw new CodeError("kind", `an ${kind} code where an ${expected} was expected`);
  return { kind, ...unpackBody(body) };
}

// --- links ------------------------------------------------------------------------------------

/** https://<site>/#join=<code>: the code in the fragment, so no server ever sees it.
 * @param {string} site @param {string} code */
export function inviteLink(site, code) {
  return linkOf(site, "invite", code);
}

/** https://<site>/#answer=<code> @param {string} site @param {string} code */
export function answerLink(site, code) {
  return linkOf(site, "answer", code);
}

/** https://<site>/#pair=<code>: an invite to pair a device (its meta has `pair`), which opens the
 * career's pairing instead of a table.
 * @param {string} site @param {string} code */
export function pairLink(site, code) {
  return linkOf(site, "pair", code);
}

/** @param {string} site @param {string} kind @param {string} code */
function linkOf(site, kind, code) {
  const url = new URL(site);
  url.hash = `${kind === "pair" ? PAIR_KEY : LINK_KEYS[kind]}=${code}`;
  return url.href;
}

/**
 * The code in a link, a fragment ("#join=..."), or a bare code: {kind, code} (a bare code's kind
 * is read from its flags later, by decodeCode; here it is null). A CodeError for a link of
 * another kind of page.
 * @param {unknown} text
 * @returns {{kind: string|null, code: string}}
 */
export function parseLink(text) {
  const value = String(text ?? "").trim();
  if (!value) throw new CodeError("empty", "no code was given");
  const hashAt = value.indexOf("#");
  if (hashAt < 0) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) throw new CodeError("foreign", "a link with no code in it");
    return { kind: null, code: value.replace(/\s+/g, "") };
  }
  const params = new URLSearchParams(value.slice(hashAt + 1));
  const pair = params.get(PAIR_KEY);
  if (pair) return { kind: "invite", code: pair.replace(/\s+/g, "") };
  for (const [kind, key] of Object.entries(LINK_KEYS)) {
    const code = params.get(key);
    if (code) return { kind, code: code.replace(/\s+/g, "") };
  }
  throw new CodeError("foreign", "a link with no code in it");
}

/** Read any pasted text (link or code) as a code of the expected kind: {kind, desc, meta}.
 * @param {unknown} text @param {"invite"|"answer"} [expected] */
export async function readPasted(text, expected) {
  const { kind, code } = parseLink(text);
  if (kind && expected && kind !== expected)
    throw new CodeError("kind", `an ${kind} link where an ${expected} was expected`);
  return decodeCode(code, expected);
}
