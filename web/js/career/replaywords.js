// @ts-check
// The replay viewer's words (career/replay.js): a frame's move ("Turn 12: Casual plays 6-3 on East
// and scores 9"), the open ends as the table's mirror says them, and the Expert's review of a
// person's move. Pure functions of Python's frames (`replay_round`) and of which way the viewer's
// canvas turned the layout (an arm's name follows what the player sees), so the viewer keeps only
// its controls and its canvas.

import { armLabel } from "../board/camera.js";
import { LANG, num } from "../i18n/lang.js";
import { SR, T, whyWords } from "../i18n/strings.js";
import { moveLabel } from "../i18n/words.js";

/** @typedef {import("../shapes/replay.js").RoundView} RoundView */
/** @typedef {import("../shapes/replay.js").ReplayFrame} ReplayFrame */
/** @typedef {import("../shapes/replay.js").ReviewNote} ReviewNote */

/** A seat's name as the table says it ("" for no seat). @param {RoundView|null} data @param {number|null} seat */
export function seatName(data, seat) {
  const s = seat === null ? undefined : data?.seats[seat];
  return s ? T.seatName(s.label) : "";
}

/** Whether `seat` is the player's own. @param {RoundView|null} data @param {number|null} seat */
export function isYou(data, seat) {
  return seat !== null && data?.seats[seat]?.label?.kind === "you";
}

/**
 * The move that made frame `index`, in words; at the round's last frame (`last`) how it ended.
 * @param {RoundView} data @param {ReplayFrame} frame @param {number} index @param {boolean} last
 * @param {boolean} turned the canvas shows the layout turned (arms named as seen)
 */
export function moveWords(data, frame, index, last, turned) {
  const move = frame.move;
  if (!move) return T.replay.dealtLead(seatName(data, frame.turn), isYou(data, frame.turn));
  const who = seatName(data, move.seat);
  const you = isYou(data, move.seat);
  let text;
  if (move.kind === "draw") text = T.replay.drawMove(index, who, you, move.tile);
  else if (move.kind === "pass") text = T.replay.passMove(index, who, you);
  else if (!move.arm) text = T.replay.leadMove(index, who, you, move.tile, move.points);
  else text = T.replay.playMove(index, who, you, move.tile, armLabel(move.arm, turned), move.points);
  if (move.kind === "play" && move.taker !== null && move.taker !== undefined) {
    text += `. ${T.replay.mugginsTaken(seatName(data, move.taker), move.made)}`;
  }
  if (last && data.end) {
    // a sprint (no target) is its one round
    const title = data.target === null ? T.sprintTitle(data.end.reason) : T.roundTitle(data.index, data.end.reason);
    text += `. ${title}`;
  }
  return text;
}

/**
 * The open ends and what they add up to, as the table's mirror says them.
 * @param {ReplayFrame} frame @param {boolean} turned
 */
export function tableWords(frame, turned) {
  const ends = frame.layout.ends;
  if (!ends.length) return SR.emptyTable;
  const parts = ends.map((e) => SR.endPart(armLabel(e.arm, turned), e.value, e.points));
  return `${SR.ends(parts)} ${SR.endSum(frame.end_sum, frame.end_sum_scores)}`;
}

/**
 * The Expert's note on a person's move: what was played, what it would play, the points lost, why.
 * @param {RoundView} data @param {ReviewNote} r @param {boolean} turned
 */
export function reviewWords(data, r, turned) {
  const people = data.seats.filter((s) => s.person).length;
  const who = people > 1 ? seatName(data, r.seat) : T.you;
  const loss = num(Number(r.loss), LANG, 1);
  const words = T.reviewEntry(
    r.turn,
    who,
    moveLabel(r.played, turned),
    moveLabel(r.expert, turned),
    loss,
    whyWords(r.why),
  );
  return `${T.reviewTitle}: ${words}`;
}
