// @ts-check
// The request flow: requests go to the engine one after another; each reply is saved, shown
// (its events animated over the new snapshot) and then the table goes on by itself: a computer
// seat moves after a pause a person can follow, a finished round opens its panel. Hints and the
// round review are asked in the background and dropped if the table moved on meanwhile.
//
// The controller never decides a rule: whose move it is, what may be played and what a seat is
// (a person or a computer) all come from the snapshot.
//
// Starting (startup.js) goes first: its requests (`early`) run before any other, which wait for
// the start to be done (`opening`), so nothing asked meanwhile (a move held while the table
// wakes, New game, the career) reaches Python before the saved match is back.
//
// The round panel (ui/panel.js) and the muggins pad (ui/claimpad.js) are the controller's: it
// opens them (a finished round, a play that asks for its claim), and the panel's Next goes on.

import { busy, canAct, modal } from "../board/state.js";
import { h } from "../dom/dom.js";
import { refusalWords, T, whyWords } from "../i18n/strings.js";
import { hintMove, moveLabel } from "../i18n/words.js";
import { ClaimPad } from "../ui/claimpad.js";
import { askDialog } from "../ui/modal.js";
import { Panel } from "../ui/panel.js";

const PACE_MS = 600; // between two computer moves, so a person can follow them
const ROUND_PANEL_DELAY_MS = 900; // the last tile lands and the table is seen before the panel
const WORK_POLL_MS = 50; // how often a kept tap on Next round looks whether the table's work is done

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../shapes/engine.js").Event} Event */
/** @typedef {import("../shapes/messages.js").MoveIntent} MoveIntent */
/** @typedef {import("../store/storage.js").Prefs} Prefs */
/** How a move was made: by a key, a tap or a drag (input.js), null when not by the person. @typedef {"key"|"tap"|"drag"|null} Source */
/** @typedef {import("../shapes/engine.js").EngineReply} Reply */
/** A request's fields besides its op (JSON). @typedef {Record<string, unknown>} Payload */

/**
 * Where requests go: Python's app.handle (boot/bridge.js), or on a guest's page the host's table
 * (`drives: false`: the host's table paces the computers, not this one).
 * @typedef {{call: (op: string, payload?: Payload) => Promise<Reply>, drives?: boolean}} ControllerBridge
 */

/**
 * What the controller asks of the table (game.js): show a snapshot with its events, a table across
 * devices gathering before its deal, wait for the table to be still, draw it again, and put the
 * keyboard back on it.
 * @typedef {Object} ControllerView
 * @property {(snap: Snapshot, events: Event[], source: Source|"kept") => void} show
 * @property {(gathering: Reply) => void} gathered `gathering`: the host's table before its deal (JSON)
 * @property {() => Promise<unknown>} settled
 * @property {() => void} changed
 * @property {() => void} focusTable
 */

/**
 * What the controller uses of the HUD (ui/hud.js): its toasts, the How to play offer and the
 * hint; the panel and the pad go on its root.
 * @typedef {Object} ControllerHud
 * @property {HTMLElement} root
 * @property {(text: string, ms?: number) => void} toast
 * @property {(on: boolean) => void} offerHowTo
 * @property {(text: string|null, o?: {thinking?: boolean}) => void} showHint
 * @property {(on: boolean) => void} setPassHinted
 */

/**
 * What the controller keeps: a reply's save, and the preferences (the last New game's settings).
 * @typedef {{prefs: Prefs, save: (reply: Reply) => unknown, savePrefs: () => void}} ControllerStore
 */

/** A move made while the kept table is drawn (earlytable.js): held there. @typedef {{hold: (payload: Payload, source: Source) => void}} ControllerWaking */

export class Controller {
  /**
   * @param {object} o
   * @param {ControllerBridge} o.bridge
   * @param {State} o.state
   * @param {ControllerView} o.view the table
   * @param {ControllerHud} o.hud
   * @param {ControllerStore} o.store
   * @param {ControllerWaking|null} [o.waking] a move made while the kept table is drawn is held there
   */
  constructor({ bridge, state, view, hud, store, waking = null }) {
    this.waking = waking;
    this.bridge = bridge;
    this.state = state;
    this.view = view;
    this.hud = hud;
    // after the panel, the keyboard is back on the table, where the next action is
    this.panel = new Panel(hud.root, {
      next: () => {
        this.next();
        view.focusTable();
      },
    });
    this.claimPad = new ClaimPad(hud.root);
    state.widgets = { panel: this.panel, claim: this.claimPad };
    this.store = store;
    this.chain = Promise.resolve(); // requests go to the engine one after another
    this.early = Promise.resolve(); // the start's own requests, which go before the chain's
    this.epoch = 0; // bumped by a new match: stale timers then do nothing
    /** @type {Set<(ran: boolean) => void>} the resolvers of pauses under way (cancelled: they resolve false) */
    this.pauses = new Set();
    /** @type {symbol|false} a computer's move is scheduled or under way (its token) */
    this.advancing = false;
    this.panelSoon = false; // the round panel is about to open
    this.nextKept = false; // a tap on Next round waits for the table's work (next())
    this.hintToken = 0; // bumped when a hint no longer applies: a late answer is dropped
    this.reviewToken = 0; // bumped when the panel closes: a late review is dropped
    this.stopped = false; // another tab took the table
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

  /** The table is stopped (another tab has it): nothing is sent, saved or asked. */
  get halted() {
    return Boolean(this.stopped);
  }

  /**
   * The start (`run()`, whose requests are `early`) goes first: every other request waits for it.
   * @template T
   * @param {() => Promise<T>} run
   * @returns {Promise<T>}
   */
  async opening(run) {
    /** @type {() => void} */
    let opened = () => {};
    const before = this.chain;
    this.chain = before.then(() => new Promise((resolve) => (opened = () => resolve(undefined))));
    await before; // nothing of an earlier start is still going
    try {
      return await run();
    } finally {
      opened();
    }
  }

  /** One request, in turn after any earlier one. Resolves to the reply (or null if it failed).
   * A `blocking` one is the table's work (the person waits); else it is advice in the background.
   * An `early` one is the start's own (opening()).
   * @param {string} op @param {Payload} [payload] @param {boolean} [blocking] @param {boolean} [early]
   * @returns {Promise<Reply|null>}
   */
  call(op, payload = {}, blocking = true, early = false) {
    if (this.stopped) return Promise.resolve(null);
    const run = (early ? this.early : this.chain).then(async () => {
      try {
        return await this.bridge.call(op, payload);
      } catch (err) {
        console.error(`All Threes: ${op} failed: ${err instanceof Error ? err.message : err}`);
        this.hud.toast(T.engineError, 6000); // the details went to the console above
        return null;
      }
    });
    const done = run.then(
      () => {},
      () => {},
    );
    if (early) this.early = done;
    else this.chain = done;
    return busy(this.state, run, blocking ? "work" : "advice");
  }

  /**
   * A request that changes the table: its reply is taken in before the table goes on.
   * @param {string} op @param {Payload} [payload] @param {Source} [source]
   */
  async send(op, payload = {}, source = null) {
    try {
      await busy(
        this.state,
        this.call(op, payload).then((reply) => this.accept(reply, source)),
      );
    } finally {
      this.state.parked = null;
      this.view.changed(); // what the person may touch has changed
    }
  }

  /**
   * Wait `ms`, as the table's work; resolves false when cancelled (a new match, another tab).
   * @param {number} ms
   * @returns {Promise<boolean>}
   */
  #pause(ms) {
    /** @type {(ran: boolean) => void} */
    let done = () => {};
    /** @type {Promise<boolean>} */
    const wait = new Promise((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      done = (ran) => {
        clearTimeout(timer);
        this.pauses.delete(done);
        resolve(ran);
      };
      this.pauses.add(done);
    });
    return busy(this.state, wait);
  }

  /**
   * Take in a reply: save it, animate its events over the new snapshot, then go on.
   * @param {Reply|null} reply @param {Source} [source]
   */
  async accept(reply, source = null) {
    if (!reply) return;
    if (reply.ok && reply.gathering) {
      // a table across devices before its deal: kept (a reload goes on gathering), nothing to draw
      await this.store.save(reply);
      this.view.gathered(reply.gathering);
      return;
    }
    if (!reply.ok) {
      if (reply.error) this.hud.toast(refusalWords(reply));
      if (reply.snapshot) this.view.show(reply.snapshot, [], null);
      this.afterMove();
      return;
    }
    await this.store.save(reply);
    this.view.show(reply.snapshot, reply.events ?? [], source);
    await busy(this.state, this.view.settled());
    this.afterMove();
  }

  /** The table goes on by itself: the round panel, or the next computer move. */
  afterMove() {
    const snap = this.state.snap;
    if (!snap) return;
    if (snap.round.over) {
      if (!this.panel.visible && !this.panelSoon) this.#openPanelSoon();
    } else if (snap.computer_to_move && !this.advancing && this.bridge.drives !== false) this.#advanceSoon();
    this.view.changed();
  }

  /** The last tile lands and the table is seen, then the round panel opens with its review. */
  async #openPanelSoon() {
    const epoch = this.epoch;
    this.panelSoon = true;
    const ran = await this.#pause(ROUND_PANEL_DELAY_MS);
    this.panelSoon = false;
    const snap = this.state.snap;
    if (ran && epoch === this.epoch && snap?.round.over) {
      this.hud.offerHowTo(false); // a round played: no longer a first visit
      this.panel.show(snap);
      // the review is an engine's work on the table it holds: a guest's or a watcher's page
      // (the table is the host's) shows none rather than "not available"
      const remote = this.bridge.drives === false;
      this.panel.review.hidden = remote;
      if (!remote) this.review(epoch);
    }
    this.view.changed();
  }

  /** A computer seat moves after a pause a person can follow. */
  async #advanceSoon() {
    const epoch = this.epoch;
    const mine = Symbol("advance");
    this.advancing = mine;
    const move = async () => {
      if (!(await this.#pause(PACE_MS)) || epoch !== this.epoch || !this.state.snap?.computer_to_move) return;
      const reply = await this.call("advance");
      this.advancing = false; // its reply may hand the turn to the next computer seat
      await this.accept(reply);
    };
    try {
      await busy(this.state, move());
    } finally {
      if (this.advancing === mine) this.advancing = false; // the next seat's move may be scheduled
      this.view.changed();
    }
  }

  /** The pauses under way end now, doing nothing. */
  cancelTimers() {
    for (const done of [...this.pauses]) done(false);
  }

  // ------------------------------------------------------------------------------ the person acts
  /**
   * The viewer plays, draws or passes. With muggins, a play first asks for its claim.
   * @param {MoveIntent} intent @param {Source} [source]
   */
  act(intent, source = null) {
    const snap = this.state.snap;
    if (!snap || !canAct(this.state)) return;
    if (intent.kind === "play" && snap.rules.muggins && !("claim" in intent)) {
      this.#askClaim(intent, source, snap);
      return;
    }
    if (intent.kind !== "play") this.state.selected = null; // a played tile stays lifted until it flies
    this.state.keyTarget = 0;
    this.clearHint();
    const payload = { seat: snap.viewer, intent };
    if (this.state.waking) this.waking?.hold(payload, source);
    else this.send("intent", payload, source);
    this.view.changed();
  }

  /**
   * Muggins: the play waits for the person's claim; taking the tile back puts it down again.
   * @param {MoveIntent} intent @param {Source} source @param {Snapshot} snap
   */
  async #askClaim(intent, source, snap) {
    const asked = this.claimPad.ask(snap.rules.max_claim);
    this.view.changed();
    const answer = await asked;
    if (answer) {
      this.act({ ...intent, claim: answer.claim }, source);
      return;
    }
    Object.assign(this.state, { parked: null, selected: null });
    this.view.focusTable();
    this.view.changed();
  }

  /** The person behind the pass-and-play cover takes the device. */
  ready() {
    const snap = this.state.snap;
    if (!snap || snap.cover === null) return;
    const payload = { seat: snap.cover, intent: { kind: "ready" } };
    if (this.state.waking) {
      if (!this.state.held) this.waking?.hold(payload, null);
      return;
    }
    if (this.state.work) return;
    this.send("intent", payload);
  }

  /** What must wait for Python while the table wakes (a hint, the end sum's switch) says so. */
  #asleep() {
    if (this.state.waking) this.hud.toast(T.wakingWait);
    return this.state.waking;
  }

  /** Next round (or the next match). A tap while the table's work is under way (a reply being
   * taken in, on a host a friend's message) is kept and carried out once that work is done:
   * dropped, the button looked dead. */
  async next() {
    if (!this.state.snap?.round.over || this.nextKept) return;
    if (this.state.work) {
      const epoch = this.epoch;
      this.nextKept = true;
      try {
        while (this.state.work) await new Promise((resolve) => setTimeout(resolve, WORK_POLL_MS));
      } finally {
        this.nextKept = false;
      }
      if (epoch !== this.epoch || !this.state.snap?.round.over) return;
    }
    this.panel.hide();
    this.clearHint();
    this.state.review = null;
    this.reviewToken++;
    this.send("intent", { seat: null, intent: { kind: "next" } });
  }

  /** A new match with `settings` and, from a link, a seed. The dialog's choices are remembered
   * for next time; a link's game is not the player's own choice, so it is not. `gather`: for a
   * table with friends' seats, {name, clock, watch?, rated?} (Python's `gather`).
   * @param {SettingsJson} settings
   * @param {string|null} [seed]
   * @param {{remember?: boolean, daily?: string|null, gather?: Payload|null}} [o]
   */
  newGame(settings, seed = null, { remember = true, daily = null, gather = null } = {}) {
    if (remember) {
      this.store.prefs.settings = settings;
      this.store.savePrefs();
    }
    this.epoch++;
    this.cancelTimers();
    this.panel.hide();
    Object.assign(this.state, { selected: null, drag: null, review: null });
    this.clearHint();
    this.reviewToken++;
    if (daily) return this.send("new", { daily }); // the day's deal: Python knows its settings and seed
    // a table across devices: the host's name as its friends see it, and the table clock
    const payload = { ...(gather ?? {}), settings };
    return this.send("new", seed === null ? payload : { ...payload, seed });
  }

  toggleSum() {
    const snap = this.state.snap;
    if (!snap || this.#asleep()) return;
    const hide = !snap.settings.hide_sum;
    this.store.prefs.settings = { ...(this.store.prefs.settings ?? snap.settings), hide_sum: hide };
    this.store.savePrefs();
    this.send("intent", { seat: null, intent: { kind: "settings", settings: { hide_sum: hide } } });
  }

  // ------------------------------------------------------------------------------ advice
  /** The Hint button (or H): ask for the Expert's move; show it, never play it. While the match
   * is rated (Python's rated_table), the player is told first that a hint makes it unrated. */
  async hint() {
    const state = this.state;
    if (this.#asleep() || !canAct(this.state) || state.hintThinking) return;
    if (!(await this.#hintAllowed())) return;
    const snap = state.snap;
    if (!snap || !canAct(this.state) || state.hintThinking) return; // the table moved on while asked
    const token = ++this.hintToken;
    state.hint = null;
    state.hintThinking = true;
    this.hud.showHint(T.hintThinking, { thinking: true });
    this.view.changed();
    const reply = await this.call("hint", { seat: snap.viewer }, false);
    if (token !== this.hintToken) return; // the person moved on meanwhile
    state.hintThinking = false;
    if (reply?.ok && reply.hint) {
      // the reason in the page's words (Python sends it as a code, advice.reason_code)
      const hint = { ...reply.hint, reason: whyWords(reply.hint.why) };
      state.hint = hint;
      if (!state.drag) state.selected = null; // the hinted tile and its end stand out alone
      this.hud.showHint(T.hintText(hintMove(reply.hint, state.turned), hint.reason));
      this.hud.setPassHinted(reply.hint.kind === "pass");
    } else {
      this.hud.showHint(null);
      if (reply?.error) this.hud.toast(refusalWords(reply));
    }
    this.view.changed();
  }

  /** Before the first hint of a rated match: "A hint makes it unrated", asked (true: go on). */
  async #hintAllowed() {
    const reply = await this.call("rated_table", {}, false);
    if (!reply?.ok || !reply.table.rated) return true; // unrated already (or no table of its own)
    const R = T.ratings;
    const yes = await modal(this.state, () =>
      askDialog(
        "hint-rated-dialog",
        R.hintTitle,
        [h("p", { class: "panel-sub", text: R.hintBody })],
        [
          { id: "hint-rated-keep", text: R.hintKeep, value: false, focus: true }, // the safe answer
          { id: "hint-rated-ask", text: R.hintAsk, primary: true, value: true },
        ],
        { root: this.hud.root, cancel: false },
      ),
    );
    this.view.focusTable();
    return yes;
  }

  clearHint() {
    const state = this.state;
    if (!state.hint && !state.hintThinking) return;
    this.hintToken++;
    state.hint = null;
    state.hintThinking = false;
    this.hud.showHint(null);
    this.hud.setPassHinted(false);
    this.view.changed();
  }

  /**
   * The round panel asks the Expert to review each person's plays; it fills in when done.
   * @param {number} epoch the match's, when the panel opened
   */
  async review(epoch) {
    const snap = this.state.snap;
    if (!snap) return;
    const roundNo = snap.round_no;
    const token = ++this.reviewToken;
    this.state.review = "busy";
    this.#showReview();
    const reply = await this.call("review", { round: roundNo }, false);
    if (token !== this.reviewToken || epoch !== this.epoch || this.state.snap?.round_no !== roundNo) return;
    this.state.review = reply?.ok && Array.isArray(reply.review) ? reply.review : "failed";
    this.#showReview();
    this.view.changed();
  }

  #showReview() {
    const { turned, snap } = this.state;
    if (!snap) return;
    this.panel.showReview(this.state.review, (m) => moveLabel(m, turned), snap);
  }
}
