// @ts-check
// The page's sound: one AudioContext, the effects and the music each on their own level, the mute
// over both, and the soundtrack fetched only when it is to be heard. It owns when sound may play;
// the voices are effects.js's (imported with the context, at the first gesture), the level curve
// gain.js's (the levels themselves, store/soundprefs.js's), the music web/later/soundtrack.js's.
//
// - The AudioContext is created (or resumed) only from a user gesture (unlock()), so the browser
//   never blocks or warns about autoplay.
// - The music starts once the first table is on screen (tableShown()), the context runs, the music
//   level is above off and the sound is not muted; only then is web/later/soundtrack.js imported
//   (never part of a first visit's bytes; the service worker keeps it from then on).
// - While the tab is hidden the context is suspended: no sound at all; shown again, it resumes
//   where it was.
//
//   const sound = new Sound({ muted, levels: { effects: 80, music: 0 } });
//   sound.unlock();                 // from a pointerdown/keydown handler
//   sound.play("clink"); sound.play(["chime", 12]); sound.play("fanfare");
//   sound.setLevels({ effects: 60, music: 40 }); sound.setMuted(true);

import { siteURL } from "../boot/site.js";
import { DEFAULT_LEVELS } from "../store/soundprefs.js";
import { levelGain } from "./gain.js";

/** @typedef {import("../board/anim.js").Cue} Cue */
/** @typedef {import("../store/soundprefs.js").SoundLevels} SoundLevels */
/**
 * The soundtrack playing (web/later/soundtrack.js's Player).
 * @typedef {{start: (at: number) => void, stop: () => void, fill: (seconds: number) => void}} Player
 */
/**
 * web/later/soundtrack.js, as this module uses it.
 * @typedef {{Player: new (ctx: BaseAudioContext, out: AudioNode, o: {live: boolean}) => Player}} Soundtrack
 */

const MASTER_GAIN = 0.5; // everything together, under the device's own volume
const MUSIC_BED = 0.55; // the music sits under the effects: at equal levels it is this much quieter
const START_AHEAD_S = 0.005; // a voice starts this far ahead of "now", so its first ramp is whole
const FINALE_AFTER_S = 0.9; // the match's fanfare (or lament) waits for the last tile's chime
const FINALES = new Set(["fanfare", "lament"]);
const LEVEL_GLIDE_S = 0.05; // a level change glides this long (no zipper noise while sliding)
const SOUNDTRACK = "later/soundtrack.js"; // from the site's root (boot/site.js)

export class Sound {
  /** @type {AudioContext|OfflineAudioContext|null} */
  #ctx = null;
  /** @type {GainNode|null} */
  #master = null;
  /** @type {GainNode|null} */
  #effects = null;
  /** @type {GainNode|null} */
  #music = null;
  /** @type {Record<string, import("./effects.js").Voice>|null} effects.js's VOICES, once imported */
  #voices = null;
  /** @type {Promise<void>|null} */
  #voicesLoading = null;
  /** @type {Player|null} the soundtrack playing, or null */
  #player = null;
  /** @type {Promise<void>|null} */
  #loading = null;
  #tableShown = false;
  /** @type {boolean} */
  #offline;
  /** @type {() => Promise<Soundtrack>} */
  #load;
  /** @type {boolean} */
  muted;
  /** @type {SoundLevels} */
  levels;

  /**
   * @param {object} [o]
   * @param {boolean} [o.muted]
   * @param {SoundLevels} [o.levels] 0 (off) to 100
   * @param {AudioContext|OfflineAudioContext|null} [o.context] a context to play into (an
   *   OfflineAudioContext in the tests: it renders what is played); by default one is made at the
   *   first gesture
   * @param {(() => Promise<Soundtrack>)|null} [o.loadMusic] how the soundtrack module is fetched
   */
  constructor({ muted = false, levels = DEFAULT_LEVELS, context = null, loadMusic = null } = {}) {
    this.muted = muted;
    this.levels = { ...DEFAULT_LEVELS, ...levels };
    this.#offline = Boolean(context);
    this.#load = loadMusic ?? (() => import(siteURL(SOUNDTRACK).href));
    if (context) {
      this.#build(context);
      this.#loadVoices();
    }
    if (!this.#offline && typeof document !== "undefined") {
      document.addEventListener("visibilitychange", () => this.#visibility());
    }
  }

  /** @param {AudioContext|OfflineAudioContext} ctx */
  #build(ctx) {
    const master = ctx.createGain();
    const effects = ctx.createGain();
    const music = ctx.createGain();
    effects.connect(master);
    music.connect(master);
    master.connect(ctx.destination);
    this.#ctx = ctx;
    this.#master = master;
    this.#effects = effects;
    this.#music = music;
    this.#applyLevels(true);
  }

  /** Create or resume the audio context; only call this inside a user gesture. */
  unlock() {
    if (this.muted || this.#offline || document.hidden) return;
    // an older WebKit names it webkitAudioContext
    const old = /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext;
    const AudioCtx = globalThis.AudioContext ?? old;
    if (!AudioCtx) return;
    let ctx = this.#ctx;
    if (!ctx) {
      try {
        ctx = new AudioCtx();
        this.#build(ctx);
      } catch {
        return;
      }
      ctx.addEventListener?.("statechange", () => this.#musicWanted());
      this.#loadVoices();
    }
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    this.#musicWanted();
  }

  #loadVoices() {
    this.#voicesLoading ??= import("./effects.js")
      .then((mod) => {
        this.#voices = mod.VOICES;
      })
      .catch(() => {
        this.#voicesLoading = null; // tried again at the next gesture
      });
    return this.#voicesLoading;
  }

  /** Resolves once the effects can play (the tests' offline context: before playing). */
  loaded() {
    return this.#loadVoices();
  }

  /** The first table is on screen: from now on the music may start (at a gesture). */
  tableShown() {
    if (this.#tableShown) return;
    this.#tableShown = true;
    this.#musicWanted();
  }

  /** @param {boolean} muted */
  setMuted(muted) {
    this.muted = muted;
    this.#applyLevels();
    this.#musicWanted();
  }

  /**
   * New levels (0 off .. 100), heard at once.
   * @param {Partial<SoundLevels>} levels
   */
  setLevels(levels) {
    this.levels = { ...this.levels, ...levels };
    this.#applyLevels();
    this.#musicWanted();
  }

  #applyLevels(now = false) {
    if (!this.#ctx || !this.#master || !this.#effects || !this.#music) return;
    const at = this.#ctx.currentTime;
    /** @param {AudioParam} param @param {number} value */
    const set = (param, value) => {
      param.cancelScheduledValues(at);
      if (now) param.setValueAtTime(value, at);
      else param.setTargetAtTime(value, at, LEVEL_GLIDE_S / 3);
    };
    set(this.#master.gain, this.muted ? 0 : MASTER_GAIN);
    set(this.#effects.gain, levelGain(this.levels.effects));
    set(this.#music.gain, levelGain(this.levels.music) * MUSIC_BED);
  }

  #ready() {
    if (this.muted || !this.#ctx || levelGain(this.levels.effects) === 0) return null;
    return this.#offline || this.#ctx.state === "running" ? this.#ctx : null;
  }

  /**
   * Play an effect: "clink", "click", "shuffle", "fanfare", "lament", or ["chime", points].
   * @param {Cue} what
   */
  play(what) {
    const [name, ...args] = Array.isArray(what) ? what : [what];
    const voice = this.#voices?.[name];
    const ctx = this.#ready();
    if (!voice || !ctx || !this.#effects) return;
    const at = ctx.currentTime + START_AHEAD_S + (FINALES.has(name) ? FINALE_AFTER_S : 0);
    voice(ctx, this.#effects, at, ...args);
  }

  clink() {
    this.play("clink");
  }

  // ------------------------------------------------------------------------------ the music

  /** Whether the music should be playing now. */
  #musicOn() {
    if (this.muted || !this.#ctx || levelGain(this.levels.music) === 0) return false;
    if (this.#offline) return true;
    return this.#tableShown && this.#ctx.state === "running" && !document.hidden;
  }

  /**
   * Start the soundtrack (fetching it the first time) or stop it, as the settings now say.
   * @returns {Promise<void>}
   */
  #musicWanted() {
    if (!this.#musicOn()) {
      if (this.#player && (this.muted || levelGain(this.levels.music) === 0)) {
        this.#player.stop();
        this.#player = null;
      }
      return this.#loading ?? Promise.resolve();
    }
    if (this.#player) return Promise.resolve();
    this.#loading ??= this.#load()
      .then((mod) => {
        this.#loading = null;
        const ctx = this.#ctx;
        if (!this.#player && this.#musicOn() && ctx && this.#music) {
          this.#player = new mod.Player(ctx, this.#music, { live: !this.#offline });
          this.#player.start(ctx.currentTime + START_AHEAD_S);
        }
      })
      .catch(() => {
        this.#loading = null; // offline before it was ever fetched: tried again at the next change
      });
    return this.#loading;
  }

  /**
   * The music, in an offline context (the tests): resolves once its first notes are scheduled.
   * @param {number} seconds
   */
  async startMusic(seconds) {
    await this.#musicWanted();
    this.#player?.fill(seconds);
  }

  /** The test hook's view: the audio context's state (null before a gesture), the music's. */
  hook() {
    return { context: this.#ctx?.state ?? null, music: Boolean(this.#player) };
  }

  #visibility() {
    const ctx = this.#ctx;
    if (!ctx) return;
    if (document.hidden) {
      // a live context (only a live one listens for visibility: the constructor)
      if (ctx.state === "running") /** @type {AudioContext} */ (ctx).suspend().catch(() => {});
    } else if (!this.muted && ctx.state === "suspended") {
      ctx
        .resume()
        .then(() => this.#musicWanted())
        .catch(() => {});
    }
  }
}
