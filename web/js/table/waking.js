// Waking: a returning player's table, drawn from the kept snapshot (store/tablekeep.js) at once,
// before Python has started, until Python's own table takes its place. Meanwhile the table says it
// is waking (quietly: the HUD's small status), and a move made on it (a play, a draw, a pass, the
// cover's tap) is held, one at a time, and sent once Python is up: if Python's table is the one
// that was drawn, to the last field; else the page moves to Python's table, drawn afresh (the kept
// one is dropped at once, never animated into the real one) and the held move is refused, saying
// why. Python still checks the move it is sent: the kept table is only ever a picture.
//
//   const waking = new Waking({ state, show, reset, draw, hud });
//   waking.begin(kept)     // -> false when the kept table cannot be drawn (a first visit's boot)
//   waking.follow(kept)    // a second tab: the playing tab drew another table, drawn here afresh
//   waking.hold(payload, source)   // controller.js: a move made while waking
//   waking.arrived(snap)   // Python's first table, before it is drawn
//   waking.end()           // -> the held move to send now, or null

import { T } from "../i18n/strings.js";
import { sameTable } from "../store/tablekeep.js";

const SAY_MS = 5000;

export class Waking {
  /**
   * @param {object} o
   * @param {object} o.state see board/state.js (its `waking` and `held` are this module's)
   * @param {(snap: object) => void} o.show draw a snapshot (Game's, with no events)
   * @param {() => void} o.reset forget the table drawn: the next snapshot is drawn afresh
   * @param {() => void} o.draw draw a frame now (a kept table that cannot be drawn throws here)
   * @param {object} o.hud ui/hud.js: waking(on), toast(text, ms)
   */
  constructor({ state, show, reset, draw, hud }) {
    Object.assign(this, { state, show, reset, draw, hud });
    this.kept = null;
    this.held = null;
    this.same = false;
  }

  /** Draw the kept table now; false (and nothing drawn) when it cannot be. */
  begin(kept) {
    this.state.waking = true;
    try {
      this.show(kept.snap);
      this.draw();
    } catch (err) {
      console.warn(`All Threes: the kept table could not be drawn (${err?.message}); waiting for Python`);
      this.reset();
      this.state.waking = false;
      return false;
    }
    this.kept = kept;
    this.hud.waking(true);
    return true;
  }

  /** The kept table changed before Python's came (another tab plays on): drawn afresh. */
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

  get active() {
    return this.state.waking;
  }

  /** A move made while waking: held (one at a time) until Python's table is up. */
  hold(payload, source) {
    this.held = { payload, source };
    this.state.held = true;
    this.hud.toast(T.wakingHeld, SAY_MS);
  }

  /** Python's first table: the kept picture was it, or it goes now, before Python's is drawn. */
  arrived(snap) {
    if (!this.state.waking || !this.kept) return;
    this.same = Boolean(snap) && sameTable(this.kept.text, snap);
    if (!this.same) this.reset();
    this.kept = null;
  }

  /** Python is up and its table drawn: the held move, to send now (null when none, or refused). */
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
