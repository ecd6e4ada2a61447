// @ts-check
// The frame loop: it owns the canvas's size and the screen regions, and draws a frame only while
// something changed or moves (flights, rack slides, the camera, pulses, thinking dots). Drawing
// reads the state and never changes what the person may do; what lands plays its sound. Rising
// words and points are not drawn here: each frame hands what the table queued to the floaters'
// layer (draw/floaters.js, made here), which the browser animates without the canvas. After each
// frame, whoever waits for the table to wait for a person (idle()) is told.
//
//   const frames = new Frames({ canvas, felt, layer, state, hud, sound, resized });
//   frames.changed();        // something changed: a frame is due (the table counts as unsettled)
//   await frames.settled();  // flights, rack slides and the camera have come to rest
//   await frames.idle();     // the table waits for a person (board/state.js isIdle)
//   frames.drawNow();        // a frame now, not at the next animation frame (a kept table's first)
//
// The first frame that draws a table marks performance "allthrees:table" (scripts/bench web).

import { cameraTarget, easeCamera, orient } from "../board/camera.js";
import { computeRegions, positionOf } from "../board/regions.js";
import { canAct, isDrawn, isIdle, isStill } from "../board/state.js";
import { drawBackground, drawDragged, drawFlights, drawHand, drawLayout, drawTargets } from "./draw.js";
import { Floaters } from "./floaters.js";
import { drawPegs } from "./pegs.js";
import { setDevicePixelRatio } from "./render.js";
import { drawBoneyard, drawSeats } from "./seats.js";

/** @typedef {import("../board/state.js").State} State */
/**
 * What the frame loop asks of the HUD (ui/hud.js): the score bar's height, where its lines go,
 * and the hint button's state.
 * @typedef {Object} FramesHud
 * @property {() => number} topHeight
 * @property {(o: {statusTop: number, rackTop: number, tableBottom: number}) => void} place
 * @property {(o: {enabled: boolean, thinking: boolean}) => void} setHintButton
 */

const MAX_FRAME_STEP_MS = 64; // a frame after a long pause animates as if 64 ms had passed
const FIRST_FRAME_STEP_MS = 16;
const SETTLE_POLL_MS = 16; // how often settled() looks again: about a frame
const PULSE_PERIOD = 260; // ms per radian of the lit ends' pulse (a slow breath, ~1.6 s)
const STEADY_PULSE = 0.75; // the pulse held still, with reduced motion: bright enough to find
// When only decorations move (the lit ends' and the boneyard's pulse, a seat's glow): a frame
// every 40 ms at most, about 25 a second, smooth for a 1.6 s breath. At every display frame they
// kept the main thread busy most of the time while a person only looks at the table (a trace of a
// table across devices: 55 frames a second, ~8 ms each, on both devices), so a message or a worker's
// answer queued behind them, and a phone's battery paid for it.
const DECORATION_FRAME_MS = 40;

export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

export class Frames {
  /**
   * @param {object} o
   * @param {HTMLCanvasElement} o.canvas the table (cleared and drawn each frame)
   * @param {HTMLCanvasElement} o.felt under it: the felt, the band and the rack (draw.js)
   * @param {HTMLElement} o.layer the floaters' layer: an element over the canvas, as large
   * @param {State} o.state see board/state.js
   * @param {FramesHud} o.hud the HUD (ui/hud.js): its height, where its lines go, the hint button
   * @param {{play: (cue: import("../board/anim.js").Cue) => void}} o.sound sound/sound.js: a landing
   *   tile's sounds
   * @param {() => void} o.resized after the size (and so the camera) changed
   */
  constructor({ canvas, felt, layer, state, hud, sound, resized }) {
    this.canvas = canvas;
    this.felt = felt;
    this.ctx = /** @type {CanvasRenderingContext2D} asked for only in 2D */ (canvas.getContext("2d"));
    this.state = state;
    this.hud = hud;
    this.sound = sound;
    this.floaters = new Floaters(layer); // rising words and points, over the canvas
    /** @type {((idle: boolean) => void)[]} */
    this.idleWaiters = [];
    this.resized = resized;
    this.raf = 0;
    this.wakeTimer = 0;
    this.decorationTimer = 0;
    this.lastFrame = 0;
    this.tableMarked = false;
    this.#watchSize();
  }

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  changed() {
    this.state.dirty = true;
    this.changedQuietly();
  }

  /** Another frame, without counting the table as unsettled (pulses, thinking dots). */
  changedQuietly() {
    clearTimeout(this.decorationTimer);
    this.decorationTimer = 0;
    if (!this.raf) this.raf = requestAnimationFrame((t) => this.#frame(t));
  }

  /** The next frame for decorations alone: at DECORATION_FRAME_MS, unless a change comes first. */
  #decorateLater() {
    if (this.raf || this.decorationTimer) return;
    this.decorationTimer = setTimeout(() => {
      this.decorationTimer = 0;
      this.changedQuietly();
    }, DECORATION_FRAME_MS - FIRST_FRAME_STEP_MS); // the frame itself waits for the next vsync
  }

  /** Draw a frame now (it throws what drawing throws): the table is there by the first paint. */
  drawNow() {
    cancelAnimationFrame(this.raf);
    clearTimeout(this.decorationTimer);
    this.decorationTimer = 0;
    this.raf = 0;
    this.#frame(performance.now());
  }

  /** The felt is painted once per size and design: paint it again (a new design). */
  repaint() {
    delete this.felt.dataset.painted;
    this.changed();
  }

  /**
   * Resolves once flights, rack slides and the camera have come to rest.
   * @returns {Promise<void>}
   */
  settled() {
    return new Promise((resolve) => {
      const check = () => {
        if (isStill(this.state)) resolve();
        else setTimeout(check, SETTLE_POLL_MS);
      };
      this.changed();
      setTimeout(check, 0);
    });
  }

  /**
   * Resolves (true) once the table waits for a person: checked after each frame.
   * @returns {Promise<boolean>}
   */
  idle() {
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

  /** The screen regions for the table now (regions.js): seats around, the rack, the peg rows. */
  layout() {
    const state = this.state;
    const { w, h } = state.size;
    if (!w || !h) return;
    const players = state.snap?.seats.length ?? 2;
    /** @type {import("../board/regions.js").Position[]} */
    const positions = state.snap
      ? state.snap.seats.map((s) => positionOf(s.seat, state.anchor, players)).filter((p) => p !== "bottom")
      : ["top"];
    const pegRows = state.snap?.rules.cribbage ? state.snap.sides.length : 0;
    const handCount = state.snap?.hand.length || 7;
    state.R = computeRegions({ w, h, topH: this.hud.topHeight(), handCount, positions, pegRows });
    const R = state.R;
    this.hud.place({ statusTop: R.statusTop, rackTop: R.rack.y, tableBottom: R.table.y + R.table.height });
  }

  #watchSize() {
    const c = this.canvas;
    const first = c.getBoundingClientRect();
    const dpr0 = window.devicePixelRatio || 1;
    this.state.size = { w: first.width, h: first.height, dpr: dpr0 };
    // sized now, so a frame drawn before the first resize callback is not thrown away by it
    c.width = Math.round(first.width * dpr0);
    c.height = Math.round(first.height * dpr0);
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
      this.layout();
      const { snap, R } = this.state;
      if (snap && R) {
        this.state.turned = orient({
          bounds: snap.layout.bounds,
          free: R.free,
          kMax: R.kMax,
          turned: this.state.turned,
        });
        this.state.cam = cameraTarget(snap.layout.bounds, R.free, this.state.turned, R.kMax);
        this.resized();
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

  /** @param {number} now */
  #frame(now) {
    const state = this.state;
    this.raf = 0;
    state.dirty = false;
    const dt = this.lastFrame ? Math.min(MAX_FRAME_STEP_MS, now - this.lastFrame) : FIRST_FRAME_STEP_MS;
    this.lastFrame = now;
    const { w, h, dpr } = state.size;
    if (!w || !h || !state.R) return;
    const ctx = this.ctx;
    setDevicePixelRatio(dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    drawBackground(this.felt, state.size, state.R);
    const snap = state.snap;
    if (!snap) return;
    const reduced = reducedMotion.matches;
    const goal = cameraTarget(snap.layout.bounds, state.R.free, state.turned, state.R.kMax);
    // the camera starts at its goal when a snapshot comes before it was placed
    const eased = easeCamera(state.cam ?? goal, goal, dt, reduced);
    state.cam = eased.cam;
    if (!isDrawn(state)) return; // (it is: a snapshot, its regions, its camera)
    if (eased.moving) this.floaters.follow(state.cam, state.R.free);
    let moving = eased.moving; // anything a test or the flow must wait for
    let decorating = false; // pulses and rising points: keep drawing, nothing to wait for
    // With reduced motion the lit ends and the boneyard glow steadily: no breathing, no frames.
    const pulse = reduced ? STEADY_PULSE : 0.5 + 0.5 * Math.sin(now / PULSE_PERIOD);
    const ok = canAct(state);
    drawLayout(ctx, state);
    if (drawTargets(ctx, state, pulse, ok) && !reduced) decorating = true;
    const seats = drawSeats(ctx, state, now, reduced);
    if (seats.glowing) decorating = true;
    if (drawBoneyard(ctx, state, pulse, snap.can_draw && ok) && !reduced) decorating = true;
    if (drawHand(ctx, state, now, ok, reduced)) moving = true;
    /** @param {ReturnType<typeof import("../board/anim.js").landing>} land */
    const landed = (land) => {
      for (const s of land.sounds) this.sound.play(s);
      state.floaters.push(...land.floaters);
    };
    if (drawFlights(ctx, state, now, landed)) moving = true;
    if (drawDragged(ctx, state)) moving = true;
    if (drawPegs(ctx, state, now)) moving = true;
    this.floaters.take(state.floaters, now, state.cam, state.R.free);
    if (!this.tableMarked) {
      this.tableMarked = true;
      performance.mark("allthrees:table");
    }
    this.hud.setHintButton({ enabled: ok && !state.waking, thinking: state.hintThinking });
    state.moving = moving;
    if (moving || state.flights.length || state.deal) this.changedQuietly();
    else if (decorating) this.#decorateLater();
    else if (seats.wakeAt && !this.wakeTimer) {
      this.wakeTimer = setTimeout(
        () => {
          this.wakeTimer = 0;
          this.changedQuietly();
        },
        Math.max(FIRST_FRAME_STEP_MS, seats.wakeAt - performance.now()),
      );
    }
    this.#checkIdle();
  }
}
