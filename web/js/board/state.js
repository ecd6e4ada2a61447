// @ts-check
// The table's state: one plain object every other module reads, and the one answer to the
// questions asked of it everywhere: may the person act now (canAct)? is anything moving
// (isStill)? does the table wait for a person (isIdle)? Like chessground's state: data here,
// behaviour in the modules that own each concern.
//
// What keeps the person from acting is counted by the two helpers below, never by hand: busy()
// while the engine works for the table (a request, a computer's pause, a panel about to open),
// modal() while a dialog is up; the round panel and the muggins pad answer for themselves
// (`widgets`: their own `visible` / `open`). When a count goes down, `onSettle` is told: the
// answers above may have changed with no frame due to show it (a request that ends after the
// last tile has landed), and the table must be drawn, and its waiters asked, again.

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("./anim.js").Pose} Pose */

/**
 * The cribbage pegs of a side as drawn: where Python's pegs stand, and the back peg's leap
 * (draw/pegs.js) while it is on its way.
 * @typedef {{front: number, back: number, leap: {from: number, to: number, t0: number, dur: number}|null}} DrawnPegs
 */

/**
 * The table's state (see createState for what each field is).
 * @typedef {Object} State
 * @property {() => void} onSettle
 * @property {Snapshot|null} snap
 * @property {{w: number, h: number, dpr: number}} size
 * @property {import("./regions.js").Regions|null} R
 * @property {import("./camera.js").Cam|null} cam
 * @property {boolean|null} turned
 * @property {number} anchor
 * @property {Map<string, import("./anim.js").Sprite>} sprites
 * @property {import("./anim.js").Flight[]} flights
 * @property {import("./anim.js").Floater[]} floaters
 * @property {DrawnPegs[]|null} pegs
 * @property {Set<number>} hiddenLayout
 * @property {{t0: number}|null} deal
 * @property {string|null} selected
 * @property {number} keyTarget
 * @property {boolean} keyboardUsed
 * @property {{tile: string, x: number, y: number, snapped: import("./hit.js").ScreenTarget|null}|null} drag
 * @property {Pose & {tile: string}|null} parked
 * @property {Map<string, number>} shakes
 * @property {number} work
 * @property {number} advice
 * @property {import("../shapes/engine.js").Hint|null} hint
 * @property {boolean} hintThinking
 * @property {"busy"|"failed"|import("../shapes/replay.js").ReviewEntry[]|null} review the round panel's
 * @property {boolean} moving
 * @property {boolean} dirty
 * @property {number} modals
 * @property {boolean} waking
 * @property {boolean} held
 * @property {{panel: {visible: boolean}|null, claim: {open: boolean}|null}} widgets
 * @property {string|null} title the player's rating title in words, shown beside their name (null: none)
 */

/**
 * The state of a table drawn: a snapshot, its regions and its camera.
 * @typedef {State & {snap: Snapshot, R: import("./regions.js").Regions, cam: import("./camera.js").Cam}} Drawn
 */

/**
 * A fresh state; `size` and `R` are filled by the first resize. `onSettle()`: a count went down.
 * @param {{onSettle?: () => void}} [o]
 * @returns {State}
 */
export function createState({ onSettle = () => {} } = {}) {
  return {
    onSettle,
    snap: null, // the engine's latest snapshot (see py/allthrees/snapshot.py)
    size: { w: 0, h: 0, dpr: 1 },
    R: null, // screen regions (regions.js), recomputed on every resize and snapshot
    cam: null, // {x, y, k, a}: camera.js
    turned: null, // the layout is shown a quarter turned (camera.js QUARTER)
    anchor: 0, // the seat drawn at the bottom: the viewer, or who takes the device next
    sprites: new Map(), // tile name -> the viewer's tile as drawn in the rack
    flights: [], // tiles travelling (anim.js)
    floaters: [], // rising words and points
    pegs: null, // the cribbage pegs as drawn: per side {front, back, leap} (pegs.js)
    hiddenLayout: new Set(), // layout indices drawn by a flight instead
    deal: null, // {t0}: a deal's face-down tiles arriving
    selected: null, // the lifted tile's name
    keyTarget: 0, // which lit end Enter plays
    keyboardUsed: false,
    drag: null, // {tile, x, y, snapped}
    parked: null, // a dropped tile waiting for the engine's answer: {tile, x, y, angle, s}
    shakes: new Map(), // tile name -> when it started shaking
    work: 0, // the table's work under way (busy()): requests, computer pauses, a panel about to open
    advice: 0, // advice in flight (busy(.., "advice"): hint, review): the person may still act
    hint: null, // {kind, tile?, arm?, reason, seat}: the Expert's move for the viewer now
    hintThinking: false,
    review: null, // the round panel's review: "busy", "failed" or the list
    moving: false, // as of the last frame: something the flow must wait for still moves
    dirty: false, // a frame is due
    modals: 0, // modal dialogs up (modal())
    waking: false, // a kept table is drawn and Python is not up yet (table/earlytable.js): moves are held
    held: false, // a move made while waking waits for Python (one at a time)
    widgets: { panel: null, claim: null }, // the round panel and the muggins pad: asked, not copied
    title: null, // the player's rating title, as the career has it (career/flow.js)
  };
}

/**
 * The table drawn is forgotten (it was not Python's: table/earlytable.js): the next snapshot is drawn afresh.
 * @param {State} state
 */
export function forgetDrawn(state) {
  Object.assign(state, {
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
  state.hiddenLayout.clear();
}

/**
 * Count `work` (a promise) as the table's while it runs: the person waits for it (or, as
 * "advice", only isIdle does: a hint or a review in flight does not stop a move).
 * @template T
 * @param {State} state @param {Promise<T>} work @param {"work"|"advice"} [kind]
 * @returns {Promise<T>} `work`'s own result
 */
export async function busy(state, work, kind = "work") {
  state[kind]++;
  try {
    return await work;
  } finally {
    state[kind]--;
    state.onSettle();
  }
}

/**
 * A modal dialog over the table while `open()` runs (it resolves when the dialog closes).
 * @template T
 * @param {State} state @param {() => Promise<T>|T} open
 * @returns {Promise<T>}
 */
export async function modal(state, open) {
  state.modals++;
  try {
    return await open();
  } finally {
    state.modals--;
    state.onSettle();
  }
}

/**
 * A modal dialog is up.
 * @param {State} state
 */
export const modalOpen = (state) => state.modals > 0;

/**
 * The round (or match) panel is up, or only peeked under.
 * @param {State} state
 */
const panelOpen = (state) => Boolean(state.widgets.panel?.visible);

/**
 * The muggins pad asks for a claim.
 * @param {State} state
 */
const claimOpen = (state) => Boolean(state.widgets.claim?.open);

/**
 * The viewer may act now: their turn, nothing in flight, nothing covering the table. While the
 * table wakes (table/earlytable.js) the start's own requests are no reason to wait: a move is
 * held instead, one at a time.
 * @param {State} state
 */
export function canAct(state) {
  const s = state.snap;
  return Boolean(
    s &&
      !s.round.over &&
      s.viewer !== null &&
      s.person_to_move === s.viewer &&
      (state.waking ? !state.held : state.work === 0) &&
      state.flights.length === 0 &&
      !modalOpen(state) &&
      !claimOpen(state),
  );
}

/**
 * Nothing moves that the flow (or a test) must wait for, as of the last frame drawn.
 * @param {State} state
 */
export function isStill(state) {
  return !state.dirty && !state.moving && !state.flights.length && !state.deal && !state.drag;
}

/**
 * The table waits for a person: their move, the cover, or the round panel (not while it wakes:
 * then it waits for Python).
 * @param {State} state
 */
export function isIdle(state) {
  const s = state.snap;
  if (!s || state.waking || state.work || state.advice || !isStill(state)) return false;
  if (s.round.over) return panelOpen(state);
  if (s.cover !== null || claimOpen(state)) return true;
  return s.viewer !== null && s.person_to_move === s.viewer;
}

/**
 * A table is drawn: the state has a snapshot, its regions and its camera.
 * @param {State} state
 * @returns {state is Drawn}
 */
export function isDrawn(state) {
  return state.snap !== null && state.R !== null && state.cam !== null;
}

/**
 * The hand entry of a tile the viewer holds, or undefined.
 * @param {State} state @param {string} name
 */
export function handTile(state, name) {
  return state.snap?.hand.find((t) => t.tile === name);
}

/**
 * The tile the hint suggests playing, while the viewer still holds it.
 * @param {State} state
 * @returns {string|null}
 */
export function hintedTile(state) {
  const hint = state.hint;
  if (hint?.kind !== "play" || !hint.tile || !state.snap) return null;
  return handTile(state, hint.tile) ? hint.tile : null;
}

/**
 * The seat drawn at the bottom: the viewer, else the person the device goes to, else you.
 * @param {Snapshot} snap
 */
export function anchorSeat(snap) {
  if (snap.viewer !== null && snap.viewer !== undefined) return snap.viewer;
  if (snap.cover !== null && snap.cover !== undefined) return snap.cover;
  return snap.you;
}
