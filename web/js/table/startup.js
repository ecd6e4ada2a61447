// @ts-check
// Starting the table: the saved match comes back, whatever happened to it, and the page always
// reaches a playable table.
//
// - A save that cannot be opened here (damaged, edited by hand, sealed by a lost key) or that
//   Python refuses (unreadable, from a newer version) moves to the backup list, is never written
//   over, and the person is told why and offered to export it; a new game begins.
// - A save whose moves turn illegal partway resumes from its last legal move, after asking.
// - A link (?players=4...) starts its game at once when no match is in progress, after asking
//   when one is; a bad link says why and the usual table stays.

import { refusalWords, T } from "../i18n/strings.js";
import { clearLink, linkParams } from "../store/links.js";
import { backupSave, loadSave, prefsStored } from "../store/storage.js";
import { askSalvage, askToReplace, saveProblem } from "../ui/dialogs/notices.js";

/** @typedef {import("../store/storage.js").LoadedSave} LoadedSave */
/** @typedef {import("../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../shapes/engine.js").EngineReply} Reply */
/** A request's fields besides its op (JSON). @typedef {Record<string, unknown>} Payload */

/**
 * What starting needs of the table, and nothing more (table/game.js gives it these).
 * @typedef {Object} StartPort
 * @property {(op: string, payload?: Payload) => Promise<Reply>} call the engine, before any other request
 * @property {(reply: Reply) => Promise<unknown>} accept the table reply taken in
 * @property {(settings: SettingsJson, seed: string|null, options: {remember: boolean}) => Promise<unknown>} newGame
 * @property {() => boolean} inProgress a match is under way
 * @property {<R>(open: () => Promise<R>|R) => Promise<R>} modal a question at the start
 * @property {() => void} ready a person can act (on a question)
 * @property {(loaded: LoadedSave) => void} resumed the save resumed is in storage already
 * @property {(text: string, ms: number) => void} toast
 * @property {(on: boolean) => void} offerHowTo the first visit's offer of How to play
 * @property {() => void} unlike the save is not resumed as it was (a table drawn before Python is not it)
 * @property {HTMLElement} root where dialogs go
 * @property {import("../store/storage.js").Prefs} prefs
 * @property {import("../store/savekeys.js").SaveKeys|null} saveKeys
 */

/**
 * Resume or begin, then follow a link.
 * @param {StartPort} table
 * @returns {Promise<{choices: Reply|null}>} the New game dialog's choices, from Python
 */
export async function startTable(table) {
  const params = linkParams();
  clearLink();
  const { call, prefs } = table;
  const choices = (await call("choices"))?.choices ?? null;
  const own = prefs.settings ?? undefined;
  let link = null;
  if (Object.keys(params).length) {
    link = await call("link", { params, settings: own });
    if (!link?.ok) table.toast(T.badLink(refusalWords(link)), 7000);
  }
  const firstVisit = !prefsStored();
  const loaded = await loadSave(table.saveKeys);
  // found before Python saw it, or Python's (a save's problem: its kind, message, and where)
  /** @type {{kind: string, message: string, where?: unknown, code?: string}|null} */
  let problem = loaded?.problem ?? null;
  // a problem comes only with a save: what storage held
  const raw = /** @type {string} */ (loaded?.raw);
  let reply = null;
  if (loaded?.text) {
    const resume = { save: loaded.text, sealed_seed: loaded.seed };
    reply = await call("start", resume);
    problem = reply?.problem ?? null;
    if (reply && !reply.ok) problem = { ...reply, kind: "unreadable", message: reply.error }; // refused whole
    if (problem?.kind === "damaged") {
      table.unlike();
      backupSave(raw, `damaged: ${problem.message}`);
      table.ready(); // a person can act: on this question
      const where = problem.where;
      const salvage = await table.modal(() => askSalvage(where));
      if (salvage) {
        const again = await call("start", { ...resume, salvage: true });
        if (again?.ok && !again.problem) reply = { ...again, events: [] };
      }
      problem = null; // kept aside and answered
    } else if (!problem && reply?.ok) {
      reply = { ...reply, events: [] }; // resumed: nothing to deal
      if (loaded.matchId) table.resumed(loaded); // stored already: not written again
      if (loaded.recovered) table.toast(T.recovered, 7000);
    }
  }
  if (problem) {
    table.unlike();
    // said while the new table comes up; the person closes it when read
    backupSave(raw, `${problem.kind}: ${problem.message}`);
    const said = problem;
    table.modal(() => saveProblem(said, raw));
  }
  if (!reply?.ok || (problem && !loaded?.text)) {
    reply =
      link?.ok && !loaded
        ? await call("start", { settings: link.settings, seed: link.seed })
        : await call("start", { settings: own });
    if (reply && !reply.ok) reply = await call("start", {}); // settings no longer accepted
  }
  // The table comes up dealt, without the deal's animation: the loading screen was the wait.
  await table.accept({ ...reply, events: [] });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  if (firstVisit && !loaded && !prefs.howTo) table.offerHowTo(true);
  if (link?.ok && loaded) replaceWithLink(table, link);
  return { choices };
}

/** A link's game over a saved one: asked first while that match is in progress.
 * @param {StartPort} table @param {Reply} link */
async function replaceWithLink(table, link) {
  if (table.inProgress() && !(await table.modal(() => askToReplace(table.root)))) return;
  await table.newGame(link.settings, link.seed, { remember: false });
}
