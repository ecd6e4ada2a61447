// The table across devices (net/). On the host, the engine as the table calls it: every reply of
// the engine goes through Hosting (net/hosting.js), which sends each friend what Python made for
// it; on a guest's page, Guesting (net/guesting.js) and its bridge: the table is the host's. Also
// the gathering before the deal (who is awaited), the seats played elsewhere and how each stands,
// a friend whose connection ended (the table waits, or a computer stands in) and the quick
// reactions.
//
// net/ is fetched only for a table across devices (a guest's page, or the host's first reply that
// has a friend's seat): a first visit that plays alone does not wait for its 25 kB.

import { h } from "../dom/dom.js";
import { T } from "../i18n/strings.js";
import { storePrefs } from "../store/storage.js";
import { forgetTable } from "../store/tablekeep.js";
import { askDialog } from "../ui/modal.js";

export class Across {
  /**
   * @param {object} table the table (game.js): its state, prefs, hud, panel, controller,
   *   careerFlow, toast(text), modal(open), changed(); read when needed (most come after this)
   * @param {object} o
   * @param {object} o.bridge the engine {call(op, payload) -> reply} (boot/bridge.js)
   * @param {object|null} o.guest on a guest's page, net/guesting.js (main.js loads it first)
   * @param {{snap: object}|null} [o.kept] the table kept by the last visit (a host's reload: its
   *   room is opened at once, before Python is up)
   */
  constructor(table, { bridge, guest, watcher = null, kept = null }) {
    this.table = table;
    this.hosting = null;
    this.guesting = null;
    this.watching = null;
    this.gathering = null; // a table across devices before its deal: who is awaited
    this.listed = false; // the table being gathered is listed in Play online (table/parlor.js)
    const root = table.hud.root;
    const dialogs = {
      invite: async () => new (await import("../ui/dialogs/invite.js")).InviteDialog(root),
      join: async () => new (await import("../ui/dialogs/invite.js")).JoinDialog(root),
      room: async () => new (await import("../ui/dialogs/invite.js")).RoomDialog(root),
      scan: async (video, signal) => (await import("../net/qr.js")).scan(video, { signal }),
    };
    const common = {
      toast: (text) => table.toast(text),
      reacted: (seat, id) => this.#reacted(seat, id),
      rated: (shared) => table.careerFlow.ratedHeard(shared), // a rated result's part or signature
      changed: () => this.changed(),
      dialogs,
      // the player's own list (prefs.iceServers, docs/protocol.md), else peer.js's
      iceServers: Array.isArray(table.prefs.iceServers) ? table.prefs.iceServers : undefined,
      site: `${location.origin}${location.pathname}`,
      // the relays a table played online meets in, as the player's preferences name them (net/relays.js)
      relays: table.prefs.relays,
      relayOnly: {
        get: () => table.prefs.relayOnly === true,
        set: (on) => {
          table.prefs.relayOnly = on;
          storePrefs(table.prefs);
        },
      },
    };
    if (watcher) {
      this.watching = new watcher.Watching({
        local: bridge,
        accept: (reply) => this.#fromHost(reply),
        toast: (text) => table.toast(text),
        changed: () => this.changed(),
        relays: table.prefs.relays,
      });
      this.bridge = this.watching.bridge; // nothing of the table is this device's to play
      return;
    }
    if (guest) {
      this.guesting = new guest.Guesting({
        ...common,
        name: typeof table.prefs.name === "string" ? table.prefs.name : "", // the name at the table (Play online)
        title: () => table.careerFlow.tableTitle(), // said in each hello, shown beside the name
        local: bridge,
        accept: (reply) => this.#fromHost(reply),
        // a match across devices counts on this device for its own player (the host's reveal,
        // checked by this device's Python, makes its entry)
        career: () => ({ entries: table.careerFlow.career.entries, attempts: table.careerFlow.career.attempts }),
        left: (settings, commitment) => table.careerFlow.abandoned(settings, commitment),
        counted: (shared) => {
          const entry = table.careerFlow.counted(shared);
          if (entry && table.state.snap?.match.over) table.panel.showRace(entry, table.state.snap);
        },
      });
      this.bridge = this.guesting.bridge; // the table's requests go to the host's table
      return;
    }
    // the table's requests go to this device's engine, and on to the friends
    let loading = null;
    const hosting = () =>
      (loading ??= import("../net/hosting.js").then(({ Hosting }) => {
        this.hosting = new Hosting({
          ...common,
          call: (op, payload) => table.controller.call(op, payload, false),
          accept: (reply) => table.controller.accept(reply),
          gathered: (gathering) => this.gathered(gathering),
          away: (seat, name) => this.#away(seat, name),
          nameOf: (seat) => this.seatName(seat),
          // a table listed in Play online: its seats are taken from the lobby, no invite shown
          listed: () => this.listed,
        });
        return this.hosting;
      }));
    // a host's reload at a table played online: its friends are heard knocking from the start
    const keptTable = kept?.snap?.net?.table;
    if (typeof keptTable === "string") hosting().then((h) => h.openEarly(keptTable));
    this.bridge = {
      call: async (op, payload) => {
        const reply = await bridge.call(op, payload);
        // a reply about friends (a gathering, a table with a friend's seat, texts for one) loads
        // the host's side first; once loaded, it reads every reply (one without friends ends it)
        const friends = reply?.gathering || reply?.snapshot?.net || reply?.outbox;
        if (this.hosting || friends) (await hosting()).sent(reply);
        // a table gathered: the host's title on it (and whenever it changes: career/flow.js)
        if (reply?.gathering && (op === "new" || op === "gather")) this.tellTitle(table.careerFlow.tableTitle());
        return reply;
      },
    };
  }

  /** The table on this page is another device's (a guest's or a watcher's page): nothing of it
   * is saved, kept or counted here. */
  get remote() {
    return Boolean(this.guesting || this.watching);
  }

  /** The host's table reached this guest's page: a new round closes the last one's panel. The
   * first one takes the place of the table kept from the last visit (drawn while this page took
   * its seat again: waking.js), and of the loading screen. */
  async #fromHost(reply) {
    const { state, panel, controller, waking } = this.table;
    const first = !this.hostTable;
    this.hostTable = true;
    if (first) waking.arrived(reply.snapshot);
    const prev = state.snap;
    if (prev && reply.snapshot.round_no !== prev.round_no && panel.visible) panel.hide();
    await controller.accept(reply);
    if (!first) return;
    this.table.onDrawn();
    this.table.woke();
  }

  /** A table across devices before its deal: the felt, and who is awaited. */
  gathered(gathering) {
    const { state, panel, hud } = this.table;
    this.gathering = gathering;
    if (!this.guesting) forgetTable(); // no table to come back to: the next visit waits for Python
    Object.assign(state, { snap: null, selected: null, drag: null, hint: null });
    panel.hide();
    const waiting = gathering.friends.filter((f) => !f.joined).map((f) => f.name ?? T.netTable.someone);
    hud.gathering(T.netTable.waitingFor(T.sideName(waiting)));
    this.changed();
  }

  /** The invite tool: the host's invite for a seat still waiting for its friend. */
  invite() {
    return this.hosting?.inviteWaiting();
  }

  /** How the table across devices stands (the test hook's `net`), with Play online's list
   * (`lobby`) and the table clock (`clock`). */
  hook() {
    const net = this.hosting?.hook() ??
      this.guesting?.hook() ??
      this.watching?.hook() ?? { role: null, seats: [], commitment: null };
    // how many watch the table (net/watch.js), as the host counts them: on the players' pages
    const watchers = this.hosting?.active ? this.hosting.watchers : (this.guesting?.watchers ?? null);
    return {
      ...net,
      watchers: net.role === "watcher" ? null : watchers,
      lobby: this.table.parlor?.hook() ?? null,
      clock: this.table.clock?.hook() ?? null,
    };
  }

  /** The seats played elsewhere, with how each stands, and the tools that go with them. */
  changed() {
    const { state, hud } = this.table;
    if (this.awaySeat != null && this.hosting?.presence(this.awaySeat) === "connected") {
      // back by itself (a table played online) before the host answered: the question is moot
      this.awayBack = true;
      document.getElementById("away-dialog")?.dispatchEvent(new Event("cancel"));
    }
    const net = this.hook();
    const names = new Map((state.snap?.seats ?? []).map((s) => [s.seat, T.seatName(s.label)]));
    const friends = this.hosting?.friends ?? [];
    const named = (seat) => names.get(seat) ?? friends.find((f) => f.seat === seat)?.name ?? null;
    const seats = net.seats
      .filter((s) => s.seat !== state.snap?.viewer)
      .map((s) => ({ name: named(s.seat), presence: s.presence }));
    const invite = Boolean(this.hosting?.active && net.seats.some((s) => s.presence !== "connected"));
    const give = Boolean(this.hosting?.active && state.snap && friends.some((f) => !f.given));
    const watcher = Boolean(this.watching);
    hud.net({
      seats,
      invite,
      react: Boolean(net.role) && !watcher, // a watcher says nothing to the table
      leave: Boolean(this.guesting?.active || this.watching?.active),
      give,
      watchers: net.watchers ?? 0,
      watching: watcher ? { full: this.watching.full } : null,
    });
    this.table.changed();
    this.table.parlor?.changed();
  }

  /** A friend's connection ended: until it is back the table waits, or a computer plays it.
   * Resolves to the host's choice (a level, or null to wait), undefined when the friend came back
   * first. */
  async #away(seat, name) {
    const level = "casual";
    const buttons = [
      { id: "away-wait", text: T.netTable.wait, value: null, primary: true },
      { id: "away-stand-in", text: T.netTable.standIn(T.controllers[level]), value: level },
    ];
    const text = h("p", { text: T.netTable.awayText });
    const root = this.table.hud.root;
    this.awaySeat = seat;
    this.awayBack = false;
    const chosen = await this.table.modal(() =>
      askDialog("away-dialog", T.netTable.awayTitle(name), [text], buttons, { root, cancel: null }),
    );
    this.awaySeat = null;
    if (this.awayBack) return undefined; // the friend came back before the host chose: nothing chosen
    const snap = this.table.state.snap;
    const standing = snap?.seats.find((s) => s.seat === seat)?.stand_in ?? null;
    if (snap && chosen !== standing && this.hosting?.presence(seat) !== "connected")
      await this.table.controller.send("stand_in", { seat, level: chosen });
    return chosen;
  }

  /** The host gives a friend's seat to a computer for good (a stranger it does not want at the
   * table): which one is asked; Python decides (op give_seat) and tells that seat's page. */
  async give() {
    const snap = this.table.state.snap;
    const friends = (this.hosting?.friends ?? []).filter((f) => !f.given);
    if (!snap || !friends.length) return;
    const names = new Map(snap.seats.map((s) => [s.seat, T.seatName(s.label)]));
    const buttons = friends.map((f, i) => ({
      id: `give-${f.seat}`,
      text: names.get(f.seat) ?? f.name ?? T.netTable.someone,
      value: f.seat,
      primary: i === 0,
    }));
    buttons.push({ id: "give-cancel", text: T.cancel, value: null });
    const N = T.netTable;
    const text = h("p", { text: N.giveText });
    const root = this.table.hud.root;
    const seat = await this.table.modal(() => askDialog("give-dialog", N.giveTitle, [text], buttons, { root }));
    if (seat === null || seat === undefined) return;
    const choice = this.hosting?.choice;
    await this.table.controller.send("give_seat", { seat, level: typeof choice === "string" ? choice : "casual" });
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
    const root = this.table.hud.root;
    const sure = await this.table.modal(() => askDialog("leave-dialog", N.leaveTitle, [text], buttons, { root }));
    if (!sure) return;
    this.guesting.leave();
    await new Promise((resolve) => setTimeout(resolve, 300)); // its word to the host on its way
    location.reload();
  }

  /** A seat's name as this table shows it: the snapshot's label (a friend's chosen name, else
   * "Player 2"; the host's, else "Host"), else the name its friend gave while gathering. */
  seatName(seat) {
    const label = this.table.state.snap?.seats.find((s) => s.seat === seat)?.label;
    if (label) return T.seatName(label);
    return this.hosting?.friends.find((f) => f.seat === seat)?.name ?? T.netTable.someone;
  }

  /** The player's title at the table changed (career/flow.js; null: none, or hidden): a guest's
   * page says it to the host, a host's to its Python (table_title); each friend's table shows it. */
  tellTitle(title) {
    if (this.guesting) this.guesting.sayTitle();
    else if (this.hosting) this.table.controller.call("table_title", { title }, false);
  }

  /** A friend's (or the host's) quick reaction, shown on this device (unless muted). */
  #reacted(seat, id) {
    if (this.table.prefs.reactionsMuted === true) return;
    this.table.toast(T.netTable.reacted(this.seatName(seat), T.netTable.reactions[id] ?? id));
  }

  /** The React tool: one of the quick reactions, to every device at the table. */
  async react() {
    const buttons = Object.entries(T.netTable.reactions).map(([id, text], i) => ({
      id: `react-${id}`,
      text,
      value: id,
      primary: i === 0,
    }));
    const muted = this.table.prefs.reactionsMuted === true;
    buttons.push({
      id: "react-mute",
      text: muted ? T.netTable.unmuteReactions : T.netTable.muteReactions,
      value: "mute",
    });
    buttons.push({ id: "react-cancel", text: T.cancel, value: null });
    const root = this.table.hud.root;
    const id = await this.table.modal(() => askDialog("react-dialog", T.netTable.reactTitle, [], buttons, { root }));
    if (!id) return;
    if (id === "mute") {
      this.table.prefs.reactionsMuted = !muted; // the others' reactions shown or not: a preference
      storePrefs(this.table.prefs);
      return;
    }
    if (this.guesting) this.guesting.react(id);
    else if (this.hosting?.active) {
      const reply = await this.table.controller.call("react", { id }, false);
      if (reply?.ok) this.#reacted(reply.relay.seat, id);
    }
  }
}
