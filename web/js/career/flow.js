// @ts-check
// The career in the game's flow: a finished match becomes a career entry (Python's, op
// "career_entry", which brings the figures with it and the trophies it earned) once, the career
// screen opens over Python's figures (op "career", as of today's UTC date), the daily deal starts
// (op "new" with the day, then "daily_start": Python says whether this start is scored), a design
// chosen is drawn and remembered, and progress goes out and comes in (transfer.js). The store is
// store.js; the screen view.js. What "today" is, is the page's clock; what it means, Python's.
//
// The screen, its charts, the replay viewer and the transfer are imported when first opened: a
// first visit downloads only what the table needs (docs/performance.md "Load": the byte budget).

import { setDesign } from "../draw/designs.js";
import { T } from "../i18n/strings.js";
import { askToReplace } from "../ui/dialogs/notices.js";
import { OwnDevices } from "./owndevices.js";
import { ratingKind, titleWords } from "./ratingkind.js";
import { Career, utcDate } from "./store.js";

/** @typedef {import("../shapes/career.js").CareerFigures} CareerFigures */
/** @typedef {import("../shapes/career.js").Recorded} Recorded */
/**
 * The engine, not blocking the table: the parsed reply (its shape is the op's: web/js/shapes/), or
 * null when the request failed.
 * @typedef {(op: string, payload?: Record<string, unknown>) => Promise<any>} EngineCall
 */
/**
 * What the career asks of the table (table/game.js gives it these, and nothing else).
 * @typedef {Object} CareerGame
 * @property {import("../store/storage.js").Prefs} prefs the page's preferences (the career sets designs)
 * @property {() => void} savePrefs
 * @property {HTMLElement} root where dialogs go
 * @property {(text: string) => void} toast
 * @property {(text: string) => void} honour what the match just ended earned (a trophy, a title),
 *   said in the round panel's head (ui/panel.js honour)
 * @property {() => string|null} lastMatchId the match in play's id
 * @property {() => boolean} inProgress a match is under way (a daily would replace it)
 * @property {(date: string) => Promise<unknown>} newDaily start the daily deal of `date`
 * @property {<T>(open: () => Promise<T>|T) => Promise<T>} modal a modal dialog over the table
 * @property {() => void} redraw the designs changed
 * @property {() => void} fanfare a new title reached: the match's fanfare, once
 * @property {(title: string|null) => void} titled the title shown beside one's name at the table (null: none)
 * @property {(title: string|null) => void} [tellTitle] that title changed (its code; null: none, or
 *   hidden): a table across devices tells the others (net/guesting.js sayTitle, the host's table_title)
 * @property {(shared: {part?: object, digest?: string, signature?: string}) => void} shareRated this
 *   device's part or signature of a rated result, to the table (career/rated.js)
 */

const MOST_EARLY = 16; // parts and signatures kept before this device's own exchange begins

export class CareerFlow {
  /**
   * @param {object} o
   * @param {EngineCall} o.call the engine (not blocking the table)
   * @param {CareerGame} o.game
   */
  constructor({ call, game }) {
    this.call = call;
    this.game = game;
    this.career = new Career();
    /** @type {string|null} the commitment of the match being recorded (one call per match) */
    this.recording = null;
    /** @type {Recorded["entry"]|null} the entry of the match that just finished, for its panel */
    this.lastEntry = null;
    /** @type {CareerFigures|null} Python's figures, refreshed after each finished match */
    this.figures = null;
    /** one's own devices: an import, pairing, the paired devices' sync (owndevices.js) */
    this.devices = new OwnDevices({ career: this.career, call, game, took: (figures) => this.#took(figures) });
    /** @type {string|null} the UTC day of the daily deal asked for (the test hook's) */
    this.dailyDate = null;
    /** @type {string|null} its commitment, once Python said it */
    this.dailyCommitment = null;
    /** @type {Promise<import("./standings.js").DailyStandings>|null} the daily's standings, once needed */
    this.standingsLoading = null;
    /** @type {import("./standings.js").DailyStandings|null} the same, once there */
    this.standings = null;
    /** @type {import("./rated.js").RatedExchange|null} the last rated match with people, signing */
    this.rated = null;
    /** @type {import("./rated.js").Shared[]} parts and signatures heard before it began */
    this.ratedEarly = [];
    /** @type {string|null|undefined} the title last told the table (undefined: none told yet) */
    this.toldTitle = undefined;
    setDesign({ tiles: game.prefs.tiles, felt: game.prefs.felt });
    if (this.career.problem) game.toast(T.career.keptAside);
    // the test hook, there for automated browsers only (docs/architecture.md "The test hook"), has today's deal by
    // its first read (a player's page has no hook and never asks for it)
    if (navigator.webdriver) this.#askDaily();
  }

  /** A snapshot came in: a finished match not yet in the career is recorded (practice deals from
   * a ?seed= link count for nothing: the fair deal marks them).
   * @param {import("../shapes/snapshot.js").Snapshot|null} snap */
  async seen(snap) {
    // a match in play: nothing of its rated result is sent yet, so parts and signatures heard
    // late from the last one (its exchange over: rated.js SIGN_WAIT_MS) are no early ones
    if (snap && !snap.match.over) this.ratedEarly.length = 0;
    if (!snap?.match.over || snap.fair?.practice) return null;
    const key = snap.fair?.commitment ?? "";
    const id = this.game.lastMatchId();
    if (this.recording === `${key}:${id}` || (id && this.career.has(id))) return null;
    this.recording = `${key}:${id}`;
    const daily = id ? this.career.dailyOf(id) : null;
    // the career's entries go to Python once: the reply has the entry and the figures with it
    const reply = await this.call("career_entry", { date: new Date().toISOString(), daily, ...this.#payload() });
    if (!reply?.ok) return null;
    const entry = this.counted(reply);
    // the day's scored attempt: its entry goes to the standings (career/standings.js)
    if (daily && entry?.daily) {
      this.dailyStandings()
        .then((s) => s.finished(entry))
        .catch(() => {}); // kept, if Python made it: sent again when the standings are opened
    }
    return entry;
  }

  /** The daily deal's standings (career/standings.js), loaded when first needed. */
  dailyStandings() {
    this.standingsLoading ??= Promise.all([import("./standings.js"), import("../net/relays.js")]).then(
      ([{ DailyStandings }, { relaysFrom }]) => {
        const prefs = this.game.prefs;
        this.standings = new DailyStandings({
          call: this.call,
          // the name at the table (Play online's): chosen once, a default before
          name: () => {
            if (typeof prefs.name !== "string" || !prefs.name.trim()) {
              prefs.name = T.lobby.nameDefault(1000 + Math.floor(Math.random() * 9000));
              this.game.savePrefs();
            }
            return /** @type {string} */ (prefs.name);
          },
          relays: async () => relaysFrom(prefs).urls,
        });
        return this.standings;
      },
    );
    return this.standingsLoading;
  }

  /** A finished match's entry, with the career's figures and the trophies it earned, as Python
   * made them (career_entry here, or check_shared for a guest of a table across devices), kept
   * once. Returns the entry, or null when there is none (a practice table's).
   * @param {Partial<Recorded>} [recorded] */
  counted({ entry, keep, career, new_trophies: earned, new_titles: titles } = {}) {
    if (!entry || !keep || !career) return null;
    this.lastEntry = entry;
    if (this.career.add(entry, keep)) {
      this.#took(career);
      this.devices.sync?.announce(); // the paired devices that are open take it now
      for (const id of earned ?? []) this.game.honour(T.career.newTrophy(T.trophies[id]?.name ?? id));
      this.#saidTitles(titles);
      // a rated table with people: the result counts once every person's device signed it
      if (entry.unrated === "unsigned") this.#exchange(entry);
    }
    return entry;
  }

  /** A title reached is said once, with the fanfare (Python says which: its new_titles).
   * @param {import("../shapes/career.js").TitleReached[]|undefined} titles */
  #saidTitles(titles) {
    for (const { title } of titles ?? []) this.game.honour(T.ratings.newTitle(titleWords(title)));
    if (titles?.length) this.game.fanfare();
  }

  /** The career as Python reads it with a request: its entries, attempts and abandoned. */
  #payload() {
    return { entries: this.career.entries, attempts: this.career.attempts, abandoned: this.career.abandoned };
  }

  /** This device left a rated match for good (the host gave its seat away: net/guesting.js): it
   * counts as abandoned in this career, once (Python's rated_abandon). The match's id is not
   * revealed to a seat that left, so its record is named by the deal's commitment.
   * @param {import("../shapes/snapshot.js").SettingsJson} settings @param {string} commitment */
  async abandoned(settings, commitment) {
    const reply = await this.call("rated_abandon", {
      abandoned: this.career.abandoned,
      match: commitment.slice(0, 16),
      date: new Date().toISOString(),
      kind: ratingKind(settings),
    });
    if (!reply?.ok) return;
    this.career.keepAbandoned(reply.abandoned);
    await this.refresh();
  }

  /** A part or a signature of a rated result from the table (table/tablenet.js): to the match's
   * exchange, or kept until it begins (the others may finish first).
   * @param {import("./rated.js").Shared} shared */
  ratedHeard(shared) {
    if (this.rated && !this.rated.finished) this.rated.heard(shared);
    else if (this.ratedEarly.length < MOST_EARLY) this.ratedEarly.push(shared);
  }

  /** The match of `entry` (unsigned) signed with every person's device (career/rated.js).
   * @param {Recorded["entry"]} entry */
  async #exchange(entry) {
    const { RatedExchange } = await import("./rated.js");
    const exchange = new RatedExchange({
      call: this.call,
      entry,
      share: (shared) => this.game.shareRated(shared),
      career: () => this.#payload(),
      taken: (reply) => {
        if (!this.career.update(reply.entry)) return;
        this.#took(reply.career);
        this.devices.sync?.announce();
        this.#saidTitles(reply.new_titles);
      },
      unrated: (why) => this.game.toast(T.ratings.unsigned[why]), // the entry stays unsigned
    });
    this.rated = exchange;
    exchange.start(this.career.entries);
    for (const shared of this.ratedEarly.splice(0)) exchange.heard(shared);
  }

  /** Today's deal's commitment, for the test hook only (nothing on the table shows it): asked
   * once the hook is there, and again when it is read on another UTC day. */
  async #askDaily() {
    const date = utcDate();
    if (this.dailyDate === date) return;
    this.dailyDate = date;
    this.dailyCommitment = null;
    const reply = await this.call("daily", { date });
    if (reply?.ok && this.dailyDate === date) this.dailyCommitment = reply.daily.commitment;
  }

  /** Python's figures as of today (null when the request failed and none were had). */
  async refresh() {
    const reply = await this.call("career", { today: utcDate(), ...this.#payload() });
    if (reply?.ok) this.#took(reply.career);
    return this.figures;
  }

  /** Python's figures, now the career's; a design stays only while its trophy is held (an import
   * may bring other trophies).
   * @param {CareerFigures} figures */
  #took(figures) {
    this.figures = figures;
    this.#showTitle();
    const earned = figures.trophies.map((t) => t.id);
    const used = setDesign({ tiles: this.game.prefs.tiles, felt: this.game.prefs.felt }, earned);
    if (used.tiles !== (this.game.prefs.tiles ?? used.tiles) || used.felt !== (this.game.prefs.felt ?? used.felt)) {
      this.game.redraw();
    }
  }

  /** What a table this page hosts says of its host in Play online's list: the rating of `kind`,
   * whole (null before its first rated match), whether provisional, and the highest title (null:
   * none, or hidden by the player).
   * @param {string|null} kind
   * @returns {{rating: number|null, provisional: boolean, title: string|null, abandoned: number}} */
  listed(kind) {
    const ratings = this.figures?.ratings;
    const mine = kind ? (ratings?.kinds[kind] ?? null) : null;
    return {
      rating: mine ? Math.round(mine.rating) : null,
      provisional: mine ? mine.provisional : true,
      title: this.tableTitle(),
      abandoned: this.career.abandoned.filter((a) => a.kind === kind).length, // matches left for good
    };
  }

  /** The player's title as a table across devices shows it beside their name (a code: the
   * highest reached; null when none yet, or hidden), as of the figures had now. */
  tableTitle() {
    return this.game.prefs.hideTitle ? null : (this.figures?.ratings?.title ?? null);
  }

  /** The title beside one's name at the table: the highest reached, unless the player hides it
   * (and the tables across devices told, when it changed). */
  #showTitle() {
    const title = this.tableTitle();
    this.game.titled(title ? titleWords(title) : null);
    if (title === this.toldTitle) return;
    this.toldTitle = title;
    this.game.tellTitle?.(title);
  }

  /**
   * The career screen.
   * @param {string} [tab] the tab to open on
   */
  async open(tab = "stats") {
    const figures = await this.refresh();
    if (!figures) return;
    const standings = await this.dailyStandings();
    const [{ showCareer }, { openReplay }, { exportCareer }] = await Promise.all([
      import("./view.js"),
      import("./replay.js"),
      import("./transfer.js"),
    ]);
    await this.game.modal(() =>
      showCareer({
        figures,
        entries: this.career.entries,
        history: this.career.history.items,
        tab,
        root: this.game.root,
        on: {
          replay: (item) =>
            openReplay({ call: this.call, item, opener: /** @type {HTMLElement|null} */ (document.activeElement) }),
          playDaily: () => this.playDaily(),
          exportCareer: () =>
            exportCareer({
              career: this.career,
              prefs: this.game.prefs,
              call: this.call,
              toast: (t) => this.game.toast(t),
              copy: (t) => this.copy(t),
              root: this.game.root,
            }),
          importCareer: () => this.devices.importCareer(),
          pairDevice: () => this.devices.pair(),
          chooseDesign: (kind, id) => this.chooseDesign(kind, id),
          copy: (text) => this.copy(text),
          standings: {
            look: (onstep, wanted) => standings.look({ onstep, wanted }),
            publish: standings.publish,
            setPublish: (on) => standings.setPublish(on),
            played: this.career.playedDaily(utcDate()),
          },
          title: {
            hidden: this.game.prefs.hideTitle === true,
            hide: (on) => {
              this.game.prefs.hideTitle = on;
              this.game.savePrefs();
              this.#showTitle();
            },
          },
        },
      }),
    );
  }

  /** Start the day's deal (asked first while a match is in progress: it would be replaced);
   * Python says whether this start is the day's one scored attempt, and the attempts to keep. */
  async playDaily() {
    const date = utcDate();
    document.getElementById("career-close")?.click();
    if (this.game.inProgress() && !(await askToReplace(this.game.root, T.career.dailyReplace))) return;
    await this.game.newDaily(date);
    const reply = await this.call("daily_start", { date, attempts: this.career.attempts });
    if (!reply?.ok) return; // the deal did not start: the match in play is no daily of today
    this.career.keepAttempts(reply.attempts);
    this.game.toast(reply.scored ? T.career.dailyScored(date) : T.career.dailyNotScored);
  }

  /**
   * A design chosen on the career screen: drawn from now on and remembered.
   * @param {"tiles"|"felts"} kind @param {string} id
   */
  chooseDesign(kind, id) {
    const key = kind === "tiles" ? "tiles" : "felt";
    this.game.prefs[key] = id;
    this.game.savePrefs();
    setDesign({ tiles: this.game.prefs.tiles, felt: this.game.prefs.felt });
    this.game.redraw();
  }

  /** Pair this device with another of one's own (owndevices.js); `given`: a #pair= link's invite.
   * @param {string|null} [given] */
  pair(given = null) {
    return this.devices.pair(given);
  }

  /** Another device's pairing link was opened here (#pair-room=): owndevices.js.
   * @param {{room: string, peer: string}} given */
  pairRoom(given) {
    return this.devices.pairRoom(given);
  }

  /** The page is up: a device paired before meets its pairs that are open (owndevices.js). */
  startSync() {
    return this.devices.startSync();
  }

  /** @param {string} text to the clipboard, and the person told whether it went */
  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.game.toast(T.career.copied);
    } catch {
      this.game.toast(T.career.copyFailed);
    }
  }

  /**
   * For the test hook: {played, won, history, trophies}, {date, seed_commitment, played_today}
   * the daily's standings {rank, count} once looked at after a daily attempt (else null), and the
   * rating of the table's kind of table (`kind`: "two", "multi" or "partners"), null before its
   * first rated match.
   * @param {string|null} [kind]
   * @returns {Pick<import("../shapes/testhook.js").TestState, "career"|"daily"|"standings"|"rating">}
   */
  hook(kind = null) {
    const entries = this.career.entries;
    this.#askDaily();
    const rating = kind ? (this.figures?.ratings?.kinds[kind] ?? null) : null;
    return {
      rating: rating && {
        kind: rating.kind,
        value: rating.rating,
        deviation: rating.deviation,
        provisional: rating.provisional,
        title: rating.title,
      },
      career: {
        played: entries.length,
        won: entries.filter((e) => e.won).length,
        history: this.career.history.items.length,
        trophies: (this.figures?.trophies ?? []).map((t) => t.id),
        paired: this.devices.sync?.paired.length ?? 0,
        synced: this.devices.sync?.crossings ?? 0,
      },
      daily: {
        date: utcDate(),
        seed_commitment: this.dailyCommitment ?? null,
        played_today: this.career.playedDaily(utcDate()),
      },
      standings: this.standings?.place ?? null,
    };
  }
}
