// @ts-check
// The test hook: `window.allthreesTest`, a read-only window on the table for browser tests (and
// nothing a player needs). A documented contract (docs/architecture.md "The test hook"): fields are only added.
//
//   allthreesTest.state()  -> plain data: the table as drawn now, rects in client CSS pixels
//   allthreesTest.idle()   -> Promise: resolves once the table waits for a person
//   allthreesTest.record() -> Promise: the match record (docs/rules.md format), every hand in it
//   allthreesTest.sound()  -> {context, music}: the audio context's state, the soundtrack playing
//   allthreesTest.seen()   -> a guest's page across devices: what it kept (docs/architecture.md "The test hook")
//
// main.js installs it for automated browsers only (navigator.webdriver), from the table's
// TestHookPort (game.js hookPort()): what the hook reads, and nothing more.

import { boneyardRect } from "../board/regions.js";
import { rackRects, targetsOf } from "../board/scene.js";
import { canAct } from "../board/state.js";
import { ratingKind } from "../career/ratingkind.js";
import { rectOf } from "../dom/dom.js";

/** @typedef {import("../shapes/testhook.js").TestRect} TestRect */
/** @typedef {import("../shapes/testhook.js").TestTarget} TestTarget */

/**
 * The widgets whose rects the hook reads.
 * @typedef {Object} DrawnWidgets
 * @property {HTMLCanvasElement} canvas
 * @property {{coverRect: TestRect|null, passBtn?: HTMLElement, hintBtn?: HTMLButtonElement}} hud ui/hud.js
 * @property {{nextBtn?: HTMLElement}} panel ui/panel.js
 * @property {{open: boolean, controls: () => import("../shapes/testhook.js").TestControl[]}} claimPad ui/claim.js
 */

/**
 * What the test hook reads of the table (table/game.js hookPort() gives it these).
 * @typedef {Object} TestHookPort
 * @property {import("../board/state.js").State} state
 * @property {DrawnWidgets} drawn
 * @property {() => boolean} live the table takes input now
 * @property {() => import("./tablenet.js").NetStanding} net how the table across devices stands
 * @property {() => import("../shapes/testhook.js").TestGathered|null} gathering who is awaited before the deal
 * @property {() => import("../shapes/testhook.js").TestLobby|null} lobby Play online's list
 * @property {() => import("../shapes/testhook.js").TestClock|null} clock the table clock
 * @property {(kind: string|null) => object} career the career's fields of the state (career/flow.js hook)
 * @property {() => Promise<unknown>} record the match record (docs/rules.md format: any JSON to the page)
 * @property {() => Promise<unknown>} idle resolves once the table waits for a person
 * @property {() => unknown} sound the audio context's state, the music's (sound/sound.js hook)
 * @property {() => unknown} seen a guest's page: what it kept (net/guesting.js seen)
 */

/** The table as plain data for tests (docs/architecture.md "The test hook": every field).
 * @param {import("../board/state.js").State} state @param {DrawnWidgets} drawn */
export function testState(state, { canvas, hud, panel, claimPad }) {
  const s = state.snap;
  if (!s || !state.R || !state.cam) return null;
  const drawn = /** @type {import("../board/state.js").Drawn} */ (state);
  const origin = canvas.getBoundingClientRect();
  /** @param {TestRect} r @returns {TestRect} */
  const at = (r) => ({ x: r.x + origin.left, y: r.y + origin.top, width: r.width, height: r.height });
  /** @param {TestRect|null|undefined} r */
  const client = (r) => r && at(r);
  const rects = rackRects(drawn);
  const hand = s.hand.map((t, i) => ({ tile: t.tile, rect: client(rects[i]), playable: t.playable }));
  /** @type {Record<string, TestTarget[]>} */
  const targets = {};
  for (const t of s.hand) {
    if (!t.playable) continue;
    targets[t.tile] = targetsOf(drawn, t.tile).map((x) => ({ arm: x.arm, rect: at(x.rect), points: x.points }));
  }
  const ok = canAct(state);
  const coverRect = s.cover !== null ? hud.coverRect : null;
  return {
    turn: s.turn,
    human: s.viewer,
    scores: s.sides.map((side) => side.score),
    end_sum: s.end_sum,
    boneyard: s.boneyard,
    hand,
    targets,
    buttons: {
      draw: s.can_draw && ok ? client(boneyardRect(drawn.R)) : null,
      pass: rectOf(hud.passBtn),
      hint: hud.hintBtn?.disabled ? null : rectOf(hud.hintBtn),
      next: rectOf(panel.nextBtn),
    },
    round_over: s.round.over,
    match_over: s.match.over,
    hint: state.hint ? { ...state.hint } : null,
    hint_thinking: state.hintThinking,
    review: state.review,
    mode: s.mode,
    seats: s.seats.map((seat) => ({
      name: seat.name,
      side: seat.side,
      controller: seat.controller,
      tiles: seat.tiles,
    })),
    sides: s.sides.map((side) => ({ seats: [...side.seats], score: side.score })),
    viewer: s.viewer,
    cover: s.cover !== null && coverRect ? { seat: s.cover, rect: coverRect } : null,
    rules: { preset: s.rules.preset, options: { ...s.rules.options } },
    claim: claimPad.open ? { controls: claimPad.controls() } : null,
    pegs: state.pegs ? state.pegs.map((p) => ({ front: p.front, back: p.back })) : null,
  };
}

/** Install the hook once (main.js, for automated browsers); it only reads.
 * @param {TestHookPort} table */
export function installTestHook(table) {
  const state = () => {
    const drawn = testState(table.state, table.drawn);
    // how the table across devices stands, with Play online's list and the table clock
    const net = { ...table.net(), lobby: table.lobby(), clock: table.clock() };
    const live = table.live();
    if (!drawn) return net.role ? { net, gathering: table.gathering(), live } : null;
    return { ...drawn, ...table.career(ratingKind(table.state.snap?.settings ?? null)), net, live };
  };
  const hook = Object.freeze({
    state: () => structuredClone(state()),
    idle: () => table.idle().then(() => undefined),
    record: () => table.record().then((kept) => structuredClone(kept)),
    sound: () => structuredClone(table.sound()),
    seen: () => structuredClone(table.seen()),
  });
  Object.defineProperty(window, "allthreesTest", { value: hook, configurable: false, writable: false });
}
