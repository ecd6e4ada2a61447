// @ts-check
// Progress carried to another device with no server: Export writes one file (and, for a small
// career, a text code to copy) holding the career, the history, the daily attempts and the
// preferences; Import reads one back. The match in progress stays on this device: its seed is
// sealed to this browser's key (store/savekeys.js) and must never travel as readable text, so the
// export leaves it out and says so.
//
// The file's object is Python's (op "export": its one format, version and history cap). An import
// is checked whole by Python (op "check_import": format, version, every entry, every record
// replays from its seed) before anything is touched; the player sees what it replaces and
// confirms; what it replaces is kept as a backup (store.js).

import { download, h } from "../dom/dom.js";
import { refusalWords, T } from "../i18n/strings.js";
import { askDialog } from "../ui/modal.js";
import { keepSecret, keptSecret } from "./ratingkey.js";

/** @typedef {import("../store/storage.js").Prefs} Prefs */
/** @typedef {import("./flow.js").EngineCall} EngineCall */

const CODE_PREFIX = "AT1."; // a text code: this prefix, then base64url of the gzipped file
const CODE_MAX_CHARS = 12_000; // a code longer than this is no longer something to paste
const IMPORT_MAX_BYTES = 8_000_000; // larger than any career localStorage can hold

// The preferences an export carries and an import brings back, each as an export writes it unset.
/** @type {Partial<Record<keyof Prefs, unknown>>} */
const CARRIED_PREFS = {
  settings: null,
  muted: false,
  effects: undefined,
  music: undefined,
  lang: undefined,
  tiles: undefined,
  felt: undefined,
  howTo: undefined,
};

/**
 * The carried preferences that `prefs` holds (an import brings back no others).
 * @param {Partial<Record<string, unknown>>|null|undefined} prefs the page's, or an export's
 * @returns {Partial<Prefs>}
 */
function carried(prefs) {
  const held = Object.keys(CARRIED_PREFS).filter((k) => prefs?.[k] !== undefined);
  return Object.fromEntries(held.map((k) => [k, prefs?.[k]]));
}

/**
 * gzip + base64url, with the prefix.
 * @param {string} text
 */
export async function toCode(text) {
  const gz = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  let bin = "";
  for (const byte of new Uint8Array(gz)) bin += String.fromCharCode(byte);
  return CODE_PREFIX + btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The text of a code (or of a file's text given as it is). Throws on a damaged code.
 * @param {string} code
 * @returns {Promise<string>}
 */
export async function fromCode(code) {
  const text = code.trim();
  if (!text.startsWith(CODE_PREFIX)) return text;
  const b64 = text.slice(CODE_PREFIX.length).replaceAll("-", "+").replaceAll("_", "/").replace(/\s+/g, "");
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

/**
 * Export: Python makes the file, which downloads; the dialog says what it holds and offers the
 * code when small.
 * @param {object} o
 * @param {import("./store.js").Career} o.career
 * @param {Prefs} o.prefs
 * @param {EngineCall} o.call
 * @param {(text: string) => void} o.toast
 * @param {(text: string) => void} o.copy
 * @param {HTMLElement} o.root
 */
export async function exportCareer({ career, prefs, call, toast, copy, root }) {
  const reply = await call("export", {
    exported: new Date().toISOString(),
    ...career.exportable(),
    prefs: { ...CARRIED_PREFS, ...carried(prefs) },
    // this device's key for signing rated results: its chain goes on where the career is imported
    signing: keptSecret() ? { secret: keptSecret() } : undefined,
  });
  if (!reply?.ok) {
    if (reply) toast(refusalWords(reply)); // a failed call has said so already
    return;
  }
  /** @type {{exported: string, career: {entries: unknown[]}, history: unknown[]}} the file (career.transfer) */
  const data = reply.export;
  const text = JSON.stringify(data);
  const name = `allthrees-career-${data.exported.slice(0, 10)}.json`;
  download(name, text);
  const code = await toCode(text);
  const small = code.length <= CODE_MAX_CHARS;
  /** @type {HTMLElement[]} */
  const children = [
    h("p", { id: "export-what", text: T.transfer.exported(name, data.career.entries.length, data.history.length) }),
    h("p", { class: "panel-sub", text: T.transfer.matchStays }),
  ];
  if (small) {
    children.push(
      h("label", { for: "export-code", text: T.transfer.codeLabel }),
      h("textarea", { id: "export-code", class: "transfer-code", readonly: true, rows: 4, text: code }),
    );
  }
  /** @type {{id: string, text: string, primary?: boolean, value?: undefined, keep?: boolean,
   *   onclick?: () => void}[]} */
  const buttons = [{ id: "export-close", text: T.close, primary: true, value: undefined }];
  if (small) buttons.unshift({ id: "export-copy", text: T.career.copy, keep: true, onclick: () => copy(code) });
  return askDialog("export-dialog", T.transfer.exportTitle, children, buttons, { root });
}

/**
 * Import: a file or a pasted code, checked by Python, confirmed, then written.
 * @param {object} o
 * @param {import("./store.js").Career} o.career
 * @param {EngineCall} o.call
 * @param {HTMLElement} o.root
 * @param {(prefs: Partial<Prefs>) => void} o.applyPrefs
 * @returns {Promise<boolean>} whether anything was replaced (the page reloads then)
 */
export async function importCareer({ career, call, root, applyPrefs }) {
  const file = h("input", { type: "file", id: "import-file", accept: ".json,application/json,text/plain" });
  const code = h("textarea", { id: "import-code", class: "transfer-code", rows: 4 });
  const said = h("p", { id: "import-said", class: "problem-detail", role: "alert" });
  /** @type {string|null} */
  let text = null;
  /** @returns {Promise<string>} */
  const read = async () => {
    if (file.files?.[0]) {
      if (file.files[0].size > IMPORT_MAX_BYTES) throw new Error("too_big");
      return file.files[0].text();
    }
    return fromCode(code.value);
  };
  const chosen = await askDialog(
    "import-dialog",
    T.transfer.importTitle,
    [
      h("p", { class: "panel-sub", text: T.transfer.importAbout }),
      h("label", { for: "import-file", text: T.transfer.fileLabel }),
      file,
      h("label", { for: "import-code", text: T.transfer.pasteLabel }),
      code,
      said,
    ],
    [
      { id: "import-check", text: T.transfer.check, primary: true, value: true },
      { id: "import-cancel", text: T.cancel, value: false },
    ],
    { root },
  );
  if (!chosen) return false;
  /** @type {any} the export file's JSON, whatever it holds: Python checks it whole (check_import) */
  let data;
  try {
    text = await read();
    data = JSON.parse(text);
  } catch {
    await refused(root, T.transfer.notAFile);
    return false;
  }
  const reply = await call("check_import", { data });
  if (!reply?.ok) {
    await refused(root, reply ? refusalWords(reply) : T.engineError);
    return false;
  }
  const now = career.exportable();
  const sure = await askDialog(
    "import-confirm",
    T.transfer.confirmTitle,
    [
      h("p", { id: "import-replaces", text: T.transfer.replaces(now.entries.length, now.history.length) }),
      h("p", { id: "import-brings", text: T.transfer.brings(reply.summary) }),
      h("p", { class: "panel-sub", text: T.transfer.backupNote }),
    ],
    [
      { id: "import-yes", text: T.transfer.replace, primary: true, value: true },
      { id: "import-no", text: T.cancel, value: false },
    ],
    { root },
  );
  if (!sure) return false;
  const done = career.replace({
    entries: data.career.entries,
    daily: data.career.daily,
    history: data.history,
    abandoned: data.career.abandoned ?? [],
  });
  if (done !== "replaced") {
    await refused(root, T.transfer.writeFailed);
    return false;
  }
  applyPrefs(carried(data.prefs));
  if (data.signing) keepSecret(data.signing.secret); // checked by Python (check_import)
  return true;
}

/** @param {HTMLElement} root @param {string} why */
function refused(root, why) {
  return askDialog(
    "import-refused",
    T.transfer.refusedTitle,
    [h("p", { id: "import-why", text: why }), h("p", { class: "panel-sub", text: T.transfer.nothingChanged })],
    [{ id: "import-ok", text: T.ok, primary: true, value: undefined }],
    { root },
  );
}
