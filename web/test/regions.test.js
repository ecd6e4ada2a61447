// regions.js: every region fits the screen, seats sit around the table clockwise, rack tiles are
// thumb-sized on a 360 px phone, nothing the person touches overlaps.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  boneyardRect,
  computeRegions,
  handRect,
  MIN_TARGET_PX,
  positionOf,
  rackAngle,
  rackSlot,
  seatPositions,
  seatTiles,
  THUMB_PX,
} from "../js/board/regions.js";

const SCREENS = {
  phone360: { w: 360, h: 740 },
  pixel7: { w: 412, h: 839 },
  phoneSide: { w: 839, h: 412 },
  desktop: { w: 1280, h: 800 },
};
const within = (r, w, h) => r.x >= -0.5 && r.y >= -0.5 && r.x + r.width <= w + 0.5 && r.y + r.height <= h + 0.5;
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("play passes to the left: the next seat sits left, then across, then right", () => {
  assert.deepEqual(seatPositions(2), ["top"]);
  assert.deepEqual(seatPositions(3), ["left", "right"]);
  assert.deepEqual(seatPositions(4), ["left", "top", "right"]);
  assert.equal(positionOf(2, 2, 4), "bottom");
  assert.deepEqual(
    [3, 0, 1].map((s) => positionOf(s, 2, 4)),
    ["left", "top", "right"],
  );
  assert.equal(positionOf(0, 1, 2), "top");
});

for (const [name, { w, h }] of Object.entries(SCREENS)) {
  for (const players of [2, 3, 4]) {
    test(`${name}, ${players} players: seats, boneyard, table and rack fit and do not overlap`, () => {
      const positions = seatPositions(players);
      const R = computeRegions({ w, h, topH: 52, handCount: 7, positions });
      assert.deepEqual(Object.keys(R.seats).sort(), [...positions].sort());
      const boxes = [...Object.values(R.seats), R.boneBox, R.free, R.rack];
      for (const box of boxes) assert.ok(within(box, w, h), `${JSON.stringify(box)} inside ${w}x${h}`);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) assert.ok(!overlap(boxes[i], boxes[j]), `${i} and ${j} overlap`);
      for (const box of Object.values(R.seats)) {
        const lay = seatTiles(R, box, 7);
        for (const slot of lay.slots) assert.ok(slot.x > box.x && slot.x < box.x + box.width, "tiles stay in the box");
        assert.ok(lay.name.size >= 12 && lay.note.size >= 12, "seat text is at least 12 px");
      }
      const bone = boneyardRect(R);
      assert.ok(bone.width >= MIN_TARGET_PX && bone.height >= MIN_TARGET_PX);
    });
  }
}

test("on a phone held upright the seats share the band; on a desktop the sides are columns", () => {
  const phone = computeRegions({ w: 360, h: 740, topH: 52, handCount: 5, positions: seatPositions(4) });
  assert.deepEqual(
    Object.values(phone.seats).map((b) => b.kind),
    ["cell", "cell", "cell"],
  );
  assert.ok(phone.seats.left.x < phone.seats.top.x && phone.seats.top.x < phone.seats.right.x);
  const desk = computeRegions({ w: 1280, h: 800, topH: 60, handCount: 5, positions: seatPositions(4) });
  assert.equal(desk.seats.left.kind, "column");
  assert.equal(desk.seats.top.kind, "row");
  assert.ok(desk.free.x > desk.seats.left.x + desk.seats.left.width - 1, "the layout stays clear of the left seat");
});

test("seven rack tiles are thumb-sized and side by side on a 360 px phone", () => {
  const R = computeRegions({ w: 360, h: 740, topH: 52, handCount: 7, positions: ["top"] });
  assert.equal(R.rows, 1);
  const rects = Array.from({ length: 7 }, (_, i) => handRect(R, { ...rackSlot(R, i, 7), s: R.handS }));
  for (const r of rects) {
    assert.ok(Math.min(r.width, r.height) >= THUMB_PX, `tile ${JSON.stringify(r)}`);
    assert.ok(within(r, 360, 740));
  }
  for (let i = 1; i < rects.length; i++) assert.ok(!overlap(rects[i - 1], rects[i]));
  assert.equal(rackAngle(R), Math.PI / 2, "standing on an upright phone");
});

test("a long hand takes more rows instead of shrinking under a thumb", () => {
  const R = computeRegions({ w: 360, h: 740, topH: 52, handCount: 14, positions: ["top"] });
  assert.ok(R.rows >= 2);
  assert.ok(R.handS >= 28);
});
