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
import { askToReplace } from "../ui/dialogs/newgame.js";
import { askSalvage, saveProblem } from "../ui/dialogs/notices.js";

/** Resume or begin, then follow a link. `game` is the Game (game.js). */
export async function startTable(game) {
  const params = linkParams();
  clearLink();
  const call = (op, payload) => game.controller.call(op, payload);
  game.choices = (await call("choices"))?.choices ?? null;
  const own = game.prefs.settings ?? undefined;
  let link = null;
  if (Object.keys(params).length) {
    link = await call("link", { params, settings: own });
    if (!link?.ok) game.hud.toast(T.badLink(refusalWords(link)), 7000);
  }
  const firstVisit = !prefsStored();
  const loaded = await loadSave(game.saveKeys);
  let problem = loaded?.problem ?? null; // found before Python saw it
  let reply = null;
  if (loaded?.text) {
    reply = await call("start", { save: loaded.text });
    problem = reply?.problem ?? null;
    if (reply && !reply.ok) problem = { ...reply, kind: "unreadable", message: reply.error }; // refused whole
    if (problem?.kind === "damaged") {
      backupSave(loaded.raw, `damaged: ${problem.message}`);
      game.announceReady?.(); // a person can act: on this question
      game.state.dialogOpen = true;
      const salvage = await askSalvage(problem.where);
      game.state.dialogOpen = false;
      if (salvage) {
        const again = await call("start", { save: loaded.text, salvage: true });
        if (again?.ok && !again.problem) reply = { ...again, events: [] };
      }
      problem = null; // kept aside and answered
    } else if (!problem && reply?.ok) {
      reply = { ...reply, events: [] }; // resumed: nothing to deal
      if (loaded.matchId) game.savedText = loaded.text; // stored already: not written again
      if (loaded.recovered) game.hud.toast(T.recovered, 7000);
    }
  }
  if (problem) {
    // said while the new table comes up; the person closes it when read
    backupSave(loaded.raw, `${problem.kind}: ${problem.message}`);
    game.state.dialogOpen = true;
    saveProblem(problem, loaded.raw).then(() => {
      game.state.dialogOpen = false;
      game.changed();
    });
  }
  if (!reply?.ok || (problem && !loaded?.text)) {
    reply =
      link?.ok && !loaded
        ? await call("start", { settings: link.settings, seed: link.seed })
        : await call("start", { settings: own });
    if (reply && !reply.ok) reply = await call("start", {}); // settings no longer accepted
  }
  // The table comes up dealt, without the deal's animation: the loading screen was the wait.
  await game.controller.accept({ ...reply, events: [] });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  if (firstVisit && !loaded && !game.prefs.howTo) game.hud.offerHowTo(true);
  if (link?.ok && loaded) replaceWithLink(game, link);
}

/** A link's game over a saved one: asked first while that match is in progress. */
async function replaceWithLink(game, link) {
  if (game.state.snap?.match.in_progress) {
    game.state.dialogOpen = true;
    const yes = await askToReplace(game.hud.root);
    game.state.dialogOpen = false;
    game.changed();
    if (!yes) return;
  }
  await game.controller.newGame(link.settings, link.seed, { remember: false });
}
