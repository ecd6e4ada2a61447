// Seating through the room: how a page that opened the host's one link gets a channel to the host
// with nothing sent back by hand, and how a page that dropped gets its seat back by itself.
//
//   guest                                   host
//   knock {key, relay} ------------------>  Python's seat_for(key): its own seat, else the first
//                                           free one; none left: "full"
//                      <------------------  offer {code}   (peer.js's invite; "relay" instead
//   answer {code}      ------------------>                  when either side hides its address)
//                                           the direct channel, or after DIRECT_WAIT_MS "relay":
//                                           the table's messages go through the room (room.js)
//
// The guest knocks again every KNOCK_EVERY_MS until the host answers (the host's page may be
// reloading); the seat key it sends is its own (kept with what it saw), and the hello on the
// channel carries it again, which the host's Python checks (a seat with another key is refused).
// The guest is told its table and seat by the host (the offer's meta, or the "relay" message's):
// the host's Python decides the seat, and the channel is bound to it.

import { answerInvite, createInvite, NetError } from "./peer.js";
import { RelayChannel } from "./room.js";

/** How long a direct connection is given before the table's messages go through the room (ms). */
export const DIRECT_WAIT_MS = 6000;
/** "Hide my address": a fixed answer, or the preference read at each handshake (it may change
 * while the table is open). */
const hides = (relayOnly) => (typeof relayOnly === "function" ? relayOnly() : Boolean(relayOnly));

/** How often a guest knocks while the host has not answered (ms), and for how long at most. */
export const KNOCK_EVERY_MS = 3000;
export const KNOCK_FOR_MS = 120_000;
/** A knock from a page seated less than this long ago was on its way before the page was seated;
 * a later one is that page knocking again (ms). */
export const SEATED_GRACE_MS = KNOCK_EVERY_MS + 2000;

/**
 * The host's side of the room: every knock answered.
 *   seatFor(key) -> Promise<number|null>   Python's seat for that key; null: the table is full
 *   attach(seat, channel)                   a guest's channel, bound to its seat
 */
export class HostRoom {
  constructor(
    room,
    { seatFor, attach, meta, iceServers, relayOnly = false, directWait = DIRECT_WAIT_MS, now = () => Date.now() },
  ) {
    Object.assign(this, { room, seatFor, attach, meta, iceServers, relayOnly, directWait, now });
    this.attempts = new Map(); // guest's key in the room -> {seat, invite, at, relay}
    this.relayed = new Map(); // guest's key in the room -> RelayChannel
    this.pending = new Map(); // seat -> the guest's key in the room, while its handshake runs
    this.seated = new Map(); // the guest's key in the room -> {channel, at}, once seated
  }

  /** A message the room heard (room.js onmessage). */
  heard(from, kind, body) {
    const relayed = this.relayed.get(from);
    if (relayed && relayed.state !== "closed") relayed.heard(kind, body);
    if (kind === "knock") this.#knock(from, body).catch(() => {});
    else if (kind === "answer") this.#answer(from, body).catch(() => {});
  }

  async #knock(from, { key, relay }) {
    const now = this.now();
    // a knock sent before its page was seated, arriving just after: that page has its channel (a
    // page that reloads knocks with a new key of its own). Later, a knock from a seated page says
    // that page has lost its channel while this side has not seen it end yet (this side's direct
    // wait ran out as the guest's side opened, so the guest holds a direct channel this side
    // closed, and this side a relayed one the guest never took): it is seated again, afresh.
    const seated = this.seated.get(from);
    if (seated?.channel.state === "connected" && now - seated.at < SEATED_GRACE_MS) return;
    if (seated) this.seated.delete(from); // (its channel is replaced when the seat's new one comes)
    const attempt = this.attempts.get(from);
    if (attempt && now - attempt.at < this.directWait + KNOCK_EVERY_MS) return; // being answered
    const seat = await this.seatFor(key);
    if (seat === null) return void this.room.send(from, "full", {});
    const holder = this.pending.get(seat);
    if (holder && holder !== from && this.attempts.get(holder) && now - this.attempts.get(holder).at < 20_000)
      return void this.room.send(from, "busy", {}); // another page is taking that seat just now
    this.pending.set(seat, from);
    if (relay || hides(this.relayOnly)) return this.#relay(from, seat);
    const invite = await createInvite({
      iceServers: this.iceServers,
      meta: { ...this.meta(), seat },
      timeouts: { connect: this.directWait },
    });
    this.attempts.set(from, { seat, invite, at: now });
    await this.room.send(from, "offer", { code: invite.code });
  }

  async #answer(from, { code }) {
    const attempt = this.attempts.get(from);
    if (!attempt?.invite || attempt.answered) return;
    attempt.answered = true;
    try {
      const channel = await attempt.invite.accept(code);
      channel.via = "direct";
      this.#done(from, attempt.seat);
      this.seated.set(from, { channel, at: this.now() });
      this.attach(attempt.seat, channel);
    } catch (error) {
      if (error instanceof NetError && error.code === "code") return; // an answer that is not one
      this.#relay(from, attempt.seat); // no direct path in time: through the room
    }
  }

  async #relay(from, seat) {
    const channel = new RelayChannel(this.room, from);
    // that page's earlier relayed channel ends without a word: a "bye" would reach its new one
    const old = this.relayed.get(from);
    if (old) {
      old.onstate = null;
      old.drop();
    }
    this.relayed.set(from, channel);
    this.#done(from, seat);
    const { table, commitment } = this.meta();
    this.seated.set(from, { channel, at: this.now() });
    await this.room.send(from, "relay", { table, seat, commitment });
    this.attach(seat, channel);
  }

  #done(from, seat) {
    this.attempts.delete(from);
    if (this.pending.get(seat) === from) this.pending.delete(seat);
  }

  close() {
    for (const a of this.attempts.values()) a.invite?.cancel?.();
    for (const c of this.relayed.values()) c.close();
    this.attempts.clear();
    this.relayed.clear();
    this.seated.clear();
  }
}

/**
 * A guest's side: knock until the host answers, then the channel (direct, or through the room).
 * Resolves with the channel; a NetError "full" when the table has no seat for this page,
 * "timeout" when the host did not answer in KNOCK_FOR_MS.
 */
export class GuestRoom {
  constructor(
    room,
    host,
    { key, meta, iceServers, relayOnly = false, knockEvery = KNOCK_EVERY_MS, knockFor = KNOCK_FOR_MS },
  ) {
    Object.assign(this, { room, host, key, meta, iceServers, relayOnly, knockEvery, knockFor });
    this.channel = null;
    this.settle = null;
  }

  /** A message the room heard: only the host's is read. */
  heard(from, kind, body) {
    if (from !== this.host) return;
    if (this.channel?.via === "relay" && this.channel.state !== "closed") this.channel.heard(kind, body);
    if (!this.settle) return;
    if (kind === "offer") this.#offer(body.code).catch((error) => this.settle.reject(error));
    else if (kind === "relay") this.#relayed(body);
    else if (kind === "full") this.settle.reject(new NetError("full", "the table is full"));
    // "busy": another page is taking a seat just now; the next knock asks again
  }

  connect() {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const knock = () => {
        if (Date.now() - started > this.knockFor) return finish(new NetError("timeout", "the host did not answer"));
        this.room.send(this.host, "knock", { key: this.key, relay: hides(this.relayOnly) }).catch(() => {});
      };
      const timer = setInterval(knock, this.knockEvery);
      const finish = (error, channel) => {
        clearInterval(timer);
        this.settle = null;
        this.pendingAnswer?.cancel?.();
        if (error) reject(error);
        else resolve(channel);
      };
      this.settle = { resolve: (channel) => finish(null, channel), reject: (error) => finish(error) };
      knock();
    });
  }

  async #offer(code) {
    if (this.answering) return;
    this.answering = true;
    try {
      const made = await answerInvite(code, { iceServers: this.iceServers, meta: this.meta() });
      this.pendingAnswer = made;
      await this.room.send(this.host, "answer", { code: made.answerCode });
      const channel = await made.channel;
      channel.via = "direct";
      this.pendingAnswer = null;
      this.channel = channel;
      this.settle?.resolve(channel);
    } catch {
      // no direct path: the host says "relay" when its wait is over
    } finally {
      this.answering = false;
    }
  }

  #relayed(meta) {
    this.pendingAnswer?.cancel?.();
    this.pendingAnswer = null;
    const channel = new RelayChannel(this.room, this.host);
    channel.peerMeta = meta; // the table and seat, as the host's invite says them on a direct path
    this.channel = channel;
    this.settle?.resolve(channel);
  }
}
