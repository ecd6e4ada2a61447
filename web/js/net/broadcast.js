// @ts-check
// The host's stream for watchers (net/watch.js's WatchHost), as the host's page runs it: opened
// when Python says the table lets people watch (a reply's `watch`: the stream's secret), closed
// when it says no more (`watch: null`), and fed the watchers' tables each reply carries
// (`watching`: what Python made for no seat, one move behind), each once. A watcher
// new to the table gets the last one at once, not at the next move. Python keeps the host's
// choice with the table (op `watch {on}`); this module carries text and counts watchers.
//
//   const broadcast = new Broadcast({ relays, choose, changed });
//   broadcast.read(reply, hostKey);   // every reply of the host's engine
//   broadcast.link(me)                // SITE#watch=SECRET.HOSTKEY, or null
//   await broadcast.set(on)           // the host's choice, through Python
//   broadcast.count                   // how many watch

export class Broadcast {
  /**
   * @param {object} o
   * @param {string[]} o.relays the relays the table meets in
   * @param {(on: boolean) => Promise<boolean>} o.choose the host's choice, to Python (op watch,
   *   through the host's seat: table/hostseat.js): whether watching is on once Python took it
   * @param {() => void} o.changed the count of watchers changed
   * @param {string} [o.site] the page's address, for the watch link
   */
  constructor({ relays, choose, changed, site = `${location.origin}${location.pathname}` }) {
    this.relays = relays;
    this.choose = choose;
    this.changed = changed;
    this.site = site;
    /** @type {{secret: string} | null} Python's word: the stream's secret while people may watch */
    this.watch = null;
    /** @type {import("./watch.js").WatchHost | null} */
    this.stream = null;
    /** @type {Promise<unknown> | null} */
    this.opening = null;
    this.count = 0;
    /** @type {string | null} the last watchers' table sent */
    this.last = null;
  }

  get on() {
    return this.watch !== null;
  }

  /** A reply of the host's engine: its word on watching, and the watchers' table.
   * @param {{watch?: {secret: string}|null, watching?: unknown}} reply
   * @param {string|null} hostKey the host's secret key in the room (none yet: null) */
  read(reply, hostKey) {
    if ("watch" in reply) this.#choice(reply.watch ?? null, hostKey);
    for (const text of Array.isArray(reply.watching) ? reply.watching : []) {
      if (typeof text !== "string" || text === this.last) continue; // sent already
      this.last = text;
      this.stream?.publish(text);
    }
  }

  /** @param {{secret: string}|null} watch @param {string|null} hostKey */
  #choice(watch, hostKey) {
    const was = this.on;
    this.watch = watch;
    if (was !== this.on) queueMicrotask(() => this.changed()); // (a listed table is listed in play, or no more)
    if (watch && hostKey && this.relays.length && !this.opening) this.opening = this.#open(watch.secret, hostKey);
    if (!watch && this.opening) this.close();
  }

  /** @param {string} secret @param {string} hostKey */
  async #open(secret, hostKey) {
    const { WatchHost } = await import("./watch.js");
    const stream = await WatchHost.open({
      secret,
      key: { secret: hostKey }, // the host's key in the table's room: the watch link names it
      relays: this.relays,
      onwatchers: (count, joined) => {
        this.count = count;
        if (joined && this.last) stream.publish(this.last); // the table now, not at the next move
        this.changed();
      },
    });
    if (!this.watch) return stream.close(); // watching was turned off meanwhile
    this.stream = stream;
    if (this.last) stream.publish(this.last);
  }

  /** The watch link, with the host's public key in the room `me`; null while nobody may watch.
   * @param {string|null|undefined} me */
  link(me) {
    return this.watch && me ? `${this.site}#watch=${this.watch.secret}.${me}` : null;
  }

  /** The host lets people watch, or no more: resolves whether watching is on once Python took it.
   * @param {boolean} on */
  set(on) {
    return this.choose(on);
  }

  /** The table is no more this page's, or nobody may watch: the stream ends. */
  close() {
    this.stream?.close();
    this.opening?.then(() => this.stream?.close()).catch(() => {});
    const had = this.count;
    Object.assign(this, { stream: null, opening: null, count: 0, last: null });
    if (had) this.changed();
  }
}
