// @ts-check
// Before the first paint (a classic script in <head>, so nothing is drawn before it runs): a
// returning player, whose last table is kept (store/tablekeep.js TABLE_KEY), or a returning guest
// of a table played online, sees no loading screen; main.js draws the kept table as soon as the table's modules are there, and shows the
// loading screen after all when the kept table does not pass its check (it takes data-returning
// off again). The table's modules are asked for here, all at once (a first visit leaves them to
// main.js, after the engine's worker has started).
// Every module main.js loads on a table page (the static import closure, listed by scripts/build)
// but main.js's own imports, which index.html preloads already.
/** @type {string[]} */
const TABLE_MODULES = []; // stamped by scripts/build
/** A guest coming back to a table played online draws its last table of the host's at once too
 * (net/guestkey.js: the table it was seated at, not yet over, with its room). */
function returningGuest() {
  const kept = JSON.parse(localStorage.getItem("allthrees.guest.v1") ?? "null");
  return Boolean(kept?.table && kept.snapshot && kept.room && !kept.record);
}
try {
  if (localStorage.getItem("allthrees.table.v1") !== null || returningGuest()) {
    document.documentElement.dataset.returning = "";
    const links = document.createDocumentFragment(); // one insertion, not one per module
    for (const href of TABLE_MODULES) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  }
} catch {
  // storage refused: a first visit's loading screen
}
