// @ts-check
// Start the engine worker and show it loading.
//
//   boot({onProgress}) -> Promise<Bridge>
//       Starts js/worker.js (Pyodide + the allthrees wheel). onProgress gets
//       {stage, loaded, total, waiting} as bytes arrive (stage: "download" | "start" | "install";
//       waiting: the files still downloading).
//       Rejects with a BootError naming what failed, or when no byte arrived for stallTimeoutMs
//       while downloading (or Python gave no sign of life for startTimeoutMs after that);
//       the worker is then already terminated, so calling boot() again starts clean.
//
//   bootWithLoadingScreen({quiet: () => boolean}) -> Promise<Bridge>
//       The same, driving the page's #loading screen and #boot-error panel; resolves only once the
//       engine is up (the player retries as often as needed). `quiet`: a returning player's page,
//       whose kept table is drawn while the engine wakes (table/earlytable.js): no loading screen, the
//       error panel all the same.

import { B, failureWords, megabytes, wordPage } from "../i18n/bootwords.js";
import { Bridge } from "./bridge.js";
import { siteURL } from "./site.js";
import { scriptURL } from "./trusted.js";

/** @typedef {import("../shapes/engine.js").WorkerProgress} WorkerProgress */
/** How far the boot is: a WorkerProgress's news. @typedef {Omit<WorkerProgress, "type">} Progress */

export const STALL_TIMEOUT_MS = 30_000;
// Starting Python and installing the wheels is CPU work with no progress to report: a slow phone
// gets longer before that counts as stalled.
export const START_TIMEOUT_MS = 120_000;

export class BootError extends Error {
  /** @param {string} message shown to the player @param {string} what the part that failed
   * @param {string} [detail] the browser's own words (English whatever the page's language): the
   * console gets them, the player does not */
  constructor(message, what, detail = "") {
    super(message);
    this.name = "BootError";
    this.what = what;
    this.detail = detail;
  }
}

/**
 * How boot() starts the worker.
 * @typedef {Object} BootOptions
 * @property {(progress: Progress) => void} [onProgress]
 * @property {number} [stallTimeoutMs] give up when no byte arrives for this long
 * @property {number} [startTimeoutMs] give up when starting Python takes this long
 * @property {URL|string} [workerURL]
 */

/**
 * @param {BootOptions} [options]
 * @returns {Promise<Bridge>}
 */
export function boot({
  onProgress = () => {},
  stallTimeoutMs = STALL_TIMEOUT_MS,
  startTimeoutMs = START_TIMEOUT_MS,
  workerURL = siteURL("js/boot/worker.js"),
} = {}) {
  return new Promise((resolve, reject) => {
    /** @type {Worker} */
    let worker;
    try {
      worker = new Worker(scriptURL(workerURL), { type: "module", name: "allthrees-engine" });
    } catch (err) {
      reject(new BootError(B.noWorker, "worker", err instanceof Error ? err.message : String(err)));
      return;
    }
    /** @type {Pick<Progress, "stage"|"waiting">} */
    let last = { stage: "download", waiting: [] };
    let timer = 0;

    const finish = () => {
      clearTimeout(timer);
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
      worker.removeEventListener("messageerror", onError);
    };
    /** @param {BootError} error */
    const fail = (error) => {
      finish();
      worker.terminate();
      reject(error);
    };
    const arm = () => {
      clearTimeout(timer);
      const timeout = last.stage === "download" ? stallTimeoutMs : Math.max(stallTimeoutMs, startTimeoutMs);
      timer = setTimeout(() => {
        const seconds = Math.round(timeout / 1000);
        const waiting = last.stage === "download" ? (last.waiting ?? []) : [];
        const doing = waiting.length ? B.waitingFor(waiting) : B.stage[last.stage];
        fail(new BootError(B.stalled(seconds, doing), "stall"));
      }, timeout);
    };
    /** @param {MessageEvent<import("../shapes/engine.js").FromWorker>} event */
    const onMessage = (event) => {
      const message = event.data;
      switch (message?.type) {
        case "progress":
          last = message;
          arm();
          onProgress({
            stage: message.stage,
            loaded: message.loaded,
            total: message.total,
            waiting: message.waiting,
          });
          break;
        case "ready":
          finish();
          resolve(new Bridge(worker));
          break;
        case "failed":
          fail(new BootError(failureWords(message), message.what, message.detail));
          break;
      }
    };
    /** @param {Event} event an ErrorEvent ("error") or a MessageEvent ("messageerror") */
    const onError = (event) => {
      fail(new BootError(B.workerStopped, "worker", event instanceof ErrorEvent ? event.message : undefined));
    };

    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.addEventListener("messageerror", onError);
    arm();
  });
}

/** @param {Progress} progress */
function describeProgress({ stage, loaded, total }) {
  if (stage === "download") return total ? B.downloading(megabytes(loaded), megabytes(total)) : B.downloadingNoTotal;
  if (stage === "start") return B.start;
  if (stage === "install") return B.install;
  return B.loading;
}

// The bar moves through the whole load: downloads fill the first 70 % by bytes; then starting
// Python (CPU work with no progress to report: it unpacks the standard library and compiles what it
// imports) and installing the game fill the rest by time, easing toward their end over about the
// time they take on a desktop (a slow phone keeps moving, more slowly), so the bar never sits still.
export const BAR_SHARE = { download: 0.7, start: 0.22, install: 0.08 };
export const EXPECTED_MS = { start: 2500, install: 1200 };
export const TICK_MS = 200; // how often the bar steps while it moves by time

/**
 * @param {Pick<Progress, "stage"|"loaded"|"total">} progress
 * @param {number} [inStageMs] how long the stage has lasted
 * @returns {number} 0..1
 */
export function barValue({ stage, loaded, total }, inStageMs = 0) {
  const bytes = total ? Math.min(loaded / total, 1) : 0;
  if (stage === "download") return BAR_SHARE.download * bytes;
  /** @param {number} ms */
  const eased = (ms) => 1 - Math.exp((-2 * Math.max(ms, 0)) / EXPECTED_MS[stage]); // 86 % at the expected time
  const start = BAR_SHARE.download;
  if (stage === "start") return start + BAR_SHARE.start * eased(inStageMs);
  if (stage === "install") return start + BAR_SHARE.start + BAR_SHARE.install * eased(inStageMs);
  return 0;
}

/**
 * Boot behind the page's loading screen; on failure show #boot-error and wait for Retry.
 * @param {BootOptions & {quiet?: () => boolean}} [options] passed on to boot(); `quiet()`: no
 *   loading screen now (a kept table is drawn; asked at every step, so the screen comes back when
 *   the kept table could not be drawn)
 * @returns {Promise<Bridge>}
 */
export async function bootWithLoadingScreen({ quiet = () => false, ...options } = {}) {
  wordPage(); // the static page in the chosen language (bootwords.js)
  // index.html's loading screen and error panel
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const loading = $("loading");
  const bar = /** @type {HTMLProgressElement} */ ($("loading-bar"));
  const text = $("loading-text");
  const errorPanel = $("boot-error");
  const errorMessage = $("boot-error-message");
  const retry = $("boot-retry");

  /** @type {Progress|null} */
  let latest = null;
  let stageSince = 0;
  let frame = 0;
  let tick = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    clearTimeout(tick);
    frame = 0;
    tick = 0;
  };
  /** @param {number} now */
  const render = (now) => {
    frame = 0;
    clearTimeout(tick); // a progress message came first: one chain of steps at a time
    if (!latest) return;
    // never backwards: a late byte count must not pull the bar back from where time brought it
    bar.value = Math.max(Number(bar.value), barValue(latest, now - stageSince));
    text.textContent = describeProgress(latest);
    // It moves by time, a step every TICK_MS: a redraw every frame competed with the engine for
    // the CPU while Python starts.
    if (latest.stage !== "download") {
      tick = setTimeout(() => {
        tick = 0;
        frame ||= requestAnimationFrame(render);
      }, TICK_MS);
    }
  };
  /** @param {Progress} progress */
  const onProgress = (progress) => {
    // where the boot is, for a bug report or a test that waited in vain (tests/engines)
    loading.dataset.stage = progress.stage;
    loading.dataset.waiting = progress.waiting.join(" ");
    if (quiet()) return; // nothing shows it: no frames spent on it either
    if (progress.stage !== latest?.stage) stageSince = performance.now();
    latest = progress;
    frame ||= requestAnimationFrame(render);
  };

  for (;;) {
    bar.value = 0;
    latest = null;
    text.textContent = B.loading;
    delete loading.dataset.stage;
    delete loading.dataset.waiting;
    errorPanel.hidden = true;
    loading.hidden = quiet();
    try {
      const bridge = await boot({ ...options, onProgress });
      stop();
      loading.dataset.stage = "up"; // the engine is: what follows is the table's
      bar.value = 1;
      loading.hidden = true;
      return bridge;
    } catch (err) {
      stop();
      const message = err instanceof Error ? err.message : String(err);
      const detail = err instanceof BootError ? err.detail : "";
      console.error(`All Threes could not start: ${message}${detail ? ` (${detail})` : ""}`);
      errorMessage.textContent = message;
      loading.hidden = true;
      errorPanel.hidden = false;
      retry.focus();
      await new Promise((resolve) => retry.addEventListener("click", resolve, { once: true }));
    }
  }
}
