// @ts-check
// Screen regions of the table: the rack at the bottom, the band under the score bar, the seats
// around the table (left, top, right of the person at the bottom), the boneyard, and the free
// area the layout's camera fits into. Pure functions of sizes, so they are tested without a DOM.
//
//   const R = computeRegions({w, h, topH, handCount, positions: ["left", "top", "right"]});
//   R.seats.left -> {x, y, width, height, kind}; seatTiles(R, R.seats.left, 5) -> where its tiles go
//
// Where the seats go: across the top on a phone held upright (a row of cells beside the
// boneyard); on a wider screen the top seat in the band and the left and right seats as columns
// beside the table.

import { clamp } from "./anim.js";

/** @typedef {import("../dom/dom.js").Rect} Rect */
/** Where a seat is drawn, seen from the seat at the bottom. @typedef {"left"|"top"|"right"|"bottom"} Position */
/**
 * A seat's box around the table: a row (the one seat in the band), a cell (one of several in
 * the band) or a column (beside the table).
 * @typedef {Rect & {kind: "row"|"cell"|"column"}} SeatBox
 */
/** The screen regions (computeRegions). @typedef {ReturnType<typeof computeRegions>} Regions */
/**
 * A line of text in a seat's box.
 * @typedef {{x: number, y: number, align: CanvasTextAlign, size: number, maxWidth: number}} TextSpot
 */
/** A point in CSS pixels. @typedef {{x: number, y: number}} Point */

export const THUMB_PX = 44; // the short side of a rack tile on a phone, at least
export const MIN_TARGET_PX = 44; // a lit end or the boneyard is at least this big to tap
const FULL_HAND = 7; // a one-row rack keeps the tile size of this many tiles as the hand empties

/**
 * The positions around the table of the seats after `anchor`, clockwise (play passes left).
 * @param {number} players
 * @returns {("left"|"top"|"right")[]}
 */
export function seatPositions(players) {
  if (players === 2) return ["top"];
  if (players === 3) return ["left", "right"];
  return ["left", "top", "right"];
}

/**
 * Seat -> position for a table of `players` seen from `anchor` (the seat at the bottom).
 * @param {number} seat @param {number} anchor @param {number} players
 * @returns {Position}
 */
export function positionOf(seat, anchor, players) {
  if (seat === anchor) return "bottom";
  const k = (seat - anchor + players) % players;
  return seatPositions(players)[k - 1];
}

export const PEG_ROW_PX = 16; // one side's row of the cribbage peg track

/**
 * @param {object} o
 * @param {number} o.w CSS px
 * @param {number} o.h
 * @param {number} o.topH the score bar's height
 * @param {number} o.handCount tiles in the rack
 * @param {Position[]} [o.positions] seat positions present around the table (see seatPositions)
 * @param {number} [o.pegRows] sides on the cribbage peg track (0: no track)
 */
export function computeRegions({ w, h, topH, handCount, positions = ["top"], pegRows = 0 }) {
  const compact = w < 700 || h < 560;
  // A phone on its side: the rack's tiles lie flat, so the table keeps some height.
  const flat = h < 500 && w > h * 1.3;
  // A phone held upright: every seat sits in the band across the top.
  const narrow = w < 600 && !flat;
  const n = Math.max(handCount, 1);
  const pad = compact ? 10 : 20;
  const across = flat ? 2 : 1; // a rack tile's width in short sides
  const maxS = clamp(h * 0.072, THUMB_PX, compact ? 56 : 60);
  // Seven thumb-sized tiles fit a 360 px phone in one row with small gaps.
  const gap = compact ? clamp((w - 2 * pad - FULL_HAND * THUMB_PX * across) / (FULL_HAND - 1), 4, 7) : 10;
  /** @param {number} perRow */
  const fit = (perRow) => (w - 2 * pad - (perRow - 1) * gap) / (perRow * across);
  let rows = 1;
  while (rows < 4 && fit(Math.ceil(n / rows)) < THUMB_PX) rows++;
  const perRow = Math.max(1, Math.ceil(n / rows));
  // One row keeps the size of a full hand as it empties, so the table does not jump about.
  let s =
    rows === 1 ? Math.min(maxS, Math.max(THUMB_PX, fit(Math.max(n, FULL_HAND)))) : Math.min(maxS, 48, fit(perRow));
  s = Math.max(28, Math.floor(Math.min(s, fit(perRow))));
  const rackPadTop = flat ? 8 : compact ? 12 : 16;
  const rackPadBottom = flat ? 8 : compact ? 14 : 18;
  const tileH = flat ? s : 2 * s;
  const rackH = rackPadTop + rows * tileH + (rows - 1) * gap + rackPadBottom;
  const rack = { x: 0, y: h - rackH, width: w, height: rackH };

  const sides = positions.filter((p) => p !== "top");
  const inBand = narrow ? positions : positions.filter((p) => p === "top");
  const oppH = flat ? 48 : compact ? (narrow && inBand.length > 1 ? 66 : 62) : 84;
  const band = { x: 0, y: topH, width: w, height: oppH };
  const boneW = compact ? 70 : 100;
  const boneBox = { x: w - pad - boneW, y: band.y, width: boneW, height: oppH };
  const statusH = flat ? 34 : compact ? 36 : 44;
  const statusTop = topH + oppH;
  const tableTop = statusTop + statusH;
  // the cribbage peg track, a row per side, between the table and the rack
  const pegH = pegRows ? pegRows * PEG_ROW_PX + 8 : 0;
  const pegs = pegRows ? { x: pad, y: rack.y - pegH - 2, width: w - 2 * pad, height: pegH } : null;
  const tableBottom = rack.y - (pegs ? pegH + 4 : 0);
  const table = { x: 0, y: tableTop, width: w, height: Math.max(40, tableBottom - tableTop) };

  /** @type {Partial<Record<Position, SeatBox>>} */
  const seats = {};
  // the band: its seats share the room left of the boneyard, in clockwise order left to right
  const order = seatPositions(4).filter((p) => inBand.includes(p));
  const bandRight = boneBox.x - 8;
  const cellW = (bandRight - pad) / Math.max(1, order.length);
  order.forEach((p, i) => {
    seats[p] = {
      x: pad + i * cellW,
      y: band.y,
      width: cellW,
      height: oppH,
      kind: order.length === 1 ? "row" : "cell",
    };
  });
  // the sides beside the table, on a wider screen
  const sideW = narrow ? 0 : compact ? 72 : 112;
  const sideTop = tableTop + (flat ? 0 : 6);
  const sideH = Math.max(40, tableBottom - sideTop - 8);
  if (!narrow) {
    for (const p of sides) {
      const x = p === "left" ? pad / 2 : w - pad / 2 - sideW;
      seats[p] = { x, y: sideTop, width: sideW, height: sideH, kind: "column" };
    }
  }
  const m = compact ? 10 : 24;
  const leftIn = seats.left?.kind === "column" ? sideW + pad / 2 : 0;
  const rightIn = seats.right?.kind === "column" ? sideW + pad / 2 : 0;
  const free = {
    x: m + leftIn,
    y: tableTop + 6,
    width: Math.max(30, w - 2 * m - leftIn - rightIn),
    height: Math.max(30, table.height - 18),
  };
  return {
    w,
    h,
    compact,
    flat,
    narrow,
    pad,
    gap,
    handS: s,
    rows,
    perRow,
    rack,
    rackPadTop,
    pegs,
    band,
    seats,
    table,
    free,
    statusTop,
    oppS: compact ? 14 : 18,
    boneS: compact ? 14 : 18,
    boneBox,
    labelW: compact ? 86 : 130,
    kMax: Math.min(s * 0.82, compact ? 40 : 52),
  };
}

/**
 * Centre of rack slot `i` of `n` tiles.
 * @param {Regions} R @param {number} i @param {number} n
 * @returns {Point}
 */
export function rackSlot(R, i, n) {
  const row = Math.floor(i / R.perRow);
  const inRow = row < R.rows - 1 ? R.perRow : n - R.perRow * (R.rows - 1);
  const col = i - row * R.perRow;
  const bw = R.flat ? 2 * R.handS : R.handS;
  const bh = R.flat ? R.handS : 2 * R.handS;
  const span = inRow * bw + (inRow - 1) * R.gap;
  return {
    x: R.w / 2 - span / 2 + bw / 2 + col * (bw + R.gap),
    y: R.rack.y + R.rackPadTop + bh / 2 + row * (bh + R.gap),
  };
}

/**
 * Rack tiles stand (high half up), or lie flat (high half left) on a phone on its side.
 * @param {Regions} R
 */
export function rackAngle(R) {
  return R.flat ? 0 : Math.PI / 2;
}

/**
 * The rect a rack tile covers, from its centre and size.
 * @param {Regions} R @param {{x: number, y: number, s: number}} at
 * @returns {Rect}
 */
export function handRect(R, { x, y, s }) {
  if (R.flat) return { x: x - s, y: y - s / 2, width: 2 * s, height: s };
  return { x: x - s / 2, y: y - s, width: s, height: 2 * s };
}

/**
 * The boneyard's centre.
 * @param {Regions} R
 * @returns {Point}
 */
export function boneyardCenter(R) {
  const b = R.boneBox;
  return { x: b.x + b.width / 2 - 6, y: b.y + b.height / 2 - 4 };
}

/**
 * The boneyard's tap area: at least MIN_TARGET_PX each way.
 * @param {Regions} R
 * @returns {Rect}
 */
export function boneyardRect(R) {
  const b = R.boneBox;
  const c = boneyardCenter(R);
  const w = Math.max(MIN_TARGET_PX + 8, b.width - 8);
  const h = Math.max(MIN_TARGET_PX, b.height - 10);
  return { x: c.x - w / 2 + 4, y: c.y - h / 2 + 4, width: w, height: h };
}

/**
 * Where a seat's face-down tiles, name and note go inside its box.
 * @param {Regions} R @param {SeatBox} box @param {number} count
 * @returns {{slots: Point[], angle: number, s: number, name: TextSpot, note: TextSpot}}
 *   name / note: its two lines of text
 */
export function seatTiles(R, box, count) {
  if (box.kind === "column") {
    const s = Math.min(R.oppS, box.width / 2.6);
    const nameY = box.y + 10;
    const top = box.y + 48;
    const avail = Math.max(s, box.y + box.height - top - s / 2);
    const step = Math.min(s + 3, count > 1 ? (avail - s) / (count - 1) : s);
    const cx = box.x + box.width / 2;
    return {
      slots: Array.from({ length: count }, (_, i) => ({ x: cx, y: top + s / 2 + i * step })),
      angle: 0,
      s,
      name: { x: cx, y: nameY, align: "center", size: R.compact ? 13 : 16, maxWidth: box.width - 4 },
      note: {
        x: cx,
        y: nameY + (R.compact ? 17 : 21),
        align: "center",
        size: R.compact ? 12 : 14,
        maxWidth: box.width - 4,
      },
    };
  }
  if (box.kind === "cell") {
    const s = Math.min(R.oppS, 12);
    const y = box.y + box.height - s - 6;
    const avail = box.width - 12;
    const step = Math.min(s + 3, count > 1 ? (avail - s) / (count - 1) : s);
    const width = s + step * Math.max(0, count - 1);
    const start = box.x + box.width / 2 - width / 2;
    return {
      slots: Array.from({ length: count }, (_, i) => ({ x: start + s / 2 + i * step, y })),
      angle: Math.PI / 2,
      s,
      name: { x: box.x + box.width / 2, y: box.y + 12, align: "center", size: 13, maxWidth: box.width - 6 },
      note: { x: box.x + box.width / 2, y: box.y + 27, align: "center", size: 12, maxWidth: box.width - 6 },
    };
  }
  // a row: the name at the left, the tiles centred on the screen where there is room
  const s = R.oppS;
  const x0 = box.x + R.labelW;
  const right = box.x + box.width;
  const avail = Math.max(s, right - x0 - 6);
  const step = Math.min(s + 4, count > 1 ? (avail - s) / (count - 1) : s);
  const width = s + step * Math.max(0, count - 1);
  const start = clamp(R.w / 2 - width / 2, x0, Math.max(x0, right - width));
  const y = box.y + box.height / 2 + (R.compact ? 4 : 6);
  const ly = box.y + box.height / 2;
  return {
    slots: Array.from({ length: count }, (_, i) => ({ x: start + s / 2 + i * step, y })),
    angle: Math.PI / 2,
    s,
    name: {
      x: box.x + 2,
      y: ly - (R.compact ? 8 : 10),
      align: "left",
      size: R.compact ? 14 : 17,
      maxWidth: R.labelW - 6,
    },
    note: {
      x: box.x + 2,
      y: ly + (R.compact ? 10 : 13),
      align: "left",
      size: R.compact ? 12 : 14,
      maxWidth: R.labelW - 6,
    },
  };
}

/**
 * Where words about a seat float up ("Pass", "Draws"): under its tiles, or over the rack.
 * @param {Regions} R @param {SeatBox|null|undefined} box @param {number} count
 * @returns {Point}
 */
export function seatNotePoint(R, box, count) {
  if (!box) return { x: R.w / 2, y: R.rack.y - 26 };
  const { slots } = seatTiles(R, box, Math.max(1, count));
  const mid = slots[Math.floor(slots.length / 2)];
  if (box.kind === "column") return { x: mid.x, y: Math.min(box.y + box.height - 10, mid.y) };
  return { x: mid.x, y: box.y + box.height + 18 };
}
