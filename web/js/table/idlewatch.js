// @ts-check
// A good citizen of volunteer relays: Play online hears and announces nothing while the page is
// hidden or idle (no pointer or key for IDLE_MS). IdleWatch watches for it while the lobby is
// heard or a table of this page's is listed (table/playonline.js starts and stops it), and says
// when the page goes idle or comes back; a pointer or a key says so at once, and the page going
// away (pagehide) is said too, so that its table leaves every list while the page has time.
//
//   const idle = new IdleWatch({ changed: (idle) => ..., input: () => ..., gone: () => ... });
//   idle.start()   // watching (again: nothing more)
//   idle.stop()    // no more listeners nor timers
//   idle.input()   // the person did something (Refresh in the dialog): not idle now

/** No pointer or key for this long: the page is idle, and stops hearing and announcing (ms). */
export const IDLE_MS = 5 * 60_000;
/** How often the page checks whether it went idle (ms). */
const CHECK_EVERY_MS = 10_000;

export class IdleWatch {
  /**
   * @param {object} o
   * @param {(idle: boolean) => void} o.changed the page went idle (or hidden), or came back
   * @param {() => void} o.gone the page goes (a reload, a closed tab)
   */
  constructor({ changed, gone }) {
    this.changed = changed;
    this.gone = gone;
    this.lastInput = Date.now();
    this.idle = false;
    this.watching = false;
    this.onInput = () => this.input();
    this.onVisible = () => this.#check();
    this.onHide = () => this.gone();
    /** @type {ReturnType<typeof setInterval>|undefined} */
    this.timer = undefined;
  }

  start() {
    if (this.watching) return;
    this.watching = true;
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, this.onInput, true);
    document.addEventListener("visibilitychange", this.onVisible);
    window.addEventListener("pagehide", this.onHide);
    this.timer = setInterval(() => this.#check(), CHECK_EVERY_MS);
  }

  stop() {
    if (!this.watching) return;
    this.watching = false;
    for (const type of ["pointerdown", "keydown"]) document.removeEventListener(type, this.onInput, true);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.removeEventListener("pagehide", this.onHide);
    clearInterval(this.timer);
  }

  /** The person did something: the page is not idle (said at once when it was). */
  input() {
    this.lastInput = Date.now();
    if (this.idle) this.#check();
  }

  #check() {
    const idle = document.hidden || Date.now() - this.lastInput > IDLE_MS;
    if (idle === this.idle) return;
    this.idle = idle;
    this.changed(idle);
  }
}
