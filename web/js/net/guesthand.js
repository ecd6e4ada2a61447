// @ts-check
// The codes sent by hand, a guest's side (net/guesting.js): the join dialog, where the friend
// pastes (or scans) the host's invite and sends back an answer, by a link or a code; also offered
// once when every relay has failed while this page knocks at a table's room. An invite for the
// table and seat this device kept puts it straight back into that seat (its hello says `resume`).
//
//   const hand = new GuestHand({ dialogs, iceServers, site, toast, name, setKept, host, attach });
//   await hand.open(invite);   // the dialog, with a link's code (or null: it asks for one)
//   hand.offer();              // every relay failed: the dialog, once a page
//   hand.joined();             // the channel is open: the dialog says so

import { T } from "../i18n/strings.js";
import { answerLink, parseLink, readPasted } from "./codes.js";
import { loadKept, randomPart } from "./guestkeep.js";
import { netErrorWords } from "./handoff.js";
import { answerInvite } from "./peer.js";

/** @typedef {import("./guestkeep.js").Kept} Kept */
/**
 * The join dialog (ui/dialogs/invite.js's JoinDialog), as this module uses it.
 * @typedef {{open: (o: {invite: string|null, join: (text: string) => Promise<string|null>}) => Promise<string>,
 *   status: (text: string) => void, joined: () => void,
 *   showAnswer: (o: {host: string|null, link: string, code: string}) => void}} JoinDialog
 */

export class GuestHand {
  /**
   * @param {object} o
   * @param {{join: () => Promise<JoinDialog>}} o.dialogs (ui/dialogs/invite.js)
   * @param {RTCIceServer[]} o.iceServers
   * @param {string} o.site the page's address, for the answer's link
   * @param {(text: string) => void} o.toast
   * @param {() => string} o.name what the host calls this player ("": its own name in the invite)
   * @param {(kept: Kept) => void} o.setKept the table this device joins by hand, kept from now on
   * @param {() => string|null} o.host the host's name, as the table kept says it
   * @param {(channel: import("./link.js").Carrier) => void} o.attach the channel to the host, open
   */
  constructor({ dialogs, iceServers, site, toast, name, setKept, host, attach }) {
    this.dialogs = dialogs;
    this.iceServers = iceServers;
    this.site = site;
    this.toast = toast;
    this.name = name;
    this.setKept = setKept;
    this.host = host;
    this.attach = attach;
    /** @type {JoinDialog|undefined} the join dialog, once opened */
    this.dialog = undefined;
    this.offered = false; // the codes were offered (every relay failed)
  }

  /** The join dialog, with `invite` (a link's code) or null (it asks for one): resolves when it
   * closes. @param {string|null} invite */
  async open(invite) {
    this.dialog = await this.dialogs.join();
    return this.dialog.open({ invite, join: (text) => this.#answer(text) });
  }

  /** Every relay has failed while this page waits for its seat: it says so, and offers the codes
   * sent by hand (the host's "Connect without relays"), once per page. */
  offer() {
    if (this.offered) return;
    this.offered = true;
    this.toast(T.room.downGuest);
    (async () => {
      this.dialog = await this.dialogs.join();
      const closed = this.dialog.open({ invite: null, join: (text) => this.#answer(text) });
      this.dialog.status(T.room.downGuest);
      await closed;
    })().catch(() => {});
  }

  /** The channel to the host is open. */
  joined() {
    this.dialog?.joined();
  }

  /** @returns {JoinDialog} the join dialog (opened before anything here speaks to it) */
  get #dialog() {
    return /** @type {JoinDialog} */ (this.dialog);
  }

  /** A pasted invite: answered (the words of what is wrong with it, or null).
   * @param {string} text @returns {Promise<string|null>} */
  async #answer(text) {
    let invite;
    try {
      invite = await readPasted(text, "invite");
    } catch (error) {
      return netErrorWords(error);
    }
    const { table, seat, name: myName, commitment } = invite.meta ?? {};
    if (typeof table !== "string" || !Number.isInteger(seat)) return T.net.codes.foreign;
    const before = loadKept();
    const same = before?.table === table && before?.seat === seat;
    this.setKept({
      table,
      seat,
      part: same ? before.part : randomPart(),
      commitment: same && before.commitment ? before.commitment : commitment,
      host: invite.meta.host ?? null,
      events: same ? (before.events ?? []) : [],
      resume: same,
      // a table played online, joined by hand while the relays were down: its room and seat key
      // stay, so a connection that ends is made again through the room when it is back
      room: before?.room,
      key: before?.key,
    });
    let made;
    try {
      const meta = { table, seat, name: this.name() || myName || "" };
      made = await answerInvite(parseLink(text).code, { iceServers: this.iceServers, meta });
    } catch (error) {
      return netErrorWords(error);
    }
    this.#dialog.showAnswer({
      host: this.host(),
      link: answerLink(this.site, made.answerCode),
      code: made.answerCode,
    });
    made.channel.then(
      (channel) => this.attach(channel),
      (error) => this.#dialog.status(netErrorWords(error)),
    );
    return null;
  }
}
