// @ts-check
// A guest's seat at a table across devices (its role; the connection to the host is
// net/guestlink.js's): this page's table is drawn from the snapshots the host's Python made for
// this seat alone, and its moves go to the host as intents; the guest's own Python only checks
// what the host sends (op `host_message`) and, at the match's end, the deal (op `check_shared`).
// Nothing here decides the game.
//
//   const guesting = new Guesting({ call, accept, toast, reacted, changed, dialogs, iceServers, site });
//   guesting.bridge           // the table's engine on this device: intents go to the host
//   await guesting.join(code) // the invite from the link (or null: ask for it)
//
// A table played online is joined by its one link (`#room=SECRET.HOST`: net/online.js): this page
// knocks at the table's room, the host's Python gives it a seat, and a connection that ends is
// made again by itself (a reload, a locked screen, a network change), with the same seat key.
// What this device saw is kept (localStorage, GUEST_KEY): the table, its seat, its part of the
// deal, its room and seat key, and every event received, so it comes straight back into its seat
// (hello with `resume`; by hand, a fresh invite for the same table does the same), and the record
// of what it saw outlives the host.

import { refusalWords, T } from "../i18n/strings.js";
import { readHostText } from "./earlycheck.js";
import { keepKept, loadKept, randomPart } from "./guestkeep.js";
import { GUEST_KEY } from "./guestkey.js";
import { GuestLink } from "./guestlink.js";
import { checkReveal, LOCAL_OPS } from "./guestlocal.js";
import { NetError } from "./peer.js";
import { PROTOCOL } from "./version.js";

export { GUEST_KEY };

const MAX_SEEN = 4000; // events kept of what this device saw (a long match has a few hundred)

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("./guestkeep.js").Kept} Kept */
/** @typedef {import("./guesthand.js").JoinDialog} JoinDialog */
/** A friend's seat as the host said: how its page stands. @typedef {{seat: number, presence: string}} Other */

export class Guesting {
  /**
   * @param {object} o
   * @param {{call: (op: string, payload?: object) => Promise<any>, up?: boolean, whenUp?: Promise<void>}} o.local
   *   this device's engine (its replies: any of Python's)
   * @param {(reply: object) => Promise<void>} o.accept a table reply taken in (controller.accept)
   * @param {(text: string) => void} o.toast
   * @param {(seat: number, id: string) => void} o.reacted
   * @param {(shared: object) => void} [o.rated] a part or signature of a rated result from the
   *   table ({seat, part} or {seat, digest, signature}), for career/rated.js
   * @param {(settings: object, commitment: string|null) => void} [o.left] this seat was given away
   *   during a rated match: it left it for good (counted as abandoned in this career)
   * @param {() => void} o.changed
   * @param {{join: () => Promise<JoinDialog>}} o.dialogs (ui/dialogs/invite.js)
   * @param {RTCIceServer[]} o.iceServers
   * @param {string} o.site
   * @param {() => {entries: object[], attempts: object}} [o.career] this device's career so far
   * @param {(shared: object) => void} [o.counted] the match checked at its end, with its entry in
   *   this device's career and the figures (check_shared's reply; no entry for a practice table)
   * @param {string} [o.name] what the host calls this player
   * @param {() => string|null} [o.title] this player's title as of now, said in each hello (a
   *   code of titlecodes.TITLE_CODES; null: none, or hidden): the table shows it beside the name
   * @param {unknown} [o.relays] the preference `relays` (net/relays.js)
   * @param {{get: () => boolean}} [o.relayOnly] the preference "Hide my address from other players"
   */
  constructor({
    local,
    accept,
    toast,
    reacted,
    rated = () => {},
    left = () => {},
    changed,
    dialogs,
    iceServers,
    site,
    career,
    counted,
    name = "",
    title = () => null,
    relays,
    relayOnly,
  }) {
    this.local = local;
    this.accept = accept;
    this.toast = toast;
    this.reacted = reacted;
    this.rated = rated;
    this.left = left;
    this.changed = changed;
    this.name = name;
    this.title = title;
    this.careerNow = career ?? (() => ({ entries: [], attempts: {} }));
    this.counted = counted ?? (() => {});
    /** @type {Kept|null} */
    this.kept = null;
    /** @type {import("./link.js").Carrier|null} the channel this page last said hello on */
    this.helloed = null;
    /** @type {Other[]} as the host said */
    this.others = [];
    this.watchers = 0; // how many watch the table (net/watch.js), as the host said
    /** @type {(() => void)[]} intents sent, waiting for the host's table (or refusal) to be taken in */
    this.waiters = [];
    /** @type {Promise<unknown>} the host's messages are taken in one after another */
    this.applying = Promise.resolve();
    /** @type {any} the deal's check at the match's end (check_shared's reply: Python's JSON) */
    this.shared = null;
    // the connection to the host: the table's room, or the codes by hand
    this.link = new GuestLink({
      role: {
        seated: (meta) => this.#seated(meta),
        attached: () => void this.#attached(),
        heard: (text) => this.#heard(text),
        dropped: () => this.#dropped(),
        returning: () => Boolean(this.#kept.table),
        keptByHand: (kept) => {
          this.kept = kept;
          this.#keep();
        },
        host: () => this.#kept.host,
      },
      relays,
      iceServers,
      relayOnly,
      site,
      dialogs,
      toast,
      changed,
      name: () => this.name,
    });
    /** @type {number|undefined} the protocol's version, Python's */
    this.protocol; // declared for the type checker
    /** @type {{call: (op: string, payload?: object) => Promise<any>, drives: boolean}} */
    this.bridge = { call: (op, payload) => this.#call(op, payload), drives: false };
  }

  get active() {
    return this.kept !== null;
  }

  /** The table this page is at: join() keeps it before anything here reads it. */
  get #kept() {
    return /** @type {Kept} */ (this.kept);
  }

  /** The channel to the host, while there is one (net/guestlink.js's). */
  get channel() {
    return this.link.channel;
  }

  /** How this device's own link to the host stands (net/guestlink.js's). */
  get presence() {
    return this.link.presence;
  }

  /** The host's table answers this device: moves made here reach it. */
  get live() {
    return this.channel !== null && this.presence === "connected" && Boolean(this.kept?.snapshot);
  }

  /** The test hook's view: the seats played on other devices as this one sees them: the host's
   * (this device's own connection) and the other friends' (as the host last said). */
  hook() {
    if (!this.active) return null;
    const seats = this.#kept.snapshot?.seats ?? [];
    const host = seats.find((s) => s.label?.kind === "host")?.seat;
    // how another friend's messages travel is between it and the host: not this device's to know
    const others = this.others
      .filter((s) => s.seat !== this.#kept.seat && s.seat !== host)
      .map((s) => ({ ...s, channel: null }));
    const via = this.link.via;
    const mine = host === undefined ? [] : [{ seat: host, presence: this.presence, channel: via }];
    return { role: "guest", seats: [...mine, ...others], commitment: this.#kept.commitment };
  }

  /** Join from an invite: a table's room ({secret, host}: its one link, or kept from the last
   * visit), a link's code, or null (the dialog asks for one).
   * @param {{secret: string, host: string}|string|null} invite */
  async join(invite) {
    if (invite && typeof invite === "object") return this.#joinRoom(invite);
    return this.link.byHand(invite);
  }

  /** Knock at the table's room until the host seats this page; again whenever the connection ends.
   * @param {{secret: string, host: string}} room the link's room secret and the host's key */
  async #joinRoom({ secret, host }) {
    const before = loadKept();
    const same =
      before?.room?.secret === secret && before?.room?.host === host && /^[0-9a-f]{64}$/.test(before.key ?? "");
    this.kept = same
      ? { .../** @type {Kept} same */ (before), resume: Boolean(before?.table) }
      : {
          room: { secret, host },
          key: randomPart(),
          part: randomPart(),
          table: null,
          seat: null,
          commitment: null,
          host: null,
          events: [],
        };
    this.#keep();
    await this.link.openRoom({ secret, host, key: /** @type {string} made above */ (this.#kept.key) });
  }

  /** The host seated this page (a knock's answer): its table and seat, kept.
   * @param {{table?: string|null, seat?: number|null, commitment?: string|null}} meta */
  #seated(meta) {
    if (meta.table !== this.#kept.table || meta.seat !== this.#kept.seat) {
      const first = !this.#kept.table;
      Object.assign(this.#kept, { table: meta.table, seat: meta.seat, resume: !first && this.#kept.resume });
      if (first) this.#kept.commitment = meta.commitment ?? null;
      this.#keep();
    }
    if (this.#kept.snapshot) this.toast(T.room.back);
  }

  /** A channel to the host is open: this seat's hello. */
  async #attached() {
    const { table, part, resume, key } = this.#kept;
    // the protocol's version is Python's (net/protocol.py, stamped in version.js by the build): the
    // host checks it, and says if it differs
    this.protocol ??= PROTOCOL ?? (await this.local.call("ping"))?.protocol;
    this.#hello({ table, part, resume: resume || undefined, key });
  }

  /** The channel ended: nothing more will answer what was sent; through the room, this page is
   * back in its seat by itself (its hello says `resume`). */
  #dropped() {
    for (const w of this.waiters.splice(0)) w();
    if (this.link.room) this.#kept.resume = true;
  }

  /** @param {{kind: string, [field: string]: unknown}} message */
  #send(message) {
    const clean = Object.fromEntries(
      Object.entries({ v: this.protocol, ...message }).filter(([, v]) => v !== undefined),
    );
    try {
      this.link.send(JSON.stringify(clean));
    } catch (error) {
      // the channel is closing (its end is on its way, and this page knocks again then): a move
      // sent now waits for the table again, as after any drop
      if (!(error instanceof NetError)) throw error;
      for (const w of this.waiters.splice(0)) w();
    }
  }

  /** A text from the host: checked by this device's Python, then taken in, in order. @param {string} text */
  #heard(text) {
    this.applying = this.applying.then(async () => {
      // before this device's engine is up, a message whose shape can be drawn is taken at once
      // (earlycheck.js) and read by Python as soon as it is up
      const reply = await readHostText(this.local, text, (refusal) => this.#refusedLate(refusal));
      if (!reply?.ok) return; // a message that cannot be taken changes nothing (the console has it)
      const m = reply.message;
      if (m.table !== this.#kept.table) return;
      if (m.kind === "welcome" || m.kind === "table") {
        this.#kept.seat = m.seat;
        this.#kept.commitment = m.commitment ?? this.#kept.commitment;
        if (m.kind === "welcome" && m.friends) this.#friends(m.friends);
        if (m.snapshot) await this.#table(m.snapshot, m.events ?? []);
        else if (m.kind === "welcome") this.toast(T.netTable.waitingDeal);
      } else if (m.kind === "gathering") {
        this.#friends(m.friends);
        this.#kept.commitment = m.commitment;
      } else if (m.kind === "presence") {
        this.others = m.seats;
        this.watchers = m.watchers ?? 0; // how many watch the table, as the host counts them
        this.changed();
      } else if (m.kind === "reaction") {
        this.reacted(m.seat, m.id);
      } else if (m.kind === "rated_part" || m.kind === "rated_sign") {
        const { seat, part, digest, signature } = m;
        this.rated(part ? { seat, part } : { seat, digest, signature });
      } else if (m.kind === "reveal") {
        await this.#reveal(m);
      } else if (m.kind === "refusal") {
        this.toast(refusalWords(m));
        this.#answered();
        if (m.code === "seat_given") {
          // a rated match left for good (the clock's away rule): abandoned, in this career
          const snap = this.kept?.snapshot;
          if (snap?.net?.rated && !snap.match?.over) this.left(snap.settings, this.kept?.commitment ?? null);
          return this.#given();
        }
      }
      this.#keep();
    });
  }

  /** A message taken before this device's engine was up, refused by its Python once it was: it
   * was no message of a table (the host's page is not this game's), so this device leaves that
   * table, saying why.
   * @param {{code?: string, values?: object}|null} reply Python's refusal */
  #refusedLate(reply) {
    if (!this.kept) return;
    console.warn(`All Threes: the host's message was refused once read (${reply?.code}): leaving the table`);
    this.toast(refusalWords(reply));
    this.#given();
  }

  /** @param {{seat: number, joined: boolean}[]} friends */
  #friends(friends) {
    this.others = friends.map((f) => ({ seat: f.seat, presence: f.joined ? "connected" : "waiting" }));
    this.changed();
  }

  /** @param {Snapshot} snapshot @param {{kind: string}[]} events */
  async #table(snapshot, events) {
    const seen = this.#kept.events;
    for (const e of events) if (seen.length < MAX_SEEN) seen.push(e);
    if (
      events.some((e) => e.kind === "deal") &&
      snapshot.round_no === 1 &&
      this.shared?.match !== snapshot.net?.match
    ) {
      this.shared = null; // a rematch: its own deal to check, its own record to keep
      this.#kept.record = null;
    }
    const first = !this.#kept.snapshot;
    this.#kept.snapshot = snapshot;
    this.#keep(); // kept as it comes: a reload while it is drawn finds this table, not the one before
    await this.accept({ ok: true, snapshot, events });
    this.#answered();
    if (first) this.changed(); // the seats' names and how each stands, now that the table names them
  }

  #answered() {
    const waiter = this.waiters.shift();
    if (waiter) waiter();
  }

  /** @param {{record?: object}} m the host's reveal (Python checked its shape) */
  async #reveal(m) {
    if (this.shared) return; // every later table of a finished match brings it again
    const { shared, words, proved } = await checkReveal(this.local, this.#kept, m, this.careerNow());
    this.shared = shared;
    this.toast(words);
    // a match whose deal is proved counts in this device's career, for this device's seat
    if (proved) this.counted(proved);
    this.#kept.record = m.record;
    this.#kept.events = []; // the next match starts its own
  }

  /** What this device saw, for the test hook's record() and for keeping. */
  seen() {
    return this.kept ? { ...this.kept, shared: this.shared } : null;
  }

  #keep() {
    keepKept(this.kept);
  }

  /** The table's engine on this device: a move goes to the host and waits for its answer. */
  /** @param {string} op @param {any} [payload] the request's fields (JSON for Python) */
  async #call(op, payload = {}) {
    if (op === "intent") return this.#intent(payload.intent);
    if (op === "record") return { ok: true, record: this.kept?.record ?? null, seen: this.seen() };
    if (LOCAL_OPS.has(op)) return this.local.call(op, payload);
    // hints, reviews and the rules' words are the host's table's; a guest's page does without
    return { ok: false, code: "bad_request", error: `${op} is the host's`, values: {} };
  }

  /** @param {{kind?: string}|null|undefined} intent */
  #intent(intent) {
    // the round panel's Next is the host's to give; any other intent goes to the host's Python,
    // which alone says what a guest may ask
    if (intent?.kind === "next") {
      this.toast(T.netTable.hostDeals);
      return Promise.resolve(null);
    }
    if (!this.channel) {
      // at a table played online this page is knocking again by itself: no codes to ask for
      this.toast(this.link.room ? T.netTable.reconnecting : T.netTable.notConnected);
      return Promise.resolve(null);
    }
    // a computer plays this seat for now (its clock ran out too often): the person's next action
    // takes it back (a hello, which the host's Python reads as back in its seat)
    if (this.standing()) {
      this.back();
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      this.waiters.push(() => resolve(null)); // the host's table is taken in by #table
      this.#send({ kind: "intent", intent });
    });
  }

  /** Whether a computer plays this device's seat for now (as the host's last table says). */
  standing() {
    const seat = this.kept?.seat;
    return Boolean(this.kept?.snapshot?.seats?.find((s) => s.seat === seat)?.stand_in);
  }

  /** The person is back at a seat a computer played: its hello again takes the seat back. */
  back() {
    if (!this.channel || !this.kept) return;
    const { table, part, key } = this.kept;
    this.#hello({ table, part, resume: true, key });
  }

  /** The player's title changed (reached, hidden, shown again): the host's table shows it. */
  sayTitle() {
    if (!this.channel || this.helloed !== this.channel) return; // not seated yet: its hello says it
    /** @type {Omit<import("../shapes/messages.js").GuestTitle, "v">} (#send adds v) */
    const said = { kind: "title", title: this.title() };
    this.#send(said);
  }

  /** A hello to the host (net/protocol.py's): this seat's part and key, its name and title.
   * @param {{table: string|null, part: string, resume?: boolean, key?: string}} seat */
  #hello(seat) {
    const title = this.title() ?? undefined;
    /** @type {Omit<import("../shapes/messages.js").Hello, "v"|"table"> & {table: string|null}} (#send adds v) */
    const hello = { kind: "hello", ...seat, name: this.name || undefined, title };
    this.#send(hello);
    this.helloed = this.channel; // a title that changes from now on is said on this channel
  }

  /** The host gave this seat to a computer: the table is not this device's any more (nothing
   * kept to come back to; its own table is back at the next visit). */
  #given() {
    this.link.close();
    localStorage.removeItem(GUEST_KEY);
    this.kept = null;
    this.changed();
  }

  /** The person leaves the table: the host is told (its seat is the host's to give to a
   * computer), and this device forgets it, so its own table comes back. */
  leave() {
    this.#send({ kind: "bye" });
    this.link.leave();
    localStorage.removeItem(GUEST_KEY);
  }

  /** This device's part of a rated result, or its signature of it, to the table (the host
   * relays it to the other friends): `{part}` or `{digest, signature}`.
   * @param {{part?: object, digest?: string, signature?: string}} shared */
  shareRated(shared) {
    if (!this.channel) return;
    if (shared.part) this.#send({ kind: "rated_part", part: shared.part });
    else this.#send({ kind: "rated_sign", digest: shared.digest, signature: shared.signature });
  }

  /** A quick reaction to the table. @param {string} id */
  react(id) {
    if (this.channel) this.#send({ kind: "reaction", id });
  }
}
