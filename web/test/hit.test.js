// hit.js: targets on the screen from Python's placements, taps and drags finding them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cameraTarget } from "../js/board/camera.js";
import { halves, hitRack, hitTarget, inside, screenTargets } from "../js/board/hit.js";
import { MIN_TARGET_PX } from "../js/board/regions.js";

const FREE = { x: 0, y: 0, width: 600, height: 400 };
const tile = (name, targets) => ({ tile: name, playable: targets.length > 0, targets });

test("a target lies where Python placed the tile, with a tap area of at least 44 px", () => {
  const cam = cameraTarget([-3, -2, 3, 2], FREE, false, 10); // small tiles: 10 px per unit
  const [t] = screenTargets(tile("6-3", [{ arm: "E", x: 2, y: 0, dir: "E", a: 6, b: 3 }]), cam, FREE);
  assert.equal(t.arm, "E");
  assert.deepEqual([t.x, t.y], [320, 200]);
  assert.ok(t.rect.width >= MIN_TARGET_PX && t.rect.height >= MIN_TARGET_PX);
  assert.ok(inside(t.rect, 320, 200));
  assert.equal(t.spriteAngle, t.angle, "6 touches: the rack's picture (6 first) needs no turn");
});

test("a tile attached by its lower half is turned half round when dragged there", () => {
  const cam = cameraTarget([-3, -2, 3, 2], FREE, false, 40);
  const [t] = screenTargets(tile("6-3", [{ arm: "W", x: -2, y: 0, dir: "W", a: 3, b: 6 }]), cam, FREE);
  assert.ok(Math.abs(t.spriteAngle - t.angle - Math.PI) < 1e-9);
  const [d] = screenTargets(tile("3-3", [{ arm: "W", x: -1.5, y: 0, dir: "S", a: 3, b: 3 }]), cam, FREE);
  assert.equal(d.spriteAngle, d.angle, "a double looks the same either way");
  assert.ok(d.rect.height > d.rect.width, "a crosswise double stands across a W-E line");
});

test("a lead target has no arm", () => {
  const cam = cameraTarget([-3, -2, 3, 2], FREE, false, 40);
  const [t] = screenTargets(tile("5-5", [{ arm: null, x: 0, y: 0, dir: "S", a: 5, b: 5 }]), cam, FREE);
  assert.equal(t.arm, null);
  assert.deepEqual([t.x, t.y], [300, 200]);
});

test("a tap finds the target under it; a drag snaps to the nearest within its radius", () => {
  const targets = [
    { arm: "W", x: 100, y: 100, rect: { x: 78, y: 78, width: 44, height: 44 } },
    { arm: "E", x: 200, y: 100, rect: { x: 178, y: 78, width: 44, height: 44 } },
  ];
  assert.equal(hitTarget(targets, { x: 105, y: 95 }).arm, "W");
  assert.equal(hitTarget(targets, { x: 150, y: 100 }), null, "between them: no tap");
  assert.equal(hitTarget(targets, { x: 160, y: 100 }, 56).arm, "E", "nearer E");
  assert.equal(hitTarget([], { x: 0, y: 0 }, 999), null);
});

test("the rack tile drawn last (on top) wins a tap", () => {
  const rects = [
    { x: 0, y: 0, width: 50, height: 100 },
    { x: 40, y: 0, width: 50, height: 100 },
  ];
  assert.equal(hitRack(rects, { x: 45, y: 50 }), 1);
  assert.equal(hitRack(rects, { x: 10, y: 50 }), 0);
  assert.equal(hitRack(rects, { x: 200, y: 50 }), -1);
  assert.deepEqual(halves("6-3"), [6, 3]);
});
