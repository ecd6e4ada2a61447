// The modal questions of the HUD, the round panel and the dialogs: a <dialog> that asks and
// resolves to the answer, and Tab kept inside a modal panel that is not a <dialog>. (The plain
// element helpers they are built with are dom/dom.js's.)

import { h } from "../dom/dom.js";

/**
 * A modal <dialog> of `children` under a `title`, with `buttons` ([{id, text, primary, focus,
 * value, keep, onclick}]: `keep` runs `onclick` and leaves the dialog open). Resolves to the value
 * of the button pressed; Escape gives `cancel` (by default the last button's value). The button
 * marked `focus`, else the primary one, has the focus.
 */
export function askDialog(id, title, children, buttons, options = {}) {
  const { root = document.body, className = "dialog", cancel = buttons.at(-1).value } = options;
  return new Promise((resolve) => {
    const finish = (value) => {
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
            onclick: () => (b.keep ? b.onclick() : finish(b.value)),
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
    if (first) dialog.querySelector(`#${first.id}`)?.focus({ preventScroll: true });
  });
}

const FOCUSABLE = "button, [href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/** Keep Tab inside `box` (a modal panel that is not a <dialog>): from its last control to its
 * first, and back with Shift+Tab. Call from a keydown handler. */
export function trapTab(e, box) {
  if (e.key !== "Tab") return;
  const items = [...box.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && el.getClientRects().length);
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
