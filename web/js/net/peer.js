// @ts-check
// A WebRTC data channel between two devices, made with a copy-paste handshake and no server:
// the host's invite (an offer) and the guest's answer travel as codes (codes.js) by any means.
// ICE is not trickled: each side waits for its candidates to be gathered (with a bound), so one
// code says everything. One ordered, reliable channel per guest (negotiated, id 0: nothing
// else is said in-band before it opens).
//
//   // host, once per friend's seat
//   const invite = await createInvite({meta: {table, seat, name, commitment}});
//   show(invite.code);
//   const channel = await invite.accept(answerCode);   // a NetError if it cannot connect
//
//   // guest
//   const {answerCode, meta, channel} = await answerInvite(code, {meta: {name}});
//   show(answerCode);
//   const ch = await channel;
//
//   ch.onmessage = (text) => ...;  ch.onstate = (state) => ...;  ch.ondrop = ({reason}) => ...;
//   ch.send(JSON.stringify(message));  ch.close();
//
// Every failure is a NetError whose `code` the page words (T.net.errors[code]): what to do, not a
// spinner that never ends. What a peer sends is untrusted: a message beyond MAX_MESSAGE_CHARS or
// beyond the flood limit (a token bucket per channel) is dropped unread and reported (ondrop);
// a message is handed on as text and never parsed here.

import { CodeError, decodeCode, encodeCode } from "./codes.js";
import { buildSdp, parseSdp } from "./sdp.js";

/** Public STUN servers that help two devices on different networks find each other (no relay). */
export const DEFAULT_ICE_SERVERS = [{ urls: ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"] }];
/** The longest message a channel takes, in UTF-16 units; a longer one is dropped unread. */
export const MAX_MESSAGE_CHARS = 65536;
/** The flood limit: a bucket of `burst` messages, refilled at `perSecond`. */
export const FLOOD = { burst: 60, perSecond: 30 };
/** Bounds (ms): gathering candidates, connecting once the answer is in, the guest's wait for the
 * host to take its answer (a person carries it), and a reconnection before it counts as closed. */
export const TIMEOUTS = { gather: 10_000, connect: 30_000, answer: 15 * 60_000, reconnect: 30_000 };

/**
 * Why a connection could not be made or was lost; `code` is one of:
 *   "no-webrtc"    this browser cannot make direct connections
 *   "no-network"   no network address was found (Wi-Fi and mobile data off?)
 *   "unreachable"  the two devices could not reach each other
 *   "timeout"      the host did not take the answer in time
 *   "code"         the code given could not be used (`reason`: a CodeError's code)
 *   "closed"       the connection was closed
 */
export class NetError extends Error {
  /** @param {string} code @param {string} message @param {string|null} [reason] */
  constructor(code, message, reason = null) {
    super(message);
    this.name = "NetError";
    this.code = code;
    this.reason = reason;
  }
}

const CHANNEL_OPTIONS = { negotiated: true, id: 0, ordered: true };

/** @param {RTCIceServer[]} iceServers */
function newConnection(iceServers) {
  if (typeof RTCPeerConnection !== "function") throw new NetError("no-webrtc", "this browser has no RTCPeerConnection");
  return new RTCPeerConnection({ iceServers });
}

/** Resolves with the local description once candidates are gathered (or the bound passes with some).
 * @param {RTCPeerConnection} pc @param {number} bound ms */
async function gathered(pc, bound) {
  if (pc.iceGatheringState !== "complete") {
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const timer = setTimeout(done, bound);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", onChange);
        resolve();
      }
      function onChange() {
        if (pc.iceGatheringState === "complete") done();
      }
      pc.addEventListener("icegatheringstatechange", onChange);
    });
  }
  const desc = parseSdp(/** @type {RTCSessionDescription} set before this */ (pc.localDescription).sdp);
  if (!desc.candidates.length) throw new NetError("no-network", "no ICE candidate was gathered");
  return desc;
}

/** Resolves when the channel opens; a NetError when the connection fails or the bound passes.
 * @param {RTCPeerConnection} pc @param {RTCDataChannel} dc @param {number} bound ms
 * @param {string} timeoutCode the NetError's code when the bound passes
 * @returns {Promise<void>} */
function opened(pc, dc, bound, timeoutCode) {
  return new Promise((resolve, reject) => {
    if (dc.readyState === "open") return resolve();
    const timer = setTimeout(() => finish(new NetError(timeoutCode, "the channel did not open in time")), bound);
    /** @param {NetError|null} error */
    function finish(error) {
      clearTimeout(timer);
      dc.removeEventListener("open", onOpen);
      pc.removeEventListener("connectionstatechange", onState);
      if (error) {
        pc.close();
        reject(error);
      } else resolve();
    }
    function onOpen() {
      finish(null);
    }
    function onState() {
      if (pc.connectionState === "failed") finish(new NetError("unreachable", "ICE or DTLS failed"));
      else if (pc.connectionState === "closed") finish(new NetError("closed", "the connection was closed"));
    }
    dc.addEventListener("open", onOpen);
    pc.addEventListener("connectionstatechange", onState);
  });
}

/** @param {string} code @param {"invite"|"answer"} kind */
async function readCode(code, kind) {
  try {
    return await decodeCode(code, kind);
  } catch (error) {
    if (error instanceof CodeError) throw new NetError("code", error.message, error.code);
    throw error;
  }
}

/**
 * The host's side: an invite for one guest.
 * @param {{iceServers?: RTCIceServer[], meta?: object, timeouts?: Partial<typeof TIMEOUTS>,
 *   flood?: typeof FLOOD, maxMessage?: number}} [options]
 * @returns {Promise<{code: string, sdp: string, accept: (answerCode: string) => Promise<Channel>,
 *   cancel: () => void}>}  sdp: the local SDP, as gathered (tests look at its candidates)
 */
export async function createInvite({ iceServers = DEFAULT_ICE_SERVERS, meta = {}, timeouts = {}, ...limits } = {}) {
  const bounds = { ...TIMEOUTS, ...timeouts };
  const pc = newConnection(iceServers);
  const dc = pc.createDataChannel("allthrees", CHANNEL_OPTIONS);
  try {
    await pc.setLocalDescription(await pc.createOffer());
    const desc = await gathered(pc, bounds.gather);
    const code = await encodeCode("invite", desc, meta);
    let accepting = null;
    return {
      code,
      sdp: /** @type {RTCSessionDescription} set above */ (pc.localDescription).sdp,
      /** @param {string} answerCode */
      accept(answerCode) {
        accepting ??= (async () => {
          const answer = await readCode(answerCode, "answer").catch((error) => {
            accepting = null; // a mistyped answer can be pasted again
            throw error;
          });
          answer.desc.mid = desc.mid;
          await pc.setRemoteDescription({ type: "answer", sdp: buildSdp(answer.desc) });
          await opened(pc, dc, bounds.connect, "unreachable");
          return new Channel(pc, dc, { ...limits, peerMeta: answer.meta, reconnect: bounds.reconnect });
        })();
        return accepting;
      },
      cancel() {
        pc.close();
      },
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/**
 * The guest's side: an answer to an invite code (or a NetError("code") for one that cannot be used).
 * @param {string} code  the invite's code
 * @param {{iceServers?: RTCIceServer[], meta?: object, timeouts?: Partial<typeof TIMEOUTS>,
 *   flood?: typeof FLOOD, maxMessage?: number}} [options]
 * @returns {Promise<{answerCode: string, meta: object, sdp: string, channel: Promise<Channel>,
 *   cancel: () => void}>}  meta: the invite's meta
 */
export async function answerInvite(
  code,
  { iceServers = DEFAULT_ICE_SERVERS, meta = {}, timeouts = {}, ...limits } = {},
) {
  const bounds = { ...TIMEOUTS, ...timeouts };
  const invite = await readCode(code, "invite");
  const pc = newConnection(iceServers);
  const dc = pc.createDataChannel("allthrees", CHANNEL_OPTIONS);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: buildSdp(invite.desc) });
    await pc.setLocalDescription(await pc.createAnswer());
    const desc = await gathered(pc, bounds.gather);
    const answerCode = await encodeCode("answer", desc, meta);
    const channel = opened(pc, dc, bounds.answer, "timeout").then(
      () => new Channel(pc, dc, { ...limits, peerMeta: invite.meta, reconnect: bounds.reconnect }),
    );
    channel.catch(() => {}); // the caller may never wait for it (it gave up first)
    const sdp = /** @type {RTCSessionDescription} set above */ (pc.localDescription).sdp;
    return { answerCode, meta: invite.meta, sdp, channel, cancel: () => pc.close() };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** A token bucket: take() is false once `burst` messages came faster than `perSecond`. */
export class Bucket {
  /** @param {{burst: number, perSecond: number}} rate @param {() => number} [now] ms */
  constructor({ burst, perSecond }, now = () => performance.now()) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.now = now;
    this.tokens = burst;
    this.at = now();
  }
  take() {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * One open data channel. Events (set them as properties):
 *   onmessage(text)   a message within the limits
 *   onstate(state)    "connected" | "reconnecting" | "closed" (once closed, always closed)
 *   ondrop({reason, size, dropped})   a message dropped unread: reason "size" (beyond
 *                     maxMessage), "flood" (beyond the bucket) or "binary" (not text);
 *                     dropped: how many so far on this channel
 * peerMeta: the other side's meta (for the host the answer's, for the guest the invite's).
 */
/** @typedef {import("./codes.js").Meta} Meta */
/** A message dropped unread. @typedef {{reason: string, size: number, dropped: number}} Drop */

export class Channel {
  /**
   * @param {RTCPeerConnection} pc @param {RTCDataChannel} dc
   * @param {{flood?: {burst: number, perSecond: number}, maxMessage?: number, peerMeta?: Meta,
   *   reconnect?: number, now?: () => number}} [o]
   */
  constructor(
    pc,
    dc,
    { flood = FLOOD, maxMessage = MAX_MESSAGE_CHARS, peerMeta = {}, reconnect = TIMEOUTS.reconnect, now } = {},
  ) {
    this.pc = pc;
    this.dc = dc;
    this.peerMeta = peerMeta;
    this.maxMessage = maxMessage;
    this.state = "connected";
    this.dropped = 0;
    /** @type {((text: string) => void)|null} */
    this.onmessage = null;
    /** @type {((state: string) => void)|null} */
    this.onstate = null;
    /** @type {((drop: Drop) => void)|null} */
    this.ondrop = null;
    this.bucket = new Bucket(flood, now);
    this.reconnectBound = reconnect;
    /** @type {string|undefined} how it carries messages ("direct"), as its owner says */
    this.via; // declared for the type checker: its owner sets it
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.reconnectTimer = null;
    dc.addEventListener("message", (event) => this.receive(event.data));
    dc.addEventListener("close", () => this.setState("closed"));
    pc.addEventListener("connectionstatechange", () => {
      const s = pc.connectionState;
      if (s === "connected") this.setState("connected");
      else if (s === "disconnected") this.setState("reconnecting");
      else if (s === "failed" || s === "closed") this.setState("closed");
    });
  }

  /** @param {any} data a message as the channel gave it (MessageEvent's data: text, or binary) */
  receive(data) {
    if (this.state === "closed") return;
    let reason = null;
    if (typeof data !== "string") reason = "binary";
    else if (data.length > this.maxMessage) reason = "size";
    else if (!this.bucket.take()) reason = "flood";
    if (reason) {
      this.dropped += 1;
      const size = typeof data === "string" ? data.length : (data?.byteLength ?? data?.size ?? 0);
      this.ondrop?.({ reason, size, dropped: this.dropped });
      return;
    }
    this.onmessage?.(data);
  }

  /** @param {string} state */
  setState(state) {
    if (this.state === state || this.state === "closed") return;
    this.state = state;
    clearTimeout(this.reconnectTimer ?? undefined);
    if (state === "reconnecting") this.reconnectTimer = setTimeout(() => this.close(), this.reconnectBound); // it did not come back
    if (state === "closed") {
      this.dc.close();
      this.pc.close();
    }
    this.onstate?.(state);
  }

  /** Send a text message; a NetError("closed") when the channel is not open. @param {string} text */
  send(text) {
    if (typeof text !== "string") throw new TypeError("a channel sends text");
    if (this.dc.readyState !== "open") throw new NetError("closed", "the channel is not open");
    this.dc.send(text);
  }

  close() {
    this.setState("closed");
  }
}
