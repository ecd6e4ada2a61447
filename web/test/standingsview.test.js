// career/standingsview.js: which rows of the daily standings are listed: the top 20, and the
// rows either side of the player's when it is below them, none listed twice.
import assert from "node:assert/strict";
import { test } from "node:test";
import { NEAR, shownRows, TOP } from "../js/career/standingsview.js";

const rows = Array.from({ length: 50 }, (_, i) => ({ rank: i + 1 }));

test("the top rows, and the player's neighbours only when it is below them", () => {
  assert.deepEqual(shownRows(rows, null), { top: rows.slice(0, TOP), near: [] });
  assert.deepEqual(shownRows(rows, rows[3]).near, []);
  assert.deepEqual(shownRows(rows, rows[TOP - 1]).near, []);
  const at = 30;
  assert.deepEqual(shownRows(rows, rows[at]).near, rows.slice(at - NEAR, at + NEAR + 1));
  // just below the top: nothing of the top again
  assert.deepEqual(shownRows(rows, rows[TOP]).near, rows.slice(TOP, TOP + NEAR + 1));
  // the last: nothing past the end
  assert.deepEqual(shownRows(rows, rows[49]).near, rows.slice(49 - NEAR));
  assert.deepEqual(shownRows(rows.slice(0, 5), null).top.length, 5);
});
