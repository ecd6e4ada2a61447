// @ts-check
// The early table: a returning player's table, drawn from the kept snapshot (store/tablekeep.js)
// at once, before Python has started, until Python's own table takes its place. Meanwhile the
// table says it is waking (quietly: the HUD's small status), and a move made on it (a play, a
// draw, a pass, the cover's tap) is held, one at a time, and sent once Python is up: if Python's
// table is the one that was drawn, to the last field; else the page moves to Python's table,
// drawn afresh (the kept one is dropped at once, never animated into the real one) and the held
// move is refused, saying why. Python still checks the move it is sent: the kept table is only
// ever a picture.
//
//   const early = new EarlyTable({ state, show, reset, draw, hud });
//   early.begin(kept)     // -> false when the kept table cannot be drawn (a first visit's boot)
//   early.follow(kept)    // a second tab: the playing tab drew another table, drawn here afresh
//   early.hold(payload, source)   // controller.js: a move made while waking
//   early.arrived(snap)   // Python's first table, before it is drawn
//   early.end()           // -> the held move to send now, or null

import { T } from "../i18n/strings.js";
import { sameTable } from "../store/tablekeep.js";

const SAY_MS = 5000;

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** A table kept by the last visit (store/tablekeep.js). @typedef {{snap: Snapshot, text: string}} Kept */
/** A move held while the table wakes, and how it was made (controller.js). @typedef {{payload: Record<string, unknown>, source: import("./controller.js").Source}} Held */

export class EarlyTable {
  /**
   * @param {object} o
   * @param {import("../board/state.js").State} o.state the table's state (its `waking` and `held` are this module's)
   * @param {(snap: Snapshot) => void} o.show draw a snapshot (Game's, with no events)
   * @param {() => void} o.reset forget the table drawn: the next snapshot is drawn afresh
   * @param {() => void} o.draw draw a frame now (a kept table that cannot be drawn throws here)
   * @param {{waking: (on: boolean) => void, toast: (text: string, ms: number) => void}} o.hud ui/hud.js
   */
  constructor({ state, show, reset, draw, hud }) {
    this.state = state;
    this.show = show;
    this.reset = reset;
    this.draw = draw;
    this.hud = hud;
    /** @type {Kept|null} */
    this.kept = null;
    /** @type {Held|null} */
    this.held = null;
    this.same = false;
  }

  /** Draw the kept table now; false (and nothing drawn) when it cannot be. @param {Kept} kept */
  begin(kept) {
    this.state.waking = true;
    try {
      this.show(kept.snap);
      this.draw();
    } catch (err) {
      console.warn(
        `All Threes: the kept table could not be drawn (${err instanceof Error ? err.message : err}); waiting for Python`,
      );
      this.reset();
      this.state.waking = false;
      return false;
    }
    this.kept = kept;
    this.hud.waking(true);
    return true;
  }

  /** The kept table changed before Python's came (another tab plays on): drawn afresh.
   * @param {Kept|null} kept */
  follow(kept) {
    if (!this.kept || !kept) return;
    if (this.held) {
      // made on the table that is gone: never sent to another
      this.held = null;
      this.state.held = false;
      this.hud.toast(T.wakingMoved, SAY_MS);
    }
    this.reset();
    if (!this.begin(kept)) this.kept = null;
  }

  /** The kept table is drawn and Python's has not come yet. */
  get active() {
    return this.state.waking;
  }

  /** A move made while waking: held (one at a time) until Python's table is up.
   * @param {Record<string, unknown>} payload @param {import("./controller.js").Source} source */
  hold(payload, source) {
    this.held = { payload, source };
    this.state.held = true;
    this.hud.toast(T.wakingHeld, SAY_MS);
  }

  /** Python's first table: the kept picture was it, or it goes now, before Python's is drawn.
   * @param {Snapshot|null} snap */
  arrived(snap) {
    if (!this.state.waking || !this.kept) return;
    this.same = snap !== null && sameTable(this.kept.text, snap);
    if (!this.same) this.reset();
    this.kept = null;
  }

  /** Python is up and its table drawn: the held move, to send now (null when none, or refused).
   * @returns {Held|null} */
  end() {
    if (!this.state.waking) return null;
    const held = this.held;
    this.held = null;
    Object.assign(this.state, { waking: false, held: false });
    this.hud.waking(false);
    if (!held) return null;
    if (this.same) return held;
    Object.assign(this.state, { selected: null, parked: null });
    this.hud.toast(T.wakingMoved, SAY_MS);
    return null;
  }
}
