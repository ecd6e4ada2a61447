// @ts-check
// One match, many tabs: only one tab plays, holding a Web Lock for as long as it does. Another
// tab says "This game is open in another tab" and offers to play there instead; taking over asks
// the playing tab (over a BroadcastChannel) to let go: it stops, saves nothing more, and shows
// the same offer. So a second tab never forks the match or writes over it (and storage.js
// refuses an older save over a newer one besides).
//
//   const table = await claimTable();  // resolves once this tab may play (asking first)
//   table.onLost(() => game.stop());    // another tab took over

import { h } from "../dom/dom.js";
import { T } from "../i18n/strings.js";

const LOCK = "allthrees-table";
const CHANNEL = "allthrees-tabs";
const TAB = Math.random().toString(36).slice(2); // this tab, so it never hears its own request

/** @type {HTMLElement|null} */
let overlay = null;

/**
 * "This game is open in another tab: play here instead?" — `onPlay` when the person says yes.
 * @param {() => void} onPlay
 */
export function showElsewhere(onPlay) {
  overlay?.remove();
  const button = h("button", { type: "button", class: "big-button primary", id: "btn-play-here", text: T.playHere });
  button.addEventListener("click", () => {
    button.disabled = true;
    onPlay();
  });
  overlay = h(
    "section",
    { class: "elsewhere", id: "elsewhere", role: "dialog", "aria-labelledby": "elsewhere-title" },
    h(
      "div",
      { class: "boot-card" },
      h("h2", { id: "elsewhere-title", text: T.elsewhereTitle }),
      h("p", { class: "boot-text", text: T.elsewhereBody }),
      button,
    ),
  );
  document.body.append(overlay);
  button.focus();
}

export function hideElsewhere() {
  overlay?.remove();
  overlay = null;
}

/** Ask the tab that plays to let go. */
export function takeOver() {
  if (typeof BroadcastChannel === "function")
    new BroadcastChannel(CHANNEL).postMessage({ type: "take-over", tab: TAB });
}

/**
 * The table held by this tab: `onLost(fn)`: fn is called when another tab takes it; `reclaim()`:
 * after losing the table, ask for it back and wait until it is this tab's again.
 * @typedef {{onLost: (fn: () => void) => void, reclaim: () => Promise<void>}} ClaimedTable
 */

/**
 * Resolves when this tab holds the table: at once if no other tab plays, else once the person
 * asks to play here and the other tab has let go.
 * @returns {Promise<ClaimedTable>}
 */
export async function claimTable() {
  if (!navigator.locks) return { onLost() {}, async reclaim() {} }; // an old browser: saves still refuse to go back
  /** @type {(value?: unknown) => void} lets the lock go */
  let release = () => {};
  /** @type {() => void} */
  let lost = () => {};
  /**
   * @param {boolean} ifAvailable
   * @returns {Promise<boolean>} the lock is this tab's
   */
  const take = (ifAvailable) =>
    new Promise((resolve) => {
      navigator.locks
        .request(LOCK, { ifAvailable }, (lock) => {
          resolve(Boolean(lock));
          if (!lock) return null;
          return new Promise((done) => {
            release = done; // held until this settles
          });
        })
        .catch(() => resolve(false));
    });
  if (!(await take(true))) {
    await /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        showElsewhere(async () => {
          takeOver();
          await take(false);
          resolve();
        });
      })
    );
    hideElsewhere();
  }
  if (typeof BroadcastChannel === "function") {
    new BroadcastChannel(CHANNEL).addEventListener("message", (e) => {
      if (e.data?.type !== "take-over" || e.data.tab === TAB) return;
      release(); // the other tab may have the table now
      lost();
    });
  }
  return {
    onLost(fn) {
      lost = fn;
    },
    async reclaim() {
      takeOver();
      await take(false);
    },
  };
}
