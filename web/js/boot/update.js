// @ts-check
// Offline play and updates: registers the service worker (sw.js) and offers a new deploy with a
// "New version: reload" prompt, only while no round is in play (between rounds or at a match's end).
//
//   watchForUpdates({canInterrupt}) -> Promise<ServiceWorkerRegistration | null>
//       canInterrupt(): true when reloading the page loses nothing a person is in the middle of.
//
// A new sw.js installs next to the running one and waits. Tapping the prompt sends it
// {type: "skip-waiting"}; once it controls the page ("controllerchange") the page reloads, and the
// saved match resumes from localStorage. The first install (no controller yet) never reloads.

import { B } from "../i18n/bootwords.js";
import { scriptURL } from "./trusted.js";

const POLL_MS = 1000;

function promptButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "update-prompt";
  button.className = "update-prompt";
  button.textContent = B.update;
  button.hidden = true;
  document.body.append(button);
  return button;
}

/**
 * @param {object} options
 * @param {() => boolean} options.canInterrupt
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function watchForUpdates({ canInterrupt }) {
  if (!("serviceWorker" in navigator)) return null;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(scriptURL("sw.js"), { updateViaCache: "none" });
  } catch (err) {
    // Not fatal: the game still plays online.
    console.warn(`Offline play is unavailable: ${err instanceof Error ? err.message : err}`);
    return null;
  }
  if (!registration) return null; // service workers turned off (a policy, an automated browser)

  /** @type {ServiceWorker|null} */
  let waiting = null;
  let asked = false;
  let timer = 0;
  const button = promptButton();

  const refresh = () => {
    const show = Boolean(waiting) && canInterrupt();
    if (button.hidden === show) button.hidden = !show;
  };
  /** @param {ServiceWorker} worker */
  const offer = (worker) => {
    waiting = worker;
    refresh();
    clearInterval(timer);
    timer = setInterval(refresh, POLL_MS);
  };
  /** @param {ServiceWorker|null} worker */
  const track = (worker) => {
    if (!worker) return;
    const check = () => {
      // "installed" with a controller means an update is waiting (not the first install).
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    };
    check();
    worker.addEventListener("statechange", check);
  };

  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));

  button.addEventListener("click", () => {
    if (!waiting || !canInterrupt()) return;
    asked = true;
    button.disabled = true;
    waiting.postMessage({ type: "skip-waiting" });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (asked) location.reload();
  });
  // A tab left open for days still hears about a deploy when it comes back to the front.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  return registration;
}
