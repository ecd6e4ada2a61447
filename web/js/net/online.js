// @ts-check
// Seating through the room: how a page that opened the host's one link gets a seat at the host's
// table with nothing sent back by hand, and how a page that dropped gets its seat back by itself.
//
//   guest                                   host
//   knock {key, relay} ------------------>  Python's seat_for(key): its own seat, else the first
//                                           free one; none left: "full"
//                      <------------------  relay {table, seat, commitment}: seated at once, the
//                                           table's messages through the room (room.js)
//                      <------------------  offer {code}   (peer.js's invite; not sent when either
//   answer {code}      ------------------>                  side hides its address or has no WebRTC)
//                                           the direct channel opens: both sides move to it
//                                           (link.js: `moved {m}`, the messages keep their order)
//
// Seating never waits on WebRTC: the relays seat a page within a round trip, and a direct channel,
// when one opens, takes over without a gap. A guest knocks at once, then often for a few seconds
// (KNOCKS_MS: the host's page may be reloading), then every KNOCK_EVERY_MS, until the host answers;
// the seat key it sends is its own (kept with what it saw), and the hello on the channel carries
// it again, which the host's Python checks (a seat with another key is refused). The guest is told
// its table and seat by the host (the "relay" message): the host's Python decides the seat, and
// the channel is bound to it.

import { canDirect } from "./direct.js";
import { Link } from "./link.js";
import { answerInvite, createInvite, NetError } from "./peer.js";
import { RelayChannel, Room } from "./room.js";

/** How long a direct connection is given to open once its offer is out (ms); the page is seated
 * through the room meanwhile. */
export const DIRECT_WAIT_MS = 6000;
/** Through the room only: "Hide my address" (a fixed answer, or the preference read at each
 * handshake: it may change while the table is open), or no WebRTC here. */
const hides = (/** @type {RelayOnly} */ relayOnly) =>
  !canDirect() || (typeof relayOnly === "function" ? relayOnly() : Boolean(relayOnly));

/** When a guest knocks while the host has not answered (ms after it began): at once, then often
 * (a host's page that reloads is back within seconds), then every KNOCK_EVERY_MS, for KNOCK_FOR_MS. */
export const KNOCKS_MS = [0, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10_000, 12_000, 15_000];
export const KNOCK_EVERY_MS = 3000;
export const KNOCK_FOR_MS = 120_000;
/** A knock from a page seated less than this long ago was on its way before the page was seated;
 * a later one is that page knocking again (ms). */
export const SEATED_GRACE_MS = 3000;
/** Another page holds a seat it was just given for this long (its hello claims it in Python). */
const HOLD_MS = 20_000;

/** @typedef {boolean | (() => boolean)} RelayOnly  "Hide my address", or how to read it */
/** @typedef {import("./codes.js").Meta} Meta */
/** @typedef {import("./room.js").Body} Body */
/** @typedef {Awaited<ReturnType<typeof createInvite>>} Invite */
/** @typedef {Awaited<ReturnType<typeof answerInvite>>} Answered */

/**
 * The host's side of the room: every knock answered.
 *   seatFor(key) -> Promise<number|null>   Python's seat for that key; null: the table is full
 *   attach(seat, link)                      a guest's link (link.js), bound to its seat
 */
export class HostRoom {
  /**
   * @param {Room} room
   * @param {{seatFor: (key: string) => Promise<number|null>, attach: (seat: number, link: Link) => void,
   *   meta: () => Meta, iceServers?: RTCIceServer[], relayOnly?: RelayOnly, directWait?: number,
   *   now?: () => number}} o `meta`: the invite's (the table, the host's commitment)
   */
  constructor(
    room,
    { seatFor, attach, meta, iceServers, relayOnly = false, directWait = DIRECT_WAIT_MS, now = () => Date.now() },
  ) {
    this.room = room;
    this.seatFor = seatFor;
    this.attach = attach;
    this.meta = meta;
    this.iceServers = iceServers;
    this.relayOnly = relayOnly;
    this.directWait = directWait;
    this.now = now;
    /** @type {Map<string, {seat: number, invite: Invite, link: Link, answered?: boolean}>} guest's key in
     * the room -> a direct channel being made */
    this.attempts = new Map();
    /** @type {Map<string, {link: Link, seat: number, at: number}>} guest's key in the room -> its link, once seated */
    this.links = new Map();
    /** @type {Map<number, {from: string, at: number}>} seat -> the page just given that seat (until its hello claims it) */
    this.holds = new Map();
    /** @type {Set<string>} guest's keys whose knock is being answered */
    this.knocking = new Set();
  }

  /** A message the room heard (room.js onmessage). @param {string} from @param {string} kind @param {Body} body */
  heard(from, kind, body) {
    const seated = this.links.get(from);
    if (seated && seated.link.state !== "closed") {
      if (kind === "moved") seated.link.heardMoved(body.m);
      else seated.link.relay.heard?.(kind, body);
    }
    if (kind === "knock") this.#knock(from, body).catch(() => {});
    else if (kind === "answer") this.#answer(from, body).catch(() => {});
  }

  /** @param {string} from @param {Body} knock */
  async #knock(from, { key, relay }) {
    if (this.knocking.has(from)) return; // its seat is being found
    const now = this.now();
    // a knock sent before its page was seated, arriving just after: that page has its link (a
    // page that reloads knocks with a new key of its own). Later, a knock from a seated page says
    // that page has lost its link while this side has not seen it end yet: it is seated again,
    // afresh.
    const seated = this.links.get(from);
    if (seated?.link.state === "connected" && now - seated.at < SEATED_GRACE_MS) return;
    this.knocking.add(from);
    try {
      const seat = await this.seatFor(key);
      if (seat === null) return void this.room.send(from, "full", {});
      const hold = this.holds.get(seat);
      const held = hold && hold.from !== from && this.links.get(hold.from)?.link.state !== "closed";
      if (held && this.now() - hold.at < HOLD_MS) return void this.room.send(from, "busy", {}); // another page just took it
      this.holds.set(seat, { from, at: this.now() });
      const link = await this.#seat(from, seat);
      if (!relay && !hides(this.relayOnly)) await this.#offer(from, seat, link);
    } finally {
      this.knocking.delete(from);
    }
  }

  /** Seat the page through the room at once: a relayed channel, in a link a direct one may take over. */
  /** @param {string} from @param {number} seat */
  async #seat(from, seat) {
    this.#forget(from); // that page's earlier link ends without a word: a "bye" would reach its new one
    const relayed = new RelayChannel(this.room, from);
    const link = new Link(relayed, (m) => this.room.send(from, "moved", { m }).catch(() => {}));
    this.links.set(from, { link, seat, at: this.now() });
    const { table, commitment } = this.meta();
    await this.room.send(from, "relay", { table, seat, commitment });
    this.attach(seat, link);
    return link;
  }

  /** Offer the seated page a direct channel: its link moves to it once it opens. */
  /** @param {string} from @param {number} seat @param {Link} link */
  async #offer(from, seat, link) {
    const invite = await createInvite({
      iceServers: this.iceServers,
      meta: { ...this.meta(), seat },
      timeouts: { connect: this.directWait },
    });
    if (link.state === "closed") return invite.cancel();
    this.attempts.get(from)?.invite.cancel();
    this.attempts.set(from, { seat, invite, link });
    await this.room.send(from, "offer", { code: invite.code });
  }

  /** @param {string} from @param {Body} answer */
  async #answer(from, { code }) {
    const attempt = this.attempts.get(from);
    if (!attempt || attempt.answered) return;
    attempt.answered = true;
    try {
      const channel = await attempt.invite.accept(code);
      channel.via = "direct";
      if (attempt.link.state === "closed") channel.close();
      else attempt.link.move(channel);
    } catch {
      // no direct path (or an answer that is not one): the link stays on the relays
    } finally {
      if (this.attempts.get(from) === attempt) this.attempts.delete(from);
    }
  }

  /** @param {string} from */
  #forget(from) {
    this.attempts.get(from)?.invite.cancel();
    this.attempts.delete(from);
    const old = this.links.get(from);
    if (old) {
      old.link.onstate = null;
      old.link.drop();
      this.links.delete(from);
    }
  }

  close() {
    for (const a of this.attempts.values()) a.invite?.cancel?.();
    for (const { link } of this.links.values()) link.close();
    this.attempts.clear();
    this.links.clear();
    this.holds.clear();
  }
}

/**
 * A guest's side: knock until the host answers, then its link (through the room, moving to a
 * direct channel when one opens). Resolves with the link; a NetError "full" when the table has no
 * seat for this page, "timeout" when the host did not answer in KNOCK_FOR_MS.
 */
export class GuestRoom {
  /**
   * @param {Room} room @param {string} host the host's key in the room
   * @param {{key: string, meta: () => Meta, iceServers?: RTCIceServer[], relayOnly?: RelayOnly,
   *   knocks?: number[], knockEvery?: number, knockFor?: number}} o `key`: this page's seat key
   */
  constructor(
    room,
    host,
    {
      key,
      meta,
      iceServers,
      relayOnly = false,
      knocks = KNOCKS_MS,
      knockEvery = KNOCK_EVERY_MS,
      knockFor = KNOCK_FOR_MS,
    },
  ) {
    this.room = room;
    this.host = host;
    this.key = key;
    this.meta = meta;
    this.iceServers = iceServers;
    this.relayOnly = relayOnly;
    this.knocks = knocks;
    this.knockEvery = knockEvery;
    this.knockFor = knockFor;
    /** @type {Link|null} */
    this.link = null;
    /** @type {{resolve: (link: Link) => void, reject: (error: Error) => void}|null} connect()'s, while it waits */
    this.settle = null;
    /** @type {import("./peer.js").Channel|null} a direct channel that opened before this page was seated */
    this.direct = null;
    /** @type {Answered|null} the answer to the host's offer, while its channel opens */
    this.making = null;
    /** @type {string|null|undefined} the host's page's run that seated this one */
    this.hostRun; // declared for the type checker: set when seated
  }

  /** A message the room heard (`run`: the host's page's run): only the host's is read.
   * @param {string} from @param {string} kind @param {Body} body @param {string|null} [run] */
  heard(from, kind, body, run = null) {
    if (from !== this.host) return;
    const link = this.link?.state === "closed" ? null : this.link;
    if (link && kind === "moved") link.heardMoved(body.m);
    else if (link) link.relay.heard?.(kind, body);
    if (kind === "offer") this.#offer(body.code).catch(() => {});
    // the host's page is back after a reload: the link this page holds is gone with the old page
    if (kind === "back" && link && run !== this.hostRun) return void link.drop();
    // seated again by the host while this page holds a link (a late knock of its own reached the
    // host): that link is no longer the host's; this page knocks again and is seated afresh
    if (kind === "relay" && !this.settle && link) return void link.drop();
    if (!this.settle) return;
    if (kind === "relay") {
      this.hostRun = run; // the host's page that seated this one
      this.#seated(body);
    } else if (kind === "full") this.settle.reject(new NetError("full", "the table is full"));
    // "busy": another page is taking a seat just now; the next knock asks again
  }

  /** @returns {Promise<Link>} */
  connect() {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      /** @type {ReturnType<typeof setTimeout>|undefined} */
      let timer;
      let i = 0;
      const knock = () => {
        if (Date.now() - started > this.knockFor) return finish(new NetError("timeout", "the host did not answer"));
        this.room.send(this.host, "knock", { key: this.key, relay: hides(this.relayOnly) }).catch(() => {});
        i += 1;
        const last = this.knocks.length - 1;
        const at = i <= last ? this.knocks[i] : this.knocks[last] + (i - last) * this.knockEvery;
        timer = setTimeout(knock, Math.max(0, started + at - Date.now()));
      };
      /** @param {Error|null} error @param {Link} [link] */
      const finish = (error, link) => {
        clearTimeout(timer);
        this.settle = null;
        if (error) reject(error);
        else resolve(/** @type {Link} given with no error */ (link));
      };
      this.settle = { resolve: (link) => finish(null, link), reject: (error) => finish(error) };
      knock();
    });
  }

  /** Seated: the table's messages go through the room from now on (a direct channel may take over). */
  /** @param {Body} meta */
  #seated(meta) {
    this.link?.drop(); // an earlier seating of this page's that the host replaced
    const relayed = new RelayChannel(this.room, this.host);
    relayed.peerMeta = meta; // the table and seat the host's Python gave this page
    this.link = new Link(relayed, (m) => this.room.send(this.host, "moved", { m }).catch(() => {}));
    if (this.direct) this.#moveWhenOpen(this.direct);
    this.settle?.resolve(this.link);
  }

  /** The host offers a direct channel: answered; once it opens, this page's link moves to it. */
  /** @param {string} code */
  async #offer(code) {
    if (hides(this.relayOnly)) return;
    this.making?.cancel?.();
    const made = await answerInvite(code, { iceServers: this.iceServers, meta: this.meta() });
    this.making = made;
    await this.room.send(this.host, "answer", { code: made.answerCode });
    let channel;
    try {
      channel = await made.channel;
    } catch {
      return; // no direct path: the relays carry the table
    } finally {
      if (this.making === made) this.making = null;
    }
    channel.via = "direct";
    this.#moveWhenOpen(channel);
  }

  /** @param {import("./peer.js").Channel} channel */
  #moveWhenOpen(channel) {
    if (!this.link || this.link.state === "closed") {
      this.direct = channel; // seated a moment later (the "relay" message came after the offer)
      return;
    }
    this.direct = null;
    this.link.move(channel);
  }

  /** This page leaves: the handshake under way stops. */
  close() {
    this.making?.cancel?.();
    this.direct?.close();
    this.link?.close();
  }
}

/**
 * A guest's way in by a table's one link: the table's room on the relays (room.js), opened, and
 * its seating there (GuestRoom), which hears the room's messages; `onstatus`, the relays' state.
 * @param {{secret: string, host: string, relays: string[],
 *   onstatus: (status: import("./nostr.js").PoolStatus) => void} & ConstructorParameters<typeof GuestRoom>[2]} o
 * @returns {Promise<{room: Room, seating: GuestRoom}>}
 */
export async function openGuestRoom({ secret, host, relays, onstatus, ...seat }) {
  /** @type {GuestRoom|null} */
  let seating = null;
  const onmessage = (/** @type {Parameters<GuestRoom["heard"]>} */ ...heard) => seating?.heard(...heard);
  const room = await Room.open({ secret, relays, onmessage, onstatus });
  seating = new GuestRoom(room, host, seat);
  return { room, seating };
}
