// @ts-check
// A guest's connection to the host (net/guesting.js holds the seat's role: what it says and what
// the host's texts mean). Played online, the table's room on the relays (net/online.js): this page
// knocks until the host seats it, and again by itself whenever the channel ends (a reload, a locked
// screen, a network change); by hand, the codes (net/guesthand.js). It carries text and says how
// the connection stands (presence); it never reads what the host says.
//
//   const link = new GuestLink({ role, relays, iceServers, relayOnly, site, dialogs, toast, changed, name });
//   await link.openRoom({ secret, host, key }); // then knocks until seated
//   link.send(text);                            // to the host (throws NetError while it closes)
//   link.presence                               // "waiting" | "connected" | "reconnecting" | "away"

import { T } from "../i18n/strings.js";
import { GuestHand } from "./guesthand.js";
import { netErrorWords } from "./handoff.js";
import { NetError } from "./peer.js";
import { relaysFrom } from "./relays.js";

/** @typedef {import("./link.js").Carrier} Carrier */
/** @typedef {import("./guestkeep.js").Kept} Kept */
/** @typedef {import("./guesthand.js").JoinDialog} JoinDialog */
/** The table's room, once open. @typedef {{room: import("./room.js").Room, seating: import("./online.js").GuestRoom}} Room */

/**
 * What the connection tells the seat's role (net/guesting.js).
 * @typedef {Object} GuestRolePort
 * @property {(meta: {table?: string|null, seat?: number|null, commitment?: string|null}) => void} seated
 *   the host seated this page (its table and seat, as the knock's answer says)
 * @property {() => void} attached a channel to the host is open: the role says hello
 * @property {(text: string) => void} heard a text from the host, as it came
 * @property {() => void} dropped the channel ended: nothing more will answer what was sent
 * @property {() => boolean} returning this page had a seat at this table (a knock again, not a first one)
 * @property {(kept: Kept) => void} keptByHand the table this page joins by the codes, kept from now on
 * @property {() => string|null} host the host's name, as the table kept says it
 */

export class GuestLink {
  /**
   * @param {object} o
   * @param {GuestRolePort} o.role
   * @param {unknown} [o.relays] the preference `relays` (net/relays.js)
   * @param {RTCIceServer[]} o.iceServers
   * @param {{get: () => boolean}} [o.relayOnly] the preference "Hide my address from other players"
   * @param {string} o.site
   * @param {{join: () => Promise<JoinDialog>}} o.dialogs (ui/dialogs/invite.js)
   * @param {(text: string) => void} o.toast
   * @param {() => void} o.changed how the connection stands changed
   * @param {() => string} o.name what the host calls this player
   */
  constructor({ role, relays, iceServers, relayOnly, site, dialogs, toast, changed, name }) {
    this.role = role;
    this.relays = relaysFrom({ relays }).urls;
    this.iceServers = iceServers;
    this.relayOnly = relayOnly ?? { get: () => false };
    this.toast = toast;
    this.changed = changed;
    this.name = name;
    /** @type {Room|null} a table played online */
    this.room = null;
    /** @type {Carrier|null} */
    this.channel = null;
    this.presence = "waiting"; // this device's own link to the host
    // the codes sent by hand: the join dialog
    this.hand = new GuestHand({
      dialogs,
      iceServers,
      site,
      toast,
      name,
      setKept: (kept) => role.keptByHand(kept),
      host: () => role.host(),
      attach: (channel) => this.#attach(channel),
    });
  }

  /** How this page's messages to the host travel: "direct", "relay", or null without a channel. */
  get via() {
    return this.channel && this.channel.state !== "closed" ? (this.channel.via ?? "direct") : null;
  }

  /** The join dialog by hand, with a link's code (or null: it asks for one). @param {string|null} code */
  byHand(code) {
    return this.hand.open(code);
  }

  /** Open the table's room and knock until the host seats this page (again whenever the
   * connection ends). Says so and returns when this player wants no relay or none answers.
   * @param {{secret: string, host: string, key: string}} room the link's room secret, the host's
   *   key, this seat's key */
  async openRoom({ secret, host, key }) {
    if (!this.relays.length) return this.toast(T.room.down); // this player wants no relay: no room to knock at
    this.presence = this.role.returning() ? "reconnecting" : "waiting"; // back at its seat, or a first knock
    this.changed();
    try {
      const { openGuestRoom } = await import("./online.js");
      this.room = await openGuestRoom({
        ...{ secret, host, relays: this.relays, onstatus: (status) => this.#relayStatus(status) },
        key,
        meta: () => ({ name: this.name() || "" }),
        iceServers: this.iceServers,
        relayOnly: () => this.relayOnly.get(), // read at each knock: the player may change it
      });
    } catch (error) {
      return this.toast(netErrorWords(error));
    }
    await this.#knock();
  }

  /** One knocking, until a channel (or the table is full, or the host does not answer). */
  async #knock() {
    this.presence = this.role.returning() ? "reconnecting" : "waiting";
    this.changed();
    for (;;) {
      try {
        const channel = await /** @type {Room} knocking is in a room */ (this.room).seating.connect();
        this.role.seated(channel.peerMeta ?? {});
        // light on the relays: once both sides have moved to a direct channel the room is needed
        // no more, until that channel ends
        channel.onmoved = () => this.room?.room.quiet(true);
        if (channel.released) /** @type {Room} */ (this.room).room.quiet(true);
        return this.#attach(channel);
      } catch (error) {
        if (error instanceof NetError && error.code === "full") return this.toast(T.room.full);
        this.toast(T.room.noAnswer); // the host's page is closed or offline: keep knocking
      }
    }
  }

  /** Every relay has failed while this page waits for its seat: it says so, and offers the codes
   * sent by hand (the host's "Connect without relays"), once per page; knocking goes on, and a
   * relay that comes back seats the page as before.
   * @param {import("./nostr.js").PoolStatus} status */
  #relayStatus({ down }) {
    if (!down || this.channel) return;
    this.hand.offer();
  }

  /** @param {Carrier} channel */
  #attach(channel) {
    this.channel = channel;
    this.presence = "connected";
    this.hand.joined();
    this.changed();
    channel.onmessage = (text) => this.role.heard(text);
    channel.onstate = (state) => {
      this.presence = state === "closed" ? "away" : state;
      if (state === "closed") {
        this.channel = null;
        this.role.dropped();
        if (this.room) {
          this.room.room.quiet(false);
          this.#knock(); // the table's room: back in by itself
        } else this.toast(T.netTable.hostGone);
      }
      this.changed();
    };
    this.role.attached();
  }

  /** A text to the host. @param {string} text @throws {NetError} the channel is closing */
  send(text) {
    this.channel?.send(text);
  }

  /** The table is not this page's any more (its seat given away): every connection ends. */
  close() {
    this.room?.room.close();
    this.room = null;
    this.channel?.close();
    this.channel = null;
    this.presence = "away";
  }

  /** The person leaves: the room closes (its word to the host is on its way on the channel, and
   * the page reloads). */
  leave() {
    this.room?.room.close();
  }
}
