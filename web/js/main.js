// Page entry: boot the engine behind the loading screen, then set up the table (table.js) and
// resume the saved match (or start ?seed=N). `ready` resolves to the Bridge (see bridge.js) once a
// person can act: then <html data-ready="true"> and performance.mark("allthrees:ready").

import { bootWithLoadingScreen } from "./boot.js";
import { Table } from "./table.js";

async function start() {
  const bridge = await bootWithLoadingScreen();
  const table = new Table(bridge);
  await table.start();
  document.documentElement.dataset.ready = "true";
  performance.mark("allthrees:ready");
  return bridge;
}

export const ready = start();
