// The test hook: `window.allthreesTest`, a read-only window on the table for browser tests (and
// nothing a player needs). A documented contract (docs/architecture.md "The test hook"): fields are only added.
//
//   allthreesTest.state()  -> plain data: the table as drawn now, rects in client CSS pixels
//   allthreesTest.idle()   -> Promise: resolves once the table waits for a person
//   allthreesTest.record() -> Promise: the match record (docs/rules.md format), every hand in it
//   allthreesTest.sound()  -> {context, music}: the audio context's state, the soundtrack playing
//   allthreesTest.seen()   -> a guest's page across devices: what it kept (docs/architecture.md "The test hook")

import { boneyardRect } from "../board/regions.js";
import { rackRects, targetsOf } from "../board/scene.js";
import { canAct } from "../board/state.js";
import { ratingKind } from "../career/ratingkind.js";
import { rectOf } from "../dom/dom.js";

/** The table as plain data for tests (docs/architecture.md "The test hook": every field). */
export function testState(state, { canvas, hud, panel, claimPad }) {
  const s = state.snap;
  if (!s || !state.R || !state.cam) return null;
  const origin = canvas.getBoundingClientRect();
  const client = (r) => r && { x: r.x + origin.left, y: r.y + origin.top, width: r.width, height: r.height };
  const rects = rackRects(state);
  const hand = s.hand.map((t, i) => ({ tile: t.tile, rect: client(rects[i]), playable: t.playable }));
  const targets = {};
  for (const t of s.hand) {
    if (!t.playable) continue;
    targets[t.tile] = targetsOf(state, t.tile).map((x) => ({ arm: x.arm, rect: client(x.rect), points: x.points }));
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
      draw: s.can_draw && ok ? client(boneyardRect(state.R)) : null,
      pass: rectOf(hud.passBtn),
      hint: hud.hintBtn.disabled ? null : rectOf(hud.hintBtn),
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

/** Install the hook once, on the table (game.js); it only reads. */
export function installTestHook(table) {
  const state = () => {
    const { across } = table;
    const drawn = testState(table.state, table); // its canvas, hud, panel and claimPad
    const net = across.hook();
    const remote = across.guesting ?? across.watching;
    const live = remote ? remote.live : table.live;
    if (!drawn) return net.role ? { net, gathering: across.gathering ?? null, live } : null;
    return { ...drawn, ...table.careerFlow.hook(ratingKind(table.state.snap?.settings)), net, live };
  };
  const record = async () => (await table.controller.call("record", {}, false))?.record ?? null;
  const hook = Object.freeze({
    state: () => structuredClone(state()),
    idle: () => table.frames.idle().then(() => undefined),
    record: () => record().then((kept) => structuredClone(kept)),
    sound: () => structuredClone(table.sound.hook()),
    seen: () => structuredClone(table.across.guesting?.seen() ?? null),
  });
  Object.defineProperty(window, "allthreesTest", { value: hook, configurable: false, writable: false });
}
