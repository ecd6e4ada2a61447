// @ts-check
// The table clock of a table played online, as this page shows it: the seat to move and its time
// left, counted down from the snapshot's `net.clock` (Python's figure at the moment of its reply:
// py/allthrees/net/clock.py). On the host's page, when the time runs out, time's up goes to
// Python (op `time_up`), which checks that it really has and makes the seat's move as the
// stand-in the host chose would (a refusal, when a move came first, changes nothing). A guest's
// page only shows the clock: it cannot stop it, since only the host's Python moves for a seat.

import { T } from "../i18n/strings.js";

/** Time's up goes to Python a moment after the time shown runs out, never before (ms). */
export const REPORT_LATE_MS = 150;
/** From this many seconds left, the clock is drawn as urgent, and the person is told once. */
export const URGENT_S = 10;
/** The computer that moves for a seat out of time when the host chose to wait for seats away. */
const DEFAULT_LEVEL = "casual";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/engine.js").Event} Event */
/** @typedef {import("../shapes/engine.js").TimedOutEvent} TimedOutEvent */

/**
 * What the clock uses of the table (game.js), and nothing else: the HUD's clock line, its "I'm
 * back" and a toast; the screen reader's voice; the snapshot drawn; whether this page hosts or is a
 * guest's; and Python, through the controller (its replies are any of Python's: JSON).
 * @typedef {Object} ClockPort
 * @property {(text: string) => void} toast
 * @property {{back: (on: boolean) => void, clock: (text: string|null, urgent?: boolean) => void}} hud
 * @property {{say: (text: string) => void}} reader
 * @property {{snap: Snapshot|null}} state
 * @property {{guesting: {standing: () => boolean}|null, hosting: {active: boolean}|null,
 *   host: {choice: string|null|false|undefined}|null}} net
 * @property {{call: (op: string, payload: object, blocking: boolean) => Promise<any>,
 *   accept: (reply: any) => Promise<void>}} controller
 */

/**
 * The clock running: the seat whose time it is, when it runs out (performance.now() ms), the turn
 * it belongs to, and whether the person was told it is nearly out.
 * @typedef {{seat: number, deadline: number, turnKey: string, told: boolean}} Running
 */

export class TableClock {
  /** @param {ClockPort} table */
  constructor(table) {
    this.table = table;
    /** @type {Running|null} */
    this.running = null;
    /** @type {ReturnType<typeof setInterval>|null} */
    this.ticker = null;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
  }

  /**
   * A snapshot shown: the clock it says (or none), and what its events say of time-outs.
   * @param {Snapshot|null} snap @param {readonly Event[]} events
   */
  shown(snap, events) {
    clearTimeout(this.timer);
    for (const e of events) if (e.kind === "timed_out") this.table.toast(this.#timedOutWords(snap, e));
    // a guest's seat a computer plays for now: "I'm back" (any move of the person does the same)
    const guesting = this.table.net.guesting;
    this.table.hud.back(Boolean(guesting && snap && guesting.standing()));
    const c = snap?.net?.clock ?? null;
    if (!snap || !c || snap.round.over) return this.#stop();
    const was = this.running;
    const same = was?.seat === c.seat && was.turnKey === turnKey(snap);
    this.running = {
      seat: c.seat,
      deadline: performance.now() + c.left_ms,
      turnKey: turnKey(snap),
      told: same ? was.told : false,
    };
    this.ticker ??= setInterval(() => this.#tick(), 1000);
    this.#tick();
    const hosting = this.table.net.hosting;
    if (!this.table.net.guesting && hosting?.active)
      this.timer = setTimeout(() => this.#timeUp(c.seat), c.left_ms + REPORT_LATE_MS);
  }

  /** The test hook's `net.clock`: {seat, left_ms} while a clock runs, else null. */
  hook() {
    if (!this.running) return null;
    return { seat: this.running.seat, left_ms: Math.max(0, Math.round(this.running.deadline - performance.now())) };
  }

  #stop() {
    this.running = null;
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    this.table.hud.clock(null);
  }

  #tick() {
    const r = this.running;
    if (!r) return;
    const left = Math.max(0, Math.ceil((r.deadline - performance.now()) / 1000));
    const snap = this.table.state.snap;
    const seat = snap?.seats[r.seat];
    const name = seat ? T.seatName(seat.label) : "";
    // the status line names the seat to move already; the clock's own line says the seconds
    this.table.hud.clock(T.clock.short(left), left <= URGENT_S);
    if (left <= URGENT_S && !r.told && snap?.viewer === r.seat) {
      r.told = true; // the person to move hears it once, in words
      this.table.reader.say(T.clock.left(name, left));
    }
  }

  /**
   * The host's page: the seat's time ran out; Python decides (and refuses when a move came first).
   * @param {number} seat
   */
  async #timeUp(seat) {
    const net = this.table.net;
    const choice = net.host?.choice; // what the host chose for a seat that is away (hostseat.js)
    const level = typeof choice === "string" ? choice : DEFAULT_LEVEL;
    const reply = await this.table.controller.call("time_up", { seat, level }, false);
    if (reply?.ok && reply.snapshot) await this.table.controller.accept(reply);
  }

  /** @param {Snapshot|null} snap @param {TimedOutEvent} e */
  #timedOutWords(snap, e) {
    const seat = snap?.seats[e.seat];
    const name = seat ? T.seatName(seat.label) : "";
    return e.away ? T.clock.away(name) : T.clock.timedOut(name);
  }
}

/**
 * What names a turn on this page: a new one (not a reply within it) starts the clock's words again.
 * @param {Snapshot} snap
 */
const turnKey = (snap) => `${snap.round_no}:${snap.turn}:${snap.seats.map((s) => s.tiles).join()}`;
