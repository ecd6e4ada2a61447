// @ts-check
// Your devices in sync: two of one's own devices, paired once by one link, merge their careers by
// themselves whenever both are open. Each pairing is a room on the relays (net/room.js) named by a
// secret only the two devices hold (the link carried it once, in its fragment), in which each has a
// key of its own; nobody else's message is read there.
//
//   device A                                   device B
//   hi {n, reply: false, name} ------------->  a call: "I am open" (at start, after a match)
//                              <-------------  hi {n, reply: true, name}
//   both: the careers cross on a channel through the room (net/pairing.js over room.js's
//   RelayChannel, encrypted end to end), then each device's Python merges them (career_merge:
//   every entry checked, every kept match replayed); a merge that brings something new replaces
//   the career here, keeping what it replaced as a backup (store.js), and says so.
//
// A device that opens a pairing link (#pair-room=SECRET.KEY: the room and the first device's key)
// is asked once, then calls; the first device takes the first key that calls in that room as its
// pair, and no other afterwards. Nothing crosses until both are open: a call alone carries no
// career.
//
//   const sync = new DeviceSync({career, call, relays, toast, merged, designs});
//   await sync.start();                    // every paired device called
//   const offer = await sync.offer(site);  // {link, answered: Promise<label>, cancel()}
//   await sync.accept({room, peer});       // this device, from the other's link
//   sync.announce();                       // a match was added here: the others are called
//   sync.forget(room);

import { T } from "../i18n/strings.js";
import { exchangeCareers } from "../net/pairing.js";
import { RelayChannel, Room, randomHex } from "../net/room.js";
import { deviceLabel, PairedDevices } from "./devices.js";
import { utcDate } from "./store.js";

/** @typedef {import("./devices.js").Pairing} Pairing */
/** @typedef {import("../shapes/career.js").KeptCareer} KeptCareer */
/** career_merge's reply. @typedef {import("../shapes/career.js").CareerMerge & {ok: true}} MergeReply */
/**
 * A pairing as this page follows it: its room on the relays once open, the channel the careers
 * cross on, this page's call's nonce, the meeting being exchanged, who waits for the other
 * device's first call (an offer's), and whether a relay is open.
 * @typedef {Object} Link
 * @property {Pairing} pairing
 * @property {import("../net/room.js").Room|null} room
 * @property {import("../net/room.js").RelayChannel|null} channel
 * @property {string|null} nonce
 * @property {string|null} exchanging
 * @property {((label: string) => void)|null} answered
 * @property {boolean} live
 */
/**
 * A pairing's call: a nonce, whether it answers one, the device's label.
 * @typedef {{n: string, reply: boolean, name: string}} Hi
 */

/** An exchange not over by then is dropped (the other device went away mid-way). */
export const EXCHANGE_MS = 90_000;
/** A channel lingers this long after its exchange (the other side's last word may be on its way). */
const LINGER_MS = 3000;

/**
 * #pair-room=<room secret>.<the offering device's key in it>
 * @param {string} site @param {string} room @param {string} key
 */
export function pairRoomLink(site, room, key) {
  return `${site}#pair-room=${room}.${key}`;
}

/**
 * @template T
 * @param {Promise<T>} promise @param {number} ms
 * @returns {Promise<T>}
 */
const within = (promise, ms) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);

export class DeviceSync {
  /**
   * @param {object} o
   * @param {import("./store.js").Career} o.career
   * @param {import("./flow.js").EngineCall} o.call this device's engine
   * @param {string[]} o.relays the relays (net/relays.js); none: no pairing by link, no sync
   * @param {(text: string) => void} o.toast
   * @param {(reply: MergeReply) => void} o.merged the career was replaced by a merge (career_merge's reply)
   * @param {() => import("../shapes/career.js").DesignPrefs} [o.designs] the design preferences a merge carries
   */
  constructor({ career, call, relays, toast, merged, designs = () => ({}) }) {
    this.career = career;
    this.call = call;
    this.relays = relays;
    this.toast = toast;
    this.merged = merged;
    this.designs = designs;
    this.devices = new PairedDevices();
    /** @type {Map<string, Link>} room secret -> its link */
    this.links = new Map();
    this.crossings = 0; // careers crossed and merged (for the test hook)
  }

  /** Whether pairing by link (and syncing) can work here: some relay to meet at. */
  get possible() {
    return this.relays.length > 0;
  }

  /** The paired devices, as the list shows them. */
  get paired() {
    return this.devices.list
      .filter((p) => p.peer)
      .map(({ room, label, since, last }) => ({ room, label, since, last }));
  }

  /** Listen in every pairing's room; the device at the other end is called once a relay is
   * open (and again whenever the relays come back after all were lost). */
  async start() {
    if (!this.possible) return;
    // an offer left open when its page closed: its link leads nowhere now
    for (const p of this.devices.list.filter((p) => !p.peer)) this.devices.forget(p.room);
    await Promise.all(this.devices.list.filter((p) => p.peer).map((p) => this.#open(p)));
  }

  /** A match (or more) was added here: every paired device that is open hears of it. */
  announce() {
    for (const link of this.links.values()) if (link.pairing.peer) this.#call(link);
  }

  /** A new pairing offered by this device: its link; `answered` resolves with the other
   * device's label once it calls. `cancel()` forgets a pairing nobody answered.
   * @param {string} site this page's address
   * @returns {Promise<{link: string, answered: Promise<string>, cancel: () => void}>} */
  async offer(site) {
    const pairing = this.devices.add({ room: randomHex(32), key: randomHex(32) });
    if (!pairing) throw new Error(this.devices.full ? "full" : "storage");
    const link = await this.#open(pairing);
    /** @type {Promise<string>} */
    const answered = new Promise((resolve) => {
      link.answered = resolve;
    });
    const room = /** @type {import("../net/room.js").Room} open: #open waited for it */ (link.room);
    return {
      link: pairRoomLink(site, pairing.room, room.me),
      answered,
      cancel: () => {
        if (!link.pairing.peer) this.forget(pairing.room);
      },
    };
  }

  /**
   * This device takes the other's link: paired, then it calls.
   * @param {{room: string, peer: string}} link the room's secret and the other device's key in it
   */
  async accept({ room, peer }) {
    const known = this.devices.find(room);
    const pairing = known ?? this.devices.add({ room, key: randomHex(32), peer, label: "" });
    if (!pairing) throw new Error(this.devices.full ? "full" : "storage");
    if (pairing.peer !== peer) throw new Error("another");
    const link = await this.#open(pairing);
    if (link.live) this.#call(link); // else its first relay to open calls
  }

  /** @param {string} room */
  forget(room) {
    const link = this.links.get(room);
    link?.channel?.drop();
    link?.room?.close();
    this.links.delete(room);
    this.devices.forget(room);
  }

  close() {
    for (const link of this.links.values()) {
      link.channel?.drop();
      link.room?.close();
    }
    this.links.clear();
  }

  /**
   * @param {Pairing} pairing
   * @returns {Promise<Link>}
   */
  async #open(pairing) {
    const known = this.links.get(pairing.room);
    if (known) return known;
    /** @type {Link} */
    const link = { pairing, room: null, channel: null, nonce: null, exchanging: null, answered: null, live: false };
    this.links.set(pairing.room, link);
    link.room = await Room.open({
      secret: pairing.room,
      // Room.open reads the key's secret alone; its JSDoc asks for the public key as well (net/ is
      // checked in a later phase of issue 43, which settles it)
      key: /** @type {{secret: string, public: string}} */ ({ secret: pairing.key }),
      relays: this.relays,
      onmessage: (/** @type {string} */ from, /** @type {string} */ kind, /** @type {any} */ body) =>
        this.#heard(link, from, kind, body),
      // a call sent with no relay open goes nowhere: the first relay that opens carries it
      onstatus: (/** @type {{open: number}} */ { open }) => {
        const was = link.live;
        link.live = open > 0;
        if (link.live && !was && link.room && link.pairing.peer) this.#call(link);
      },
    });
    return link;
  }

  /** @param {Link} link */
  #call(link) {
    if (!link.room) return; // still opening: its first relay to open calls
    link.nonce = randomHex(32);
    const peer = /** @type {string} called once the other device is known */ (link.pairing.peer);
    link.room.send(peer, "hi", { n: link.nonce, reply: false, name: deviceLabel() }).catch(() => {});
  }

  /**
   * A message in a pairing's room: a call ("hi"), or the careers' channel's.
   * @param {Link} link @param {string} from the sender's key @param {string} kind
   * @param {any} body the message's JSON, as the room decrypted it (a Hi for "hi")
   */
  #heard(link, from, kind, body) {
    const { pairing, room } = link;
    if (!pairing.peer) {
      // an offered pairing: the first device that calls in its room is the pair (the link is its key)
      if (kind !== "hi" || body.reply) return;
      this.devices.update(pairing.room, { peer: from, label: body.name });
      link.answered?.(body.name);
    }
    if (from !== pairing.peer) return; // nobody else is read in a pairing's room
    if (kind !== "hi") return link.channel?.heard(kind, body);
    if (body.name && body.name !== pairing.label) this.devices.update(pairing.room, { label: body.name });
    if (!body.reply) {
      link.nonce ??= randomHex(32);
      room?.send(from, "hi", { n: link.nonce, reply: true, name: deviceLabel() }).catch(() => {});
      this.#exchange(link, body.n);
    } else if (link.nonce) this.#exchange(link, body.n);
  }

  /**
   * The careers across, once per meeting (the other's call or reply names it), then the merge.
   * @param {Link} link @param {string} meeting
   */
  async #exchange(link, meeting) {
    if (link.exchanging === meeting) return;
    link.exchanging = meeting;
    link.channel?.drop();
    // made before any await: the other device's first parts may come in the very next event
    const channel = new RelayChannel(
      /** @type {import("../net/room.js").Room} open: a message came through it */ (link.room),
      /** @type {string} the other device spoke: it is known */ (link.pairing.peer),
    );
    link.channel = channel;
    /** @type {KeptCareer} */
    const mine = { ...this.career.exportable(), prefs: this.designs() };
    // what this device held as the exchange began (the lists themselves live on and may grow)
    const held = {
      entries: mine.entries.length,
      history: mine.history.length,
      attempts: Object.keys(mine.daily.attempts ?? {}).length,
    };
    let theirs;
    try {
      theirs = await within(exchangeCareers(channel, mine), EXCHANGE_MS);
    } catch {
      return; // the other device went away, or sent what cannot be read: the next meeting tries again
    } finally {
      setTimeout(() => channel.drop(), LINGER_MS);
      if (link.exchanging === meeting) link.exchanging = null;
    }
    await this.#merge(link, mine, theirs, held);
  }

  /**
   * @param {Link} link @param {KeptCareer} mine
   * @param {unknown} theirs what the other device sent, for Python to check
   * @param {{entries: number, history: number, attempts: number}} held what this device held as it began
   */
  async #merge(link, mine, theirs, held) {
    const label = link.pairing.label || T.sync.otherDevice;
    /** @type {MergeReply|{ok: false}|null} */
    const reply = await this.call("career_merge", { mine, theirs, today: utcDate() });
    if (!reply?.ok) {
      this.toast(T.sync.failed(label));
      return;
    }
    this.devices.update(link.pairing.room, { last: utcDate() });
    this.crossings += 1;
    const { merged, counts } = reply;
    const gained =
      counts.added > 0 || counts.history > held.history || Object.keys(merged.daily.attempts).length > held.attempts;
    if (!gained) return;
    // a match finished here while the careers crossed: that merge is out of date, meet again
    const now = this.career.exportable();
    if (now.entries.length !== held.entries || now.history.length !== held.history) {
      return this.#call(link);
    }
    const written = this.career.replace({
      entries: merged.entries,
      daily: merged.daily,
      history: merged.history,
      abandoned: merged.abandoned,
    });
    if (written !== "replaced") {
      this.toast(T.pair.writeFailed);
      return;
    }
    this.toast(T.sync.merged(label, counts.added));
    this.merged(reply);
  }
}
