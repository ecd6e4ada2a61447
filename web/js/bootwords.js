// The loading screen's and the update prompt's words, in every language the game speaks: they
// show before the table's catalogue (strings.js) loads, so they are kept small and apart. The
// static page (index.html) is written in English; wordPage() rewrites it in the chosen language.

import { LANG, num } from "./lang.js";

const WORDS = {
  en: {
    loading: "Loading…",
    downloading: (loaded, total) => `Downloading… ${loaded} of ${total} MB`,
    downloadingNoTotal: "Downloading…",
    start: "Starting Python…",
    install: "Installing the game…",
    errorTitle: "The game could not start",
    retry: "Retry",
    stage: { download: "downloading the game", start: "starting Python", install: "installing the game" },
    waitingFor: (files) => `waiting for ${files.join(", ")}`,
    stalled: (seconds, doing) => `Loading stalled: nothing happened for ${seconds} s while ${doing}.`,
    noWorker: (message) => `This browser could not start the game worker: ${message}`,
    workerStopped: (detail) => `The game worker stopped: ${detail}.`,
    workerScript: "its script (js/worker.js) could not be loaded",
    update: "New version: reload",
    table: "Domino table",
    description: "All Threes dominoes: score on multiples of three against the computer.",
  },
  pl: {
    loading: "Wczytywanie…",
    downloading: (loaded, total) => `Pobieranie… ${loaded} z ${total} MB`,
    downloadingNoTotal: "Pobieranie…",
    start: "Uruchamianie Pythona…",
    install: "Instalowanie gry…",
    errorTitle: "Nie udało się uruchomić gry",
    retry: "Spróbuj ponownie",
    stage: { download: "pobierania gry", start: "uruchamiania Pythona", install: "instalowania gry" },
    waitingFor: (files) => `oczekiwania na ${files.join(", ")}`,
    stalled: (seconds, doing) => `Wczytywanie stanęło: nic się nie działo przez ${seconds} s podczas ${doing}.`,
    noWorker: (message) => `Ta przeglądarka nie mogła uruchomić wątku gry: ${message}`,
    workerStopped: (detail) => `Wątek gry się zatrzymał: ${detail}.`,
    workerScript: "nie udało się wczytać jego skryptu (js/worker.js)",
    update: "Nowa wersja: odśwież",
    table: "Stół do domina",
    description: "Domino All Threes: punkty za wielokrotności trzech, gra z komputerem.",
  },
};

export const BOOT_WORDS = WORDS;
export const B = WORDS[LANG] ?? WORDS.en;

/** Megabytes with one decimal, as the language writes them. */
export function megabytes(bytes) {
  return num(bytes / 1e6, LANG, 1);
}

/** The static page's words in the chosen language (index.html is written in English). */
export function wordPage(doc = globalThis.document) {
  if (!doc) return;
  const set = (id, text) => {
    const el = doc.getElementById(id);
    if (el) el.textContent = text;
  };
  set("loading-text", B.loading);
  set("boot-error-title", B.errorTitle);
  set("boot-retry", B.retry);
  doc.getElementById("table")?.setAttribute("aria-label", B.table);
  doc.querySelector('meta[name="description"]')?.setAttribute("content", B.description);
}
