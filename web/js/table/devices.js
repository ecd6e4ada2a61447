// @ts-check
// The table across devices, put together: its link to other devices (tablenet.js: hosting,
// guesting or watching) and Play online (playonline.js: the lobby, quick match, this page's table
// listed), each given the few functions of the other it calls. Play online reads the table this
// page hosts (its room, its seats, who may watch: HostedPort) and says whether it is listed (no
// invite dialog then: the lobby seats it); the link says when the seats played elsewhere changed,
// and Play online's listing follows.
//
//   const { net, online } = joinDevices(port, { bridge, guest, watcher, kept });
//   net.bridge   // the engine as the table calls it (the host's replies go on to its friends)

import { PlayOnline } from "./playonline.js";
import { TableNet } from "./tablenet.js";

/**
 * What the table across devices asks of the table: TableNet's port and Play online's, but what
 * they give each other (table/game.js builds it).
 * @typedef {Omit<import("./tablenet.js").TableNetPort, "listed"> &
 *   Omit<import("./playonline.js").PlayOnlinePort, "hosted">} DevicesPort
 */

/**
 * @param {DevicesPort} table
 * @param {ConstructorParameters<typeof TableNet>[1]} options the engine, and a guest's or a
 *   watcher's module, or the kept table (tablenet.js)
 * @returns {{net: TableNet, online: PlayOnline}}
 */
export function joinDevices(table, options) {
  /** @type {PlayOnline|null} made just after the link (which only calls it later) */
  let online = null;
  const { state, prefs, root, call, accept, send, newGame, modal, toast } = table;
  const net = new TableNet(
    {
      state,
      prefs,
      root,
      call,
      accept,
      send,
      modal,
      toast,
      hud: table.hud,
      panel: table.panel,
      hostArrived: table.hostArrived,
      hostDrawn: table.hostDrawn,
      career: table.career,
      listed: () => online?.listed ?? false,
      changed: () => {
        table.changed();
        online?.changed(); // a seat taken, the match dealt, the table gone: the listing follows
      },
    },
    options,
  );
  online = new PlayOnline({
    prefs,
    root,
    call,
    send,
    newGame,
    modal,
    toast,
    choices: table.choices,
    openTable: table.openTable,
    rating: table.rating,
    snap: table.snap,
    hosted: {
      opened: () => net.opened(),
      table: () => net.hostedTable(),
      seats: () => net.seatsTaken(),
      watchable: () => net.watchable(),
    },
  });
  return { net, online };
}
