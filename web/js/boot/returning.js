// Before the first paint (a classic script in <head>, so nothing is drawn before it runs): a
// returning player, whose last table is kept (store/tablekeep.js TABLE_KEY), sees no loading
// screen; main.js draws the kept table at once, and shows the loading screen after all when the
// kept table does not pass its check (it takes data-returning off again).
try {
  if (localStorage.getItem("allthrees.table.v1") !== null) document.documentElement.dataset.returning = "";
} catch {
  // storage refused: a first visit's loading screen
}
