// Play online (the parlor's lobby): the open tables listed live, Join, Open a table, and Quick
// match. The lobby's events and their checks are net/lobby.js's; the dialog is
// ui/dialogs/lobby.js; a table, once joined or opened, is a table played online like any other
// (net/hosting.js, net/online.js): joining is opening the table's one link, and an opened table is
// the host's gathering, announced (net/announcer.js) until its seats are taken, its match dealt or
// its host goes. A listed table whose seats are all taken and that lets people watch (the
// host's "Let people watch": on for the lobby's tables) is announced on as a table in play, with
// its watch link, until its match ends or its host goes: Play online lists it with Watch.
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
// A good citizen of volunteer relays: nothing is heard or announced while the page is hidden or
// idle (no pointer or key for IDLE_MS); the list says it is paused, and Refresh (or coming back
// to the page) starts again. net/lobby.js is fetched only when Play online is opened.

import { ratingKind } from "../career/ratingkind.js";
import { T } from "../i18n/strings.js";
import { storePrefs } from "../store/storage.js";

/** No pointer or key for this long: the page is idle, and stops hearing and announcing (ms). */
export const IDLE_MS = 5 * 60_000;
/** The level of the computers a quick match seats (the empty seats, or the game instead): the
 * Pub level, a good pub player and instant on any device, for a game among strangers. */
const QUICK_LEVEL = "pub";

export class Parlor {
  /**
   * @param {object} table the table (game.js): prefs, controller, tools, across, hud, modal, toast
   */
  constructor(table) {
    this.table = table;
    this.lobby = null; // net/lobby.js's Lobby while the dialog is open (or a quick match waits)
    this.dialog = null;
    this.announcer = null; // this page's table in the lobby: {announcer, spec, since}
    this.quick = null; // this page's quick match: {kind, preset, started}
    this.seek = null; // its look (net/quick.js Seek) until it is settled and handed over
    this.lastInput = Date.now();
    this.idle = false;
    this.watching = false;
  }

  /** The player's name at the table (the preference `name`): chosen once, a default before. */
  get name() {
    const prefs = this.table.prefs;
    if (typeof prefs.name !== "string" || !prefs.name.trim()) {
      prefs.name = T.lobby.nameDefault(1000 + Math.floor(Math.random() * 9000));
      storePrefs(prefs);
    }
    return prefs.name;
  }

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
    return this.net.relaysFrom({ relays: this.table.prefs.relays }).urls;
  }

  /** net/lobby.js and net/relays.js, fetched the first time (not in a first visit's bytes). */
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
    const choices = await this.table.tools.choicesNow();
    if (!choices) return;
    const dialog = new LobbyDialog(this.table.hud.root);
    this.dialog = dialog;
    const closed = this.table.modal(() =>
      dialog.open({
        name: this.name,
        presets: choices.presets,
        rename: (text) => this.rename(text),
        quick: (kind, preset) => this.quickMatch(kind, preset),
        openTable: () => this.#openTable(),
        join: (t) => this.join(t),
        watch: (t) => this.watch(t),
        refresh: () => this.#input(),
      }),
    );
    this.ticker = setInterval(() => this.#listed(), 15_000); // "waiting N minutes" moves on
    this.#watch();
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

  async #openLobby({ presets, clocks }) {
    if (this.lobby) return this.#listed();
    if (!this.relays.length) {
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
    const mine = this.announcer?.key.public;
    this.dialog?.show(tables.filter((t) => t.host !== mine));
    this.#quickLooks(tables);
    this.#waitingShown();
  }

  /** Watch a listed table in play: its watch link, opened here (main.js: this page becomes its
   * watcher). */
  watch(t) {
    if (t.playing) return this.#leaveFor(`watch=${t.watch}.${t.host}`);
  }

  /** Join a listed table: its one link, opened here (main.js: this page becomes its guest). */
  join(t) {
    return this.#leaveFor(`room=${t.room}.${t.host}`);
  }

  /** This page goes to another table (`hash`: its link): its own listed table, if any (or a quick
   * table being opened), leaves the lists and this device, gone for good. */
  async #leaveFor(hash) {
    if (this.joining) return; // (a quick match may find the same table twice before it goes)
    this.joining = true;
    this.dialog?.close();
    this.seek?.stop();
    const listed = Boolean(this.announcer) || Boolean(this.quick?.opening);
    this.quick = null;
    await Promise.all([this.#withdraw(), listed ? this.#usualGame() : null]);
    location.hash = hash;
  }

  /** The player's usual game in place of a table of this page's that nobody will come to (a
   * quick table that gave way, a listed table left): Python's save is a match of the player's
   * own again (their last New game's choices, without friends' seats, else the defaults), so no
   * later visit hosts that table again, and its room is closed with it. */
  async #usualGame() {
    const choices = await this.table.tools.choicesNow();
    const last = this.table.prefs.settings;
    const alone = last?.seats && !last.seats.some((s) => s.controller === choices.friend);
    await this.table.controller.newGame(alone ? last : choices.defaults, null, { remember: false });
  }

  /** Open a table: New game's choices (a friend's seat at least), then listed. */
  async #openTable() {
    this.dialog?.close();
    await this.table.tools.newGame({ listed: true });
  }

  // ------------------------------------------------------------------ announcing a table
  /**
   * A table this page hosts, just gathered: listed until full, dealt or closed.
   * @param {{settings: object, clock: number, quick: string|null}} spec
   */
  async announce(spec, { answer = [] } = {}) {
    await this.announcer?.announcer.stop(); // an earlier table of this page's, if any
    this.announcer = null;
    const across = this.table.across;
    // the rules' words from Python while the room opens on the relays
    const [opened, formReply] = await Promise.all([
      across.hosting?.opening?.catch(() => null),
      this.table.controller.call("rules_form", { settings: spec.settings }, false),
    ]);
    if (!opened) {
      this.table.toast(T.room.down);
      return;
    }
    const form = formReply?.form;
    const target = form?.options.find((o) => o.name === "target")?.value;
    const net = await this.#net();
    const seats = spec.settings.seats.length;
    const since = Math.floor(Date.now() / 1000);
    const about = () => ({
      name: this.name,
      lang: document.documentElement.lang === "pl" ? "pl" : "en",
      players: seats,
      teams: spec.settings.mode === "partners",
      sprint: spec.settings.mode === "sprint",
      preset: form?.preset ?? spec.settings.rules,
      target: Number.isInteger(target) ? target : 150,
      clock: spec.clock,
    });
    // waiting: the table's one link and its free seats; in play (every seat taken, people may
    // watch): its watch link's secret and how many watch
    const entry = () => {
      const playing = this.announcer?.playing;
      const secret = across.hosting?.broadcast.watch?.secret;
      if (playing && secret)
        return { type: "play", watch: secret, ...about(), watchers: across.hosting.watchers, since: playing };
      return {
        room: opened.room.secret,
        ...about(),
        free: this.#free(),
        quick: spec.quick,
        since,
        // the host's rating of this kind of table and title, as its own career has them
        ...this.table.careerFlow.listed(ratingKind(spec.settings)),
      };
    };
    // its first announcements through the lobby's sockets, already open, while its own open
    const announcer = new net.Announcer({ relays: this.relays, key: opened.room.key, entry, via: this.lobby?.pool });
    this.announcer = {
      announcer,
      key: opened.room.key,
      spec,
      since,
      opened: Date.now(),
      asked: new Map(), // the hosts of other quick tables asked directly: when (#quickLooks)
      askedAt: 0,
      relook: null,
      table: across.hosting.table,
      free: this.#free(),
      playing: 0, // every seat taken and people may watch: since when (s), announced as in play
      watchers: 0,
    };
    announcer.answer(answer); // pages looking for this game, heard before it was listed
    announcer.start();
    this.#watch();
    if (!spec.quick) this.table.toast(T.lobby.announced);
  }

  /** The seats of this page's table nobody has taken yet. */
  #free() {
    const hosting = this.table.across.hosting;
    return (hosting?.friends ?? []).filter((f) => !f.joined && hosting.presence(f.seat) !== "connected").length;
  }

  /** The table across devices changed (across.js): a seat taken, the match dealt, the table
   * gone, people let watch or not, a watcher more or fewer. */
  changed() {
    const listed = this.announcer;
    if (!listed) return;
    const hosting = this.table.across.hosting;
    const snap = this.table.state.snap;
    const free = hosting?.active ? this.#free() : 0;
    const gone = !hosting?.active || hosting.table !== listed.table;
    if (gone || ((snap || free === 0) && !this.#watchable())) {
      this.#withdraw();
      if (this.quick) this.#quickDone();
      return;
    }
    if (snap || free === 0) {
      // in play: Play online lists it to watch
      if (this.quick) this.#quickDone();
      if (!listed.playing) listed.playing = Math.floor(Date.now() / 1000);
      else if (hosting.watchers === listed.watchers) return;
      listed.watchers = hosting.watchers;
      listed.announcer.update(); // said at once: in play, or how many watch
      return;
    }
    if (listed.playing) listed.playing = 0; // a seat freed before the deal: waiting again
    if (free !== listed.free || listed.playing) listed.announcer.update(); // a seat taken or freed: said at once
    listed.free = free;
    this.#waitingShown();
  }

  /** This page's listed table may be listed in play: people may watch it, and its match goes on. */
  #watchable() {
    const hosting = this.table.across.hosting;
    return Boolean(hosting?.broadcast.on) && !this.table.state.snap?.match?.over;
  }

  /** This page's table leaves the lists (full, dealt, closed, or the player went elsewhere);
   * a table of friends opened after it shows its invite again. */
  async #withdraw() {
    const listed = this.announcer;
    this.announcer = null;
    clearTimeout(listed?.relook);
    this.table.across.listed = false;
    await listed?.announcer.stop();
    this.#unwatchIfDone();
  }

  // ------------------------------------------------------------------ quick match
  /** A quick match's table of `kind` ("2p" or "partners"), the preset asked for (else the
   * default), every other seat `others` (a friend's, or a computer level). */
  async #quickSettings(kind, preset, others) {
    const choices = await this.table.tools.choicesNow();
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
   * one's own, listed (net/quick.js). */
  async quickMatch(kind, preset) {
    if (this.quick) return;
    this.quick = { kind, preset, started: Date.now() };
    this.#waitingShown();
    await this.#net();
    await this.lobbyOpening?.catch(() => {});
    if (!this.quick) return; // stopped meanwhile
    if (!this.lobby?.pool) return this.#openQuick(kind, preset, null); // no relays: nobody to ask
    // seated with the closest rating among the tables that answer (the player's of this kind)
    const { rating } = this.table.careerFlow.listed(kind === "partners" ? "partners" : "two");
    const seek = new this.net.Seek({ lobby: this.lobby, kind, preset, relays: this.relays, rating });
    this.seek = seek;
    const found = await seek.start();
    if (!this.quick || this.seek !== seek) return seek.stop(); // stopped meanwhile
    if (found.join) return this.join(found.join);
    await this.#openQuick(kind, preset, seek);
  }

  /** Nobody answered: this page's own quick table, listed; the looks heard meanwhile are named
   * in its first announcement (and those heard until it is out, as they come). */
  async #openQuick(kind, preset, seek) {
    const quick = this.quick;
    quick.opening = true; // stopped or left before it is listed, it is still undone (#stopQuick, join)
    const settings = await this.#quickSettings(kind, preset, "friend");
    const clock = (await this.table.tools.choicesNow()).quick_clock; // Python's: a minute a move
    this.table.across.listed = true; // no invite dialog: the lobby seats this table
    // a lobby's table: rated, and people may watch it (the host may turn watching off in the invite)
    const gather = { name: this.name, clock, watch: true, rated: true };
    await this.table.controller.newGame(settings, null, { remember: false, gather });
    if (this.quick !== quick) return seek?.stop();
    await this.announce({ settings, clock, quick: kind }, { answer: [...(seek?.seekers ?? [])] });
    quick.opening = false;
    if (this.quick !== quick) {
      seek?.stop();
      return this.#withdraw(); // stopped while it was being listed
    }
    const announcer = this.announcer?.announcer;
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
   * lost), and gives way to the first that answers. */
  #quickLooks(tables) {
    const listed = this.announcer;
    if (!this.quick || !listed?.spec.quick || this.#joined() > 0 || !this.lobby) return;
    const mine = { host: listed.key.public };
    const { kind, preset } = this.quick;
    const others = tables.filter(
      (t) => this.net.quickFits(t, { kind, preset, own: mine.host }) && this.net.givesWay(mine, t),
    );
    const answered = others.find((t) => t.answered >= listed.opened);
    if (answered) return this.join(answered);
    const now = Date.now();
    if (!others.length || now - listed.askedAt < this.net.ASK_AGAIN_MS) return;
    listed.askedAt = now;
    const asked = (t) => listed.asked.get(t.host) ?? 0;
    const to = others
      .sort((a, b) => Number(b.answered > 0) - Number(a.answered > 0) || asked(a) - asked(b))
      .slice(0, 4)
      .map((t) => t.host);
    for (const host of to) listed.asked.set(host, now);
    this.lobby.ask({ quick: kind, preset, to }).catch(() => {});
    clearTimeout(listed.relook);
    listed.relook = setTimeout(() => this.#listed(), this.net.ASK_AGAIN_MS); // unanswered: asked again
  }

  #joined() {
    return (this.table.across.hosting?.friends ?? []).filter((f) => f.joined).length;
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
    await this.table.controller.send("fill", { level: QUICK_LEVEL });
    this.#quickDone();
    this.changed();
  }

  /** Nobody came: a game against the computer, the same kind, instead. */
  async #computerInstead() {
    const kind = this.quick?.kind ?? "2p";
    const preset = this.quick?.preset;
    await this.#stopQuick(false);
    const settings = await this.#quickSettings(kind, preset, QUICK_LEVEL);
    await this.table.controller.newGame(settings, null, { remember: false });
  }

  /** Stop looking: the table is withdrawn, and the player's own usual game is back. */
  async #stopQuick(restore = true) {
    const hosted = Boolean(this.announcer?.spec.quick) || Boolean(this.quick?.opening);
    this.quick = null;
    this.seek?.stop();
    this.seek = null;
    await this.#withdraw();
    this.#waitingShown();
    this.table.across.listed = false;
    if (restore && hosted) await this.#usualGame();
  }

  /** The quick match is seated (or dealt): the dialog closes on the table. */
  #quickDone() {
    this.quick = null;
    this.seek?.stop();
    this.seek = null;
    this.table.across.listed = false;
    this.dialog?.close();
    if (!this.dialog) this.#closeLobby();
  }

  // ------------------------------------------------------------------ hidden or idle
  #watch() {
    if (this.watching) return;
    this.watching = true;
    this.onInput = () => this.#input();
    this.onVisible = () => this.#check();
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, this.onInput, true);
    document.addEventListener("visibilitychange", this.onVisible);
    // the page goes: its table leaves every list at once (as far as the page has time to say so)
    this.onHide = () => this.announcer?.announcer.stop();
    window.addEventListener("pagehide", this.onHide);
    this.idleTimer = setInterval(() => this.#check(), 10_000);
  }

  #unwatchIfDone() {
    if (!this.watching || this.lobby || this.announcer) return;
    this.watching = false;
    for (const type of ["pointerdown", "keydown"]) document.removeEventListener(type, this.onInput, true);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.removeEventListener("pagehide", this.onHide);
    clearInterval(this.idleTimer);
  }

  #input() {
    this.lastInput = Date.now();
    if (this.idle) this.#check();
  }

  #check() {
    const idle = document.hidden || Date.now() - this.lastInput > IDLE_MS;
    if (idle === this.idle) return;
    this.idle = idle;
    if (idle) {
      this.lobby?.pause();
      this.announcer?.announcer.pause();
    } else {
      this.lobby?.resume();
      this.announcer?.announcer.resume();
    }
    this.dialog?.paused(idle);
    if (!idle) this.#listed();
  }
}
