// @ts-check
// Pairing two of one's own devices, as the person sees it (the flow is career/pair.js, the wire
// net/pairing.js): one dialog on each device. It opens with this device's invite three ways (a QR
// code, the link, the code) and the field that takes the other device's answer (pasted, scanned
// or handed over by an answer link opened here); or, when the other device shows the invite, a
// field to paste it, after which this device shows its answer the same three ways. Then the
// careers cross, and it asks before the merge is written. The fields keep the invite's names
// ("Invite link", "Invite code", "Paste the answer", "Paste an invite", "Answer code"), which the
// tests find them by.
//
//   const dialog = new PairDialog(root);
//   const closed = dialog.open({answer, join, scan, given});   // "closed" when the person closes it
//   dialog.offer({link, code});     dialog.showAnswer({link, code});    dialog.status(text);
//   const merge = await dialog.confirm(lines);                          // true: Merge
//   dialog.done(text);  dialog.close();

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { copyField, Modal, qrBox, scanner, statusLine, takeField } from "./invitekit.js";

/** @param {number} n @param {string} text @param {string} id */
const step = (n, text, id) =>
  h("p", { class: "invite-step", id }, h("span", { class: "invite-n", "aria-hidden": "true", text: String(n) }), text);

export class PairDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "pair");
    this.modal.ended = () => this.scan?.stop();
    // made by open(), each time the dialog opens (the other methods wait for it to be open)
    /** @type {HTMLElement} */
    this.line; // declared for the type checker
    /** @type {HTMLElement} */
    this.body; // declared for the type checker
    /** @type {ReturnType<typeof copyField>} */
    this.linkField; // declared for the type checker
    /** @type {ReturnType<typeof copyField>} */
    this.codeField; // declared for the type checker
    /** @type {ReturnType<typeof qrBox>} */
    this.qr; // declared for the type checker
    /** @type {ReturnType<typeof takeField>} */
    this.paste; // declared for the type checker
    /** @type {ReturnType<typeof takeField>} */
    this.invite; // declared for the type checker
    /** @type {ReturnType<typeof scanner>|undefined} */
    this.scan; // declared for the type checker
    /** @type {boolean|undefined} this device answers the other's invite (its own is withdrawn) */
    this.answering; // declared for the type checker
  }

  /**
   * @param {{answer: (text: string) => Promise<string|null>, join: (text: string) => Promise<string|null>,
   *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>, given?: string|null}} o
   *   answer: the other device's answer pasted or scanned (null once taken, else the words to show);
   *   join: the other device's invite pasted (likewise); given: an invite from a #pair= link
   * @returns {Promise<"closed">}
   */
  open({ answer, join, scan, given = null }) {
    const p = this.modal.prefix;
    const W = T.invite;
    const P = T.pair;
    this.line = statusLine(`${p}-status`);
    this.linkField = copyField({
      id: `${p}-link`,
      label: W.linkLabel,
      what: W.linkWhat,
      status: this.line,
      share: { title: W.shareTitle, text: P.shareInvite },
    });
    this.codeField = copyField({ id: `${p}-code`, label: W.codeLabel, what: W.codeWhat, status: this.line });
    this.qr = qrBox(W.qrLabel);
    /** @param {(text: string) => Promise<string|null>} fn @param {string} busy */
    const taking = (fn, busy) => async (/** @type {string} */ text) => {
      if (!text) return T.net.codes.empty;
      this.line.textContent = busy;
      const words = await fn(text);
      if (words !== null) this.line.textContent = "";
      return words;
    };
    this.paste = takeField({
      id: `${p}-answer`,
      label: W.answerLabel,
      button: W.connect,
      take: taking(answer, W.checking),
      describedBy: `${p}-step2`,
    });
    this.scan = scanner({
      id: p,
      scan,
      status: this.line,
      found: (text) => {
        this.paste.input.value = text;
        return this.paste.submit(text);
      },
    });
    this.invite = takeField({
      id: `${p}-invite`,
      label: W.inviteLabel,
      button: P.join,
      take: taking(join, W.preparing),
      describedBy: `${p}-or`,
    });
    this.body = h(
      "div",
      { class: "pair-body" },
      h("p", { class: "panel-sub", id: `${p}-about`, text: P.about }),
      h(
        "div",
        { class: "invite-part invite-send" },
        step(1, P.send, `${p}-step1`),
        h(
          "div",
          { class: "invite-three" },
          this.qr.el,
          h("div", { class: "invite-fields" }, this.linkField.el, this.codeField.el),
        ),
      ),
      h(
        "div",
        { class: "invite-part invite-take" },
        step(2, P.whenAnswers, `${p}-step2`),
        this.paste.el,
        this.scan?.el,
      ),
      h(
        "div",
        { class: "invite-part" },
        h("p", { class: "invite-intro", id: `${p}-or`, text: P.orHave }),
        this.invite.el,
      ),
    );
    const closed = this.modal.show(P.title, [this.body, this.line]);
    this.line.textContent = W.preparing;
    if (given) {
      // the link's invite is taken at once; its field shows only if it cannot be used (and why)
      this.invite.input.value = given;
      this.invite.submit(given);
    } else this.linkField.button.focus();
    return /** @type {Promise<"closed">} what settle() is given here */ (closed);
  }

  /** This device's invite, once made. @param {{link: string, code: string}} invite */
  offer({ link, code }) {
    if (!this.modal.isOpen || this.answering) return;
    this.linkField.set(link);
    this.codeField.set(code);
    this.qr.draw(link);
    if (this.line.textContent === T.invite.preparing) this.line.textContent = "";
  }

  /** The other device showed the invite: this one's answer, three ways, in place of its own invite.
   * @param {{link: string, code: string}} answer */
  showAnswer({ link, code }) {
    if (!this.modal.isOpen) return;
    const p = this.modal.prefix;
    const W = T.invite;
    const P = T.pair;
    this.answering = true;
    this.scan?.stop();
    const link_ = copyField({
      id: `${p}-alink`,
      label: W.answerLinkLabel,
      what: W.answerLinkWhat,
      status: this.line,
      share: { title: W.shareTitle, text: P.shareAnswer },
    });
    const code_ = copyField({ id: `${p}-acode`, label: W.answerCodeLabel, what: W.answerCodeWhat, status: this.line });
    const qr = qrBox(W.answerQrLabel);
    link_.set(link);
    code_.set(code);
    const heading = h("h3", { class: "invite-show", id: `${p}-show`, tabindex: "-1", text: P.showTo });
    this.body.replaceChildren(
      heading,
      h("p", { class: "invite-intro", text: P.answerHow }),
      h("div", { class: "invite-three" }, qr.el, h("div", { class: "invite-fields" }, code_.el, link_.el)),
    );
    this.line.textContent = P.waiting;
    qr.draw(link);
    heading.focus();
  }

  /** @param {string|null} [text] */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  /** The careers have crossed: what the merge gives, and Merge or Not now.
   * @param {string[]} lines @returns {Promise<boolean>} */
  confirm(lines) {
    if (!this.modal.isOpen) return Promise.resolve(false);
    const p = this.modal.prefix;
    const P = T.pair;
    return new Promise((resolve) => {
      const heading = h("h3", { class: "invite-show", id: `${p}-confirm`, tabindex: "-1", text: P.confirmTitle });
      const choose = (/** @type {boolean} */ yes) => {
        this.modal.el.removeEventListener("close", no);
        resolve(yes);
      };
      const no = () => resolve(false);
      this.modal.el.addEventListener("close", no, { once: true });
      this.body.replaceChildren(
        heading,
        ...lines.map((text, i) => h("p", { id: `${p}-said-${i}`, class: i ? "panel-sub" : "", text })),
        h(
          "div",
          { class: "panel-actions" },
          h("button", {
            type: "button",
            class: "big-button",
            id: `${p}-merge`,
            text: P.merge,
            onclick: () => choose(true),
          }),
          h("button", {
            type: "button",
            class: "big-button quiet",
            id: `${p}-not-now`,
            text: P.notNow,
            onclick: () => {
              choose(false);
              this.close();
            },
          }),
        ),
      );
      this.line.textContent = "";
      heading.focus();
    });
  }

  /** The end of the pairing, in words, with only Close left. @param {string} text */
  done(text) {
    if (!this.modal.isOpen) return;
    this.body.replaceChildren(h("p", { id: `${this.modal.prefix}-done`, class: "invite-intro", text }));
    this.line.textContent = "";
    /** @type {HTMLElement|null} */ (this.modal.el.querySelector(`#${this.modal.prefix}-close`))?.focus();
  }

  close() {
    this.modal.close();
  }

  get isOpen() {
    return this.modal.isOpen;
  }
}
