// The request flow: requests go to the engine one after another; each reply is saved, shown
// (its events animated over the new snapshot) and then the table goes on by itself: a computer
// seat moves after a pause a person can follow, a finished round opens its panel. Hints and the
// round review are asked in the background and dropped if the table moved on meanwhile.
//
// The controller never decides a rule: whose move it is, what may be played and what a seat is
// (a person or a computer) all come from the snapshot.

import { refusalWords, T, whyWords } from "../i18n/strings.js";

const PACE_MS = 600; // between two computer moves, so a person can follow them
const ROUND_PANEL_DELAY_MS = 900; // the last tile lands and the table is seen before the panel

export class Controller {
  /**
   * @param {object} o
   * @param {{call: (op: string, payload?: object) => Promise<object>}} o.bridge
   * @param {object} o.state see state.js
   * @param {object} o.view {show(snap, events, source), settled(), changed(), hud, panel, openPanel(), canAct()}
   * @param {object} o.store {save(text), prefs, savePrefs()}
   */
  constructor({ bridge, state, view, store }) {
    this.bridge = bridge;
    this.state = state;
    this.view = view;
    this.store = store;
    this.chain = Promise.resolve(); // requests go to the engine one after another
    this.epoch = 0; // bumped by a new match: stale timers then do nothing
    this.advanceTimer = 0;
    this.advancing = false;
    this.panelTimer = 0;
    this.hintToken = 0; // bumped when a hint no longer applies: a late answer is dropped
    this.reviewToken = 0; // bumped when the panel closes: a late review is dropped
  }

  /** Another tab took the table: no request is sent any more. */
  stop() {
    this.stopped = true;
    this.epoch++;
    this.cancelTimers();
  }

  resume() {
    this.stopped = false;
  }

  /** One request, in turn after any earlier one. Resolves to the reply (or null if it failed). */
  call(op, payload = {}, blocking = true) {
    if (this.stopped) return Promise.resolve(null);
    const counter = blocking ? "pending" : "background";
    this.state[counter]++;
    const run = this.chain.then(async () => {
      try {
        return await this.bridge.call(op, payload);
      } catch (err) {
        console.error(`All Threes: ${op} failed: ${err.message}`);
        this.view.hud.toast(T.engineError, 6000); // the details went to the console above
        return null;
      } finally {
        this.state[counter]--;
      }
    });
    this.chain = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /** A request that changes the table: its reply is taken in before the table goes on. */
  async send(op, payload = {}, source = null) {
    this.state.pending++;
    try {
      await this.accept(await this.call(op, payload), source);
    } finally {
      this.state.pending--;
      this.state.parked = null;
      this.view.changed(); // what the person may touch has changed
    }
  }

  /** Take in a reply: save it, animate its events over the new snapshot, then go on. */
  async accept(reply, source = null) {
    if (!reply) return;
    if (!reply.ok) {
      if (reply.error) this.view.hud.toast(refusalWords(reply));
      if (reply.snapshot) this.view.show(reply.snapshot, [], null);
      this.afterMove();
      return;
    }
    await this.store.save(reply.save);
    this.state.pending++;
    try {
      this.view.show(reply.snapshot, reply.events ?? [], source);
      await this.view.settled();
    } finally {
      this.state.pending--;
    }
    this.afterMove();
  }

  /** The table goes on by itself: the round panel, or the next computer move. */
  afterMove() {
    const snap = this.state.snap;
    if (!snap) return;
    const epoch = this.epoch;
    if (snap.round.over) {
      if (!this.view.panel.visible && !this.panelTimer) {
        this.state.pending++;
        this.panelTimer = setTimeout(() => {
          this.panelTimer = 0;
          this.state.pending--;
          if (epoch === this.epoch && this.state.snap.round.over) {
            this.view.openPanel();
            this.review(epoch);
          }
          this.view.changed();
        }, ROUND_PANEL_DELAY_MS);
      }
    } else if (snap.computer_to_move && !this.advancing) {
      this.advancing = true;
      this.state.pending++;
      this.advanceTimer = setTimeout(async () => {
        this.advanceTimer = 0;
        this.state.pending--;
        if (epoch !== this.epoch || !this.state.snap.computer_to_move) {
          this.advancing = false;
          return;
        }
        this.state.pending++;
        try {
          const reply = await this.call("advance");
          this.advancing = false;
          await this.accept(reply);
        } finally {
          this.advancing = false;
          this.state.pending--;
          this.view.changed();
        }
      }, PACE_MS);
    }
    this.view.changed();
  }

  cancelTimers() {
    if (this.advanceTimer) {
      clearTimeout(this.advanceTimer);
      this.advanceTimer = 0;
      this.advancing = false;
      this.state.pending--;
    }
    if (this.panelTimer) {
      clearTimeout(this.panelTimer);
      this.panelTimer = 0;
      this.state.pending--;
    }
  }

  // ------------------------------------------------------------------------------ the person acts
  /** The viewer plays, draws or passes. With muggins, a play first asks for its claim. */
  act(intent, source = null) {
    if (!this.view.canAct()) return;
    if (intent.kind === "play" && this.state.snap.rules.muggins && !("claim" in intent)) {
      this.view.askClaim((claim) => this.act({ ...intent, claim }, source));
      return;
    }
    if (intent.kind !== "play") this.state.selected = null; // a played tile stays lifted until it flies
    this.state.keyTarget = 0;
    this.clearHint();
    this.send("intent", { seat: this.state.snap.viewer, intent }, source);
    this.view.changed();
  }

  /** The person behind the pass-and-play cover takes the device. */
  ready() {
    const snap = this.state.snap;
    if (!snap || snap.cover === null || this.state.pending) return;
    this.send("intent", { seat: snap.cover, intent: { kind: "ready" } });
  }

  next() {
    if (!this.state.snap?.round.over || this.state.pending) return;
    this.view.panel.hide();
    this.state.panelOpen = false;
    this.clearHint();
    this.state.review = null;
    this.reviewToken++;
    this.send("intent", { seat: null, intent: { kind: "next" } });
  }

  /** A new match with `settings` and, from a link, a seed. The dialog's choices are remembered
   * for next time; a link's game is not the player's own choice, so it is not. */
  newGame(settings, seed = null, { remember = true, daily = null } = {}) {
    if (remember) {
      this.store.prefs.settings = settings;
      this.store.savePrefs();
    }
    this.epoch++;
    this.cancelTimers();
    this.view.panel.hide();
    this.state.panelOpen = false;
    Object.assign(this.state, { selected: null, drag: null, review: null });
    this.clearHint();
    this.reviewToken++;
    if (daily) return this.send("new", { daily }); // the day's deal: Python knows its settings and seed
    return this.send("new", seed === null ? { settings } : { settings, seed });
  }

  toggleSum() {
    const snap = this.state.snap;
    if (!snap) return;
    const hide = !snap.settings.hide_sum;
    this.store.prefs.settings = { ...(this.store.prefs.settings ?? snap.settings), hide_sum: hide };
    this.store.savePrefs();
    this.send("intent", { seat: null, intent: { kind: "settings", settings: { hide_sum: hide } } });
  }

  // ------------------------------------------------------------------------------ advice
  /** The Hint button (or H): ask for the Expert's move; show it, never play it. */
  async hint() {
    const state = this.state;
    if (!this.view.canAct() || state.hintThinking) return;
    const token = ++this.hintToken;
    state.hint = null;
    state.hintThinking = true;
    this.view.hud.showHint(T.hintThinking, { thinking: true });
    this.view.changed();
    const reply = await this.call("hint", { seat: state.snap.viewer }, false);
    if (token !== this.hintToken) return; // the person moved on meanwhile
    state.hintThinking = false;
    if (reply?.ok && reply.hint) {
      // the reason in the page's words (Python sends it as a code, advice.reason_code)
      state.hint = { ...reply.hint, reason: whyWords(reply.hint.why) };
      if (!state.drag) state.selected = null; // the hinted tile and its end stand out alone
      this.view.hud.showHint(T.hintText(this.view.hintMove(reply.hint), state.hint.reason));
      this.view.hud.setPassHinted(reply.hint.kind === "pass");
    } else {
      this.view.hud.showHint(null);
      if (reply?.error) this.view.hud.toast(refusalWords(reply));
    }
    this.view.changed();
  }

  clearHint() {
    const state = this.state;
    if (!state.hint && !state.hintThinking) return;
    this.hintToken++;
    state.hint = null;
    state.hintThinking = false;
    this.view.hud.showHint(null);
    this.view.hud.setPassHinted(false);
    this.view.changed();
  }

  /** The round panel asks the Expert to review each person's plays; it fills in when done. */
  async review(epoch) {
    const roundNo = this.state.snap.round_no;
    const token = ++this.reviewToken;
    this.state.review = "busy";
    this.view.showReview();
    const reply = await this.call("review", { round: roundNo }, false);
    if (token !== this.reviewToken || epoch !== this.epoch || this.state.snap.round_no !== roundNo) return;
    this.state.review = reply?.ok && Array.isArray(reply.review) ? reply.review : "failed";
    this.view.showReview();
    this.view.changed();
  }
}
