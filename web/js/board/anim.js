// @ts-check
// Animation planning: what moves where, and for how long, when a reply arrives; and one frame of
// easing for a rack tile. Pure data in, data out (no canvas, no timers), so it is tested in Node.
//
// A flight is {kind: "place"|"draw", t0, dur, from: {x, y, angle, s}, ...}: "place" carries a
// tile to layout index `index` (drawn with halves a, b) and lands with a clink, a chime and a
// rising "+N" when it scored; "draw" carries a face-down tile from the boneyard to a seat.
// A floater is rising text: {text, t0, dur, size, color?, world?: {x, y}, screen?: {x, y}}.

/** @typedef {import("./regions.js").Point} Point */
/** @typedef {import("../shapes/engine.js").Event} Event */

/**
 * Where a tile is drawn: its centre, its turn (radians) and its size (a tile is 2s x s).
 * @typedef {{x: number, y: number, angle: number, s: number}} Pose
 */

/**
 * A tile of the viewer's rack as drawn: where it is (`cur`), where it slides from and to, and when.
 * @typedef {Object} Sprite
 * @property {string} tile
 * @property {Pose} cur
 * @property {Pose} from
 * @property {Pose|null} to
 * @property {number} t0
 * @property {number} dur
 * @property {number} [hideUntil] a dealt tile is not drawn before it leaves the boneyard
 */

/**
 * A tile travelling to its place in the layout (index), drawn with halves a, b.
 * @typedef {Object} PlaceFlight
 * @property {"place"} kind
 * @property {number} index
 * @property {number} a
 * @property {number} b
 * @property {Pose} from
 * @property {number} t0
 * @property {number} dur
 * @property {number} points what it scored
 * @property {string|null} label the rising words for those points ("+4 pegs"), else "+N"
 * @property {Point} world where it lands, in table units
 */

/**
 * A face-down tile travelling from the boneyard to a seat.
 * @typedef {Object} DrawFlight
 * @property {"draw"} kind
 * @property {number} seat
 * @property {Pose} from
 * @property {number} t0
 * @property {number} dur
 */

/** @typedef {PlaceFlight|DrawFlight} Flight */

/**
 * Rising text: its words, from when (t0, ms) for how long, its size (px) and colour.
 * @typedef {{text: string, t0: number, dur: number, size?: number, color?: string}} FloaterText
 */

/**
 * Rising text over a layout point (`world`, table units) or a screen point.
 * @typedef {FloaterText & ({world: Point} | {screen: Point})} Floater
 */

/** A sound to play: a voice's name, or ["chime", points]. @typedef {string|[string, number]} Cue */

/**
 * The words planEvents puts over the table.
 * @typedef {Object} EventWords
 * @property {string} passed
 * @property {string} drew
 * @property {(points: number) => string} [bust] points an exact target refused
 * @property {(points: number) => string} [muggins] points an opponent took
 * @property {(points: number) => string} [award] a score in pegs, with cribbage
 */

export const MS = {
  place: 220, // the person's tile to its place
  computerPlace: 380, // another seat's tile, slower so it can be followed
  draw: 300,
  slide: 200, // a rack tile to its new slot
  snap: 120, // a dragged tile onto a lit end
  dealStagger: 70, // between two tiles of a deal
  float: 1400,
  passFloat: 1300,
  drawFloat: 900,
  shake: 320,
};

/** @param {number} ms @param {boolean} reduced */
export const motion = (ms, reduced) => (reduced ? Math.min(ms, 1) : ms);
/** @param {number} t */
export const easeOut = (t) => 1 - (1 - t) ** 3;
/** @param {number} v @param {number} lo @param {number} hi */
export const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
/** @param {number} a @param {number} b @param {number} t */
export const lerp = (a, b, t) => a + (b - a) * t;
/** @param {number} a @param {number} b @param {number} t */
export function lerpAngle(a, b, t) {
  let d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d < -Math.PI) d += 2 * Math.PI;
  return a + d * t;
}

/**
 * The rack's sprites for a new hand: tiles still held keep their sprite (and so slide from where
 * they are); new tiles come from the boneyard, one after another on a deal.
 * @param {Map<string, Sprite>} before tile name -> sprite
 * @param {readonly {tile: string}[]} hand
 * @param {{now: number, dealt: boolean, resumed: boolean, slot: (i: number) => Point, angle: number,
 *   s: number, bone: {x: number, y: number, s: number}, reduced: boolean}} o
 * @returns {Map<string, Sprite>}
 */
export function planRack(before, hand, { now, dealt, resumed, slot, angle, s, bone, reduced }) {
  /** @type {Map<string, Sprite>} */
  const next = new Map();
  hand.forEach((entry, i) => {
    let sprite = dealt ? null : before.get(entry.tile);
    if (!sprite) {
      const start = resumed ? { ...slot(i), angle, s } : { x: bone.x, y: bone.y, angle: 0, s: bone.s };
      const t0 = dealt ? now + motion(i * MS.dealStagger, reduced) : now;
      // a resumed rack is simply there: its first goal (the lift of a playable tile) is taken at once
      const dur = resumed ? 0 : motion(MS.draw, reduced);
      sprite = { tile: entry.tile, cur: { ...start }, from: { ...start }, to: null, t0, dur };
      sprite.hideUntil = t0;
    }
    next.set(entry.tile, sprite);
  });
  return next;
}

/**
 * Flights, floaters and sounds for a reply's events.
 * @param {readonly Event[]} events the reply's events (see py/allthrees/session.py)
 * @param {object} o
 * @param {number} o.now
 * @param {number|null} o.viewer the seat whose rack is shown
 * @param {readonly import("../shapes/snapshot.js").LayoutTile[]} o.layout the new snapshot's layout tiles
 * @param {Map<string, Sprite>} o.held the rack sprites before the reply
 * @param {string|null} [o.source] "drag" when the person dropped the tile (it flies faster)
 * @param {(seat: number) => Pose} o.seatFrom where a seat's tiles are
 * @param {{x: number, y: number, s: number}} o.bone the boneyard
 * @param {(seat: number) => Point} o.notePoint where words about a seat float
 * @param {EventWords} o.words
 * @param {boolean} o.reduced
 */
export function planEvents(events, o) {
  /** @type {Flight[]} */
  const flights = [];
  /** @type {Floater[]} */
  const floaters = [];
  /** @type {Cue[]} */
  const sounds = [];
  /** @type {Set<number>} */
  const hidden = new Set(); // layout indices a flight draws until it lands
  for (const event of events) {
    if (event.kind === "deal") sounds.push("shuffle");
    else if (event.kind === "placed") {
      const tile = o.layout[event.index];
      if (!tile) continue;
      let from;
      let dur;
      const sprite = event.seat === o.viewer ? o.held.get(event.tile) : null;
      if (sprite) {
        from = { ...sprite.cur };
        // The rack draws a tile high half first; the layout by the half that touched. Turning it
        // half round makes the same picture, so the flight starts without a jump.
        const hi = Number(event.tile.split("-")[0]);
        if (tile.a !== hi && tile.a !== tile.b) from.angle += Math.PI;
        dur = motion(o.source === "drag" ? MS.place * 0.7 : MS.place, o.reduced);
      } else {
        from = { ...o.seatFrom(event.seat) };
        dur = motion(MS.computerPlace, o.reduced);
      }
      if (event.bust > 0 && o.words.bust) {
        // an exact target: what the play made would have passed it, so it did not count
        floaters.push({
          text: o.words.bust(event.bust),
          screen: o.notePoint(event.taker >= 0 ? event.taker : event.seat),
          t0: o.now + dur,
          dur: MS.float,
          size: 22,
          color: "#ff9d9d",
        });
      }
      if (event.taker >= 0 && o.words.muggins) {
        // the next opponent called Muggins! and took what the play made
        floaters.push({
          text: o.words.muggins(event.made),
          screen: o.notePoint(event.taker),
          t0: o.now + dur,
          dur: MS.float,
          size: 22,
          color: "#ff9d9d",
        });
      }
      hidden.add(event.index);
      flights.push({
        kind: "place",
        index: event.index,
        a: tile.a,
        b: tile.b,
        from,
        t0: o.now,
        dur,
        points: event.points,
        label: o.words.award ? o.words.award(event.points) : null, // "+4 pegs" with cribbage
        world: { x: tile.x, y: tile.y },
      });
    } else if (event.kind === "drew") {
      if (event.seat === o.viewer) sounds.push("clink");
      else {
        flights.push({
          kind: "draw",
          seat: event.seat,
          from: { ...o.bone, angle: 0 },
          t0: o.now,
          dur: motion(MS.draw, o.reduced),
        });
        floaters.push({ text: o.words.drew, screen: o.notePoint(event.seat), t0: o.now, dur: MS.drawFloat, size: 16 });
      }
    } else if (event.kind === "passed") {
      floaters.push({
        text: o.words.passed,
        screen: o.notePoint(event.seat),
        t0: o.now,
        dur: MS.passFloat,
        size: 22,
        color: "#ffffff",
      });
    }
  }
  return { flights, floaters, sounds, hidden };
}

/**
 * What a landed flight sets off: sounds, and a rising "+N" where a scoring tile landed.
 * @param {Flight} flight @param {number} now
 * @returns {{sounds: Cue[], floaters: Floater[]}}
 */
export function landing(flight, now) {
  if (flight.kind !== "place") return { sounds: ["clink"], floaters: [] };
  // a placed tile knocks on the table and clicks against the line; a score adds the chime
  if (!(flight.points > 0)) return { sounds: ["clink", "click"], floaters: [] };
  const text = flight.label ?? `+${flight.points}`;
  return {
    sounds: ["clink", "click", ["chime", flight.points]],
    floaters: [{ text, world: flight.world, t0: now, dur: MS.float, size: 30 }],
  };
}

/**
 * Where a flight is at `now`: {x, y, angle, s, lift, done}. `to` is its goal this frame.
 * @param {Flight} flight @param {Pose} to @param {number} now
 */
export function flightAt(flight, to, now) {
  const t = flight.dur > 0 ? clamp((now - flight.t0) / flight.dur, 0, 1) : 1;
  const e = easeOut(t);
  const arc = Math.sin(Math.PI * e) * (flight.kind === "place" ? 0 : 10); // a draw lifts midway
  return {
    x: lerp(flight.from.x, to.x, e),
    y: lerp(flight.from.y, to.y, e) - arc,
    s: lerp(flight.from.s, to.s, e),
    angle: lerpAngle(flight.from.angle, to.angle, e),
    lift: 1 - e * 0.7,
    done: t >= 1,
  };
}

/**
 * Ease a rack sprite toward `goal` ({x, y, angle, s, direct?}); a new goal restarts the slide
 * from where the sprite is. Mutates the sprite; returns true while it is still moving.
 * @param {Sprite} sprite @param {Pose & {direct?: boolean}} goal @param {number} now
 * @param {{reduced?: boolean, dur?: number}} [o]
 */
export function stepSprite(sprite, goal, now, { reduced = false, dur = MS.slide } = {}) {
  if (goal.direct) {
    sprite.cur = { x: goal.x, y: goal.y, angle: goal.angle, s: goal.s };
    sprite.from = { ...sprite.cur };
    sprite.to = { ...sprite.cur };
    return true;
  }
  let to = sprite.to;
  const changed =
    !to ||
    Math.abs(to.x - goal.x) > 0.5 ||
    Math.abs(to.y - goal.y) > 0.5 ||
    Math.abs(to.s - goal.s) > 0.3 ||
    Math.abs(to.angle - goal.angle) > 0.01;
  if (!to || changed) {
    if (to && now >= sprite.t0) {
      sprite.from = { ...sprite.cur };
      sprite.t0 = now;
      sprite.dur = motion(dur, reduced);
    }
    to = { x: goal.x, y: goal.y, angle: goal.angle, s: goal.s };
    sprite.to = to;
  }
  const t = sprite.dur > 0 ? clamp((now - sprite.t0) / sprite.dur, 0, 1) : 1;
  const e = easeOut(t);
  sprite.cur = {
    x: lerp(sprite.from.x, to.x, e),
    y: lerp(sprite.from.y, to.y, e),
    angle: lerpAngle(sprite.from.angle, to.angle, e),
    s: lerp(sprite.from.s, to.s, e),
  };
  return t < 1;
}

/**
 * The sideways offset of a shaking tile (a tile that does not play), and whether it still shakes.
 * @param {number} t0 @param {number} now @param {boolean} reduced
 */
export function shakeAt(t0, now, reduced) {
  const t = (now - t0) / motion(MS.shake, reduced);
  if (t >= 1) return { dx: 0, done: true };
  return { dx: Math.sin(t * Math.PI * 6) * 6 * (1 - t), done: false };
}

/**
 * How long a deal of `most` tiles a seat takes to arrive (ms).
 * @param {number} most @param {boolean} reduced
 */
export function dealDuration(most, reduced) {
  return motion(most * MS.dealStagger + MS.draw + 40, reduced);
}

/**
 * A face-down tile of a deal: where tile `i` of a seat is at `now` (null before it leaves).
 * @param {number} t0 @param {number} i @param {Point} from @param {Point} to @param {number} now
 * @param {boolean} reduced
 */
export function dealtTileAt(t0, i, from, to, now, reduced) {
  const t = clamp((now - t0 - motion(i * MS.dealStagger + 35, reduced)) / motion(MS.draw, reduced), 0, 1);
  if (t <= 0) return null;
  return {
    x: lerp(from.x, to.x, easeOut(t)),
    y: lerp(from.y, to.y, easeOut(t)),
    alpha: Math.min(1, t * 3),
    done: t >= 1,
  };
}
