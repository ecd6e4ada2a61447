// @ts-check
// The table, put together: the state (board/state.js), the request flow (controller.js, with the
// round panel and the muggins pad it opens), the frame loop (draw/frames.js), the saving
// (store/keeper.js), input (input.js: one list of commands for the HUD, a pointer and keys, and
// the screen reader's table), each new snapshot taken in and shown (intake.js), the tools
// (tools.js), the table's link to other devices and Play online (devices.js), the HUD and the
// career. Game only wires them: each piece is given the few functions of the others it calls (its
// port, docs/architecture.md "The table's ports"), owns its concern, and "may the person act now"
// is answered by board/state.js alone.
//
//   const game = new Game(bridge, { saveKeys, onStale, onReady, invite, kept });  // bridge: see boot/bridge.js
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first
//
// A returning player's page passes `kept` (store/tablekeep.js): the table last drawn is drawn at
// once, before Python is up, and `bridge` may answer only later (earlytable.js holds a move made
// meanwhile). Every snapshot drawn is kept for the next visit (not a guest's: Guesting keeps its own).
//
// Across devices (net/, tablenet.js): on the host, every request and reply of the engine goes
// through the host's seat (hostseat.js), which sends each friend what Python made for it; with
// `invite` (a table's room from its one link, the code of a #join= link, or "" to ask for one)
// this page is a guest's: its table is the host's, through Guesting's bridge.

import { createState, forgetDrawn, modal } from "../board/state.js";
import { CareerFlow } from "../career/flow.js";
import { Frames } from "../draw/frames.js";
import { Sound } from "../sound/sound.js";
import { SaveKeeper } from "../store/keeper.js";
import { loadPrefs, soundLevels, storePrefs } from "../store/storage.js";
import { Hud } from "../ui/hud.js";
import { TableClock } from "./clock.js";
import { Controller } from "./controller.js";
import { joinDevices } from "./devices.js";
import { EarlyTable } from "./earlytable.js";
import { listenTable, tableCommands } from "./input.js";
import { showSnapshot } from "./intake.js";
import { startTable } from "./startup.js";
import { Tools } from "./tools.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("./tablenet.js").Engine} Engine */
/** @typedef {import("./earlytable.js").Kept} Kept */
/** A guest's page: the table's room ({secret, host}, `watch` on a watcher's), the invite's code, or "" to ask for one. @typedef {string|{secret: string, host: string, watch?: boolean}} Invite */

/** @typedef {import("./startup.js").Payload} Payload */

const TOAST_MS = 7000;
/** The daily's settings, which are Python's (controller.js newGame sends none with a daily). */
const NO_SETTINGS = /** @type {import("../shapes/snapshot.js").SettingsJson} */ (/** @type {unknown} */ (null)); // a muggins call or a partner's note: time to read a sentence of two lines

export class Game {
  /**
   * @param {Engine} bridge the engine (boot/bridge.js, or main.js's, which waits for it)
   * @param {object} o
   * @param {import("../store/savekeys.js").SaveKeys|null} [o.saveKeys] seals and signs saves
   *   (store/savekeys.js); null where the browser cannot, or until opened (useSaveKeys)
   * @param {() => void} [o.onStale] another tab played on past this one
   * @param {() => void} [o.onReady] a person can act (on the table, or on a question before it)
   * @param {() => void} [o.onDrawn] a guest's first table from the host is drawn (the loading screen goes)
   * @param {HTMLCanvasElement|null} [o.canvas] the table's canvas (else #table)
   * @param {Invite|null} [o.invite] a guest's page: the table's room ({secret, host}), the
   *   invite's code, or "" when it is to be pasted
   * @param {typeof import("../net/guesting.js")|null} [o.guest] on a guest's page, net/guesting.js (main.js loads it first)
   * @param {typeof import("../net/watching.js")|null} [o.watcher] on a watcher's page, net/watching.js (main.js loads it first)
   * @param {Kept|null} [o.kept] the table last drawn (store/tablekeep.js), drawn now;
   *   `game.early.active` says whether it could be
   */
  constructor(
    bridge,
    {
      saveKeys = null,
      onStale = () => {},
      onReady = () => {},
      onDrawn = () => {},
      canvas = null,
      invite = null,
      guest = null,
      watcher = null,
      kept = null,
    } = {},
  ) {
    this.invite = invite;
    this.canvas = canvas ?? /** @type {HTMLCanvasElement} */ (document.getElementById("table"));
    this.onReady = onReady;
    this.onDrawn = onDrawn;
    /** @type {Frames|undefined} made just below (the state's first settle comes later) */
    this.frames = undefined;
    this.state = createState({ onSettle: () => this.frames?.changed() });
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted, levels: soundLevels(this.prefs) });
    const game = this; // the parts made below, read when a command is given (input.js)
    const commands = tableCommands({
      state: this.state,
      get controller() {
        return game.controller;
      },
      get tools() {
        return game.tools;
      },
      careerFlow: { open: () => this.careerFlow.open() },
      online: { open: () => this.online.open() },
      net: {
        invite: () => {
          this.net.invite();
        },
        leave: () => this.net.leave(),
        give: () => this.net.give(),
        react: () => this.net.react(),
        get guesting() {
          return game.net.guesting;
        },
      },
      get reader() {
        return game.reader;
      },
      hud: { toast: (text, ms) => this.hud.toast(text, ms) },
      changed: () => this.changed(),
    });
    this.hud = new Hud(commands);
    this.hud.setMuted(this.prefs.muted);
    this.keeper = new SaveKeeper({
      saveKeys,
      trouble: (/** @type {boolean} */ on) => this.hud.saveTrouble(on),
      stale: onStale,
      halted: () => game.controller.halted,
    });
    const frames = new Frames({
      canvas: this.canvas,
      felt: /** @type {HTMLCanvasElement} */ (document.getElementById("felt")),
      layer: /** @type {HTMLElement} */ (document.getElementById("floaters")),
      state: this.state,
      hud: this.hud,
      sound: this.sound,
      resized: () => this.refreshHud(),
    });
    this.frames = frames;
    // the table's link to other devices, and Play online (devices.js): each reads the rest of the
    // table through these functions only (the controller, the panel and the career come after)
    const panel = () => this.panel;
    const { net, online } = joinDevices(
      {
        state: this.state,
        prefs: this.prefs,
        root: this.hud.root,
        call: (op, payload) => this.controller.call(op, payload, false),
        accept: (reply) => this.controller.accept(reply),
        send: (op, payload) => this.controller.send(op, payload),
        newGame: (settings, seed, options) => this.controller.newGame(settings, seed, options),
        modal: (open) => this.modal(open),
        toast: (text) => this.toast(text),
        hud: {
          gathering: (text) => this.hud.gathering(text),
          net: (chips) => this.hud.net(chips),
        },
        panel: {
          get visible() {
            return panel().visible;
          },
          hide: () => panel().hide(),
        },
        hostArrived: (snap) => this.early.arrived(snap),
        hostDrawn: () => {
          this.onDrawn();
          this.woke();
        },
        changed: () => this.changed(),
        career: {
          rated: (shared) => this.careerFlow.ratedHeard(shared),
          now: () => ({ entries: this.careerFlow.career.entries, attempts: this.careerFlow.career.attempts }),
          abandoned: (settings, commitment) => this.careerFlow.abandoned(settings, commitment),
          title: () => this.careerFlow.tableTitle(),
          counted: (shared) => {
            const entry = this.careerFlow.counted(shared);
            if (entry && this.state.snap?.match.over) this.panel.showRace(entry, this.state.snap);
          },
        },
        rating: (kind) => this.careerFlow.listed(kind),
        snap: () => this.state.snap,
        choices: async () => (await this.tools.choicesNow()) ?? null,
        openTable: () => this.tools.newGame({ listed: true }),
      },
      { bridge, guest, watcher, kept },
    );
    this.net = net;
    this.online = online; // Play online: the lobby, open tables, quick match (fetched when opened)
    this.live = false; // Python has the table (or, on a guest's page, the host's table answers)
    // what showing a snapshot reads of the table (intake.js), the parts made below when it is shown
    /** @type {import("./intake.js").IntakePort} */
    const intake = {
      state: this.state,
      get controller() {
        return game.controller;
      },
      net,
      sound: this.sound,
      get reader() {
        return game.reader;
      },
      frames,
      get clock() {
        return game.clock;
      },
      get careerFlow() {
        return game.careerFlow;
      },
      get panel() {
        return game.panel;
      },
      toast: (text) => this.toast(text),
      refreshHud: () => this.refreshHud(),
      changed: () => this.changed(),
    };
    this.early = new EarlyTable({
      state: this.state,
      show: (snap) => showSnapshot(intake, snap, [], "kept"),
      reset: () => this.#forgetDrawn(),
      draw: () => frames.drawNow(),
      hud: this.hud,
    });
    /** @type {Controller} */
    this.controller = new Controller({
      waking: this.early,
      bridge: net.bridge,
      state: this.state,
      view: {
        show: (snap, events, source) => showSnapshot(intake, snap, events, source),
        gathered: (gathering) => net.gathered(gathering),
        settled: () => frames.settled(),
        changed: () => this.changed(),
        focusTable: () => this.focusTable(),
      },
      hud: this.hud,
      // a guest or a watcher keeps no save of the host's table (Guesting keeps what it saw)
      store: {
        prefs: this.prefs,
        save: (reply) => (net.remote ? null : this.keeper.keep(reply)),
        savePrefs: () => storePrefs(this.prefs),
      },
    });
    // the round panel and the muggins pad are the controller's (it opens them); the rest read them here
    this.panel = this.controller.panel;
    this.claimPad = this.controller.claimPad;
    /** @param {string} op @param {object} payload a request's fields (JSON) @param {boolean} blocking */
    const call = (op, payload, blocking) => this.controller.call(op, /** @type {Payload} */ (payload), blocking);
    this.tools = new Tools({
      state: this.state,
      controller: {
        call,
        newGame: (settings, seed, options) => this.controller.newGame(settings, seed, options),
      },
      hud: this.hud,
      prefs: this.prefs,
      sound: this.sound,
      modal: (open) => this.modal(open),
      // New game names a table opened from Play online listed, and announces it there
      online: {
        name: () => online.name,
        list: () => online.list(true),
        announce: (spec) => online.announce(spec),
      },
    });
    // the table clock of a table played online
    this.clock = new TableClock({
      toast: (text) => this.toast(text),
      hud: this.hud,
      get reader() {
        return game.reader;
      },
      state: this.state,
      net,
      controller: { call, accept: (reply) => this.controller.accept(reply) },
    });
    this.careerFlow = new CareerFlow({
      call: (op, payload) => this.controller.call(op, payload, false),
      game: {
        prefs: this.prefs,
        savePrefs: () => storePrefs(this.prefs),
        root: this.hud.root,
        toast: (text) => this.toast(text),
        honour: (text) => this.panel.honour(text),
        lastMatchId: () => this.keeper.matchId,
        inProgress: () => Boolean(this.state.snap?.match.in_progress),
        // the day's deal: Python knows its settings and seed (controller.js sends none)
        newDaily: (date) => this.controller.newGame(NO_SETTINGS, null, { remember: false, daily: date }),
        modal: (open) => this.modal(open),
        redraw: () => {
          frames.repaint(); // the felt in the new design
          this.panel.repaint?.();
        },
        fanfare: () => this.sound.play("fanfare"),
        // a rated result's part or signature: a guest sends it to the host, the host to every friend
        shareRated: (shared) =>
          net.guesting ? net.guesting.shareRated(shared) : this.controller.call("rated_share", shared, false),
        tellTitle: (title) => net.tellTitle(title), // to the other devices at the table
        titled: (title) => {
          this.state.title = title; // beside one's name in the score bar (ui/hud.js)
          this.refreshHud();
        },
      },
    });
    this.reader = listenTable({ canvas: this.canvas, state: this.state, hud: this.hud, sound: this.sound }, commands);
    // a returning player's table, or a returning guest's last table of the host's, drawn now
    if (kept && this.early.begin(kept)) this.onDrawn();
  }

  /** The save keys, once opened (main.js opens them while the kept table is drawn).
   * @param {import("../store/savekeys.js").SaveKeys|null} saveKeys */
  useSaveKeys(saveKeys) {
    this.keeper.useKeys(saveKeys);
  }

  /** What the test hook reads of the table (testhook.js TestHookPort), and nothing more: main.js
   * installs it for automated browsers only.
   * @returns {import("./testhook.js").TestHookPort} */
  hookPort() {
    const net = this.net;
    return {
      state: this.state,
      drawn: { canvas: this.canvas, hud: this.hud, panel: this.panel, claimPad: this.claimPad },
      live: () => net.live ?? this.live,
      net: () => net.hook(),
      gathering: () => net.gathering,
      lobby: () => this.online.hook(),
      clock: () => this.clock.hook(),
      career: (kind) => this.careerFlow.hook(kind),
      // the match record: any JSON to the page
      record: async () =>
        /** @type {import("./tablenet.js").Reply} */ (await this.controller.call("record", {}, false))?.record ?? null,
      idle: () => this.frames?.idle() ?? Promise.resolve(),
      sound: () => this.sound.hook(),
      seen: () => net.guesting?.seen() ?? null,
    };
  }

  /** The table drawn is not Python's: gone at once, so the next snapshot is drawn afresh. */
  #forgetDrawn() {
    forgetDrawn(this.state);
    this.frames?.floaters.clear();
    this.panel.hide();
    this.hud.blank();
    this.changed();
  }

  // ================================================================================ starting

  /** Resume the saved match or begin one, then follow a link (startup.js). */
  async start() {
    const { guesting, watching } = this.net;
    if (watching) {
      this.onReady(); // nothing to ask: the table comes when the host's stream does
      await watching.join(/** @type {{secret: string, host: string}} */ (this.invite));
      return;
    }
    if (guesting) {
      this.onReady(); // the join dialog is the question a person answers first
      this.careerFlow.refresh(); // the title beside one's name, said to the host's table too
      await guesting.join(this.invite || null);
      return;
    }
    const { choices } = await this.controller.opening(() => startTable(this.#starting()));
    this.tools.knowChoices(choices);
    this.careerFlow.refresh(); // the trophies: which designs may be drawn
    this.woke();
  }

  /** Python has the table (on a guest's page, the host's table has come): a move held while it
   * woke goes now (earlytable.js says if it may). */
  woke() {
    this.live = true;
    const held = this.early.end();
    if (held) this.controller.send("intent", held.payload, held.source);
    this.changed();
  }

  /** Pair this device with another of one's own, from a #pair= link's invite (career/pair.js).
   * @param {string} given */
  pair(given) {
    return this.careerFlow.pair(given);
  }

  /** Pair this device for good by the relays, from a #pair-room= link (career/sync.js).
   * @param {{room: string, peer: string}} invite */
  pairRoom(invite) {
    return this.careerFlow.pairRoom(invite);
  }

  /** The paired devices that are open merge their careers with this one (career/sync.js). */
  syncCareer() {
    return this.careerFlow.startSync();
  }

  /** The round (or the match) is over: reloading loses nothing, the save holds it all. */
  between() {
    return Boolean(this.state.snap?.round?.over || this.state.snap?.match?.over);
  }

  /** What startup.js needs of the table, and nothing more.
   * @returns {import("./startup.js").StartPort} */
  #starting() {
    return {
      call: (op, payload) => this.controller.call(op, payload, true, true), // before any other request
      accept: (reply) => {
        this.early.arrived(reply?.snapshot ?? null); // a kept table that is not Python's goes first
        return this.controller.accept(reply);
      },
      unlike: () => this.early.arrived(null), // the save could not be resumed as it was
      newGame: (settings, seed, options) => this.controller.newGame(settings, seed, options),
      inProgress: () => Boolean(this.state.snap?.match.in_progress),
      // a question at the start: the keyboard stays where the dialog leaves it
      modal: (open) => this.modal(open, { focus: false }),
      ready: () => this.onReady(),
      resumed: (loaded) => this.keeper.resumed(loaded),
      toast: (text, ms) => this.hud.toast(text, ms),
      offerHowTo: (on) => this.hud.offerHowTo(on),
      root: this.hud.root,
      prefs: this.prefs,
      saveKeys: this.keeper.saveKeys,
    };
  }

  /** Another tab took the table: this one stops, saves nothing more, and asks nothing more. */
  stop() {
    this.live = false;
    this.controller.stop();
    this.claimPad.close();
    this.panel.hide();
    Object.assign(this.state, { selected: null, drag: null, parked: null });
  }

  /** This tab has the table again: the match comes back from storage, as the other tab left it. */
  async resume() {
    this.keeper.forget();
    this.controller.resume();
    await this.controller.opening(() => startTable(this.#starting()));
    this.live = true;
    this.changed();
  }

  /** A modal dialog over the table while `open()` runs; then the keyboard is back on the table.
   * @template R @param {() => Promise<R>|R} open @param {{focus?: boolean}} [o] @returns {Promise<R>} */
  async modal(open, { focus = true } = {}) {
    try {
      return await modal(this.state, open);
    } finally {
      if (focus) this.focusTable();
      this.changed();
    }
  }

  focusTable() {
    if (!this.panel.visible) this.canvas.focus({ preventScroll: true });
  }

  /** The HUD as the table stands now (a new snapshot, a new size). */
  refreshHud() {
    if (this.state.snap)
      this.hud.update(this.state.snap, {
        thinking: this.state.snap.computer_to_move,
        turned: this.state.turned,
        title: this.state.title ?? null,
      });
  }

  /** A muggins call, a partner's note, a friend's reaction: time to read a sentence of two lines.
   * @param {string} text */
  toast(text) {
    this.hud.toast(text, TOAST_MS);
  }

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  changed() {
    this.frames?.changed();
  }
}
