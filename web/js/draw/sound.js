// Sounds synthesized with WebAudio: no audio files. The AudioContext is created (or resumed) only
// from a user gesture, so the browser never blocks or warns about autoplay.
//
//   const sound = new Sound({muted});
//   sound.unlock();        // call from a pointerdown/keydown handler
//   sound.clink(); sound.chime(); sound.shuffle();

export class Sound {
  #ctx = null;
  #master = null;
  #noise = null;
  muted;

  constructor({ muted = false } = {}) {
    this.muted = muted;
  }

  /** Create or resume the audio context; only call this inside a user gesture. */
  unlock() {
    if (this.muted) return;
    const AudioCtx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!AudioCtx) return;
    if (!this.#ctx) {
      try {
        this.#ctx = new AudioCtx();
      } catch {
        return;
      }
      this.#master = this.#ctx.createGain();
      this.#master.gain.value = 0.5;
      this.#master.connect(this.#ctx.destination);
    }
    if (this.#ctx.state === "suspended") this.#ctx.resume().catch(() => {});
  }

  setMuted(muted) {
    this.muted = muted;
    if (this.#master) this.#master.gain.value = muted ? 0 : 0.5;
  }

  #ready() {
    return !this.muted && this.#ctx && this.#ctx.state === "running" ? this.#ctx : null;
  }

  #noiseBuffer(ctx) {
    if (!this.#noise) {
      const length = Math.floor(ctx.sampleRate * 0.5);
      const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      let seed = 12345;
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        data[i] = (seed / 0x3fffffff - 1) * 0.9;
      }
      this.#noise = buffer;
    }
    return this.#noise;
  }

  #tone(ctx, { freq, type = "sine", at, attack = 0.003, decay = 0.15, gain = 0.3 }) {
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    env.gain.setValueAtTime(0.0001, at);
    env.gain.exponentialRampToValueAtTime(gain, at + attack);
    env.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
    osc.connect(env).connect(this.#master);
    osc.start(at);
    osc.stop(at + attack + decay + 0.02);
  }

  #burst(ctx, { at, duration, freq, q = 1, gain = 0.3 }) {
    const src = ctx.createBufferSource();
    src.buffer = this.#noiseBuffer(ctx);
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = freq;
    filter.Q.value = q;
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, at);
    env.gain.exponentialRampToValueAtTime(gain, at + 0.004);
    env.gain.exponentialRampToValueAtTime(0.0001, at + duration);
    src.connect(filter).connect(env).connect(this.#master);
    src.start(at, Math.random() * 0.3);
    src.stop(at + duration + 0.02);
  }

  /** A tile landing on the table: a short woody knock with a bright click. */
  clink() {
    const ctx = this.#ready();
    if (!ctx) return;
    const at = ctx.currentTime + 0.005;
    this.#burst(ctx, { at, duration: 0.05, freq: 2600, q: 3, gain: 0.45 });
    this.#tone(ctx, { freq: 1850, type: "triangle", at, decay: 0.07, gain: 0.12 });
    this.#tone(ctx, { freq: 420, type: "sine", at, decay: 0.06, gain: 0.18 });
  }

  /** A play that scores a multiple of three: a rising three-note bell. */
  chime() {
    const ctx = this.#ready();
    if (!ctx) return;
    const start = ctx.currentTime + 0.08;
    [784, 988, 1319].forEach((freq, i) => {
      const at = start + i * 0.09;
      this.#tone(ctx, { freq, at, attack: 0.005, decay: 0.6, gain: 0.16 });
      this.#tone(ctx, { freq: freq * 2.76, at, attack: 0.003, decay: 0.2, gain: 0.03 });
    });
  }

  /** The deal: tiles shuffled on the felt, a run of soft clicks. */
  shuffle() {
    const ctx = this.#ready();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    for (let i = 0; i < 14; i++) {
      const at = start + i * 0.045 + Math.random() * 0.02;
      this.#burst(ctx, { at, duration: 0.035, freq: 1500 + Math.random() * 1600, q: 2, gain: 0.22 });
    }
  }
}
