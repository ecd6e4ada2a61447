// @ts-check
// Module worker: boots Pyodide on the game's standard library (its modules' bytecode, which the
// zip's own sitecustomize imports from: scripts/stdlib/), installs the game's bundle of bytecode
// the same way, then answers the page's requests by calling allthrees.app.handle(json) -> json.
// Only plain data crosses postMessage.
//
// Messages to the page:
//   {type: "progress", stage, loaded, total, waiting}
//       stage: "download" | "start" | "install"; waiting: names of files not fully downloaded yet
//   {type: "ready", ms}                               boot finished (ms since the worker started)
//   {type: "failed", what, code, values, detail}      boot failed; `what` names the part that failed,
//                                                     `code` and `values` say how (bootwords.js
//                                                     words them), `detail` the browser's own words
//   {type: "reply", id, reply} | {type: "reply", id, error}
// Messages from the page:
//   {type: "call", id, request}                       request: JSON text for app.handle
//
// Byte progress: Pyodide has no progress callback, so this worker wraps fetch(). Every file it
// needs (runtime, standard library, wheels) is fetched once; a clone of each response is
// read only to count bytes while the original goes on untouched. The wasm, the standard library and
// the game's wheel are asked for as soon as this worker starts, and the wasm compiles as it streams
// in (WebAssembly.compileStreaming) while the loader modules are still arriving; when Pyodide asks
// for a file it gets that response (for the wasm, the compiled module): nothing is downloaded or
// compiled twice.

/** @typedef {import("../shapes/engine.js").BootValues} BootValues */
/** @typedef {import("../shapes/engine.js").WorkerProgress} WorkerProgress */
/**
 * What this worker uses of Pyodide, loaded from the site by URL (so the npm package's types are
 * not this module's). `pyimport` gives a Python module as a proxy whose attributes are Python's.
 * @typedef {{FS: {writeFile: (path: string, data: Uint8Array) => void}, pyimport: (name: string) => any}} Pyodide
 */
/**
 * A file this worker counts the bytes of.
 * @typedef {{label: string, name: string, loaded: number, done: boolean}} Tracked
 */

const SITE = new URL("../../", import.meta.url); // this file is js/boot/worker.js
// The runtime's versioned folder (pyodide/<version>/), cached as immutable by netlify.toml.
const RUNTIME_PATH = "pyodide/"; // stamped by scripts/build
const INDEX_URL = new URL(RUNTIME_PATH, SITE).href;
// The game's own standard library (scripts/stdlib/: only what it imports), named by its contents.
const STDLIB_FILE = "python_stdlib.zip.gz"; // stamped by scripts/build
// The standard library is a stored zip gzipped whole (scripts/build): what arrives is unpacked on
// the way in, so Pyodide gets the zip it reads. The game's bundle is LZMA already (.xz): Python
// unpacks it (sitecustomize.install).
const PACKED = /\.zip\.gz$/;
const GZIP_MAGIC = [0x1f, 0x8b];
// What Pyodide checks in a lock file (its ABI), given inline: the game installs no package, so the
// 0.12 MB package index is never downloaded.
const LOCK_INFO = {}; // stamped by scripts/build
const MANIFEST_URL = new URL("build.json", SITE).href;

// What each file is, as a label the page words (bootwords.js files) for a bug report.
/** @type {Record<string, string>} */
const RUNTIME_FILES = {
  "pyodide.asm.wasm": "runtime",
  [STDLIB_FILE]: "stdlib",
  "pyodide.asm.mjs": "loader",
};
/** @type {Record<string, string>} */
const WHEEL_LABELS = {
  allthrees: "engine",
};

class BootFailure extends Error {
  /** @param {string} what the part that failed @param {string} code how (bootwords.js failures)
   * @param {BootValues} [values] @param {string} [detail] the browser's words */
  constructor(what, code, values = {}, detail = "") {
    super(`${code} ${values.file ?? ""}: ${detail}`);
    this.what = what;
    this.code = code;
    this.values = values;
    this.detail = detail;
  }
}

/** @param {import("../shapes/engine.js").FromWorker} message */
const post = (message) => self.postMessage(message);

// A Content-Security-Policy violation in this worker is a bug: say so in the console (the browser
// tests fail on console errors; the page's own violations are watched the same way).
self.addEventListener("securitypolicyviolation", (event) => {
  const e = /** @type {SecurityPolicyViolationEvent} */ (event);
  const where = `${e.sourceFile}:${e.lineNumber}`;
  console.error(
    `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} in the worker (${e.sample} at ${where})`,
  );
});

// Pyodide asks whether this is a classic worker by calling importScripts("data:...") and catching
// the error. A module worker always throws there, but under Trusted Types (netlify.toml) the string
// reaches a sink first and the browser reports a violation: answer the question without the sink.
self.importScripts = () => {
  throw new TypeError("a module worker has no importScripts");
};
const started = performance.now();

// --- download tracking ------------------------------------------------------------------------------

const realFetch = globalThis.fetch.bind(globalThis);
/** @type {Map<string, Tracked>} absolute URL -> its file */
const tracked = new Map();
/** @type {Map<string, Promise<Response>>} absolute URL -> fetched early, given to the next fetch */
const handOff = new Map();
const WASM_URL = `${INDEX_URL}pyodide.asm.wasm`;
/** @type {Promise<Response>|null} the wasm's early response, as handed to Pyodide */
let wasmEarly = null;
/** @type {Promise<WebAssembly.Module>|null} compiling from it */
let wasmModule = null;
/** @type {Map<string, number>|null} absolute URL -> bytes, from build.json */
let sizes = null;
/** @type {WorkerProgress["stage"]|"ready"} */
let stage = "download";
/** @type {BootFailure|null} */
let failure = null;
/** @type {(error: unknown) => void} */
let rejectBoot = () => {};

/** @param {BootFailure} error */
function fail(error) {
  if (failure) return;
  failure = error;
  rejectBoot(error);
}

/** @param {string} url @param {string} label */
function track(url, label) {
  const name = url.slice(url.lastIndexOf("/") + 1);
  tracked.set(url, { label, name, loaded: 0, done: false });
}

let lastPost = 0;
// Python starts once the wasm is instantiated: CPU work that keeps this thread busy (for seconds on
// a slow phone or a loaded machine), during which the last bytes of a download are counted only
// late. From then on the page's stall timer allows for a busy start, not a silent network.
function pythonStarting() {
  if (stage === "download") setStage("start");
}

function reportProgress(force = false) {
  if (!sizes) return; // totals unknown until build.json arrives
  if (stage === "ready") return; // the page listens for progress no more
  const now = performance.now();
  if (!force && now - lastPost < 40) return;
  lastPost = now;
  let loaded = 0;
  let total = 0;
  const waiting = [];
  for (const [url, file] of tracked) {
    const size = sizes.get(url) ?? file.loaded;
    total += size;
    loaded += file.done ? size : Math.min(file.loaded, size);
    if (!file.done) waiting.push(file.name);
  }
  // Every byte is in but Python is still busy starting: say so.
  if (stage === "download" && loaded >= total) stage = "start";
  post({ type: "progress", stage, loaded, total, waiting });
}

/** @param {WorkerProgress["stage"]} next */
function setStage(next) {
  stage = next;
  reportProgress(true);
}

/** @param {Tracked} file @returns {BootValues} */
function named(file) {
  return { label: file.label, file: file.name };
}

// Count the bytes of `response` as they arrive by reading a clone; the original is left untouched.
/** @param {string} url @param {Response} response */
function countBytes(url, response) {
  const file = /** @type {Tracked} */ (tracked.get(url));
  if (!response.ok) {
    // the status's number only: its text ("Not Found") is English whatever the page's language
    fail(new BootFailure(file.name, "download_http", { ...named(file), status: response.status }));
    return;
  }
  const reader = response.clone().body?.getReader();
  if (!reader) return;
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.loaded += value.byteLength;
      reportProgress();
    }
    file.done = true;
    reportProgress(true);
  })().catch((err) => {
    fail(new BootFailure(file.name, "download_broke", named(file), errorText(err)));
  });
}

/** @param {string} url a tracked file's */
function trackedFetch(url) {
  const file = /** @type {Tracked} */ (tracked.get(url));
  const promise = realFetch(url, { credentials: "same-origin" });
  promise.then(
    (response) => countBytes(url, response), // the bytes on the wire, as build.json counts them
    (err) => fail(new BootFailure(file.name, "download_offline", named(file), errorText(err))),
  );
  return PACKED.test(url) ? promise.then((response) => unpacked(file, response)) : promise;
}

// A packed file's zip, unpacked once it is in (a failed download stays as it was: reported). A
// server that sent it with its own Content-Encoding: gzip has had the browser unpack it already:
// the gzip's magic bytes say which.
/** @param {Tracked} file @param {Response} response */
async function unpacked(file, response) {
  if (!response.ok) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = { "Content-Type": "application/zip" };
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return new Response(bytes, { headers });
  if (typeof DecompressionStream !== "function") {
    const error = new BootFailure(file.name, "unpack", named(file), "no DecompressionStream");
    fail(error);
    throw error;
  }
  const body = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers });
}

// Start downloading `url` now; the next fetch of it gets this response.
/** @param {string} url */
function fetchEarly(url) {
  const early = trackedFetch(url);
  early.catch(() => {}); // reported by trackedFetch
  handOff.set(url, early);
  return early;
}

/** @param {RequestInfo|URL} input @param {RequestInit} [init] */
globalThis.fetch = function fetch(input, init) {
  const href = input instanceof Request ? input.url : String(input);
  const url = new URL(href, self.location.href).href;
  const early = handOff.get(url);
  if (early) {
    handOff.delete(url);
    return early;
  }
  if (tracked.has(url) && (!init?.method || init.method === "GET")) {
    return trackedFetch(url);
  }
  return realFetch(input, init);
};

// Pyodide only logs a warning when the wasm fails to compile or instantiate (a CSP without
// 'wasm-unsafe-eval', too little memory, a damaged file) and then waits forever: fail by name instead.
// When it asks for the runtime's wasm, it gets the module compiled since this worker started.
const realInstantiateStreaming = WebAssembly.instantiateStreaming;
/** @param {Response|PromiseLike<Response>} source @param {WebAssembly.Imports} [imports] */
WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
  try {
    if (wasmModule && source === wasmEarly) {
      const module = await wasmModule;
      pythonStarting();
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    }
    const result = await realInstantiateStreaming.call(WebAssembly, source, imports);
    pythonStarting();
    return result;
  } catch (err) {
    const values = { label: RUNTIME_FILES["pyodide.asm.wasm"], file: "pyodide.asm.wasm" };
    fail(new BootFailure("pyodide.asm.wasm", "wasm_start", values, errorText(err)));
    throw err;
  }
};

// --- boot ------------------------------------------------------------------------------------------

async function loadManifest() {
  let response;
  try {
    response = await realFetch(MANIFEST_URL, { cache: "no-cache" });
  } catch (err) {
    throw new BootFailure("build.json", "manifest_offline", {}, errorText(err));
  }
  if (!response.ok) {
    throw new BootFailure("build.json", "manifest_http", { status: response.status });
  }
  return response.json();
}

/** @param {string} file @returns {Promise<any>} the runtime's module (Pyodide's JavaScript) */
async function importRuntime(file) {
  const url = INDEX_URL + file;
  try {
    return await import(url);
  } catch (err) {
    throw new BootFailure(file, "load", { label: RUNTIME_FILES[file], file }, errorText(err));
  }
}

/**
 * @template T
 * @param {string} what @param {string} code @param {BootValues} values @param {() => Promise<T>|T} action
 * @returns {Promise<T>}
 */
async function step(what, code, values, action) {
  try {
    return await action();
  } catch (err) {
    if (err instanceof BootFailure) throw err;
    throw new BootFailure(what, code, values, lastLine(err));
  }
}

/** @param {unknown} err */
const errorText = (err) => (err instanceof Error ? err.message : String(err));

// A Python traceback is long; its last line (before Pyodide's own hint) says what went wrong.
/** @param {unknown} err */
function lastLine(err) {
  const text = errorText(err).trim();
  const lines = text.split("\n").filter((l) => l.trim() && !l.includes("pyodide.setDebug"));
  return (lines.at(-1) ?? text).trim();
}

async function boot() {
  for (const file of Object.keys(RUNTIME_FILES)) track(INDEX_URL + file, RUNTIME_FILES[file]);
  // The wasm and the standard library are on the critical path: ask for them now, and compile the
  // wasm as it arrives, not once the loader modules are in and loadPyodide() asks (100-600 ms later
  // on a cold load).
  wasmEarly = fetchEarly(WASM_URL);
  wasmModule = WebAssembly.compileStreaming(wasmEarly);
  wasmModule.catch(() => {}); // reported when Pyodide instantiates it
  fetchEarly(INDEX_URL + STDLIB_FILE);

  // Everything starts at once: the manifest, both runtime modules, and (inside loadPyodide) the
  // wasm and the standard library.
  const manifest = loadManifest();
  // Imported here, not by Pyodide, so that its failure is named and its arrival counted.
  const asmModule = importRuntime("pyodide.asm.mjs").then((module) => {
    /** @type {Tracked} */ (tracked.get(`${INDEX_URL}pyodide.asm.mjs`)).done = true;
    reportProgress(true);
    return module;
  });
  const { loadPyodide } = await importRuntime("pyodide.mjs");

  /** @type {Promise<Pyodide>} */
  const runtime = loadPyodide({
    indexURL: INDEX_URL,
    stdLibURL: INDEX_URL + STDLIB_FILE,
    lockFileContents: { info: LOCK_INFO, packages: {} },
    createPyodideModule: (/** @type {unknown} */ settings) => asmModule.then((m) => m.default(settings)),
    stdout: (/** @type {string} */ line) => console.log(line),
    stderr: (/** @type {string} */ line) => console.warn(line),
  });
  runtime.catch(() => {}); // handled below; avoid an unhandled rejection while the wheels load

  /** @type {{files: Record<string, number>, wheels: Record<string, string>}} as scripts/build writes it */
  const build = await manifest;
  sizes = new Map(Object.entries(build.files).map(([path, size]) => [new URL(path, SITE).href, size]));
  /** @type {Record<string, string>} */
  const wheelURL = {};
  for (const [name, path] of Object.entries(build.wheels)) {
    const url = new URL(path, SITE).href;
    wheelURL[name] = url;
    track(url, WHEEL_LABELS[name] ?? name);
    fetchEarly(url);
  }
  reportProgress(true);

  const pyodide = await step("pyodide", "start_python", {}, () => runtime);
  setStage("install");

  // The game is pure Python with no dependencies and reads no data files: its modules' bytecode,
  // one LZMA bundle, goes into Python's file system and the standard library's own importer
  // serves it (sitecustomize.install): no micropip, no wheel to unpack, nothing to compile
  // (importing micropip alone cost about 1.5 s at start, unpacking with loadPackage another 0.3 s).
  const wheel = /** @type {Tracked} */ (tracked.get(wheelURL.allthrees));
  await step(wheel.name, "install_game", named(wheel), async () => {
    const response = await fetch(wheelURL.allthrees); // the early download, handed off
    if (!response.ok) {
      throw new BootFailure(wheel.name, "download_http", { ...named(wheel), status: response.status });
    }
    const path = `/home/pyodide/${wheel.name}`;
    pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
    const importer = pyodide.pyimport("sitecustomize");
    try {
      importer.install(path);
    } finally {
      importer.destroy();
    }
  });
  return step("allthrees.app", "start_engine", {}, () => {
    const app = pyodide.pyimport("allthrees.app");
    try {
      // A PyProxy of the function: it lives as long as this worker and never leaves it.
      return app.handle.copy();
    } finally {
      app.destroy();
    }
  });
}

// Until boot finishes, requests wait; if it failed, they are answered with the failure.
const appHandle = new Promise((resolve, reject) => {
  rejectBoot = reject;
  boot().then(resolve, fail);
});

appHandle.then(
  () => {
    stage = "ready";
    post({ type: "ready", ms: Math.round(performance.now() - started) });
  },
  (err) => {
    const known = err instanceof BootFailure;
    const { what, code, values, detail } = known ? err : { what: "worker", code: "worker", values: {} };
    post({ type: "failed", what, code, values, detail: known ? detail : err?.message || String(err) });
  },
);

self.addEventListener("message", async (event) => {
  // the page's (boot/bridge.js): a WorkerCall
  const message = /** @type {MessageEvent<import("../shapes/engine.js").WorkerCall|undefined>} */ (event).data;
  if (message?.type !== "call") return;
  const { id, request } = message;
  try {
    const handle = await appHandle;
    const reply = handle(request);
    if (typeof reply !== "string") {
      reply?.destroy?.();
      throw new Error("allthrees.app.handle must return JSON text");
    }
    post({ type: "reply", id, reply });
  } catch (err) {
    post({ type: "reply", id, error: (err instanceof Error && err.message) || String(err) });
  }
});
