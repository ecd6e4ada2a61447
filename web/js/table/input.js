// @ts-check
// The table's input: everything a person can ask of the table, by the HUD's buttons, a pointer
// (pointer.js) or a key (keyboard.js), as one list of commands, each handed to the piece that owns
// it (the controller, the tools, the career, play across devices); and the canvas made the table's
// control: its role and name, the screen reader's table beside it (ui/screenreader.js), which
// follows the selection. A tile that does not play says why, and the first gesture anywhere
// unlocks the sound (a browser plays nothing before one).

import { T } from "../i18n/strings.js";
import { ScreenReader } from "../ui/screenreader.js";
import { listenKeyboard } from "./keyboard.js";
import { listenPointer } from "./pointer.js";

const WHY_NOT_MS = 2500; // "6-2 matches no open end": one short line

/** @typedef {import("../board/state.js").State} State */
/** @typedef {import("../shapes/snapshot.js").Arm} Arm */
/** @typedef {import("../shapes/messages.js").MoveIntent} MoveIntent */
/** How a move was made: by a key, a tap or a drag (a dragged tile lands where it was dropped). @typedef {"key"|"tap"|"drag"} Source */

/**
 * What the commands call on the table (game.js), each read when a command is given: the pieces
 * it names are made after the HUD that takes the commands.
 * @typedef {Object} CommandsPort
 * @property {State} state
 * @property {{act: (intent: MoveIntent, source?: Source|null) => void, hint: () => unknown, ready: () => void,
 *   toggleSum: () => void}} controller
 * @property {{newGame: () => unknown, rules: () => unknown, keys: () => unknown, howTo: () => unknown,
 *   howToDone: () => void, fair: () => unknown, language: () => void, toggleSound: () => void,
 *   levels: () => unknown}} tools
 * @property {{open: () => unknown}} careerFlow
 * @property {{open: () => unknown}} online
 * @property {{invite: () => void, leave: () => unknown, give: () => unknown, react: () => unknown,
 *   guesting: {back: () => void}|null}} net
 * @property {{select: (state: State) => void}} reader
 * @property {{toast: (text: string, ms?: number) => void}} hud
 * @property {() => void} changed
 */

/**
 * Every command, as the HUD's buttons, a pointer and the keys ask for them.
 * @typedef {import("../ui/hud.js").HudPort & import("./pointer.js").PointerPort & import("./keyboard.js").KeyboardPort} Commands
 */

/**
 * What the canvas is given to be the table's control: the state, the HUD's first-visit offer and
 * the sound, unlocked at the first gesture.
 * @typedef {Object} TablePort
 * @property {HTMLCanvasElement} canvas
 * @property {State} state
 * @property {{offerHowTo: (on: boolean) => void}} hud
 * @property {{unlock: () => void}} sound
 */

/**
 * The commands, by name: each reads the table when it is given (the pieces it names are made after
 * the HUD that takes this list).
 * @param {CommandsPort} table
 * @returns {Commands}
 */
export function tableCommands(table) {
  /** @param {MoveIntent} intent @param {Source|null} [source] */
  const act = (intent, source) => table.controller.act(intent, source);
  const tools = () => table.tools;
  return {
    /** @param {string} tile @param {Arm|null} arm @param {Source} source */
    play: (tile, arm, source) => act(arm ? { kind: "play", tile, arm } : { kind: "play", tile }, source),
    draw: () => act({ kind: "draw" }),
    pass: () => act({ kind: "pass" }),
    hint: () => table.controller.hint(),
    ready: () => table.controller.ready(),
    toggleSum: () => table.controller.toggleSum(),
    /** @param {string} tile */
    shake: (tile) => {
      table.state.shakes.set(tile, performance.now());
      sayWhyNot(table, tile);
      table.changed();
    },
    // the person moved the selection or a dragged tile: the screen reader follows it
    changed: () => {
      table.reader.select(table.state);
      table.changed();
    },
    newGame: () => tools().newGame(),
    rules: () => tools().rules(),
    keys: () => tools().keys(),
    howTo: () => tools().howTo(),
    dismissHowTo: () => tools().howToDone(),
    fair: () => tools().fair(),
    language: () => tools().language(),
    toggleSound: () => tools().toggleSound(),
    levels: () => tools().levels(),
    career: () => table.careerFlow.open(),
    invite: () => table.net.invite(),
    online: () => table.online.open(),
    back: () => table.net.guesting?.back(),
    leave: () => table.net.leave(),
    give: () => table.net.give(),
    react: () => table.net.react(),
  };
}

/**
 * The canvas takes the commands from a pointer and from keys.
 * @param {TablePort} table
 * @param {Commands} commands tableCommands()
 * @returns {ScreenReader} the table in words, beside the canvas
 */
export function listenTable(table, commands) {
  const { canvas, state } = table;
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", T.tableRole);
  canvas.setAttribute("aria-label", T.tableLabel);
  const reader = new ScreenReader(canvas);
  // Once the person plays, the first-visit offer of How to play steps aside (it may lie over an
  // end near the rack); How to play stays in the tools.
  const playing = () => table.hud.offerHowTo(false);
  canvas.addEventListener("pointerdown", playing, { capture: true });
  canvas.addEventListener("keydown", playing, { capture: true });
  listenPointer({ canvas, state, act: commands });
  listenKeyboard({ canvas, state, act: commands });
  const unlock = () => table.sound.unlock();
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });
  return reader;
}

/**
 * A tile that does not play says why (a shake alone tells a first-timer nothing).
 * @param {CommandsPort} table @param {string} tile
 */
function sayWhyNot(table, tile) {
  const snap = table.state.snap;
  const why = snap?.hand.find((t) => t.tile === tile)?.why_not;
  if (!why || snap.round.over || table.state.work) return;
  table.hud.toast(T.whyNot[why]?.(tile, snap.lead_rule?.tile ?? null) ?? "", WHY_NOT_MS);
}
