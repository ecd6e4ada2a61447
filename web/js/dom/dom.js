// @ts-check
// The plain DOM helpers every layer above may use (boot/, net/, ui/, career/): elements built
// from plain values (text is always set as text, never as markup), icons, an element's rect,
// and a text offered as a file. No widget here: a modal question is ui/modal.js's.

/**
 * An element's attributes: `class`, `text` (its text), `on<event>` (a listener), any other
 * attribute (true: present and empty; false, null or undefined: absent).
 * @typedef {Object<string, string|number|boolean|null|undefined|EventListener>} Attrs
 */

/**
 * h("div", {class: "x", id: "y", onclick: fn}, child, "text") -> the element
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Node|string|null|undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (typeof value === "function") {
      if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    } else if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child == null) continue;
    el.append(child);
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An inline SVG icon from path data (decorative: hidden from screen readers).
 * @param {readonly string[]} paths
 */
export function icon(paths) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon");
  for (const d of paths) {
    const p = document.createElementNS(SVG_NS, "path");
    p.setAttribute("d", d);
    svg.append(p);
  }
  return svg;
}

export const ICONS = {
  invite: [
    "M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1",
    "M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1",
  ],
  react: ["M12 3a9 9 0 1 0 0.01 0z", "M8.5 14.5a4.5 4.5 0 0 0 7 0", "M9 9.5v0.1M15 9.5v0.1"],
  help: ["M12 3a9 9 0 1 0 0.01 0z", "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-0.6 0.3-1 0.8-1 1.5V14", "M12 17.2v0.1"],
  keys: ["M3 7h18v10H3z", "M6 10h1M9 10h1M12 10h1M15 10h1M18 10h0.5", "M7 14h10"],
  sound: ["M4 9h4l5-4v14l-5-4H4z", "M16 8.5a5 5 0 0 1 0 7", "M18.5 6a8.5 8.5 0 0 1 0 12"],
  muted: ["M4 9h4l5-4v14l-5-4H4z", "M16.5 9.5l5 5", "M21.5 9.5l-5 5"],
  levels: ["M6 4v16", "M12 4v16", "M18 4v16", "M4 15h4", "M10 8h4", "M16 13h4"], // three sliders
  plus: ["M12 5v14", "M5 12h14"],
  exit: ["M10 4H5v16h5", "M14 8l4 4-4 4", "M18 12H9"],
  globe: [
    "M12 3a9 9 0 1 0 0.01 0z",
    "M3 12h18",
    "M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9",
    "M12 3c-2.5 2.5-3.5 5.5-3.5 9s1 6.5 3.5 9",
  ],
  trophy: ["M7 4h10v5a5 5 0 0 1-10 0z", "M7 6H4a3 3 0 0 0 3 4", "M17 6h3a3 3 0 0 1-3 4", "M12 14v3", "M8 20h8l-1-3H9z"],
  menu: ["M4 7h16", "M4 12h16", "M4 17h16"],
  seal: ["M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z", "M9 12l2 2 4-4"],
  book: ["M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z", "M4 19V5", "M8 7h7", "M8 11h7"],
  hint: ["M9 18h6", "M10 21h4", "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z"],
};

/**
 * A rect in CSS pixels.
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 */

/**
 * The rect of a visible element in client CSS pixels, or null.
 * @param {HTMLElement|null|undefined} el
 * @returns {Rect|null}
 */
export function rectOf(el) {
  if (!el || el.hidden || !el.isConnected) return null;
  for (let node = /** @type {HTMLElement|null} */ (el); node; node = node.parentElement) if (node.hidden) return null;
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

const REVOKE_AFTER_MS = 10_000; // the browser has started saving the file by then

/**
 * Offer a text as a file to keep (a save kept aside, a match's record, an export).
 * @param {string} name @param {string} text @param {string} [type] its media type
 */
export function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
