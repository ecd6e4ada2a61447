// The table, put together: the state (board/state.js), the request flow (controller.js, with the
// round panel and the muggins pad it opens), the frame loop (draw/frames.js), the saving
// (store/keeper.js), input (input.js: one list of commands for the HUD, a pointer and keys, and
// the screen reader's table), each new snapshot taken in and shown (intake.js), the tools
// (tools.js), play across devices (across.js), the HUD and the career. Game only wires them; each
// piece owns its concern, and "may the person act now" is answered by board/state.js alone.
//
//   const game = new Game(bridge, { saveKeys, onStale, onReady, invite, kept });  // bridge: see boot/bridge.js
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first
//
// A returning player's page passes `kept` (store/tablekeep.js): the table last drawn is drawn at
// once, before Python is up, and `bridge` may answer only later (waking.js holds a move made
// meanwhile). Every snapshot drawn is kept for the next visit (not a guest's: Guesting keeps its own).
//
// Across devices (net/, across.js): on the host, every reply of the engine goes through Hosting,
// which sends each friend what Python made for it; with `invite` (a table's room from its one
// link, the code of a #join= link, or "" to ask for one) this page is a guest's: its table is the
// host's, through Guesting's bridge.

import { createState, forgetDrawn, modal } from "../board/state.js";
import { CareerFlow } from "../career/flow.js";
import { Frames } from "../draw/frames.js";
import { Sound } from "../sound/sound.js";
import { SaveKeeper } from "../store/keeper.js";
import { loadPrefs, soundLevels, storePrefs } from "../store/storage.js";
import { Hud } from "../ui/hud.js";
import { Across } from "./across.js";
import { TableClock } from "./clock.js";
import { Controller } from "./controller.js";
import { listenTable, tableCommands } from "./input.js";
import { showSnapshot } from "./intake.js";
import { Parlor } from "./parlor.js";
import { startTable } from "./startup.js";
import { installTestHook } from "./testhook.js";
import { Tools } from "./tools.js";
import { Waking } from "./waking.js";

const TOAST_MS = 7000; // a muggins call or a partner's note: time to read a sentence of two lines

export class Game {
  /**
   * @param {object} bridge {call(op, payload) -> reply}
   * @param {object} o
   * @param {object|null} o.saveKeys seals and signs saves (store/savekeys.js); null where the browser cannot
   * @param {() => void} o.onStale another tab played on past this one
   * @param {() => void} o.onReady a person can act (on the table, or on a question before it)
   * @param {string|object|null} [o.invite] a guest's page: the table's room ({secret, host}), the
   *   invite's code, or "" when it is to be pasted
   * @param {object|null} [o.guest] on a guest's page, net/guesting.js (main.js loads it first)
   * @param {object|null} [o.watcher] on a watcher's page, net/watching.js (main.js loads it first)
   * @param {{snap: object, text: string}|null} [o.kept] the table last drawn (store/tablekeep.js),
   *   drawn now; `game.waking.active` says whether it could be
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
    this.canvas = canvas ?? document.getElementById("table");
    this.onReady = onReady;
    this.onDrawn = onDrawn; // a guest's first table from the host is drawn (the loading screen goes)
    this.state = createState({ onSettle: () => this.frames?.changed() });
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted, levels: soundLevels(this.prefs) });
    const commands = tableCommands(this);
    this.hud = new Hud(commands);
    this.hud.setMuted(this.prefs.muted);
    this.keeper = new SaveKeeper({
      saveKeys,
      trouble: (on) => this.hud.saveTrouble(on),
      stale: onStale,
      halted: () => this.controller.halted,
    });
    this.frames = new Frames({
      canvas: this.canvas,
      felt: document.getElementById("felt"),
      layer: document.getElementById("floaters"),
      state: this.state,
      hud: this.hud,
      sound: this.sound,
      resized: () => this.refreshHud(),
    });
    this.across = new Across(this, { bridge, guest, watcher, kept });
    this.live = false; // Python has the table (or, on a guest's page, the host's table answers)
    this.waking = new Waking({
      state: this.state,
      show: (snap) => showSnapshot(this, snap, [], "kept"),
      reset: () => this.#forgetDrawn(),
      draw: () => this.frames.drawNow(),
      hud: this.hud,
    });
    this.controller = new Controller({
      waking: this.waking,
      bridge: this.across.bridge,
      state: this.state,
      view: {
        show: (snap, events, source) => showSnapshot(this, snap, events, source),
        gathered: (gathering) => this.across.gathered(gathering),
        settled: () => this.frames.settled(),
        changed: () => this.changed(),
        focusTable: () => this.focusTable(),
      },
      hud: this.hud,
      // a guest or a watcher keeps no save of the host's table (Guesting keeps what it saw)
      store: {
        prefs: this.prefs,
        save: (reply) => (this.across.remote ? null : this.keeper.keep(reply)),
        savePrefs: () => storePrefs(this.prefs),
      },
    });
    // the round panel and the muggins pad are the controller's (it opens them); the rest read them here
    this.panel = this.controller.panel;
    this.claimPad = this.controller.claimPad;
    this.tools = new Tools({
      state: this.state,
      controller: this.controller,
      hud: this.hud,
      prefs: this.prefs,
      sound: this.sound,
      modal: (open) => this.modal(open),
    });
    // Play online: the lobby, open tables, quick match (fetched when opened)
    this.parlor = new Parlor(this);
    this.clock = new TableClock(this); // the table clock of a table played online
    Object.assign(this.tools, { parlor: this.parlor, across: this.across });
    this.careerFlow = new CareerFlow({
      call: (op, payload) => this.controller.call(op, payload, false),
      game: {
        prefs: this.prefs,
        savePrefs: () => storePrefs(this.prefs),
        root: this.hud.root,
        toast: (text) => this.toast(text),
        lastMatchId: () => this.keeper.matchId,
        inProgress: () => Boolean(this.state.snap?.match.in_progress),
        newDaily: (date) => this.controller.newGame(null, null, { remember: false, daily: date }),
        modal: (open) => this.modal(open),
        redraw: () => {
          this.frames.repaint(); // the felt in the new design
          this.panel.repaint?.();
        },
        fanfare: () => this.sound.play("fanfare"),
        // a rated result's part or signature: a guest sends it to the host, the host to every friend
        shareRated: (shared) =>
          this.across.guesting
            ? this.across.guesting.shareRated(shared)
            : this.controller.call("rated_share", shared, false),
        tellTitle: (title) => this.across.tellTitle(title), // to the other devices at the table
        titled: (title) => {
          this.state.title = title; // beside one's name in the score bar (ui/hud.js)
          this.refreshHud();
        },
      },
    });
    this.reader = listenTable(this, commands);
    // the test hook is there for automated browsers only (navigator.webdriver): docs/architecture.md "The test hook"
    if (navigator.webdriver) installTestHook(this);
    // a returning player's table, or a returning guest's last table of the host's, drawn now
    if (kept && this.waking.begin(kept)) this.onDrawn();
  }

  /** The save keys, once opened (main.js opens them while the kept table is drawn). */
  useSaveKeys(saveKeys) {
    this.keeper.saveKeys = saveKeys;
  }

  /** The table drawn is not Python's: gone at once, so the next snapshot is drawn afresh. */
  #forgetDrawn() {
    forgetDrawn(this.state);
    this.frames.floaters.clear();
    this.panel.hide();
    this.hud.blank();
    this.changed();
  }

  // ================================================================================ starting

  /** Resume the saved match or begin one, then follow a link (startup.js). */
  async start() {
    const { guesting, watching } = this.across;
    if (watching) {
      this.onReady(); // nothing to ask: the table comes when the host's stream does
      await watching.join(this.invite);
      return;
    }
    if (guesting) {
      this.onReady(); // the join dialog is the question a person answers first
      this.careerFlow.refresh(); // the title beside one's name, said to the host's table too
      await guesting.join(this.invite || null);
      return;
    }
    const { choices } = await this.controller.opening(() => startTable(this.#starting()));
    this.tools.choices ??= choices;
    this.careerFlow.refresh(); // the trophies: which designs may be drawn
    this.woke();
  }

  /** Python has the table (on a guest's page, the host's table has come): a move held while it
   * woke goes now (waking.js says if it may). */
  woke() {
    this.live = true;
    const held = this.waking.end();
    if (held) this.controller.send("intent", held.payload, held.source);
    this.changed();
  }

  /** Pair this device with another of one's own, from a #pair= link's invite (career/pair.js). */
  pair(given) {
    return this.careerFlow.pair(given);
  }

  /** What startup.js needs of the table, and nothing more. */
  #starting() {
    return {
      call: (op, payload) => this.controller.call(op, payload, true, true), // before any other request
      accept: (reply) => {
        this.waking.arrived(reply?.snapshot ?? null); // a kept table that is not Python's goes first
        return this.controller.accept(reply);
      },
      unlike: () => this.waking.arrived(null), // the save could not be resumed as it was
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

  /** A modal dialog over the table while `open()` runs; then the keyboard is back on the table. */
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

  /** A muggins call, a partner's note, a friend's reaction: time to read a sentence of two lines. */
  toast(text) {
    this.hud.toast(text, TOAST_MS);
  }

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  changed() {
    this.frames.changed();
  }
}
