// @ts-check
// The handshake as a player sees it, one dialog on each side (the transport is net/; hosting.js
// and guesting.js drive these). The words say what to do at each step; the codes sit in fields
// named "Invite link", "Invite code", "Paste the answer" (host), "Paste an invite" and "Answer
// code" (guest), which the tests find by those names.
//
//   // host: one dialog per friend's seat still empty (or whose connection ended)
//   const closed = new InviteDialog(root).open({name, link, code, answer, scan});  // "connected" | "closed"
//   dialog.update({link, code}); dialog.status(text); dialog.close();
//
//   // host of a table played online: one link for every friend's seat (net/online.js seats them)
//   const how = new RoomDialog(root).open({link, hidden, hide});  // "manual" | "closed"
//   dialog.status(text); dialog.close();
//
//   // guest
//   const done = new JoinDialog(root).open({invite, join});  // "joined" | "closed"
//   join.showAnswer({host, link, code}); join.status(text); join.joined(); join.close();

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { copyField, Modal, qrBox, scanner, statusLine, takeField } from "./invitekit.js";

/** @typedef {ReturnType<typeof copyField>} CopyField */
/** @typedef {ReturnType<typeof takeField>} TakeField */
/** @typedef {ReturnType<typeof qrBox>} QrBox */
/** @typedef {ReturnType<typeof scanner>} Scanner */

/** The checkbox an event came from. @param {Event} e */
const box = (e) => /** @type {HTMLInputElement} */ (e.target);

/**
 * The host's "Invite link" field, with Share (or Copy) beside it.
 * @param {string} p the dialog's prefix @param {HTMLElement} status
 */
const inviteLink = (p, status) =>
  copyField({
    id: `${p}-link`,
    label: T.invite.linkLabel,
    what: T.invite.linkWhat,
    status,
    share: { title: T.invite.shareTitle, text: T.invite.shareInvite },
  });

/** A numbered step: what to do, in words. @param {number} n @param {string} text @param {string} id */
const step = (n, text, id) =>
  h("p", { class: "invite-step", id }, h("span", { class: "invite-n", "aria-hidden": "true", text: String(n) }), text);

export class InviteDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "invite");
    this.modal.ended = () => this.scan?.stop();
    // each opening's parts (open())
    /** @type {HTMLElement|null} */
    this.line = null;
    /** @type {CopyField|null} */
    this.linkField = null;
    /** @type {CopyField|null} */
    this.codeField = null;
    /** @type {QrBox|null} */
    this.qr = null;
    /** @type {TakeField|null} */
    this.paste = null;
    /** @type {Scanner} */
    this.scan = null;
  }

  /**
   * Show a friend's invite three ways and take the answer back.
   * @param {{name: string|null, link: string, code: string,
   *   answer: (text: string) => Promise<string|null>,
   *   scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>}} o
   * @returns {Promise<"connected"|"closed">}
   */
  open({ name, link, code, answer, scan }) {
    const p = this.modal.prefix;
    const W = T.invite;
    const line = statusLine(`${p}-status`);
    this.line = line;
    const linkField = inviteLink(p, line);
    this.linkField = linkField;
    this.codeField = copyField({ id: `${p}-code`, label: W.codeLabel, what: W.codeWhat, status: line });
    this.qr = qrBox(W.qrLabel);
    /** @param {string} text */
    const take = async (text) => {
      if (!text) return T.net.codes.empty;
      line.textContent = W.checking;
      const words = await answer(text);
      if (words === null) {
        this.modal.settle("connected");
        return null;
      }
      line.textContent = "";
      return words;
    };
    const paste = takeField({
      id: `${p}-answer`,
      label: W.answerLabel,
      button: W.connect,
      take,
      describedBy: `${p}-step2`,
    });
    this.paste = paste;
    this.scan = scanner({
      id: p,
      scan,
      status: line,
      found: (text) => {
        paste.input.value = text;
        return paste.submit(text);
      },
    });
    const closed = this.modal.show(name ? W.title(name) : W.titleAnyone, [
      h(
        "div",
        { class: "invite-part invite-send" },
        step(1, W.send(name), `${p}-step1`),
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
        step(2, W.whenAnswers(name), `${p}-step2`),
        paste.el,
        this.scan?.el ?? null,
      ),
      line,
      h("p", { class: "panel-sub invite-note", text: W.keepWaiting }),
    ]);
    this.update({ link, code });
    linkField.button.focus();
    return /** @type {Promise<"connected"|"closed">} the two ways it settles */ (closed);
  }

  /**
   * A fresh invite in the same fields (the connection ended).
   * @param {{link: string, code: string}} o
   */
  update({ link, code }) {
    const { linkField, codeField, paste, qr } = this;
    if (!this.modal.isOpen || !linkField || !codeField || !paste || !qr) return;
    linkField.set(link);
    codeField.set(code);
    paste.input.value = "";
    paste.error.hidden = true;
    qr.draw(link);
  }

  /** @param {string|null|undefined} text */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  close() {
    this.modal.close();
  }
}

export class RoomDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "room");
    /** @type {HTMLElement|null} the status line, once opened */
    this.line = null;
  }

  /**
   * The table's one link, its QR code and Share; "Let people watch" and the watch link (the host's
   * choice for this table, `watch`, when the table is played online); whether this device hides
   * its address (the preference relayOnly); and "Connect without relays" for the manual codes
   * (resolves "manual").
   * @param {{link: string, hidden: boolean, hide: (on: boolean) => void, fixed?: boolean,
   *   watch?: {on: boolean, link: string|null, set: (on: boolean) => Promise<string|null>}}} o
   *   watch.set resolves to the watch link once the choice is taken (null: watching is off);
   *   `fixed`: no WebRTC in this browser, the address always hidden
   * @param {{on: boolean, set: (on: boolean) => Promise<boolean>}} [rated] the host's choice of a
   *   rated match, offered until a friend sits down; set resolves to the choice as Python took it
   * @returns {Promise<"manual"|"closed">}
   */
  open({ link, hidden, hide, watch = undefined, fixed = false }, rated = undefined) {
    const p = this.modal.prefix;
    const W = T.invite;
    const R = T.room;
    this.line = statusLine(`${p}-status`);
    const linkField = inviteLink(p, this.line);
    const qr = qrBox(W.qrLabel);
    const hideBox = h("input", {
      type: "checkbox",
      id: `${p}-hide`,
      checked: hidden || fixed,
      disabled: fixed, // no WebRTC here: hidden, and nothing to choose
      onchange: (e) => hide(box(e).checked),
    });
    const watchField = copyField({
      id: `${p}-watch-link`,
      label: T.watch.linkLabel,
      what: T.watch.linkWhat,
      status: this.line,
      share: { title: W.shareTitle, text: T.watch.share },
    });
    const showWatch = (/** @type {string|null|undefined} */ url) => {
      watchField.set(url ?? "");
      watchField.el.hidden = !url;
    };
    const watchBox = h("input", {
      type: "checkbox",
      id: `${p}-watch`,
      checked: Boolean(watch?.on),
      "aria-describedby": `${p}-watch-why`,
      onchange: async (e) => {
        const on = box(e).checked;
        box(e).disabled = true;
        try {
          showWatch(await watch?.set(on));
        } finally {
          box(e).disabled = false;
        }
      },
    });
    const watchPart = watch
      ? h(
          "div",
          { class: "invite-part" },
          h("label", { class: "invite-check", for: `${p}-watch` }, watchBox, ` ${T.watch.allow}`),
          h("p", { class: "panel-sub invite-note", id: `${p}-watch-why`, text: T.watch.allowWhy }),
          watchField.el,
        )
      : null;
    showWatch(watch?.on ? watch.link : null);
    const ratedBox = h("input", {
      type: "checkbox",
      id: `${p}-rated`,
      checked: Boolean(rated?.on),
      "aria-describedby": `${p}-rated-why`,
      onchange: async (e) => {
        if (!rated) return; // offered only with the choice
        const input = box(e);
        input.disabled = true;
        try {
          input.checked = await rated.set(input.checked); // a friend may have sat down meanwhile
        } finally {
          input.disabled = false;
        }
      },
    });
    const ratedPart = rated
      ? h(
          "div",
          { class: "invite-part" },
          h("label", { class: "invite-check", for: `${p}-rated` }, ratedBox, ` ${T.ratings.ratedMatch}`),
          h("p", { class: "panel-sub invite-note", id: `${p}-rated-why`, text: T.ratings.ratedWhy }),
        )
      : null;
    const closed = this.modal.show(R.title, [
      h(
        "div",
        { class: "invite-part invite-send" },
        h("p", { class: "invite-intro", id: `${p}-intro`, text: R.send }),
        h("div", { class: "invite-three" }, qr.el, h("div", { class: "invite-fields" }, linkField.el)),
        h("p", { class: "panel-sub invite-note", text: R.private }),
      ),
      ...(watchPart ? [watchPart] : []),
      ...(ratedPart ? [ratedPart] : []),
      h(
        "div",
        { class: "invite-part" },
        h("label", { class: "invite-check", for: `${p}-hide` }, hideBox, ` ${R.hide}`),
        h("p", { class: "panel-sub invite-note", id: `${p}-hide-why`, text: fixed ? R.noDirect : R.hideWhy }),
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: `${p}-manual`,
          text: R.manual,
          onclick: () => this.modal.settle("manual"),
        }),
      ),
      this.line,
    ]);
    hideBox.setAttribute("aria-describedby", `${p}-hide-why`);
    linkField.set(link);
    qr.draw(link);
    linkField.button.focus();
    return /** @type {Promise<"manual"|"closed">} the two ways it settles */ (closed);
  }

  /** @param {string|null|undefined} text */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  close() {
    this.modal.close();
  }
}

export class JoinDialog {
  /** @param {HTMLElement} root the HUD's root */
  constructor(root) {
    this.modal = new Modal(root, "join");
    // each opening's parts (open())
    /** @type {HTMLElement|null} */
    this.line = null;
    /** @type {TakeField|null} */
    this.paste = null;
    /** @type {HTMLElement|null} the invite's field, then the answer */
    this.body = null;
    this.shown = false; // the answer is shown
  }

  /**
   * Take an invite (from the link, else pasted), then show the answer for the host.
   * @param {{invite: string|null, join: (text: string) => Promise<string|null>}} o
   * @returns {Promise<"joined"|"closed">}
   */
  open({ invite, join }) {
    const p = this.modal.prefix;
    const W = T.invite;
    const line = statusLine(`${p}-status`);
    this.line = line;
    this.shown = false;
    const paste = takeField({
      id: `${p}-invite`,
      label: W.inviteLabel,
      button: W.join,
      describedBy: `${p}-intro`,
      take: async (text) => {
        if (!text) return T.net.codes.empty;
        line.textContent = W.preparing;
        const words = await join(text);
        if (words === null) {
          if (!this.shown) line.textContent = W.preparing; // showAnswer comes next
          return null;
        }
        line.textContent = "";
        if (body.hidden) {
          body.hidden = false;
          paste.input.focus();
        }
        return words;
      },
    });
    this.paste = paste;
    const body = h(
      "div",
      { class: "invite-part" },
      h("p", { class: "invite-intro", id: `${p}-intro`, text: W.pasteIntro }),
      paste.el,
    );
    this.body = body;
    const done = this.modal.show(W.joinTitle, [body, line]);
    if (invite) {
      // the link's invite is taken at once; its field shows only if it cannot be used (and why)
      body.hidden = true;
      paste.input.value = invite;
      /** @type {HTMLElement|null} */ (this.modal.el.querySelector(".panel-actions button"))?.focus();
      paste.submit(invite);
    } else paste.input.focus();
    return /** @type {Promise<"joined"|"closed">} the two ways it settles */ (done);
  }

  /**
   * "Show this to <host>": the answer's link, its QR code and its code.
   * @param {{host: string|null, link: string, code: string}} o
   */
  showAnswer({ host, link, code }) {
    const { line, body } = this;
    if (!this.modal.isOpen || !line || !body) return;
    const p = this.modal.prefix;
    const W = T.invite;
    this.shown = true;
    const link_ = copyField({
      id: `${p}-link`,
      label: W.answerLinkLabel,
      what: W.answerLinkWhat,
      status: line,
      share: { title: W.shareTitle, text: W.shareAnswer },
    });
    const code_ = copyField({ id: `${p}-code`, label: W.answerCodeLabel, what: W.answerCodeWhat, status: line });
    const qr = qrBox(W.answerQrLabel);
    link_.set(link);
    code_.set(code);
    const heading = h("h3", { class: "invite-show", id: `${p}-show`, tabindex: "-1", text: W.showTo(host) });
    body.replaceChildren(
      heading,
      h("p", { class: "invite-intro", text: W.answerHow(host) }),
      h("div", { class: "invite-three" }, qr.el, h("div", { class: "invite-fields" }, code_.el, link_.el)),
    );
    body.hidden = false;
    line.textContent = W.waitingHost;
    qr.draw(link);
    heading.focus();
  }

  /** @param {string|null|undefined} text */
  status(text) {
    if (this.line) this.line.textContent = text ?? "";
  }

  /** The channel is open: the dialog closes, resolving "joined". */
  joined() {
    this.modal.settle("joined");
  }

  close() {
    this.modal.close();
  }
}
