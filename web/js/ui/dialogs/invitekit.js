// @ts-check
// What the two handshake dialogs (invite.js) share: the modal card and its close promise, a
// read-only field with Copy (or Share) beside it, a QR code drawn crisp at the screen's pixel
// ratio, a field with a button that takes what is pasted, and the camera that scans an answer.

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { drawQR, encodeQR } from "../../net/qr.js";

let serial = 0;
const MIN_QR_PX = 224; // CSS px: a phone's camera reads it from a comfortable distance
const QR_MARGIN = 4; // modules of quiet zone, as readers need

/** A modal <dialog> (as the other dialogs are: Escape closes it, the focus comes back where it
 * was) whose promise settles at once when the page closes it, not a task later. */
export class Modal {
  /** @param {Element} root @param {string} kind */
  constructor(root, kind) {
    this.root = root;
    this.prefix = `${kind}-${++serial}`;
    /** @type {((how: string) => void)|null} settles show()'s promise */
    this.done = null;
    /** @type {(() => void)|undefined} what its owner does when it is over (a scan stopped) */
    this.ended; // declared for the type checker: its owner sets it
    /** @type {Element|null|undefined} where the focus goes back to */
    this.returnFocus; // declared for the type checker
    this.el = h("dialog", { id: this.prefix, class: `dialog invite-dialog ${kind}-dialog` });
    this.el.addEventListener("cancel", (e) => {
      e.preventDefault();
      this.close();
    });
    this.el.addEventListener("close", () => this.settle("closed"));
  }

  /** Show `children` under `title`; resolves with what settle() is given.
   * @param {string} title @param {Node[]} children @returns {Promise<string>} */
  show(title, children) {
    this.settle("closed"); // a dialog opened again: the last opening is over
    this.returnFocus = document.activeElement;
    this.el.setAttribute("aria-labelledby", `${this.prefix}-title`);
    this.el.replaceChildren(
      h("h2", { id: `${this.prefix}-title`, text: title }),
      ...children,
      h(
        "div",
        { class: "panel-actions" },
        h("button", {
          type: "button",
          class: "big-button quiet",
          id: `${this.prefix}-close`,
          text: T.invite.close,
          onclick: () => this.close(),
        }),
      ),
    );
    if (!this.el.isConnected) this.root.append(this.el);
    const settled = new Promise((resolve) => {
      this.done = resolve;
    });
    if (!this.el.open) this.el.showModal();
    return settled;
  }

  /** The dialog is over: `how` goes to the promise (once), the page gets its focus back.
   * @param {string} how */
  settle(how) {
    const done = this.done;
    this.done = null;
    if (!done) return;
    this.ended?.();
    if (this.el.open) this.el.close();
    this.el.remove();
    const back = /** @type {HTMLElement|null|undefined} */ (this.returnFocus);
    this.returnFocus = null;
    if (back?.isConnected && typeof back.focus === "function") back.focus({ preventScroll: true });
    done(how);
  }

  close() {
    this.settle("closed");
  }

  get isOpen() {
    return this.done !== null;
  }
}

/** A polite live line (what is going on, what was copied). @param {string} id */
export function statusLine(id) {
  return h("p", { id, class: "invite-status", role: "status", "aria-live": "polite" });
}

/** Put `input`'s text on the clipboard; says how it went in `status`.
 * @param {HTMLInputElement} input @param {string} what @param {HTMLElement} status */
async function copy(input, what, status) {
  try {
    await navigator.clipboard.writeText(input.value);
    status.textContent = T.invite.copied(what);
    return;
  } catch {
    // no clipboard here (an old browser, or it was refused): the text is selected to copy by hand
  }
  input.focus();
  input.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  status.textContent = done ? T.invite.copied(what) : T.invite.copyFailed;
}

/**
 * A labelled read-only field with a button beside it: Share (the Web Share API, where the device
 * has it, for a link) or Copy. Returns {el, input, button, set(value)}.
 * @param {{id: string, label: string, what: string, status: HTMLElement,
 *   share?: {title: string, text: string}|null}} o
 */
export function copyField({ id, label, what, status, share = null }) {
  const input = h("input", {
    id,
    class: "invite-text",
    type: "text",
    readonly: true,
    spellcheck: "false",
    autocomplete: "off",
    onfocus: (e) => /** @type {HTMLInputElement} */ (e.target).select(),
  });
  const canShare = share && typeof navigator.share === "function";
  const button = h("button", {
    type: "button",
    class: "invite-button",
    id: `${id}-${canShare ? "share" : "copy"}`,
    text: canShare ? T.invite.share : T.invite.copy,
    "aria-describedby": `${id}-label`, // "Copy", of what: the field's name (not its long value)
    onclick: async () => {
      if (!canShare) return copy(input, what, status);
      try {
        const words = /** @type {{title: string, text: string}} canShare */ (share);
        await navigator.share({ title: words.title, text: words.text, url: input.value });
        status.textContent = T.invite.shared;
      } catch (error) {
        if (/** @type {{name?: string}|null} */ (error)?.name !== "AbortError") await copy(input, what, status); // dismissed: nothing to say
      }
    },
  });
  const el = h(
    "div",
    { class: "invite-field" },
    h("label", { for: id, id: `${id}-label`, text: label }),
    h("div", { class: "invite-row" }, input, button),
  );
  return {
    el,
    input,
    button,
    set: (/** @type {string} */ value) => {
      input.value = value;
    },
  };
}

/**
 * A field that takes what is pasted, with its button (Enter does the same). `take(text)` resolves
 * null when it was taken, else the words to show under it; the field stays for another try.
 * @param {{id: string, label: string, button: string, take: (text: string) => Promise<string|null>,
 *   describedBy?: string|null}} o
 */
export function takeField({ id, label, button, take, describedBy = null }) {
  const error = h("p", { id: `${id}-error`, class: "option-error invite-error", role: "alert", hidden: true });
  const input = h("input", {
    id,
    class: "invite-text",
    type: "text",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "off",
    enterkeyhint: "go",
    "aria-describedby": [describedBy, `${id}-error`].filter(Boolean).join(" "),
  });
  let busy = false;
  const submit = async (/** @type {string} */ text) => {
    if (busy) return;
    busy = true;
    go.setAttribute("aria-disabled", "true");
    error.hidden = true;
    input.removeAttribute("aria-invalid");
    let words;
    try {
      words = await take(text);
    } catch (e) {
      words = String(/** @type {{message?: string}|null} */ (e)?.message ?? e);
    } finally {
      busy = false;
      go.removeAttribute("aria-disabled");
    }
    if (words == null) return;
    error.textContent = words;
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
  };
  const go = h("button", { type: "submit", class: "invite-button primary", id: `${id}-go`, text: button });
  const el = h(
    "form",
    {
      class: "invite-field",
      onsubmit: (e) => {
        e.preventDefault();
        submit(input.value.trim());
      },
    },
    h("label", { for: id, text: label }),
    h("div", { class: "invite-row" }, input, go),
    error,
  );
  return { el, input, button: go, error, submit };
}

/**
 * The QR code of a link on a canvas (role img, named `label`): at least 220 CSS px where the card
 * is wide enough, each module a whole number of the screen's pixels (drawQR sizes the code to the
 * width it is given: the canvas's CSS width times the pixel ratio).
 * @param {string} label
 */
export function qrBox(label) {
  const canvas = h("canvas", { role: "img", "aria-label": label, class: "invite-qr-canvas" });
  const el = h("div", { class: "invite-qr" }, canvas);
  // unseen (but laid out, so its room can be measured) until its first code is drawn: a blank
  // canvas of the browser's default size is never shown, nor offered to a screen reader
  el.style.visibility = "hidden";
  let drawn = 0;
  return {
    el,
    canvas,
    /** @param {string} text */
    async draw(text) {
      const mine = ++drawn;
      canvas.style.width = ""; // measure the room the card gives it
      const ratio = Math.max(1, globalThis.devicePixelRatio || 1);
      const room = canvas.clientWidth || 256;
      // whole screen pixels a module, and the code at least MIN_QR_PX wide even if that is a
      // little more than the room (the card then scales it down rather than make it unreadable)
      let modules;
      try {
        modules = (await encodeQR(text)).size + 2 * QR_MARGIN;
      } catch {
        if (mine === drawn) el.hidden = true; // the link and the code still do
        return;
      }
      const cell = Math.max(Math.floor((room * ratio) / modules), Math.ceil((MIN_QR_PX * ratio) / modules));
      // its width and height are the canvas's (below)
      const target = /** @type {import("../../net/qr.js").CanvasLike} */ ({
        clientWidth: cell * modules,
        getContext: (/** @type {"2d"} */ kind, /** @type {CanvasRenderingContext2DSettings|undefined} */ options) =>
          canvas.getContext(kind, options),
      });
      for (const side of /** @type {("width"|"height")[]} */ (["width", "height"]))
        Object.defineProperty(target, side, { get: () => canvas[side], set: (v) => (canvas[side] = v) });
      try {
        await drawQR(target, text, { margin: QR_MARGIN });
      } catch {
        if (mine === drawn) el.hidden = true; // the link and the code still do
        return;
      }
      if (mine !== drawn) return;
      el.hidden = false;
      canvas.style.width = `${canvas.width / ratio}px`;
      el.style.visibility = "";
    },
  };
}

/** Words for a camera that could not be opened (getUserMedia's error).
 * @param {{name?: string}|null} error */
function cameraWords(error) {
  if (error?.name === "NotAllowedError" || error?.name === "SecurityError") return T.invite.cameraDenied;
  if (error?.name === "NotFoundError" || error?.name === "OverconstrainedError") return T.invite.noCamera;
  return T.invite.cameraFailed;
}

/**
 * "Scan the answer": the camera in the card (a <video> and a Stop button), each code it reads
 * handed to `found(text)` (which says whether to stop). Offered only where the browser has a camera
 * API and the caller a scanner. Returns {el, stop()} or null.
 * @param {{id: string, scan?: (video: HTMLVideoElement, signal: AbortSignal) => Promise<string>,
 *   found: (text: string) => unknown, status: HTMLElement}} o
 */
export function scanner({ id, scan, found, status }) {
  if (typeof scan !== "function" || typeof navigator.mediaDevices?.getUserMedia !== "function") return null;
  /** @type {AbortController|null} */
  let running = null;
  const video = h("video", { class: "invite-video", muted: true, playsinline: true, "aria-label": T.invite.camera });
  video.muted = true;
  const stopBtn = h("button", {
    type: "button",
    class: "invite-button",
    id: `${id}-stop`,
    text: T.invite.stopScan,
    onclick: () => stop(),
  });
  const camera = h("div", { class: "invite-camera", hidden: true }, video, stopBtn);
  const start = h("button", {
    type: "button",
    class: "invite-button",
    id: `${id}-scan`,
    text: T.invite.scan,
    onclick: () => run(),
  });
  const stop = () => {
    running?.abort();
  };
  const run = async () => {
    if (running) return;
    running = new AbortController();
    const { signal } = running;
    camera.hidden = false;
    start.hidden = true;
    status.textContent = T.invite.scanning;
    stopBtn.focus(); // and in view, with the camera above it
    camera.scrollIntoView({ block: "nearest" });
    let text = null;
    let words = null;
    try {
      text = await scan(video, signal);
    } catch (error) {
      const e = /** @type {{name?: string}|null} */ (error);
      if (e?.name !== "AbortError" && !signal.aborted) words = cameraWords(e);
    }
    const hadFocus = camera.contains(document.activeElement);
    running = null;
    camera.hidden = true;
    start.hidden = false;
    status.textContent = words ?? "";
    if (hadFocus) start.focus();
    if (text) await found(text);
  };
  return { el: h("div", { class: "invite-scan" }, start, camera), stop, video };
}
