// The table, put together: the state (state.js), the request flow (controller.js), the frame loop
// (draw/frames.js), the saving (store/keeper.js), input (pointer.js, keyboard.js: one list of
// commands, below), the tools (tools.js), the HUD, the round panel, the muggins pad, the screen
// reader's table and the career. Game only wires them and takes in each new snapshot; each piece
// owns its concern, and "may the person act now" is answered by state.js alone.
//
//   const game = new Game(bridge, { saveKeys, onStale, onReady, invite, kept });  // bridge: see boot/bridge.js
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first
//
// A returning player's page passes `kept` (store/tablekeep.js): the table last drawn is drawn at
// once, before Python is up, and `bridge` may answer only later (waking.js holds a move made
// meanwhile). Every snapshot drawn is kept for the next visit (not a guest's: Guesting keeps its own).
//
// Across devices (net/): on the host, every reply of the engine goes through Hosting, which sends
// each friend what Python made for it; with `invite` (the code of a #join= link, or "" to ask for
// one) this page is a guest's: its table is the host's, through Guesting's bridge.

import { CareerFlow } from "../career/flow.js";
import { Floaters } from "../draw/floaters.js";
import { Frames, reducedMotion } from "../draw/frames.js";
import { Sound } from "../draw/sound/sound.js";
import { T } from "../i18n/strings.js";
import { SaveKeeper } from "../store/keeper.js";
import { loadPrefs, soundLevels, storageWorks, storePrefs } from "../store/storage.js";
import { forgetTable, keepTable } from "../store/tablekeep.js";
import { ClaimPad } from "../ui/claimpad.js";
import { askDialog, h } from "../ui/dom.js";
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
import { Waking } from "./waking.js";

const WHY_NOT_MS = 2500; // "6-2 matches no open end": one short line
const TOAST_MS = 7000; // a muggins call or a partner's note: time to read a sentence of two lines

export class Game {
  /**
   * @param {object} bridge {call(op, payload) -> reply}
   * @param {object} o
   * @param {object|null} o.saveKeys seals and signs saves (store/savekeys.js); null where the browser cannot
   * @param {() => void} o.onStale another tab played on past this one
   * @param {() => void} o.onReady a person can act (on the table, or on a question before it)
   * @param {string|null} [o.invite] a guest's page: the invite's code ("" when it is to be pasted)
   * @param {object|null} [o.guest] on a guest's page, net/guesting.js (main.js loads it first)
   * @param {{snap: object, text: string}|null} [o.kept] the table last drawn (store/tablekeep.js),
   *   drawn now; `game.waking.active` says whether it could be
   */
  constructor(
    bridge,
    {
      saveKeys = null,
      onStale = () => {},
      onReady = () => {},
      canvas = null,
      invite = null,
      guest = null,
      kept = null,
    } = {},
  ) {
    this.invite = invite;
    this.canvas = canvas ?? document.getElementById("table");
    this.onReady = onReady;
    this.state = createState({ onSettle: () => this.frames?.changed() });
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
    this.floaters = new Floaters(document.getElementById("floaters"));
    this.frames = new Frames({
      canvas: this.canvas,
      felt: document.getElementById("felt"),
      state: this.state,
      hud: this.hud,
      sound: this.sound,
      floaters: this.floaters,
      afterFrame: () => this.#checkIdle(),
      resized: () => this.#refreshHud(),
    });
    this.#net(bridge, guest);
    this.live = false; // Python has the table (or, on a guest's page, the host's table answers)
    this.waking = new Waking({
      state: this.state,
      show: (snap) => this.#show(snap, [], "kept"),
      reset: () => this.#forgetDrawn(),
      draw: () => this.frames.drawNow(),
      hud: this.hud,
    });
    this.controller = new Controller({
      waking: this.waking,
      bridge: this.guesting ? this.guesting.bridge : this.engine,
      state: this.state,
      view: {
        show: (snap, events, source) => this.#show(snap, events, source),
        gathered: (gathering) => this.#gathered(gathering),
        settled: () => this.frames.settled(),
        changed: () => this.changed(),
        focusTable: () => this.focusTable(),
      },
      ui: { hud: this.hud, panel: this.panel, claimPad: this.claimPad },
      // a guest keeps no save of the host's table (Guesting keeps what it saw)
      store: {
        prefs: this.prefs,
        save: (reply) => (this.guesting ? null : this.keeper.keep(reply)),
        savePrefs: () => storePrefs(this.prefs),
      },
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
          const net = this.#netHook();
          const live = this.guesting ? this.guesting.live : this.live;
          if (!table) return net.role ? { net, gathering: this.gathering ?? null, live } : null;
          return { ...table, ...this.careerFlow.hook(), net, live };
        },
        idle: () => this.whenIdle(),
        record: async () => (await this.controller.call("record", {}, false))?.record ?? null,
        sound: () => this.sound.hook(),
        seen: () => this.guesting?.seen() ?? null,
      });
    }
    if (kept && !this.guesting) this.waking.begin(kept);
  }

  /** The save keys, once opened (main.js opens them while the kept table is drawn). */
  useSaveKeys(saveKeys) {
    this.keeper.saveKeys = saveKeys;
  }

  /** The table drawn is not Python's: gone at once, so the next snapshot is drawn afresh. */
  #forgetDrawn() {
    Object.assign(this.state, {
      snap: null,
      cam: null,
      turned: null,
      sprites: new Map(),
      flights: [],
      floaters: [],
      pegs: null,
      deal: null,
      selected: null,
      drag: null,
      parked: null,
    });
    this.state.hiddenLayout.clear();
    this.floaters.clear();
    this.panel.hide();
    this.hud.blank();
    this.changed();
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
      invite: () => this.hosting?.inviteWaiting(),
      react: () => this.#react(),
    };
  }

  // ================================================================================ across devices

  /** The engine as the table calls it: on the host, each reply goes out to the friends too.
   * net/ is fetched only for a table across devices (a guest's page, or the host's first reply
   * that has a friend's seat): a first visit that plays alone does not wait for its 25 kB. */
  #net(bridge, guest) {
    const root = this.hud.root;
    const dialogs = {
      invite: async () => new (await import("../ui/dialogs/invite.js")).InviteDialog(root),
      join: async () => new (await import("../ui/dialogs/invite.js")).JoinDialog(root),
      scan: async (video, signal) => (await import("../net/qr.js")).scan(video, { signal }),
    };
    const common = {
      toast: (text) => this.hud.toast(text, TOAST_MS),
      reacted: (seat, id) => this.#reacted(seat, id),
      changed: () => this.#netChanged(),
      dialogs,
      // the player's own list (prefs.iceServers, README "Across the internet"), else peer.js's
      iceServers: Array.isArray(this.prefs.iceServers) ? this.prefs.iceServers : undefined,
      site: `${location.origin}${location.pathname}`,
    };
    if (guest) {
      this.guesting = new guest.Guesting({
        ...common,
        local: bridge,
        accept: (reply) => this.#fromHost(reply),
        // a match across devices counts on this device for its own player (the host's reveal,
        // checked by this device's Python, makes its entry)
        career: () => ({ entries: this.careerFlow.career.entries, attempts: this.careerFlow.career.attempts }),
        counted: (shared) => {
          const entry = this.careerFlow.counted(shared);
          if (entry && this.state.snap?.match.over) this.panel.showRace(entry, this.state.snap);
        },
      });
      return;
    }
    let loading = null;
    const hosting = () =>
      (loading ??= import("../net/hosting.js").then(({ Hosting }) => {
        this.hosting = new Hosting({
          ...common,
          call: (op, payload) => this.controller.call(op, payload, false),
          accept: (reply) => this.controller.accept(reply),
          gathered: (gathering) => this.#gathered(gathering),
          away: (seat, name) => this.#away(seat, name),
        });
        return this.hosting;
      }));
    this.engine = {
      call: async (op, payload) => {
        const reply = await bridge.call(op, payload);
        // a reply about friends (a gathering, a table with a friend's seat, texts for one) loads
        // the host's side first; once loaded, it reads every reply (one without friends ends it)
        const friends = reply?.gathering || reply?.snapshot?.net || reply?.outbox;
        if (this.hosting || friends) (await hosting()).sent(reply);
        return reply;
      },
    };
  }

  /** The host's table reached this guest's page: a new round closes the last one's panel. */
  async #fromHost(reply) {
    const prev = this.state.snap;
    if (prev && reply.snapshot.round_no !== prev.round_no && this.panel.visible) this.panel.hide();
    await this.controller.accept(reply);
  }

  /** A table across devices before its deal: the felt, and who is awaited. */
  #gathered(gathering) {
    this.gathering = gathering;
    if (!this.guesting) forgetTable(); // no table to come back to: the next visit waits for Python
    Object.assign(this.state, { snap: null, selected: null, drag: null, hint: null });
    this.panel.hide();
    const waiting = gathering.friends.filter((f) => !f.joined).map((f) => f.name ?? T.netTable.someone);
    this.hud.gathering(T.netTable.waitingFor(T.sideName(waiting)));
    this.#netChanged();
  }

  #netHook() {
    return this.hosting?.hook() ?? this.guesting?.hook() ?? { role: null, seats: [], commitment: null };
  }

  /** The seats played elsewhere, with how each stands, and the tools that go with them. */
  #netChanged() {
    const net = this.#netHook();
    const names = new Map((this.state.snap?.seats ?? []).map((s) => [s.seat, T.seatName(s.label)]));
    const friends = this.hosting?.friends ?? [];
    const named = (seat) => names.get(seat) ?? friends.find((f) => f.seat === seat)?.name ?? null;
    const seats = net.seats
      .filter((s) => s.seat !== this.state.snap?.viewer)
      .map((s) => ({ name: named(s.seat), presence: s.presence }));
    const invite = Boolean(this.hosting?.active && net.seats.some((s) => s.presence !== "connected"));
    this.hud.net({ seats, invite, react: Boolean(net.role) });
    this.changed();
  }

  /** A friend's connection ended: until it is back the table waits, or a computer plays it. */
  async #away(seat, name) {
    const level = "casual";
    const buttons = [
      { id: "away-wait", text: T.netTable.wait, value: null, primary: true },
      { id: "away-stand-in", text: T.netTable.standIn(T.controllers[level]), value: level },
    ];
    const text = h("p", { text: T.netTable.awayText });
    const root = this.hud.root;
    const chosen = await this.modal(() =>
      askDialog("away-dialog", T.netTable.awayTitle(name), [text], buttons, { root, cancel: null }),
    );
    const snap = this.state.snap;
    const standing = snap?.seats.find((s) => s.seat === seat)?.stand_in ?? null;
    if (snap && chosen !== standing && this.hosting?.presence(seat) !== "connected")
      await this.controller.send("stand_in", { seat, level: chosen });
  }

  /** A friend's (or the host's) quick reaction, shown on this device. */
  #reacted(seat, id) {
    const label = this.state.snap?.seats.find((s) => s.seat === seat)?.label;
    const name = label ? T.seatName(label) : (this.hosting?.friends.find((f) => f.seat === seat)?.name ?? "");
    this.hud.toast(T.netTable.reacted(name, T.netTable.reactions[id] ?? id), TOAST_MS);
  }

  /** The React tool: one of the quick reactions, to every device at the table. */
  async #react() {
    const buttons = Object.entries(T.netTable.reactions).map(([id, text], i) => ({
      id: `react-${id}`,
      text,
      value: id,
      primary: i === 0,
    }));
    buttons.push({ id: "react-cancel", text: T.cancel, value: null });
    const root = this.hud.root;
    const id = await this.modal(() => askDialog("react-dialog", T.netTable.reactTitle, [], buttons, { root }));
    if (!id) return;
    if (this.guesting) this.guesting.react(id);
    else if (this.hosting?.active) {
      const reply = await this.controller.call("react", { id }, false);
      if (reply?.ok) this.#reacted(reply.relay.seat, id);
    }
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
    if (this.guesting) {
      this.onReady(); // the join dialog is the question a person answers first
      await this.guesting.join(this.invite || null);
      return;
    }
    const { choices } = await this.controller.opening(() => startTable(this.#starting()));
    this.tools.choices ??= choices;
    this.careerFlow.refresh(); // the trophies: which designs may be drawn
    this.#woke();
  }

  /** Python has the table: a move held while it woke goes now (waking.js says if it may). */
  #woke() {
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

  /** A tile that does not play says why (a shake alone tells a first-timer nothing). */
  #sayWhyNot(tile) {
    const snap = this.state.snap;
    const why = snap?.hand.find((t) => t.tile === tile)?.why_not;
    if (!why || snap.round.over || this.state.work) return;
    this.hud.toast(T.whyNot[why]?.(tile, snap.lead_rule?.tile ?? null) ?? "", WHY_NOT_MS);
  }

  // ================================================================================ a new snapshot

  #show(snap, events, source) {
    // kept for the next visit as Python made it, before the page words it (a stopped tab keeps
    // nothing: the table is another tab's)
    if (source !== "kept" && !this.guesting && !this.controller.halted) keepTable(snap);
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
    if (snap.match.over && !this.guesting && source !== "kept") {
      // the finished match joins the career; its entry gives the panel its score race (a guest's
      // comes with the host's reveal: Guesting's counted)
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
