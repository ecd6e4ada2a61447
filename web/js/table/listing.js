// @ts-check
// This page's table in Play online's lobby: a table it hosts, just gathered, announced
// (net/announcer.js) with its free seats until they are taken, its match dealt or its host gone;
// a table whose seats are all taken and that lets people watch is announced on as a table in
// play, with its watch link and how many watch, until its match ends. While a table is being
// gathered for the lobby it is `listed`: net/hosting.js shows no invite dialog (the lobby seats
// it). table/playonline.js drives it (when to announce, when to withdraw); it is given the few
// functions of the table it calls (ListingPort).
//
//   const listing = new TableListing(port);
//   await listing.announce(spec, { answer, net, via })   // listing.entry: the table listed
//   listing.changed()   // -> null (none listed), "gone", "playing" or "waiting"
//   await listing.withdraw()

import { ratingKind } from "../career/ratingkind.js";
import { T } from "../i18n/strings.js";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../net/announcer.js").TableFields} TableFields */
/** @typedef {import("../net/roominvite.js").OpenRoom} OpenRoom */
/** @typedef {import("../shapes/engine.js").EngineReply} Reply */
/** A request's fields besides its op (JSON). @typedef {Record<string, unknown>} Payload */
/** net/lobby.js, with net/relays.js's relaysFrom. @typedef {typeof import("../net/lobby.js") & {relaysFrom: typeof import("../net/relays.js").relaysFrom}} NetModules */
/** A table to list: its settings, its clock (s a move), and a quick match's kind (else null). @typedef {{settings: SettingsJson, clock: number, quick: "2p"|"partners"|null}} Spec */

/**
 * The table this page hosts, as the lobby lists it (table/tablenet.js answers).
 * @typedef {Object} HostedPort
 * @property {() => Promise<OpenRoom|null>} opened its room on the relays, once open (null: none)
 * @property {() => string|null} table Python's id of the table this page hosts, while it hosts one
 * @property {() => {joined: number, free: number}} seats the friends' seats joined, and those nobody has taken
 * @property {() => {on: boolean, secret: string|null, watchers: number}} watchable whether people may watch, its watch link's secret, how many watch
 */

/**
 * What the listing asks of the table (table/game.js gives it these, through Play online).
 * @typedef {Object} ListingPort
 * @property {HostedPort} hosted
 * @property {(op: string, payload?: Payload) => Promise<Reply>} call the engine, not blocking the table
 * @property {(text: string) => void} toast
 * @property {(kind: string|null) => {rating: number|null, provisional: boolean, title: string|null, abandoned: number}} rating
 *   the player's rating of a kind of table and title, as a listed table says them (career/flow.js)
 * @property {() => Snapshot|null} snap the table now
 * @property {() => string} name the player's name at the table
 * @property {() => string[]} relays the relays of the player's preferences
 */

/**
 * This page's table as listed.
 * @typedef {Object} Listed
 * @property {InstanceType<NetModules["Announcer"]>} announcer
 * @property {import("../net/nostrevent.js").KeyPair} key the host's key in its room
 * @property {Spec} spec
 * @property {number} since (s)
 * @property {number} opened (ms)
 * @property {Map<string, number>} asked the hosts of other quick tables asked directly: when (playonline.js)
 * @property {number} askedAt
 * @property {ReturnType<typeof setTimeout>|undefined} relook
 * @property {string|null} table Python's id of the table
 * @property {number} free
 * @property {number} playing every seat taken and people may watch: since when (s), announced as in play
 * @property {number} watchers
 */

export class TableListing {
  /** @param {ListingPort} table */
  constructor(table) {
    this.table = table;
    /** @type {Listed|null} */
    this.entry = null;
    // the table being gathered is listed here: no invite dialog, the lobby seats it (net/hosting.js)
    this.listed = false;
  }

  /** The table being gathered is listed here (or no longer): its seats are taken from the lobby.
   * @param {boolean} on */
  list(on) {
    this.listed = on;
  }

  /**
   * A table this page hosts, just gathered: listed until full, dealt or closed.
   * @param {Spec} spec
   * @param {{answer: string[], net: NetModules, via: import("../net/announcer.js").Via|null}} o
   *   the pages looking for this game heard before it was listed; net/lobby.js; the lobby's
   *   sockets, already open, for its first announcements while its own open
   */
  async announce(spec, { answer, net, via }) {
    await this.entry?.announcer.stop(); // an earlier table of this page's, if any
    this.entry = null;
    const hosted = this.table.hosted;
    // the rules' words from Python while the room opens on the relays
    const [opened, formReply] = await Promise.all([
      hosted.opened(),
      this.table.call("rules_form", { settings: spec.settings }),
    ]);
    if (!opened) {
      this.table.toast(T.room.down);
      return;
    }
    const form = formReply?.form;
    // the target these rules play to, as Python's rules form has it (a rule: never one of the
    // page's); a table whose rules Python refused is not listed
    const target = form?.options.find((/** @type {{name: string}} */ o) => o.name === "target")?.value;
    if (!Number.isInteger(target)) {
      this.table.toast(T.lobby.unlisted);
      return;
    }
    const seats = spec.settings.seats.length;
    const since = Math.floor(Date.now() / 1000);
    const about = () => ({
      name: this.table.name(),
      lang: /** @type {"en"|"pl"} */ (document.documentElement.lang === "pl" ? "pl" : "en"),
      players: seats,
      teams: spec.settings.mode === "partners",
      sprint: spec.settings.mode === "sprint",
      preset: form?.preset ?? spec.settings.rules,
      target: /** @type {number} */ (target),
      clock: spec.clock,
    });
    // waiting: the table's one link and its free seats; in play (every seat taken, people may
    // watch): its watch link's secret and how many watch
    /** @returns {TableFields} */
    const entry = () => {
      const playing = this.entry?.playing;
      const { secret, watchers } = hosted.watchable();
      if (playing && secret) return { type: "play", watch: secret, ...about(), watchers, since: playing };
      return {
        room: opened.room.secret,
        ...about(),
        free: hosted.seats().free,
        quick: spec.quick,
        since,
        // the host's rating of this kind of table and title, as its own career has them
        ...this.table.rating(ratingKind(spec.settings)),
      };
    };
    const announcer = new net.Announcer({ relays: this.table.relays(), key: opened.room.key, entry, via });
    this.entry = {
      announcer,
      key: opened.room.key,
      spec,
      since,
      opened: Date.now(),
      asked: new Map(),
      askedAt: 0,
      relook: undefined,
      table: hosted.table(),
      free: hosted.seats().free,
      playing: 0,
      watchers: 0,
    };
    announcer.answer(answer); // pages looking for this game, heard before it was listed
    announcer.start();
    if (!spec.quick) this.table.toast(T.lobby.announced);
  }

  /** The table across devices changed: a seat taken, the match dealt, the table gone, people
   * let watch or not, a watcher more or fewer. What the listing is now: null (none listed),
   * "gone" (to withdraw), "playing" (listed in play) or "waiting" (for its free seats).
   * @returns {"gone"|"playing"|"waiting"|null} */
  changed() {
    const listed = this.entry;
    if (!listed) return null;
    const hosted = this.table.hosted;
    const snap = this.table.snap();
    const table = hosted.table();
    const free = table !== null ? hosted.seats().free : 0;
    const gone = table === null || table !== listed.table;
    if (gone || ((snap || free === 0) && !this.#watchable())) return "gone";
    if (snap || free === 0) {
      // in play: Play online lists it to watch
      const { watchers } = hosted.watchable();
      if (!listed.playing) listed.playing = Math.floor(Date.now() / 1000);
      else if (watchers === listed.watchers) return "playing";
      listed.watchers = watchers;
      listed.announcer.update(); // said at once: in play, or how many watch
      return "playing";
    }
    if (listed.playing) listed.playing = 0; // a seat freed before the deal: waiting again
    if (free !== listed.free || listed.playing) listed.announcer.update(); // a seat taken or freed: said at once
    listed.free = free;
    return "waiting";
  }

  /** This page's listed table may be listed in play: people may watch it, and its match goes on. */
  #watchable() {
    return this.table.hosted.watchable().on && !this.table.snap()?.match?.over;
  }

  /** This page's table leaves the lists (full, dealt, closed, or the player went elsewhere);
   * a table of friends opened after it shows its invite again. */
  async withdraw() {
    const listed = this.entry;
    this.entry = null;
    clearTimeout(listed?.relook);
    this.listed = false;
    await listed?.announcer.stop();
  }
}
