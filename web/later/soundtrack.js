// "Parlor Evening", the table's soundtrack: a soft, looping acoustic piece made for this game (the
// project's own work, under its licence; see the README), synthesized here with WebAudio. A
// plucked guitar arpeggiates eight chords in D major over a soft bass, and a harp plays a slow
// line above; 16 bars at 72 beats a minute, a loop of 53 s, the same every time (the score comes
// from a seeded generator, the plucked strings from Karplus-Strong with seeded noise).
//
// It lives in later/: never precached, never in a first visit's bytes; the page imports it only
// when the music is to be heard (js/sound/sound.js), and the service worker keeps it then.
//
//   const player = new Player(ctx, out);   // out: the music's gain node
//   player.start(ctx.currentTime);         // schedules ahead on a timer; loops for ever
//   player.stop();                         // fades out

export const SEED = 0x3a11; // the score's seed: change it and the piece changes
export const BPM = 72;
export const BEAT_S = 60 / BPM;
export const BARS_PER_CHORD = 2;
export const BEATS_PER_BAR = 4;

// The chords: [name, bass note, the guitar's voicing] as MIDI note numbers (60 = middle C).
const CHORDS = [
  ["D", 38, [50, 57, 62, 64, 66, 69]],
  ["Bm", 35, [47, 54, 59, 62, 66, 69]],
  ["G", 43, [50, 55, 59, 62, 67, 69]],
  ["A", 45, [52, 57, 61, 64, 69, 71]],
  ["D", 38, [50, 57, 62, 66, 69, 74]],
  ["F#m", 42, [49, 54, 57, 61, 66, 69]],
  ["Em", 40, [52, 55, 59, 62, 64, 67]],
  ["Asus", 45, [52, 57, 62, 64, 69, 71]],
];
export const LOOP_BEATS = CHORDS.length * BARS_PER_CHORD * BEATS_PER_BAR;
export const LOOP_S = LOOP_BEATS * BEAT_S; // 53.3 s

// The guitar's patterns over a bar of eighths: indices into the voicing
const PATTERNS = [
  [0, 2, 3, 4, 5, 4, 3, 2],
  [0, 3, 2, 4, 3, 5, 4, 2],
  [0, 2, 4, 2, 5, 2, 4, 3],
  [1, 3, 4, 5, 4, 3, 2, 3],
];
const D_MAJOR = [0, 2, 4, 6, 7, 9, 11]; // pitch classes above D
const HARP_LOW = 69; // A4
const HARP_HIGH = 86; // D6
const HUMAN_S = 0.012; // a player is never exactly on the grid: up to this early or late
const PLUCK_VELOCITY = 0.2;
const HARP_VELOCITY = 0.16;
const BASS_VELOCITY = 0.22;

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isInKey = (midi) => D_MAJOR.includes((((midi - 62) % 12) + 12) % 12);

/**
 * The score: every note of one loop, in time order.
 * @returns {{t: number, voice: "pluck"|"harp"|"bass", midi: number, vel: number}[]} t in seconds
 */
export function compose(seed = SEED) {
  const random = seeded(seed);
  const notes = [];
  let harp = 74; // D5: the harp's line starts here and walks the scale
  CHORDS.forEach(([, bass, voicing], c) => {
    for (let bar = 0; bar < BARS_PER_CHORD; bar++) {
      const bar0 = (c * BARS_PER_CHORD + bar) * BEATS_PER_BAR;
      // the bass: the root on the first beat, the root or its fifth on the third
      notes.push({ t: bar0 * BEAT_S, voice: "bass", midi: bass, vel: BASS_VELOCITY });
      notes.push({ t: (bar0 + 2) * BEAT_S, voice: "bass", midi: random() < 0.5 ? bass : bass + 7, vel: BASS_VELOCITY * 0.8 });
      const pattern = PATTERNS[Math.floor(random() * PATTERNS.length)];
      pattern.forEach((i, eighth) => {
        const accent = eighth % 2 === 0 ? 1 : 0.75;
        const t = (bar0 + eighth / 2) * BEAT_S + (eighth ? (random() - 0.5) * HUMAN_S : 0);
        notes.push({ t, voice: "pluck", midi: voicing[i], vel: PLUCK_VELOCITY * accent * (0.85 + 0.3 * random()) });
      });
      // the harp: a slow line, a note on some beats, leaning on the chord's tones
      for (let beat = 0; beat < BEATS_PER_BAR; beat++) {
        if (random() > (beat === 0 ? 0.7 : 0.35)) continue;
        const tones = voicing.map((m) => m + 24).filter((m) => m >= HARP_LOW && m <= HARP_HIGH);
        if (beat === 0 && tones.length) {
          harp = tones.reduce((best, m) => (Math.abs(m - harp) < Math.abs(best - harp) ? m : best));
        } else {
          let step = random() < 0.5 ? -1 : 1;
          if (harp + step * 2 > HARP_HIGH || harp + step * 2 < HARP_LOW) step = -step;
          do harp += step;
          while (!isInKey(harp));
        }
        const t = (bar0 + beat) * BEAT_S + (random() - 0.5) * HUMAN_S;
        notes.push({ t: Math.max(0, t), voice: "harp", midi: harp, vel: HARP_VELOCITY * (0.8 + 0.4 * random()) });
      }
    }
  });
  return notes.sort((a, b) => a.t - b.t);
}

export const SCORE = compose();

// ------------------------------------------------------------------------------ the instruments

const midiHz = (midi) => 440 * 2 ** ((midi - 69) / 12);
// Karplus-Strong strings: [seconds of buffer, seconds to fade by 60 dB, brightness 0..1]
const STRINGS = { pluck: [1.8, 1.4, 0.5], harp: [2.6, 2.2, 0.8] };
const BASS_LOWPASS_HZ = 420;
const BASS_RING_S = 1.5;
const REVERB_S = 2.2; // a small warm room
const REVERB_WET = 0.22;
const FADE_IN_S = 1.5;
const FADE_OUT_S = 0.4;
const SCHEDULE_EVERY_MS = 200; // the scheduler wakes this often ...
const LOOKAHEAD_S = 1.2; // ... and schedules the notes due this far ahead

/** A plucked string's sound (Karplus-Strong): seeded noise through a delay line with loss. */
function stringBuffer(ctx, midi, [seconds, t60, brightness]) {
  const sr = ctx.sampleRate;
  const freq = midiHz(midi);
  const length = Math.floor(sr * seconds);
  const buffer = ctx.createBuffer(1, length, sr);
  const y = buffer.getChannelData(0);
  const period = sr / freq - 0.5; // the averaging below delays half a sample
  const n = Math.max(2, Math.floor(period));
  const frac = period - n;
  const loss = 10 ** (-3 / (t60 * freq)); // per trip round the string
  const random = seeded(SEED + midi);
  let lp = 0;
  for (let i = 0; i < n; i++) {
    lp += brightness * (random() * 2 - 1 - lp);
    y[i] = lp;
  }
  for (let i = n; i < length; i++) {
    const a = 0.5 * (y[i - n] + (i - n - 1 >= 0 ? y[i - n - 1] : 0));
    const b = 0.5 * ((i - n - 1 >= 0 ? y[i - n - 1] : 0) + (i - n - 2 >= 0 ? y[i - n - 2] : 0));
    y[i] = loss * ((1 - frac) * a + frac * b);
  }
  let peak = 0;
  for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(y[i]));
  const fade = Math.floor(length * 0.15);
  for (let i = 0; i < length; i++) {
    const tail = i > length - fade ? (length - i) / fade : 1;
    y[i] = (y[i] / (peak || 1)) * tail;
  }
  return buffer;
}

/** A small room: seeded noise decaying over REVERB_S, as a convolver's impulse. */
function roomImpulse(ctx) {
  const sr = ctx.sampleRate;
  const length = Math.floor(sr * REVERB_S);
  const buffer = ctx.createBuffer(2, length, sr);
  for (let ch = 0; ch < 2; ch++) {
    const random = seeded(SEED * 7 + ch);
    const data = buffer.getChannelData(ch);
    for (let i = 0; i < length; i++) data[i] = (random() * 2 - 1) * (1 - i / length) ** 3;
  }
  return buffer;
}

export class Player {
  #ctx;
  #bus;
  #strings = new Map(); // "voice:midi" -> AudioBuffer
  #next = 0; // the next note of SCORE to schedule
  #loopAt = 0; // when the current pass of the loop began (the context's clock)
  #timer = 0;

  /** @param {BaseAudioContext} ctx @param {AudioNode} out @param {{live?: boolean}} o live:
   * schedule on a timer (an offline context is filled by hand: fill()) */
  constructor(ctx, out, { live = true } = {}) {
    this.#ctx = ctx;
    this.live = live;
    this.#bus = ctx.createGain();
    const dry = ctx.createGain();
    const wet = ctx.createGain();
    wet.gain.value = REVERB_WET;
    const room = ctx.createConvolver();
    room.buffer = roomImpulse(ctx);
    this.#bus.connect(dry).connect(out);
    this.#bus.connect(room).connect(wet).connect(out);
    this.out = out;
  }

  start(at) {
    const g = this.#bus.gain;
    g.setValueAtTime(0, at);
    g.linearRampToValueAtTime(1, at + FADE_IN_S);
    this.#loopAt = at;
    this.#next = 0;
    if (this.live) this.#timer = setInterval(() => this.fill(), SCHEDULE_EVERY_MS);
    this.fill();
  }

  /** Schedule every note due in the next `ahead` seconds. */
  fill(ahead = LOOKAHEAD_S) {
    const until = this.#ctx.currentTime + ahead;
    for (;;) {
      const note = SCORE[this.#next];
      const at = this.#loopAt + note.t;
      if (at >= until) return;
      if (at >= this.#ctx.currentTime) this.#play(note, at);
      this.#next += 1;
      if (this.#next === SCORE.length) {
        this.#next = 0;
        this.#loopAt += LOOP_S;
      }
    }
  }

  stop() {
    clearInterval(this.#timer);
    const ctx = this.#ctx;
    const g = this.#bus.gain;
    g.cancelScheduledValues(ctx.currentTime);
    g.setValueAtTime(g.value, ctx.currentTime);
    g.linearRampToValueAtTime(0, ctx.currentTime + FADE_OUT_S);
    const bus = this.#bus;
    setTimeout(() => bus.disconnect(), (FADE_OUT_S + 0.1) * 1000);
  }

  #play(note, at) {
    const ctx = this.#ctx;
    const env = ctx.createGain();
    env.connect(this.#bus);
    if (note.voice === "bass") {
      const filter = ctx.createBiquadFilter();
      filter.type = "lowpass";
      filter.frequency.value = BASS_LOWPASS_HZ;
      filter.connect(env);
      env.gain.setValueAtTime(0.0001, at);
      env.gain.exponentialRampToValueAtTime(note.vel, at + 0.02);
      env.gain.exponentialRampToValueAtTime(0.0001, at + BASS_RING_S);
      for (const [type, mult, gain] of [
        ["sine", 1, 1],
        ["triangle", 2, 0.25],
      ]) {
        const osc = ctx.createOscillator();
        const level = ctx.createGain();
        osc.type = type;
        osc.frequency.value = midiHz(note.midi) * mult;
        level.gain.value = gain;
        osc.connect(level).connect(filter);
        osc.start(at);
        osc.stop(at + BASS_RING_S + 0.05);
      }
      return;
    }
    const key = `${note.voice}:${note.midi}`;
    let buffer = this.#strings.get(key);
    if (!buffer) {
      buffer = stringBuffer(ctx, note.midi, STRINGS[note.voice]);
      this.#strings.set(key, buffer);
    }
    const src = ctx.createBufferSource();
    src.buffer = buffer;
    env.gain.value = note.vel;
    src.connect(env);
    src.start(at);
  }
}
