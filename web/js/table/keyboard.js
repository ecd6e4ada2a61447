// @ts-check
// Keyboard play on the focused table: Left/Right pick a tile that plays, Up/Down its end, Enter
// (or Space) plays it, D draws, P passes, H asks for a hint, Escape puts the tile back, ? lists
// the keys (strings.js T.keys, the same list as docs/playing.md "Keyboard and screen readers").

import { targetsOf } from "../board/scene.js";
import { canAct, modalOpen } from "../board/state.js";

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../shapes/snapshot.js").Arm} Arm */

/**
 * What the keys ask of the table (input.js tableCommands has them all).
 * @typedef {Object} KeyboardPort
 * @property {(tile: string, arm: Arm|null, source: "key") => void} play
 * @property {() => void} draw
 * @property {() => void} pass
 * @property {() => void} hint
 * @property {() => void} keys
 * @property {() => void} changed the selection moved
 */

/**
 * @param {object} o
 * @param {HTMLElement} o.canvas
 * @param {State} o.state
 * @param {KeyboardPort} o.act
 */
export function listenKeyboard({ canvas, state, act }) {
  canvas.addEventListener("keydown", (e) => {
    if (e.key === "?" && !modalOpen(state)) {
      e.preventDefault();
      act.keys();
      return;
    }
    if (!state.snap || !canAct(state) || e.altKey || e.ctrlKey || e.metaKey) return;
    const snap = state.snap;
    const playable = snap.hand.filter((t) => t.playable).map((t) => t.tile);
    let handled = true;
    state.keyboardUsed = true;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (playable.length) {
        const i = state.selected === null ? -1 : playable.indexOf(state.selected);
        const step = e.key === "ArrowRight" ? 1 : -1;
        state.selected = playable[(i + step + playable.length) % playable.length] ?? playable[0];
        state.keyTarget = 0;
      }
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const n = state.selected ? targetsOf(state, state.selected).length : 0;
      if (n) state.keyTarget = (state.keyTarget + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
    } else if (e.key === "Enter" || e.key === " ") {
      if (state.selected) {
        const t = targetsOf(state, state.selected)[state.keyTarget];
        if (t) act.play(state.selected, t.arm, "key");
      } else if (snap.can_draw) act.draw();
      else if (snap.must_pass) act.pass();
      else if (playable.length) state.selected = playable[0];
    } else if (e.key === "d" || e.key === "D") {
      if (snap.can_draw) act.draw();
    } else if (e.key === "p" || e.key === "P") {
      if (snap.must_pass) act.pass();
    } else if (e.key === "h" || e.key === "H") {
      act.hint();
    } else if (e.key === "Escape") {
      state.selected = null;
    } else handled = false;
    if (handled) {
      e.preventDefault();
      act.changed();
    }
  });
}
