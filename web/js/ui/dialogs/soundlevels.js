// @ts-check
// Sound levels: the effects and the music, each a labelled slider from off to full (arrow keys,
// Page Up/Down, Home/End), heard at once and remembered by the caller (table/tools.js). The mute
// in the menu stays over both: while it is on, the dialog says so and the levels wait under it.

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { LEVEL_MAX, LEVEL_STEP } from "../../store/soundprefs.js";
import { askDialog } from "../modal.js";

/** "Off" or "80%", as the slider's value is read and shown. @param {number} level */
export function levelText(level) {
  return level > 0 ? T.sound.percent(level) : T.sound.off;
}

/**
 * @param {Element} root where the dialog goes
 * @param {{effects: number, music: number}} levels 0 (off) to 100
 * @param {{muted: boolean, change: (kind: "effects"|"music", level: number, done: boolean) => void}} o
 *   change(): a slider moved (done: it was let go, or a key changed it)
 */
export function showLevels(root, levels, { muted, change }) {
  const row = (/** @type {"effects"|"music"} */ kind) => {
    const id = `level-${kind}`;
    const shown = h("output", { id: `${id}-value`, for: id, class: "level-value", "aria-hidden": "true" });
    const slider = h("input", {
      type: "range",
      id,
      class: "level-slider",
      min: 0,
      max: LEVEL_MAX,
      step: LEVEL_STEP,
      value: levels[kind],
      "aria-describedby": `${id}-about`,
    });
    const show = () => {
      const value = Number(slider.value);
      shown.textContent = levelText(value);
      slider.setAttribute("aria-valuetext", levelText(value));
      return value;
    };
    show();
    slider.addEventListener("input", () => change(kind, show(), false));
    slider.addEventListener("change", () => change(kind, show(), true));
    return h(
      "div",
      { class: "level-row" },
      h("label", { for: id, class: "level-label", text: T.sound[kind] }),
      slider,
      shown,
      h("p", { id: `${id}-about`, class: "level-about", text: T.sound[`${kind}About`] }),
    );
  };
  const body = [
    row("effects"),
    row("music"),
    muted ? h("p", { class: "level-muted", id: "levels-muted", role: "note", text: T.sound.mutedNote }) : null,
  ];
  const close = [{ id: "levels-close", text: T.close, primary: true, value: undefined }];
  const shown = askDialog("levels-dialog", T.sound.title, body, close, { root, className: "dialog levels-dialog" });
  /** @type {HTMLElement|null} */ (root.querySelector("#level-effects"))?.focus({ preventScroll: true });
  return shown;
}
