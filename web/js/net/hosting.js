// @ts-check
// The host's side of a table across devices: one invite and one channel per friend's seat, every
// guest's message handed to the host's Python as it came (op `guest`: Python checks it, acts and
// answers), and whatever Python gives each seat (`outbox`) sent on that seat's channel. This module
// decides nothing of the game: which seats are friends', who has joined, what a guest may see and
// what a message means all come from Python (py/allthrees/net/); it carries text and watches the
// connections (presence).
//
//   const hosting = new Hosting({ call, accept, gathered, toast, modal, invites, iceServers, site });
//   hosting.sent(reply);        // every reply of the host's engine: its outbox goes out, its seats are read
//   hosting.invite(seat);       // show that seat's invite (again)
//
// Played online (the page has relays: net/relays.js), the table's one link seats every friend
// (net/online.js: each page knocks at the table's room and Python gives it a seat), and a friend
// whose connection ends knocks again by itself: nothing to send by hand, on either side. Without
// relays (the preference `relays: []`, or "Connect without relays"), each seat has its own invite
// and answer, sent by hand; a friend whose connection ends gets a fresh invite at once, in the same
// dialog's fields, and its page remembers its table and seat, so opening the new invite puts it
// straight back (its hello says `resume`). What a seat does while it is away is the host's choice
// (op `stand_in`), asked once a match and applied again at each later drop.

import { T } from "../i18n/strings.js";
import { Broadcast } from "./broadcast.js";
import { HandInvites } from "./handinvites.js";
import { listenForAnswers } from "./handoff.js";
import { relaysFrom } from "./relays.js";
import { RoomInvite } from "./roominvite.js";
import { keepRoom, keptRoom, roomLink } from "./roomkeep.js";

export { keptRoom, roomLink } from "./roomkeep.js";

/** @typedef {import("./link.js").Carrier} Carrier */
/** @typedef {import("../shapes/snapshot.js").NetFriend} NetFriend */
/** @typedef {import("./roomkeep.js").RoomKeys} RoomKeys */
/** @typedef {import("./handinvites.js").InviteDialogPort} InviteDialogPort */
/** @typedef {import("./roominvite.js").RoomDialogPort} RoomDialogPort */
/**
 * What this page knows of a friend's seat: its channel, how it stands, whether the host gave it
 * away, since when it is away (its invite by hand is HandInvites').
 * @typedef {{presence: string, channel?: Carrier|null, given?: boolean,
 *   awayTimer?: ReturnType<typeof setTimeout>, awaySince?: number|null}} SeatEntry
 */
/** @typedef {import("./roominvite.js").OpenRoom} OpenRoom */

/** A seat away through the room for this long is the host's to decide about (ms): a shorter
 * absence (a reload, a locked screen, a network change) asks nobody anything. */
export const AWAY_ASK_MS = 20_000;

/** How a seat played elsewhere stands, as the test hook and the seats' chips say it. */
export const PRESENCE = ["waiting", "connected", "reconnecting", "away"];

export class Hosting {
  /**
   * @param {object} o
   * @param {(op: string, payload: object) => Promise<any>} o.call the host's engine (not
   *   blocking the table); every reply it gives (any of Python's) comes through sent() as well
   * @param {(reply: any) => Promise<void>} o.accept a table reply taken in as the table's own
   * @param {(gathering: any) => void} o.gathered the table before its deal: who has joined
   * @param {(text: string) => void} o.toast
   * @param {(seat: number, id: string) => void} o.reacted a friend's reaction, to show
   * @param {(shared: object) => void} [o.rated] a friend's part or signature of a rated result
   *   (Python's `rated`: {seat, part} or {seat, digest, signature}), for career/rated.js
   * @param {() => void} o.changed presence changed: redraw the seats' chips
   * @param {(seat: number, name: string|null) => Promise<string|null|undefined>} o.away a friend's
   *   connection ended: the host chooses what its seat does meanwhile (op stand_in; a level, or
   *   nothing: the table waits; undefined: the friend came back before the host chose)
   * @param {{invite: () => Promise<InviteDialogPort>, room: () => Promise<RoomDialogPort>,
   *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>}} o.dialogs (ui/dialogs/invite.js)
   * @param {RTCIceServer[]} o.iceServers
   * @param {string} o.site the page's address, for links
   * @param {unknown} [o.relays] the preference `relays` (net/relays.js: [] for none, codes by hand)
   * @param {{get: () => boolean, set: (on: boolean) => void}} [o.relayOnly] the preference "Hide my
   *   address from other players"
   * @param {() => boolean} [o.listed] the table is listed in Play online (table/playonline.js): no
   *   invite dialog pops up
   * @param {(seat: number) => string} o.nameOf a seat's name as the table shows it
   */
  constructor({
    call,
    accept,
    gathered,
    toast,
    reacted,
    rated = () => {},
    changed,
    away,
    dialogs,
    iceServers,
    site,
    relays,
    relayOnly,
    listed,
    nameOf,
  }) {
    this.call = call;
    this.accept = accept;
    this.gathered = gathered;
    this.toast = toast;
    this.reacted = reacted;
    this.rated = rated;
    this.changed = changed;
    this.away = away;
    this.dialogs = dialogs;
    this.iceServers = iceServers;
    this.site = site;
    this.nameOf = nameOf;
    this.listed = listed ?? (() => false);
    this.relays = relaysFrom({ relays }).urls;
    this.relayOnly = relayOnly ?? { get: () => false, set: () => {} };
    /** @type {OpenRoom|null} the table's room on the relays, once open */
    this.room = null;
    /** @type {Promise<OpenRoom|null>|null} */
    this.opening = null;
    /** @type {string|null|false|undefined} what the host chose for a seat that is away, this match (asked once) */
    this.choice = undefined;
    /** @type {string|null} the table id, from Python */
    this.table = null;
    /** @type {string|null} */
    this.commitment = null;
    /** @type {NetFriend[]} as Python last said */
    this.friends = [];
    /** @type {Map<number, SeatEntry>} */
    this.seats = new Map();
    this.stopListening = () => {};
    /** @type {Promise<unknown>} guests' messages go to Python one after another, in order */
    this.queue = Promise.resolve();
    /** @type {RoomKeys|null} the room's secret and key the room was opened with */
    this.roomOf = null;
    // the codes sent by hand, each seat's own invite (without relays)
    this.hand = new HandInvites({
      dialogs,
      iceServers,
      site,
      toast,
      match: () => ({ table: this.table, commitment: this.commitment }),
      waits: (seat) => this.seats.has(seat) && !this.seats.get(seat)?.channel,
      nameOf: (seat) => this.#name(seat),
      attach: (seat, channel) => this.#attach(seat, channel),
    });
    // the table's one link, as its dialog shows it
    this.roomInvite = new RoomInvite({
      dialog: () => dialogs.room(),
      room: () => this.room,
      opening: () => this.opening,
      relayOnly: this.relayOnly,
      watching: () => this.broadcast.on,
      watchLink: (me) => this.broadcast.link(me),
      setWatching: (on) => this.broadcast.set(on),
      rated: {
        open: () => !this.friends.some((f) => f.joined),
        on: () => Boolean(this.ratedTable),
        set: (on) => this.call("rated", { on }),
      },
      toast,
      byHand: () => this.#byHand(),
    });
    /** @type {() => void} Python's table is read (resolves `read`) */
    this.hasRead = () => {};
    // the table's stream for watchers (net/broadcast.js), while the host lets people watch
    this.broadcast = new Broadcast({
      relays: this.relays,
      site: this.site,
      call: (op, payload) => this.call(op, payload),
      accept: (reply) => this.accept(reply),
      changed: () => {
        this.changed();
        this.#tellPresence().catch(() => {});
      },
    });
    /** @type {Promise<void>} Python's table read once */
    this.read = new Promise((resolve) => (this.hasRead = resolve));
    // this page goes (a reload, a closed tab): every friend is told at once, so each knocks again
    // (through the relays a silent page would be waited for until its keepalive ran out)
    addEventListener("pagehide", () => {
      for (const entry of this.seats.values()) entry.channel?.close();
    });
  }

  get active() {
    return this.table !== null;
  }

  /** How many watch the table (net/watch.js), as its stream counts them. */
  get watchers() {
    return this.broadcast.count;
  }

  /** The test hook's view: the seats played elsewhere and how each stands. */
  hook() {
    if (!this.active) return null;
    const seats = this.friends.map((f) => ({
      seat: f.seat,
      presence: this.presence(f.seat),
      channel: this.via(f.seat),
    }));
    return { role: "host", seats, commitment: this.commitment };
  }

  /** How a seat's messages travel: "direct", "relay", or null while it has no channel. @param {number} seat */
  via(seat) {
    const channel = this.seats.get(seat)?.channel;
    return channel && channel.state !== "closed" ? (channel.via ?? "direct") : null;
  }

  /** @param {number} seat */
  presence(seat) {
    return this.seats.get(seat)?.presence ?? "waiting";
  }

  /** A reply of the host's engine: read its table's seats and send each guest its texts.
   * @param {any} reply any of Python's replies */
  sent(reply) {
    if (!reply?.ok && !reply?.outbox) return;
    const net = reply.gathering ?? reply.snapshot?.net ?? null;
    if (reply.snapshot && !reply.snapshot.net) {
      this.#close(); // a table with no friends: this device plays alone
      return;
    }
    if (net) this.#read(net, reply.room ?? null, Boolean(reply.snapshot));
    if (reply.gathering) this.ratedTable = reply.gathering.rated === true; // the host's choice, before the deal
    this.broadcast.read(reply, this.roomOf?.key ?? null); // the watchers' table and stream
    for (const [seat, texts] of Object.entries(/** @type {Record<string, string[]>} */ (reply.outbox ?? {}))) {
      const channel = this.seats.get(Number(seat))?.channel;
      if (channel?.state !== "connected") continue; // it gets the table again at its hello
      for (const text of texts) {
        try {
          channel.send(text);
        } catch {
          break; // it closed meanwhile: its state says so
        }
      }
    }
    if (reply.given) this.#release(reply.given.seat);
  }

  /** The host gave `seat` to a computer (op give_seat): its page has the word why (the outbox
   * just sent); a moment later its channel closes, and the seat is not asked about as away.
   * @param {number} seat */
  #release(seat) {
    const entry = this.seats.get(seat);
    if (!entry) return;
    entry.given = true;
    const channel = entry.channel;
    entry.channel = null;
    if (channel) {
      channel.onstate = null;
      setTimeout(() => channel.close(), 1000); // the word why goes first
    }
    this.#setPresence(seat, "away");
  }

  /** `dealt`: the table is in play, so every friend sat down before (each comes back by itself).
   * @param {import("../shapes/snapshot.js").NetSummary} net @param {RoomKeys|null} room @param {boolean} dealt */
  #read(net, room, dealt) {
    const table = net.table;
    if (table !== this.table) {
      this.#close();
      this.#begin(table);
    }
    if (net.commitment !== this.commitment) this.choice = undefined; // a new match: asked again
    this.commitment = net.commitment;
    if (room && this.roomOf && (room.secret !== this.roomOf.secret || room.key !== this.roomOf.key)) {
      this.#closeRoom(); // a kept room that is not Python's: opened again from Python's
    }
    if (room && this.relays.length && !this.opening) {
      this.roomOf = room;
      keepRoom(table, room);
      this.opening = this.#openRoom(room);
    }
    this.hasRead();
    this.friends = net.friends;
    for (const f of this.friends) {
      if (!this.seats.has(f.seat)) this.seats.set(f.seat, { presence: "waiting" });
    }
    this.changed();
    // a seat nobody holds shows the invite at once: the table's one link, else (no relays) the
    // first such seat's own (one dialog at a time)
    const entry = (/** @type {number} */ seat) => /** @type {SeatEntry} set above */ (this.seats.get(seat));
    const empty = this.friends.find((f) => !entry(f.seat).channel && !this.hand.shown(f.seat));
    if (!empty) return;
    if (this.relays.length) {
      // a host's reload mid-match: its friends knock again by themselves, no link to send (the
      // menu's Invite a friend still shows it)
      // (a table listed in Play online is seated from the lobby: its link is in the menu's Invite)
      if (!this.roomInvite.shown && !dealt && !this.listed()) this.showRoom();
    } else this.invite(empty.seat);
  }

  /** This page hosts `table` from now on (its answers by hand, its room). @param {string} table */
  #begin(table) {
    this.table = table;
    this.stopListening = listenForAnswers(table, (code, answer) => this.hand.handedOver(code, answer));
  }

  /** A host's reload: the room of its kept table opened at once, before Python is up, so friends
   * knocking meanwhile are heard (each is seated once Python has read the table again).
   * @param {string} table */
  openEarly(table) {
    const room = keptRoom(table);
    if (!room || !this.relays.length || this.table !== null) return;
    this.#begin(table);
    this.roomOf = { secret: room.secret, key: room.key };
    this.opening = this.#openRoom(this.roomOf, room.guests);
  }

  /** The Invite tool: the table's one link, or (without relays) the first seat not connected. */
  inviteWaiting() {
    if (this.relays.length) return this.showRoom();
    const seat = this.friends.find((f) => this.presence(f.seat) !== "connected")?.seat;
    if (seat !== undefined) this.invite(seat);
  }

  // ------------------------------------------------------------------ the room on the relays
  /** The table's room: opened once per table, from Python's secret and key (the same after a
   * reload, so friends knocking again find it).
   * @param {RoomKeys} keys @param {string[]} [back] the friends' pages to tell the host is back
   * @returns {Promise<OpenRoom|null>} */
  async #openRoom({ secret, key }, back = []) {
    const [{ Room }, { HostRoom }] = await Promise.all([import("./room.js"), import("./online.js")]);
    /** @type {import("./online.js").HostRoom|null} */
    let seating = null;
    const room = await Room.open({
      secret,
      key: { secret: key },
      relays: this.relays,
      onmessage: (from, kind, body) => seating?.heard(from, kind, body),
      onstatus: (status) => this.roomInvite.relaysDown(status.down),
    });
    if (this.roomOf?.secret !== secret) {
      room.close(); // another room was opened meanwhile (a kept one that was not Python's)
      return null;
    }
    // after a reload: the friends seated before are told the host is back, so each knocks at once
    // (a friend on a direct channel saw it end; one through the relays would wait for silence)
    for (const guest of back) room.send(guest, "back", {}).catch(() => {});
    seating = new HostRoom(room, {
      seatFor: (seatKey) => this.#seatFor(seatKey),
      attach: (seat, channel) => this.#joined(seat, channel),
      meta: () => ({ table: this.table, name: "", commitment: this.commitment }),
      iceServers: this.iceServers,
      relayOnly: () => this.relayOnly.get(), // read at each knock: the player may change it
    });
    this.room = { room, seating, link: roomLink(this.site, secret, room.me) };
    this.roomInvite.opened();
    return this.room;
  }

  /** Python's seat for a knocking page: its own, the first free one, or null (the table is full).
   * A knock heard before this page has read Python's table (a reload) waits for it.
   * @param {string} key @returns {Promise<number|null>} */
  async #seatFor(key) {
    await this.read;
    const reply = await this.call("seat_for", { key });
    if (reply?.ok) return reply.seat;
    if (reply?.code === "table_full" || reply?.code === "seat_given") return null; // "full"
    throw new Error(reply?.error ?? "seat_for failed");
  }

  /** A friend seated through the room: its channel replaces whatever that seat had.
   * @param {number} seat @param {Carrier} channel */
  #joined(seat, channel) {
    const entry = this.seats.get(seat);
    if (!entry) return channel.close();
    const old = entry.channel;
    if (old && old !== channel) {
      old.onstate = null; // its page came back on a new channel: not a departure
      old.close();
    }
    this.hand.closeDialog(seat);
    this.#attach(seat, channel);
    if (this.room) keepRoom(this.table, this.roomOf, [...this.room.seating.links.keys()]);
    if (this.friends.every((f) => this.presence(f.seat) === "connected")) this.roomInvite.done();
  }

  /** The table's one link, its QR code and Share, until every friend is in (or it is closed). */
  showRoom() {
    return this.roomInvite.show();
  }

  /** The codes sent by hand: the first seat not connected gets its invite. */
  #byHand() {
    const seat = this.friends.find((f) => this.presence(f.seat) !== "connected")?.seat;
    if (seat !== undefined) this.invite(seat);
  }

  /** Show `seat`'s invite, making one if it has none (or its connection ended). @param {number} seat */
  invite(seat) {
    if (this.seats.has(seat)) return this.hand.invite(seat);
  }

  /** @param {number} seat @param {Carrier} channel */
  #attach(seat, channel) {
    const entry = /** @type {SeatEntry} a friend's seat (Python's) */ (this.seats.get(seat));
    const wasAway = entry.presence === "away" || entry.presence === "reconnecting";
    clearTimeout(entry.awayTimer);
    entry.channel = channel;
    this.hand.spent(seat);
    this.#setPresence(seat, "connected", true);
    // back after a drop: said once, by the name the table shows (nothing was asked if it was short)
    if (wasAway && entry.awaySince) this.toast(T.netTable.back(this.nameOf(seat)));
    entry.awaySince = null;
    channel.onmessage = (text) => this.#heard(seat, text);
    channel.onstate = (state) => {
      if (state !== "closed") return void this.#setPresence(seat, state);
      entry.channel = null;
      this.hand.unshown(seat);
      entry.awaySince = Date.now();
      this.#setPresence(seat, "away");
      if (!this.room) {
        // codes sent by hand: the host's choice for the seat meanwhile (asked once a match), then
        // its fresh invite is up (a new handshake the host passes on)
        this.toast(T.netTable.left(this.#name(seat)));
        this.#whileAway(seat).finally(() => this.invite(seat));
        return;
      }
      // through the room its page knocks again by itself: a short absence (a reload, a locked
      // screen, a network change) asks nobody anything; past AWAY_ASK_MS the host chooses
      entry.awayTimer = setTimeout(() => {
        if (this.presence(seat) !== "connected" && this.seats.get(seat) === entry) this.#whileAway(seat);
      }, AWAY_ASK_MS);
    };
    channel.ondrop = () => {}; // dropped unread by the channel (size, flood): nothing to take
  }

  /** @param {number} seat */
  async #whileAway(seat) {
    if (this.choice === undefined) {
      this.choice = await this.away(seat, this.nameOf(seat));
      return;
    }
    if (!this.choice) return; // the table waits, as chosen before
    const reply = await this.call("stand_in", { seat, level: this.choice }); // as chosen before
    if (reply?.ok && reply.snapshot) await this.accept(reply);
  }

  /** @param {number} seat */
  #name(seat) {
    return this.friends.find((f) => f.seat === seat)?.name ?? null;
  }

  /** @param {number} seat @param {string} presence */
  async #setPresence(seat, presence, always = false) {
    const entry = this.seats.get(seat);
    if (!entry || (entry.presence === presence && !always)) return;
    entry.presence = presence;
    this.changed();
    await this.#tellPresence();
  }

  /** Every friend is told how the seats played elsewhere stand, and how many watch. */
  async #tellPresence() {
    const seats = this.friends.map((f) => ({ seat: f.seat, presence: this.presence(f.seat) }));
    // its outbox goes out as every reply's does (sent)
    await this.call("presence", { seats, watchers: this.broadcast.count });
  }

  /** A guest's text: to Python as it came, in order; its answer taken in and sent on.
   * @param {number} seat @param {string} text */
  #heard(seat, text) {
    this.queue = this.queue.then(async () => {
      const reply = await this.call("guest", { seat, message: text }); // its outbox: sent()
      if (!reply) return;
      if (reply.relay) this.reacted(reply.relay.seat, reply.relay.id);
      else if (reply.rated) this.rated(reply.rated);
      else if (reply.gathering) this.gathered(reply.gathering);
      else if (reply.snapshot && reply.ok) await this.accept(reply);
      else if (reply.bye) this.seats.get(seat)?.channel?.close();
    });
  }

  /** The room closes (opened again from Python's secret when it differs from the kept one). */
  #closeRoom() {
    this.room?.seating.close();
    this.room?.room.close();
    this.opening?.then((opened) => opened !== this.room && opened?.room.close()).catch(() => {});
    Object.assign(this, { room: null, opening: null, roomOf: null });
  }

  /** The table has no friends any more (a new match here alone): every connection ends. */
  #close() {
    this.broadcast.close();
    this.stopListening();
    this.stopListening = () => {};
    if (this.table !== null) keepRoom(null, null);
    this.#closeRoom();
    this.roomInvite.close();
    this.hand.close();
    for (const entry of this.seats.values()) {
      clearTimeout(entry.awayTimer);
      entry.channel?.close();
    }
    this.seats.clear();
    this.table = null;
    this.friends = [];
    this.commitment = null;
  }
}
