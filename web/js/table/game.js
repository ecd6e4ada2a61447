// The table, put together: the state (state.js), the request flow (controller.js), the frame loop
// (draw/frames.js), the saving (store/keeper.js), input (pointer.js, keyboard.js: one list of
// commands, below), the tools (tools.js), the HUD, the round panel, the muggins pad, the screen
// reader's table and the career. Game only wires them and takes in each new snapshot; each piece
// owns its concern, and "may the person act now" is answered by state.js alone.
//
//   const game = new Game(bridge, { saveKeys, onStale, onReady });  // bridge: see boot/bridge.js
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first

import { CareerFlow } from "../career/flow.js";
import { Frames, reducedMotion } from "../draw/frames.js";
import { Sound } from "../draw/sound/sound.js";
import { T } from "../i18n/strings.js";
import { SaveKeeper } from "../store/keeper.js";
import { loadPrefs, soundLevels, storageWorks, storePrefs } from "../store/storage.js";
import { ClaimPad } from "../ui/claimpad.js";
import { Hud } from "../ui/hud.js";
import { Panel } from "../ui/panel.js";
import { ScreenReader } from "../ui/screenreader.js";
import { Controller } from "./controller.js";
import { takeSnapshot } from "./intake.js";
import { listenKeyboard } from "./keyboard.js";
import { listenPointer } from "./pointer.js";
import { startTable } from "./startup.js";
import { createState, isIdle, modal } from "./state.js";
import { installTestHook, testState } from "./testhook.js";
import { Tools } from "./tools.js";

const WHY_NOT_MS = 2500; // "6-2 matches no open end": one short line
const TOAST_MS = 7000; // a muggins call or a partner's note: time to read a sentence of two lines

export class Game {
  /**
   * @param {object} bridge {call(op, payload) -> reply}
   * @param {object} o
   * @param {object|null} o.saveKeys seals and signs saves (store/savekeys.js); null where the browser cannot
   * @param {() => void} o.onStale another tab played on past this one
   * @param {() => void} o.onReady a person can act (on the table, or on a question before it)
   */
  constructor(bridge, { saveKeys = null, onStale = () => {}, onReady = () => {}, canvas = null } = {}) {
    this.canvas = canvas ?? document.getElementById("table");
    this.onReady = onReady;
    this.state = createState();
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted, levels: soundLevels(this.prefs) });
    this.idleWaiters = [];
    const commands = this.#commands();
    this.hud = new Hud(commands);
    this.hud.setMuted(this.prefs.muted);
    // After a panel or a dialog the keyboard is back on the table, where the next action is.
    this.panel = new Panel(this.hud.root, {
      next: () => {
        this.controller.next();
        this.focusTable();
      },
    });
    this.claimPad = new ClaimPad(this.hud.root);
    this.state.widgets = { panel: this.panel, claim: this.claimPad };
    this.keeper = new SaveKeeper({
      saveKeys,
      trouble: (on) => this.hud.saveTrouble(on),
      stale: onStale,
      halted: () => this.controller.halted,
    });
    this.frames = new Frames({
      canvas: this.canvas,
      state: this.state,
      hud: this.hud,
      sound: this.sound,
      afterFrame: () => this.#checkIdle(),
      resized: () => this.#refreshHud(),
    });
    this.controller = new Controller({
      bridge,
      state: this.state,
      view: {
        show: (snap, events, source) => this.#show(snap, events, source),
        settled: () => this.frames.settled(),
        changed: () => this.changed(),
        focusTable: () => this.focusTable(),
      },
      ui: { hud: this.hud, panel: this.panel, claimPad: this.claimPad },
      store: { prefs: this.prefs, save: (reply) => this.keeper.keep(reply), savePrefs: () => storePrefs(this.prefs) },
    });
    this.tools = new Tools({
      state: this.state,
      controller: this.controller,
      hud: this.hud,
      prefs: this.prefs,
      sound: this.sound,
      modal: (open) => this.modal(open),
    });
    this.careerFlow = new CareerFlow({
      call: (op, payload) => this.controller.call(op, payload, false),
      game: {
        prefs: this.prefs,
        savePrefs: () => storePrefs(this.prefs),
        root: this.hud.root,
        toast: (text) => this.hud.toast(text, TOAST_MS),
        lastMatchId: () => this.keeper.matchId,
        inProgress: () => Boolean(this.state.snap?.match.in_progress),
        newDaily: (date) => this.controller.newGame(null, null, { remember: false, daily: date }),
        modal: (open) => this.modal(open),
        redraw: () => {
          this.frames.repaint(); // the felt in the new design
          this.panel.repaint?.();
        },
      },
    });
    this.#listen(commands);
    if (!storageWorks()) this.hud.saveTrouble(true);
    // the test hook is there for automated browsers only (navigator.webdriver): see the README
    if (navigator.webdriver) {
      installTestHook({
        state: () => {
          const widgets = { canvas: this.canvas, hud: this.hud, panel: this.panel, claimPad: this.claimPad };
          const table = testState(this.state, widgets);
          return table && { ...table, ...this.careerFlow.hook() };
        },
        idle: () => this.whenIdle(),
        record: async () => (await this.controller.call("record", {}, false))?.record ?? null,
        sound: () => this.sound.hook(),
      });
    }
  }

  /** Everything a person can ask of the table, by the HUD's buttons, a pointer or a key. */
  #commands() {
    const act = (intent, source) => this.controller.act(intent, source);
    const tools = () => this.tools;
    return {
      play: (tile, arm, source) => act(arm ? { kind: "play", tile, arm } : { kind: "play", tile }, source),
      draw: () => act({ kind: "draw" }),
      pass: () => act({ kind: "pass" }),
      hint: () => this.controller.hint(),
      ready: () => this.controller.ready(),
      toggleSum: () => this.controller.toggleSum(),
      shake: (tile) => {
        this.state.shakes.set(tile, performance.now());
        this.#sayWhyNot(tile);
        this.changed();
      },
      // the person moved the selection or a dragged tile: the screen reader follows it
      changed: () => {
        this.reader.select(this.state);
        this.changed();
      },
      newGame: () => tools().newGame(),
      rules: () => tools().rules(),
      keys: () => tools().keys(),
      howTo: () => tools().howTo(),
      dismissHowTo: () => tools().howToDone(),
      fair: () => tools().fair(),
      language: () => tools().language(),
      toggleSound: () => tools().toggleSound(),
      levels: () => tools().levels(),
      career: () => this.careerFlow.open(),
    };
  }

  #listen(commands) {
    const canvas = this.canvas;
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", T.tableRole);
    canvas.setAttribute("aria-label", T.tableLabel);
    this.reader = new ScreenReader(canvas);
    // Once the person plays, the first-visit offer of How to play steps aside (it may lie over an
    // end near the rack); How to play stays in the tools.
    const playing = () => this.hud.offerHowTo(false);
    canvas.addEventListener("pointerdown", playing, { capture: true });
    canvas.addEventListener("keydown", playing, { capture: true });
    listenPointer({ canvas, state: this.state, act: commands });
    listenKeyboard({ canvas, state: this.state, act: commands });
    const unlock = () => this.sound.unlock();
    window.addEventListener("pointerdown", unlock, { capture: true });
    window.addEventListener("keydown", unlock, { capture: true });
  }

  // ================================================================================ starting

  /** Resume the saved match or begin one, then follow a link (startup.js). */
  async start() {
    const { choices } = await startTable(this.#starting());
    this.tools.choices ??= choices;
    this.careerFlow.refresh(); // the trophies: which designs may be drawn
  }

  /** What startup.js needs of the table, and nothing more. */
  #starting() {
    return {
      call: (op, payload) => this.controller.call(op, payload),
      accept: (reply) => this.controller.accept(reply),
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
    this.controller.stop();
    this.claimPad.close();
    this.panel.hide();
    Object.assign(this.state, { selected: null, drag: null, parked: null });
  }

  /** This tab has the table again: the match comes back from storage, as the other tab left it. */
  resume() {
    this.keeper.forget();
    this.controller.resume();
    return startTable(this.#starting());
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

  /** A tile that does not play says why (a shake alone tells a first-timer nothing). */
  #sayWhyNot(tile) {
    const snap = this.state.snap;
    const why = snap?.hand.find((t) => t.tile === tile)?.why_not;
    if (!why || snap.round.over || this.state.work) return;
    this.hud.toast(T.whyNot[why]?.(tile, snap.lead_rule?.tile ?? null) ?? "", WHY_NOT_MS);
  }

  // ================================================================================ a new snapshot

  #show(snap, events, source) {
    const prev = this.state.snap;
    if (!prev || events.length || prev.turn !== snap.turn || prev.round_no !== snap.round_no)
      this.controller.clearHint();
    const out = takeSnapshot(this.state, snap, events, source, {
      layout: () => this.frames.layout(),
      reduced: reducedMotion.matches,
    });
    for (const s of out.sounds) this.sound.play(s);
    this.sound.tableShown(); // the music may start from now on (at a gesture, when it is on)
    for (const text of out.toasts) this.hud.toast(text, TOAST_MS);
    this.#refreshHud();
    this.reader.update(this.state);
    this.reader.announce(events, this.state);
    if (snap.match.over) {
      // the finished match joins the career; its entry gives the panel its score race
      this.careerFlow.seen(snap).then((entry) => entry && this.panel.showRace(entry, this.state.snap));
    }
    this.changed();
  }

  #refreshHud() {
    if (this.state.snap)
      this.hud.update(this.state.snap, { thinking: this.state.snap.computer_to_move, turned: this.state.turned });
  }

  // ================================================================================ waiting

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  changed() {
    this.frames.changed();
  }

  whenIdle() {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.changed();
      queueMicrotask(() => this.#checkIdle());
    });
  }

  #checkIdle() {
    if (!this.idleWaiters.length || !isIdle(this.state)) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve(true);
  }
}
