// Playing the game in Firefox as a person does (puppeteer-core's page, tests/engines/firefoxkit.mjs):
// waiting for the table, the storage set before the page loads, the person's seat played by mouse
// at the test hook's rects, and what goes wrong in the page, watched. For tests/engines/firefox.mjs
// and tests/engines/firefox_friend.mjs (a friend's page at a table played online).
//
//   const problems = watch(page, [origin, ...]);   // console errors, exceptions, foreign requests
//   await beforeThePage(page, siteURL, {key: value});
//   await page.goto(url); let st = await ready(page);
//   st = await new Pointer(page).playRound(st);

import assert from "node:assert/strict";

export const BOOT_MS = 240_000; // generous: the whole boot on a loaded machine
export const WAIT_MS = 120_000; // an idle() or a service worker's install

/** What goes wrong in the page from now on (a list that grows): console errors, uncaught
 * exceptions, and requests to any origin but `origins` (data: and blob: are the page's own). */
export function watch(page, origins) {
  const problems = [];
  const ours = (url) => origins.some((o) => url === o || url.startsWith(`${o}/`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught exception: ${e.message ?? e}`));
  page.on("request", (r) => {
    const url = r.url();
    if (!ours(url) && !url.startsWith("data:") && !url.startsWith("blob:")) {
      problems.push(`request to another origin: ${url}`);
    }
  });
  return problems;
}

export async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === "true", {
    timeout: BOOT_MS,
    polling: 250,
  });
  return idle(page);
}

export function idle(page) {
  return page.evaluate(() => window.allthreesTest.idle().then(() => window.allthreesTest.state()));
}

/** Put `items` in the site's localStorage before the page ever loads (from build.json, a document
 * of the same origin). */
export async function beforeThePage(page, siteURL, items) {
  await page.goto(`${siteURL}build.json`);
  await page.evaluate((entries) => {
    for (const [k, v] of entries) localStorage.setItem(k, v);
  }, Object.entries(items));
}

export const center = (r) => [r.x + r.width / 2, r.y + r.height / 2];

/** Plays the person's seat by mouse at the hook's rects (tests/web/tablekit.py's Player): the first
 * playable tile at its first lit end, tap-tap and drag in turn, else draw, else pass. */
export class Pointer {
  constructor(page) {
    this.page = page;
    this.done = { "tap-tap": 0, drag: 0, draw: 0, pass: 0 };
  }

  async tap(rect) {
    const [x, y] = center(rect);
    await this.page.mouse.click(x, y);
  }

  async drag(start, end) {
    const [x0, y0] = center(start);
    const [x1, y1] = center(end);
    const mouse = this.page.mouse;
    await mouse.move(x0, y0);
    await mouse.down();
    await mouse.move(x0 + 4, y0 - 12, { steps: 3 }); // past the drag threshold
    await mouse.move(x1, y1, { steps: 12 });
    await mouse.up();
  }

  async turn(st) {
    const tile = st.hand.find((t) => t.playable);
    if (tile) {
      const target = st.targets[tile.tile][0];
      const held = (s) => !s.claim && s.hand.some((t) => t.tile === tile.tile);
      let after = st;
      // a guest's move waits for the host's table, and on a loaded machine a tap may come before
      // the page takes input: look again until the move is taken in, and play it again if the
      // page never took it (counts, not time bounds)
      for (let tries = 0; tries < 3 && held(after); tries++) {
        if (this.done["tap-tap"] <= this.done.drag) {
          await this.tap(tile.rect);
          await this.tap(target.rect);
          this.done["tap-tap"]++;
        } else {
          await this.drag(tile.rect, target.rect);
          this.done.drag++;
        }
        after = await idle(this.page);
        for (let n = 0; n < 100 && held(after); n++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          after = await idle(this.page);
        }
      }
      if (after.claim) {
        await this.tap(after.claim.controls.find((c) => c.label === "none").rect); // muggins: none
        after = await idle(this.page);
      }
      assert.ok(!after.hand.some((t) => t.tile === tile.tile), `${tile.tile} was played`);
      return after;
    }
    const button = st.buttons.draw ?? st.buttons.pass;
    assert.ok(button, `no play, no draw and no Pass button: ${JSON.stringify(st)}`);
    await this.tap(button);
    this.done[st.buttons.draw ? "draw" : "pass"]++;
    return idle(this.page);
  }

  async playRound(st, maxActions = 160) {
    for (let n = 0; n < maxActions; n++) {
      if (st.round_over) return st;
      assert.ok(st.turn === st.human && !st.cover, JSON.stringify(st));
      st = await this.turn(st);
    }
    throw new Error(`the round did not end within ${maxActions} actions`);
  }
}
