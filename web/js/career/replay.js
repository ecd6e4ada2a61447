// @ts-check
// The match replay viewer: a finished match of the career shown again round by round and move by
// move, with every hand face up. A full-screen modal <dialog> (focus kept inside, Escape closes,
// the focus goes back to what opened it) holds its own canvas with the layout as it lay after the
// move (the felt of draw/render.js and the tiles of draw/tiles.js, fitted with board/camera.js),
// each seat's hand in small tiles with its name and its side's score, the boneyard, the move in
// words (a polite live line), the Expert's review of a person's play, and the controls: first,
// back, forward, last (also the keys Home, Left, Right, End), the round to show and "Move k of n".
//
//   await openReplay({ call, item, opener });
//   // call(op, payload) -> the engine's parsed reply (or null when the request failed)
//   // item: {id, date, settings, record}: a finished match as the career keeps it
//
// Every frame comes from Python (`replay_round`, replayview.py): where each tile lies, the hands,
// the scores, the review as codes. The frames come first (`review: false`, at once); the review,
// which takes the Expert a moment, follows in a second request and fills in when it is done.

import { armLabel, cameraTarget, orient, toScreen } from "../board/camera.js";
import { h, icon } from "../dom/dom.js";
import { drawLineTiles } from "../draw/draw.js";
import { drawBadge, drawFelt, setDevicePixelRatio } from "../draw/render.js";
import { paintMiniHand } from "../draw/tiles.js";
import { when } from "../i18n/lang.js";
import { refusalWords, T } from "../i18n/strings.js";
import { trapTab } from "../ui/modal.js";
import { isYou, moveWords, reviewWords, seatName, tableWords } from "./replaywords.js";

/** @typedef {import("../shapes/replay.js").RoundView} RoundView */
/** @typedef {import("../shapes/replay.js").ReplayFrame} ReplayFrame */
/** @typedef {import("../shapes/replay.js").ReviewNote} ReviewNote */
/** @typedef {import("../shapes/career.js").HistoryItem} HistoryItem */
/** @typedef {import("./flow.js").EngineCall} EngineCall */
/** @typedef {"first"|"back"|"forward"|"last"} Step */

const K_MAX = 60; // CSS px per table unit at most: a short line is not drawn huge
const PAD = 12; // CSS px kept free around the layout
/** @type {Record<Step, string[]>} */
const STEP_ICONS = {
  first: ["M17 6l-6 6 6 6", "M7 6v12"],
  back: ["M15 6l-6 6 6 6"],
  forward: ["M9 6l6 6-6 6"],
  last: ["M7 6l6 6-6 6", "M17 6v12"],
};

/**
 * Open the viewer on `item` (a finished match: {id, date, settings, record}). Resolves once it is
 * closed, the focus back on `opener` (by default whatever had it).
 * @param {{call: EngineCall, item: HistoryItem, opener?: HTMLElement|null, root?: HTMLElement}} options
 * @returns {Promise<void>}
 */
export function openReplay({
  call,
  item,
  opener = /** @type {HTMLElement|null} */ (document.activeElement),
  root = document.body,
}) {
  return new Promise((resolve) => {
    const viewer = new ReplayViewer(call, item, () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
      resolve();
    });
    root.append(viewer.el);
    viewer.open();
  });
}

class ReplayViewer {
  /** @param {EngineCall} call @param {HistoryItem} item @param {() => void} onClose */
  constructor(call, item, onClose) {
    this.call = call;
    this.item = item;
    this.onClose = onClose;
    /** @type {RoundView|null} the round shown: Python's replay_round reply */
    this.data = null;
    /** @type {ReviewNote[]|"failed"|null} null while it is worked out */
    this.review = null;
    /** @type {number[]} the extent of the round's every frame (roundBounds) */
    this.bounds = roundBounds([]);
    this.frame = 0;
    this.token = 0; // the latest round asked for: a late reply for another round is dropped
    this.closed = false;
    this.turned = false;
    this.size = { w: 0, h: 0 };

    const kept = this.item.record?.rounds;
    const rounds = Array.isArray(kept) ? kept.length : 1;
    this.roundPick = h(
      "select",
      { id: "replay-round", class: "replay-round", onchange: () => this.load(Number(this.roundPick.value)) },
      ...Array.from({ length: Math.max(1, rounds) }, (_, i) =>
        h("option", { value: String(i + 1), text: T.replay.roundNo(i + 1) }),
      ),
    );
    this.canvas = h("canvas", {
      id: "replay-canvas",
      class: "replay-canvas",
      role: "img",
      "aria-label": T.replay.loading,
    });
    this.stage = h("div", { class: "replay-stage" }, this.canvas);
    this.moveLine = h("p", { id: "replay-move", class: "replay-move", "aria-live": "polite" });
    this.reviewLine = h("p", { id: "replay-review", class: "replay-review", hidden: true });
    this.summary = h("ol", { id: "replay-summary", class: "summary replay-summary", hidden: true });
    this.seats = h("ul", { id: "replay-seats", class: "replay-seats" });
    this.stock = h("p", { id: "replay-stock", class: "replay-stock" });
    this.count = h("p", { id: "replay-count", class: "replay-count" });
    /** @type {Partial<Record<Step, HTMLButtonElement>>} */
    const buttons = {};
    this.buttons = buttons;
    /** @param {Step} name @param {() => number} go the frame it goes to */
    const stepButton = (name, go) => {
      const button = h(
        "button",
        {
          type: "button",
          id: `replay-${name}`,
          class: "big-button quiet replay-step",
          "aria-label": T.replay[name],
          title: T.replay[name],
          onclick: () => this.go(go()),
        },
        icon(STEP_ICONS[name]),
      );
      buttons[name] = button;
      return button;
    };
    const played = when(this.item.date);
    this.el = h(
      "dialog",
      { id: "replay-dialog", class: "dialog replay-dialog", "aria-labelledby": "replay-title" },
      h(
        "header",
        { class: "replay-head" },
        h(
          "div",
          { class: "replay-heading" },
          h("h2", { id: "replay-title", text: T.replay.title }),
          played ? h("p", { class: "panel-sub replay-when", text: T.replay.playedOn(played) }) : null,
        ),
        h(
          "label",
          { class: "replay-pick", for: "replay-round" },
          h("span", { text: T.replay.roundLabel }),
          this.roundPick,
        ),
        h("button", {
          type: "button",
          id: "replay-close",
          class: "big-button quiet replay-close",
          text: T.close,
          "aria-label": T.replay.close,
          onclick: () => this.close(),
        }),
      ),
      h(
        "div",
        // it scrolls on a phone: focusable, so the keyboard can scroll it too
        { class: "replay-main", tabindex: "0", role: "region", "aria-label": T.replay.scrollLabel },
        this.stage,
        h("div", { class: "replay-words" }, this.moveLine, this.reviewLine, this.summary),
        h("section", { class: "replay-side", "aria-label": T.handsLeft }, this.seats, this.stock),
      ),
      h(
        "div",
        { class: "replay-controls" },
        stepButton("first", () => 0),
        stepButton("back", () => this.frame - 1),
        this.count,
        stepButton("forward", () => this.frame + 1),
        stepButton("last", () => this.lastFrame()),
      ),
    );
    this.el.addEventListener("cancel", (e) => {
      e.preventDefault();
      this.close();
    });
    this.el.addEventListener("keydown", (e) => this.#key(e));
    this.resizer = new ResizeObserver(() => this.#resize());
  }

  open() {
    this.el.showModal();
    this.resizer.observe(this.stage);
    this.buttons.forward?.focus({ preventScroll: true });
    this.load(1);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.resizer.disconnect();
    this.el.close();
    this.el.remove();
    this.onClose();
  }

  lastFrame() {
    return this.data ? this.data.frames.length - 1 : 0;
  }

  /**
   * Ask for round `index`: its frames at once, then the Expert's review of it.
   * @param {number} index from 1
   */
  async load(index) {
    const token = ++this.token;
    this.data = null;
    this.review = null;
    this.frame = 0;
    this.roundPick.value = String(index);
    this.#show();
    /** @param {boolean} review @returns {Promise<{ok: true, round: RoundView}|{ok: false}|null>} */
    const ask = (review) =>
      this.call("replay_round", { settings: this.item.settings, record: this.item.record, round: index, review });
    const reply = await ask(false);
    if (this.closed || token !== this.token) return;
    if (!reply?.ok) {
      this.#failed(/** @type {import("../shapes/engine.js").Refusal|null} */ (reply));
      return;
    }
    this.data = reply.round;
    this.#orient();
    this.#show();
    const reviewed = await ask(true);
    if (this.closed || token !== this.token) return;
    this.review = (reviewed?.ok && reviewed.round.review) || "failed";
    this.#showReview();
  }

  /**
   * Show frame `k` (kept within the round).
   * @param {number} k
   */
  go(k) {
    if (!this.data) return;
    const next = Math.max(0, Math.min(this.lastFrame(), k));
    if (next === this.frame) return;
    this.frame = next;
    this.#show();
  }

  /** @param {KeyboardEvent} e */
  #key(e) {
    if (e.key === "Tab") {
      trapTab(e, this.el);
      return;
    }
    if (e.target instanceof HTMLSelectElement) return; // its own arrows choose the round
    /** @type {Record<string, number>} */
    const keys = { ArrowLeft: this.frame - 1, ArrowRight: this.frame + 1, Home: 0, End: this.lastFrame() };
    const to = keys[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    this.go(to);
  }

  /** @param {import("../shapes/engine.js").Refusal|null} reply */
  #failed(reply) {
    this.moveLine.textContent = reply ? refusalWords(reply) : T.replay.failed;
    this.canvas.setAttribute("aria-label", T.replay.failed);
    this.#controls();
    this.#paint();
  }

  // ------------------------------------------------------------------------------ one frame

  #show() {
    const data = this.data;
    this.#controls();
    if (!data) {
      this.moveLine.textContent = T.replay.loading;
      this.reviewLine.hidden = true;
      this.summary.hidden = true;
      this.seats.replaceChildren();
      this.stock.textContent = "";
      this.canvas.setAttribute("aria-label", T.replay.loading);
      this.#paint();
      return;
    }
    const frame = data.frames[this.frame];
    this.moveLine.textContent = moveWords(data, frame, this.frame, this.frame === this.lastFrame(), this.turned);
    this.canvas.setAttribute("aria-label", T.replay.tableAt(this.frame, tableWords(frame, this.turned)));
    this.#seats(data, frame);
    this.stock.textContent = T.replay.stockLeft(frame.boneyard);
    this.#showReview();
    this.#summary(data);
    this.#paint();
  }

  #controls() {
    const last = this.lastFrame();
    const at = this.frame;
    const off = { first: at <= 0, back: at <= 0, forward: at >= last, last: at >= last };
    // aria-disabled, not disabled: the focused button keeps the focus at either end
    for (const name of /** @type {Step[]} */ (Object.keys(off))) {
      this.buttons[name]?.setAttribute("aria-disabled", String(off[name]));
    }
    this.count.textContent = this.data ? T.replay.moveOf(at, last) : "";
  }

  /**
   * Each seat: its name, its side's score, its tiles face up; the seat to play and the mover marked.
   * @param {RoundView} data @param {ReplayFrame} frame
   */
  #seats(data, frame) {
    const width = this.seats.clientWidth || 300;
    const rows = data.seats.map((seat) => {
      const tiles = frame.hands[seat.seat] ?? [];
      const name = T.seatName(seat.label);
      const turn = frame.turn === seat.seat;
      const head = h(
        "p",
        { class: "replay-seat-head" },
        h("span", { class: "replay-seat-name", text: name }),
        h("span", { class: "replay-seat-score", text: T.points(frame.scores[seat.side] ?? 0) }),
        turn ? h("span", { class: "replay-seat-turn", text: T.replay.toPlay }) : null,
      );
      const row = h(
        "li",
        { class: `replay-seat${turn ? " turn" : ""}${frame.move?.seat === seat.seat ? " moved" : ""}` },
        head,
      );
      if (tiles.length) {
        const canvas = h("canvas", {
          class: "mini-hand replay-hand",
          role: "img",
          "aria-label": T.replay.handOf(name, tiles.join(", ")),
        });
        // as big as the row allows: up to 24 px, down to 9 for a hand that drew a lot
        const s = Math.max(9, Math.min(24, Math.floor((width - 28) / (tiles.length * 1.3))));
        paintMiniHand(canvas, tiles, s);
        row.append(canvas);
      } else {
        row.append(h("p", { class: "replay-hand-empty", text: T.replay.handOf(name, T.emptyHand) }));
      }
      return row;
    });
    this.seats.replaceChildren(...rows);
  }

  /** The Expert's review of a person's play shown in this frame, when the round has one. */
  #showReview() {
    const data = this.data;
    const move = data?.frames[this.frame]?.move;
    const person = move && data?.seats[move.seat]?.person;
    let text = "";
    if (data && person && move.kind === "play") {
      if (this.review === null) text = T.reviewBusy;
      else if (Array.isArray(this.review)) {
        const entry = this.review.find((r) => r.frame === this.frame);
        text = entry ? reviewWords(data, entry, this.turned) : `${T.reviewTitle}: ${T.replay.reviewNone}`;
      }
    }
    this.reviewLine.textContent = text;
    this.reviewLine.hidden = !text;
  }

  /**
   * At the round's last move: how it ended, in the round panel's words (Python's summary codes).
   * @param {RoundView} data
   */
  #summary(data) {
    const show = this.frame === this.lastFrame() && data.summary?.length;
    this.summary.hidden = !show;
    if (!show) return;
    /** @param {number} i */
    const seat = (i) => seatName(data, i);
    /** @param {number} i */
    const side = (i) => T.sideName(data.seats.filter((s) => s.side === i).map((s) => T.seatName(s.label)));
    const people = data.seats.filter((s) => s.person).length;
    /** @param {number} i */
    const you = (i) => people === 1 && isYou(data, i);
    // each code's words take that code's line (i18n/strings.js SummaryWords): the code picks both
    const words = /** @type {Record<string, import("../i18n/strings.js").LineWords|undefined>} */ (T.summary);
    this.summary.replaceChildren(
      ...data.summary.map((line) => h("li", { text: words[line.code]?.(line, seat, side, you) ?? line.code })),
    );
  }

  // ------------------------------------------------------------------------------ the canvas

  #resize() {
    const r = this.stage.getBoundingClientRect();
    const w = Math.round(r.width);
    const hgt = Math.round(r.height);
    if (!w || !hgt || (w === this.size.w && hgt === this.size.h)) return;
    this.size = { w, h: hgt };
    this.#orient();
    if (this.data)
      this.#show(); // the hands' tiles are sized to the new width, the ends named anew
    else this.#paint();
  }

  #free() {
    return { x: PAD, y: PAD, width: Math.max(1, this.size.w - 2 * PAD), height: Math.max(1, this.size.h - 2 * PAD) };
  }

  /** One extent for the whole round, so the tiles stay put from move to move; turned when that
   * shows them bigger (a long line on a tall screen). */
  #orient() {
    if (!this.data) return;
    const bounds = roundBounds(this.data.frames);
    this.bounds = bounds;
    if (!this.size.w) return;
    const free = this.#free();
    this.turned = orient({ bounds, free, kMax: K_MAX, turned: null, fresh: true }); // as the table does
  }

  #paint() {
    const { w, h: hgt } = this.size;
    if (!w || !hgt) return;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hgt * dpr);
    const ctx = /** @type {CanvasRenderingContext2D} asked for only in 2D */ (this.canvas.getContext("2d"));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    setDevicePixelRatio(dpr);
    drawFelt(ctx, w, hgt, { x: w / 2, y: hgt / 2 });
    const frame = this.data?.frames[this.frame];
    if (!frame) return;
    const free = this.#free();
    const cam = cameraTarget(this.bounds, free, this.turned, K_MAX);
    const tiles = frame.layout.tiles;
    const placed = frame.move?.kind === "play" ? tiles.length - 1 : -1;
    drawLineTiles(ctx, tiles, cam, free, { lit: placed });
    const size = Math.max(11, Math.min(14, cam.k * 0.34));
    for (const end of frame.layout.ends) {
      const p = toScreen(cam, free, end.x, end.y);
      drawBadge(ctx, p.x, p.y, `${T.armShort[armLabel(end.arm, this.turned)]} ${end.points}`, {
        size,
        fill: "rgba(0, 0, 0, 0.3)",
        color: "rgba(255, 255, 255, 0.85)",
      });
    }
  }
}

/**
 * The extent of every frame's layout of a round, [x0, y0, x1, y1] in table units.
 * @param {readonly ReplayFrame[]} frames
 */
export function roundBounds(frames) {
  const out = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of frames) {
    const [x0, y0, x1, y1] = f.layout.bounds;
    out[0] = Math.min(out[0], x0);
    out[1] = Math.min(out[1], y0);
    out[2] = Math.max(out[2], x1);
    out[3] = Math.max(out[3], y1);
  }
  return Number.isFinite(out[0]) ? out : [-2, -1, 2, 1];
}
