// Page entry: boot the engine behind the loading screen, then set up the table (table.js) and
// resume the saved match (or start ?seed=N). `ready` resolves to the Bridge (see bridge.js) once a
// person can act: then <html data-ready="true"> and performance.mark("allthrees:ready").
// After that the service worker is registered (update.js): offline play, and new versions offered
// between rounds.

import { bootWithLoadingScreen } from "./boot.js";
import { watchForUpdates } from "./update.js";

async function start() {
  // The table's modules download while the engine boots: the worker starts first.
  const tableModule = import("./table.js");
  const bridge = await bootWithLoadingScreen();
  const { Table } = await tableModule;
  const table = new Table(bridge);
  await table.start();
  document.documentElement.dataset.ready = "true";
  performance.mark("allthrees:ready");
  // Reloading loses nothing once the round (or the match) is over: the save holds it all.
  watchForUpdates({ canInterrupt: () => Boolean(table.snap?.round?.over || table.snap?.match?.over) });
  return bridge;
}

export const ready = start();
