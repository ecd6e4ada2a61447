// @ts-check
// Pairing by one link, as the person sees it (the flow is career/sync.js): this device's pairing
// link with its QR code and Share, what happens while the other device opens it, the devices
// paired so far (each with Forget), and "Connect without relays" for the codes sent by hand
// (pair.js's dialog, which resolves this one with "manual").
//
//   const dialog = new PairLinkDialog(root);
//   const closed = dialog.open({devices, forget});   // "manual" | "closed"
//   dialog.offer(link); dialog.status(text); dialog.list(devices);

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { copyField, Modal, qrBox, statusLine } from "./invitekit.js";

export class PairLinkDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "pairlink");
  }

  /**
   * @param {{devices: {room: string, label: string, since: string, last: string|null}[],
   *   forget: (room: string) => void}} o
   * @returns {Promise<"manual"|"closed">}
   */
  open({ devices, forget }) {
    const p = this.modal.prefix;
    const S = T.sync;
    this.forget = forget;
    this.line = statusLine(`${p}-status`);
    this.linkField = copyField({
      id: `${p}-link`,
      label: S.linkLabel,
      what: S.linkWhat,
      status: this.line,
      share: { title: T.invite.shareTitle, text: S.share },
    });
    this.qr = qrBox(T.invite.qrLabel);
    this.listBox = h("ul", { class: "paired-list", id: `${p}-list`, "aria-labelledby": `${p}-list-title` });
    const closed = this.modal.show(T.pair.title, [
      h(
        "div",
        { class: "invite-part invite-send" },
        h("p", { class: "invite-intro", id: `${p}-intro`, text: S.about }),
        h("div", { class: "invite-three" }, this.qr.el, h("div", { class: "invite-fields" }, this.linkField.el)),
        h("p", { class: "panel-sub invite-note", text: S.private }),
      ),
      this.line,
      h(
        "div",
        { class: "invite-part" },
        h("h3", { class: "invite-show", id: `${p}-list-title`, text: S.list }),
        this.listBox,
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: `${p}-manual`,
          text: T.room.manual,
          onclick: () => this.modal.settle("manual"),
        }),
      ),
    ]);
    this.status(S.preparing);
    this.list(devices);
    this.linkField.button.focus();
    return /** @type {Promise<"manual"|"closed">} what settle() is given here */ (closed);
  }

  /** This device's pairing link, once made. @param {string} link */
  offer(link) {
    if (!this.modal.isOpen) return;
    // (made by open(): the dialog is open)
    /** @type {NonNullable<PairLinkDialog["linkField"]>} */ (this.linkField).set(link);
    /** @type {NonNullable<PairLinkDialog["qr"]>} */ (this.qr).draw(link);
  }

  /** @param {string|null} [text] */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  /** The paired devices, each with Forget.
   * @param {{room: string, label: string, since: string, last: string|null}[]} devices */
  list(devices) {
    if (!this.listBox) return;
    const S = T.sync;
    if (!devices.length) return void this.listBox.replaceChildren(h("li", { class: "panel-sub", text: S.none }));
    this.listBox.replaceChildren(
      ...devices.map((d) =>
        h(
          "li",
          { class: "paired-device" },
          h(
            "span",
            {},
            h("b", { text: d.label || S.otherDevice }),
            " ",
            h("small", { text: S.entry(d.since, d.last) }),
          ),
          h("button", {
            type: "button",
            class: "big-button quiet",
            text: S.forget,
            "aria-label": S.forgetLabel(d.label || S.otherDevice),
            onclick: () => /** @type {(room: string) => void} set by open() */ (this.forget)(d.room),
          }),
        ),
      ),
    );
  }

  close() {
    this.modal.close();
  }
}
