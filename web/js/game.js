// The table, put together: the state (state.js), the request flow (controller.js), pointer and
// keyboard input, the HUD, the round panel and the dialogs, and the frame loop that draws it all
// (draw.js, seats.js) only while something moves.
//
//   const game = new Game(bridge);   // bridge.call(op, payload) -> reply (see bridge.js)
//   await game.start();              // resumes the saved match; a link (?players=4...) asks first

import { planEvents, planRack } from "./anim.js";
import { armLabel, cameraTarget, easeCamera, orient } from "./camera.js";
import { ClaimPad } from "./claim.js";
import { Controller } from "./controller.js";
import { askToReplace, NewGameDialog, showRules } from "./dialog.js";
import { drawBackground, drawDragged, drawFlights, drawFloaters, drawHand, drawLayout, drawTargets } from "./draw.js";
import { Hud } from "./hud.js";
import { listenKeyboard } from "./keyboard.js";
import { clearLink, linkParams } from "./links.js";
import { Panel } from "./panel.js";
import { drawPegs, updatePegs } from "./pegs.js";
import { listenPointer } from "./pointer.js";
import { boneyardCenter, computeRegions, positionOf, rackAngle } from "./regions.js";
import { setDevicePixelRatio } from "./render.js";
import { notePoint, rackSlotOf, seatFrom } from "./scene.js";
import { drawBoneyard, drawSeats } from "./seats.js";
import { Sound } from "./sound.js";
import { anchorSeat, canAct, createState, isIdle } from "./state.js";
import { loadPrefs, loadSave, storePrefs, storeSave } from "./storage.js";
import { T } from "./strings.js";
import { installTestHook, testState } from "./testhook.js";

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

export class Game {
  constructor(bridge, canvas = document.getElementById("table")) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.state = createState();
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted });
    this.bg = {}; // the cached background layer (draw.js)
    this.raf = 0;
    this.wakeTimer = 0;
    this.lastFrame = 0;
    this.idleWaiters = [];
    this.choices = null;
    this.hud = new Hud({
      pass: () => this.controller.act({ kind: "pass" }),
      newGame: () => this.#openNewGame(),
      rules: () => this.#openRules(),
      toggleSound: () => this.#toggleSound(),
      toggleSum: () => this.controller.toggleSum(),
      hint: () => this.controller.hint(),
      ready: () => this.controller.ready(),
    });
    this.hud.setMuted(this.prefs.muted);
    this.panel = new Panel(this.hud.root, { next: () => this.controller.next() });
    this.dialog = new NewGameDialog(this.hud.root, {
      start: (settings) => this.controller.newGame(settings),
      form: async (settings) => (await this.controller.call("rules_form", { settings }, false))?.form ?? null,
      closed: () => {
        this.state.dialogOpen = false;
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
      save: (text) => storeSave(text),
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
    const act = {
      play: (tile, arm, source) =>
        this.controller.act(arm ? { kind: "play", tile, arm } : { kind: "play", tile }, source),
      draw: () => this.controller.act({ kind: "draw" }),
      pass: () => this.controller.act({ kind: "pass" }),
      hint: () => this.controller.hint(),
      shake: (tile) => {
        this.state.shakes.set(tile, performance.now());
        this.changed();
      },
      changed: () => this.changed(),
    };
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "domino table");
    canvas.setAttribute("aria-label", "Domino table");
    listenPointer({ canvas, state: this.state, act });
    listenKeyboard({ canvas, state: this.state, act });
    const unlock = () => this.sound.unlock();
    window.addEventListener("pointerdown", unlock, { capture: true });
    window.addEventListener("keydown", unlock, { capture: true });
    this.#watchSize();
    installTestHook({
      state: () => testState(this.state, { canvas, hud: this.hud, panel: this.panel, claimPad: this.claimPad }),
      idle: () => this.whenIdle(),
      record: () => JSON.parse(loadSave() ?? "null")?.record ?? null,
    });
  }

  // ================================================================================ starting

  /**
   * Resume the saved match, or begin one. A link in the address bar starts its game: at once when
   * there is no match in progress, after asking when there is; a bad link says why and the
   * table is the usual one.
   */
  async start() {
    const params = linkParams();
    clearLink();
    const call = (op, payload) => this.controller.call(op, payload);
    this.choices = (await call("choices"))?.choices ?? null;
    const own = this.prefs.settings ?? undefined;
    let link = null;
    if (Object.keys(params).length) {
      link = await call("link", { params, settings: own });
      if (!link?.ok) this.hud.toast(T.badLink(link?.error ?? "?"), 7000);
    }
    const save = loadSave();
    let reply;
    if (link?.ok && !save) reply = await call("start", { settings: link.settings, seed: link.seed });
    else reply = await call("start", save ? { save } : { settings: own });
    if (reply && !reply.ok) reply = await call("start", {}); // settings no longer accepted
    if (reply?.ok && save && !reply.notice) reply = { ...reply, events: [] }; // resumed: nothing to deal
    this.controller.accept(reply);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    if (link?.ok && save) this.#replaceWithLink(link);
  }

  /** A link's game over a saved one: asked first while that match is in progress. */
  async #replaceWithLink(link) {
    if (this.state.snap?.match.in_progress) {
      this.state.dialogOpen = true;
      const yes = await askToReplace(this.hud.root);
      this.state.dialogOpen = false;
      this.changed();
      if (!yes) return;
    }
    await this.controller.newGame(link.settings, link.seed, { remember: false });
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
    this.canvas.focus({ preventScroll: true });
    this.changed();
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
    const state = this.state;
    const prev = state.snap;
    state.parked = null;
    if (!prev || events.length || prev.turn !== snap.turn || prev.round_no !== snap.round_no)
      this.controller.clearHint();
    const now = performance.now();
    const heldBefore = state.sprites;
    const prevAnchor = state.anchor;
    const seatFromBefore = (seat) => seatFrom(state, seat, prev ?? snap);
    state.snap = snap;
    state.anchor = anchorSeat(snap);
    this.#regions();
    const dealt = events.some((e) => e.kind === "deal");
    const R = state.R;
    state.turned = orient({
      bounds: snap.layout.bounds,
      free: R.free,
      kMax: R.kMax,
      turned: state.turned,
      fresh: dealt || !prev,
    });
    if (!state.cam || dealt) state.cam = cameraTarget(snap.layout.bounds, R.free, state.turned, R.kMax);
    if (dealt) {
      state.flights = [];
      state.hiddenLayout.clear();
      state.selected = null;
      state.deal = { t0: now };
    }
    const reduced = reducedMotion.matches;
    const bone = { ...boneyardCenter(R), s: R.boneS };
    // a new viewer's rack (pass-and-play) is simply there, as after a reload
    const resumed = !prev || prevAnchor !== state.anchor || prev.viewer !== snap.viewer;
    state.sprites = planRack(resumed ? new Map() : heldBefore, snap.hand, {
      now,
      dealt,
      resumed: resumed && !dealt,
      slot: (i) => rackSlotOf(state, i),
      angle: rackAngle(R),
      s: R.handS,
      bone,
      reduced,
    });
    if (state.selected && !snap.hand.some((t) => t.tile === state.selected && t.playable)) state.selected = null;
    const plan = planEvents(events, {
      now,
      viewer: snap.viewer,
      layout: snap.layout.tiles,
      held: heldBefore,
      source,
      seatFrom: prev && prevAnchor === state.anchor ? seatFromBefore : (seat) => seatFrom(state, seat),
      bone,
      notePoint: (seat) => notePoint(state, seat),
      words: {
        passed: T.passed,
        drew: T.drew,
        muggins: snap.rules.cribbage ? T.mugginsPegs : T.mugginsFloat,
        award: snap.rules.cribbage ? T.pegsFloat : null,
      },
      reduced,
    });
    state.pegs = updatePegs(state.pegs, snap.pegs, now, reduced);
    state.flights.push(...plan.flights);
    state.floaters.push(...plan.floaters);
    for (const i of plan.hidden) state.hiddenLayout.add(i);
    for (const s of plan.sounds) this.sound[s]?.();
    for (const e of events) {
      if (e.kind === "placed" && e.taker >= 0) {
        const name = (seat) => snap.seats[seat].name;
        this.hud.toast(T.mugginsCall(name(e.taker), e.made, name(e.seat)), 5000);
      }
    }
    this.#refreshHud();
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

  /** A move's notation with its arm as the table shows it ("6-3@E" -> "6-3@S" when turned). */
  #moveLabel(move) {
    return move.replace(/@([WENS])/, (_, arm) => `@${armLabel(arm, this.state.turned)}`);
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
