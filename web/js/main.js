// Page entry: boot the engine behind the loading screen, then set up the table (game.js) and
// resume the saved match (a link in the address bar asks before it replaces it). `ready` resolves
// to the Bridge (see bridge.js) once a person can act: then <html data-ready="true"> and
// performance.mark("allthrees:ready"). After that the service worker is registered (update.js):
// offline play, and new versions offered between rounds.

import { bootWithLoadingScreen } from "./boot.js";
import { watchForUpdates } from "./update.js";

async function start() {
  // The table's modules download while the engine boots: the worker starts first.
  const gameModule = import("./game.js");
  const bridge = await bootWithLoadingScreen();
  const { Game } = await gameModule;
  const game = new Game(bridge);
  await game.start();
  document.documentElement.dataset.ready = "true";
  performance.mark("allthrees:ready");
  // Reloading loses nothing once the round (or the match) is over: the save holds it all.
  watchForUpdates({ canInterrupt: () => Boolean(game.state.snap?.round?.over || game.state.snap?.match?.over) });
  return bridge;
}

export const ready = start();
