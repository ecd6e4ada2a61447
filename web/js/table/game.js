// The table, put together: the state (state.js), the request flow (controller.js), pointer and
// keyboard input, the HUD, the round panel and the dialogs, and the frame loop that draws it all
// (draw.js, seats.js) only while something moves.
//
//   const game = new Game(bridge);   // bridge.call(op, payload) -> reply (see bridge.js)
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first

import { CareerFlow } from "../career/flow.js";
import {
  drawBackground,
  drawDragged,
  drawFlights,
  drawFloaters,
  drawHand,
  drawLayout,
  drawTargets,
} from "../draw/draw.js";
import { drawPegs } from "../draw/pegs.js";
import { setDevicePixelRatio } from "../draw/render.js";
import { drawBoneyard, drawSeats } from "../draw/seats.js";
import { Sound } from "../draw/sound.js";
import { LANG, LANGUAGES } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";
import { loadPrefs, sameSave, storageWorks, storePrefs, storeSave } from "../store/storage.js";
import { ClaimPad } from "../ui/claimpad.js";
import { showHowTo } from "../ui/dialogs/howto.js";
import { NewGameDialog, showKeys, showRules } from "../ui/dialogs/newgame.js";
import { showFairDeal } from "../ui/dialogs/notices.js";
import { Hud } from "../ui/hud.js";
import { Panel } from "../ui/panel.js";
import { ScreenReader } from "../ui/screenreader.js";
import { armLabel, cameraTarget, easeCamera, orient } from "./camera.js";
import { Controller } from "./controller.js";
import { takeSnapshot } from "./intake.js";
import { listenKeyboard } from "./keyboard.js";
import { listenPointer } from "./pointer.js";
import { computeRegions, positionOf } from "./regions.js";
import { startTable } from "./startup.js";
import { canAct, createState, isIdle } from "./state.js";
import { installTestHook, testState } from "./testhook.js";

const SAVE_RETRY_MS = 5000; // while a save fails, how often it is tried again without a move
const WHY_NOT_MS = 2500; // "6-2 matches no open end": one short line
const TOAST_MS = 7000; // a muggins call or a partner's note: time to read a sentence of two lines

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

export class Game {
  constructor(bridge, { saveKeys = null, canvas = document.getElementById("table") } = {}) {
    this.canvas = canvas;
    this.saveKeys = saveKeys; // seals and signs saves (savekeys.js); null where the browser cannot
    this.stopped = false;
    this.ctx = canvas.getContext("2d");
    this.state = createState();
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted });
    this.bg = {}; // the cached background layer (draw.js)
    this.raf = 0;
    this.wakeTimer = 0;
    this.retryTimer = 0;
    this.lastFrame = 0;
    this.idleWaiters = [];
    this.choices = null;
    this.hud = new Hud({
      pass: () => this.controller.act({ kind: "pass" }),
      newGame: () => this.#openNewGame(),
      rules: () => this.#openRules(),
      keys: () => this.#openKeys(),
      howTo: () => this.#openHowTo(),
      dismissHowTo: () => this.#howToDone(),
      language: () => this.#switchLanguage(),
      fair: () => this.#openFair(),
      career: () => this.#openCareer(),
      toggleSound: () => this.#toggleSound(),
      toggleSum: () => this.controller.toggleSum(),
      hint: () => this.controller.hint(),
      ready: () => this.controller.ready(),
    });
    this.hud.setMuted(this.prefs.muted);
    // After a panel or a dialog the keyboard is back on the table, where the next action is.
    this.panel = new Panel(this.hud.root, {
      next: () => {
        this.controller.next();
        this.#focusTable();
      },
    });
    this.dialog = new NewGameDialog(this.hud.root, {
      start: (settings) => this.controller.newGame(settings),
      form: async (settings) => (await this.controller.call("rules_form", { settings }, false))?.form ?? null,
      closed: () => {
        this.state.dialogOpen = false;
        this.#focusTable();
        this.changed();
      },
    });
    this.claimPad = new ClaimPad(this.hud.root, {
      claim: (points) => {
        this.state.claimOpen = false;
        this.onClaim?.(points);
      },
      cancel: () => {
        Object.assign(this.state, { claimOpen: false, parked: null, selected: null });
        this.canvas.focus({ preventScroll: true });
        this.changed();
      },
    });
    const store = {
      prefs: this.prefs,
      save: (text) => this.#store(text),
      savePrefs: () => storePrefs(this.prefs),
    };
    const view = {
      hud: this.hud,
      panel: this.panel,
      show: (snap, events, source) => this.#show(snap, events, source),
      settled: () => this.#settled(),
      changed: () => this.changed(),
      canAct: () => canAct(this.state),
      openPanel: () => {
        this.hud.offerHowTo(false); // a round played: no longer a first visit
        this.panel.show(this.state.snap);
        this.state.panelOpen = true;
      },
      showReview: () => this.panel.showReview(this.state.review, (m) => this.#moveLabel(m), this.state.snap),
      hintMove: (hint) => this.#hintMove(hint),
      askClaim: (then) => {
        this.onClaim = then;
        this.state.claimOpen = true;
        this.claimPad.show(this.state.snap.rules.max_claim);
        this.changed();
      },
    };
    this.controller = new Controller({ bridge, state: this.state, view, store });
    this.careerFlow = new CareerFlow({
      call: (op, payload) => this.controller.call(op, payload, false),
      game: {
        prefs: this.prefs,
        savePrefs: () => storePrefs(this.prefs),
        root: this.hud.root,
        toast: (text) => this.hud.toast(text, TOAST_MS),
        lastMatchId: () => this.#lastMatchId(),
        inProgress: () => Boolean(this.state.snap?.match.in_progress),
        newDaily: (date) => this.controller.newGame(null, null, { remember: false, daily: date }),
        opened: () => {
          this.state.dialogOpen = true;
        },
        closed: () => {
          this.state.dialogOpen = false;
          this.#focusTable();
          this.changed();
        },
        redraw: () => {
          this.bg = {}; // the felt is painted once per size: paint it again in the new design
          this.panel.repaint?.();
          this.changed();
        },
      },
    });
    const act = {
      play: (tile, arm, source) =>
        this.controller.act(arm ? { kind: "play", tile, arm } : { kind: "play", tile }, source),
      draw: () => this.controller.act({ kind: "draw" }),
      pass: () => this.controller.act({ kind: "pass" }),
      hint: () => this.controller.hint(),
      keys: () => this.#openKeys(),
      shake: (tile) => {
        this.state.shakes.set(tile, performance.now());
        this.#sayWhyNot(tile);
        this.changed();
      },
      changed: () => {
        this.reader.select(this.state);
        this.changed();
      },
    };
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
    listenPointer({ canvas, state: this.state, act });
    listenKeyboard({ canvas, state: this.state, act });
    const unlock = () => this.sound.unlock();
    window.addEventListener("pointerdown", unlock, { capture: true });
    window.addEventListener("keydown", unlock, { capture: true });
    this.#watchSize();
    if (!storageWorks()) this.hud.saveTrouble(true);
    // the test hook is there for automated browsers only (navigator.webdriver): see the README
    if (navigator.webdriver) {
      installTestHook({
        state: () => {
          const table = testState(this.state, { canvas, hud: this.hud, panel: this.panel, claimPad: this.claimPad });
          return table && { ...table, ...this.careerFlow.hook() };
        },
        idle: () => this.whenIdle(),
        record: async () => (await this.controller.call("record", {}, false))?.record ?? null,
      });
    }
  }

  // ================================================================================ starting

  /** Resume the saved match or begin one, then follow a link (startup.js). */
  async start() {
    await startTable(this);
    this.careerFlow.loadDaily(); // the day's deal, for the career screen and the test hook
    this.careerFlow.refresh(); // the trophies: which designs may be drawn
  }

  /** Another tab took the table: this one stops, saves nothing more, and asks nothing more. */
  stop() {
    this.stopped = true;
    this.controller.stop();
    this.claimPad.close();
    this.panel.hide();
    Object.assign(this.state, { panelOpen: false, claimOpen: false, selected: null, drag: null, parked: null });
  }

  /** This tab has the table again: the match comes back from storage, as the other tab left it. */
  resume() {
    this.stopped = false;
    this.savedText = null;
    this.controller.resume();
    return startTable(this);
  }

  /** Keep the engine's save text; say (and keep saying) when storage fails. */
  async #store(text) {
    clearTimeout(this.retryTimer);
    this.lastSave = text;
    if (this.stopped || sameSave(text, this.savedText)) return; // nothing new: the stored save stands
    const done = await storeSave(this.saveKeys, text);
    if (done === "saved") this.savedText = text;
    if (done === "stale") {
      this.onStale?.(); // another tab played on: this one is behind
      return;
    }
    this.hud.saveTrouble(done !== "saved");
    // storage may come back (space freed, another tab closed) before the next move: try again
    if (done !== "saved") this.retryTimer = setTimeout(() => this.#store(text), SAVE_RETRY_MS);
  }

  /** The match in play's id, from its last save (the daily deal's attempts are kept by it). */
  #lastMatchId() {
    try {
      return JSON.parse(this.lastSave ?? "null")?.match_id ?? null;
    } catch {
      return null;
    }
  }

  async #openCareer() {
    await this.careerFlow.open();
  }

  async #openFair() {
    const fair = this.state.snap?.fair;
    if (!fair) return;
    this.state.dialogOpen = true;
    await showFairDeal(fair, async () => (await this.controller.call("record", {}, false))?.record);
    this.state.dialogOpen = false;
    this.#focusTable();
    this.changed();
  }

  async #openNewGame() {
    this.choices ??= (await this.controller.call("choices", {}, false))?.choices;
    if (!this.choices) return;
    this.state.dialogOpen = true;
    // the last choices made in the dialog, else the table in play
    const last = this.prefs.settings?.seats ? this.prefs.settings : this.state.snap?.settings;
    this.dialog.show(this.choices, last);
  }

  async #openRules() {
    const reply = await this.controller.call("rules_text", {}, false);
    if (!reply?.ok) return;
    this.state.dialogOpen = true;
    await showRules(this.hud.root, reply.rules);
    this.state.dialogOpen = false;
    this.#focusTable();
    this.changed();
  }

  async #openKeys() {
    this.state.dialogOpen = true;
    await showKeys(this.hud.root);
    this.state.dialogOpen = false;
    this.#focusTable();
    this.changed();
  }

  async #openHowTo() {
    this.#howToDone();
    if (!this.state.snap) return; // the table's rules are not in yet
    this.state.dialogOpen = true;
    await showHowTo(this.hud.root, this.state.snap);
    this.state.dialogOpen = false;
    this.#focusTable();
    this.changed();
  }

  /** The next language, remembered; the page reloads in it (the match is saved: nothing is lost). */
  #switchLanguage() {
    const codes = Object.keys(LANGUAGES);
    this.prefs.lang = codes[(codes.indexOf(LANG) + 1) % codes.length];
    storePrefs(this.prefs);
    location.reload();
  }

  /** How to play was opened or declined: not offered again. */
  #howToDone() {
    this.hud.offerHowTo(false);
    if (this.prefs.howTo) return;
    this.prefs.howTo = true;
    storePrefs(this.prefs);
  }

  /** A tile that does not play says why (a shake alone tells a first-timer nothing). */
  #sayWhyNot(tile) {
    const snap = this.state.snap;
    const why = snap?.hand.find((t) => t.tile === tile)?.why_not;
    if (!why || snap.round.over || this.state.pending) return;
    this.hud.toast(T.whyNot[why]?.(tile, snap.lead_rule?.tile ?? null) ?? "", WHY_NOT_MS);
  }

  #focusTable() {
    if (!this.panel.visible) this.canvas.focus({ preventScroll: true });
  }

  #toggleSound() {
    this.prefs.muted = !this.prefs.muted;
    storePrefs(this.prefs);
    this.sound.setMuted(this.prefs.muted);
    this.hud.setMuted(this.prefs.muted);
    if (!this.prefs.muted) {
      this.sound.unlock();
      this.sound.clink();
    }
  }

  // ================================================================================ a new snapshot

  #show(snap, events, source) {
    const prev = this.state.snap;
    if (!prev || events.length || prev.turn !== snap.turn || prev.round_no !== snap.round_no)
      this.controller.clearHint();
    const out = takeSnapshot(this.state, snap, events, source, {
      layout: () => this.#regions(),
      reduced: reducedMotion.matches,
    });
    for (const s of out.sounds) this.sound[s]?.();
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

  #regions() {
    const state = this.state;
    const { w, h } = state.size;
    if (!w || !h) return;
    const players = state.snap?.seats.length ?? 2;
    const positions = state.snap
      ? state.snap.seats.map((s) => positionOf(s.seat, state.anchor, players)).filter((p) => p !== "bottom")
      : ["top"];
    const pegRows = state.snap?.rules.cribbage ? state.snap.sides.length : 0;
    const handCount = state.snap?.hand.length || 7;
    state.R = computeRegions({ w, h, topH: this.hud.topHeight(), handCount, positions, pegRows });
    const R = state.R;
    this.hud.place({ statusTop: R.statusTop, rackTop: R.rack.y, tableBottom: R.table.y + R.table.height });
  }

  #refreshHud() {
    if (this.state.snap)
      this.hud.update(this.state.snap, { thinking: this.state.snap.computer_to_move, turned: this.state.turned });
  }

  /** The hint's move in words, with the arm named as the table shows it. */
  #hintMove(hint) {
    if (hint.kind === "draw") return T.hintDraw;
    if (hint.kind === "pass") return T.hintPass;
    return hint.arm ? T.hintPlay(hint.tile, armLabel(hint.arm, this.state.turned)) : T.hintLead(hint.tile);
  }

  /** A move's notation in words, its arm as the table shows it ("6-3@E" -> "6-3 on South" when
   * turned; "draw", "pass"). */
  #moveLabel(move) {
    if (move === "draw") return T.hintDraw;
    if (move === "pass") return T.hintPass;
    const [tile, arm] = move.split("@");
    return T.moveWords(tile, arm ? armLabel(arm, this.state.turned) : null);
  }

  // ================================================================================ waiting

  /** Resolves once flights, rack slides and the camera have come to rest. */
  #settled() {
    return new Promise((resolve) => {
      const check = () => {
        if (
          !this.state.dirty &&
          !this.state.moving &&
          !this.state.flights.length &&
          !this.state.deal &&
          !this.state.drag
        )
          resolve();
        else setTimeout(check, 16);
      };
      this.changed();
      setTimeout(check, 0);
    });
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

  // ================================================================================ the frame

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  changed() {
    this.state.dirty = true;
    if (!this.raf) this.raf = requestAnimationFrame((t) => this.#frame(t));
  }

  #watchSize() {
    const c = this.canvas;
    const first = c.getBoundingClientRect();
    this.state.size = { w: first.width, h: first.height, dpr: window.devicePixelRatio || 1 };
    const ro = new ResizeObserver((entries) => {
      const entry = entries[0];
      const dpr = window.devicePixelRatio || 1;
      const { width: w, height: h } = entry.contentRect;
      let bw = Math.round(w * dpr);
      let bh = Math.round(h * dpr);
      const box = entry.devicePixelContentBoxSize?.[0];
      if (box) {
        bw = box.inlineSize;
        bh = box.blockSize;
      }
      this.state.size = { w, h, dpr: w ? bw / w : dpr };
      if (c.width !== bw || c.height !== bh) {
        c.width = bw;
        c.height = bh;
      }
      this.#regions();
      const { snap, R } = this.state;
      if (snap && R) {
        this.state.turned = orient({
          bounds: snap.layout.bounds,
          free: R.free,
          kMax: R.kMax,
          turned: this.state.turned,
        });
        this.state.cam = cameraTarget(snap.layout.bounds, R.free, this.state.turned, R.kMax);
        this.#refreshHud();
      }
      this.changed();
    });
    try {
      ro.observe(c, { box: "device-pixel-content-box" });
    } catch {
      ro.observe(c);
    }
    reducedMotion.addEventListener?.("change", () => this.changed());
  }

  #frame(now) {
    const state = this.state;
    this.raf = 0;
    state.dirty = false;
    const dt = this.lastFrame ? Math.min(64, now - this.lastFrame) : 16;
    this.lastFrame = now;
    const { w, h, dpr } = state.size;
    if (!w || !h || !state.R) return;
    const ctx = this.ctx;
    setDevicePixelRatio(dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBackground(ctx, state, this.canvas, this.bg);
    const snap = state.snap;
    if (!snap) return;
    const reduced = reducedMotion.matches;
    const goal = cameraTarget(snap.layout.bounds, state.R.free, state.turned, state.R.kMax);
    const eased = easeCamera(state.cam, goal, dt, reduced);
    state.cam = eased.cam;
    let moving = eased.moving; // anything a test or the flow must wait for
    let decorating = false; // pulses and rising points: keep drawing, nothing to wait for
    const pulse = 0.5 + 0.5 * Math.sin(now / 260);
    const ok = canAct(state);
    drawLayout(ctx, state);
    if (drawTargets(ctx, state, pulse, ok)) decorating = true;
    const seats = drawSeats(ctx, state, now, reduced);
    if (seats.glowing) decorating = true;
    if (drawBoneyard(ctx, state, pulse, snap.can_draw && ok)) decorating = true;
    if (drawHand(ctx, state, now, ok, reduced)) moving = true;
    const landed = (land) => {
      for (const s of land.sounds) this.sound[s]?.();
      state.floaters.push(...land.floaters);
    };
    if (drawFlights(ctx, state, now, landed)) moving = true;
    if (drawDragged(ctx, state)) moving = true;
    if (drawPegs(ctx, state, now)) moving = true;
    if (drawFloaters(ctx, state, now, reduced)) decorating = true;
    this.hud.setHintButton({ enabled: ok, thinking: state.hintThinking });
    state.moving = moving;
    if (moving || decorating || state.flights.length || state.deal) this.changedQuietly();
    else if (seats.wakeAt && !this.wakeTimer) {
      this.wakeTimer = setTimeout(
        () => {
          this.wakeTimer = 0;
          this.changedQuietly();
        },
        Math.max(16, seats.wakeAt - performance.now()),
      );
    }
    this.#checkIdle();
  }

  /** Another frame, without counting the table as unsettled (pulses, thinking dots). */
  changedQuietly() {
    if (!this.raf) this.raf = requestAnimationFrame((t) => this.#frame(t));
  }
}
