// @ts-check
// The muggins claim: after the person picks a tile and an end, a keypad asks how many points the
// play makes. It never shows the answer: the person types it (or says nothing). What happens to a
// wrong or missing claim is Python's to decide (the next opponent calls Muggins! and takes it).

import { h, rectOf } from "../dom/dom.js";
import { T } from "../i18n/strings.js";

export class ClaimPad {
  /** @param {HTMLElement} root */
  constructor(root) {
    /** @type {((answer: {claim: number|null}|null) => void)|null} resolves the question being asked (ask()) */
    this.answer = null;
    this.entry = "";
    this.maxDigits = 3; // the longest claim Python takes (ask() sets it from the snapshot)
    this.shown = h("output", { class: "claim-entry", id: "claim-entry", "aria-live": "polite" });
    /** @param {string} label @param {() => void} onclick @param {import("../dom/dom.js").Attrs} [extra] */
    const key = (label, onclick, extra = {}) =>
      h("button", { type: "button", class: "claim-key", text: label, onclick, ...extra });
    const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((d) =>
      key(String(d), () => this.#type(String(d)), { "data-digit": String(d) }),
    );
    this.clearBtn = key(T.claimClear, () => this.#set(""), { id: "claim-clear" });
    this.sayBtn = h("button", {
      type: "button",
      class: "big-button primary",
      id: "claim-say",
      onclick: () => this.#finish(Number(this.entry)),
    });
    this.noneBtn = h("button", {
      type: "button",
      class: "big-button quiet",
      id: "claim-none",
      text: T.claimNone,
      onclick: () => this.#finish(null),
    });
    this.backBtn = h("button", {
      type: "button",
      class: "claim-back",
      id: "claim-cancel",
      text: T.claimCancel,
      onclick: () => this.close(true),
    });
    this.el = h(
      "section",
      { class: "claim", id: "claim", role: "dialog", "aria-labelledby": "claim-title", hidden: true },
      h("h2", { id: "claim-title", text: T.claimTitle }),
      h("p", { class: "claim-help", text: T.claimHelp }),
      this.shown,
      h("div", { class: "claim-keys" }, ...digits.slice(0, 9), this.clearBtn, digits[9]),
      h("div", { class: "claim-actions" }, this.noneBtn, this.sayBtn),
      this.backBtn,
    );
    this.el.addEventListener("keydown", (e) => {
      if (/^[0-9]$/.test(e.key)) this.#type(e.key);
      else if (e.key === "Backspace") this.#set(this.entry.slice(0, -1));
      else if (e.key === "Enter" && this.entry) this.#finish(Number(this.entry));
      else if (e.key === "Escape") this.close(true);
      else return;
      e.preventDefault();
    });
    root.append(this.el);
  }

  get open() {
    return !this.el.hidden;
  }

  /**
   * Ask; `maxClaim` is the largest claim Python accepts.
   * @param {number} maxClaim
   * @returns {Promise<{claim: number|null}|null>} the claim (null: says nothing), or null when the
   *   person took the tile back
   */
  ask(maxClaim) {
    this.maxDigits = String(maxClaim).length;
    this.#set("");
    this.el.hidden = false;
    /** @type {HTMLElement} */ (this.el.querySelector("[data-digit='1']")).focus({ preventScroll: true });
    return new Promise((resolve) => {
      this.answer = resolve;
    });
  }

  /** Close; `cancelled`: the person took the tile back (closed otherwise, nothing is answered). */
  close(cancelled = false) {
    if (this.el.hidden) return;
    this.el.hidden = true;
    const answer = this.answer;
    this.answer = null;
    if (cancelled) answer?.(null);
  }

  /** @param {string} d a digit */
  #type(d) {
    if (this.entry.length < this.maxDigits) this.#set(this.entry === "0" ? d : this.entry + d);
  }

  /** @param {string} text */
  #set(text) {
    this.entry = text;
    this.shown.textContent = text || "–";
    this.sayBtn.textContent = text ? T.claimSay(Number(text)) : T.claimSay("…");
    this.sayBtn.disabled = !text;
  }

  /** @param {number|null} points */
  #finish(points) {
    const answer = this.answer;
    this.answer = null;
    this.close();
    answer?.({ claim: points });
  }

  /** The tappable controls, for the test hook: [{label, rect}]. */
  controls() {
    return [...this.el.querySelectorAll("button")]
      .filter((b) => !b.disabled)
      .map((b) => ({ label: b.dataset.digit ?? b.id.replace("claim-", ""), rect: rectOf(b) }))
      .filter((c) => c.rect);
  }
}
