// Page entry: boot the engine behind the loading screen, then hand the table the bridge.
// The table UI replaces what happens after boot; `ready` resolves to the Bridge (see bridge.js).

import { bootWithLoadingScreen } from "./boot.js";

async function start() {
  const bridge = await bootWithLoadingScreen();
  document.documentElement.dataset.ready = "true";
  performance.mark("allthrees:ready");
  const pong = await bridge.call("ping");
  console.info(`All Threes engine ${pong.version} ready after ${Math.round(performance.now())} ms`);
  return bridge;
}

export const ready = start();
