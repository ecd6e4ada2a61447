// @ts-check
// Sentences the table says that are made of several of Python's facts: whose turn it is and
// why, who won, the round's end, a hint's or a review's move. The words come from the catalogue
// (strings.js); which seat is "You" is Python's (a seat's label, settings.labels), never worked
// out here.

import { armLabel } from "../board/camera.js";
import { T } from "./strings.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */

/**
 * Python named `seat` "You": the one person at this device (with several, nobody is).
 * @param {Snapshot} snap @param {number|null} seat
 */
export function isYou(snap, seat) {
  return seat !== null && snap.seats[seat]?.label?.kind === "you";
}

/**
 * The turn line's words.
 * @param {Snapshot} snap
 */
export function turnWords(snap) {
  if (snap.match.over) return T.matchOver;
  if (snap.round.over) return T.roundOver;
  /** @param {number|null} seat */
  const name = (seat) => (seat === null ? "" : (snap.seats[seat]?.name ?? ""));
  if (snap.cover !== null) return T.waitingFor(name(snap.cover));
  if (snap.computer_to_move) return T.thinking(name(snap.to_move));
  if (snap.viewer === null || snap.person_to_move !== snap.viewer) return T.waitingFor(name(snap.to_move));
  if (snap.must_pass) {
    if (snap.pass_why === "block") return T.mustKnock; // block play: nobody draws
    return snap.pass_why === "reserve" ? T.mustPassReserve(snap.boneyard) : T.mustPass;
  }
  if (snap.can_draw) return T.mustDraw;
  if (snap.phase === "lead" && snap.lead_rule) {
    const words = T.yourLead[snap.lead_rule.code];
    if (words) return words(snap.lead_rule.tile);
  }
  return isYou(snap, snap.viewer) ? T.yourTurn : T.yourTurnNamed(name(snap.viewer));
}

/**
 * The panel's headline: the winning side, worded for the person(s) at the device.
 * @param {Snapshot} snap
 */
export function winnerTitle(snap) {
  const { round, match } = snap;
  const over = match.over;
  const sprint = snap.rules.single_round;
  const winner = over ? match.winner : round.winner;
  if (winner === null || winner === undefined) return over ? (sprint ? T.sprintDraw : T.matchDraw) : T.roundTie;
  const side = snap.sides[winner];
  const kind = over ? (sprint ? "Sprint" : "Match") : "Round";
  if (side.seats.some((seat) => isYou(snap, seat)))
    return snap.rules.teams ? T[`yourTeamWins${kind}`] : T[`youWin${kind}`];
  // several people at the device: the owner's own side of one still reads "You win"
  if (side.seats.length === 1 && side.seats[0] === snap.you) return T[`youWin${kind}`];
  return side.seats.length > 1 ? T[`wins${kind}`](side.name) : T[`win${kind}`](side.name);
}

/**
 * The round's end in words, from Python's lines of codes (summary.round_lines).
 * @param {Snapshot} snap
 */
export function summaryWords(snap) {
  /** @param {number} i */
  const seat = (i) => snap.seats[i]?.name ?? "";
  /** @param {number} i */
  const side = (i) => snap.sides[i]?.name ?? "";
  /** @param {number} i */
  const you = (i) => isYou(snap, i);
  // each code's words take that code's line (strings.js SummaryWords): the code picks both
  const words = /** @type {Record<string, import("./strings.js").LineWords|undefined>} */ (T.summary);
  return (snap.round.summary ?? []).map((line) => words[line.code]?.(line, seat, side, you) ?? line.code);
}

/**
 * The hint's move in words, with the arm named as the table shows it.
 * @param {import("../shapes/engine.js").Hint} hint @param {boolean|null} turned
 */
export function hintMove(hint, turned) {
  if (hint.kind !== "play") return hint.kind === "draw" ? T.hintDraw : T.hintPass;
  return hint.arm ? T.hintPlay(hint.tile, armLabel(hint.arm, turned)) : T.hintLead(hint.tile);
}

/**
 * A move's notation in words, its arm as the table shows it ("6-3@E" -> "6-3 on South" when
 * turned; "draw", "pass").
 * @param {string} move @param {boolean|null} turned
 */
export function moveLabel(move, turned) {
  if (move === "draw") return T.hintDraw;
  if (move === "pass") return T.hintPass;
  const [tile, arm] = move.split("@");
  // Python's notation names one of the arms
  return T.moveWords(tile, arm ? armLabel(/** @type {import("../shapes/snapshot.js").Arm} */ (arm), turned) : null);
}

/**
 * The titles of `seats`' players in words, as their own devices said them at a table online
 * (Python's seat `title`), joined; null when none of them shows one.
 * @param {Snapshot} snap @param {number[]} seats
 */
export function seatTitles(snap, seats) {
  const titles = /** @type {Record<string, string>} */ (T.titles);
  const words = seats.flatMap((s) => {
    const code = snap.seats[s]?.title;
    return code ? [titles[code] ?? code] : [];
  });
  return words.length ? words.join(", ") : null;
}
