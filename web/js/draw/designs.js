// @ts-check
// The looks a player earns by play and chooses: the tile designs (face, pips, spinner pin, back)
// and the table felts (the cloth or wood under the line of play, the rack, the page behind the
// canvas). Never bought: each look but the two defaults is unlocked by a trophy, whose id Python
// computes (the trophies are not decided here; this module only names them). Every colour the
// table's tiles and felt are painted with lives in these two lists; tiles.js and render.js read
// the current choice through tileStyle() and feltStyle(), and draw.js keys its cached background
// on it.
//
// The choice is set with setDesign({tiles, felt}, earnedIds). An unknown id always falls back to
// the default. Given the player's trophies, setDesign checks the unlocks itself and a locked id
// falls back too; without them, the caller has checked (its choices come from available(), as the
// career screen's do) and the ids are taken as they are.

/**
 * A material's marks on a face.
 * @typedef {{kind: "grain"|"flecks"|"veins", color: string, deep: string}} Texture
 */
/**
 * A tile design (see TILE_DESIGNS for each colour's part).
 * @typedef {{id: string, unlock: string|null, face: string[], edge: string, bevel: string, divider: string,
 *   pip: string, pipGlint: string, pin: string[], back: string[], backEdge: string, inlay: string,
 *   diamond: string, shadowFace: string, shadowBack: string, dim: string, dimAlpha: number,
 *   texture: Texture|null}} TileDesign
 */
/**
 * A table felt (see FELTS for each colour's part).
 * @typedef {{id: string, unlock: string|null, light: string[], grain: "felt"|"wood"|"stone",
 *   tint: {light: string, dark: string}|null, rack: string[], rackLip: string,
 *   page: {felt: string, light: string, dark: string, theme: string}|null}} Felt
 */
/** The looks in use, by id. @typedef {{tiles: string, felt: string}} Design */

/**
 * Tile designs. face: the body's gradient from the top-left corner (0, 0.55, 1); edge, bevel: its
 * outline and the light inner rim; divider: the bar between the halves; pip, pipGlint: a pip and
 * the light its lower edge catches; pin: the spinner pin's radial gradient (centre, 0.6, rim);
 * back, backEdge, inlay, diamond: the face-down side (gradient, outline, the inset line and the
 * middle diamond); shadowFace, shadowBack: the fill under the drop shadow; dim, dimAlpha: the veil
 * over a tile that cannot be played ("r, g, b" and its opacity); texture: the material's marks on
 * a face, null or {kind: "grain" | "flecks" | "veins", color, deep}.
 * @type {TileDesign[]}
 */
export const TILE_DESIGNS = [
  {
    id: "ivory",
    unlock: null,
    face: ["#fffdf5", "#f6f0de", "#e6dcc0"],
    edge: "rgba(110, 90, 55, 0.55)",
    bevel: "rgba(255, 255, 255, 0.75)",
    divider: "rgba(70, 58, 38, 0.6)",
    pip: "#1c1a17",
    pipGlint: "rgba(255, 255, 255, 0.12)",
    pin: ["#fff3c4", "#c99a3a", "#7b5a1c"],
    back: ["#8a2a3a", "#4e1320"],
    backEdge: "rgba(20, 0, 5, 0.6)",
    inlay: "rgba(242, 193, 78, 0.55)",
    diamond: "rgba(242, 193, 78, 0.7)",
    shadowFace: "#e8dfc3",
    shadowBack: "#3d1119",
    dim: "20, 30, 25",
    dimAlpha: 0.3,
    texture: null,
  },
  {
    id: "ebony",
    unlock: "first_win",
    face: ["#4a4440", "#2b2724", "#171412"],
    edge: "rgba(0, 0, 0, 0.8)",
    bevel: "rgba(255, 255, 255, 0.16)",
    divider: "rgba(235, 222, 190, 0.5)",
    pip: "#f3ead3",
    pipGlint: "rgba(0, 0, 0, 0.18)",
    pin: ["#fff3c4", "#d4a53f", "#7b5a1c"],
    back: ["#c9a45a", "#7d5a22"],
    backEdge: "rgba(30, 18, 0, 0.7)",
    inlay: "rgba(40, 25, 5, 0.55)",
    diamond: "rgba(40, 25, 5, 0.6)",
    shadowFace: "#2b2724",
    shadowBack: "#6e5020",
    dim: "0, 0, 0",
    dimAlpha: 0.45,
    texture: { kind: "grain", color: "rgba(255, 240, 220, 0.05)", deep: "rgba(0, 0, 0, 0.35)" },
  },
  {
    id: "jade",
    unlock: "beat_expert",
    face: ["#c2ebcf", "#7fc79a", "#53a276"],
    edge: "rgba(20, 60, 40, 0.6)",
    bevel: "rgba(235, 255, 240, 0.6)",
    divider: "rgba(10, 45, 28, 0.55)",
    pip: "#0b2618",
    pipGlint: "rgba(255, 255, 255, 0.12)",
    pin: ["#fff3c4", "#c99a3a", "#7b5a1c"],
    back: ["#b8432f", "#6b1d12"],
    backEdge: "rgba(30, 5, 0, 0.6)",
    inlay: "rgba(242, 193, 78, 0.55)",
    diamond: "rgba(242, 193, 78, 0.7)",
    shadowFace: "#8cc6a2",
    shadowBack: "#5a180f",
    dim: "20, 30, 25",
    dimAlpha: 0.3,
    texture: { kind: "veins", color: "rgba(240, 255, 245, 0.12)", deep: "rgba(20, 90, 55, 0.16)" },
  },
  {
    id: "bone",
    unlock: "ten_matches",
    face: ["#f5e9cc", "#e7d5ab", "#cfb683"],
    edge: "rgba(100, 70, 35, 0.6)",
    bevel: "rgba(255, 250, 235, 0.6)",
    divider: "rgba(85, 55, 30, 0.6)",
    pip: "#3a2414",
    pipGlint: "rgba(255, 255, 255, 0.12)",
    pin: ["#ffe2c4", "#b87a4b", "#6b3f1f"],
    back: ["#6b4427", "#3a2312"],
    backEdge: "rgba(20, 8, 0, 0.6)",
    inlay: "rgba(240, 224, 190, 0.55)",
    diamond: "rgba(240, 224, 190, 0.7)",
    shadowFace: "#e2d3ae",
    shadowBack: "#2e1b0e",
    dim: "20, 30, 25",
    dimAlpha: 0.3,
    texture: { kind: "flecks", color: "rgba(120, 80, 35, 0.24)", deep: "rgba(70, 40, 15, 0.32)" },
  },
];

/**
 * Table felts. light: the radial gradient from the light over the table (0, 0.45, 1); grain: the
 * texture over it ("felt": short fibres, "wood": planks and grain, "stone": clouds and fibres);
 * tint: the light and dark of wood's grain or stone's clouds ("r, g, b" each, null for a felt);
 * rack: the rack's wood from its lip down (0, 0.08, 1), rackLip: the light along its lip; page:
 * the page behind the canvas (css/boot/page.css's --felt, --felt-light, --felt-dark and the browser's theme
 * colour), null for the style sheet's own.
 * @type {Felt[]}
 */
export const FELTS = [
  {
    id: "green",
    unlock: null,
    light: ["#1c8a50", "#136d3e", "#07361f"],
    grain: "felt",
    tint: null,
    rack: ["#7a4a27", "#5d361b", "#3a2010"],
    rackLip: "rgba(255, 220, 170, 0.35)",
    page: null,
  },
  {
    id: "blue",
    unlock: "daily_first",
    light: ["#2a7cb8", "#1a5f94", "#0a2d4d"],
    grain: "felt",
    tint: null,
    rack: ["#7a4a27", "#5d361b", "#3a2010"],
    rackLip: "rgba(255, 220, 170, 0.35)",
    page: { felt: "#155a8c", light: "#2173ad", dark: "#0a2f4f", theme: "#174f7a" },
  },
  {
    id: "mahogany",
    unlock: "big_play",
    light: ["#8a3f26", "#6a2c19", "#2c0f07"],
    grain: "wood",
    tint: { light: "255, 200, 160", dark: "20, 5, 0" },
    rack: ["#4a3a30", "#2f241d", "#17110d"],
    rackLip: "rgba(255, 225, 190, 0.3)",
    page: { felt: "#5e2616", light: "#7d3620", dark: "#2e1009", theme: "#5a2416" },
  },
  {
    id: "slate",
    unlock: "grand_master",
    light: ["#56636e", "#3d4852", "#161c22"],
    grain: "stone",
    tint: { light: "200, 215, 230", dark: "5, 10, 15" },
    rack: ["#7a4a27", "#5d361b", "#3a2010"],
    rackLip: "rgba(255, 220, 170, 0.35)",
    page: { felt: "#36414b", light: "#4a5763", dark: "#1a2128", theme: "#2e3841" },
  },
];

// each list's default: the one no trophy unlocks (there is one: web/test/designs.test.js)
const DEFAULT_TILES = /** @type {TileDesign} */ (TILE_DESIGNS.find((d) => d.unlock === null));
const DEFAULT_FELT = /** @type {Felt} */ (FELTS.find((d) => d.unlock === null));

let tiles = DEFAULT_TILES;
let felt = DEFAULT_FELT;

/** @param {{unlock: string|null}} design @param {Set<string>} earned */
const open = (design, earned) => design.unlock === null || earned.has(design.unlock);

/**
 * The ids a player with these trophies may choose: {tiles: [ids], felts: [ids]}, in list order.
 * @param {Iterable<string>} [earnedIds]
 */
export function available(earnedIds = []) {
  const earned = new Set(earnedIds);
  return {
    tiles: TILE_DESIGNS.filter((d) => open(d, earned)).map((d) => d.id),
    felts: FELTS.filter((d) => open(d, earned)).map((d) => d.id),
  };
}

/**
 * Paint with these tiles and this felt from now on. An unknown id (or none) falls back to the
 * default; so does a locked one when `earnedIds`, the player's trophies, are given (an empty list
 * leaves only the defaults); without them the unlocks are the caller's to have checked (available).
 * Returns what is now in use, {tiles, felt}. The caller redraws: the table (draw.js's background
 * follows by itself) and any mini hand it has painted.
 * @param {{tiles?: string, felt?: string}} [choice] @param {Iterable<string>} [earnedIds]
 * @returns {Design}
 */
export function setDesign({ tiles: tileId, felt: feltId } = {}, earnedIds) {
  const earned = earnedIds === undefined ? null : new Set(earnedIds);
  /**
   * @template {TileDesign|Felt} D
   * @param {D[]} list @param {string|undefined} id @param {D} fallback
   */
  const pick = (list, id, fallback) => {
    const design = list.find((d) => d.id === id);
    return design && (earned === null || open(design, earned)) ? design : fallback;
  };
  tiles = pick(TILE_DESIGNS, tileId, DEFAULT_TILES);
  felt = pick(FELTS, feltId, DEFAULT_FELT);
  if (typeof document !== "undefined") paintPage(document);
  return currentDesign();
}

/**
 * The ids in use: {tiles, felt}.
 * @returns {Design}
 */
export function currentDesign() {
  return { tiles: tiles.id, felt: felt.id };
}

/** The colours of the tile design in use (for draw/tiles.js). */
export function tileStyle() {
  return tiles;
}

/** The colours of the felt in use (for draw/tiles.js). */
export function feltStyle() {
  return felt;
}

/** @type {string|null} index.html's theme colour, put back with the default felt */
let sheetTheme = null;
const PAGE_VARS = /** @type {const} */ ({ felt: "--felt", light: "--felt-light", dark: "--felt-dark" });

/**
 * The page behind the canvas (the loading screen's and the body's felt, the browser's bar).
 * @param {Document} doc
 */
function paintPage(doc) {
  const root = doc.documentElement?.style;
  const meta = doc.querySelector?.('meta[name="theme-color"]');
  if (meta && sheetTheme === null) sheetTheme = meta.getAttribute("content");
  const page = felt.page;
  if (root) {
    for (const key of /** @type {(keyof typeof PAGE_VARS)[]} */ (Object.keys(PAGE_VARS))) {
      const name = PAGE_VARS[key];
      if (page) root.setProperty(name, page[key]);
      else root.removeProperty(name);
    }
  }
  if (meta && sheetTheme !== null) meta.setAttribute("content", page ? page.theme : sheetTheme);
}
