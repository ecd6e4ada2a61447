// @ts-check
// QR codes: drawn by qrcode-generator (Kazuhiko Arase, MIT) and read by the browser's
// BarcodeDetector where it has one, else by jsQR (Apache-2.0), on frames of the camera. Both
// libraries sit under later/vendor/ (scripts/build copies them from web/node_modules; jsQR is
// wrapped there as an ES module): never precached, fetched on first use, kept by the service
// worker from then on. Neither uses eval.
//
//   await drawQR(canvas, link);            // or an <svg>; returns {version, modules}
//   const text = await scan(video);        // opens the back camera, resolves with the first QR's text
//   const text = await scan(video, {signal});  // abort to stop (the camera is let go either way)

import { siteURL } from "../boot/site.js";

const VENDOR = "later/vendor/"; // from the site's root (boot/site.js)
const SVG_NS = "http://www.w3.org/2000/svg";

// the vendored libraries' modules (their own code, untyped here)
/** @type {Promise<any>|null} */
let encoder = null;
/** @type {Promise<any>|null} */
let decoder = null;
/**
 * The browser's BarcodeDetector (Chromium's; TypeScript's DOM library has none).
 * @typedef {{new (o: {formats: string[]}): {detect: (source: HTMLVideoElement) => Promise<{rawValue?: string}[]>},
 *   getSupportedFormats?: () => Promise<string[]>}} BarcodeDetectorClass
 */
/** A canvas, or what stands for one (a size and a 2d context). @typedef {{clientWidth: number, width: number,
 *   height: number, getContext: (kind: "2d") => CanvasRenderingContext2D|null}} CanvasLike */
const page = /** @type {typeof globalThis & {BarcodeDetector: BarcodeDetectorClass}} */ (globalThis);
const loadEncoder = () => (encoder ??= import(siteURL(`${VENDOR}qrcode-generator/qrcode.js`).href));
const loadDecoder = () => (decoder ??= import(siteURL(`${VENDOR}jsqr/jsQR.js`).href));

/**
 * The QR code of `text`, its modules as rows of booleans (error correction "L": a screen is clean,
 * and the fewer modules the easier a phone reads it).
 * @param {string} text
 * @returns {Promise<{version: number, size: number, dark: (row: number, col: number) => boolean}>}
 */
export async function encodeQR(text) {
  const { qrcode } = await loadEncoder();
  const qr = qrcode(0, "L");
  if (!/^[\x20-\x7e]*$/.test(text)) throw new RangeError("a QR code here holds a link or a code (ASCII)");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return { version: (size - 17) / 4, size, dark: (r, c) => qr.isDark(r, c) };
}

/**
 * Draw `text`'s QR code into a canvas (sized to fit its current width, at least 4 px a module)
 * or an <svg> (a viewBox of modules), with the quiet zone of 4 modules readers need.
 * @param {CanvasLike|SVGElement} target @param {string} text @param {{margin?: number}} [o]
 * @returns {Promise<{version: number, modules: number}>}
 */
export async function drawQR(target, text, { margin = 4 } = {}) {
  const qr = await encodeQR(text);
  const total = qr.size + 2 * margin;
  if (target instanceof SVGElement) {
    target.setAttribute("viewBox", `0 0 ${total} ${total}`);
    target.setAttribute("shape-rendering", "crispEdges");
    let d = "";
    for (let r = 0; r < qr.size; r += 1)
      for (let c = 0; c < qr.size; c += 1) if (qr.dark(r, c)) d += `M${c + margin} ${r + margin}h1v1h-1z`;
    const bg = document.createElementNS(SVG_NS, "rect");
    bg.setAttribute("width", String(total));
    bg.setAttribute("height", String(total));
    bg.setAttribute("fill", "#fff");
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "#000");
    target.replaceChildren(bg, path);
  } else {
    const cell = Math.max(4, Math.floor((target.clientWidth || total * 4) / total));
    target.width = total * cell;
    target.height = total * cell;
    const ctx = /** @type {CanvasRenderingContext2D} */ (target.getContext("2d"));
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, target.width, target.height);
    ctx.fillStyle = "#000";
    for (let r = 0; r < qr.size; r += 1)
      for (let c = 0; c < qr.size; c += 1)
        if (qr.dark(r, c)) ctx.fillRect((c + margin) * cell, (r + margin) * cell, cell, cell);
  }
  return { version: qr.version, modules: qr.size };
}

/** Read the first QR code in an ImageData (jsQR), or null.
 * @param {ImageData} image @returns {Promise<string|null>} */
export async function decodeImage(image) {
  const { default: jsQR } = await loadDecoder();
  return jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" })?.data ?? null;
}

/** @param {HTMLVideoElement} video @returns {Promise<void>} */
function nextFrame(video) {
  return new Promise((resolve) =>
    typeof video.requestVideoFrameCallback === "function"
      ? video.requestVideoFrameCallback(() => resolve())
      : requestAnimationFrame(() => resolve()),
  );
}

/**
 * Open the camera into `video` and resolve with the text of the first QR code seen. A camera
 * that cannot be opened rejects with the browser's error (NotAllowedError: the person said no;
 * NotFoundError: no camera). `signal` aborts the scan (an AbortError). The camera is let go at
 * the end either way.
 * @param {HTMLVideoElement} video
 * @param {{signal?: AbortSignal, stream?: MediaStream}} [o] `stream`: a camera already open (kept open)
 * @returns {Promise<string>}
 */
export async function scan(video, { signal, stream: given } = {}) {
  const stream =
    given ?? (await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }));
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const detector =
      "BarcodeDetector" in globalThis && (await page.BarcodeDetector.getSupportedFormats?.())?.includes("qr_code")
        ? new page.BarcodeDetector({ formats: ["qr_code"] })
        : null;
    const canvas = document.createElement("canvas");
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
    if (!detector) await loadDecoder();
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException("The scan was stopped", "AbortError");
      await nextFrame(video);
      if (!video.videoWidth) continue;
      if (detector) {
        const [found] = await detector.detect(video);
        if (found?.rawValue) return found.rawValue;
        continue;
      }
      const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await decodeImage(ctx.getImageData(0, 0, canvas.width, canvas.height));
      if (text) return text;
    }
  } finally {
    if (!given) for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
