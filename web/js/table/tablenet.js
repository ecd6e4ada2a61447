// @ts-check
// The table's link to other devices (net/). On the host, the engine as the table calls it is the
// host's seat (hostseat.js): the one path of every request to Python and every reply back, which
// sends each friend what Python made for it on the connections (net/hosting.js); on a guest's
// page, Guesting (net/guesting.js) and its bridge: the table is the host's; on a watcher's,
// Watching (net/watching.js). Also the gathering before the deal (who is awaited), the seats
// played elsewhere and how each stands, a friend whose connection ended (the table waits, or a
// computer stands in), giving a seat away, leaving, and the quick reactions.
//
// It is given the few functions of the table it calls (TableNetPort), as the controller is given
// its view and store (table/game.js builds it).
//
// net/ is fetched only for a table across devices (a guest's page, or the host's first reply that
// has a friend's seat): a first visit that plays alone does not wait for its 25 kB.

import { h } from "../dom/dom.js";
import { T } from "../i18n/strings.js";
import { storePrefs } from "../store/storage.js";
import { forgetTable } from "../store/tablekeep.js";
import { askDialog } from "../ui/modal.js";
import { HostSeat } from "./hostseat.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").NetFriend} NetFriend */
/** @typedef {import("../shapes/testhook.js").TestGathered} Gathering */
/** @typedef {import("../shapes/testhook.js").TestNetSeat} TestNetSeat */
/** @typedef {import("../store/storage.js").Prefs} Prefs */
/** @typedef {import("../net/hosting.js").Hosting} Hosting */
/** @typedef {import("../net/guesting.js").Guesting} Guesting */
/** @typedef {import("../net/watching.js").Watching} Watching */
/** @typedef {import("../shapes/engine.js").EngineReply} Reply */
/** A request's fields besides its op (JSON). @typedef {Record<string, unknown>} Payload */
/** @typedef {{call: (op: string, payload?: object) => Promise<Reply>, up?: boolean, whenUp?: Promise<void>}} Engine */
/** @typedef {{ok: true, snapshot: Snapshot, events: object[]}} HostReply */

/**
 * How the table across devices stands on this page (the test hook's `net`, without the lobby's
 * list and the clock, which are Play online's and the clock's).
 * @typedef {Object} NetStanding
 * @property {"host"|"guest"|"watcher"|null} role
 * @property {TestNetSeat[]} seats
 * @property {string|null} commitment
 * @property {number|null} watchers how many watch the table (null on a watcher's page, or none known)
 */

/**
 * What TableNet asks of the table (table/game.js gives it these, and nothing else); each is called
 * when needed (the controller, the panel and the career come after this).
 * @typedef {Object} TableNetPort
 * @property {import("../board/state.js").State} state the table's state: the snapshot read, cleared at a gathering
 * @property {Prefs} prefs the page's preferences: the name, the relays, ICE servers, reactions muted
 * @property {HTMLElement} root where dialogs go (the HUD's root)
 * @property {(op: string, payload?: Payload) => Promise<Reply>} call the engine, not blocking the table
 * @property {(reply: Reply) => Promise<void>} accept a table reply taken in as the table's own
 * @property {(op: string, payload?: Payload) => Promise<unknown>} send a request that changes the table (the table waits)
 * @property {<R>(open: () => Promise<R>) => Promise<R>} modal a modal dialog over the table
 * @property {(text: string) => void} toast
 * @property {{gathering: (text: string) => void, net: (chips: NetChips) => void}} hud the HUD's line
 *   while the table gathers, and its chips of the seats played elsewhere (ui/hud.js)
 * @property {{readonly visible: boolean, hide: () => void}} panel the round panel (ui/panel.js)
 * @property {(snap: Snapshot|null) => void} hostArrived the host's first table, before it is drawn (earlytable.js)
 * @property {() => void} hostDrawn the host's first table drawn: the loading screen goes, the table is live
 * @property {() => boolean} listed the table is listed in Play online: its seats are taken from the lobby
 * @property {() => void} changed how the seats stand changed: a frame, and Play online's listing
 * @property {CareerPort} career
 */

/**
 * The HUD's chips of the seats played elsewhere, and the tools that go with them (ui/hud.js net()).
 * @typedef {Object} NetChips
 * @property {{name: string|null, presence: string}[]} seats
 * @property {boolean} invite the invite can be shown again
 * @property {boolean} react reactions go somewhere
 * @property {boolean} leave a guest or a watcher may leave
 * @property {boolean} give a friend's seat may be given to a computer
 * @property {number} watchers
 * @property {{full: boolean}|null} watching on a watcher's page
 */

/**
 * What the table across devices asks of the career (career/flow.js).
 * @typedef {Object} CareerPort
 * @property {(shared: import("../career/rated.js").Shared) => void} rated a rated result's part or signature heard
 * @property {() => {entries: object[], attempts: object}} now this device's career so far
 * @property {(settings: import("../shapes/snapshot.js").SettingsJson, commitment: string) => void} abandoned
 *   a guest's seat given away in a rated match
 * @property {(shared: Partial<import("../shapes/career.js").Recorded>) => void} counted the match
 *   checked at its end, with its entry (a guest's page: check_shared's reply)
 * @property {() => string|null} title the player's title as the table shows it beside their name (a
 *   code; null: none yet, or hidden)
 */

export class TableNet {
  /**
   * @param {TableNetPort} table
   * @param {object} o
   * @param {Engine} o.bridge the engine (boot/bridge.js, or main.js's waiting one)
   * @param {typeof import("../net/guesting.js")|null} [o.guest] on a guest's page, net/guesting.js (main.js loads it first)
   * @param {typeof import("../net/watching.js")|null} [o.watcher] on a watcher's page, net/watching.js
   * @param {{snap: Snapshot}|null} [o.kept] the table kept by the last visit (a host's reload: its
   *   room is opened at once, before Python is up)
   */
  constructor(table, { bridge, guest = null, watcher = null, kept = null }) {
    this.table = table;
    /** @type {Hosting|null} */
    this.hosting = null;
    /** @type {Guesting|null} */
    this.guesting = null;
    /** @type {Watching|null} */
    this.watching = null;
    /** @type {HostSeat|null} on the host's page: its one path to Python */
    this.host = null;
    /** @type {Gathering|null} a table across devices before its deal: who is awaited */
    this.gathering = null;
    this.hostTable = false; // the host's table reached this guest's page
    /** @type {number|null} a friend away, while the host is asked what its seat does */
    this.awaySeat = null;
    this.awayBack = false;
    const root = table.root;
    const dialogs = {
      invite: async () => new (await import("../ui/dialogs/invite.js")).InviteDialog(root),
      join: async () => new (await import("../ui/dialogs/invite.js")).JoinDialog(root),
      room: async () => new (await import("../ui/dialogs/invite.js")).RoomDialog(root),
      /** @param {HTMLVideoElement} video @param {AbortSignal} signal */
      scan: async (video, signal) => (await import("../net/qr.js")).scan(video, { signal }),
    };
    const prefs = table.prefs;
    const common = {
      toast: (/** @type {string} */ text) => table.toast(text),
      reacted: (/** @type {number} */ seat, /** @type {string} */ id) => this.#reacted(seat, id),
      // a rated result's part or signature (Python's `rated`, as net/ hands it on: career/rated.js reads it)
      rated: (/** @type {object} */ shared) =>
        table.career.rated(/** @type {import("../career/rated.js").Shared} */ (shared)),
      changed: () => this.changed(),
      dialogs,
      // the player's own list (prefs.iceServers, docs/protocol.md), else peer.js's
      iceServers: /** @type {RTCIceServer[]} */ (Array.isArray(prefs.iceServers) ? prefs.iceServers : undefined),
      site: `${location.origin}${location.pathname}`,
      // the relays a table played online meets in, as the player's preferences name them (net/relays.js)
      relays: prefs.relays,
      relayOnly: {
        get: () => prefs.relayOnly === true,
        set: (/** @type {boolean} */ on) => {
          prefs.relayOnly = on;
          storePrefs(prefs);
        },
      },
    };
    if (watcher) {
      this.watching = new watcher.Watching({
        local: bridge,
        accept: (reply) => this.#fromHost(/** @type {HostReply} */ (reply)),
        toast: (text) => table.toast(text),
        changed: () => this.changed(),
        relays: prefs.relays,
      });
      /** @type {Engine} */
      this.bridge = this.watching.bridge; // nothing of the table is this device's to play
      return;
    }
    if (guest) {
      this.guesting = new guest.Guesting({
        ...common,
        name: typeof prefs.name === "string" ? prefs.name : "", // the name at the table (Play online)
        title: () => table.career.title(), // said in each hello, shown beside the name
        local: bridge,
        accept: (reply) => this.#fromHost(/** @type {HostReply} */ (reply)),
        // a match across devices counts on this device for its own player (the host's reveal,
        // checked by this device's Python, makes its entry)
        career: () => table.career.now(),
        // Python's settings and commitment, and check_shared's reply, as net/guesting.js hands them on
        left: (settings, commitment) =>
          table.career.abandoned(
            /** @type {import("../shapes/snapshot.js").SettingsJson} */ (settings),
            /** @type {string} */ (commitment),
          ),
        counted: (shared) =>
          table.career.counted(/** @type {Partial<import("../shapes/career.js").Recorded>} */ (shared)),
      });
      this.bridge = this.guesting.bridge; // the table's requests go to the host's table
      return;
    }
    // the table's requests go to this device's engine through the host's seat (hostseat.js): its
    // one path to Python, which sends each friend what Python made for it
    const { reacted, rated, ...links } = common;
    this.host = new HostSeat({
      engine: bridge,
      turn: (op, payload) => table.call(op, payload),
      accept: (reply) => table.accept(reply),
      gathered: (gathering) => this.gathered(gathering),
      reacted,
      rated,
      away: (seat) => this.#away(seat, this.seatName(seat)),
      title: () => table.career.title(),
      tellTitle: (title) => this.tellTitle(title),
      linked: (hosting) => {
        this.hosting = hosting;
      },
      links: {
        ...links,
        nameOf: (seat) => this.seatName(seat),
        // a table listed in Play online: its seats are taken from the lobby, no invite shown
        listed: () => table.listed(),
      },
    });
    // a host's reload at a table played online: its friends are heard knocking from the start
    const keptTable = kept?.snap?.net?.table;
    if (typeof keptTable === "string") this.host.openEarly(keptTable);
    this.bridge = this.host.bridge;
  }

  /** The table on this page is another device's (a guest's or a watcher's page): nothing of it
   * is saved, kept or counted here. */
  get remote() {
    return Boolean(this.guesting || this.watching);
  }

  /** The table takes input now: on a guest's or a watcher's page, the host's table has come. */
  get live() {
    const remote = this.guesting ?? this.watching;
    return remote ? remote.live : null;
  }

  /** The host's table reached this guest's page: a new round closes the last one's panel. The
   * first one takes the place of the table kept from the last visit (drawn while this page took
   * its seat again: earlytable.js), and of the loading screen.
   * @param {HostReply} reply */
  async #fromHost(reply) {
    const first = !this.hostTable;
    this.hostTable = true;
    if (first) this.table.hostArrived(reply.snapshot);
    const prev = this.table.state.snap;
    const panel = this.table.panel;
    if (prev && reply.snapshot.round_no !== prev.round_no && panel.visible) panel.hide();
    await this.table.accept(reply);
    if (first) this.table.hostDrawn();
  }

  /** A table across devices before its deal: the felt, and who is awaited.
   * @param {Gathering} gathering */
  gathered(gathering) {
    this.gathering = gathering;
    if (!this.guesting) forgetTable(); // no table to come back to: the next visit waits for Python
    Object.assign(this.table.state, { snap: null, selected: null, drag: null, hint: null });
    this.table.panel.hide();
    const waiting = gathering.friends.filter((f) => !f.joined).map((f) => f.name ?? T.netTable.someone);
    this.table.hud.gathering(T.netTable.waitingFor(T.sideName(waiting)));
    this.changed();
  }

  /** The invite tool: the host's invite for a seat still waiting for its friend. */
  invite() {
    return this.hosting?.inviteWaiting();
  }

  /** How the table across devices stands (the test hook's `net`, but the lobby and the clock).
   * @returns {NetStanding} */
  hook() {
    const net = this.hosting?.hook() ??
      this.guesting?.hook() ??
      this.watching?.hook() ?? { role: null, seats: [], commitment: null };
    // how many watch the table (net/watch.js), as the host counts them: on the players' pages
    const watchers = this.hosting?.active ? this.hosting.watchers : (this.guesting?.watchers ?? null);
    return /** @type {NetStanding} */ ({ ...net, watchers: net.role === "watcher" ? null : watchers });
  }

  /** The seats played elsewhere, with how each stands, and the tools that go with them. */
  changed() {
    const snap = this.table.state.snap;
    if (this.awaySeat != null && this.hosting?.presence(this.awaySeat) === "connected") {
      // back by itself (a table played online) before the host answered: the question is moot
      this.awayBack = true;
      document.getElementById("away-dialog")?.dispatchEvent(new Event("cancel"));
    }
    const net = this.hook();
    const names = new Map((snap?.seats ?? []).map((s) => [s.seat, T.seatName(s.label)]));
    const friends = this.hosting?.friends ?? [];
    /** @param {number} seat */
    const named = (seat) => names.get(seat) ?? friends.find((f) => f.seat === seat)?.name ?? null;
    const seats = net.seats
      .filter((s) => s.seat !== snap?.viewer)
      .map((s) => ({ name: named(s.seat), presence: s.presence }));
    const invite = Boolean(this.hosting?.active && net.seats.some((s) => s.presence !== "connected"));
    const give = Boolean(this.hosting?.active && snap && friends.some((f) => !f.given));
    this.table.hud.net({
      seats,
      invite,
      react: Boolean(net.role) && !this.watching, // a watcher says nothing to the table
      leave: Boolean(this.guesting?.active || this.watching?.active),
      give,
      watchers: net.watchers ?? 0,
      watching: this.watching ? { full: this.watching.full } : null,
    });
    this.table.changed();
  }

  // ------------------------------------------------------------------ the host's table, for Play online
  /** The table's room on the relays once open (null when it could not be), or null when none is opening. */
  async opened() {
    return (await this.hosting?.opening?.catch(() => null)) ?? null;
  }

  /** The table this page hosts (Python's id), while it hosts one. */
  hostedTable() {
    return this.hosting?.active ? this.hosting.table : null;
  }

  /** The friends' seats of this page's table: how many have joined, how many are free. */
  seatsTaken() {
    const hosting = this.hosting;
    const friends = hosting?.friends ?? [];
    return {
      joined: friends.filter((f) => f.joined).length,
      free: friends.filter((f) => !f.joined && hosting?.presence(f.seat) !== "connected").length,
    };
  }

  /** Who may watch this page's table: whether people may, its watch link's secret, how many watch. */
  watchable() {
    const broadcast = this.hosting?.broadcast;
    return {
      on: Boolean(broadcast?.on),
      secret: broadcast?.watch?.secret ?? null,
      watchers: this.hosting?.watchers ?? 0,
    };
  }

  // ------------------------------------------------------------------ the tools
  /** A friend's connection ended: until it is back the table waits, or a computer plays it.
   * Resolves to the host's choice (a level, or null to wait), undefined when the friend came back
   * first.
   * @param {number} seat @param {string|null} name
   * @returns {Promise<string|null|undefined>} */
  async #away(seat, name) {
    const level = "casual";
    const buttons = [
      { id: "away-wait", text: T.netTable.wait, value: null, primary: true },
      { id: "away-stand-in", text: T.netTable.standIn(T.controllers[level]), value: level },
    ];
    const text = h("p", { text: T.netTable.awayText });
    this.awaySeat = seat;
    this.awayBack = false;
    const chosen = await this.table.modal(() =>
      askDialog("away-dialog", T.netTable.awayTitle(name), [text], buttons, { root: this.table.root, cancel: null }),
    );
    this.awaySeat = null;
    if (this.awayBack) return undefined; // the friend came back before the host chose: nothing chosen
    const snap = this.table.state.snap;
    const standing = snap?.seats.find((s) => s.seat === seat)?.stand_in ?? null;
    if (snap && chosen !== standing && this.hosting?.presence(seat) !== "connected")
      await this.table.send("stand_in", { seat, level: chosen });
    return chosen;
  }

  /** The host gives a friend's seat to a computer for good (a stranger it does not want at the
   * table): which one is asked; Python decides (op give_seat) and tells that seat's page. */
  async give() {
    const snap = this.table.state.snap;
    const friends = (this.hosting?.friends ?? []).filter((f) => !f.given);
    if (!snap || !friends.length) return;
    const names = new Map(snap.seats.map((s) => [s.seat, T.seatName(s.label)]));
    /** @type {{id: string, text: string, value: number|null, primary?: boolean}[]} */
    const buttons = friends.map((f, i) => ({
      id: `give-${f.seat}`,
      text: names.get(f.seat) ?? f.name ?? T.netTable.someone,
      value: f.seat,
      primary: i === 0,
    }));
    buttons.push({ id: "give-cancel", text: T.cancel, value: null });
    const N = T.netTable;
    const text = h("p", { text: N.giveText });
    const root = this.table.root;
    const seat = await this.table.modal(() => askDialog("give-dialog", N.giveTitle, [text], buttons, { root }));
    if (seat === null || seat === undefined) return;
    const choice = this.host?.choice;
    await this.table.send("give_seat", { seat, level: typeof choice === "string" ? choice : "casual" });
  }

  /** A guest leaves the host's table (asked first): its own table comes back on this device. A
   * watcher simply stops watching. */
  async leave() {
    if (this.watching) return this.watching.leave();
    if (!this.guesting) return;
    const N = T.netTable;
    const buttons = [
      { id: "leave-yes", text: N.leaveYes, value: true, primary: true },
      { id: "leave-no", text: T.cancel, value: false },
    ];
    const text = h("p", { text: N.leaveText });
    const root = this.table.root;
    const sure = await this.table.modal(() => askDialog("leave-dialog", N.leaveTitle, [text], buttons, { root }));
    if (!sure) return;
    this.guesting.leave();
    await new Promise((resolve) => setTimeout(resolve, 300)); // its word to the host on its way
    location.reload();
  }

  /** A seat's name as this table shows it: the snapshot's label (a friend's chosen name, else
   * "Player 2"; the host's, else "Host"), else the name its friend gave while gathering.
   * @param {number} seat */
  seatName(seat) {
    const label = this.table.state.snap?.seats.find((s) => s.seat === seat)?.label;
    if (label) return T.seatName(label);
    return this.hosting?.friends.find((f) => f.seat === seat)?.name ?? T.netTable.someone;
  }

  /** The player's title at the table changed (career/flow.js; null: none, or hidden): a guest's
   * page says it to the host, a host's to its Python (table_title); each friend's table shows it.
   * @param {string|null} title */
  tellTitle(title) {
    if (this.guesting) this.guesting.sayTitle();
    else if (this.hosting) this.table.call("table_title", { title });
  }

  /** A friend's (or the host's) quick reaction, shown on this device (unless muted).
   * @param {number} seat @param {string} id */
  #reacted(seat, id) {
    if (this.table.prefs.reactionsMuted === true) return;
    const reactions = /** @type {Record<string, string>} */ (T.netTable.reactions);
    this.table.toast(T.netTable.reacted(this.seatName(seat), reactions[id] ?? id));
  }

  /** The React tool: one of the quick reactions, to every device at the table. */
  async react() {
    /** @type {{id: string, text: string, value: string|null, primary?: boolean}[]} */
    const buttons = Object.entries(T.netTable.reactions).map(([id, text], i) => ({
      id: `react-${id}`,
      text,
      value: id,
      primary: i === 0,
    }));
    const prefs = this.table.prefs;
    const muted = prefs.reactionsMuted === true;
    buttons.push({
      id: "react-mute",
      text: muted ? T.netTable.unmuteReactions : T.netTable.muteReactions,
      value: "mute",
    });
    buttons.push({ id: "react-cancel", text: T.cancel, value: null });
    const root = this.table.root;
    const id = await this.table.modal(() => askDialog("react-dialog", T.netTable.reactTitle, [], buttons, { root }));
    if (!id) return;
    if (id === "mute") {
      prefs.reactionsMuted = !muted; // the others' reactions shown or not: a preference
      storePrefs(prefs);
      return;
    }
    if (this.guesting) this.guesting.react(id);
    else if (this.hosting?.active) {
      const reply = await this.table.call("react", { id });
      if (reply?.ok) this.#reacted(reply.relay.seat, id);
    }
  }
}
