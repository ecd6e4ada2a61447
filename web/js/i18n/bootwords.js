// @ts-check
// The loading screen's and the update prompt's words, in every language the game speaks: they
// show before the table's catalogue (strings.js) loads, so they are kept small and apart. The
// static page (index.html) is written in English; wordPage() rewrites it in the chosen language.

import { LANG, num } from "./lang.js";

/** @typedef {import("../shapes/engine.js").BootValues} BootValues */

/**
 * The loading screen's words in one language.
 * @typedef {Object} BootWords
 * @property {string} loading
 * @property {(loaded: string, total: string) => string} downloading megabytes, as the language writes them
 * @property {string} downloadingNoTotal
 * @property {string} start
 * @property {string} install
 * @property {string} errorTitle
 * @property {string} retry
 * @property {Record<"download"|"start"|"install", string>} stage what the boot is doing, after "while"
 * @property {(files: string[]) => string} waitingFor
 * @property {(seconds: number, doing: string) => string} stalled
 * @property {string} noWorker
 * @property {string} workerStopped
 * @property {Record<string, string>} files a file by its label (BootValues.label)
 * @property {Record<string, (file: string, values: BootValues) => string>} failures by the failure's code
 * @property {string} update
 * @property {string} table
 * @property {string} description
 */

/** @type {Record<import("./lang.js").Lang, BootWords>} */
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
    noWorker: "This browser could not start the game worker.",
    workerStopped: "The game worker stopped (its script, js/worker.js, may not have loaded).",
    // What failed as the worker starts, by its code (worker.js BootFailure): `file` a file's name,
    // `label` which file it is (files), `status` an HTTP status.
    files: {
      runtime: "the Python runtime",
      stdlib: "the Python standard library",
      loader: "the Python runtime loader",
      engine: "the game engine",
    },
    failures: {
      download_http: (f, v) => `Could not download ${f}: HTTP ${v.status}.`,
      download_broke: (f) => `The download of ${f} broke off.`,
      download_offline: (f) => `Could not download ${f}: are you offline?`,
      unpack: (f) =>
        `This browser cannot unpack ${f}: please update it (the game needs Chrome 80, Firefox 114 or Safari 16.4 or newer).`,
      wasm_start: (f) => `${f} could not start.`,
      manifest_http: (_f, v) => `Could not download the build manifest (build.json): HTTP ${v.status}.`,
      manifest_offline: () => "Could not download the build manifest (build.json): are you offline?",
      load: (f) => `Could not load ${f}.`,
      start_python: () => "Starting Python failed.",
      install_game: (f) => `Installing ${f} failed.`,
      start_engine: () => "Starting the game engine failed.",
      worker: () => "The game worker failed.",
    },
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
    noWorker: "Ta przeglądarka nie mogła uruchomić wątku gry.",
    workerStopped: "Wątek gry się zatrzymał (może nie wczytał się jego skrypt, js/worker.js).",
    files: {
      runtime: "środowiska Pythona",
      stdlib: "biblioteki standardowej Pythona",
      loader: "programu ładującego Pythona",
      engine: "silnika gry",
    },
    failures: {
      download_http: (f, v) => `Nie udało się pobrać ${f}: HTTP ${v.status}.`,
      download_broke: (f) => `Pobieranie ${f} się urwało.`,
      download_offline: (f) => `Nie udało się pobrać ${f}: czy jesteś offline?`,
      unpack: (f) =>
        `Ta przeglądarka nie umie rozpakować ${f}: zaktualizuj ją (gra potrzebuje Chrome 80, Firefox 114 lub Safari 16.4 albo nowszej).`,
      wasm_start: (f) => `Nie udało się uruchomić ${f}.`,
      manifest_http: (_f, v) => `Nie udało się pobrać opisu wersji (build.json): HTTP ${v.status}.`,
      manifest_offline: () => "Nie udało się pobrać opisu wersji (build.json): czy jesteś offline?",
      load: (f) => `Nie udało się wczytać ${f}.`,
      start_python: () => "Nie udało się uruchomić Pythona.",
      install_game: (f) => `Nie udało się zainstalować ${f}.`,
      start_engine: () => "Nie udało się uruchomić silnika gry.",
      worker: () => "Wątek gry zawiódł.",
    },
    update: "Nowa wersja: odśwież",
    table: "Stół do domina",
    description: "Domino All Threes: punkty za wielokrotności trzech, gra z komputerem.",
  },
};

export const BOOT_WORDS = WORDS;
export const B = WORDS[LANG] ?? WORDS.en;

/**
 * A boot failure the worker reports by code ({code, values: {label?, file?, status?}}) in words.
 * @param {{code: string, values?: BootValues}} failure @param {BootWords} [words]
 */
export function failureWords({ code, values = {} }, words = B) {
  const named = (values.label && words.files[values.label]) ?? values.label;
  const file = named && values.file ? `${named} (${values.file})` : (named ?? values.file ?? "");
  const said = (words.failures[code] ?? words.failures.worker)(file, values);
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/**
 * Megabytes with one decimal, as the language writes them.
 * @param {number} bytes
 */
export function megabytes(bytes) {
  return num(bytes / 1e6, LANG, 1);
}

/**
 * The static page's words in the chosen language (index.html is written in English).
 * @param {Document|undefined} [doc]
 */
export function wordPage(doc = globalThis.document) {
  if (!doc) return;
  /** @param {string} id @param {string} text */
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
