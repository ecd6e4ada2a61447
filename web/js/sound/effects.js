// @ts-check
// The table's sound effects, synthesized with WebAudio (no audio files): each voice is a function
// of an audio context, the node it plays into and the time it starts (seconds on the context's
// clock), so the same code plays live (sound.js) and renders offline (the browser tests). sound.js
// imports it at the first gesture, with the audio context: no sound can play before, so a first
// load does not wait for (or count) these bytes.
//
//   clink: a heavy bone tile knocking on the wooden table (a tile lands, a tile is drawn)
//   click: the soft click of a tile joining the line (a tile is placed)
//   chime: a brass call for a multiple of three, growing with the points (chime.js chimeShape)
//   shuffle: the deal, tiles shuffled on the felt
//   fanfare: your side won the match; lament: a loss or a draw, a gentler phrase

import { chimeShape } from "./chime.js";

/**
 * A voice: it plays into `out` on `ctx`'s clock, from `at` (seconds); some take more, each its own
 * (the chime its points, from a cue: board/anim.js Cue).
 * @typedef {(ctx: BaseAudioContext, out: AudioNode, at: number, ...more: any[]) => void} Voice
 */

const SILENT = 0.0001; // exponential ramps cannot reach 0: this is "silent"
const NOISE_S = 0.5; // seconds of seeded noise, shared by the knocks and the shuffle
const NOISE_SEED = 12345;
/** @type {WeakMap<BaseAudioContext, AudioBuffer>} a context's noise buffer */
const noises = new WeakMap();

/** @param {BaseAudioContext} ctx */
function noiseBuffer(ctx) {
  let buffer = noises.get(ctx);
  if (!buffer) {
    const length = Math.floor(ctx.sampleRate * NOISE_S);
    buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    let seed = NOISE_SEED;
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = (seed / 0x3fffffff - 1) * 0.9;
    }
    noises.set(ctx, buffer);
  }
  return buffer;
}

/**
 * One oscillator under an attack-decay envelope. Times in seconds, frequencies in Hz.
 * @param {BaseAudioContext} ctx @param {AudioNode} out
 * @param {{freq: number, type?: OscillatorType, at: number, attack?: number, decay?: number, gain?: number,
 *   detune?: number}} o
 */
function tone(ctx, out, { freq, type = "sine", at, attack = 0.003, decay = 0.15, gain = 0.3, detune = 0 }) {
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.detune.value = detune;
  env.gain.setValueAtTime(SILENT, at);
  env.gain.exponentialRampToValueAtTime(gain, at + attack);
  env.gain.exponentialRampToValueAtTime(SILENT, at + attack + decay);
  osc.connect(env).connect(out);
  osc.start(at);
  osc.stop(at + attack + decay + 0.02);
}

/**
 * A burst of band-passed noise: a knock, a click, a tile brushing the felt.
 * @param {BaseAudioContext} ctx @param {AudioNode} out
 * @param {{at: number, duration: number, freq: number, q?: number, gain?: number, offset?: number}} o
 */
function burst(ctx, out, { at, duration, freq, q = 1, gain = 0.3, offset = 0 }) {
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const env = ctx.createGain();
  env.gain.setValueAtTime(SILENT, at);
  env.gain.exponentialRampToValueAtTime(gain, at + 0.004);
  env.gain.exponentialRampToValueAtTime(SILENT, at + duration);
  src.connect(filter).connect(env).connect(out);
  src.start(at, offset);
  src.stop(at + duration + 0.02);
}

const BRASS_ATTACK_S = 0.04; // a brass note swells in, its brightness a little after
const BRASS_VOICES = [-7, 0, 7]; // cents: three slightly detuned saws make a section, not a buzz

/**
 * A brass-like note: detuned saws through a low-pass that opens with the attack and closes as
 * the note fades (the "blat" of a horn), with a soft sine under it for body.
 * @param {BaseAudioContext} ctx @param {AudioNode} out
 * @param {{freq: number, at: number, hold?: number, release?: number, gain?: number, cutoff?: number}} o
 */
function brass(ctx, out, { freq, at, hold = 0.25, release = 0.35, gain = 0.12, cutoff = 2400 }) {
  const filter = ctx.createBiquadFilter();
  filter.type = "lowpass";
  filter.Q.value = 2;
  filter.frequency.setValueAtTime(cutoff * 0.3, at);
  filter.frequency.exponentialRampToValueAtTime(cutoff, at + BRASS_ATTACK_S * 1.5);
  filter.frequency.exponentialRampToValueAtTime(cutoff * 0.45, at + hold + release);
  const env = ctx.createGain();
  const end = at + hold + release;
  env.gain.setValueAtTime(SILENT, at);
  env.gain.exponentialRampToValueAtTime(gain, at + BRASS_ATTACK_S);
  env.gain.setValueAtTime(gain * 0.8, at + hold);
  env.gain.exponentialRampToValueAtTime(SILENT, end);
  filter.connect(env).connect(out);
  for (const cents of BRASS_VOICES) {
    const osc = ctx.createOscillator();
    osc.type = "sawtooth";
    osc.frequency.setValueAtTime(freq, at);
    osc.detune.value = cents;
    osc.connect(filter);
    osc.start(at);
    osc.stop(end + 0.02);
  }
  tone(ctx, out, { freq, at, attack: BRASS_ATTACK_S, decay: hold + release, gain: gain * 0.5 });
}

/**
 * A tile on the wooden table: a low, heavy knock of bone with a bright edge.
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at
 */
export function clink(ctx, out, at) {
  burst(ctx, out, { at, duration: 0.06, freq: 2300, q: 3, gain: 0.36 });
  burst(ctx, out, { at, duration: 0.09, freq: 320, q: 1.5, gain: 0.5, offset: 0.1 });
  tone(ctx, out, { freq: 1650, type: "triangle", at, decay: 0.06, gain: 0.08 });
  tone(ctx, out, { freq: 190, at, attack: 0.002, decay: 0.11, gain: 0.3 });
}

const CLICK_AFTER_S = 0.035; // the click follows the knock: the tile settles against its neighbour

/**
 * A tile joining the line: a small, soft click (quieter and shorter than the knock).
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at
 */
export function click(ctx, out, at) {
  const t = at + CLICK_AFTER_S;
  burst(ctx, out, { at: t, duration: 0.025, freq: 3600, q: 2, gain: 0.3, offset: 0.2 });
  tone(ctx, out, { freq: 2400, type: "triangle", at: t, attack: 0.001, decay: 0.03, gain: 0.07 });
  tone(ctx, out, { freq: 1200, at: t, attack: 0.001, decay: 0.025, gain: 0.05 });
}

const CHIME_AFTER_S = 0.08; // after the knock
const CHIME_STEP_S = 0.085; // between the notes of the call

/**
 * A play that scores `points`: a brass call up a chord, longer, louder and brighter for more.
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at @param {number} points
 */
export function chime(ctx, out, at, points) {
  const shape = chimeShape(points);
  const start = at + CHIME_AFTER_S;
  shape.notes.forEach((freq, i) => {
    const last = i === shape.notes.length - 1;
    const t = start + i * CHIME_STEP_S;
    const hold = last ? 0.3 : 0.08;
    brass(ctx, out, { freq, at: t, hold, release: last ? 0.5 : 0.15, gain: shape.gain, cutoff: shape.cutoff });
    // a bell's glint over the brass
    tone(ctx, out, { freq: freq * 2, at: t, attack: 0.003, decay: 0.35, gain: shape.gain * 0.25 });
    if (last && shape.chord) {
      for (const ratio of [0.5, 0.75]) {
        brass(ctx, out, {
          freq: freq * ratio,
          at: t,
          hold,
          release: 0.5,
          gain: shape.gain * 0.6,
          cutoff: shape.cutoff,
        });
      }
    }
  });
}

const SHUFFLE_CLICKS = 14;

/**
 * The deal: tiles shuffled on the felt, a run of soft clicks.
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at @param {() => number} [random]
 */
export function shuffle(ctx, out, at, random = Math.random) {
  for (let i = 0; i < SHUFFLE_CLICKS; i++) {
    const t = at + i * 0.045 + random() * 0.02;
    burst(ctx, out, { at: t, duration: 0.035, freq: 1500 + random() * 1600, q: 2, gain: 0.22, offset: random() * 0.3 });
  }
}

// The fanfare: a regal call in C, "ta-ta-ta taaa, ta-taaa", then the chord held. [semitones above
// C4, start in beats, length in beats]
const FANFARE_BEAT_S = 0.16;
const FANFARE = [
  [7, 0, 0.8],
  [7, 1, 0.8],
  [7, 2, 0.8],
  [12, 3, 2.5],
  [7, 6, 0.8],
  [12, 7, 1.5],
  [16, 9, 5],
];
const FANFARE_CHORD = [0, 4, 7]; // held under the last note
const FANFARE_GAIN = 0.11;
const C4_HZ = 261.63;
/** @param {number} semitones */
const hz = (semitones) => C4_HZ * 2 ** (semitones / 12);

/**
 * Your side won the match: a brass fanfare ending on a held C major chord (about 2.5 s).
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at
 */
export function fanfare(ctx, out, at) {
  for (const [note, beat, beats] of FANFARE) {
    const t = at + beat * FANFARE_BEAT_S;
    const hold = beats * FANFARE_BEAT_S * 0.8;
    brass(ctx, out, { freq: hz(note), at: t, hold, release: 0.25, gain: FANFARE_GAIN, cutoff: 3200 });
  }
  const last = FANFARE[FANFARE.length - 1];
  const t = at + last[1] * FANFARE_BEAT_S;
  for (const note of FANFARE_CHORD) {
    const hold = last[2] * FANFARE_BEAT_S * 0.8;
    brass(ctx, out, { freq: hz(note), at: t, hold, release: 0.6, gain: FANFARE_GAIN * 0.6, cutoff: 1800 });
  }
}

// The gentler phrase: a soft falling line over a warm minor-sixth chord, plucked and let ring.
const LAMENT_STEP_S = 0.32;
const LAMENT = [4, 2, 0, -3]; // semitones above C4, played an octave up: E5 D5 C5 A4
const LAMENT_CHORD = [-3, 0, 4]; // A3 C4 E4, held under it
const LAMENT_GAIN = 0.14;

/**
 * A loss or a draw: a quiet falling phrase of soft bells over a held chord (about 2 s).
 * @param {BaseAudioContext} ctx @param {AudioNode} out @param {number} at
 */
export function lament(ctx, out, at) {
  LAMENT.forEach((note, i) => {
    const t = at + i * LAMENT_STEP_S;
    tone(ctx, out, { freq: hz(note + 12), type: "triangle", at: t, attack: 0.01, decay: 0.7, gain: LAMENT_GAIN });
    tone(ctx, out, { freq: hz(note + 24), at: t, attack: 0.005, decay: 0.3, gain: LAMENT_GAIN * 0.15 });
  });
  const t = at + (LAMENT.length - 1) * LAMENT_STEP_S;
  for (const note of LAMENT_CHORD) {
    tone(ctx, out, { freq: hz(note), type: "sine", at: t, attack: 0.08, decay: 1.4, gain: LAMENT_GAIN * 0.5 });
  }
}

/**
 * The voices by name, as sound.js plays them.
 * @type {Record<string, Voice>}
 */
export const VOICES = { clink, click, chime, shuffle, fanfare, lament };
