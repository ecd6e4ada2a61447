// @ts-check
// Page entry: boot the engine behind the loading screen (boot/), make sure no other tab plays this
// match (boot/tabs.js), then set up the table (table/game.js) and resume the saved match (a link
// in the address bar asks before it replaces it). `ready` resolves to the Bridge (boot/bridge.js)
// once a person can act: then <html data-ready="true"> and performance.mark("allthrees:ready").
// After that the service worker is registered (boot/update.js): offline play, and new versions
// offered between rounds.
//
// A returning player (a table kept by the last visit, store/tablekeep.js) sees no loading screen:
// the table's code is fetched beside the engine's worker and the kept table is drawn as soon as it
// is there, before Python has started (table/earlytable.js); the table's requests wait for Python.
// A second tab draws the playing tab's last table the same way, under its "open in another tab".
//
// Across devices (net/): a #room= link (a table played online: its one link) or a #join= link (its
// codes sent by hand) opens a guest's table (its table is the host's, so it does not claim this
// device's own table, and the link leaves the address bar); a guest whose match goes on is back
// in its seat by itself on its next visit (online), or asked for the host's fresh invite (by
// hand); an #answer= link opened on the host's device hands the answer to the waiting table (or
// pairing) (net/handoff.js) and stops there; a #pair= link opens the table, then pairs this device
// with the one that showed it (career/pair.js); a #pair-room= link (pairing by the relays) asks,
// then pairs for good (career/sync.js), and paired devices that are open merge their careers.

import { bootWithLoadingScreen } from "./boot/boot.js";
import { watchForUpdates } from "./boot/update.js";
import { GUEST_KEY } from "./net/guestkey.js";
import { keptPicture, keptTable, TABLE_KEY } from "./store/tablekeep.js";

// How long the engine waits for a kept table's first frame before it starts anyway (ms).
const FIRST_FRAME_WAIT_MS = 250;

const ROOM_LINK = /^([0-9a-f]{64})\.([0-9a-f]{64})$/;

/** @typedef {import("./table/game.js").Invite} Invite */

/** A guest's page: a table's room ({secret, host}) from its one link (#room=SECRET.HOST) or kept
 * from the last visit (back in by itself), the invite's code from a #join= link, "" to ask for
 * one, or null; a watcher's page: the table's watch link ({watch: true, secret, host}).
 * @returns {Invite|null} */
function guestInvite() {
  const hash = new URLSearchParams(location.hash.slice(1));
  // a watch link (#watch=SECRET.HOST) stays in the address bar: a reload goes on watching
  const watch = ROOM_LINK.exec(hash.get("watch") ?? "");
  if (watch) return { watch: true, secret: watch[1], host: watch[2] };
  const room = ROOM_LINK.exec(hash.get("room") ?? "");
  if (room || hash.has("join")) history.replaceState(null, "", location.pathname + location.search);
  if (room) return { secret: room[1], host: room[2] };
  // #join=CODE from an invite's link; a bare #join (the menu's Join a friend's table) asks for it
  if (hash.has("join")) return hash.get("join") ?? "";
  try {
    const kept = JSON.parse(localStorage.getItem(GUEST_KEY) ?? "null");
    if (!kept?.table || !kept.snapshot || kept.record) return null;
    return kept.room && typeof kept.room === "object"
      ? { secret: String(kept.room.secret), host: String(kept.room.host) }
      : "";
  } catch {
    return null;
  }
}

/** A returning guest's last table (the host's snapshot it kept, net/guestkey.js), drawn at once
 * while it takes its seat again; null on a first visit or when it cannot be drawn.
 * @param {Invite} invite */
function guestKeptTable(invite) {
  if (typeof invite !== "object") return null;
  try {
    const kept = JSON.parse(localStorage.getItem(GUEST_KEY) ?? "null");
    const same = kept?.room?.secret === invite.secret && kept?.room?.host === invite.host;
    return same ? keptPicture(kept.snapshot) : null;
  } catch {
    return null;
  }
}

/** An invite to pair this device with another of one's own (#pair=CODE, career/pair.js): taken
 * once the table is up; the link leaves the address bar (a reload does not pair again). */
function pairInvite() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (!hash.get("pair")) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return hash.get("pair");
}

/** A pairing link by the relays (#pair-room=ROOM.KEY, career/sync.js): {room, peer}, taken once
 * the table is up; the link leaves the address bar. */
function pairRoomInvite() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const m = ROOM_LINK.exec(hash.get("pair-room") ?? "");
  if (hash.has("pair-room")) history.replaceState(null, "", location.pathname + location.search);
  return m ? { room: m[1], peer: m[2] } : null;
}

// An invite's link opened in this tab while the game is up changes only the address's fragment:
// the page starts again from it, as a fresh tab would; until then it is not ready (the hook's
// data-ready belongs to the table the reload leaves).
window.addEventListener("hashchange", () => {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (!["join", "pair", "room", "pair-room", "watch"].some((k) => hash.has(k))) return;
  delete document.documentElement.dataset.ready;
  location.reload();
});

async function start() {
  if (new URLSearchParams(location.hash.slice(1)).has("answer")) {
    // an answer opened on the host's device: it goes to the waiting table (this tab plays nothing)
    const { handOffAnswer, showHandoff } = await import("./net/handoff.js");
    document.getElementById("loading")?.remove();
    showHandoff(await handOffAnswer());
    return null;
  }
  const invite = guestInvite();
  const pairing = invite === null ? pairInvite() : null;
  const pairingRoom = invite === null ? pairRoomInvite() : null;
  // the last table drawn here (a guest's page draws the host's table: none of this device's, but
  // the host's table it saw last, when it comes back to it)
  const kept = invite === null ? keptTable() : guestKeptTable(invite);
  // A guest's page at a table played online does not wait for its own engine: its table is the
  // host's, drawn from the host's snapshot as soon as it arrives (net/earlycheck.js), while Python
  // starts beside it.
  const early = invite !== null && typeof invite === "object";
  let quiet = kept !== null;
  const loud = () => {
    quiet = false; // a first visit's loading screen after all
    delete document.documentElement.dataset.returning;
    /** @type {HTMLElement} */ (document.getElementById("loading")).hidden = false;
  };
  if (!quiet) loud();
  // The table's modules download, the table is claimed and the save keys are opened while the
  // engine boots (a fresh profile's first lock or IndexedDB open took up to 0.9 s): on a first
  // visit the worker starts first. A returning player's kept table is drawn first and the worker
  // starts after its frame: Pyodide's start (the wasm compiled on every core) took the CPU the
  // table's modules and first frame needed (on screen 1,020 -> 752 ms as Pixel 7 at 4x CPU, ready
  // 0.1 s later).
  /** @type {() => void} */
  let bootNow = () => {};
  /** @type {Promise<void>} */
  const gate = kept ? new Promise((resolve) => (bootNow = resolve)) : Promise.resolve();
  const booted = gate.then(() => bootWithLoadingScreen({ quiet: () => quiet }));
  // The table's words first, alone: the other modules are imported once they are in. strings.js
  // waits at its top level for the Polish words, and WebKit (Safari) loses a dynamic import that
  // meets such a module still waiting while another import waits for it too
  // (bugs.webkit.org/show_bug.cgi?id=242740): a Polish page there never came up (its table's
  // module never arrived).
  const words = import("./i18n/strings.js");
  const gameModule = words.then(() => import("./table/game.js"));
  gameModule.catch(() => bootNow()); // no table to draw first: the engine need not wait for it
  // the test hook, for automated browsers only (navigator.webdriver): docs/architecture.md "The test hook"
  const hookModule = navigator.webdriver ? words.then(() => import("./table/testhook.js")) : null;
  // only a guest's page (a watcher's: its own module, which plays nothing)
  const watching = typeof invite === "object" && invite?.watch === true;
  const guestModule =
    invite === null ? null : words.then(() => import(watching ? "./net/watching.js" : "./net/guesting.js"));
  const tabsModule = words.then(() => import("./boot/tabs.js"));
  // One tab plays at a time: a second one asks before it takes the table (tabs.js), over the
  // loading screen if the engine is still starting.
  const claimed = invite === null ? tabsModule.then(({ claimTable }) => claimTable()) : null;
  const opened = words.then(() => import("./store/savekeys.js")).then(({ openSaveKeys }) => openSaveKeys());
  // The table's requests wait for the engine: the table itself does not (a kept one is drawn now).
  let up = false;
  const engine = {
    /** @param {string} op @param {object} [payload] */
    call: async (op, payload) => (await booted).call(op, /** @type {Record<string, unknown>|undefined} */ (payload)),
    get up() {
      return up;
    },
    whenUp: booted.then(() => {
      up = true;
    }),
  };
  // a first visit's table comes up behind the loading screen once the engine is up, as it always did
  if (!kept && !early) await booted;
  const { Game } = await gameModule;
  const guest = await guestModule;
  const hook = await hookModule;
  let announced = false;
  const announceReady = () => {
    if (announced) return;
    announced = true;
    document.documentElement.dataset.ready = "true";
    performance.mark("allthrees:ready");
  };
  // Another tab took the table (or played on past this one): stop, and offer it back.
  const elsewhere = async () => {
    const { hideElsewhere, showElsewhere } = await tabsModule;
    game.stop();
    showElsewhere(async () => {
      await table?.reclaim();
      hideElsewhere();
      await game.resume();
    });
  };
  // a guest's first table from the host is drawn over the loading screen's place
  const drawn = () => {
    quiet = true;
    /** @type {HTMLElement} */ (document.getElementById("loading")).hidden = true;
  };
  const game = new Game(engine, {
    onStale: elsewhere,
    onReady: announceReady,
    onDrawn: drawn,
    invite,
    guest: watching ? null : /** @type {typeof import("./net/guesting.js")|null} */ (guest),
    watcher: watching ? /** @type {typeof import("./net/watching.js")} */ (guest) : null,
    kept,
  });
  hook?.installTestHook(game.hookPort());
  if (quiet && !game.early.active) loud(); // the kept table did not draw: the engine is awaited
  if (game.early.active) {
    requestAnimationFrame(() => setTimeout(bootNow)); // after the kept table's frame
    setTimeout(bootNow, FIRST_FRAME_WAIT_MS); // a hidden tab gets no frames
  } else bootNow();
  // Until this tab has the table, it shows the playing tab's last, as that tab draws it.
  const follow = (/** @type {StorageEvent} */ e) => e.key === TABLE_KEY && game.early.follow(keptTable());
  window.addEventListener("storage", follow);
  // the guest's table is the host's: it comes as soon as the host answers, Python or not
  const starting = early ? game.start() : null;
  const bridge = await booted;
  const table = await claimed;
  window.removeEventListener("storage", follow);
  game.useSaveKeys(await opened);
  table?.onLost(elsewhere);
  await (starting ?? game.start());
  announceReady();
  if (pairing)
    game.pair(pairing); // over the table, as Career → Pair a device
  else if (pairingRoom) game.pairRoom(pairingRoom);
  game.syncCareer(); // the paired devices that are open merge their careers with this one
  // Reloading loses nothing once the round (or the match) is over: the save holds it all.
  watchForUpdates({ canInterrupt: () => game.between() });
  return bridge;
}

export const ready = start();
