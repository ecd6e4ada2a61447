// @ts-check
// Play online, the lobby where strangers meet (not the `parlor` preset, nor the Parlor Match
// mode): the open tables listed live, Join, Watch, Open a table, and Quick match. The lobby's
// events and their checks are net/lobby.js's; the dialog is ui/dialogs/lobby.js; a table, once
// joined or opened, is a table played online like any other (net/hosting.js, net/online.js):
// joining is opening the table's one link, and an opened table is the host's gathering,
// announced (net/announcer.js) until its seats are taken, its match dealt or its host goes. A
// listed table whose seats are all taken and that lets people watch (the host's "Let people
// watch": on for the lobby's tables) is announced on as a table in play, with its watch link,
// until its match ends or its host goes: Play online lists it with Watch.
//
// Quick match (net/quick.js): the page asks, and joins the first quick table of the kind asked
// for that answers it (a table listed but silent, a ghost or a host whose page froze, is passed
// over); with none within a moment, it opens one (the clock at Python's quick_clock) and waits.
// A page looking for the same game at the same time is paired with this one (one opens its table
// at once, the other joins it), and a waiting table that meets another of the same kind (their
// looks missed each other) gives way to it once it has answered (net/quick.js givesWay). While it
// waits, the computer is offered instead, and once someone has joined, computers in the seats
// still empty (Python's `fill`).
//
// A table this page listed and left (it gave way, or the player joined another table) is gone
// for good: its save becomes the player's usual game before the page goes, so no reload brings
// it back as a table of strangers that is no longer listed, or seats the stranger who still held
// its link.
//
// Nothing is heard or announced while the page is hidden or idle (table/idlewatch.js); the list
// says it is paused, and Refresh (or coming back to the page) starts again. net/lobby.js is
// fetched only when Play online is opened. PlayOnline is given the few functions of the table it
// calls (PlayOnlinePort, built by table/game.js), and owns whether the table is `listed`.

import { T } from "../i18n/strings.js";
import { storePrefs } from "../store/storage.js";
import { IdleWatch } from "./idlewatch.js";
import { TableListing } from "./listing.js";

/** The level of the computers a quick match seats (the empty seats, or the game instead): the
 * Pub level, a good pub player and instant on any device, for a game among strangers. */
const QUICK_LEVEL = "pub";

/** @typedef {import("../shapes/snapshot.js").Snapshot} Snapshot */
/** @typedef {import("../shapes/snapshot.js").SettingsJson} SettingsJson */
/** @typedef {import("../net/lobby.js").LobbyEntry} LobbyEntry */
/** @typedef {import("./listing.js").Spec} Spec */
/** @typedef {"2p"|"partners"} QuickKind */
/** net/lobby.js, with net/relays.js's relaysFrom. @typedef {typeof import("../net/lobby.js") & {relaysFrom: typeof import("../net/relays.js").relaysFrom}} NetModules */

/** New game's choices, from Python (op "choices"). @typedef {import("../shapes/choices.js").Choices} Choices */

/**
 * What Play online asks of the table (table/game.js gives it these, and nothing else), with what
 * its listing asks (listing.js ListingPort: hosted, call, toast, rating, snap).
 * @typedef {Omit<import("./listing.js").ListingPort, "name"|"relays"> & PlayOnlineOwn} PlayOnlinePort
 *
 * @typedef {Object} PlayOnlineOwn
 * @property {import("../store/storage.js").Prefs} prefs the page's preferences: the name at the table, the relays, the last settings
 * @property {HTMLElement} root where the dialog goes
 * @property {<R>(open: () => Promise<R>) => Promise<R>} modal a modal dialog over the table
 * @property {(op: string, payload?: import("./listing.js").Payload) => Promise<unknown>} send a request that changes the table
 * @property {(settings: SettingsJson, seed: null, options: object) => Promise<unknown>} newGame a new game (controller.js)
 * @property {() => Promise<Choices|null>} choices Python's choices (tools.js asks once)
 * @property {() => Promise<unknown>} openTable New game's dialog for a table listed here (tools.js)
 */

/** This page's quick match. @typedef {{kind: QuickKind, preset: string|null, started: number, opening?: boolean}} Quick */

export class PlayOnline {
  /** @param {PlayOnlinePort} table */
  constructor(table) {
    this.table = table;
    /** @type {NetModules|null} net/lobby.js and net/relays.js, once fetched */
    this.net = null;
    /** @type {import("../net/lobby.js").Lobby|null} heard while the dialog is open (or a quick match waits) */
    this.lobby = null;
    /** @type {Promise<unknown>|null} */
    this.lobbyOpening = null;
    /** @type {import("../ui/dialogs/lobby.js").LobbyDialog|null} */
    this.dialog = null;
    // this page's table in the lobby
    this.listing = new TableListing({
      hosted: table.hosted,
      call: table.call,
      toast: table.toast,
      rating: table.rating,
      snap: table.snap,
      name: () => this.name,
      relays: () => this.relays,
    });
    /** @type {Quick|null} */
    this.quick = null;
    /** @type {import("../net/quick.js").Seek|null} its look until it is settled and handed over */
    this.seek = null;
    this.joining = false; // this page is going to another table
    /** @type {ReturnType<typeof setInterval>|undefined} */
    this.ticker = undefined;
    this.idle = new IdleWatch({
      changed: (idle) => this.#idleChanged(idle),
      // the page goes: its table leaves every list at once (as far as the page has time to say so)
      gone: () => this.listing.entry?.announcer.stop(),
    });
  }

  /** The table being gathered is listed here: its seats are taken from the lobby (no invite). */
  get listed() {
    return this.listing.listed;
  }

  /** The table being gathered is listed here (or no longer). @param {boolean} on */
  list(on) {
    this.listing.list(on);
  }

  /** The player's name at the table (the preference `name`): chosen once, a default before. */
  get name() {
    const prefs = this.table.prefs;
    if (typeof prefs.name === "string" && prefs.name.trim()) return prefs.name;
    const name = T.lobby.nameDefault(1000 + Math.floor(Math.random() * 9000));
    prefs.name = name;
    storePrefs(prefs);
    return name;
  }

  /** @param {string} text */
  rename(text) {
    // plain words: no markup's brackets nor control characters (a lobby shows no other name)
    const name = String(text)
      .replace(/[<>\p{Cc}\p{Cf}]/gu, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 16)
      .trim();
    if (!name) return;
    this.table.prefs.name = name;
    storePrefs(this.table.prefs);
  }

  /** The relays of the player's preferences (net/relays.js), once net/ is fetched. */
  get relays() {
    if (!this.net) return [];
    return this.net.relaysFrom({ relays: this.table.prefs.relays }).urls;
  }

  /** net/lobby.js and net/relays.js, fetched the first time (not in a first visit's bytes).
   * @returns {Promise<NetModules>} */
  async #net() {
    if (!this.net) {
      const [lobby, relays] = await Promise.all([import("../net/lobby.js"), import("../net/relays.js")]);
      this.net = { ...lobby, relaysFrom: relays.relaysFrom };
    }
    return this.net;
  }

  /** The test hook's `net.lobby`: the list while the lobby is open, else null. */
  hook() {
    if (!this.lobby) return null;
    const tables = this.lobby.tables().map((t) => ({
      id: t.id,
      players: t.players,
      free: t.free ?? 0,
      rules: t.preset,
      answered: t.live,
      playing: t.playing,
      watchers: t.playing ? t.watchers : 0,
    }));
    return { tables, waiting: Boolean(this.quick) };
  }

  // ------------------------------------------------------------------ the dialog
  /** Play online: the dialog, and the lobby heard while it is open. */
  async open() {
    if (this.dialog?.isOpen) return;
    const [{ LobbyDialog }] = await Promise.all([import("../ui/dialogs/lobby.js"), this.#net()]);
    const choices = await this.table.choices();
    if (!choices) return;
    const dialog = new LobbyDialog(this.table.root);
    this.dialog = dialog;
    const closed = this.table.modal(() =>
      dialog.open({
        name: this.name,
        presets: choices.presets,
        rename: (text) => this.rename(text),
        quick: (kind, preset) => this.quickMatch(/** @type {QuickKind} */ (kind), preset),
        openTable: () => this.#openTable(),
        // the dialog hands back the entries it was shown (net/lobby.js's)
        join: (t) => this.join(/** @type {LobbyEntry} */ (/** @type {unknown} */ (t))),
        watch: (t) => this.watch(/** @type {LobbyEntry} */ (/** @type {unknown} */ (t))),
        refresh: () => this.idle.input(),
      }),
    );
    this.ticker = setInterval(() => this.#listed(), 15_000); // "waiting N minutes" moves on
    this.idle.start();
    try {
      await this.#openLobby(choices);
    } catch {
      dialog.status(T.room.down); // the relays' code could not be fetched (offline at first use)
    }
    await closed;
    clearInterval(this.ticker);
    if (this.dialog === dialog) this.dialog = null;
    if (!this.quick) this.#closeLobby(); // a quick match waiting still watches the list
  }

  /** @param {Choices} choices */
  async #openLobby({ presets, clocks }) {
    if (this.lobby) return this.#listed();
    if (!this.net || !this.relays.length) {
      this.dialog?.status(T.lobby.down);
      return;
    }
    this.lobby = new this.net.Lobby({
      relays: this.relays,
      presets,
      clocks,
      onchange: () => this.#listed(),
      onstatus: ({ down }) => this.dialog?.status(down ? T.lobby.down : ""),
    });
    this.lobbyOpening = this.lobby.open();
    await this.lobbyOpening;
    this.#listed();
  }

  #closeLobby() {
    this.lobby?.close();
    this.lobby = null;
    this.#unwatchIfDone();
  }

  /** The list changed (or time passed): the dialog shows it, and a waiting quick match looks. */
  #listed() {
    const tables = this.lobby?.tables() ?? [];
    const mine = this.listing.entry?.key.public;
    this.dialog?.show(tables.filter((t) => t.host !== mine));
    this.#quickLooks(tables);
    this.#waitingShown();
  }

  /** Watch a listed table in play: its watch link, opened here (main.js: this page becomes its
   * watcher). @param {LobbyEntry} t */
  watch(t) {
    if (t.playing) return this.#leaveFor(`watch=${t.watch}.${t.host}`);
  }

  /** Join a listed table: its one link, opened here (main.js: this page becomes its guest).
   * @param {LobbyEntry} t */
  join(t) {
    return this.#leaveFor(`room=${t.room}.${t.host}`);
  }

  /** This page goes to another table (`hash`: its link): its own listed table, if any (or a quick
   * table being opened), leaves the lists and this device, gone for good. @param {string} hash */
  async #leaveFor(hash) {
    if (this.joining) return; // (a quick match may find the same table twice before it goes)
    this.joining = true;
    this.dialog?.close();
    this.seek?.stop();
    const listed = Boolean(this.listing.entry) || Boolean(this.quick?.opening);
    this.quick = null;
    await Promise.all([this.#withdraw(), listed ? this.#usualGame() : null]);
    location.hash = hash;
  }

  /** The player's usual game in place of a table of this page's that nobody will come to (a
   * quick table that gave way, a listed table left): Python's save is a match of the player's
   * own again (their last New game's choices, without friends' seats, else the defaults), so no
   * later visit hosts that table again, and its room is closed with it. */
  async #usualGame() {
    const choices = await this.table.choices();
    if (!choices) return;
    const last = this.table.prefs.settings;
    const alone = last?.seats && !last.seats.some((s) => s.controller === choices.friend);
    await this.table.newGame(last && alone ? last : choices.defaults, null, { remember: false });
  }

  /** Open a table: New game's choices (a friend's seat at least), then listed. */
  async #openTable() {
    this.dialog?.close();
    await this.table.openTable();
  }

  // ------------------------------------------------------------------ this page's table listed
  /**
   * A table this page hosts, just gathered: listed until full, dealt or closed (listing.js).
   * @param {Spec} spec
   * @param {{answer?: string[]}} [o] the pages looking for this game, heard before it was listed
   */
  async announce(spec, { answer = [] } = {}) {
    const net = await this.#net();
    await this.listing.announce(spec, { answer, net, via: this.lobby?.pool ?? null });
    if (this.listing.entry) this.idle.start();
  }

  /** The table across devices changed (tablenet.js): its listing follows it, and a quick match
   * seated or dealt is done. */
  changed() {
    const now = this.listing.changed();
    if (now === "gone") this.#withdraw();
    if (now && now !== "waiting" && this.quick) this.#quickDone();
    if (now === "waiting") this.#waitingShown();
  }

  /** This page's table leaves the lists (full, dealt, closed, or the player went elsewhere). */
  async #withdraw() {
    await this.listing.withdraw();
    this.#unwatchIfDone();
  }

  // ------------------------------------------------------------------ quick match
  /** A quick match's table of `kind` ("2p" or "partners"), the preset asked for (else the
   * default), every other seat `others` (a friend's, or a computer level).
   * @param {QuickKind} kind @param {string|null|undefined} preset @param {string} others
   * @returns {Promise<SettingsJson>} */
  async #quickSettings(kind, preset, others) {
    const choices = /** @type {Choices} */ (await this.table.choices());
    const seats = kind === "partners" ? choices.partners_players - 1 : 1; // the others' seats
    return {
      mode: kind === "partners" ? "partners" : "match",
      rules: preset ?? choices.defaults.rules,
      options: {},
      seats: [{ controller: "you" }, ...Array.from({ length: seats }, () => ({ controller: others }))],
      hide_sum: false,
    };
  }

  /** Quick match: the first table waiting for the same game that answers, else a table of
   * one's own, listed (net/quick.js). @param {QuickKind} kind @param {string|null} preset */
  async quickMatch(kind, preset) {
    if (this.quick) return;
    this.quick = { kind, preset, started: Date.now() };
    this.#waitingShown();
    await this.#net();
    await this.lobbyOpening?.catch(() => {});
    if (!this.quick) return; // stopped meanwhile
    if (!this.lobby?.pool || !this.net) return this.#openQuick(kind, preset, null); // no relays: nobody to ask
    // seated with the closest rating among the tables that answer (the player's of this kind)
    const { rating } = this.table.rating(kind === "partners" ? "partners" : "two");
    const seek = new this.net.Seek({ lobby: this.lobby, kind, preset, relays: this.relays, rating });
    this.seek = seek;
    const found = await seek.start();
    if (!this.quick || this.seek !== seek) return seek.stop(); // stopped meanwhile
    if ("join" in found) return this.join(found.join);
    await this.#openQuick(kind, preset, seek);
  }

  /** Nobody answered: this page's own quick table, listed; the looks heard meanwhile are named
   * in its first announcement (and those heard until it is out, as they come).
   * @param {QuickKind} kind @param {string|null} preset @param {import("../net/quick.js").Seek|null} seek */
  async #openQuick(kind, preset, seek) {
    const quick = this.quick;
    if (!quick) return;
    quick.opening = true; // stopped or left before it is listed, it is still undone (#stopQuick, join)
    const settings = await this.#quickSettings(kind, preset, "friend");
    const clock = /** @type {Choices} */ (await this.table.choices()).quick_clock; // Python's: a minute a move
    this.listing.list(true); // no invite dialog: the lobby seats this table
    // a lobby's table: rated, and people may watch it (the host may turn watching off in the invite)
    const gather = { name: this.name, clock, watch: true, rated: true };
    await this.table.newGame(settings, null, { remember: false, gather });
    if (this.quick !== quick) return seek?.stop();
    await this.announce({ settings, clock, quick: kind }, { answer: [...(seek?.seekers ?? [])] });
    quick.opening = false;
    if (this.quick !== quick) {
      seek?.stop();
      return this.#withdraw(); // stopped while it was being listed
    }
    const announcer = this.listing.entry?.announcer;
    if (seek && announcer && this.seek === seek) {
      seek.onseeker = (key) => announcer.answer([key]);
      announcer.ready.then(() => seek.stop()); // from then on, its own asks' topic hears them
    } else seek?.stop();
    this.#waitingShown();
  }

  /** A waiting quick table that nobody has joined meets another of the same kind (their looks
   * missed each other): it asks those it would give way to directly (net/quick.js givesWay: the
   * smaller host key hosts, the same on both pages), those that answered anything first, then
   * the least recently asked, at most one ask every ASK_AGAIN_MS (an ask or its answer may be
   * lost), and gives way to the first that answers. @param {LobbyEntry[]} tables */
  #quickLooks(tables) {
    const listed = this.listing.entry;
    const net = this.net;
    if (!this.quick || !listed?.spec.quick || this.#joined() > 0 || !this.lobby || !net) return;
    const mine = { host: listed.key.public };
    const { kind, preset } = this.quick;
    const others = tables.filter((t) => net.quickFits(t, { kind, preset, own: mine.host }) && net.givesWay(mine, t));
    const answered = others.find((t) => t.answered >= listed.opened);
    if (answered) return this.join(answered);
    const now = Date.now();
    if (!others.length || now - listed.askedAt < net.ASK_AGAIN_MS) return;
    listed.askedAt = now;
    const asked = (/** @type {LobbyEntry} */ t) => listed.asked.get(t.host) ?? 0;
    const to = others
      .sort((a, b) => Number(b.answered > 0) - Number(a.answered > 0) || asked(a) - asked(b))
      .slice(0, 4)
      .map((t) => t.host);
    for (const host of to) listed.asked.set(host, now);
    this.lobby.ask({ quick: kind, preset, to }).catch(() => {});
    clearTimeout(listed.relook);
    listed.relook = setTimeout(() => this.#listed(), net.ASK_AGAIN_MS); // unanswered: asked again
  }

  #joined() {
    return this.table.hosted.seats().joined;
  }

  /** The dialog's waiting part, as the quick match stands. */
  #waitingShown() {
    if (!this.dialog) return;
    if (!this.quick) return this.dialog.waiting(null);
    const joined = this.#joined();
    this.dialog.waiting({
      kind: this.quick.kind,
      waited: (Date.now() - this.quick.started) / 1000,
      joined,
      fill: joined > 0 ? () => this.#fill() : null,
      computer: () => this.#computerInstead(),
      stop: () => this.#stopQuick(),
    });
  }

  /** Computers in the seats still empty: the match is dealt (Python's `fill`), and listed in
   * play if people may watch it (changed()). */
  async #fill() {
    await this.table.send("fill", { level: QUICK_LEVEL });
    this.#quickDone();
    this.changed();
  }

  /** Nobody came: a game against the computer, the same kind, instead. */
  async #computerInstead() {
    const kind = this.quick?.kind ?? "2p";
    const preset = this.quick?.preset;
    await this.#stopQuick(false);
    const settings = await this.#quickSettings(kind, preset, QUICK_LEVEL);
    await this.table.newGame(settings, null, { remember: false });
  }

  /** Stop looking: the table is withdrawn, and the player's own usual game is back. */
  async #stopQuick(restore = true) {
    const hosted = Boolean(this.listing.entry?.spec.quick) || Boolean(this.quick?.opening);
    this.quick = null;
    this.seek?.stop();
    this.seek = null;
    await this.#withdraw();
    this.#waitingShown();
    this.listing.list(false);
    if (restore && hosted) await this.#usualGame();
  }

  /** The quick match is seated (or dealt): the dialog closes on the table. */
  #quickDone() {
    this.quick = null;
    this.seek?.stop();
    this.seek = null;
    this.listing.list(false);
    this.dialog?.close();
    if (!this.dialog) this.#closeLobby();
  }

  // ------------------------------------------------------------------ hidden or idle
  #unwatchIfDone() {
    if (!this.lobby && !this.listing.entry) this.idle.stop();
  }

  /** The page went idle or hidden (idlewatch.js), or came back: the lobby and the announcements
   * pause, or go on. @param {boolean} idle */
  #idleChanged(idle) {
    if (idle) {
      this.lobby?.pause();
      this.listing.entry?.announcer.pause();
    } else {
      this.lobby?.resume();
      this.listing.entry?.announcer.resume();
    }
    this.dialog?.paused(idle);
    if (!idle) this.#listed();
  }
}
