// @ts-check
// The top bar's tools: a button for each thing a player may open or switch (sound, the end sum,
// the fair deal, the language, Play online, the career, How to play, the keys, the rules, New
// game; at a table across devices, invite, react, leave and give a seat), in the bar on a wide
// screen and folded into a menu on a phone. Each button forwards its click and closes the menu;
// the HUD (hud.js) fills in what changes (the sound's icon, the fingerprint, which are shown).

import { h, ICONS, icon } from "../dom/dom.js";
import { LANG, LANGUAGES } from "../i18n/lang.js";
import { T } from "../i18n/strings.js";

/**
 * The HUD's handlers (hud.js), one a tool.
 * @typedef {{invite: () => void, react: () => void, leave: () => void, give: () => void,
 *   toggleSum: () => void, toggleSound: () => void, levels: () => void, fair: () => void,
 *   language: () => void, online: () => void, career: () => void, howTo: () => void,
 *   keys: () => void, rules: () => void, newGame: () => void}} ToolHandlers
 */

/**
 * The tools and the menu button.
 * @param {ToolHandlers} on the HUD's handlers (hud.js)
 * @returns {{tools: HTMLElement, menuBtn: HTMLElement, menu: (open: boolean) => void,
 *   buttons: Record<string, HTMLElement>, parts: Record<string, HTMLElement>}}
 *   buttons: each tool by the HUD's name for it; parts: the spans the HUD rewrites
 */
export function buildToolbar(on) {
  // both made below, before any click can open the menu
  /** @type {HTMLElement} */
  let tools;
  /** @type {HTMLElement} */
  let menuBtn;
  const menu = (/** @type {boolean} */ open) => {
    tools.classList.toggle("open", open);
    menuBtn.setAttribute("aria-expanded", String(open));
    if (open) /** @type {HTMLElement|null} */ (tools.querySelector("button:not([hidden])"))?.focus(); // the first one shown
  };
  /** @param {string} id @param {() => void} onclick @param {...(Node|string)} children */
  const tool = (id, onclick, ...children) =>
    h(
      "button",
      {
        type: "button",
        id,
        class: "tool",
        onclick: () => {
          menu(false);
          onclick();
        },
      },
      ...children,
    );
  /** A tool whose words show only in the menu: its name says them (and its title, unless `title`).
   * @param {string} id @param {() => void} onclick @param {Node} glyph @param {string} words
   * @param {{title?: string, hidden?: boolean}} [o] */
  const named = (id, onclick, glyph, words, { title = words, hidden = false } = {}) => {
    const button = tool(id, onclick, glyph, h("span", { class: "tool-label menu-only", text: words }));
    button.setAttribute("aria-label", words);
    button.title = title;
    button.hidden = hidden;
    return button;
  };
  /** A wide tool, its words always shown.
   * @param {string} id @param {() => void} onclick @param {Node} glyph @param {string} words */
  const wide = (id, onclick, glyph, words) => {
    const button = tool(id, onclick, glyph, h("span", { class: "tool-label", text: words }));
    button.classList.add("tool-wide");
    return button;
  };

  const parts = {
    soundIcon: h("span", { class: "tool-icon" }),
    soundLabel: h("span", { class: "tool-label menu-only" }),
    sumLabel: h("span", { class: "tool-label menu-only" }),
    // the fingerprint is in the button's name (hud.js), so the shown copy is not read twice
    fairPrint: h("span", { class: "tool-sub", id: "fair-print", "aria-hidden": "true" }),
  };
  const language = `${T.languageLabel}: ${LANGUAGES[LANG]}`;
  const buttons = {
    // a table across devices: invite a friend (again), a quick reaction, leave, give a seat;
    // hidden otherwise
    inviteBtn: named("btn-invite", () => on.invite(), icon(ICONS.invite), T.netTable.inviteButton, { hidden: true }),
    reactBtn: named("btn-react", () => on.react(), icon(ICONS.react), T.netTable.reactButton, { hidden: true }),
    leaveBtn: named("btn-leave", () => on.leave(), icon(ICONS.exit), T.netTable.leaveButton, { hidden: true }),
    giveBtn: named("btn-give", () => on.give(), icon(ICONS.exit), T.netTable.giveButton, { hidden: true }),
    sumBtn: tool(
      "btn-sum",
      () => on.toggleSum(),
      h("span", { class: "tool-glyph sigma", "aria-hidden": "true" }), // the Σ is drawn by CSS
      parts.sumLabel,
    ),
    soundBtn: tool("btn-sound", () => on.toggleSound(), parts.soundIcon, parts.soundLabel),
    levelsBtn: named("btn-levels", () => on.levels(), icon(ICONS.levels), T.sound.title),
    fairBtn: tool(
      "btn-fair",
      () => on.fair(),
      icon(ICONS.seal),
      h("span", { class: "tool-label menu-only", text: T.fairButton }),
      " ", // the label and the fingerprint read as two words
      parts.fairPrint,
    ),
    // the language: the button shows the one in use and switches to the next (lang.js)
    langBtn: named(
      "btn-lang",
      () => on.language(),
      h("span", { class: "tool-glyph lang-code", "data-code": LANG.toUpperCase(), "aria-hidden": "true" }),
      language,
    ),
    onlineBtn: named("btn-online", () => on.online(), icon(ICONS.globe), T.lobby.button),
    careerBtn: named("btn-career", () => on.career(), icon(ICONS.trophy), T.career.button),
    howToBtn: named("btn-howto", () => on.howTo(), icon(ICONS.help), T.howToButton),
    keysBtn: named("btn-keys", () => on.keys(), icon(ICONS.keys), T.keysButton, { title: T.keysTitle }),
    rulesBtn: wide("btn-rules", () => on.rules(), icon(ICONS.book), T.rulesButton),
    newBtn: wide("btn-new", () => on.newGame(), icon(ICONS.plus), T.newGame),
  };
  buttons.sumBtn.setAttribute("aria-pressed", "true");
  buttons.fairBtn.setAttribute("aria-label", T.fairButton); // and its fingerprint, once shown
  tools = h("div", { class: "tools", id: "tools" }, ...Object.values(buttons));
  // On a phone the tools fold into a menu, so the score chips keep the bar's width.
  menuBtn = h(
    "button",
    {
      type: "button",
      id: "btn-menu",
      class: "tool menu-button",
      "aria-label": T.menu,
      title: T.menu,
      "aria-expanded": "false",
      "aria-controls": "tools",
      onclick: () => menu(!tools.classList.contains("open")),
    },
    icon(ICONS.menu),
  );
  tools.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && tools.classList.contains("open")) {
      menu(false);
      menuBtn.focus();
    }
  });
  return { tools, menuBtn, menu, buttons, parts };
}
