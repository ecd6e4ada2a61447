// @ts-check
// The table's help in dialogs: the rules in force (Python's words) and the keys of the table.
// How to play (howto.js) is the third.

import { h } from "../../dom/dom.js";
import { T } from "../../i18n/strings.js";
import { askDialog } from "../modal.js";

/**
 * The rules in force, in Python's words (the same text `python -m allthrees rules` prints).
 * @param {Element} root
 * @param {{title: string, lines: ({code: string} & import("../../i18n/strings.js").Values)[]}[]} sections
 */
export function showRules(root, sections) {
  // Python sends codes and values (explain.rules_lines); they are worded here
  const words = {
    titles: /** @type {Record<string, string|undefined>} */ (T.rulesText.titles),
    lines: /** @type {Record<string, import("../../i18n/strings.js").Worded|undefined>} */ (T.rulesText.lines),
  };
  const body = sections.map((section) =>
    h(
      "section",
      { class: "rules-section" },
      h("h3", { text: words.titles[section.title] ?? section.title }),
      ...section.lines.map((line) => h("p", { text: words.lines[line.code]?.(line) ?? line.code })),
    ),
  );
  const close = [{ id: "rules-close", text: T.close, primary: true, value: undefined }];
  return askDialog("rules-dialog", T.rulesTitle, body, close, { root, className: "dialog rules-dialog" });
}

/** The keys of the table, in a dialog (the "Keys" tool, or "?" on the table). @param {Element} root */
export function showKeys(root) {
  const rows = T.keys.map(([keys, what]) =>
    h("tr", {}, h("th", { scope: "row", text: keys }), h("td", { text: what })),
  );
  const table = h("table", { class: "keys-table", id: "keys-table" }, h("tbody", {}, ...rows));
  const close = [{ id: "keys-close", text: T.close, primary: true, value: undefined }];
  return askDialog("keys-dialog", T.keysTitle, [table], close, { root, className: "dialog keys-dialog" });
}
