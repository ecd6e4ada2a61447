// @ts-check
// The codes sent by hand, the host's side (net/hosting.js's seats when the page has no relays, or
// the host chose "Connect without relays"): each friend's seat has an invite of its own, shown in
// a dialog (a link, a code, a QR code) until the friend's answer comes back, pasted, scanned, or
// opened in another tab of this device (handoff.js); a friend whose connection ends gets a fresh
// one. What the answer opens is the seat's channel, which Hosting takes from then on.
//
//   const hand = new HandInvites({ dialogs, iceServers, site, toast, match, waits, nameOf, attach });
//   hand.invite(seat);                    // show that seat's invite (made anew when it has none)
//   await hand.handedOver(code, answer);  // an answer handed over from another tab: taken?

import { T } from "../i18n/strings.js";
import { inviteLink, parseLink, readPasted } from "./codes.js";
import { netErrorWords } from "./handoff.js";
import { createInvite } from "./peer.js";

/** @typedef {import("./link.js").Carrier} Carrier */
/** @typedef {Awaited<ReturnType<typeof createInvite>>} Invite */
/**
 * The invite dialog (ui/dialogs/invite.js's InviteDialog), as this module uses it.
 * @typedef {{open: (o: {name: string|null, link: string, code: string,
 *   answer: (text: string) => Promise<string|null>,
 *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>}) => Promise<"connected"|"closed">,
 *   status: (text: string) => void, close: () => void}} InviteDialogPort
 */
/** A seat's invite, its dialog while shown, and whether it was shown since the seat was last
 * connected. @typedef {{invite?: Invite|null, dialog?: InviteDialogPort|null, shown?: boolean}} Hand */

export class HandInvites {
  /**
   * @param {object} o
   * @param {{invite: () => Promise<InviteDialogPort>,
   *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>}} o.dialogs
   * @param {RTCIceServer[]} o.iceServers
   * @param {string} o.site the page's address, for links
   * @param {(text: string) => void} o.toast
   * @param {() => {table: string|null, commitment: string|null}} o.match the table and the host's
   *   commitment, as Python last said (an invite carries them)
   * @param {(seat: number) => boolean} o.waits whether `seat` is a friend's seat with no channel
   * @param {(seat: number) => string|null} o.nameOf a friend's name, as Python gave it
   * @param {(seat: number, channel: Carrier) => void} o.attach an answer took: the seat's channel
   */
  constructor({ dialogs, iceServers, site, toast, match, waits, nameOf, attach }) {
    this.dialogs = dialogs;
    this.iceServers = iceServers;
    this.site = site;
    this.toast = toast;
    this.match = match;
    this.waits = waits;
    this.nameOf = nameOf;
    this.attach = attach;
    /** @type {Map<number, Hand>} */
    this.seats = new Map();
  }

  /** @param {number} seat */
  #hand(seat) {
    const had = this.seats.get(seat);
    if (had) return had;
    /** @type {Hand} */
    const made = {};
    this.seats.set(seat, made);
    return made;
  }

  /** Whether `seat`'s invite was shown since it was last connected. @param {number} seat */
  shown(seat) {
    return Boolean(this.seats.get(seat)?.shown);
  }

  /** `seat`'s connection ended: its invite shows again when asked. @param {number} seat */
  unshown(seat) {
    const hand = this.seats.get(seat);
    if (hand) hand.shown = false;
  }

  /** `seat` is connected: its invite is spent. @param {number} seat */
  spent(seat) {
    const hand = this.seats.get(seat);
    if (hand) hand.invite = null;
  }

  /** `seat` was seated another way (through the room): its dialog closes. @param {number} seat */
  closeDialog(seat) {
    this.seats.get(seat)?.dialog?.close();
  }

  /** Show `seat`'s invite, making one if it has none (or its connection ended). @param {number} seat */
  async invite(seat) {
    const hand = this.#hand(seat);
    if (hand.dialog) return;
    hand.shown = true;
    const name = this.nameOf(seat);
    let made;
    try {
      made = await this.#fresh(seat, name);
    } catch (error) {
      this.toast(netErrorWords(error));
      return;
    }
    const dialog = await this.dialogs.invite();
    hand.dialog = dialog;
    const closed = dialog.open({
      name,
      link: made.link,
      code: made.code,
      answer: (text) => this.#answer(seat, text),
      scan: this.dialogs.scan,
    });
    const how = await closed;
    hand.dialog = null;
    if (how === "connected") this.toast(T.netTable.joined(name));
  }

  /** @param {number} seat @param {string|null} name */
  async #fresh(seat, name) {
    const hand = this.#hand(seat);
    hand.invite?.cancel?.();
    const { table, commitment } = this.match();
    const meta = { table, seat, name: name ?? "", commitment };
    const invite = await createInvite({ iceServers: this.iceServers, meta });
    hand.invite = invite;
    return { code: invite.code, link: inviteLink(this.site, invite.code) };
  }

  /** A pasted or scanned answer for `seat`: null once connected, else the words to show.
   * @param {number} seat @param {string} text @returns {Promise<string|null>} */
  async #answer(seat, text) {
    const hand = this.seats.get(seat);
    try {
      const answer = await readPasted(text, "answer");
      if (answer.meta?.table !== this.match().table) return T.netTable.otherTable;
      // (no invite: a TypeError, worded as any failure)
      const h = /** @type {Hand} a seat whose invite is out */ (hand);
      h.dialog?.status(T.netTable.connecting);
      const channel = await /** @type {Invite} */ (h.invite).accept(parseLink(text).code);
      this.attach(seat, channel);
      return null;
    } catch (error) {
      return netErrorWords(error);
    }
  }

  /** An answer opened on this device in another tab (handoff.js): taken when its seat waits.
   * @param {string} code @param {import("./codes.js").Decoded} answer */
  async handedOver(code, answer) {
    const seat = Number.isInteger(answer.meta?.seat) ? answer.meta.seat : this.#seatOfAnswer();
    const hand = this.seats.get(seat);
    if (!hand?.invite || !this.waits(seat)) return false;
    const words = await this.#answer(seat, code);
    if (words !== null) return false;
    hand.dialog?.close(); // taken in another tab: the dialog's own "connected" did not come
    this.toast(T.netTable.joined(this.nameOf(seat)));
    return true;
  }

  #seatOfAnswer() {
    // an answer names no seat: the one seat waiting with an open invite takes it
    const waiting = [...this.seats.entries()].filter(([seat, h]) => h.invite && this.waits(seat));
    return waiting.length === 1 ? waiting[0][0] : -1;
  }

  /** The table has no friends any more: every dialog closes, every invite is withdrawn. */
  close() {
    for (const hand of this.seats.values()) {
      hand.dialog?.close();
      hand.invite?.cancel?.();
    }
    this.seats.clear();
  }
}
