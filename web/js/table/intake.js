// @ts-check
// A new snapshot on the table. takeSnapshot() takes it into the state: who sits at the bottom, the
// screen regions, which way the layout is shown, the rack's tiles (kept, drawn in, or dealt), and
// the animations the reply's events call for (anim.js plans them), and returns what the page
// should also do: sounds to play and words to show. showSnapshot() is the whole of it, as the
// table shows each snapshot: kept for the next visit, taken in, heard and said, and the HUD, the
// screen reader and (a finished match) the career follow it.

import { planEvents, planRack } from "../board/anim.js";
import { cameraTarget, orient } from "../board/camera.js";
import { boneyardCenter, rackAngle } from "../board/regions.js";
import { notePoint, rackSlotOf, seatFrom } from "../board/scene.js";
import { anchorSeat } from "../board/state.js";
import { reducedMotion } from "../draw/frames.js";
import { updatePegs } from "../draw/pegs.js";
import { T } from "../i18n/strings.js";
import { keepTable } from "../store/tablekeep.js";

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../board/state.js").Drawn} Drawn */
/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/engine.js").Event} Event */
/** @typedef {import("../board/anim.js").Cue} Cue */
/** @typedef {import("../shapes/engine.js").PartnerNote} PartnerNote */
/**
 * A partner's note in words: the note, the mover's name, the partner's (null: the viewer, "you")
 * and the opponent's it names.
 * @typedef {(note: PartnerNote, who: string, partner: string|null, opponent: string|null) => string} NoteSay
 */

/**
 * What showing a snapshot uses of the table (game.js): its state; whether the table is the host's
 * (a guest's or a watcher's page) or another tab's (the controller halted); the sound, the screen
 * reader, the HUD's refresh and a toast; the frame loop's regions; the table clock; the career,
 * which records a finished match, and the round panel, which draws its score race.
 * @typedef {Object} IntakePort
 * @property {State} state
 * @property {{halted: boolean, clearHint: () => void}} controller
 * @property {{remote: boolean}} net
 * @property {{play: (what: Cue) => void, tableShown: () => void}} sound
 * @property {{update: (state: State) => void, announce: (events: Event[], state: State) => void}} reader
 * @property {{layout: () => void}} frames
 * @property {{shown: (snap: Snapshot|null, events: readonly Event[]) => void}|undefined} clock absent
 *   while the table is being made
 * @property {{seen: (snap: Snapshot) => Promise<{race?: number[][]}|null|undefined>}} careerFlow
 * @property {{showRace: (entry: {race?: number[][]}, snap: Snapshot|null) => void}} panel
 * @property {(text: string) => void} toast
 * @property {() => void} refreshHud
 * @property {() => void} changed
 */

/**
 * Show a snapshot (from Python, the host's table, or `source` "kept": the table last drawn).
 * @param {IntakePort} table
 * @param {Snapshot} snap @param {Event[]} events
 * @param {string|null} source how the move was made ("drag", "tap", "key"), "kept", or null
 */
export function showSnapshot(table, snap, events, source) {
  const { state, controller, sound, reader } = table;
  const guest = table.net.remote; // a guest's or a watcher's: the table is the host's
  // kept for the next visit as Python made it, before the page words it (a stopped tab keeps
  // nothing: the table is another tab's; a guest's is Guesting's to keep)
  if (source !== "kept" && !guest && !controller.halted) keepTable(snap);
  const prev = state.snap;
  if (!prev || events.length || prev.turn !== snap.turn || prev.round_no !== snap.round_no) controller.clearHint();
  const out = takeSnapshot(state, snap, events, source, {
    layout: () => table.frames.layout(),
    reduced: reducedMotion.matches,
  });
  for (const s of out.sounds) sound.play(s);
  sound.tableShown(); // the music may start from now on (at a gesture, when it is on)
  for (const text of out.toasts) table.toast(text);
  table.refreshHud();
  reader.update(state);
  reader.announce(events, state);
  table.clock?.shown(snap, events); // a table played online: its clock (table/clock.js)
  if (snap.match.over && !guest && source !== "kept") {
    // the finished match joins the career; its entry gives the panel its score race (a guest's
    // comes with the host's reveal: Guesting's counted)
    table.careerFlow.seen(snap).then((entry) => entry && table.panel.showRace(entry, state.snap));
  }
  table.changed();
}

/**
 * @param {State} state
 * @param {Snapshot} snap the engine's snapshot
 * @param {readonly Event[]} events the reply's events
 * @param {string|null} source "drag" when the person dropped the tile that was played
 * @param {{layout: () => void, reduced: boolean}} o layout() recomputes state.R
 * @returns {{sounds: Cue[], toasts: string[]}}
 */
export function takeSnapshot(state, snap, events, source, { layout, reduced }) {
  nameSeats(snap);
  const prev = state.snap;
  state.parked = null;
  const now = performance.now();
  const heldBefore = state.sprites;
  const prevAnchor = state.anchor;
  // the table as drawn from here on: layout() makes its regions, and the camera is set below
  const drawn = /** @type {Drawn} */ (state);
  const seatFromBefore = (/** @type {number} */ seat) => seatFrom(drawn, seat, prev ?? snap);
  state.snap = snap;
  state.anchor = anchorSeat(snap);
  layout();
  const dealt = events.some((e) => e.kind === "deal");
  const R = drawn.R;
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
  const bone = { ...boneyardCenter(R), s: R.boneS };
  // a new viewer's rack (pass-and-play) is simply there, as after a reload
  const resumed = !prev || prevAnchor !== state.anchor || prev.viewer !== snap.viewer;
  state.sprites = planRack(resumed ? new Map() : heldBefore, snap.hand, {
    now,
    dealt,
    resumed: resumed && !dealt,
    slot: (i) => rackSlotOf(drawn, i),
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
    seatFrom: prev && prevAnchor === state.anchor ? seatFromBefore : (seat) => seatFrom(drawn, seat),
    bone,
    notePoint: (seat) => notePoint(drawn, seat),
    words: {
      passed: T.passed,
      drew: T.drew,
      muggins: snap.rules.cribbage ? T.mugginsPegs : T.mugginsFloat,
      award: snap.rules.cribbage ? T.pegsFloat : undefined,
      bust: T.bustFloat,
    },
    reduced,
  });
  state.pegs = updatePegs(state.pegs, snap.pegs, now, reduced);
  state.flights.push(...plan.flights);
  state.floaters.push(...plan.floaters);
  for (const i of plan.hidden) state.hiddenLayout.add(i);
  const name = (/** @type {number} */ seat) => snap.seats[seat].name;
  const placed = events.filter((e) => e.kind === "placed");
  const toasts = placed.filter((e) => e.taker >= 0).map((e) => T.mugginsCall(name(e.taker), e.made, name(e.seat)));
  for (const e of placed) {
    const note = e.note;
    // each code's words (T.partnerNote) read the fields of their own note
    const say = /** @type {NoteSay|undefined} */ (note ? T.partnerNote[note.code] : undefined);
    if (!say || !note) continue;
    const seats = /** @type {{partner?: number, opponent?: number}} */ (note); // a note names one or both
    const partner = seats.partner == null || seats.partner === snap.viewer ? null : name(seats.partner);
    const opponent = seats.opponent == null ? null : name(seats.opponent);
    toasts.push(say(note, name(e.seat), partner, opponent));
  }
  return { sounds: [...plan.sounds, ...finale(snap, events)], toasts };
}

/** The match is over: a fanfare when your side won it, a gentler phrase for a loss or a draw.
 * Who won is Python's (the event's winner side); whose side is yours, the snapshot's (the panel
 * marks a win the same way).
 * @param {Snapshot} snap @param {readonly Event[]} events @returns {Cue[]} */
function finale(snap, events) {
  const over = events.find((e) => e.kind === "match_over");
  if (!over) return [];
  const won = over.winner !== null && over.winner !== undefined && snap.sides[over.winner]?.seats.includes(snap.you);
  return [won ? "fanfare" : "lament"];
}

/** Seats' and sides' names in the page's language, from Python's labels (settings.labels): a
 * person's own name stays as typed. */
/** @param {Snapshot} snap */
export function nameSeats(snap) {
  for (const seat of snap.seats) if (seat.label) seat.name = T.seatName(seat.label);
  for (const side of snap.sides) side.name = T.sideName(side.seats.map((s) => snap.seats[s].name));
}
