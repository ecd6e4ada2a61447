// @ts-check
// Rising words and points ("+12", "draws", "passes", "Muggins!"): elements over the table that
// the browser's compositor animates (css/table/hud.css .floater), not canvas frames. A word rises
// and fades on its own while the table stands still: the canvas draws no frame for it (on a
// loaded 2-core machine a floater's canvas frames were 0.4 of the table's frames in a round, each
// a full redraw). With reduced motion it only fades.
//
//   const floaters = new Floaters(layer);   // layer: an element over the canvas
//   floaters.take(state.floaters, now, cam, free);  // each frame: start what the table queued
//   floaters.follow(cam, free);             // the camera moved: words over tiles move with them
//   floaters.clear();                       // a new table
//
// A floater is {text, t0, dur, size, color?, world?: {x, y}, screen?: {x, y}} (board/anim.js):
// it shows from t0 (performance.now()'s clock) for dur ms, over a layout point or a screen point.

import { toScreen } from "../board/camera.js";

/** @typedef {import("../board/anim.js").Floater} Floater */
/** @typedef {import("../board/camera.js").Cam} Cam */
/** @typedef {import("../dom/dom.js").Rect} Rect */

const RISE_PX = 46; // how far a word rises over its life
const DEFAULT_SIZE = 26; // px
const DEFAULT_COLOR = "#ffd666";

export class Floaters {
  /** @param {HTMLElement} layer an element over the canvas, as large, that takes no input */
  constructor(layer) {
    this.layer = layer;
    /** @type {Set<{el: HTMLElement, world: {x: number, y: number}|null}>} */
    this.live = new Set();
  }

  /**
   * Start the floaters `queue` holds (and empty it); `now` is the frame's performance.now().
   * @param {Floater[]} queue @param {number} now @param {Cam} cam @param {Rect} free
   */
  take(queue, now, cam, free) {
    if (!queue.length) return;
    for (const f of queue.splice(0)) this.#add(f, now, cam, free);
  }

  /** @param {Floater} f @param {number} now @param {Cam} cam @param {Rect} free */
  #add(f, now, cam, free) {
    const el = document.createElement("span");
    el.className = "floater";
    el.textContent = f.text;
    const size = f.size ?? DEFAULT_SIZE;
    el.style.setProperty("--size", `${size}px`);
    el.style.setProperty("--color", f.color ?? DEFAULT_COLOR);
    el.style.setProperty("--rise", `${-RISE_PX}px`);
    el.style.animationDuration = `${Math.max(1, f.dur)}ms`;
    el.style.animationDelay = `${Math.max(0, f.t0 - now)}ms`;
    const entry = { el, world: "world" in f ? f.world : null };
    const at = "world" in f ? toScreen(cam, free, f.world.x, f.world.y) : f.screen;
    this.#place(el, at);
    el.addEventListener("animationend", () => {
      el.remove();
      this.live.delete(entry);
    });
    this.live.add(entry);
    this.layer.append(el);
  }

  /** @param {HTMLElement} el @param {{x: number, y: number}} at */
  #place(el, at) {
    // its centre 10 px over the point, as the canvas drew it (css: transform centres it and rises)
    el.style.translate = `${at.x}px ${at.y - 10}px`;
  }

  /**
   * Words over the layout keep to their tile while the camera moves.
   * @param {Cam} cam @param {Rect} free
   */
  follow(cam, free) {
    for (const { el, world } of this.live) {
      if (world) this.#place(el, toScreen(cam, free, world.x, world.y));
    }
  }

  clear() {
    for (const { el } of this.live) el.remove();
    this.live.clear();
  }
}
