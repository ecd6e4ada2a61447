// @ts-check
// The daily deal's standings on the Daily deal tab (view.js puts this section there): the
// setting to publish one's own result, a button that fetches and checks the entries only when
// the player asks (career/standings.js), then where the player stands: the rank among how many,
// the best score, the top TOP rows and the NEAR rows either side of the player's, with what
// was left out said (refused, not checked yet, relays that did not answer). Shows and forwards:
// every row is Python's.

import { h } from "../dom/dom.js";
import { T } from "../i18n/strings.js";

/** The rows listed from the top. */
export const TOP = 20;
/** The rows listed either side of the player's, when it is below the top. */
export const NEAR = 2;

/**
 * @typedef {import("./standings.js").Look} Look
 * @typedef {import("../shapes/career.js").StandingsRow} StandingsRow
 * @typedef {Object} StandingsActions
 * @property {(onstep: (look: Look) => void, wanted: () => boolean) => Promise<Look|null>} look
 *   fetch, check and rank today's entries, each step shown as it comes, while `wanted`
 * @property {boolean} publish whether the day's result goes out
 * @property {(on: boolean) => void} setPublish
 * @property {boolean} played the day's scored attempt was started
 */

/**
 * The standings' section.
 * @param {StandingsActions} on
 */
export function standingsSection(on) {
  const S = T.standings;
  const status = h("p", { id: "standings-status", class: "panel-sub", role: "status", "aria-live": "polite" });
  const body = h("div", { id: "standings-body" });
  const button = h("button", { type: "button", id: "standings-show", class: "big-button", text: S.show });
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = S.looking;
    body.replaceChildren();
    try {
      const show = (/** @type {Look} */ look) => body.replaceChildren(...shown(look, on.played));
      const look = await on.look(show, () => button.isConnected);
      status.textContent = look ? "" : S.failed;
    } catch {
      status.textContent = S.failed;
    } finally {
      button.disabled = false;
      button.textContent = S.again;
    }
  });
  const box = h("input", { type: "checkbox", id: "standings-publish" });
  box.checked = on.publish;
  box.addEventListener("change", () => on.setPublish(box.checked));
  return h(
    "section",
    { class: "standings", "aria-labelledby": "standings-title" },
    h("h3", { id: "standings-title", text: S.title }),
    h("p", { class: "panel-sub", text: S.about }),
    h("label", { class: "standings-publish" }, box, ` ${S.publish}`),
    button,
    status,
    body,
  );
}

/**
 * What a look shows.
 * @param {Look} look @param {boolean} played
 */
function shown(look, played) {
  const S = T.standings;
  const { standings, me, mine, fetched } = look;
  /** @type {HTMLElement[]} */
  const out = [];
  const line = (/** @type {string} */ id, /** @type {string} */ text) => out.push(h("p", { id, text }));
  if (me) line("standings-rank", S.rank(me.rank, standings.count));
  else if (!played) line("standings-rank", S.notPlayed);
  else if (!look.publish && !mine) line("standings-rank", S.notPublished);
  else if (mine?.tooLong) line("standings-rank", S.tooLong);
  else if (mine && !mine.sent) line("standings-rank", S.notSent);
  else line("standings-rank", S.notFound);
  if (standings.count) {
    line("standings-count", S.played(standings.count));
    line("standings-best", S.best(standings.best ?? 0));
  } else line("standings-count", S.none);
  const { top, near } = shownRows(standings.rows, me);
  out.push(list("standings-list", S.title, top, me));
  if (near.length) out.push(h("h4", { text: S.near }), list("standings-near", S.near, near, me));
  const notes = [];
  if (standings.refused) notes.push(S.refused(standings.refused));
  if (standings.unchecked + fetched.over) notes.push(S.unchecked(standings.unchecked + fetched.over));
  if (fetched.answered < fetched.relays) notes.push(S.relays(fetched.answered, fetched.relays));
  for (const note of notes) out.push(h("p", { class: "panel-sub standings-note", text: note }));
  return out;
}

/**
 * The rows listed: the top TOP, and when the player's row is below them, NEAR rows either side of
 * it (none of the top again).
 * @template T
 * @param {T[]} rows ranked @param {T|null} me the player's row, if among them
 * @returns {{top: T[], near: T[]}}
 */
export function shownRows(rows, me) {
  const at = me === null ? -1 : rows.indexOf(me);
  const near = at >= TOP ? rows.slice(Math.max(TOP, at - NEAR), at + NEAR + 1) : [];
  return { top: rows.slice(0, TOP), near };
}

/**
 * @param {string} id @param {string} name the list's accessible name
 * @param {StandingsRow[]} rows @param {StandingsRow|null} me
 */
function list(id, name, rows, me) {
  const S = T.standings;
  return h(
    "ol",
    { id, class: "standings-list", "aria-label": name },
    ...rows.map((r) =>
      h("li", {
        class: r === me ? "standings-row standings-me" : "standings-row",
        "aria-current": r === me ? "true" : null,
        "data-key": r.key,
        text: `${S.row(r.rank, r.name, r.score, r.won)}${r === me ? ` ${S.you}` : ""}`,
      }),
    ),
  );
}
