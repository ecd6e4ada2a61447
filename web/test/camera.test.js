// camera.js: the zoom that fits, the quarter turn on a tall screen, table units to pixels.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  armLabel,
  cameraTarget,
  easeCamera,
  fitZoom,
  MIN_ZOOM,
  orient,
  QUARTER,
  toScreen,
} from "../js/board/camera.js";

const WIDE = { x: 0, y: 100, width: 800, height: 400 };
const TALL = { x: 0, y: 100, width: 340, height: 500 };
const LINE = [-7, -1, 7, 1]; // a long W-E line of play

test("the zoom fits the bounds with a margin and never passes kMax", () => {
  const k = fitZoom(LINE, WIDE, false, 1000);
  assert.equal(k, Math.min(800 / 14.5, 400 / 2.5));
  assert.equal(fitZoom([-1, -1, 1, 1], WIDE, false, 40), 40);
  assert.equal(fitZoom([-500, -1, 500, 1], WIDE, false, 40), MIN_ZOOM, "a very long line keeps a minimum size");
});

test("a fresh deal on a tall area is shown turned; on a wide one straight", () => {
  assert.equal(orient({ bounds: [-3, -2, 3, 2], free: TALL, kMax: 40, turned: null, fresh: true }), true);
  assert.equal(orient({ bounds: [-3, -2, 3, 2], free: WIDE, kMax: 40, turned: null, fresh: true }), false);
});

test("the table turns later only when the other way is clearly bigger", () => {
  // a long W-E line on a wide area stays straight; turned it would be tiny, so it turns back
  assert.equal(orient({ bounds: LINE, free: WIDE, kMax: 1000, turned: true, fresh: false }), false);
  // a square layout never flips back and forth
  const square = [-2, -2, 2, 2];
  assert.equal(orient({ bounds: square, free: WIDE, kMax: 1000, turned: false, fresh: false }), false);
  assert.equal(orient({ bounds: square, free: WIDE, kMax: 1000, turned: true, fresh: false }), true);
});

test("the camera's centre maps to the free area's centre, turned a quarter clockwise", () => {
  const cam = cameraTarget(LINE, WIDE, false, 30);
  const c = toScreen(cam, WIDE, 0, 0);
  assert.deepEqual(c, { x: 400, y: 300 });
  const east = toScreen(cam, WIDE, 1, 0);
  assert.equal(east.x - c.x, cam.k);
  const turned = { ...cam, a: Math.PI / 2 };
  const down = toScreen(turned, WIDE, 1, 0); // east is shown pointing down
  assert.ok(Math.abs(down.x - 400) < 1e-9 && Math.abs(down.y - (300 + cam.k)) < 1e-9);
});

test("arms are named by where they point on the screen", () => {
  assert.equal(armLabel("E", false), "E");
  assert.equal(armLabel("E", true), "S");
  assert.deepEqual(
    ["W", "E", "N", "S"].map((a) => armLabel(a, true)),
    ["N", "S", "E", "W"],
  );
  assert.equal(new Set(Object.values(QUARTER)).size, 4);
});

test("easing reaches the goal and then reports no movement", () => {
  let cam = { x: 0, y: 0, k: 10, a: 0 };
  const goal = { x: 5, y: -3, k: 30, a: Math.PI / 2 };
  let moving = true;
  let frames = 0;
  while (moving && frames < 500) {
    ({ cam, moving } = easeCamera(cam, goal, 16));
    frames++;
  }
  assert.ok(frames < 200, `settled in ${frames} frames`);
  assert.deepEqual(cam, goal);
  assert.deepEqual(easeCamera({ x: 0, y: 0, k: 10, a: 0 }, goal, 16, true), { cam: goal, moving: false });
});
