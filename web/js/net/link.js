// @ts-check
// One seat's connection at a table played online, whatever carries it: a page sits down through
// the table's room at once (room.js RelayChannel: the relays carry its messages) and moves to a
// direct WebRTC channel (peer.js Channel) when one opens, so a friend is at the table as soon as
// the relays can seat it, never waiting on a WebRTC handshake.
//
// The table's messages keep their order across the move. Each side, when it moves, tells the
// other (a `moved {m}` message of the room) how many messages it sent through the relays before
// it moved; what the other side then hears directly waits until that many have been handed on
// from the relays (or MOVE_WAIT_MS, should the word be lost on the way). After that the relayed
// channel is dropped without a word (both sides have moved: nothing more comes that way).
//
//   const link = new Link(relayChannel, (m) => room.send(peer, "moved", { m }));
//   link.onmessage = (text) => ...; link.onstate = (state) => ...;
//   link.move(directChannel);        // this side moves: from now on it sends directly
//   link.heardMoved(m);              // the other side moved after sending m through the relays
//   link.via                         // "relay" | "direct": how this side's messages go now
//   link.onmoved = () => ...;        // both sides moved: the room is needed no more
//
// The face is peer.js's Channel's: send(text), close(), state ("connected", "reconnecting",
// "closed"), onmessage, onstate, ondrop, peerMeta. Once the direct channel is in use, its end is
// the link's end (a page that lost it knocks again and is seated afresh).

import { NetError } from "./peer.js";

/** How long messages heard directly wait for the relays' last ones before they go on anyway (ms). */
export const MOVE_WAIT_MS = 3000;

/**
 * @typedef {object} Carrier what carries the messages: peer.js's Channel or room.js's RelayChannel
 * @property {string} state
 * @property {string} [via]
 * @property {import("./codes.js").Meta} [peerMeta]
 * @property {number} [m] (a RelayChannel) messages sent so far
 * @property {(text: string) => void} send
 * @property {() => void} close
 * @property {(() => void)} [drop] (a RelayChannel) stop without a word
 * @property {((text: string) => void) | null} onmessage
 * @property {((state: string) => void) | null} onstate
 * @property {((drop: import("./peer.js").Drop) => void) | null} ondrop
 * @property {(kind: string, body: import("./room.js").Body) => void} [heard] (a RelayChannel) what the
 *   room heard from the other page
 */

export class Link {
  /**
   * @param {Carrier} relay the relayed channel the page sat down on
   * @param {(m: number) => void} sayMoved tells the other side how many messages went through the relays
   */
  constructor(relay, sayMoved) {
    this.relay = relay;
    /** @type {Carrier | null} */
    this.direct = null;
    this.sayMoved = sayMoved;
    this.state = "connected";
    this.peerMeta = relay.peerMeta ?? {};
    /** @type {((text: string) => void) | null} */
    this.onmessage = null;
    /** @type {((state: string) => void) | null} */
    this.onstate = null;
    /** @type {((drop: import("./peer.js").Drop) => void) | null} */
    this.ondrop = null;
    /** @type {(() => void) | null} both sides have moved to the direct channel: the room is not needed */
    this.onmoved = null;
    this.fromRelay = 0; // messages handed on from the relays
    /** @type {number | null} the other side's word: how many it sent through the relays */
    this.relayed = null;
    /** @type {string[]} heard directly, waiting for the relays' last messages */
    this.held = [];
    this.released = false; // the relays' part is over: what comes directly goes on at once
    this.waitTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
    relay.onmessage = (text) => {
      this.fromRelay += 1;
      this.#hand(text);
      this.#release();
    };
    relay.onstate = (state) => {
      if (!this.direct) this.#setState(state); // once moved, the relays' channel ends quietly
    };
    relay.ondrop = (drop) => this.ondrop?.(drop);
  }

  /** How this side's messages travel now. */
  get via() {
    return this.direct ? "direct" : "relay";
  }

  /** Whether this link moved to `channel` already (the same direct channel offered twice).
   * @param {Carrier} channel */
  has(channel) {
    return this.direct === channel;
  }

  /** This side moves to a direct channel: what it sends from now on goes there.
   * @param {Carrier} direct */
  move(direct) {
    if (this.state === "closed" || this.direct) {
      if (this.direct !== direct) direct.close();
      return;
    }
    this.direct = direct;
    this.sayMoved(this.relay.m ?? 0);
    direct.onmessage = (text) => {
      if (this.#waiting()) this.held.push(text);
      else this.#hand(text);
    };
    direct.onstate = (state) => this.#setState(state);
    direct.ondrop = (drop) => this.ondrop?.(drop);
    if (this.#waiting()) this.waitTimer = setTimeout(() => this.#release(true), MOVE_WAIT_MS);
    this.#release();
  }

  /** The other side moved after sending `m` messages through the relays. @param {number} m */
  heardMoved(m) {
    this.relayed = m;
    this.#release();
  }

  /** Direct messages wait while the other side's relayed ones are not all in. */
  #waiting() {
    return !this.released && (this.relayed === null || this.fromRelay < this.relayed);
  }

  #release(anyway = false) {
    if (!this.direct || (this.#waiting() && !anyway)) return;
    clearTimeout(this.waitTimer);
    this.released = true;
    const held = this.held.splice(0);
    for (const text of held) this.#hand(text);
    // both sides have moved and every relayed message is in: that channel is done with
    this.relay.onmessage = null;
    this.relay.onstate = null;
    this.relay.drop?.();
    this.onmoved?.();
  }

  /** @param {string} text */
  #hand(text) {
    if (this.state !== "closed") this.onmessage?.(text);
  }

  /** @param {string} state */
  #setState(state) {
    if (this.state === state || this.state === "closed") return;
    this.state = state;
    if (state === "closed") {
      clearTimeout(this.waitTimer);
      this.relay.onstate = null;
      this.relay.drop?.();
      this.direct?.close();
    }
    this.onstate?.(state);
  }

  /** Send a text message on whatever carries this side's messages now. @param {string} text */
  send(text) {
    if (this.state === "closed") throw new NetError("closed", "the connection is closed");
    (this.direct ?? this.relay).send(text);
  }

  close() {
    if (this.state === "closed") return;
    if (!this.direct) this.relay.close(); // its "bye" tells the other side
    this.#setState("closed");
  }

  /** Stop without a word (the other side is gone too, or ends by itself). */
  drop() {
    this.relay.onstate = null;
    this.relay.drop?.();
    if (this.direct) this.direct.onstate = null;
    this.direct?.close();
    this.#setState("closed");
  }
}
