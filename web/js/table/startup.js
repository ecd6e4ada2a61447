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

/**
 * Resume or begin, then follow a link.
 * @param {object} table what starting needs of the table, and nothing more:
 *   {call(op, payload), accept(reply), newGame(settings, seed, options), inProgress(),
 *    modal(open), ready(), resumed(loaded), toast(text, ms), offerHowTo(on), root, prefs, saveKeys,
 *    unlike()}: unlike(), the save is not resumed as it was (a table drawn before Python is not it)
 * @returns {Promise<{choices: object|null}>} the New game dialog's choices, from Python
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
  let problem = loaded?.problem ?? null; // found before Python saw it
  let reply = null;
  if (loaded?.text) {
    const resume = { save: loaded.text, sealed_seed: loaded.seed };
    reply = await call("start", resume);
    problem = reply?.problem ?? null;
    if (reply && !reply.ok) problem = { ...reply, kind: "unreadable", message: reply.error }; // refused whole
    if (problem?.kind === "damaged") {
      table.unlike();
      backupSave(loaded.raw, `damaged: ${problem.message}`);
      table.ready(); // a person can act: on this question
      const salvage = await table.modal(() => askSalvage(problem.where));
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
    backupSave(loaded.raw, `${problem.kind}: ${problem.message}`);
    table.modal(() => saveProblem(problem, loaded.raw));
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

/** A link's game over a saved one: asked first while that match is in progress. */
async function replaceWithLink(table, link) {
  if (table.inProgress() && !(await table.modal(() => askToReplace(table.root)))) return;
  await table.newGame(link.settings, link.seed, { remember: false });
}
