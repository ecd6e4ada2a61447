// boot.js's loading bar: it moves through the whole load, never backwards, with no jump between
// stages and no long stall while Python starts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR_SHARE, barValue, EXPECTED_MS, TICK_MS } from "../js/boot/boot.js";

const total = 4_000_000;

test("downloads fill the first share by bytes", () => {
  assert.equal(barValue({ stage: "download", loaded: 0, total }), 0);
  assert.equal(barValue({ stage: "download", loaded: total / 2, total }), BAR_SHARE.download / 2);
  assert.equal(barValue({ stage: "download", loaded: total, total }), BAR_SHARE.download);
});

test("starting Python and installing the game keep moving by time, with no jump between stages", () => {
  const at = (stage, ms) => barValue({ stage, loaded: total, total }, ms);
  assert.equal(at("start", 0), barValue({ stage: "download", loaded: total, total }));
  let last = 0;
  for (let ms = 0; ms <= 20_000; ms += 250) {
    const v = at("start", ms);
    assert.ok(v > last || ms === 0, `still moving at ${ms} ms`);
    last = v;
  }
  assert.ok(at("start", EXPECTED_MS.start) > BAR_SHARE.download + 0.8 * BAR_SHARE.start);
  assert.ok(at("start", 60_000) <= at("install", 0) + 1e-9, "install starts where start tends to");
  assert.ok(at("install", EXPECTED_MS.install) > 0.98 - 0.2 * BAR_SHARE.install);
  assert.ok(at("install", 60_000) <= 1);
});

test("each step while Python starts or the game installs moves the bar by a pixel at least", () => {
  // a step every TICK_MS (the browser test, tests/web/test_boot.py, checks the page takes them);
  // over the time the stage takes on a desktop each one shows on a bar 400 px wide
  const pixel = 1 / 400;
  for (const stage of ["start", "install"]) {
    const at = (ms) => barValue({ stage, loaded: total, total }, ms);
    for (let ms = TICK_MS; ms <= EXPECTED_MS[stage]; ms += TICK_MS) {
      assert.ok(at(ms) - at(ms - TICK_MS) >= pixel, `${stage}: the step at ${ms} ms shows`);
    }
  }
});
