// @ts-check
// The table's one link as the host's page shows it (net/hosting.js): the room dialog (the link,
// its QR code and Share, the watch link, Rated match until a friend sits down, "Hide my address",
// "Connect without relays"), shown until
// every friend is in or the host closes it, saying so while every relay is down; and when the room
// could not be opened, or the host asks for it, the codes sent by hand instead.
//
//   const roomInvite = new RoomInvite({ dialog, room, opening, relayOnly, watching, watchLink,
//     setWatching, rated, toast, byHand });
//   roomInvite.show();   roomInvite.relaysDown(down);   roomInvite.close();

import { refusalWords, T } from "../i18n/strings.js";
import { canDirect } from "./direct.js";

/**
 * The room dialog (ui/dialogs/invite.js's RoomDialog), as this module uses it.
 * @typedef {{open: (o: {link: string, hidden: boolean, hide: (on: boolean) => void, fixed?: boolean,
 *   watch?: {on: boolean, link: string|null, set: (on: boolean) => Promise<string|null>}},
 *   rated?: RatedChoice) => Promise<"manual"|"closed">,
 *   status: (text: string) => void, close: () => void}} RoomDialogPort
 */
/** Rated match or not, while the host may still change it: the choice now, and the way to change
 * it (resolves to the choice once Python has taken it). @typedef {{on: boolean, set: (on: boolean) =>
 * Promise<boolean>}} RatedChoice */
/** The table's room once open (net/hosting.js). @typedef {{room: import("./room.js").Room,
 *   seating: import("./online.js").HostRoom, link: string}} OpenRoom */

export class RoomInvite {
  /**
   * @param {object} o
   * @param {() => Promise<RoomDialogPort>} o.dialog opens the room dialog
   * @param {() => OpenRoom|null} o.room the table's room, when open
   * @param {() => Promise<OpenRoom|null>|null} o.opening the room being opened, if it is
   * @param {{get: () => boolean, set: (on: boolean) => void}} o.relayOnly the preference "Hide my
   *   address from other players"
   * @param {() => boolean} o.watching whether people may watch the table (net/broadcast.js)
   * @param {(me: string) => string|null} o.watchLink the watch link, with the host's key in the room
   * @param {(on: boolean) => Promise<boolean>} o.setWatching the host's choice, through Python
   * @param {{open: () => boolean, on: () => boolean, set: (on: boolean) => Promise<any>}} o.rated
   *   the host's choice of a rated match: its to make while no friend has sat down (`open`), the
   *   choice now, and the way to change it (Python's reply: a refusal once a friend has)
   * @param {(text: string) => void} o.toast
   * @param {() => void} o.byHand the codes sent by hand instead: the first seat not connected gets
   *   its invite
   */
  constructor({ dialog, room, opening, relayOnly, watching, watchLink, setWatching, rated, toast, byHand }) {
    this.dialog = dialog;
    this.room = room;
    this.opening = opening;
    this.relayOnly = relayOnly;
    this.watching = watching;
    this.watchLink = watchLink;
    this.setWatching = setWatching;
    this.rated = rated;
    this.toast = toast;
    this.byHand = byHand;
    /** @type {RoomDialogPort|null} the dialog, while shown */
    this.shownDialog = null;
    this.shown = false; // shown once for this table
    this.down = false; // every relay has failed
  }

  /** Down: every relay has failed (not merely still connecting); the dialog says what to try.
   * @param {boolean} down */
  relaysDown(down) {
    this.down = down;
    this.shownDialog?.status(this.down ? T.room.down : "");
  }

  /** The room is open: the dialog has nothing to warn of. */
  opened() {
    this.shownDialog?.status("");
  }

  /** The table's one link, its QR code and Share, until every friend is in (or it is closed). */
  async show() {
    if (this.shownDialog) return;
    this.shown = true;
    const dialog = await this.dialog();
    this.shownDialog = dialog;
    const room = this.room() ?? (await this.opening()?.catch(() => null));
    if (this.shownDialog !== dialog) return;
    if (!room) {
      // the room could not be opened (its code could not be fetched): the codes sent by hand
      this.shownDialog = null;
      this.toast(T.room.down);
      this.byHand();
      return;
    }
    const how = dialog.open(
      {
        link: room.link,
        hidden: this.relayOnly.get(),
        hide: (on) => this.relayOnly.set(on),
        fixed: !canDirect(), // no WebRTC in this browser: through the relays whatever is chosen
        watch: {
          on: this.watching(),
          link: this.watchLink(room.room.me),
          set: async (on) => ((await this.setWatching(on)) ? this.watchLink(room.room.me) : null),
        },
      },
      this.#ratedChoice(),
    );
    if (this.down) dialog.status(T.room.down);
    const ended = await how;
    this.shownDialog = null;
    if (ended === "manual") this.byHand();
  }

  /** Rated match or not, while the host may still change it (a friend sat down: undefined).
   * @returns {RatedChoice|undefined} */
  #ratedChoice() {
    if (!this.rated.open()) return undefined;
    return {
      on: this.rated.on(),
      set: async (on) => {
        const reply = await this.rated.set(on);
        if (!reply?.ok) this.toast(refusalWords(reply ?? {}));
        return this.rated.on();
      },
    };
  }

  /** Every friend is in: the dialog closes (the menu's Invite shows it again). */
  done() {
    this.shownDialog?.close();
  }

  /** The table has no friends any more: the dialog closes, and shows again for the next table. */
  close() {
    this.shownDialog?.close();
    this.shownDialog = null;
    this.shown = false;
  }
}
