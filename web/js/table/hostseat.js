// @ts-check
// The host's own seat at its table across devices: its one path to Python. Every request of the
// host's page reaches Python here, and every reply comes back here once:
//
//   the table's own request ── controller (in turn) ──▶ bridge.call ─┐
//   a friend's text, a knock, presence, a switch ─ ask (in the table's turn) ─┘
//                                        Python's reply ──▶ #deliver: the seats read, the
//                                                           outbox out on each seat's channel
//                                                           (net/hosting.js), then the reply
//                                                           taken in: the table's own by the
//                                                           controller, the rest here (accept,
//                                                           gathered, rated, reacted)
//
// The connections are net/hosting.js's (Hosting: invites, the room, each seat's channel and how it
// stands); it carries text and never calls Python: what it hears comes here (its SeatPort). What a
// reply means for the table (a seat's name, a friend's move, a gathering) is Python's; this module
// only routes it. net/ is fetched only once a reply has a friend's seat (a first visit that plays
// alone does not wait for it).

/** @typedef {import("../shapes/engine.js").EngineReply} Reply */
/** @typedef {import("../shapes/testhook.js").TestGathered} Gathering */
/** @typedef {import("./tablenet.js").Engine} Engine */
/** @typedef {import("../net/hosting.js").Hosting} Hosting */
/** @typedef {import("../net/hosting.js").HostingOptions} HostingOptions */

/**
 * What the host's seat asks of the table (tablenet.js gives it these).
 * @typedef {Object} HostSeatPort
 * @property {Engine} engine this device's Python (boot/bridge.js, or main.js's waiting one)
 * @property {(op: string, payload: Record<string, unknown>) => Promise<Reply|null>} turn a request
 *   in the table's turn, not blocking it (the controller's queue): it comes back through `bridge`
 * @property {(reply: Reply) => Promise<void>} accept a table reply taken in as the table's own
 * @property {(gathering: Gathering) => void} gathered the table before its deal: who has joined
 * @property {(seat: number, id: string) => void} reacted a friend's quick reaction, to show
 * @property {(shared: object) => void} rated a friend's part or signature of a rated result
 *   (Python's `rated`: {seat, part} or {seat, digest, signature}), for career/rated.js
 * @property {(seat: number) => Promise<string|null|undefined>} away a friend's connection ended:
 *   the host chooses what its seat does meanwhile (a level, or null: the table waits; undefined:
 *   the friend came back before the host chose)
 * @property {() => string|null} title the player's title (a code; null: none, or hidden)
 * @property {(title: string|null) => void} tellTitle the title said to Python (op table_title)
 * @property {(hosting: Hosting) => void} linked the connections are made (the table reads them)
 * @property {HostingOptions} links what the connections need besides this seat (net/hosting.js)
 */

export class HostSeat {
  /** @param {HostSeatPort} port */
  constructor(port) {
    this.port = port;
    /** @type {Hosting|null} the connections, once a reply had a friend's seat */
    this.links = null;
    /** @type {Promise<Hosting>|null} */
    this.loading = null;
    /** @type {string|null|false|undefined} what the host chose for a seat that is away, this match (asked once) */
    this.choice = undefined;
    /** @type {string|null} the match's commitment, as Python last said (a new one: asked again) */
    this.commitment = null;
    /** @type {Promise<unknown>} friends' texts go to Python one after another, in order */
    this.queue = Promise.resolve();
    /** @type {Engine} the engine as the table calls it: every reply is delivered on the way back */
    this.bridge = { call: (op, payload) => this.#call(op, /** @type {Record<string, unknown>} */ (payload ?? {})) };
  }

  /** @param {string} op @param {Record<string, unknown>} payload */
  async #call(op, payload) {
    const reply = await this.port.engine.call(op, payload);
    await this.#deliver(reply);
    // a table gathered: the host's title on it (and whenever it changes: career/flow.js)
    if (reply?.gathering && (op === "new" || op === "gather")) this.port.tellTitle(this.port.title());
    return reply;
  }

  /** A reply of this device's Python, once: its table's seats read, each friend sent its texts.
   * @param {Reply} reply */
  async #deliver(reply) {
    // a reply about friends (a gathering, a table with a friend's seat, texts for one) makes the
    // connections first; once made, they read every reply (one without friends ends them)
    const friends = reply?.gathering || reply?.snapshot?.net || reply?.outbox;
    if (!this.links && !friends) return;
    const links = await this.#links();
    if (!reply?.ok && !reply?.outbox) return;
    if (reply.snapshot && !reply.snapshot.net) return links.close(); // a table with no friends: this device plays alone
    const net = reply.gathering ?? reply.snapshot?.net ?? null;
    if (net) {
      if (net.commitment !== this.commitment) this.choice = undefined; // a new match: asked again
      this.commitment = net.commitment;
      links.read(net, reply.room ?? null, Boolean(reply.snapshot));
    }
    if (reply.gathering) links.ratedTable = reply.gathering.rated === true; // the host's choice, before the deal
    links.broadcast.read(reply, links.roomOf?.key ?? null); // the watchers' table and stream
    for (const [seat, texts] of Object.entries(/** @type {Record<string, string[]>} */ (reply.outbox ?? {}))) {
      links.send(Number(seat), texts);
    }
    if (reply.given) links.release(reply.given.seat);
  }

  /** The connections, made once (net/hosting.js loaded with them). @returns {Promise<Hosting>} */
  #links() {
    this.loading ??= import("../net/hosting.js").then(({ Hosting }) => {
      const links = new Hosting({
        ...this.port.links,
        seat: {
          heard: (seat, text) => this.#heard(seat, text),
          seatFor: (key) => this.#seatFor(key),
          presence: (seats, watchers) => this.#ask("presence", { seats, watchers }).then(() => {}),
          away: (seat) => this.#whileAway(seat),
          setRated: (on) => this.#ask("rated", { on }),
          setWatch: (on) => this.#setWatch(on),
        },
      });
      this.links = links;
      this.port.linked(links);
      return links;
    });
    return this.loading;
  }

  /** A host's reload at a table played online: its friends are heard knocking from the start.
   * @param {string} table */
  openEarly(table) {
    this.#links().then((links) => links.openEarly(table));
  }

  /** A request of the connections', in the table's turn: its reply delivered (bridge) on the way.
   * @param {string} op @param {Record<string, unknown>} payload */
  #ask(op, payload) {
    return this.port.turn(op, payload);
  }

  /** A friend's text: to Python as it came, in order; what it changed taken in.
   * @param {number} seat @param {string} text */
  #heard(seat, text) {
    this.queue = this.queue.then(async () => {
      const reply = await this.#ask("guest", { seat, message: text });
      if (!reply) return;
      if (reply.relay) this.port.reacted(reply.relay.seat, reply.relay.id);
      else if (reply.rated) this.port.rated(reply.rated);
      else if (reply.gathering) this.port.gathered(reply.gathering);
      else if (reply.snapshot && reply.ok) await this.port.accept(reply);
      else if (reply.bye) this.links?.hangUp(seat);
    });
  }

  /** Python's seat for a knocking page: its own, the first free one, or null (the table is full).
   * @param {string} key @returns {Promise<number|null>} */
  async #seatFor(key) {
    const reply = await this.#ask("seat_for", { key });
    if (reply?.ok) return reply.seat;
    if (reply?.code === "table_full" || reply?.code === "seat_given") return null; // "full"
    throw new Error(reply?.error ?? "seat_for failed");
  }

  /** A friend away past the short wait: the host's choice for its seat, asked once a match and
   * applied again at each later drop. @param {number} seat */
  async #whileAway(seat) {
    if (this.choice === undefined) {
      this.choice = await this.port.away(seat);
      return;
    }
    if (!this.choice) return; // the table waits, as chosen before
    const reply = await this.#ask("stand_in", { seat, level: this.choice }); // as chosen before
    if (reply?.ok && reply.snapshot) await this.port.accept(reply);
  }

  /** The host lets people watch, or no more: resolves whether watching is on once Python took it.
   * @param {boolean} on */
  async #setWatch(on) {
    const reply = await this.#ask("watch", { on });
    if (reply?.ok && reply.snapshot) await this.port.accept(reply); // the table's save keeps the choice
    return Boolean(reply?.ok && reply.watch);
  }
}
