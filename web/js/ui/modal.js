// @ts-check
// The modal questions of the HUD, the round panel and the dialogs: a <dialog> that asks and
// resolves to the answer, and Tab kept inside a modal panel that is not a <dialog>. (The plain
// element helpers they are built with are dom/dom.js's.)

import { h } from "../dom/dom.js";

/**
 * A dialog's button: `value` is what the dialog resolves to when it is pressed; a button that
 * `keep`s the dialog open runs its `onclick` instead.
 * @template T
 * @typedef {{id: string, text: string, primary?: boolean, focus?: boolean, value?: T, keep?: boolean,
 *   onclick?: () => void}} AskButton
 */

/**
 * A modal <dialog> of `children` under a `title`, with `buttons` ([{id, text, primary, focus,
 * value, keep, onclick}]: `keep` runs `onclick` and leaves the dialog open). Resolves to the value
 * of the button pressed; Escape gives `cancel` (by default the last button's value). The button
 * marked `focus`, else the primary one, has the focus.
 * @template T
 * @param {string} id @param {string} title @param {(Node|null)[]} children
 * @param {AskButton<T>[]} buttons
 * @param {{root?: Element, className?: string, cancel?: T}} [options]
 * @returns {Promise<T>}
 */
export function askDialog(id, title, children, buttons, options = {}) {
  const {
    root = document.body,
    className = "dialog",
    cancel = /** @type {T} a button or more */ (buttons.at(-1)?.value),
  } = options;
  return new Promise((resolve) => {
    const finish = (/** @type {T} */ value) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    const dialog = h(
      "dialog",
      { id, class: className, "aria-labelledby": `${id}-title` },
      h("h2", { id: `${id}-title`, text: title }),
      ...children,
      h(
        "div",
        { class: "panel-actions" },
        ...buttons.map((b) =>
          h("button", {
            type: "button",
            id: b.id,
            class: `big-button ${b.primary ? "primary" : "quiet"}`,
            text: b.text,
            onclick: () =>
              b.keep
                ? /** @type {() => void} a button kept has one */ (b.onclick)()
                : finish(/** @type {T} one that is not kept has its value */ (b.value)),
          }),
        ),
      ),
    );
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      finish(cancel);
    });
    root.append(dialog);
    dialog.showModal();
    const first = buttons.find((b) => b.focus) ?? buttons.find((b) => b.primary);
    if (first) /** @type {HTMLElement|null} */ (dialog.querySelector(`#${first.id}`))?.focus({ preventScroll: true });
  });
}

const FOCUSABLE = "button, [href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/** Keep Tab inside `box` (a modal panel that is not a <dialog>): from its last control to its
 * first, and back with Shift+Tab. Call from a keydown handler.
 * @param {KeyboardEvent} e @param {Element} box */
export function trapTab(e, box) {
  if (e.key !== "Tab") return;
  const found = /** @type {NodeListOf<HTMLElement & {disabled?: boolean}>} */ (box.querySelectorAll(FOCUSABLE));
  const items = [...found].filter((el) => !el.disabled && el.getClientRects().length);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (!box.contains(document.activeElement)) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
