// @ts-check
// The page's own questions and notices about saves and fairness, as real dialogs: a saved game
// that could not be opened (kept aside; export it), a damaged move (resume before it?), a match in
// progress that a link or the daily deal would replace (start the new one?), and the fair deal (the commitment, and once the match is over the seed and the record to check it).

import { download, h } from "../../dom/dom.js";
import { refusalWords, T } from "../../i18n/strings.js";
import { askDialog as ask } from "../modal.js";

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");

/** A saved game could not be opened (`problem`: {kind, code?, values?}, from Python or from
 * storage.js): say why, what exactly when the engine's code says more than the kind, that it is
 * kept, and offer to export it.
 * @param {{kind: string, code?: string, values?: import("../../i18n/strings.js").Values}} problem
 * @param {string} raw the save as it was stored */
export function saveProblem(problem, raw) {
  const said =
    /** @type {Record<string, string|undefined>} */ (T.saveProblem)[problem.kind] ?? T.saveProblem.unreadable;
  const more = problem.code && problem.code !== problem.kind;
  const detail = more ? refusalWords(problem) : null;
  return ask(
    "save-problem",
    T.saveProblemTitle,
    [
      h("p", { class: "panel-sub", text: said }),
      more ? h("p", { class: "problem-detail", text: detail }) : null,
      h("p", { text: T.saveKept }),
    ],
    [
      {
        id: "save-export",
        text: T.exportSave,
        keep: true,
        onclick: () => download(`allthrees-save-${stamp()}.json`, raw),
      },
      { id: "save-ok", text: T.ok, primary: true, value: true },
    ],
  );
}

/** A move of the saved game is not legal: resume from just before it?
 * @param {unknown} where [round, move] as Python said it */
export function askSalvage(where) {
  const [round, move] = Array.isArray(where) ? where : [1, 1];
  return ask(
    "salvage",
    T.salvageTitle,
    [h("p", { class: "panel-sub", text: T.salvageBody(round, move) })],
    [
      { id: "salvage-yes", text: T.salvageYes, primary: true, value: true },
      { id: "salvage-no", text: T.salvageNo, value: false },
    ],
  );
}

/** "ab12 cd34 ef56": the commitment's start, as a person reads and compares it.
 * @param {string} commitment 64 hex digits */
export function fingerprint(commitment) {
  return /** @type {string[]} 12 digits */ (commitment.slice(0, 12).match(/.{4}/g)).join(" ");
}

/** The fair deal: the commitment, and once the match is over the seed and the record.
 * @param {{commitment: string, practice?: boolean, seed?: string|null}} fair
 * @param {() => Promise<unknown>} getRecord the match's record (JSON) */
export function showFairDeal(fair, getRecord) {
  const body = [
    h("p", { text: T.fairBody }),
    h("p", { class: "fingerprint", id: "fair-fingerprint", text: fingerprint(fair.commitment) }),
    h("p", { class: "fair-full", text: fair.commitment }),
  ];
  if (fair.practice) body.push(h("p", { class: "panel-sub", text: T.fairPractice }));
  /** @type {import("../modal.js").AskButton<boolean>[]} */
  const buttons = [{ id: "fair-ok", text: T.ok, primary: true, value: true }];
  if (fair.seed) {
    body.push(h("p", { text: T.fairRevealed }), h("p", { class: "fair-full", id: "fair-seed", text: fair.seed }));
    body.push(h("p", { text: T.fairHow }));
    buttons.unshift({
      id: "fair-download",
      text: T.downloadRecord,
      keep: true,
      onclick: async () => download(`allthrees-match-${stamp()}.json`, JSON.stringify(await getRecord(), null, 1)),
    });
  } else {
    body.push(h("p", { class: "panel-sub", text: T.fairLater }));
  }
  return ask("fair-dialog", T.fairTitle, body, buttons);
}

/** "Start the game in this link?" before a link replaces a match in progress. Resolves true/false
 * (Escape keeps the match).
 * @param {Element} root */
export function askToReplace(root, title = T.linkTitle) {
  return ask(
    "link-dialog",
    title,
    [h("p", { class: "panel-sub", text: T.linkBody })],
    [
      { id: "link-keep", text: T.linkKeep, value: false, focus: true }, // the safe answer
      { id: "link-start", text: T.linkStart, primary: true, value: true },
    ],
    { root, cancel: false },
  );
}
