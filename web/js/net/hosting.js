// @ts-check
// The host's connections at a table across devices: one invite and one channel per friend's seat,
// the table's room on the relays, and how each seat stands (presence). It carries text and never
// calls Python: what a seat's channel says, a page knocking, a seat away, the host's switches all
// go to the host's seat (table/hostseat.js, its SeatPort), which asks Python and hands back what
// Python gives each seat (`outbox`) to send on that seat's channel. Which seats are friends', who
// has joined, what a guest may see and what a message means all come from Python (py/allthrees/net/).
//
//   const hosting = new Hosting({ seat, toast, changed, dialogs, iceServers, site, ... });
//   hosting.read(net, room, dealt); // Python's table: its friends' seats, its room
//   hosting.send(seat, texts);      // Python's texts for one seat, on its channel
//   hosting.invite(seat);           // show that seat's invite (again)
//
// Played online (the page has relays: net/relays.js), the table's one link seats every friend
// (net/online.js: each page knocks at the table's room and Python gives it a seat), and a friend
// whose connection ends knocks again by itself: nothing to send by hand, on either side. Without
// relays (the preference `relays: []`, or "Connect without relays"), each seat has its own invite
// and answer, sent by hand; a friend whose connection ends gets a fresh invite at once, in the same
// dialog's fields, and its page remembers its table and seat, so opening the new invite puts it
// straight back (its hello says `resume`). What a seat does while it is away is the host's choice
// (the host's seat asks it: op `stand_in`).

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

/**
 * What the connections hand to the host's seat (table/hostseat.js), which asks Python.
 * @typedef {Object} SeatPort
 * @property {(seat: number, text: string) => void} heard a seat's channel said `text` (op guest, in order)
 * @property {(key: string) => Promise<number|null>} seatFor Python's seat for a page knocking with
 *   `key` (null: the table is full); throws when Python could not say
 * @property {(seats: {seat: number, presence: string}[], watchers: number) => Promise<void>} presence
 *   how the seats stand and how many watch, told to every friend (op presence)
 * @property {(seat: number) => Promise<unknown>} away a seat away past the short wait: the host's choice for it
 * @property {(on: boolean) => Promise<{ok?: boolean, code?: string, error?: string}|null>} setRated
 *   rated match or not, the host's choice before the deal (op rated)
 * @property {(on: boolean) => Promise<boolean>} setWatch people may watch, or no more (op watch):
 *   whether watching is on once Python took it
 */

/**
 * What the connections need besides the host's seat (table/tablenet.js gives these).
 * @typedef {Object} HostingOptions
 * @property {(text: string) => void} toast
 * @property {() => void} changed presence changed: redraw the seats' chips
 * @property {{invite: () => Promise<InviteDialogPort>, room: () => Promise<RoomDialogPort>,
 *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>}} dialogs (ui/dialogs/invite.js)
 * @property {RTCIceServer[]} iceServers the player's own list, else (undefined) peer.js's
 * @property {string} site the page's address, for links
 * @property {unknown} [relays] the preference `relays` (net/relays.js: [] for none, codes by hand)
 * @property {{get: () => boolean, set: (on: boolean) => void}} [relayOnly] the preference "Hide my
 *   address from other players"
 * @property {() => boolean} [listed] the table is listed in Play online (table/playonline.js): no
 *   invite dialog pops up
 * @property {(seat: number) => string} nameOf a seat's name as the table shows it
 */

export class Hosting {
  /** @param {HostingOptions & {seat: SeatPort}} o */
  constructor({ seat, toast, changed, dialogs, iceServers, site, relays, relayOnly, listed, nameOf }) {
    this.seat = seat;
    this.toast = toast;
    this.changed = changed;
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
    /** @type {string|null} the table id, from Python */
    this.table = null;
    /** @type {string|null} */
    this.commitment = null;
    /** @type {NetFriend[]} as Python last said */
    this.friends = [];
    /** @type {Map<number, SeatEntry>} */
    this.seats = new Map();
    this.stopListening = () => {};
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
        set: (on) => this.seat.setRated(on),
      },
      toast,
      byHand: () => this.#byHand(),
    });
    /** @type {() => void} Python's table is read (resolves `tableRead`) */
    this.hasRead = () => {};
    /** @type {boolean|undefined} a rated match, as the host chose before the deal (Python's gathering) */
    this.ratedTable = undefined;
    // the table's stream for watchers (net/broadcast.js), while the host lets people watch
    this.broadcast = new Broadcast({
      relays: this.relays,
      site: this.site,
      choose: (on) => this.seat.setWatch(on),
      changed: () => {
        this.changed();
        this.#tellPresence().catch(() => {});
      },
    });
    /** @type {Promise<void>} Python's table read once */
    this.tableRead = new Promise((resolve) => (this.hasRead = resolve));
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

  /** Python's texts for `seat`, on its channel (one not connected gets the table again at its
   * hello). @param {number} seat @param {string[]} texts */
  send(seat, texts) {
    const channel = this.seats.get(seat)?.channel;
    if (channel?.state !== "connected") return;
    for (const text of texts) {
      try {
        channel.send(text);
      } catch {
        break; // it closed meanwhile: its state says so
      }
    }
  }

  /** Python said goodbye to `seat` (a guest that left): its channel ends. @param {number} seat */
  hangUp(seat) {
    this.seats.get(seat)?.channel?.close();
  }

  /** The host gave `seat` to a computer (op give_seat): its page has the word why (the outbox
   * just sent); a moment later its channel closes, and the seat is not asked about as away.
   * @param {number} seat */
  release(seat) {
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

  /** Python's table: its friends' seats and its room (opened once). `dealt`: the table is in
   * play, so every friend sat down before (each comes back by itself).
   * @param {import("../shapes/snapshot.js").NetSummary} net @param {RoomKeys|null} room @param {boolean} dealt */
  read(net, room, dealt) {
    const table = net.table;
    if (table !== this.table) {
      this.close();
      this.#begin(table);
    }
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
    await this.tableRead;
    return this.seat.seatFor(key);
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
    channel.onmessage = (text) => this.seat.heard(seat, text);
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
        this.seat.away(seat).finally(() => this.invite(seat));
        return;
      }
      // through the room its page knocks again by itself: a short absence (a reload, a locked
      // screen, a network change) asks nobody anything; past AWAY_ASK_MS the host chooses
      entry.awayTimer = setTimeout(() => {
        if (this.presence(seat) !== "connected" && this.seats.get(seat) === entry) this.seat.away(seat);
      }, AWAY_ASK_MS);
    };
    channel.ondrop = () => {}; // dropped unread by the channel (size, flood): nothing to take
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
    await this.seat.presence(seats, this.broadcast.count); // its outbox goes out as every reply's does
  }

  /** The room closes (opened again from Python's secret when it differs from the kept one). */
  #closeRoom() {
    this.room?.seating.close();
    this.room?.room.close();
    this.opening?.then((opened) => opened !== this.room && opened?.room.close()).catch(() => {});
    Object.assign(this, { room: null, opening: null, roomOf: null });
  }

  /** The table has no friends any more (a new match here alone): every connection ends. */
  close() {
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
