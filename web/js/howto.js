// "How to play": the game in five short sections, for the table's own rules (its scoring multiple,
// the boneyard's reserve, whether there is a spinner, the target: all from the snapshot, which has
// them from Python), with a picture of two tiles whose open ends score. Offered on a first visit
// (hud.js), one tap away after (the tools), and from the table with "?" next to the keys.

import { askDialog, h } from "./dom.js";
import { paintLine } from "./render.js";
import { T } from "./strings.js";

/** Two tiles whose open ends add up to a multiple of `k`: the left end, the middle, the right. */
function example(k) {
  const sum = 2 * k <= 12 ? 2 * k : k; // 6 for threes, 10 for fives: both ends shown with pips
  const left = Math.min(6, sum - 1);
  const right = sum - left;
  const middle = left === 6 ? 5 : 6;
  return { tiles: [`${left}-${middle}`, `${middle}-${right}`], left, right, sum };
}

/** Open the dialog; resolves when it is closed. */
export function showHowTo(root, snap) {
  const rules = snap?.rules ?? {};
  const k = rules.multiple ?? 3;
  const facts = {
    k,
    reserve: rules.reserve ?? 0,
    spinner: (rules.options?.spinner ?? "first_double") !== "none",
    target: rules.single_round ? null : (rules.target ?? null),
  };
  const body = T.howTo.sections(facts).map((section) => {
    const parts = [h("h3", { text: section.title }), ...section.lines.map((line) => h("p", { text: line }))];
    if (section.picture) {
      const ex = example(k);
      const canvas = h("canvas", {
        class: "howto-picture",
        role: "img",
        "aria-label": T.howTo.picture(ex.left, ex.right, ex.sum, k),
      });
      paintLine(canvas, ex.tiles);
      parts.push(
        h(
          "figure",
          { class: "howto-figure" },
          canvas,
          h("figcaption", { text: T.howTo.picture(ex.left, ex.right, ex.sum, k) }),
        ),
      );
    }
    return h("section", { class: "rules-section" }, ...parts);
  });
  const close = [{ id: "howto-close", text: T.close, primary: true, value: undefined }];
  return askDialog("howto-dialog", T.howTo.title, body, close, { root, className: "dialog rules-dialog" });
}
