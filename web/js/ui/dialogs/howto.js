// @ts-check
// "How to play": the game in five short sections, for the table's own rules (its scoring multiple,
// the boneyard's reserve, whether there is a spinner, the target: all from the snapshot, which has
// them from Python), with a picture of two tiles whose open ends score (the engine's, too). Offered on a first visit
// (hud.js), one tap away after (the tools), and from the table with "?" next to the keys.

import { h } from "../../dom/dom.js";
import { paintLine } from "../../draw/tiles.js";
import { T } from "../../i18n/strings.js";
import { askDialog } from "../modal.js";

/** Open the dialog; resolves when it is closed.
 * @param {Element} root @param {import("../../shapes/snapshot.js").Snapshot} snap */
export function showHowTo(root, snap) {
  const rules = snap.rules;
  const k = rules.multiple;
  const facts = {
    k,
    reserve: rules.reserve,
    spinner: rules.spinner,
    target: rules.single_round ? null : rules.target,
    // the Fives and Threes family: its scoring, block play, no pips, a point for going out, exactly on the target
    fives: rules.options.scoring === "fives_and_threes",
    draw: rules.options.draw !== false,
    pips: rules.options.pip_bonus !== false,
    outBonus: rules.options.out_bonus ?? 0,
    exact: Boolean(rules.options.exact_target),
  };
  const body = T.howTo.sections(facts).map((section) => {
    /** @type {HTMLElement[]} */
    const parts = [h("h3", { text: section.title }), ...section.lines.map((line) => h("p", { text: line }))];
    const ex = rules.picture; // two tiles whose ends score, found by the engine (explain.py)
    if (section.picture && ex) {
      const counts = "fives" in ex ? { fives: ex.fives, threes: ex.threes } : null; // fives and threes
      const words = T.howTo.picture(ex.ends[0], ex.ends[1], ex.sum, k, ex.award, ex.pegs, counts);
      const canvas = h("canvas", { class: "howto-picture", role: "img", "aria-label": words });
      paintLine(canvas, ex.tiles);
      parts.push(h("figure", { class: "howto-figure" }, canvas, h("figcaption", { text: words })));
    }
    return h("section", { class: "rules-section" }, ...parts);
  });
  const close = [{ id: "howto-close", text: T.close, primary: true, value: undefined }];
  return askDialog("howto-dialog", T.howTo.title, body, close, { root, className: "dialog rules-dialog" });
}
