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
//   bootWithLoadingScreen() -> Promise<Bridge>
//       The same, driving the page's #loading screen and #boot-error panel; resolves only once the
//       engine is up (the player retries as often as needed).

import { Bridge } from "./bridge.js";
import { scriptURL } from "./trusted.js";

export const STALL_TIMEOUT_MS = 30_000;
// Starting Python and installing the wheels is CPU work with no progress to report: a slow phone
// gets longer before that counts as stalled.
export const START_TIMEOUT_MS = 120_000;

export class BootError extends Error {
  /** @param {string} message shown to the player @param {string} what the part that failed */
  constructor(message, what) {
    super(message);
    this.name = "BootError";
    this.what = what;
  }
}

const STAGE_WORDS = {
  download: "downloading the game",
  start: "starting Python",
  install: "installing the game",
};

/**
 * @param {object} [options]
 * @param {(progress: {stage: string, loaded: number, total: number, waiting: string[]}) => void} [options.onProgress]
 * @param {number} [options.stallTimeoutMs] give up when no byte arrives for this long
 * @param {number} [options.startTimeoutMs] give up when starting Python takes this long
 * @param {URL|string} [options.workerURL]
 * @returns {Promise<Bridge>}
 */
export function boot({
  onProgress = () => {},
  stallTimeoutMs = STALL_TIMEOUT_MS,
  startTimeoutMs = START_TIMEOUT_MS,
  workerURL = new URL("./worker.js", import.meta.url),
} = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(scriptURL(workerURL), { type: "module", name: "allthrees-engine" });
    } catch (err) {
      reject(new BootError(`This browser could not start the game worker: ${err.message}`, "worker"));
      return;
    }
    let last = { stage: "download", waiting: [] };
    let timer = 0;

    const finish = () => {
      clearTimeout(timer);
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
      worker.removeEventListener("messageerror", onError);
    };
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
        const doing = waiting.length ? `waiting for ${waiting.join(", ")}` : STAGE_WORDS[last.stage];
        fail(new BootError(`Loading stalled: nothing happened for ${seconds} s while ${doing}.`, "stall"));
      }, timeout);
    };
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
          fail(new BootError(message.message, message.what));
          break;
      }
    };
    const onError = (event) => {
      const detail = event.message || "its script (js/worker.js) could not be loaded";
      fail(new BootError(`The game worker stopped: ${detail}.`, "worker"));
    };

    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.addEventListener("messageerror", onError);
    arm();
  });
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function describeProgress({ stage, loaded, total }) {
  if (stage === "download") {
    return total ? `Downloading… ${megabytes(loaded)} of ${megabytes(total)} MB` : "Downloading…";
  }
  if (stage === "start") return "Starting Python…";
  if (stage === "install") return "Installing the game…";
  return "Loading…";
}

// The bar: downloads fill 90 %, starting Python and installing the game the rest.
function barValue({ stage, loaded, total }) {
  const bytes = total ? Math.min(loaded / total, 1) : 0;
  return 0.9 * bytes + (stage === "start" ? 0.02 : stage === "install" ? 0.06 : 0);
}

/**
 * Boot behind the page's loading screen; on failure show #boot-error and wait for Retry.
 * @param {object} [options] passed on to boot()
 * @returns {Promise<Bridge>}
 */
export async function bootWithLoadingScreen(options = {}) {
  const $ = (id) => document.getElementById(id);
  const loading = $("loading");
  const bar = $("loading-bar");
  const text = $("loading-text");
  const errorPanel = $("boot-error");
  const errorMessage = $("boot-error-message");
  const retry = $("boot-retry");

  let latest = null;
  let frame = 0;
  const render = () => {
    frame = 0;
    bar.value = barValue(latest);
    text.textContent = describeProgress(latest);
  };
  const onProgress = (progress) => {
    latest = progress;
    frame ||= requestAnimationFrame(render);
  };

  for (;;) {
    bar.value = 0;
    text.textContent = "Loading…";
    errorPanel.hidden = true;
    loading.hidden = false;
    try {
      const bridge = await boot({ ...options, onProgress });
      cancelAnimationFrame(frame);
      frame = 0;
      bar.value = 1;
      loading.hidden = true;
      return bridge;
    } catch (err) {
      cancelAnimationFrame(frame);
      frame = 0;
      console.error(`All Threes could not start: ${err.message}`);
      errorMessage.textContent = err.message;
      loading.hidden = true;
      errorPanel.hidden = false;
      retry.focus();
      await new Promise((resolve) => retry.addEventListener("click", resolve, { once: true }));
    }
  }
}
