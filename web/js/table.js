// The table: draws the engine's snapshot on a canvas, animates its events, turns pointer and
// keyboard input into intents, paces the computer's moves and saves every reply.
//
//   const table = new Table(bridge);   // bridge.call(op, payload) -> reply (see bridge.js)
//   await table.start();               // resumes the saved match, or ?seed=N starts a new one
//
// Python decides everything (legal targets, scores, whose turn, where each tile lies in table
// units); this file only knows pixels, time and gestures. Input follows lichess chessground: one
// pointer path for mouse, touch and pen, where a press either becomes a tap (select, then tap a lit
// end) or, past a few pixels, a drag (drop on a lit end). Rendering is batched in
// requestAnimationFrame and runs only while something moves.

import { Hud } from "./hud.js";
import {
  DIR_ANGLE,
  DIR_VEC,
  drawBadge,
  drawFelt,
  drawFloater,
  drawRack,
  drawTarget,
  drawText,
  drawTile,
  HINT_GLOW,
  HINT_LINE,
  HINT_RGB,
  roundRectPath,
  setDevicePixelRatio,
} from "./render.js";
import { Sound } from "./sound.js";
import { loadPrefs, loadSave, storePrefs, storeSave } from "./storage.js";
import { T } from "./strings.js";

const PACE_MS = 600; // between two computer moves, so a person can follow them
const DRAG_THRESHOLD_PX = 6;
const THUMB_PX = 44; // the short side of a rack tile on a phone, at least
const MIN_TARGET_PX = 44; // a lit end is at least this big to tap
const PLACE_MS = 220;
const COMPUTER_PLACE_MS = 380;
const DRAW_MS = 300;
const SLIDE_MS = 200;
const DEAL_STAGGER_MS = 70;
const ROUND_PANEL_DELAY_MS = 900;
const FLOAT_MS = 1400;
const SHAKE_MS = 320;
const THINK_DOT_MS = 300; // "thinking..." grows a dot this often

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const motion = (ms) => (reducedMotion.matches ? Math.min(ms, 1) : ms);
const easeOut = (t) => 1 - (1 - t) ** 3;
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
const lerp = (a, b, t) => a + (b - a) * t;
function lerpAngle(a, b, t) {
  let d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d < -Math.PI) d += 2 * Math.PI;
  return a + d * t;
}
// A portrait table shows the layout turned a quarter clockwise, so the long W-E line runs down the
// tall side of the screen; the arms are then labelled by where they point on the screen.
const QUARTER = { E: "S", S: "W", W: "N", N: "E" };
const halves = (name) => name.split("-").map(Number);
const inside = (r, x, y) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

export class Table {
  /** @param {{call: (op: string, payload?: object) => Promise<object>}} bridge */
  constructor(bridge, canvas = document.getElementById("table")) {
    this.bridge = bridge;
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.prefs = loadPrefs();
    this.sound = new Sound({ muted: this.prefs.muted });
    this.hud = new Hud({
      pass: () => this.#act({ kind: "pass" }),
      next: () => this.#next(),
      newGame: (settings) => this.#newGame(settings),
      toggleSound: () => this.#toggleSound(),
      toggleSum: () => this.#toggleSum(),
      hint: () => this.#askHint(),
    });
    this.hud.setMuted(this.prefs.muted);

    this.snap = null;
    this.size = { w: 0, h: 0, dpr: 1 };
    this.R = null; // screen regions, recomputed every frame
    this.cam = null; // {x, y, k, a}: centre in table units, CSS px per unit, turn of the view
    this.turned = null; // true: the layout is shown a quarter turned (see QUARTER)
    this.sprites = new Map(); // tile name -> the person's tile as drawn in the rack
    this.flights = []; // tiles travelling: placed tiles, the computer's draws
    this.floaters = []; // rising points, "Pass"
    this.hiddenLayout = new Set(); // layout indices drawn by a flight instead
    this.deal = null; // {t0, count}: the opponent's tiles arriving
    this.selected = null; // the lifted tile's name
    this.keyTarget = 0; // which lit end Enter plays (keyboard)
    this.press = null; // the pointer press being watched
    this.drag = null; // {tile, x, y, snapped}
    this.parked = null; // a dropped tile waiting for the engine's answer
    this.shakes = new Map(); // tile name -> start time
    this.pending = 0; // requests in flight and scheduled computer moves / panel openings
    this.background = 0; // advice in flight (hint, review): the person may still act meanwhile
    this.hint = null; // {kind, move, reason, tile?, arm?}: the Expert's move for the person now
    this.hintThinking = false;
    this.hintToken = 0; // bumped when the hint no longer applies: a late answer is then dropped
    this.review = null; // the round panel's review: "busy", "failed" or the list
    this.reviewToken = 0; // bumped when the panel closes: a late review is then dropped
    this.chain = Promise.resolve(); // requests go to the engine one after another
    this.epoch = 0; // bumped by a new match: stale timers then do nothing
    this.advanceTimer = 0;
    this.advancing = false;
    this.panelTimer = 0;
    this.idleWaiters = [];
    this.raf = 0;
    this.wakeTimer = 0; // a frame later on, for the "thinking..." dots
    this.wakeAt = 0;
    this.lastFrame = 0;
    this.moving = false;
    this.dirty = false;
    this.keyboardUsed = false;

    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "domino table");
    this.#listen();
    this.#installTestHook();
  }

  // ================================================================================ engine flow

  /** Begin: ?seed=N starts a new match with that deal, otherwise the saved match resumes. */
  async start() {
    const params = new URLSearchParams(location.search);
    const seedText = params.get("seed");
    const settings = this.prefs.settings ?? undefined;
    let request;
    if (seedText !== null && /^\d{1,15}$/.test(seedText)) {
      request = { seed: Number(seedText), settings };
      params.delete("seed");
      const query = params.toString();
      history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
    } else {
      const save = loadSave();
      request = save ? { save } : { settings };
    }
    let reply = await this.#call("start", request);
    if (reply && !reply.ok) {
      // settings the engine no longer accepts: start with its defaults instead
      reply = await this.#call("start", {});
    }
    if (reply?.ok && request.save && !reply.notice) {
      // resuming: the table is simply there again, no deal to watch
      reply = { ...reply, events: (reply.events ?? []).filter((e) => e.kind !== "deal") };
    }
    // The table is up once its first frame is drawn; the deal animates on from there.
    this.#accept(reply);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }

  /** One request, in turn after any earlier one. Resolves to the reply (or null if it failed). */
  #call(op, payload, blocking = true) {
    const counter = blocking ? "pending" : "background";
    this[counter]++;
    const run = this.chain.then(async () => {
      try {
        return await this.bridge.call(op, payload);
      } catch (err) {
        console.error(`All Threes: ${op} failed: ${err.message}`);
        this.hud.toast(T.engineError(err.message), 6000);
        return null;
      } finally {
        this[counter]--;
      }
    });
    this.chain = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  async #send(op, payload, source = null) {
    this.pending++;
    try {
      const reply = await this.#call(op, payload);
      await this.#accept(reply, source);
    } finally {
      this.pending--;
      this.parked = null;
      this.invalidate(); // what the person may touch has changed
    }
  }

  /** Take in a reply: save it, animate its events over the new snapshot, then go on. */
  async #accept(reply, source = null) {
    if (!reply) return;
    if (!reply.ok) {
      if (reply.error) this.hud.toast(reply.error);
      if (reply.snapshot) this.#setSnapshot(reply.snapshot, []);
      this.#afterMove();
      return;
    }
    storeSave(reply.save);
    if (reply.notice) this.hud.toast(reply.notice, 7000);
    this.pending++;
    try {
      this.#setSnapshot(reply.snapshot, reply.events ?? [], source);
      await this.#settled();
    } finally {
      this.pending--;
    }
    this.#afterMove();
  }

  #afterMove() {
    const snap = this.snap;
    if (!snap) return;
    const epoch = this.epoch;
    if (snap.round.over) {
      if (!this.hud.roundVisible && !this.panelTimer) {
        this.pending++;
        this.panelTimer = setTimeout(() => {
          this.panelTimer = 0;
          this.pending--;
          if (epoch === this.epoch && this.snap.round.over) {
            this.hud.showRound(this.snap);
            this.#askReview(epoch);
          }
          this.invalidate();
        }, ROUND_PANEL_DELAY_MS);
      }
    } else if (snap.computer_to_move && !this.advancing) {
      this.advancing = true;
      this.pending++;
      this.#refreshHud();
      this.advanceTimer = setTimeout(async () => {
        this.advanceTimer = 0;
        this.pending--;
        if (epoch !== this.epoch || !this.snap.computer_to_move) {
          this.advancing = false;
          return;
        }
        this.pending++;
        try {
          const reply = await this.#call("advance", {});
          this.advancing = false;
          await this.#accept(reply);
        } finally {
          this.advancing = false;
          this.pending--;
          this.invalidate();
        }
      }, PACE_MS);
    }
    this.#refreshHud();
    this.invalidate();
  }

  #cancelTimers() {
    if (this.advanceTimer) {
      clearTimeout(this.advanceTimer);
      this.advanceTimer = 0;
      this.advancing = false;
      this.pending--;
    }
    if (this.panelTimer) {
      clearTimeout(this.panelTimer);
      this.panelTimer = 0;
      this.pending--;
    }
  }

  // ================================================================================ advice

  /** The Hint button (or H): ask the engine for the Expert's move; show it, never play it. */
  async #askHint() {
    if (!this.#canAct() || this.hintThinking) return;
    const token = ++this.hintToken;
    this.hint = null;
    this.hintThinking = true;
    this.hud.showHint(T.hintThinking, { thinking: true });
    this.invalidate();
    const reply = await this.#call("hint", {}, false);
    if (token !== this.hintToken) return; // the person moved on meanwhile
    this.hintThinking = false;
    if (reply?.ok && reply.hint) {
      this.hint = reply.hint;
      if (!this.drag) this.selected = null; // the hinted tile and its end stand out alone
      this.hud.showHint(T.hintText(this.#hintMove(reply.hint), reply.hint.reason));
      this.hud.setPassHinted(reply.hint.kind === "pass");
    } else {
      this.hud.showHint(null);
      if (reply?.error) this.hud.toast(reply.error);
    }
    this.invalidate();
  }

  /** The hint's move in words, with the arm named as the table shows it. */
  #hintMove(hint) {
    if (hint.kind === "draw") return T.hintDraw;
    if (hint.kind === "pass") return T.hintPass;
    const tile = hint.move.split("@")[0];
    return hint.arm ? T.hintPlay(tile, this.armLabel(hint.arm)) : T.hintLead(tile);
  }

  #clearHint() {
    if (!this.hint && !this.hintThinking) return;
    this.hintToken++;
    this.hint = null;
    this.hintThinking = false;
    this.hud.showHint(null);
    this.hud.setPassHinted(false);
    this.invalidate();
  }

  /** The round panel asks the Expert to review the person's plays; it fills in when done. */
  async #askReview(epoch) {
    const roundNo = this.snap.round_no;
    const token = ++this.reviewToken;
    this.review = "busy";
    this.hud.showReview("busy");
    const reply = await this.#call("review", { round: roundNo }, false);
    if (token !== this.reviewToken || epoch !== this.epoch || this.snap.round_no !== roundNo) return;
    this.review = reply?.ok && Array.isArray(reply.review) ? reply.review : "failed";
    this.hud.showReview(this.review, (move) => move.replace(/@([WENS])/, (_, arm) => `@${this.armLabel(arm)}`));
    this.invalidate();
  }

  #canAct() {
    const s = this.snap;
    return Boolean(
      s && !s.round.over && s.turn === s.human && this.pending === 0 && !this.flights.length && !this.hud.dialog.open,
    );
  }

  /** The person acts: play, draw or pass. */
  #act(intent, source = null) {
    if (!this.#canAct()) return;
    if (intent.kind !== "play") this.selected = null; // a played tile stays lifted until it flies
    this.keyTarget = 0;
    this.#clearHint();
    this.#send("intent", { intent }, source);
    this.invalidate();
  }

  #next() {
    if (!this.snap?.round.over || this.pending) return;
    this.hud.hideRound();
    this.#clearHint();
    this.review = null;
    this.reviewToken++;
    this.#send("intent", { intent: { kind: "next" } });
  }

  #newGame(settings) {
    this.prefs.settings = settings;
    storePrefs(this.prefs);
    this.epoch++;
    this.#cancelTimers();
    this.hud.hideRound();
    this.selected = null;
    this.drag = null;
    this.press = null;
    this.#clearHint();
    this.review = null;
    this.reviewToken++;
    this.#send("intent", { intent: { kind: "new", settings } });
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

  #toggleSum() {
    if (!this.snap) return;
    const hide = !this.snap.settings.hide_sum;
    this.prefs.settings = { ...(this.prefs.settings ?? {}), hide_sum: hide };
    storePrefs(this.prefs);
    this.#send("intent", { intent: { kind: "settings", settings: { hide_sum: hide } } });
  }

  // ================================================================================ snapshot + events

  #setSnapshot(snap, events, source = null) {
    const prev = this.snap;
    this.parked = null;
    if (!prev || events.length || prev.turn !== snap.turn || prev.round_no !== snap.round_no) this.#clearHint();
    const now = performance.now();
    this.snap = snap;
    this.#refreshRegions();
    const dealt = events.some((e) => e.kind === "deal");
    this.#orient(dealt || !prev);
    if (!this.cam) this.cam = this.#cameraTarget();

    if (dealt) {
      this.flights = [];
      this.hiddenLayout.clear();
      this.sprites.clear();
      this.selected = null;
      this.cam = this.#cameraTarget();
      this.deal = { t0: now };
      this.sound.shuffle();
    }

    // the person's rack: keep the tiles still held, bring in new ones
    const bone = this.#boneyardCenter();
    const heldBefore = new Map(this.sprites);
    const next = new Map();
    snap.hand.forEach((tile, i) => {
      let sprite = heldBefore.get(tile.tile);
      if (!sprite) {
        let start = { x: bone.x, y: bone.y, angle: 0, s: this.R.boneS };
        if (!prev && !dealt) start = { ...this.#slot(i), angle: this.#rackAngle(), s: this.R.handS }; // resumed
        sprite = { tile: tile.tile, cur: { ...start }, from: { ...start }, to: null, t0: now, dur: motion(DRAW_MS) };
        if (dealt) sprite.t0 = now + motion(i * DEAL_STAGGER_MS);
        sprite.hideUntil = sprite.t0;
      }
      next.set(tile.tile, sprite);
    });
    this.sprites = next;
    if (this.selected && !snap.hand.some((t) => t.tile === this.selected && t.playable)) this.selected = null;

    for (const event of events) {
      if (event.kind === "placed") this.#flyPlaced(event, prev, heldBefore, source, now);
      else if (event.kind === "drew" && event.seat !== snap.human) this.#flyOpponentDraw(event, now);
      else if (event.kind === "passed") this.#floatPass(event.seat, now);
      else if (event.kind === "drew" && event.seat === snap.human) this.sound.clink();
    }
    this.#refreshHud();
    this.invalidate();
  }

  #flyPlaced(event, prev, heldBefore, source, now) {
    const snap = this.snap;
    const tile = snap.layout.tiles[event.index];
    if (!tile) return;
    let from;
    let dur;
    if (event.seat === snap.human) {
      const name = event.move.split("@")[0];
      const sprite = heldBefore.get(name) ?? heldBefore.get(name.split("-").reverse().join("-"));
      from = sprite ? { ...sprite.cur } : { ...this.#boneyardCenter(), angle: Math.PI / 2, s: this.R.handS };
      // The rack draws a tile high half first; the layout draws it by the half that touched.
      // Turning it half round makes the same picture, so the flight starts without a jump.
      if (sprite) {
        const [hi] = halves(sprite.tile);
        if (tile.a !== hi && tile.a !== tile.b) from.angle += Math.PI;
      }
      dur = source === "drag" ? motion(PLACE_MS * 0.7) : motion(PLACE_MS);
    } else {
      const slot = this.#opponentSlotCenter(event.seat, prev);
      from = { x: slot.x, y: slot.y, angle: Math.PI / 2, s: this.R.oppS };
      dur = motion(COMPUTER_PLACE_MS);
    }
    this.hiddenLayout.add(event.index);
    this.flights.push({
      kind: "place",
      index: event.index,
      a: tile.a,
      b: tile.b,
      from,
      t0: now,
      dur,
      land: () => {
        this.hiddenLayout.delete(event.index);
        this.sound.clink();
        if (event.points > 0) {
          this.sound.chime();
          this.floaters.push({
            text: `+${event.points}`,
            world: { x: tile.x, y: tile.y },
            t0: performance.now(),
            dur: FLOAT_MS,
            size: 30,
          });
        }
      },
    });
  }

  #flyOpponentDraw(event, now) {
    const bone = this.#boneyardCenter();
    this.flights.push({
      kind: "draw",
      seat: event.seat,
      from: { x: bone.x, y: bone.y, angle: 0, s: this.R.boneS },
      t0: now,
      dur: motion(DRAW_MS),
      land: () => this.sound.clink(),
    });
    this.floaters.push({ text: T.drew, screen: this.#seatLabelPoint(event.seat), t0: now, dur: 900, size: 16 });
  }

  #floatPass(seat, now) {
    const at = this.#seatLabelPoint(seat);
    this.floaters.push({ text: T.passed, screen: at, t0: now, dur: 1300, size: 22, color: "#ffffff" });
  }

  /** Resolves once flights, rack slides and the camera have come to rest. */
  #settled() {
    return new Promise((resolve) => {
      const check = () => {
        if (this.#still()) resolve();
        else setTimeout(check, 16);
      };
      this.invalidate();
      setTimeout(check, 0);
    });
  }

  /** Nothing is moving that the flow (or a test) must wait for, as of the last frame drawn. */
  #still() {
    return !this.dirty && !this.moving && !this.flights.length && !this.deal && !this.drag;
  }

  #refreshHud() {
    if (!this.snap) return;
    this.hud.update(this.snap, { thinking: this.snap.computer_to_move, label: (arm) => this.armLabel(arm) });
  }

  // ================================================================================ geometry

  #refreshRegions() {
    const { w, h } = this.size;
    if (!w || !h) return;
    const compact = w < 700 || h < 560;
    // A phone on its side: the rack's tiles lie flat, so the table keeps some height.
    const flat = h < 500 && w > h * 1.3;
    const topH = this.hud.topHeight();
    const n = this.snap ? this.snap.hand.length : 7;
    const pad = compact ? 10 : 20;
    const across = flat ? 2 : 1; // a rack tile's width in short sides
    const maxS = clamp(h * 0.072, 44, compact ? 56 : 60);
    // Seven thumb-sized tiles fit a 360 px phone in one row with small gaps.
    const gap = compact ? clamp((w - 2 * pad - 7 * THUMB_PX * across) / 6, 4, 7) : 10;
    const fit = (perRow) => (w - 2 * pad - (perRow - 1) * gap) / (perRow * across);
    let rows = 1;
    while (rows < 4 && fit(Math.ceil(n / rows)) < THUMB_PX) rows++;
    const perRow = Math.max(1, Math.ceil(n / rows));
    // One row keeps the size of a full hand as it empties, so the table does not jump about.
    let s = rows === 1 ? Math.min(maxS, Math.max(THUMB_PX, fit(Math.max(n, 7)))) : Math.min(maxS, 48, fit(perRow));
    s = Math.max(28, Math.floor(Math.min(s, fit(perRow))));
    const rackPadTop = flat ? 8 : compact ? 12 : 16;
    const rackPadBottom = flat ? 8 : compact ? 14 : 18;
    const tileH = flat ? s : 2 * s;
    const rackH = rackPadTop + rows * tileH + (rows - 1) * gap + rackPadBottom;
    const rack = { x: 0, y: h - rackH, width: w, height: rackH };
    const oppH = flat ? 48 : compact ? 62 : 84;
    const opp = { x: 0, y: topH, width: w, height: oppH };
    const statusH = flat ? 34 : compact ? 36 : 44;
    const tableTop = topH + oppH + statusH;
    const table = { x: 0, y: tableTop, width: w, height: Math.max(40, rack.y - tableTop) };
    const m = compact ? 10 : 24;
    const free = { x: m, y: tableTop + 6, width: w - 2 * m, height: Math.max(30, table.height - 18) };
    const boneW = compact ? 70 : 100;
    this.R = {
      compact,
      flat,
      pad,
      gap,
      handS: s,
      rows,
      perRow,
      rack,
      rackPadTop,
      opp,
      table,
      free,
      statusTop: topH + oppH,
      oppS: compact ? 14 : 18,
      boneS: compact ? 14 : 18,
      boneBox: { x: w - pad - boneW, y: opp.y, width: boneW, height: oppH },
      labelW: compact ? 86 : 130,
      kMax: Math.min(s * 0.82, compact ? 40 : 52),
    };
    this.hud.place({ statusTop: this.R.statusTop, rackTop: rack.y });
  }

  /** A direction on the table as seen on the screen. */
  #vdir(dir) {
    return this.turned ? QUARTER[dir] : dir;
  }

  /** An arm's name as the person sees it (the intent always names the engine's arm). */
  armLabel(arm) {
    return this.turned ? QUARTER[arm] : arm;
  }

  /** The zoom that fits the layout, shown straight or turned. */
  #fit(turned) {
    const F = this.R.free;
    const [x0, y0, x1, y1] = this.snap.layout.bounds;
    let bw = x1 - x0 + 0.5;
    let bh = y1 - y0 + 0.5;
    if (turned) [bw, bh] = [bh, bw];
    return Math.max(6, Math.min(F.width / bw, F.height / bh, this.R.kMax));
  }

  /**
   * Straight or turned: a new deal starts turned on a tall screen (the line first grows W-E);
   * later the table turns only when the other way shows the tiles clearly bigger.
   */
  #orient(fresh) {
    if (!this.R || !this.snap) return;
    const F = this.R.free;
    if (fresh || this.turned === null) {
      this.turned = F.height > F.width * 1.15;
      if (this.cam) this.cam.a = this.turned ? Math.PI / 2 : 0;
    }
    if (this.#fit(!this.turned) > this.#fit(this.turned) * 1.25) this.turned = !this.turned;
  }

  #cameraTarget() {
    const [x0, y0, x1, y1] = this.snap.layout.bounds;
    return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, k: this.#fit(this.turned), a: this.turned ? Math.PI / 2 : 0 };
  }

  /** Table units -> CSS pixels on the canvas. */
  #toScreen(wx, wy) {
    const F = this.R.free;
    const c = this.cam;
    const dx = wx - c.x;
    const dy = wy - c.y;
    const cos = Math.cos(c.a);
    const sin = Math.sin(c.a);
    return {
      x: F.x + F.width / 2 + (dx * cos - dy * sin) * c.k,
      y: F.y + F.height / 2 + (dx * sin + dy * cos) * c.k,
    };
  }

  /** Where rack slot i is (centre), for the current hand size. */
  #slot(i) {
    const R = this.R;
    const n = this.snap.hand.length;
    const row = Math.floor(i / R.perRow);
    const inRow = row < R.rows - 1 ? R.perRow : n - R.perRow * (R.rows - 1);
    const col = i - row * R.perRow;
    const bw = R.flat ? 2 * R.handS : R.handS;
    const bh = R.flat ? R.handS : 2 * R.handS;
    const span = inRow * bw + (inRow - 1) * R.gap;
    const x = this.size.w / 2 - span / 2 + bw / 2 + col * (bw + R.gap);
    const y = R.rack.y + R.rackPadTop + bh / 2 + row * (bh + R.gap);
    return { x, y };
  }

  #boneyardCenter() {
    const b = this.R.boneBox;
    return { x: b.x + b.width / 2 - 6, y: b.y + b.height / 2 - 4 };
  }

  #boneyardRect() {
    const b = this.R.boneBox;
    const c = this.#boneyardCenter();
    const w = Math.max(MIN_TARGET_PX + 8, b.width - 8);
    const h = Math.max(MIN_TARGET_PX, b.height - 10);
    return { x: c.x - w / 2 + 4, y: c.y - h / 2 + 4, width: w, height: h };
  }

  #opponents() {
    const s = this.snap;
    return s.names.map((_, seat) => seat).filter((seat) => seat !== s.human);
  }

  /** Each opponent's stretch of the top row: [{seat, x0, x1}]. */
  #opponentSpans() {
    const R = this.R;
    const seats = this.#opponents();
    const left = R.pad;
    const right = R.boneBox.x - 8;
    const width = (right - left) / seats.length;
    return seats.map((seat, i) => ({ seat, x0: left + i * width, x1: left + (i + 1) * width }));
  }

  #opponentTiles(seat, snap = this.snap) {
    const R = this.R;
    const span = this.#opponentSpans().find((sp) => sp.seat === seat);
    const count = snap.hand_sizes[seat];
    const s = R.oppS;
    const x0 = span.x0 + R.labelW;
    const avail = Math.max(s, span.x1 - x0 - 6);
    const step = Math.min(s + 4, count > 1 ? (avail - s) / (count - 1) : s);
    const width = s + step * Math.max(0, count - 1);
    // centred on the screen where there is room, otherwise right after the label
    let start = this.size.w / 2 - width / 2;
    start = clamp(start, x0, Math.max(x0, span.x1 - width));
    const y = R.opp.y + R.opp.height / 2 + (R.compact ? 4 : 6);
    return Array.from({ length: count }, (_, i) => ({ x: start + s / 2 + i * step, y }));
  }

  #opponentSlotCenter(seat, snap) {
    const slots = this.#opponentTiles(seat, snap ?? this.snap);
    return slots[Math.floor(slots.length / 2)] ?? { x: this.size.w / 2, y: this.R.opp.y + this.R.opp.height / 2 };
  }

  #seatLabelPoint(seat) {
    if (seat === this.snap.human) return { x: this.size.w / 2, y: this.R.rack.y - 26 };
    const slot = this.#opponentSlotCenter(seat);
    return { x: slot.x, y: this.R.opp.y + this.R.opp.height + 18 };
  }

  /** The lit ends of a hand tile: [{arm, x, y (CSS px), w, h, angle, rect}] */
  #targetsOf(name) {
    const snap = this.snap;
    const tile = snap.hand.find((t) => t.tile === name);
    if (!tile || !tile.playable || !this.cam) return [];
    const k = this.cam.k;
    const out = [];
    if (tile.lead) {
      const c = this.#toScreen(0, 0);
      const d = this.#vdir(tile.a === tile.b ? "S" : "E");
      const vertical = d === "N" || d === "S";
      out.push(this.#target(null, c, vertical, k, DIR_ANGLE[d]));
    }
    for (const arm of tile.targets) {
      const end = snap.layout.ends.find((e) => e.arm === arm);
      if (!end) continue;
      const c = this.#toScreen(end.x, end.y);
      const dir = this.#vdir(end.dir);
      const vertical = dir === "N" || dir === "S";
      // the half that matches faces back along the arm
      let angle = DIR_ANGLE[dir];
      if (tile.a === tile.b) angle += Math.PI / 2;
      else if (tile.a !== end.value) angle += Math.PI;
      const t = this.#target(arm, c, vertical, k, angle);
      if (tile.a === tile.b) {
        // a double lies crosswise, half a tile nearer
        const [dx, dy] = DIR_VEC[dir];
        t.preview = { x: c.x - dx * k * 0.5, y: c.y - dy * k * 0.5 };
      }
      out.push(t);
    }
    return out;
  }

  #target(arm, c, vertical, k, angle) {
    const w = vertical ? k : 2 * k;
    const h = vertical ? 2 * k : k;
    const rw = Math.max(MIN_TARGET_PX, w + 6);
    const rh = Math.max(MIN_TARGET_PX, h + 6);
    return {
      arm,
      x: c.x,
      y: c.y,
      w: 2 * k,
      h: k,
      drawAngle: vertical ? Math.PI / 2 : 0,
      angle,
      preview: { x: c.x, y: c.y },
      rect: { x: c.x - rw / 2, y: c.y - rh / 2, width: rw, height: rh },
    };
  }

  #handRect(sprite) {
    const { x, y, s } = sprite.cur;
    if (this.R.flat) return { x: x - s, y: y - s / 2, width: 2 * s, height: s };
    return { x: x - s / 2, y: y - s, width: s, height: 2 * s };
  }

  /** Where a rack tile wants to be this frame (slot, lifted, dragged or snapped). */
  #spriteGoal(sprite, i) {
    const s = this.R.handS;
    if (this.parked?.tile === sprite.tile) return { ...this.parked };
    if (this.drag && this.drag.tile === sprite.tile) {
      const snapTo = this.drag.snapped;
      if (snapTo) return { x: snapTo.preview.x, y: snapTo.preview.y, angle: snapTo.angle, s: this.cam.k };
      return { x: this.drag.x, y: this.drag.y, angle: this.#rackAngle(), s: s * 1.06, direct: true };
    }
    const slot = this.#slot(i);
    const up = this.selected === sprite.tile || (this.#hintedTile() === sprite.tile && this.#canAct());
    const lift = up ? s * (this.R.flat ? 0.3 : 0.42) : 0;
    return { x: slot.x, y: slot.y - lift, angle: this.#rackAngle(), s };
  }

  /** Rack tiles stand (high half up), or lie flat (high half left) on a phone on its side. */
  #rackAngle() {
    return this.R.flat ? 0 : Math.PI / 2;
  }

  // ================================================================================ input

  #listen() {
    const c = this.canvas;
    c.addEventListener("pointerdown", (e) => this.#onDown(e));
    c.addEventListener("pointermove", (e) => this.#onMove(e));
    c.addEventListener("pointerup", (e) => this.#onUp(e));
    c.addEventListener("pointercancel", (e) => this.#onCancel(e));
    c.addEventListener("lostpointercapture", (e) => {
      if (this.press && e.pointerId === this.press.pointerId) this.#onCancel(e);
    });
    c.addEventListener("contextmenu", (e) => e.preventDefault());
    c.addEventListener("keydown", (e) => this.#onKey(e));
    const unlock = () => this.sound.unlock();
    window.addEventListener("pointerdown", unlock, { capture: true });
    window.addEventListener("keydown", unlock, { capture: true });

    const first = c.getBoundingClientRect();
    this.size = { w: first.width, h: first.height, dpr: window.devicePixelRatio || 1 };
    this.#refreshRegions();
    const ro = new ResizeObserver((entries) => {
      const entry = entries[0];
      const dpr = window.devicePixelRatio || 1;
      const w = entry.contentRect.width;
      const h = entry.contentRect.height;
      let bw = Math.round(w * dpr);
      let bh = Math.round(h * dpr);
      const box = entry.devicePixelContentBoxSize?.[0];
      if (box) {
        bw = box.inlineSize;
        bh = box.blockSize;
      }
      this.size = { w, h, dpr: w ? bw / w : dpr };
      if (this.canvas.width !== bw || this.canvas.height !== bh) {
        this.canvas.width = bw;
        this.canvas.height = bh;
      }
      this.#refreshRegions();
      if (this.snap && this.R) {
        this.#orient(false);
        this.cam = this.#cameraTarget();
      }
      this.invalidate();
    });
    try {
      ro.observe(c, { box: "device-pixel-content-box" });
    } catch {
      ro.observe(c);
    }
    reducedMotion.addEventListener?.("change", () => this.invalidate());
  }

  #point(e) {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  #hitHand(p) {
    if (!this.snap) return null;
    // last drawn is on top
    const hand = this.snap.hand;
    for (let i = hand.length - 1; i >= 0; i--) {
      const sprite = this.sprites.get(hand[i].tile);
      if (sprite && inside(this.#handRect(sprite), p.x, p.y)) return hand[i];
    }
    return null;
  }

  #hitTarget(p, name, radius = 0) {
    let best = null;
    let bestD = Infinity;
    for (const t of this.#targetsOf(name)) {
      const d = Math.hypot(p.x - t.x, p.y - t.y);
      if ((inside(t.rect, p.x, p.y) || d <= radius) && d < bestD) {
        best = t;
        bestD = d;
      }
    }
    return best;
  }

  #onDown(e) {
    if (!e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return;
    if (this.press) return;
    this.keyboardUsed = false;
    this.canvas.focus({ preventScroll: true });
    const p = this.#point(e);
    const canAct = this.#canAct();
    let kind = "empty";
    let tile = null;
    let target = null;
    const onHand = this.#hitHand(p);
    if (this.selected && canAct) target = this.#hitTarget(p, this.selected);
    if (target) kind = "target";
    else if (onHand) {
      kind = "tile";
      tile = onHand.tile;
    } else if (canAct && this.snap.can_draw && inside(this.#boneyardRect(), p.x, p.y)) kind = "boneyard";
    this.press = { pointerId: e.pointerId, kind, tile, target, x0: p.x, y0: p.y, dragging: false };
    if (kind !== "empty") {
      e.preventDefault();
      try {
        this.canvas.setPointerCapture(e.pointerId);
      } catch {
        // the pointer is already gone
      }
    }
  }

  #onMove(e) {
    const p = this.#point(e);
    const press = this.press;
    if (!press || e.pointerId !== press.pointerId) {
      if (e.pointerType === "mouse") this.#hover(p);
      return;
    }
    if (press.kind !== "tile") return;
    if (!press.dragging) {
      if (Math.hypot(p.x - press.x0, p.y - press.y0) < DRAG_THRESHOLD_PX) return;
      const tile = this.snap.hand.find((t) => t.tile === press.tile);
      if (!tile?.playable || !this.#canAct()) {
        press.kind = "dead"; // a tile that does not play does not move
        this.#shake(press.tile);
        return;
      }
      press.dragging = true;
      this.selected = press.tile;
      const sprite = this.sprites.get(press.tile);
      press.dx = sprite.cur.x - press.x0;
      press.dy = sprite.cur.y - press.y0;
      this.drag = { tile: press.tile, x: p.x + press.dx, y: p.y + press.dy, snapped: null };
      this.canvas.classList.add("dragging");
    }
    e.preventDefault();
    this.drag.x = p.x + press.dx;
    this.drag.y = p.y + press.dy;
    const snapRadius = Math.max(56, this.cam.k * 1.6);
    this.drag.snapped = this.#hitTarget(p, press.tile, snapRadius);
    this.invalidate();
  }

  #onUp(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.pointerId) return;
    this.press = null;
    const p = this.#point(e);
    if (press.dragging) {
      const drag = this.drag;
      this.canvas.classList.remove("dragging");
      if (drag.snapped && this.#canAct()) {
        this.drag = null;
        // it waits where it was dropped until the engine's answer sends it to its place
        const t = drag.snapped;
        this.parked = { tile: press.tile, x: t.preview.x, y: t.preview.y, angle: t.angle, s: this.cam.k };
        this.#play(press.tile, drag.snapped.arm, "drag");
      } else {
        this.drag = null; // back to the rack
      }
      this.invalidate();
      return;
    }
    // a press that wandered off what it started on is no tap
    if (press.kind !== "tile" && Math.hypot(p.x - press.x0, p.y - press.y0) > 3 * DRAG_THRESHOLD_PX) return;
    this.#tap(press);
  }

  #onCancel(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.pointerId) return;
    this.press = null;
    this.drag = null;
    this.canvas.classList.remove("dragging");
    this.invalidate();
  }

  #tap(press) {
    const canAct = this.#canAct();
    if (press.kind === "target" && canAct) {
      this.#play(this.selected, press.target.arm, "tap");
    } else if (press.kind === "tile") {
      const tile = this.snap.hand.find((t) => t.tile === press.tile);
      if (!tile || !canAct || !tile.playable) {
        this.selected = null;
        this.#shake(press.tile);
      } else if (this.selected === tile.tile) {
        const targets = this.#targetsOf(tile.tile);
        if (targets.length === 1) this.#play(tile.tile, targets[0].arm, "tap");
        else this.selected = null;
      } else {
        this.selected = tile.tile;
        this.keyTarget = 0;
      }
    } else if (press.kind === "boneyard" && canAct && this.snap.can_draw) {
      this.#act({ kind: "draw" });
    } else if (press.kind === "empty") {
      this.selected = null;
    }
    this.invalidate();
  }

  #play(name, arm, source) {
    const intent = { kind: "play", tile: name };
    if (arm) intent.arm = arm;
    this.#act(intent, source);
  }

  #shake(name) {
    this.shakes.set(name, performance.now());
    this.invalidate();
  }

  #hover(p) {
    let cursor = "";
    if (this.snap && this.#canAct()) {
      const tile = this.#hitHand(p);
      if (tile) cursor = tile.playable ? "grab" : "not-allowed";
      else if (this.selected && this.#hitTarget(p, this.selected)) cursor = "pointer";
      else if (this.snap.can_draw && inside(this.#boneyardRect(), p.x, p.y)) cursor = "pointer";
    }
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
  }

  /** Keyboard: arrows pick a tile and an end, Enter plays, D draws, P passes, Esc puts it back. */
  #onKey(e) {
    if (!this.snap || !this.#canAct()) return;
    const playable = this.snap.hand.filter((t) => t.playable).map((t) => t.tile);
    let handled = true;
    this.keyboardUsed = true;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (playable.length) {
        const i = playable.indexOf(this.selected);
        const step = e.key === "ArrowRight" ? 1 : -1;
        this.selected = playable[(i + step + playable.length) % playable.length] ?? playable[0];
        this.keyTarget = 0;
      }
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const n = this.selected ? this.#targetsOf(this.selected).length : 0;
      if (n) this.keyTarget = (this.keyTarget + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
    } else if (e.key === "Enter" || e.key === " ") {
      if (this.selected) {
        const t = this.#targetsOf(this.selected)[this.keyTarget];
        if (t) this.#play(this.selected, t.arm, "key");
      } else if (this.snap.can_draw) this.#act({ kind: "draw" });
      else if (this.snap.must_pass) this.#act({ kind: "pass" });
      else if (playable.length) this.selected = playable[0];
    } else if (e.key === "d" || e.key === "D") {
      if (this.snap.can_draw) this.#act({ kind: "draw" });
    } else if (e.key === "p" || e.key === "P") {
      if (this.snap.must_pass) this.#act({ kind: "pass" });
    } else if (e.key === "h" || e.key === "H") {
      this.#askHint();
    } else if (e.key === "Escape") {
      this.selected = null;
    } else handled = false;
    if (handled) {
      e.preventDefault();
      this.invalidate();
    }
  }

  // ================================================================================ the frame

  /** Something changed: draw a frame (and count as not settled until it is drawn). */
  invalidate() {
    this.dirty = true;
    this.#request();
  }

  #request() {
    if (!this.raf) this.raf = requestAnimationFrame((t) => this.#frame(t));
  }

  #frame(now) {
    this.raf = 0;
    this.dirty = false;
    const dt = this.lastFrame ? Math.min(64, now - this.lastFrame) : 16;
    this.lastFrame = now;
    const { w, h, dpr } = this.size;
    if (!w || !h || !this.R) return;
    const ctx = this.ctx;
    setDevicePixelRatio(dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

    let moving = false; // anything a test or the flow must wait for
    let decorating = false; // pulses and rising points: keep drawing, but nothing to wait for

    this.#drawBackground(ctx, w, h, dpr);
    if (!this.snap) return;

    // camera: ease toward the layout's bounds
    const goal = this.#cameraTarget();
    const c = this.cam;
    const a = reducedMotion.matches ? 1 : 1 - Math.exp(-dt / 110);
    c.x = lerp(c.x, goal.x, a);
    c.y = lerp(c.y, goal.y, a);
    c.k = lerp(c.k, goal.k, a);
    c.a = lerp(c.a, goal.a, reducedMotion.matches ? 1 : 1 - Math.exp(-dt / 160));
    if (
      Math.abs(c.x - goal.x) * c.k < 0.3 &&
      Math.abs(c.y - goal.y) * c.k < 0.3 &&
      Math.abs(c.k - goal.k) < 0.02 &&
      Math.abs(c.a - goal.a) < 0.002
    ) {
      Object.assign(c, goal);
    } else moving = true;

    const pulse = 0.5 + 0.5 * Math.sin(now / 260);
    this.wakeAt = 0;
    this.#drawLayout(ctx);
    if (this.#drawTargets(ctx, pulse)) decorating = true;
    if (this.#drawTop(ctx, now, pulse)) decorating = true;
    if (this.#drawHand(ctx, now)) moving = true;
    if (this.#drawFlights(ctx, now)) moving = true;
    if (this.#drawDragged(ctx)) moving = true;
    if (this.#drawFloaters(ctx, now)) decorating = true;

    const s = this.snap;
    this.hud.setHintButton({
      enabled: this.#canAct() && !s.round.over && s.turn === s.human,
      thinking: this.hintThinking,
    });

    this.moving = moving;
    if (moving || decorating || this.flights.length || this.deal) this.#request();
    else if (this.wakeAt && !this.wakeTimer) {
      this.wakeTimer = setTimeout(
        () => {
          this.wakeTimer = 0;
          this.#request();
        },
        Math.max(16, this.wakeAt - performance.now()),
      );
    }
    this.#checkIdle();
  }

  /**
   * The felt, the top band and the rack: painted once per size into a layer of their own and
   * copied each frame (a full-screen gradient and the rack's wide soft shadow are the costliest
   * things to paint, and a frame must stay cheap while the computer moves).
   */
  #drawBackground(ctx, w, h, dpr) {
    const R = this.R;
    const key = `${w}x${h}@${dpr}:${R.free.x},${R.free.y},${R.free.width},${R.free.height}:${R.opp.y + R.opp.height}:${R.rack.y}`;
    const cw = this.canvas.width;
    const ch = this.canvas.height;
    if (!this.bgLayer || this.bgKey !== key || this.bgLayer.width !== cw || this.bgLayer.height !== ch) {
      const layer = new OffscreenCanvas(cw, ch);
      const g = layer.getContext("2d");
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      const F = R.free;
      drawFelt(g, w, h, { x: F.x + F.width / 2, y: F.y + F.height / 2 });
      // the top band behind the score bar and the opponent's row
      const band = g.createLinearGradient(0, 0, 0, R.opp.y + R.opp.height);
      band.addColorStop(0, "rgba(0, 0, 0, 0.34)");
      band.addColorStop(1, "rgba(0, 0, 0, 0.08)");
      g.fillStyle = band;
      g.fillRect(0, 0, w, R.opp.y + R.opp.height);
      drawRack(g, R.rack);
      this.bgLayer = layer;
      this.bgKey = key;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.bgLayer, 0, 0);
    ctx.restore();
  }

  #drawLayout(ctx) {
    const snap = this.snap;
    const k = this.cam.k;
    const last = snap.last?.index;
    snap.layout.tiles.forEach((tile, i) => {
      if (this.hiddenLayout.has(i)) return;
      const p = this.#toScreen(tile.x, tile.y);
      drawTile(ctx, {
        x: p.x,
        y: p.y,
        s: k * 0.965,
        angle: DIR_ANGLE[tile.dir] + this.cam.a,
        a: tile.a,
        b: tile.b,
        lift: 0.25,
        glow: i === last && !snap.round.over ? "rgba(255, 214, 102, 0.75)" : null,
      });
    });
    // the open ends, by name, faintly, so "E 3" in the status line can be found on the table
    const hideSum = snap.settings?.hide_sum;
    for (const end of snap.layout.ends) {
      const p = this.#toScreen(end.x, end.y);
      const label = this.armLabel(end.arm);
      const text = hideSum ? label : `${label} ${end.points}`;
      drawBadge(ctx, p.x, p.y, text, {
        size: clamp(k * 0.34, 10, 14),
        fill: "rgba(0, 0, 0, 0.22)",
        color: "rgba(255, 255, 255, 0.7)",
      });
    }
  }

  #drawTargets(ctx, pulse) {
    if (!this.#canAct()) return false;
    const name = this.drag?.tile ?? this.selected;
    const hinted = this.#hintedTile();
    const hintedEnd = (t, tile) => hinted === tile && (t.arm ?? null) === (this.hint.arm ?? null);
    if (!name) {
      // the hint lights its end alone until the person picks a tile up
      const t = hinted ? this.#targetsOf(hinted).find((x) => hintedEnd(x, hinted)) : null;
      if (!t) return false;
      drawTarget(ctx, { x: t.x, y: t.y, w: t.w, h: t.h, angle: t.drawAngle, strength: 0.5, pulse, rgb: HINT_RGB, line: HINT_LINE });
      return true;
    }
    const targets = this.#targetsOf(name);
    const snapped = this.drag?.snapped;
    targets.forEach((t, i) => {
      let strength = 0;
      if (snapped) strength = snapped.arm === t.arm ? 1 : 0;
      else if (this.keyboardUsed && i === this.keyTarget) strength = 0.6;
      const hint = hintedEnd(t, name) ? { rgb: HINT_RGB, line: HINT_LINE } : {};
      drawTarget(ctx, { x: t.x, y: t.y, w: t.w, h: t.h, angle: t.drawAngle, strength, pulse, ...hint });
    });
    return targets.length > 0;
  }

  /** The tile the hint suggests playing, while it is still in the hand. */
  #hintedTile() {
    const hint = this.hint;
    if (!hint || hint.kind !== "play" || !this.snap) return null;
    return this.snap.hand.some((t) => t.tile === hint.tile) ? hint.tile : null;
  }

  /** The opponent's row and the boneyard. Returns true while something there glows. */
  #drawTop(ctx, now, pulse) {
    const snap = this.snap;
    const R = this.R;
    let glowing = false;
    const bone = this.#boneyardCenter();
    // opponents
    for (const span of this.#opponentSpans()) {
      const seat = span.seat;
      const slots = this.#opponentTiles(seat);
      const drawing = this.flights.filter((f) => f.kind === "draw" && f.seat === seat).length;
      const shown = slots.length - drawing;
      const revealed = snap.round.over ? (snap.round.hands?.[seat] ?? []) : null;
      slots.forEach((slot, i) => {
        if (i >= shown) return;
        let { x, y } = slot;
        let alpha = 1;
        if (this.deal) {
          const t = clamp((now - this.deal.t0 - motion(i * DEAL_STAGGER_MS + 35)) / motion(DRAW_MS), 0, 1);
          if (t < 1) glowing = true;
          if (t <= 0) return;
          x = lerp(bone.x, x, easeOut(t));
          y = lerp(bone.y, y, easeOut(t));
          alpha = Math.min(1, t * 3);
        }
        if (revealed && revealed[i]) {
          const [ta, tb] = halves(revealed[i]);
          drawTile(ctx, { x, y, s: R.oppS * 1.15, angle: Math.PI / 2, a: ta, b: tb, lift: 0.2, alpha });
        } else {
          drawTile(ctx, { x, y, s: R.oppS, angle: Math.PI / 2, faceDown: true, lift: 0.2, alpha });
        }
      });
      // name and count
      const lx = span.x0 + 2;
      const ly = R.opp.y + R.opp.height / 2;
      const thinking = snap.computer_to_move && snap.turn === seat;
      drawText(ctx, snap.names[seat], lx, ly - (R.compact ? 8 : 10), {
        size: R.compact ? 14 : 17,
        weight: 700,
        color: thinking ? "#ffe08a" : "#f5f1e3",
      });
      let sub = T.tiles(snap.hand_sizes[seat]);
      if (thinking) {
        const dots = Math.floor(now / THINK_DOT_MS) % 4;
        sub = `thinking${".".repeat(dots)}`;
        // the dots change a few times a second: draw then, not every frame, so the page does
        // next to nothing while the worker thinks
        this.wakeAt = (Math.floor(now / THINK_DOT_MS) + 1) * THINK_DOT_MS;
      }
      drawText(ctx, sub, lx, ly + (R.compact ? 10 : 13), {
        size: R.compact ? 12 : 14,
        weight: 500,
        color: "rgba(230, 240, 232, 0.8)",
      });
    }
    const dealMs = Math.max(...snap.hand_sizes) * DEAL_STAGGER_MS + DRAW_MS + 40;
    if (this.deal && now - this.deal.t0 > motion(dealMs)) this.deal = null;

    // boneyard: a small stack, its count, and a glow when drawing is the move
    const count = snap.boneyard;
    const canDraw = snap.can_draw && this.#canAct();
    if (canDraw) {
      glowing = true;
      const r = this.#boneyardRect();
      ctx.save();
      ctx.shadowColor = `rgba(255, 214, 102, ${0.6 + 0.4 * pulse})`;
      ctx.shadowBlur = (14 + 12 * pulse) * this.size.dpr;
      ctx.fillStyle = `rgba(255, 214, 102, ${0.12 + 0.14 * pulse})`;
      roundRectPath(ctx, r.x, r.y, r.width, r.height, 12);
      ctx.fill();
      ctx.restore();
    }
    const layers = count === 0 ? 0 : Math.min(3, Math.ceil(count / 4));
    for (let i = 0; i < layers; i++) {
      drawTile(ctx, {
        x: bone.x - 2 + i * 2,
        y: bone.y + 3 - i * 3.5,
        s: R.boneS,
        angle: 0,
        faceDown: true,
        lift: 0.3,
      });
    }
    if (!layers) {
      ctx.save();
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = "rgba(255,255,255,0.25)";
      ctx.strokeRect(bone.x - R.boneS, bone.y - R.boneS / 2, 2 * R.boneS, R.boneS);
      ctx.restore();
    }
    drawBadge(ctx, bone.x + R.boneS + 4, bone.y + R.boneS * 0.7, String(count), {
      size: R.compact ? 11 : 13,
      fill: canDraw ? "#f2c14e" : "rgba(0, 0, 0, 0.6)",
      color: canDraw ? "#2b1d00" : "#fff",
    });
    if (!R.flat) {
      drawText(ctx, canDraw ? "Draw" : T.boneyard, bone.x, R.opp.y + R.opp.height - (R.compact ? 7 : 9), {
        size: R.compact ? 10 : 12,
        weight: canDraw ? 800 : 500,
        color: canDraw ? "#ffe08a" : "rgba(230, 240, 232, 0.7)",
        align: "center",
      });
    }
    return glowing;
  }

  /** The person's rack. Returns true while a tile is still sliding. */
  #drawHand(ctx, now) {
    const snap = this.snap;
    const myTurn = this.#canAct();
    const anyPlayable = snap.hand.some((t) => t.playable);
    let moving = false;
    const order = [];
    snap.hand.forEach((tile, i) => {
      const sprite = this.sprites.get(tile.tile);
      if (!sprite) return;
      const goal = this.#spriteGoal(sprite, i);
      if (goal.direct) {
        sprite.cur = { x: goal.x, y: goal.y, angle: goal.angle, s: goal.s };
        sprite.from = { ...sprite.cur };
        sprite.to = { ...sprite.cur };
        moving = true;
      } else {
        const to = sprite.to;
        if (
          !to ||
          Math.abs(to.x - goal.x) > 0.5 ||
          Math.abs(to.y - goal.y) > 0.5 ||
          Math.abs(to.s - goal.s) > 0.3 ||
          Math.abs(to.angle - goal.angle) > 0.01
        ) {
          if (to && now >= sprite.t0) {
            sprite.from = { ...sprite.cur };
            sprite.t0 = now;
            sprite.dur = motion(this.drag?.snapped && this.drag.tile === sprite.tile ? 120 : SLIDE_MS);
          }
          sprite.to = { x: goal.x, y: goal.y, angle: goal.angle, s: goal.s };
        }
        const t = sprite.dur > 0 ? clamp((now - sprite.t0) / sprite.dur, 0, 1) : 1;
        const e = easeOut(t);
        sprite.cur = {
          x: lerp(sprite.from.x, sprite.to.x, e),
          y: lerp(sprite.from.y, sprite.to.y, e),
          angle: lerpAngle(sprite.from.angle, sprite.to.angle, e),
          s: lerp(sprite.from.s, sprite.to.s, e),
        };
        if (t < 1) moving = true;
      }
      if (sprite.hideUntil && now < sprite.hideUntil) {
        moving = true;
        return;
      }
      let shakeX = 0;
      const shakeT0 = this.shakes.get(tile.tile);
      if (shakeT0 !== undefined) {
        const st = (now - shakeT0) / motion(SHAKE_MS);
        if (st >= 1) this.shakes.delete(tile.tile);
        else {
          shakeX = Math.sin(st * Math.PI * 6) * 6 * (1 - st);
          moving = true;
        }
      }
      order.push({ tile, sprite, shakeX });
    });
    const [hiName] = [this.selected];
    const hinted = myTurn ? this.#hintedTile() : null;
    for (const { tile, sprite, shakeX } of order) {
      if (this.drag && this.drag.tile === tile.tile) continue; // drawn last, on top
      const [ta, tb] = halves(tile.tile);
      const selected = hiName === tile.tile;
      const isHint = hinted === tile.tile;
      drawTile(ctx, {
        x: sprite.cur.x + shakeX,
        y: sprite.cur.y,
        s: sprite.cur.s,
        angle: sprite.cur.angle,
        a: ta,
        b: tb,
        lift: selected || isHint ? 0.9 : 0.45,
        glow: selected ? "rgba(255, 214, 102, 0.95)" : isHint ? HINT_GLOW : null,
        dim: myTurn && anyPlayable && !tile.playable ? 1 : 0,
      });
    }
    return moving;
  }

  #drawDragged(ctx) {
    if (!this.drag) return false;
    const sprite = this.sprites.get(this.drag.tile);
    if (!sprite) return false;
    const [ta, tb] = halves(this.drag.tile);
    drawTile(ctx, {
      x: sprite.cur.x,
      y: sprite.cur.y,
      s: sprite.cur.s,
      angle: sprite.cur.angle,
      a: ta,
      b: tb,
      lift: this.drag.snapped ? 0.5 : 1.2,
      glow: "rgba(255, 214, 102, 0.9)",
    });
    return true;
  }

  #drawFlights(ctx, now) {
    if (!this.flights.length) return false;
    const done = [];
    for (const f of this.flights) {
      const t = f.dur > 0 ? clamp((now - f.t0) / f.dur, 0, 1) : 1;
      const e = easeOut(t);
      let to;
      let face;
      if (f.kind === "place") {
        const tile = this.snap.layout.tiles[f.index];
        if (!tile) {
          done.push(f);
          continue;
        }
        const p = this.#toScreen(tile.x, tile.y);
        to = { x: p.x, y: p.y, angle: DIR_ANGLE[tile.dir] + this.cam.a, s: this.cam.k * 0.965 };
        face = { a: f.a, b: f.b };
      } else {
        const slots = this.#opponentTiles(f.seat);
        const slot = slots[slots.length - 1] ?? { x: this.size.w / 2, y: this.R.opp.y };
        to = { x: slot.x, y: slot.y, angle: Math.PI / 2, s: this.R.oppS };
      }
      // an arc: lift in the middle of the flight
      const liftPx = Math.sin(Math.PI * e) * (f.kind === "place" ? 0 : 10);
      drawTile(ctx, {
        x: lerp(f.from.x, to.x, e),
        y: lerp(f.from.y, to.y, e) - liftPx,
        s: lerp(f.from.s, to.s, e),
        angle: lerpAngle(f.from.angle, to.angle, e),
        a: face?.a,
        b: face?.b,
        faceDown: !face,
        lift: 1 - e * 0.7,
      });
      if (t >= 1) done.push(f);
    }
    for (const f of done) {
      this.flights.splice(this.flights.indexOf(f), 1);
      f.land?.();
    }
    return true;
  }

  #drawFloaters(ctx, now) {
    this.floaters = this.floaters.filter((f) => now - f.t0 < f.dur);
    for (const f of this.floaters) {
      const t = clamp((now - f.t0) / f.dur, 0, 1);
      const base = f.world ? this.#toScreen(f.world.x, f.world.y) : f.screen;
      const rise = (reducedMotion.matches ? 0 : 46) * easeOut(t);
      const alpha = t < 0.7 ? 1 : 1 - (t - 0.7) / 0.3;
      const scale = reducedMotion.matches ? 1 : 0.8 + 0.2 * easeOut(Math.min(1, t * 4));
      drawFloater(ctx, f.text, base.x, base.y - 10 - rise, {
        size: (f.size ?? 26) * scale,
        alpha,
        color: f.color,
      });
    }
    return this.floaters.length > 0;
  }

  // ================================================================================ idle + test hook

  #isIdle() {
    const s = this.snap;
    if (!s || this.pending || this.background || !this.#still()) return false;
    if (s.round.over) return this.hud.roundVisible;
    return s.turn === s.human;
  }

  #checkIdle() {
    if (!this.idleWaiters.length || !this.#isIdle()) return;
    // settle on a frame boundary so rects reported next match what is drawn
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve(true);
  }

  whenIdle() {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.invalidate();
      queueMicrotask(() => this.#checkIdle());
    });
  }

  /** The table as plain data for tests; client CSS pixels. */
  testState() {
    const s = this.snap;
    if (!s || !this.R || !this.cam) return null;
    const origin = this.canvas.getBoundingClientRect();
    const client = (r) =>
      r && {
        x: r.x + origin.left,
        y: r.y + origin.top,
        width: r.width,
        height: r.height,
      };
    const hand = s.hand.map((t) => {
      const sprite = this.sprites.get(t.tile);
      return { tile: t.tile, rect: sprite ? client(this.#handRect(sprite)) : null, playable: t.playable };
    });
    const targets = {};
    for (const t of s.hand) {
      if (!t.playable) continue;
      targets[t.tile] = this.#targetsOf(t.tile).map((target) => ({ arm: target.arm, rect: client(target.rect) }));
    }
    const canAct = this.#canAct();
    return {
      turn: s.turn,
      human: s.human,
      scores: [...s.scores],
      end_sum: s.end_sum,
      boneyard: s.boneyard,
      hand,
      targets,
      buttons: {
        draw: s.can_draw && canAct ? client(this.#boneyardRect()) : null,
        pass: Hud.rectOf(this.hud.passBtn),
        hint: this.hud.hintBtn.disabled ? null : Hud.rectOf(this.hud.hintBtn),
        next: Hud.rectOf(this.hud.nextBtn),
      },
      round_over: s.round.over,
      match_over: s.match.over,
      hint: this.hint ? { ...this.hint } : null,
      hint_thinking: this.hintThinking,
      review: this.review,
    };
  }

  #installTestHook() {
    const table = this;
    const hook = Object.freeze({
      state: () => structuredClone(table.testState()),
      idle: () => table.whenIdle().then(() => undefined),
    });
    Object.defineProperty(window, "allthreesTest", { value: hook, configurable: false, writable: false });
  }
}
