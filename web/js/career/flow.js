// The career in the game's flow: a finished match becomes a career entry (Python's, op
// "career_entry") once, the career screen opens over Python's figures (op "career"), the daily
// deal starts (op "new" with the day), a design chosen is drawn and remembered, and progress
// goes out and comes in (transfer.js). The store is career.js; the screen careerview.js.
//
// The screen, its charts, the replay viewer and the transfer are imported when first opened: a
// first visit downloads only what the table needs (README "Load time": the byte budget).

import { setDesign } from "../draw/designs.js";
import { T } from "../i18n/strings.js";
import { askToReplace } from "../ui/dialogs/newgame.js";
import { Career, utcDate } from "./store.js";

export class CareerFlow {
  /**
   * @param {object} o
   * @param {(op: string, payload?: object) => Promise<object|null>} o.call the engine (not blocking the table)
   * @param {object} o.game {prefs, savePrefs(), newDaily(date), lastMatchId(), root, toast(text), opened(), closed(), redraw()}
   */
  constructor({ call, game }) {
    this.call = call;
    this.game = game;
    this.career = new Career();
    this.recording = null; // the commitment of the match being recorded (one call per match)
    this.lastEntry = null; // the entry of the match that just finished, for its panel
    this.figures = null; // Python's figures, refreshed after each finished match
    setDesign({ tiles: game.prefs.tiles, felt: game.prefs.felt });
    if (this.career.problem) game.toast(T.career.keptAside);
  }

  /** A snapshot came in: a finished match not yet in the career is recorded (practice deals from
   * a ?seed= link count for nothing: the fair deal marks them). */
  async seen(snap) {
    if (!snap?.match.over || snap.fair?.practice) return null;
    const key = snap.fair?.commitment ?? "";
    const id = this.game.lastMatchId();
    if (this.recording === `${key}:${id}` || (id && this.career.has(id))) return null;
    this.recording = `${key}:${id}`;
    const daily = id ? this.career.dailyOf(id) : null;
    const reply = await this.call("career_entry", { date: new Date().toISOString(), daily });
    if (!reply?.ok) return null;
    this.lastEntry = reply.entry;
    const before = new Set((this.figures ?? (await this.refresh()))?.trophies?.map((t) => t.id) ?? []);
    if (this.career.add(reply.entry)) {
      const figures = await this.refresh();
      for (const t of figures?.trophies ?? [])
        if (!before.has(t.id)) this.game.toast(T.career.newTrophy(T.trophies[t.id]?.name ?? t.id));
    }
    return reply.entry;
  }

  /** Today's deal's commitment (the test hook's), asked again when the UTC day has changed. */
  async loadDaily() {
    const date = utcDate();
    if (this.dailyDate === date) return;
    this.dailyDate = date;
    const reply = await this.call("daily", { date });
    if (reply?.ok && this.dailyDate === date) this.dailyCommitment = reply.daily.commitment;
  }

  async refresh() {
    const reply = await this.call("career", { entries: this.career.entries });
    this.figures = reply?.ok ? reply.career : this.figures;
    if (this.figures) {
      // a design stays only while its trophy is held (an import may bring other trophies)
      const earned = (this.figures.trophies ?? []).map((t) => t.id);
      const used = setDesign({ tiles: this.game.prefs.tiles, felt: this.game.prefs.felt }, earned);
      if (used.tiles !== (this.game.prefs.tiles ?? used.tiles) || used.felt !== (this.game.prefs.felt ?? used.felt)) {
        this.game.redraw();
      }
    }
    return this.figures;
  }

  /** Today's deal as the page knows it. */
  today() {
    const date = utcDate();
    const id = this.career.data.daily.attempts[date];
    const entry = id ? this.career.entries.find((e) => e.id === id) : null;
    const streak = this.figures?.daily ? liveStreak(this.figures.daily, date) : 0;
    return {
      date,
      played: this.career.playedDaily(date),
      finished: Boolean(entry),
      streak,
      line: entry ? { date, points: entry.scores[entry.your_side], margin: entry.margin, won: entry.won } : null,
    };
  }

  /** The career screen. */
  async open(tab = "stats") {
    const figures = await this.refresh();
    if (!figures) return;
    const [{ showCareer }, { openReplay }, { exportCareer }] = await Promise.all([
      import("./view.js"),
      import("./replay.js"),
      import("./transfer.js"),
    ]);
    this.game.opened();
    await showCareer({
      figures,
      entries: this.career.entries,
      history: this.career.history.items,
      daily: this.today(),
      tab,
      root: this.game.root,
      on: {
        replay: (item) => openReplay({ call: this.call, item, opener: document.activeElement }),
        playDaily: () => this.playDaily(),
        exportCareer: () =>
          exportCareer({
            career: this.career,
            prefs: this.game.prefs,
            copy: (t) => this.copy(t),
            root: this.game.root,
          }),
        importCareer: () => this.importCareer(),
        chooseDesign: (kind, id) => this.chooseDesign(kind, id),
        copy: (text) => this.copy(text),
      },
    });
    this.game.closed();
  }

  /** Start the day's deal (asked first while a match is in progress: it would be replaced); the
   * first start of the day is its one scored attempt. */
  async playDaily() {
    const date = utcDate();
    document.getElementById("career-close")?.click();
    if (this.game.inProgress() && !(await askToReplace(this.game.root, T.career.dailyReplace))) return;
    await this.game.newDaily(date);
    const id = this.game.lastMatchId();
    if (id) {
      const scored = this.career.startDaily(date, id);
      this.game.toast(scored ? T.career.dailyScored(date) : T.career.dailyNotScored);
    }
  }

  chooseDesign(kind, id) {
    const key = kind === "tiles" ? "tiles" : "felt";
    this.game.prefs[key] = id;
    this.game.savePrefs();
    setDesign({ tiles: this.game.prefs.tiles, felt: this.game.prefs.felt });
    this.game.redraw();
  }

  async importCareer() {
    const { importCareer } = await import("./transfer.js");
    const done = await importCareer({
      career: this.career,
      call: this.call,
      root: this.game.root,
      applyPrefs: (prefs) => {
        const keep = ["settings", "muted", "lang", "tiles", "felt", "howTo"];
        for (const k of keep) if (prefs[k] !== undefined) this.game.prefs[k] = prefs[k];
        this.game.savePrefs();
      },
    });
    if (done) location.reload(); // the table, its designs and its language as imported
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.game.toast(T.career.copied);
    } catch {
      this.game.toast(T.career.copyFailed);
    }
  }

  /** For the test hook: {played, won, history, trophies} and {date, seed_commitment, played_today}. */
  hook() {
    const entries = this.career.entries;
    if (this.dailyDate !== utcDate()) {
      this.dailyCommitment = null;
      this.loadDaily();
    }
    return {
      career: {
        played: entries.length,
        won: entries.filter((e) => e.won).length,
        history: this.career.history.items.length,
        trophies: (this.figures?.trophies ?? []).map((t) => t.id),
      },
      daily: {
        date: utcDate(),
        seed_commitment: this.dailyCommitment ?? null,
        played_today: this.career.playedDaily(utcDate()),
      },
    };
  }
}

/** The daily streak as of `today`: still alive when its last day is today or yesterday. */
export function liveStreak(daily, today) {
  if (!daily.last) return 0;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${daily.last}T00:00:00Z`)) / 86_400_000;
  return days <= 1 ? daily.streak : 0;
}
