// @ts-check
// The words of the table (the HUD, the panels, the dialogs, the screen reader's table and what
// the canvas writes), one catalogue per language (docs/architecture.md: every fact has one home):
// English here, Polish in strings.pl.js, with the same keys (web/test/strings.test.js holds them
// to it). The language is chosen once at load (lang.js). Everything Python says arrives as codes
// and values (a lead rule, a mode, a seat's label, the round summary, the hints' and the review's
// reasons, the rules text, a refusal) and is worded here; sentences made of several of them
// (whose turn, who won) are put together in words.js. The loading screen's words live in
// bootwords.js, which loads first.

import { LANG, sumOf } from "./lang.js";

// Only the language in use is downloaded (the Polish words are 9 kB compressed).
const other = LANG === "pl" ? await import("./strings.pl.js") : null;

/** @typedef {import("../shapes/summary.js").SummaryLine} SummaryLine */
/** @typedef {import("../shapes/engine.js").Why} Why */
/** @typedef {import("../shapes/engine.js").PartnerNote} PartnerNote */
/** @typedef {import("../shapes/snapshot.js").SeatLabel} SeatLabel */
/**
 * The values Python sends with a code that the page only words (a line of the rules screen, a
 * part of a preset's line, a refusal, a career figure): each code's own, read by that code's
 * entry alone. Any JSON to the catalogue; the shapes it draws or acts on are typed in
 * web/js/shapes/.
 * @typedef {Record<string, any>} Values
 */
/** Words for a code's values. @typedef {(values: Values) => string} Worded */
/**
 * Each line of the round's end, by its code: the line, and names of seats and sides, and
 * whether seat i is the one person at the device.
 * @typedef {{[C in SummaryLine["code"]]: (line: Extract<SummaryLine, {code: C}>, seat: (i: number) => string,
 *   side: (i: number) => string, you: (i: number) => boolean) => string}} SummaryWords
 */
/**
 * Words for any line of the round's end.
 * @typedef {(line: SummaryLine, seat: (i: number) => string, side: (i: number) => string,
 *   you: (i: number) => boolean) => string} LineWords
 */
/**
 * Why the Expert likes a move, by its code.
 * @typedef {{[C in Why["code"]]: (why: Extract<Why, {code: C}>) => string}} WhyWords
 */
/**
 * A computer partner's play explained, by its code: the note, the mover's name, the partner's
 * (null when it is the viewer, "you") and the next opponent's.
 * @typedef {{[C in PartnerNote["code"]]: (note: Extract<PartnerNote, {code: C}>, who: string,
 *   partner: string|null, opponent: string) => string}} NoteWords
 */

/** @type {Record<string, string>} */
const ARM_NAMES = { N: "North", E: "East", S: "South", W: "West" };

/**
 * "3", "3 or 5", "1, 3 or 5".
 * @param {readonly (number|string)[]} values
 */
function orList(values) {
  const xs = values.map(String);
  return xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`;
}

/** @param {string} text */
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
/** @param {number} n */
const pipsEn = (n) => `${n} pip${n === 1 ? "" : "s"}`;
/** @param {{by: number, pegs: boolean}|null|undefined} d */
const dividedEn = (d) => (d ? `, then divided by ${d.by}${d.pegs ? " into pegs" : ""}` : "");
/**
 * "11 → 12, / 3 = 4 pegs: you score 4 pegs."
 * @param {Values} v @param {string} how
 */
function settledEn(v, how) {
  const d = v.divide;
  const divided = d ? `, / ${d.by} = ${v.score}${d.pegs ? " pegs" : ""}` : "";
  return `${how} → ${v.rounded}${divided}: you score ${v.score}${v.pegs ? " pegs" : ""}.`;
}
/** @type {Record<string, Worded>} */
const PRESET_PARTS_EN = {
  multiple: (p) => `multiples of ${p.k} score`,
  target: (p) => `to ${p.target}`,
  hand: (p) => `${p.tiles} tiles each`,
  lead: (p) =>
    /** @type {Record<string, string>} */ ({
      highest_double: "the highest double leads it",
      highest_double_any: "the highest double's holder leads anything",
      lots: "lots decide the lead",
    })[p.rule],
  next_lead: (p) => (p.rule === "winner" ? "the winner leads next" : "the lead goes left"),
  reserve: (p) => `${p.tiles} tiles stay in the boneyard`,
  sides_count: () => "open spinner sides count",
  block: (p) => (p.rule === "difference" ? "a block wins the difference" : "a block wins all"),
  divisor: (p) => `bonus divided by ${p.by}`,
  fives_and_threes: () => "fives and threes score",
  exact_target: (p) => `exactly ${p.target}`,
  cribbage: () => "pegged on a cribbage board",
  block_play: () => "no drawing",
  no_spinner: () => "no spinner",
  out_bonus: (p) => `${p.points} ${p.points === 1 ? "point" : "points"} for going out`,
  partners_out: () => "partners go out together",
  no_pips: () => "no pips counted",
};

/**
 * "three fives and five threes" for an end sum's scoring parts (explain.py's example).
 * @param {{fives?: number, threes?: number}} v
 */
function fivesEn(v) {
  /** @param {number|undefined} n @param {string} what */
  const part = (n, what) => (n ? `${n} ${what}${n === 1 ? "" : "s"}` : null);
  return [part(v.fives, "five"), part(v.threes, "three")].filter(Boolean).join(" and ");
}

/**
 * A round's end, by Python's reason code (round.py: domino, blocked, target).
 * @type {Record<string, string>}
 */
const ENDS_EN = { domino: "domino", blocked: "blocked", target: "exactly on target" };

/**
 * "1 tile", "3 tiles".
 * @param {number} n
 */
function tiles(n) {
  return `${n} tile${n === 1 ? "" : "s"}`;
}

const EN = {
  // seats' names from Python's codes (settings.labels): you, a person or a friend on another
  // device (their name, else a number), the host as a guest sees it, a computer by its level
  // ("Expert 2" for the second)
  /** @param {SeatLabel} label @returns {string} */
  seatName: (label) => {
    if (label.kind === "you") return EN.controllers.you;
    if (label.kind === "level") {
      const level = EN.controllers[label.level] ?? label.level;
      return label.n > 1 ? `${level} ${label.n}` : level;
    }
    if (label.kind === "host") return label.name ?? "Host";
    return label.name ?? `Player ${label.n}`;
  },
  /** @param {string[]} names */
  sideName: (names) => names.join(" & "),
  // an open end's letter on the table and in the status line (the table as shown: N is up)
  armShort: { N: "N", E: "E", S: "S", W: "W" },
  // The career screen (careerview.js), its trophies and the transfer of progress (transfer.js).
  career: {
    title: "Career",
    button: "Career",
    tabs: {
      stats: "Statistics",
      ratings: "Ratings",
      history: "History",
      trophies: "Trophies",
      designs: "Designs",
      daily: "Daily deal",
    },
    noMatches: "No finished match yet: your statistics start with the first one.",
    noHistory: "No finished match yet.",
    played: "Matches played",
    won: "Matches won",
    streak: "Winning streak",
    longest: "longest",
    perRound: "Points per round",
    perTurn: "Points per turn",
    multiples: "Scoring plays",
    largest: "Largest single play",
    /** @param {number} points @param {string} date */
    largestPlay: (points, date) => `${points} (${date})`,
    dominoes: "Rounds won by domino",
    blocks: "by block",
    best: "Best match",
    worst: "Worst match",
    /** @param {Values} m a match of the career's figures @param {string} date */
    matchLine: (m, date) => `${m.scores.join(" – ")}, ${m.margin > 0 ? "+" : ""}${m.margin} (${date})`,
    byMode: "By game",
    byPlayers: "By table size",
    byLevel: "By opponent",
    /** @param {string} key */
    keyWords: (key) =>
      /** @type {Record<string, string>} */ ({
        2: "2 players",
        3: "3 players",
        4: "4 players",
        mixed: "Mixed levels",
        people: "People",
      })[key] ?? key,
    winRateTitle: "Win rate over the last matches",
    playsTitle: "Points per play",
    won1: "Won",
    lost1: "Lost",
    /** @param {string} mode @param {string[]} seats */
    modeLine: (mode, seats) => `${mode}: ${seats.join(", ")}`,
    /** @param {number} n */
    historyNote: (n) =>
      `The last ${n} ${n === 1 ? "match" : "matches"}, newest first: open one to replay it move by move.`,
    /** @param {number} got @param {number} all */
    trophyCount: (got, all) => `${got} of ${all} trophies earned. Trophies unlock tile designs and felts.`,
    /** @param {string} date */
    earnedOn: (date) => `Earned ${date}`,
    notYet: "Not yet earned",
    designKinds: { tiles: "Tiles", felts: "Table felt" },
    designsNote: "Earned by play, never bought: each trophy can unlock a design.",
    /** @param {string} trophy */
    lockedBy: (trophy) => `Unlocked by the trophy "${trophy}"`,
    dailyAbout:
      "One deal for everyone each day (UTC), against the Expert. The first attempt of the day is scored; playing it again is allowed but not scored.",
    /** @param {string} date */
    dailyDate: (date) => `Today's deal: ${date}`,
    /** @param {number} n @param {number} longest */
    dailyStreak: (n, longest) => `Daily streak: ${n} ${n === 1 ? "day" : "days"} (longest ${longest})`,
    dailyPlay: "Play today's deal",
    dailyReplace: "Start today's deal?",
    dailyAgain: "Play it again (not scored)",
    /** @param {Values} l the daily deal's line (Python's career figures) */
    dailyLine: (l) =>
      `All Threes daily ${l.date}: ${l.points} points, ${l.won ? "won" : "lost"} by ${Math.abs(l.margin)}`,
    /** @param {string} date */
    dailyScored: (date) => `The daily deal of ${date}: this attempt is scored.`,
    dailyNotScored: "Today's deal again: this attempt is not scored.",
    copy: "Copy",
    copied: "Copied.",
    copyFailed: "This browser did not allow copying: select the text and copy it.",
    export: "Export",
    import: "Import",
    /** @param {string} name */
    newTrophy: (name) => `Trophy earned: ${name}!`,
    keptAside:
      "Your career record could not be read here; it is kept aside, never written over, and a new record begins.",
    raceTitle: "The score race, round by round",
  },
  /** @type {Record<string, {name: string, how: string}>} by Python's trophy id */
  trophies: {
    first_win: { name: "First win", how: "Win a match." },
    beat_expert: { name: "Expert beaten", how: "Win a match against the Expert." },
    big_play: { name: "Thirty in one", how: "Score 30 points or more with one play." },
    domino_66: { name: "Double-six to spare", how: "Go out while the double six is still to be played." },
    no_round_lost: { name: "Clean sheet", how: "Win a match in which no other side wins a round." },
    sprint_60: { name: "Sprinter", how: "Score over 60 in a Quick Sprint." },
    beginner_partner: { name: "Good teacher", how: "Win a 2 v 2 match with a Beginner as your partner." },
    grand_master: { name: "Grand Master of the Parlor", how: "Win ten matches against the Expert." },
    ten_matches: { name: "Regular", how: "Play ten matches." },
    full_table: { name: "Full table", how: "Win a match at a table of four, every player for themselves." },
    comeback: { name: "Comeback", how: "Win a match after trailing by 50 points or more." },
    multiples_100: { name: "Hundred multiples", how: "Make 100 scoring plays in your career." },
    daily_first: { name: "Daily player", how: "Finish a daily deal." },
    daily_week: { name: "A week of dailies", how: "Play the daily deal seven days in a row." },
    block_win: { name: "Blockade", how: "Win a round that ends blocked." },
  },
  transfer: {
    exportTitle: "Export your progress",
    /** @param {string} name @param {number} entries @param {number} history */
    exported: (name, entries, history) =>
      `Saved as ${name}: ${entries} ${entries === 1 ? "match" : "matches"} of career, ${history} to replay, your trophies and settings.`,
    matchStays:
      "The match in progress stays on this device: its deal is sealed to this browser and never leaves it as readable text. Finish it first to carry it.",
    codeLabel: "Or copy this code and paste it on the other device:",
    importTitle: "Import progress",
    importAbout: "Choose an exported file, or paste a code. Nothing changes until you confirm.",
    fileLabel: "File",
    pasteLabel: "Code",
    check: "Check",
    notAFile: "This is not an All Threes export: neither a file nor a code it can read.",
    refusedTitle: "This cannot be imported",
    nothingChanged: "Nothing was changed.",
    confirmTitle: "Replace your progress?",
    /** @param {number} entries @param {number} history */
    replaces: (entries, history) => `On this device now: ${entries} matches of career, ${history} to replay.`,
    /** @param {Values} s what an import brings (Python's check_import summary) */
    brings: (s) =>
      `The import brings ${s.entries} matches of career, ${s.history} to replay and ${s.trophies} trophies${s.newest ? ` (newest ${s.newest.slice(0, 10)})` : ""}.`,
    backupNote: "What it replaces is kept as a backup on this device.",
    replace: "Replace",
    writeFailed: "The import could not be written (storage full?); your progress is as it was.",
  },
  /** @type {Record<string, string>} */
  mustWords: { draw: "draw", pass: "pass" },
  // The tile designs and table felts a player earns and chooses (designs.js).
  designs: {
    tiles: { ivory: "Ivory and brass", ebony: "Ebony", jade: "Jade", bone: "Bone" },
    felts: { green: "Green baize", blue: "Blue baize", mahogany: "Mahogany table", slate: "Slate" },
    /** @param {string} trophy */
    lockedBy: (trophy) => `Earned with the trophy "${trophy}"`,
    locked: "Locked",
    inUse: "In use",
  },
  languageLabel: "Language",
  // the career's charts (charts.js): axis titles, the target's line, and each chart said in
  // words for a screen reader (numbers arrive written as the language writes them; a count for a
  // plural also comes as a number)
  charts: {
    round: "Round",
    match: "Match",
    pointsPerPlay: "Points per play",
    /** @param {string} shown */
    target: (shown) => `target ${shown}`,
    empty: "Nothing to show yet",
    /** @param {string} name @param {string} shown */
    scorePart: (name, shown) => `${name}: ${shown}`,
    /** @param {string} parts @param {number} rounds @param {string} target "" for none */
    race: (parts, rounds, target) =>
      `After ${rounds} round${rounds === 1 ? "" : "s"}${target ? `, playing to ${target}` : ""} — ${parts}.`,
    /** @param {string} name @param {number} round */
    raceLead: (name, round) => `In the lead from round ${round}: ${name}.`,
    raceLevel: "No one is ahead at the end.",
    raceNone: "No rounds played yet.",
    /**
     * @param {number} matches @param {string} matchesShown @param {string} now @param {string} low @param {string} high
     * @param {string} window "" for none
     */
    winRate: (matches, matchesShown, now, low, high, window) =>
      `Win rate over ${matchesShown} match${matches === 1 ? "" : "es"}${window ? `, each point of the last ${window}` : ""}: ${now} now, between ${low} and ${high}.`,
    winRateNone: "No finished matches yet.",
    /** @param {number} matches @param {string} matchesShown @param {string} now @param {string} low @param {string} high */
    rating: (matches, matchesShown, now, low, high) =>
      `Rating over ${matchesShown} rated match${matches === 1 ? "" : "es"}: ${now} now, between ${low} and ${high}.`,
    ratingNone: "No rated matches yet.",
    /**
     * @param {number} plays @param {string} playsShown @param {string} top @param {number} times
     * @param {string} timesShown
     */
    histogram: (plays, playsShown, top, times, timesShown) =>
      `Points per play over ${playsShown} play${plays === 1 ? "" : "s"}: most often ${top}, ${times === 1 ? "once" : `${timesShown} times`}.`,
    /** @param {string} label @param {string} shown */
    bucketPart: (label, shown) => `${label}: ${shown}`,
    /** @param {string} from @param {string} to */
    range: (from, to) => `${from} to ${to}`,
    /** @param {string} from */
    atLeast: (from) => `${from} or more`,
    histogramNone: "No plays yet.",
  },
  tableLabel: "Domino table",
  // the match replay viewer (replay.js): a finished match of the career, move by move, every hand
  // face up; turn is the move's number, who the seat's name, you whether it is the person "You"
  replay: {
    title: "Match replay",
    /** @param {string} date */
    playedOn: (date) => `Played ${date}`,
    roundLabel: "Round",
    /** @param {number} n */
    roundNo: (n) => `Round ${n}`,
    /** @param {number} k @param {number} n */
    moveOf: (k, n) => `Move ${k} of ${n}`,
    first: "First: the deal",
    back: "Previous move",
    forward: "Next move",
    last: "Last move",
    close: "Close the replay",
    loading: "Dealing the round again…",
    failed: "This round cannot be shown.",
    /** @param {string} who @param {boolean} you */
    dealtLead: (who, you) => `The deal: ${who} ${you ? "lead" : "leads"}.`,
    /**
     * @param {number} turn @param {string} who @param {boolean} you @param {string} tile @param {number} points
     */
    leadMove: (turn, who, you, tile, points) =>
      `Turn ${turn}: ${who} ${you ? "lead" : "leads"} ${tile}${points ? ` and ${you ? "score" : "scores"} ${points}` : ""}`,
    /**
     * @param {number} turn @param {string} who @param {boolean} you @param {string} tile @param {string} arm
     * @param {number} points
     */
    playMove: (turn, who, you, tile, arm, points) =>
      `Turn ${turn}: ${who} ${you ? "play" : "plays"} ${tile} on ${ARM_NAMES[arm] ?? arm}` +
      `${points ? ` and ${you ? "score" : "scores"} ${points}` : ""}`,
    /** @param {number} turn @param {string} who @param {boolean} you @param {string} tile */
    drawMove: (turn, who, you, tile) => `Turn ${turn}: ${who} ${you ? "draw" : "draws"} ${tile}`,
    /** @param {number} turn @param {string} who @param {boolean} you */
    passMove: (turn, who, you) => `Turn ${turn}: ${who} ${you ? "pass" : "passes"}`,
    /** @param {string} taker @param {number} points */
    mugginsTaken: (taker, points) => `Muggins! ${taker} takes ${points}`,
    reviewNone: "no clearly better play.",
    /** @param {number} k @param {string} words */
    tableAt: (k, words) => (Number(k) ? `The table after move ${k}. ${words}` : `The table at the deal. ${words}`),
    /** @param {number} n @returns {string} */
    stockLeft: (n) => `Boneyard: ${EN.tiles(n)}`,
    toPlay: "to play",
    /** @param {string} name @param {string} words */
    handOf: (name, words) => `${name}: ${words}`,
    scrollLabel: "The table, the move and the hands",
  },
  // Why the engine refused something, by its code (errors.REFUSAL_CODES; values as it sends
  // them): a rules choice in New game, a link, a saved game, a request.
  refusals: /** @satisfies {Record<string, Worded>} */ ({
    refused: () => "The game did not take that; nothing changed.",
    bad_request: () => "The game did not take that request; nothing changed.",
    failed: () => "Something went wrong inside the game; the table is as it was.",
    illegal_move: () => "That move is not allowed here.",
    bad_record: () => "The match's record cannot be replayed.",
    bad_rules: () => "These rules do not make a game.",
    bad_settings: () => "These settings do not describe a game.",
    unknown_mode: (v) => `There is no way to play called "${v.text}".`,
    unknown_preset: (v) => `There are no rules called "${v.text}".`,
    one_you: () => "Exactly one seat must be yours.",
    unknown_option: (v) => `There is no rule option called "${v.name}".`,
    target_max: (v) => `A match goes to at most ${v.most} points.`,
    name_control: () => "A name cannot hold control characters.",
    name_long: (v) => `A name has at most ${v.most} characters.`,
    link_flag: (v) => `${v.key} is 1 or 0, not "${v.text}"`,
    link_number: (v) => `${v.key} is a whole number, not "${v.text}"`,
    link_unknown: (v) => `it has no "${v.name}"`,
    link_players_seats: (v) => `players=${v.players} but it names ${v.seats} seats`,
    link_seat: (v) => `a seat is you, person, friend, beginner, casual, pub or expert, not "${v.text}"`,
    seat_name: () => "only a person's seat has a name",
    unreadable: () => "It is not a saved game this page can read.",
    newer: () => "It was saved by a newer version of the game.",
    tampered: () => "Its deal is not the one the match was dealt from.",
    damaged: (v) => `Move ${v.where?.[1]} of round ${v.where?.[0]} is not legal.`,
    not_a_save: () => "It is not a saved game.",
    save_version: () => "It is from an unknown version of the game.",
    save_settings: () => "Its table and rules do not describe a game.",
    save_seed: () => "Its deal is missing.",
    save_record: () => "Its moves are missing or do not fit its rules.",
    save_replay: () => "Its moves do not replay.",
    save_dealing: () => "It names an unknown way of dealing.",
    save_id: () => "It has no match id.",
    save_past_end: () => "Its moves go on past the end of the match.",
    replay_record: () => "This match's record does not replay, so it cannot be shown.",
    replay_round: (v) =>
      `This match has no such round${v.rounds ? ` (it has ${v.rounds === 1 ? "one" : v.rounds})` : ""}.`,
    replay_rules: () => "These settings are not the rules this match was played by.",
    bad_career: (v) => `${v.item ? `Entry ${v.item} of the career` : "A career entry"} is damaged.`,
    bad_date: (v) => `"${v.text}" is not a date.`,
    match_not_over: () => "The match is not over yet.",
    not_daily: () => "That match was not the daily deal.",
    rated_result: () => "This rated result does not agree with your own record of the match, so it does not count.",
    not_an_export: () => "This file is not an All Threes export.",
    export_newer: () => "This export was made by a newer version of the game.",
    export_version: () => "This export is from an unknown version of the game.",
    export_shape: () => "This export is damaged: part of it is missing.",
    export_too_many: (v) => `This export holds the records of more than ${v.most} matches.`,
    export_history: (v) => `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file is damaged.`,
    export_settings: (v) =>
      `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file has a table and rules that make no game.`,
    export_seed: (v) =>
      `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file was not dealt as promised.`,
    export_replay: (v) => `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file does not replay.`,
    export_rules: (v) =>
      `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file was not played under its own rules.`,
    export_unfinished: (v) =>
      `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file is unfinished.`,
    export_mismatch: (v) =>
      `${v.date ? `The match of ${v.date.slice(0, 10)}` : "A match"} in the file does not agree with its career entry.`,
    // across devices (py/allthrees/net): a message from another device, the joint deal, the check
    message_json: () => "A message from the other device could not be read; nothing changed.",
    message_long: (v) =>
      `A message from the other device was too long${v.most ? ` (at most ${v.most} characters)` : ""}; nothing changed.`,
    message_newer: () =>
      "The other device has a newer version of the game: update this one (reload the page) and try again.",
    message_version: () => "The other device speaks an unknown version of the game; nothing changed.",
    message_kind: () => "The other device sent something this table does not take; nothing changed.",
    message_shape: (v) =>
      `A message from the other device was malformed${v.field ? ` (${v.field})` : ""}; nothing changed.`,
    reaction_unknown: () => "That reaction is not one this game knows.",
    title_unknown: () => "That title is not one this game knows.",
    reaction_flood: (v) => `At most ${v.most} reactions between two moves.`,
    no_friends: () => "A table across devices needs a seat for a friend on another device.",
    chain_spent: () => "This table has dealt all the matches it can: start a new table with your friends.",
    gathering_save: () => "The saved table across devices is damaged.",
    guest_seat: () => "That seat is not played on another device.",
    not_joined: () => "The other device has not joined its seat yet.",
    not_dealt: () => "The match is not dealt yet: every friend must join first.",
    wrong_table: () => "This invite is for another table: ask the host for a fresh one.",
    clock_choice: () => "The clock is off, 30 s, 60 s or 2 minutes a move.",
    clock_off: () => "This table plays with no clock.",
    clock_turn: () => "That seat's clock is not running: it is not its turn.",
    clock_running: (v) => `There is still time to move (${Math.ceil((v.left_ms ?? 0) / 1000)} s).`,
    no_gathering: () => "No table is waiting for players.",
    nobody_joined: () => "Nobody has joined yet: play the computer instead.",
    rated_joined: () => "A friend has sat down: whether the match is rated is settled.",
    table_full: () => "This table is full: every seat for a friend is taken.",
    seat_given: () => "The host gave this seat to a computer.",
    seat_taken: () => "That seat is another player's.",
    shared_commitment: () =>
      "The host's deal does not match the promise shown at the start: this match was not dealt fairly.",
    shared_part: () => "Your part of the deal was not used as sent: this match was not dealt fairly.",
    shared_seed: () => "The deal's seed is not the mix of everyone's parts: this match was not dealt fairly.",
    shared_replay: () => "The match does not replay from its revealed deal.",
    shared_seen: (v) =>
      `What this device saw${v.item ? ` (event ${v.item})` : ""} does not agree with the host's record.`,
    not_bool: () => "Choose yes or no.",
    too_small: (v) => `A whole number of at least ${v.least}.`,
    players: () => "2, 3 or 4 players.",
    not_a_choice: () => "Choose one of the values offered.",
    teams_of_four: () => "Two teams need 4 players.",
    too_many_tiles: (v) =>
      `${v.players} hands of ${v.hand} need ${v.need} tiles; the double-${v.top} set has ${v.tiles}`,
    reserve_without_draw: () => "Nobody draws in block play, so no tiles are kept in the boneyard: choose 0.",
  }),
  tableRole: "domino table",
  // the round's end, a line per code of Python's summary.round_lines: line, seat(i) and side(i)
  // give names, you(i) says whether seat i is the one person at the device
  summary: /** @satisfies {SummaryWords} */ ({
    muggins: (l, seat) =>
      `Muggins! ${seat(l.taker)} took ${l.award}${l.pegs ? " pegs" : ""} from ${seat(l.seat)} ` +
      `(${l.claim != null ? `claimed ${l.claim}` : "no claim"}; the ends made ${l.made}).`,
    domino: (l, seat) => `${seat(l.seat)} went out: domino!`,
    holds: (l, seat, _side, you) =>
      `${l.seats.map(seat).join(" & ")} ${l.seats.length === 1 && !you(l.seats[0]) ? "holds" : "hold"} ` +
      `${sumOf(l.parts)} = ${l.total} → ${l.rounded}`,
    blocked: () => "Blocked: nobody can play and nobody may draw.",
    side_pips: (l, _seat, side) => `${side(l.side)}: ${sumOf(l.parts)} = ${l.total}`,
    tie: () => "Tied for the fewest pips: nobody wins the round, no bonus.",
    fewest: (l, _seat, side) =>
      l.rule === "difference"
        ? `Fewest pips: ${side(l.side)}. ${l.opponents} − ${l.own} = ${l.pips} → ${l.rounded}`
        : `Fewest pips: ${side(l.side)}. Opponents' pips ${l.opponents} → ${l.rounded}`,
    cribbage: (l) => `${l.rounded} / ${l.multiple} = ${l.bonus} (cribbage pegs)`,
    divisor: (l) => `${l.rounded} / ${l.divisor} = ${l.bonus}`,
    bonus: (l, _seat, side) => `Bonus ${l.bonus} to ${side(l.side)}.`,
    bust: (l, seat) =>
      `Bust: ${l.points} ${l.pegs ? "pegs" : "points"} for ${seat(l.seat)} would have passed ${l.target} ` +
      "and did not count.",
    target: (l, seat, side) => `${seat(l.seat)} reached exactly ${l.target}: ${side(l.side)} won the match.`,
    no_pips: () => "No pips are counted: nobody scores for the block.",
    out_bonus: (l, _seat, side) => `Going out: ${l.points} to ${side(l.side)}.`,
    bust_bonus: (l, _seat, side) =>
      `Bust: ${l.points} to ${side(l.side)} would have passed ${l.target}, so it does not count.`,
  }),
  // why the Expert likes a move (Python's advice.reason_code): the hint and the review
  why: /** @satisfies {WhyWords} */ ({
    only_draw: () => "no tile fits: draw",
    only_pass: () => "nothing fits and the boneyard is closed: pass",
    knock: () => "nothing fits, and in block play nothing is drawn: knock",
    only_play: () => "the only legal play",
    reaches: (w) => `scores ${w.points}: exactly the target, and the match`,
    scores: (w) => `scores ${w.points}${w.safe ? ", and no single tile scores after it" : ""}`,
    busts: (w) => `its ${w.points} would pass the target and not count; still the best play`,
    dead_end: (w) => `leaves ${w.sum}: no single tile makes a multiple of ${w.k}`,
    dead_end_f3: (w) => `leaves ${w.sum}: no single tile makes a multiple of 5 or of 3`,
    /** @returns {string} */
    sheds: (w) => `sheds ${w.pips} pips; leaves ${w.sum} (${EN.chances(w.replies)})`,
    /** @returns {string} */
    leaves: (w) => `leaves ${w.sum}: ${EN.chances(w.replies)}`,
  }),
  /** @param {number} n */
  chances: (n) => `${tiles(n)} you cannot see could score next`,
  // the rules screen, from Python's explain.rules_lines: section titles and a line per code
  rulesText: {
    titles: {
      game: "The game",
      leading: "Leading",
      turn: "A turn",
      scoring: "Scoring",
      end: "The end of a round",
      example: "A worked example",
    },
    lines: /** @satisfies {Record<string, Worded>} */ ({
      set: (v) => `The double-${v.top} set: ${v.tiles} tiles, each half 0 to ${v.top} pips.`,
      players: (v) =>
        `${v.players} players${v.teams ? " in two teams: partners sit opposite and pool their points." : "."} ` +
        `Each is dealt ${v.hand} tiles; the rest are the boneyard.`,
      single_round: () => "One round only (a Quick Sprint): the higher score wins, a tie is a draw.",
      rounds: (v) =>
        `Rounds are played until a side has at least ${v.target} ${v.pegs ? "pegs" : "points"} at the end ` +
        "of a round; the higher total wins, and a tie at the top plays one more round.",
      lead: (v) =>
        /** @type {Record<string, string>} */ ({
          highest_double:
            "The holder of the highest double leads, and must lead that double; if no hand holds a double, the holder of the heaviest tile leads it.",
          highest_double_any:
            "The holder of the highest double leads (if no hand holds a double, the holder of the heaviest tile), and may lead any tile.",
          lots: "Each player draws a tile at random; the heaviest draws the lead and may lead any tile. The tiles go back and are shuffled before the deal.",
        })[v.rule],
      next_lead: (v) =>
        /** @type {Record<string, string>} */ ({
          same: "Every round is led by the same rule as the first.",
          winner:
            "After the first round, the winner of the last round leads any tile (after a tied round, the player left of the last leader).",
          left: "After the first round, the lead passes to the left: the player left of the last leader leads any tile.",
        })[v.rule],
      play: () => "Play one tile from your hand on an open end whose pips match one of its halves.",
      draw: (v) =>
        "With nothing to play, draw from the boneyard, one tile at a time, until a tile plays" +
        (v.reserve ? ` or only ${v.reserve} tiles are left: those are never drawn.` : " or the boneyard is empty."),
      pass: () => "With nothing to play and nothing to draw, pass.",
      doubles: () => "Doubles are placed crosswise and count both halves while they end an arm.",
      spinner: (v) =>
        "The first double is the spinner: once tiles cover both its long sides, its short sides open as two more arms." +
        (v.sides_count
          ? " An open, empty short side counts the spinner's pips."
          : " An empty short side counts nothing."),
      no_spinner: () => "There is no spinner: the line of play has two ends only.",
      no_draw: () => "Nobody draws (block play): the tiles not dealt stay out of play, face down, all round.",
      knock: () => "With nothing to play, knock: the turn passes. Nobody may knock while able to play.",
      exact_target: (v) =>
        `The first side to reach exactly ${v.target} ${v.pegs ? "pegs" : "points"} wins at once. Points that ` +
        `would take a side past ${v.target} do not count: it stays where it was.`,
      fives_and_threes: () =>
        "If that end sum is a multiple of 5, the player scores a point for each 5 in it; if a multiple of 3, a " +
        "point for each 3; a multiple of both scores both (15 is three fives and five threes: 8 points).",
      pegging: () => "Points are pegged on a cribbage board as they are made, a peg a point.",
      partners_out: () =>
        "Partners go out together: a player who has played their last tile has no more turns, and the round " +
        "goes on until both partners of a team have gone out, or it blocks.",
      going_out: (v) =>
        `The round ends when ${v.teams ? "a team has gone out" : "a player plays their last tile"}, or when it is ` +
        "blocked; no pips are counted.",
      out_bonus: (v) =>
        `Going out scores ${v.points} ${v.points === 1 ? "point" : "points"}${v.teams ? " for the team" : ""}.` +
        (v.exact ? " It counts together with the last play's points." : ""),
      blocked_no_pips: () => "Blocked: when nobody can play, the round ends and nobody scores for it.",
      end_sum: () =>
        "After every play, add up the open ends: each end's outer half, both halves of a double; the lead alone counts both its halves.",
      multiple: (v) => `If that end sum is a multiple of ${v.k} (and not 0), the player scores it.`,
      cribbage: (v) =>
        `Cribbage scoring: every award is divided by ${v.k} and moved as pegs on the board (one peg for every ${v.k} points).`,
      muggins: () =>
        "Muggins: say the points of every scoring play. A missing, short or wrong claim scores nothing for you, and the next opponent calls Muggins! and takes the points.",
      domino: (v) =>
        `Domino: a player who plays their last tile ends the round and scores ${v.teams ? "the other team's" : "every opponent's"} ` +
        `pips, rounded to the nearest multiple of ${v.k} (halves up)${dividedEn(v.divide)}.`,
      blocked: (v) =>
        "Blocked: when nobody can play and nobody may draw, the round ends; the side with the fewest pips wins " +
        `${v.rule === "difference" ? "the pips of the others less their own" : "all the pips the others hold"}, ` +
        `rounded to the nearest multiple of ${v.k} (halves up)${dividedEn(v.divide)}. A tie for fewest wins nothing.`,
      example_lead: (v) =>
        `Lead ${v.tile}: the end sum is ${v.sum}, a multiple of ${v.k}: it scores ${v.award}${v.pegs ? " pegs" : ""}.`,
      example_play: (v) =>
        `Then ${v.tile} on the east end: the end sum is ${v.sum}: it scores ${v.award}${v.pegs ? " pegs" : ""}.`,
      example_fives_lead: (v) =>
        `Lead ${v.tile}: the end sum is ${v.sum}, ${fivesEn(v)}: it scores ${v.award}${v.pegs ? " pegs" : ""}.`,
      example_fives_play: (v) =>
        `Then ${v.tile} on the east end: the end sum is ${v.sum}, ${fivesEn(v)}: it scores ${v.award}` +
        `${v.pegs ? " pegs" : ""}.`,
      example_bust: (v) =>
        `At ${v.at}, ${v.need} short of ${v.target}: leading ${v.tile} makes ${v.sum}, ${v.award}` +
        `${v.pegs ? " pegs" : ""}, which would pass ${v.target}, so it does not count and you stay at ${v.at}. ` +
        `Exactly ${v.need} wins (an end sum of ${v.sums.join(" or ")}).`,
      example_domino: (v) => `You go out while the others hold ${pipsEn(v.others)}: ${settledEn(v, v.raw)}`,
      example_blocked: (v) =>
        `The round blocks; you hold ${pipsEn(v.own)}, the others ${pipsEn(v.others)}: ` +
        settledEn(v, v.rule === "difference" ? `${v.others} − ${v.own} = ${v.raw}` : String(v.others)),
    }),
  },
  // a preset's one line (Python's explain.preset_parts), its parts joined
  /** @param {Values[]} parts the parts of a preset's line (Python's explain.preset_parts) */
  presetAbout: (parts) => capitalize(parts.map((p) => PRESET_PARTS_EN[p.code]?.(p) ?? p.code).join("; ")),
  yourTurn: "Your turn",
  /** @param {string} name */
  yourTurnNamed: (name) => `${name}: your turn`,
  yourLead:
    /** @satisfies {Record<import("../shapes/snapshot.js").LeadRule["code"], (tile: string|null) => string>} */ ({
      highest_double: (tile) => `Your lead: play your highest double, ${tile}`,
      heaviest_tile: (tile) => `Your lead: no doubles were dealt, so play your heaviest tile, ${tile}`,
      highest_double_any: (tile) => `Your lead: you hold the highest double (${tile}); lead any tile`,
      heaviest_any: (tile) =>
        `Your lead: no doubles were dealt and you hold the heaviest tile (${tile}); lead any tile`,
      lots: (tile) =>
        tile ? `Your lead: you drew ${tile}, the heaviest lot; lead any tile` : "Your lead: lead any tile",
      winner: () => "Your lead: you won the last round; lead any tile",
      left: () => "Your lead: the lead has passed to you; lead any tile",
      tie_left: () => "Your lead: nobody won the last round, so the lead passes to you; lead any tile",
    }),
  /** @param {string} name */
  thinking: (name) => `${name} is thinking…`,
  thinkingShort: "thinking",
  mustDraw: "Draw from the boneyard",
  mustPass: "Nothing to play: pass",
  mustKnock: "Nothing to play: knock",
  /** @param {number} n */
  mustPassReserve: (n) =>
    n === 1
      ? "Nothing to play: pass (the last tile stays in the boneyard)"
      : `Nothing to play: pass (the last ${n} tiles stay in the boneyard)`,
  /** @param {number} n */
  kept: (n) => `${n} kept`,
  /** @param {number} n */
  outOfPlay: (n) => `${n} out of play`,
  roundOver: "Round over",
  matchOver: "Match over",
  /** @param {string} name */
  passTo: (name) => `Pass to ${name}`,
  tapWhenReady: "Tap when ready",
  coverNote: "Every hand stays hidden until then.",
  /** @param {string} name */
  waitingFor: (name) => `Waiting for ${name}`,
  target: "to",
  /** @param {number} n */
  tiles: (n) => (n === 1 ? "1 tile" : `${n} tiles`),
  /** @param {number} n */
  drewTiles: (n) => (n === 1 ? "drew 1" : `drew ${n}`),
  passedMark: "passed",
  boneyard: "Boneyard",
  drawLabel: "Draw",
  pass: "Pass",
  passed: "Pass",
  drew: "Draws",
  nextRound: "Next round",
  rematch: "Rematch",
  newSprint: "New sprint",
  newGame: "New game",
  menu: "Menu",
  rulesButton: "Rules",
  rulesTitle: "The rules of this game",
  // why a tile of your hand does not play (the snapshot's hand[].why_not)
  whyNot: {
    wait: () => "Wait for your turn",
    /** @param {string} tile @param {string|null} [must] */
    lead: (tile, must) => (must ? `You must lead ${must}, not ${tile}` : `${tile} cannot lead`),
    /** @param {string} tile */
    no_end: (tile) => `${tile} matches no open end`,
  },
  keysButton: "Keys",
  howToButton: "How to play",
  howToOffer: "New to All Threes? How to play",
  howToDismiss: "No thanks",
  howTo: {
    title: "How to play",
    // the rules of the table in play: k the scoring multiple, reserve the tiles the boneyard keeps,
    // spinner whether the first double is one, target the match's (null for a single round)
    // fives: fives and threes scoring; draw: false in block play; pips: whether a round's end counts
    // the pips; outBonus: the points for going out; exact: the target must be hit exactly
    /**
     * @param {{k: number, reserve: number, spinner: boolean, target: number|null, fives?: boolean,
     *   draw?: boolean, pips?: boolean, outBonus?: number, exact?: boolean}} facts
     * @returns {{title: string, lines: string[], picture?: boolean}[]}
     */
    sections: ({
      k,
      reserve,
      spinner,
      target,
      fives = false,
      draw = true,
      pips = true,
      outBonus = 0,
      exact = false,
    }) => [
      fives
        ? {
            title: "Score on fives and threes",
            lines: [
              "After each play, add up the open ends of the line of tiles. A multiple of 5 scores a point for each 5 in it, a multiple of 3 a point for each 3, and 15 scores both: 8.",
            ],
            picture: true,
          }
        : {
            title: `Score on multiples of ${k}`,
            lines: [
              `After each play, add up the open ends of the line of tiles. When the sum is a multiple of ${k}, you score that many points.`,
            ],
            picture: true,
          },
      {
        title: "Your turn",
        lines: [
          "Play a tile with a half that matches an open end: drag it there, or tap it and then a lit end. Tiles that match no open end stay grey.",
          "A double lies across the line, and both its halves count while it is an end.",
        ],
      },
      draw
        ? {
            title: "Drawing",
            lines: [
              reserve
                ? `With nothing to play, draw from the boneyard until a tile plays. The last ${reserve === 1 ? "tile stays" : `${reserve} tiles stay`} in the boneyard: when only ${reserve === 1 ? "it is" : "they are"} left, you pass.`
                : "With nothing to play, draw from the boneyard until a tile plays; when it is empty, you pass.",
            ],
          }
        : {
            title: "Knocking",
            lines: [
              "Nobody draws: the tiles not dealt stay out of play. With nothing to play, you knock (pass), and you may not knock while a tile plays.",
            ],
          },
      ...(spinner
        ? [
            {
              title: "The spinner",
              lines: [
                "The first double is the spinner: once both its long sides have a tile, tiles may go on its other two sides too, so the line can have four ends.",
              ],
            },
          ]
        : []),
      {
        title: "The end of a round",
        lines: [
          pips
            ? "A round ends when someone plays their last tile (domino!) or when nobody can play (blocked). The winner scores a bonus from the pips left in the other hands."
            : `A round ends when someone goes out or when nobody can play; the pips left are not counted.${outBonus ? ` Going out scores ${outBonus === 1 ? "1 point" : `${outBonus} points`}.` : ""}`,
          exact && target
            ? `The first side to reach exactly ${target} wins: points that would take you past ${target} do not count. Rules (in the menu) tells every rule of this table.`
            : target
              ? `Rounds go on until a side reaches ${target} points. Rules (in the menu) tells every rule of this table.`
              : "The higher score wins. Rules (in the menu) tells every rule of this table.",
        ],
      },
    ],
    // parts: {fives, threes} in the sum, with fives and threes scoring (else null)
    /**
     * @param {number} left @param {number} right @param {number} sum @param {number} k @param {number} award
     * @param {boolean} pegs @param {{fives?: number, threes?: number}|null} [parts]
     */
    picture: (left, right, sum, k, award, pegs, parts = null) =>
      `The open ends are ${left} and ${right}: ${left} + ${right} = ${sum}, ` +
      `${parts ? fivesEn(parts) : `a multiple of ${k}`}, so the play scores ` +
      `${pegs ? `${award} ${award === 1 ? "peg" : "pegs"}` : award}.`,
  },
  keysTitle: "Playing with the keyboard",
  keys: [
    ["Tab", "Move between the table, its buttons and the menu"],
    ["Left, Right", "Choose a tile you can play"],
    ["Up, Down", "Choose the end it goes on"],
    ["Enter or Space", "Play it (with nothing chosen: draw or pass when that is the move)"],
    ["D", "Draw from the boneyard"],
    ["P", "Pass"],
    ["H", "Hint: the move the Expert would play"],
    ["Escape", "Put the tile back; in the round panel, look at the table"],
    ["?", "This list"],
  ],
  close: "Close",
  lookAtTable: "Look at the table",
  showResult: "Show the result",
  sumHidden: "End sum hidden",
  soundOn: "Sound on",
  soundOff: "Sound off",
  // Sound levels (ui/dialogs/levels.js): the effects and the music, each from off to full
  sound: {
    title: "Sound levels",
    effects: "Effects",
    music: "Music",
    effectsAbout: "Tiles, chimes and fanfares",
    musicAbout: "A soft acoustic soundtrack, made for this game",
    off: "Off",
    /** @param {number} n */
    percent: (n) => `${n}%`,
    mutedNote: "The sound is muted: the sound button in the menu turns it back on at these levels.",
  },
  showSum: "Show the end sum",
  hideSum: "Hide the end sum (expert)",
  /** @param {number} round @param {string} reason */
  roundTitle: (round, reason) => `Round ${round}: ${ENDS_EN[reason] ?? reason}`,
  /** @param {string} reason */
  sprintTitle: (reason) => `Quick Sprint: ${ENDS_EN[reason] ?? reason}`,
  youWinRound: "You win the round",
  yourTeamWinsRound: "Your team wins the round",
  /** @param {string} name */
  winsRound: (name) => `${name} win the round`,
  /** @param {string} name */
  winRound: (name) => `${name} wins the round`,
  roundTie: "Nobody wins the round",
  youWinMatch: "You win the match!",
  yourTeamWinsMatch: "Your team wins the match!",
  /** @param {string} name */
  winsMatch: (name) => `${name} win the match`,
  /** @param {string} name */
  winMatch: (name) => `${name} wins the match`,
  youWinSprint: "You win the sprint!",
  yourTeamWinsSprint: "Your team wins the sprint!",
  /** @param {string} name */
  winSprint: (name) => `${name} wins the sprint`,
  /** @param {string} name */
  winsSprint: (name) => `${name} win the sprint`,
  matchDraw: "The match is a draw",
  sprintDraw: "The sprint is a draw",
  handsLeft: "Tiles left",
  emptyHand: "none",
  /** @param {number} n */
  pips: (n) => (n === 1 ? "1 pip" : `${n} pips`),
  score: "Score",
  sideColumn: "Points",
  statColumn: "Statistic",
  inPlay: "In play",
  bonus: "Bonus",
  /** @param {number} k */
  multiples: (k) => `Multiples of ${k}`,
  avgPerTurn: "Points per turn",
  engineError: "Something went wrong in the game; try again, or reload the page.",
  /** @type {Record<string, string>} */
  controllers: {
    you: "You",
    person: "Person (pass and play)",
    friend: "A friend on another device",
    beginner: "Beginner",
    casual: "Casual",
    pub: "Pub",
    expert: "Expert",
  },
  /** @type {Record<string, {name: string, about: (target: number) => string}>} */
  modes: {
    match: { name: "Parlor Match", about: (target) => `Rounds until a side reaches ${target}` },
    sprint: { name: "Quick Sprint", about: () => "One round: the higher score wins" },
    partners: { name: "Partner All Threes", about: () => "Two teams of two; partners sit opposite" },
  },
  hint: "Hint",
  hintLabel: "Hint: the move Expert would play",
  hintThinking: "Thinking…",
  /** @param {string} move @param {string} reason */
  hintText: (move, reason) => `Hint: ${move} — ${reason}`,
  hintDraw: "draw",
  hintPass: "pass",
  /** @param {string} tile */
  hintLead: (tile) => `lead ${tile}`,
  /** @param {string} tile @param {string} arm */
  hintPlay: (tile, arm) => `${tile} on ${ARM_NAMES[arm] ?? arm}`,
  reviewTitle: "Expert's review",
  reviewBusy: "Expert is reviewing the plays…",
  reviewAgrees: "Expert agrees with every play made this round.",
  reviewFailed: "The review is not available.",
  /**
   * @param {number} turn @param {string} who @param {string} played @param {string} expert @param {string} loss
   * @param {string} why
   */
  reviewEntry: (turn, who, played, expert, loss, why) =>
    `Turn ${turn}: ${who} played ${played}; ${expert} was better by about ${loss} expected points: ${why}`,
  /** @param {string} tile @param {string|null} arm */
  moveWords: (tile, arm) => (arm ? `${tile} on ${ARM_NAMES[arm] ?? arm}` : tile),
  you: "you",
  // the New game dialog
  confirmNew: "Start a new match? The current one will be lost.",
  modeLegend: "Game",
  playersLegend: "Players",
  /** @param {number} n */
  playersCount: (n) => `${n} players`,
  seatsLegend: "Around the table",
  // Where each other seat sits, seen from yours, as the table draws them (regions.js).
  places: { left: "On your left", top: "Across", right: "On your right" },
  partnerSeat: "Your partner",
  opponentSeat: "Opponent",
  nameLabel: "Name",
  /** @param {number} n */
  namePlaceholder: (n) => `Player ${n}`,
  /** @param {number} n */
  points: (n) => `${n} points`,
  cancel: "Cancel",
  start: "Start new game",
  // rules: presets and options (the values come from Python; these are their names)
  rulesLegend: "Rules",
  presets: {
    parlor: "Parlor",
    classic: "Classic",
    pub: "Pub",
    polish: "Polish",
    all_fives: "All Fives",
    fives_and_threes: "Fives and Threes",
    fives_and_threes_league: "Fives and Threes (league)",
  },
  customised: "customised",
  optionsLegend: "Options",
  options: {
    target: "Play to",
    hand_size: "Tiles in each hand",
    set: "Set",
    multiple: "Scoring multiple",
    spinner: "Spinner",
    spinner_sides_count: "Open spinner sides count",
    stock_reserve: "Tiles kept in the boneyard",
    lead: "First lead",
    next_lead: "Later leads",
    block_bonus: "A blocked round wins",
    bonus_divisor: "Bonus divided by",
    cribbage: "Cribbage pegging",
    muggins: "Muggins (claim your points)",
    scoring: "Scoring",
    draw: "Draw from the boneyard",
    pip_bonus: "Pips count at a round's end",
    out_bonus: "Points for going out",
    partners_out: "Partners go out",
    exact_target: "Finish exactly on the target",
  },
  choiceWords: {
    set: { double_six: "Double-six (28 tiles)", double_nine: "Double-nine (55 tiles)" },
    spinner: { first_double: "The first double", none: "No spinner" },
    lead: {
      highest_double: "Highest double, led at once",
      highest_double_any: "Highest double's holder, any tile",
      lots: "Drawn by lots",
    },
    next_lead: { same: "As the first", winner: "The round's winner", left: "The next player left" },
    block_bonus: { difference: "The difference in pips", total: "All the others' pips" },
    scoring: { multiple: "Multiples of the scoring multiple", fives_and_threes: "Fives and threes" },
    partners_out: { one: "One partner ends the round", both: "Both partners must go out" },
  },
  // muggins
  claimTitle: "How many points does it make?",
  claimHelp: "Say the points of your play. A wrong or missing claim lets the next opponent call Muggins!",
  claimNone: "No claim",
  /** @param {number|string} n the points, or "…" while none are typed */
  claimSay: (n) => `Claim ${n}`,
  claimClear: "Clear",
  claimCancel: "Take the tile back",
  /** @param {string} taker @param {number} points @param {string} seat */
  mugginsCall: (taker, points, seat) => `${taker}: Muggins! ${points} from ${seat}`,
  // A computer partner's play, explained from what it saw (Python's advice.partner_note codes).
  // who: the mover's name; partner: the partner's name, null when it is the viewer ("you");
  // opponent: a name.
  partnerNote: /** @satisfies {NoteWords} */ ({
    kept_open: (n, who, partner) =>
      `${who} plays ${n.tile}, not ${n.other_tile}, to keep an end open for ${partner ?? "you"}: ` +
      `${partner ? `${partner} has` : "you have"} shown no ${orList(n.lacks)}`,
    /** @returns {string} */
    shut_out: (n, who, _partner, opponent) =>
      `${who} plays ${n.tile}: ${opponent} has shown no ${orList(n.lacks)}, so must ${EN.mustWords[n.must] ?? n.must}`,
    two_ends: (n, who, partner) =>
      `${who} plays ${n.tile}: a ${n.value} stays open on two ends for ${partner ?? "you"}`,
    safe: (n, who, _partner, opponent) =>
      `${who} plays ${n.tile}, not ${n.other_tile}${n.given_up ? ` for ${n.given_up}` : ""}: it leaves ` +
      `${opponent} fewer scoring replies (${tiles(n.left)} it may hold ${n.left === 1 ? "scores" : "score"}, not ${n.instead})`,
    set_up: (n, who, partner) =>
      `${who} plays ${n.tile}, not ${n.other_tile}${n.given_up ? ` for ${n.given_up}` : ""}: it leaves ` +
      `${partner ?? "you"} more scoring replies (${tiles(n.left)} ${partner ?? "you"} may hold ` +
      `${n.left === 1 ? "scores" : "score"}, not ${n.instead})`,
  }),
  /** @param {number} points */
  mugginsFloat: (points) => `Muggins! +${points}`,
  /** @param {number} pegs */
  mugginsPegs: (pegs) => (pegs === 1 ? "Muggins! +1 peg" : `Muggins! +${pegs} pegs`),
  /** @param {number} n */
  bustFloat: (n) => `Bust! ${n} not counted`,
  /** @param {number} pegs */
  pegsFloat: (pegs) => (pegs === 1 ? "+1 peg" : `+${pegs} pegs`),
  // tabs, saves and the fair deal
  elsewhereTitle: "This game is open in another tab",
  elsewhereBody: "One tab plays at a time, so no move is lost. Play here instead?",
  playHere: "Play here",
  saveTrouble: "Your progress is not being saved: this browser's storage is full or turned off.",
  saveProblemTitle: "Your saved game could not be opened",
  saveProblem: {
    unreadable: "The saved game is damaged.",
    tampered: "The saved game was changed outside the game, so it cannot be trusted.",
    unsealable: "This browser lost the key that sealed the saved game.",
    newer: "This save is from a newer version of the game.",
    damaged: "A move in the saved game is not legal.",
  },
  saveKept: "It is kept aside, never written over: you can export it. A new game begins.",
  salvageTitle: "A saved move is damaged",
  /** @param {number} round @param {number} move */
  salvageBody: (round, move) =>
    `Move ${move} of round ${round} in your saved game is not legal. Resume from just before it, or start a new game? The save is kept aside either way.`,
  salvageYes: "Resume before it",
  salvageNo: "New game",
  exportSave: "Export it",
  ok: "OK",
  recovered: "The last save was damaged: the game goes on from the one before it.",
  // a returning player's table, drawn before the game is up (table/earlytable.js)
  waking: "Waking up…",
  wakingHeld: "Your move is played as soon as the game is awake.",
  wakingWait: "The game is waking up: one moment.",
  wakingMoved: "The table had changed since: your move was not played.",
  fairButton: "Fair deal",
  fairTitle: "A fair deal",
  fairBody:
    "Every deal of this match was fixed before the first one, by a secret seed. Its fingerprint (SHA-256 of the seed) was shown from the start:",
  fairLater: "When the match is over the seed is revealed, and anyone can check every deal with it.",
  fairRevealed: "The match is over. Its seed:",
  fairHow: "Check every deal: download the record and run python -m allthrees verify record.json.",
  fairPractice: "A practice deal (its seed came from a link): it counts for nothing.",
  downloadRecord: "Download the record",
  // links
  linkTitle: "Start the game in this link?",
  linkBody: "Your match in progress will be replaced.",
  linkStart: "Start it",
  linkKeep: "Keep my match",
  /** @param {string} why */
  badLink: (why) => `This link does not describe a game (${why.replace(/\.$/, "")}); here is your table.`,
  // --- watch: watching a table played online (net/watch.js, net/watching.js), and who watches ---
  watch: {
    status: "Watching · one move behind",
    fullShort: "Watching · this table has as many watchers as it takes",
    full: "This table has 20 watchers already: try again in a while.",
    /** @param {number} n */
    count: (n) => `${n} watching`,
    stop: "Stop watching",
    cannotPlay: "You are watching this table: the players make the moves.",
    noRelays: "Watching needs the relays, and none answers: check the internet connection.",
    allow: "Let people watch",
    allowWhy:
      "Anyone with the watch link sees the tiles played, each hand's size and the scores, one move behind; never a hand before the round's end.",
    linkLabel: "Watch link",
    linkWhat: "the watch link",
    share: "Watch my All Threes Domino table:",
    watchButton: "Watch",
    /** @param {string} words */
    watchTable: (words) => `Watch: ${words}`,
  },
  // --- netTable: the table across devices as the table shows it (net/hosting.js, guesting.js) ---
  netTable: {
    joinButton: "Join a friend's table",
    inviteButton: "Invite a friend",
    giveButton: "Give a seat to a computer",
    giveTitle: "Give a seat to a computer",
    giveText:
      "A computer plays the seat from now on, for the rest of this table: its player is told, and cannot take it back.",
    leaveButton: "Leave the table",
    leaveTitle: "Leave this table?",
    leaveText: "Your seat is the host's to give to a computer. Your own table comes back on this device.",
    leaveYes: "Leave",
    muteReactions: "Mute the others' reactions",
    unmuteReactions: "Show the others' reactions",
    reactButton: "React",
    reactTitle: "A quick word to the table",
    reactions: {
      nice: "Nice!",
      well_played: "Well played",
      oops: "Oops",
      thinking: "Let me think…",
      good_game: "Good game",
    },
    /** @param {string} name @param {string} words */
    reacted: (name, words) => `${name}: ${words}`,
    /** @type {Record<string, string>} */
    presence: { waiting: "not joined yet", connected: "connected", reconnecting: "reconnecting…", away: "away" },
    /** @param {string|null} name @param {string} presence @returns {string} */
    seat: (name, presence) => `${name ?? "Your friend"}: ${EN.netTable.presence[presence] ?? presence}`,
    /** @param {string} who */
    waitingFor: (who) => `Waiting for ${who} to join`,
    someone: "your friend",
    /** @param {string|null} name */
    joined: (name) => `${name ?? "Your friend"} joined the table.`,
    /** @param {string} name */
    back: (name) => `${name} is back.`,
    /** @param {string|null} name */
    left: (name) => `${name ?? "Your friend"}'s connection ended: a fresh invite is ready for them.`,
    otherTable: "This answer is for another table: ask your friend to open the newest invite.",
    connecting: "Connecting…",
    waitingDeal: "You are in. The deal comes once everyone has joined.",
    hostDeals: "The host deals the next round.",
    hostGone: "The connection to the host ended. Ask the host for a fresh invite to get back into your seat.",
    reconnecting: "Reconnecting to the host… play again in a moment.",
    notConnected: "Not connected to the host: ask the host for a fresh invite.",
    fair: "The deal checked out: it was drawn fairly from everyone's parts.",
    unfair: "The deal did not check out.",
    /** @param {string|null} name */
    awayTitle: (name) => `${name ?? "Your friend"} is away`,
    awayText: "Until they are back, the table can wait, or a computer can play their seat.",
    wait: "Wait",
    /** @param {string} level */
    standIn: (level) => `${level} plays for now`,
  },
  // --- net: playing across devices (web/js/net/; words for its codes) ---
  net: {
    errors: {
      "no-webrtc":
        "This browser cannot connect to another device directly. Open the game in a recent Chrome, Firefox, Edge or Safari.",
      "no-network":
        "This device found no network to connect through. Turn on Wi-Fi or mobile data, then make a new invite.",
      unreachable:
        "Could not connect: the two devices could not reach each other. On the same Wi-Fi this usually works; some mobile networks need a relay this game does not have. Try both devices on one Wi-Fi, then make a new invite.",
      timeout: "The host did not take your answer in time. Ask the host for a new invite.",
      closed: "The connection was closed. Ask the host for a new invite.",
      code: "This code cannot be used.",
    },
    codes: {
      empty: "Paste a code or a link first.",
      foreign: "This is not a code of this game. Copy the whole link or code again.",
      version: "This code comes from a newer version of the game. Reload this page to update it, then try again.",
      damaged: "This code is damaged or cut short. Copy the whole link or code again.",
      kind: "This is the wrong code: an invite goes to the guest, the answer back to the host.",
      compression: "This browser is too old to read this code. Update it, or open the link on another device.",
    },
    handoff: {
      sending: "Handing the answer to your table…",
      delivered: "The answer went to your table. You can close this tab.",
      refused: "Your table is not waiting for this answer: it may be old. Make a new invite for this seat.",
      noTable:
        "No table on this device is waiting for this answer. If the host plays on another device, send this link to the host.",
    },
  },
  // --- invite: the handshake's two dialogs (ui/dialogs/invite.js); the fields' names are a contract ---
  invite: {
    /** @param {string} name */
    title: (name) => `Invite ${name}`,
    titleAnyone: "Invite your friend",
    /** @param {string|null} name */
    send: (name) => `Send this to ${name ?? "your friend"}: the link, the QR code or the code.`,
    /** @param {string|null} name */
    whenAnswers: (name) => `When ${name ?? "your friend"} answers, paste the answer here or scan its QR code.`,
    linkLabel: "Invite link",
    codeLabel: "Invite code",
    qrLabel: "QR code of the invite",
    answerLabel: "Paste the answer",
    connect: "Connect",
    checking: "Checking the answer…",
    scan: "Scan the answer",
    stopScan: "Stop the camera",
    camera: "Camera: hold the answer's QR code in view",
    scanning: "Point the camera at the QR code on your friend's screen.",
    cameraDenied: "The camera was not allowed. Paste the answer instead, or allow the camera and try again.",
    noCamera: "This device has no camera to use. Paste the answer instead.",
    cameraFailed: "The camera could not be opened. Paste the answer instead.",
    keepWaiting: "Closing this keeps the seat waiting: Invite a friend shows this invite again.",
    share: "Share",
    copy: "Copy",
    shared: "Shared.",
    /** @param {string} what */
    copied: (what) => `Copied the ${what}.`,
    copyFailed: "This browser did not allow copying: the text is selected, copy it with your device's Copy.",
    linkWhat: "invite link",
    codeWhat: "invite code",
    shareTitle: "All Threes Domino",
    shareInvite: "Join my table of All Threes Domino:",
    close: "Close",
    joinTitle: "Join a friend's table",
    pasteIntro: "Paste the invite your friend sent you: the whole link or the code.",
    inviteLabel: "Paste an invite",
    join: "Join",
    preparing: "Preparing your answer…",
    /** @param {string|null} host */
    showTo: (host) => `Show this to ${host ?? "the host"}`,
    /** @param {string|null} host */
    answerHow: (host) =>
      `Send ${host ?? "the host"} the link, let them scan the QR code, or read them the code. They paste it at "Paste the answer".`,
    answerLinkLabel: "Answer link",
    answerCodeLabel: "Answer code",
    answerQrLabel: "QR code of the answer",
    answerLinkWhat: "answer link",
    answerCodeWhat: "answer code",
    shareAnswer: "My answer to your invite to All Threes Domino:",
    waitingHost: "Waiting for the host to take your answer…",
  },
  // A table played online (net/online.js): one link for every friend's seat, through public relays.
  // Play online's lobby (table/playonline.js, ui/dialogs/lobby.js): open tables, quick match, the clock
  lobby: {
    button: "Play online",
    title: "Play online",
    intro:
      "Play with people who are here now: join an open table, open your own, or let a quick match seat you. No account: only your name at the table is shown.",
    nameLabel: "Your name at the table",
    /** @param {number} n */
    nameDefault: (n) => `Player ${n}`,
    quickTitle: "Quick match",
    quickAbout: "Seated with someone waiting for the same game, within seconds; 60 s a move.",
    quick: "Quick match",
    kinds: { "2p": "2 players", partners: "Partners (2 against 2)" },
    kindLegend: "Game",
    anyRules: "Any rules",
    rulesLabel: "Rules",
    openTitle: "Open a table",
    openAbout: "Choose the game; your table is listed here until its seats are taken.",
    open: "Open a table",
    tablesTitle: "Open tables",
    join: "Join",
    none: "No open tables just now: open one, or try a quick match.",
    /** @param {number} n */
    count: (n) => (n === 1 ? "1 open table" : `${n} open tables`),
    paused: "The list is paused while the page is idle.",
    refresh: "Refresh",
    down: "No relay answers: check the internet connection.",
    // a listed table in words: its rules, players, free seats, host, language, time waited
    /**
     * @param {{rules: string, target: number, sprint: boolean, players: number, teams: boolean, free: number,
     *   name: string, lang: string, waited: string, clock: string|null}} table
     */
    describe: ({ rules, target, sprint, players, teams, free, name, lang, waited, clock }) =>
      `${rules} ${sprint ? "sprint (one round)" : `to ${target}`}, ${teams ? "partners" : `${players} players`}, ${free === 1 ? "1 free seat" : `${free} free seats`}; host ${name}; ${lang}; waiting ${waited}${clock ? `; ${clock} a move` : ""}`,
    quickTag: "quick match",
    playingTitle: "Tables to watch",
    watch: "Watch",
    playingNone: "No table in play lets people watch just now.",
    /** @param {number} n */
    playingCount: (n) => (n === 1 ? "1 table in play" : `${n} tables in play`),
    // a table in play in words: its rules, players, host, language, how long played, watchers
    /**
     * @param {{rules: string, target: number, sprint: boolean, players: number, teams: boolean,
     *   name: string, lang: string, playing: string, watchers: number}} table
     */
    describePlaying: ({ rules, target, sprint, players, teams, name, lang, playing, watchers }) =>
      `${rules} ${sprint ? "sprint (one round)" : `to ${target}`}, ${teams ? "partners" : `${players} players`}; host ${name}; ${lang}; playing ${playing}; ${watchers === 1 ? "1 watching" : `${watchers} watching`}`,
    /** @param {number} m */
    minutes: (m) => (m < 1 ? "under a minute" : m === 1 ? "1 minute" : `${m} minutes`),
    languages: { en: "English", pl: "Polish" },
    looking: "Looking for players…",
    /** @param {string} kind @param {string} waited */
    lookingFor: (kind, waited) => `Looking for: ${kind}. Waiting ${waited}.`,
    alone: "Nobody else is looking just now.",
    /** @param {number} n */
    joinedSoFar: (n) => (n === 1 ? "1 player has joined." : `${n} players have joined.`),
    computerInstead: "Play the computer instead",
    fill: "Start now, computers in the empty seats",
    stop: "Stop looking",
    announced: "Your table is listed in Play online until its seats are taken.",
    unlisted: "Your table could not be listed: its rules were refused.",
    listed: "Listed in Play online",
  },
  // The table clock of a table played online (Python's rule: py/allthrees/net/clock.py)
  clock: {
    legend: "Time a move (tables played online)",
    off: "Off",
    /** @param {number} s */
    seconds: (s) => (s >= 120 ? `${s / 60} minutes` : `${s} s`),
    /** @param {string} name @param {number} s */
    left: (name, s) => `${name}: ${s} s left`,
    /** @param {number} s */
    short: (s) => `${s} s left`,
    /** @param {string} name */
    timedOut: (name) => `Time's up for ${name}: a computer moved.`,
    /** @param {string} name */
    away: (name) => `${name} ran out of time three times: a computer plays for now.`,
    back: "I'm back",
  },
  room: {
    title: "Invite your friends",
    send: "Send this link to the friends you play with: each one who opens it sits at a free seat, with nothing to send back. A friend who drops comes back by themselves.",
    private:
      "The link is the key to your table: share it privately. It travels through public relays that see when devices meet, never a tile.",
    hide: "Hide my address from other players",
    hideWhy:
      "A direct connection shows each device's internet address to the others. Hidden, the table's messages go through the relays instead, encrypted, a little slower.",
    noDirect:
      "This browser makes no direct connections (it has no WebRTC): your tables always go through the relays, your address hidden.",
    manual: "Connect without relays",
    down: "No relay answers: check the internet connection, or connect without relays (codes sent by hand).",
    downGuest:
      "No relay answers: check the internet connection. Or ask the host for the codes (Connect without relays in the host's invite) and paste the invite here.",
    joining: "Joining the table…",
    full: "This table is full: every seat for a friend is taken.",
    noAnswer: "The host's device does not answer: it may be closed or offline. Ask the host to open the game.",
    back: "Back at the table.",
    through: "through a relay",
  },
  // Pairing two of one's own devices to merge their careers (career/pair.js): the fields keep the
  // invite's names ("Invite link", "Paste the answer", "Paste an invite", "Answer code").
  // Pairing by one link and the careers kept in sync by themselves (career/sync.js,
  // ui/dialogs/pairlink.js)
  sync: {
    about:
      "Keep one career on all your devices: open this link on your other device, or scan the QR code with its camera. From then on the two merge their careers by themselves whenever both are open.",
    linkLabel: "Pairing link",
    linkWhat: "the pairing link",
    share: "Pair my All Threes Domino career:",
    private: "Whoever opens this link is paired with this career: keep it to yourself.",
    preparing: "Preparing the link…",
    waiting: "Waiting for your other device to open the link…",
    /** @param {string} label */
    paired: (label) => `Paired with ${label}: the careers merge now, and whenever both devices are open.`,
    cannot:
      "This device cannot pair by link just now (no relay answers, or its storage is full): connect without relays instead.",
    list: "Paired devices",
    none: "No device paired yet.",
    /** @param {string} since @param {string|null} last */
    entry: (since, last) => `paired ${since}${last ? `, last in sync ${last}` : ""}`,
    forget: "Forget",
    /** @param {string} label */
    forgetLabel: (label) => `Forget ${label}`,
    askTitle: "Pair this device?",
    ask: "Your other device asks to pair with this one: both will hold every match, the matches to replay, the daily deals and the trophies, merged now and whenever both are open. What a merge replaces is kept as a backup.",
    pair: "Pair",
    notNow: "Not now",
    pairedHere: "Paired: the careers merge whenever both devices are open.",
    noRelays:
      "Pairing by link needs the relays, which this device's preferences turn off: pair with the codes instead (Career → Pair a device).",
    otherDevice: "your other device",
    /** @param {string} label @param {number} n */
    merged: (label, n) =>
      n
        ? `${n} ${n === 1 ? "match" : "matches"} from ${label} merged into your career.`
        : `Your career is merged with ${label}.`,
    /** @param {string} label */
    failed: (label) => `The career from ${label} could not be merged: nothing changed.`,
  },
  ratings: {
    about:
      "Each whole match against the computers, or a rated match online, moves your rating: up when you beat a stronger player than the rating says, down when you lose to a weaker one. A practice deal, pass-and-play, the daily deal and a match where you asked for a hint are not rated.",
    none: "No rated match yet: finish a whole match against the computers without asking for a hint.",
    kinds: { two: "Two players", multi: "Three or four players", partners: "Partners" },
    /** @param {string} rating @param {string} deviation */
    value: (rating, deviation) => `${rating} ± ${deviation}`,
    provisional: "provisional",
    provisionalWhy: "Provisional: the rating is still uncertain (± 110 or more), about the first ten rated matches.",
    /** @param {number} n */
    played: (n) => `${n} rated ${n === 1 ? "match" : "matches"}`,
    /** @param {number} n */
    abandoned: (n) => `${n} abandoned`,
    /** @param {string} rating @param {string} date */
    best: (rating, date) => `Best: ${rating} (${date})`,
    bestNone: "Best: once the rating is no longer provisional",
    /** @param {string} title */
    title: (title) => `Title: ${title}`,
    chartTitle: "Rating after each rated match",
    changes: "Each rated match",
    /** @param {string} change */
    change: (change) => change,
    hideTitle: "Hide my title at the table",
    /** @param {string} title */
    newTitle: (title) => `New title: ${title}!`,
    /** A host in Play online's list: its rating of the table's kind (null: none yet) and title.
     * @param {string} name @param {number|null} rating @param {boolean} provisional @param {string|null} title
     * @param {number} [abandoned] rated matches it left for good */
    host: (name, rating, provisional, title, abandoned = 0) => {
      const said = [
        rating === null ? "" : `rating ${rating}${provisional ? ", provisional" : ""}`,
        title ?? "",
        abandoned ? `${abandoned} abandoned` : "",
      ];
      const words = said.filter(Boolean).join(", ");
      return words ? `${name} (${words})` : name;
    },
    ratedMatch: "Rated match",
    ratedWhy:
      "At the match's end both devices sign its result, and it moves both players' ratings. A hint asked during it makes it unrated.",
    hintTitle: "Ask for a hint?",
    hintBody:
      "This match is rated. A hint makes it unrated: it will not move your rating. (A review between rounds is allowed.)",
    hintAsk: "Ask for the hint",
    hintKeep: "Keep it rated",
    /** A rated result's exchange ended without every signature (career/rated.js). */
    unsigned: {
      late: "The other player's device did not sign the result in time: the match is unrated.",
      refused: "The other player's signature of the result did not check out: the match is unrated.",
    },
  },
  titles: {
    newcomer: "Newcomer",
    apprentice: "Apprentice",
    journeyman: "Journeyman",
    adept: "Adept",
    expert: "Expert",
    master: "Master",
    grand_master: "Grand Master of the Parlor",
  },
  pair: {
    button: "Pair a device",
    title: "Pair your devices",
    about:
      "Merge this career with the one on your other device: afterwards both hold every match, the matches to replay, the daily deals and the trophies. Nothing changes until you confirm on each device.",
    send: "On your other device, open this link or scan the QR code with its camera, or paste the code in its Career → Pair a device.",
    whenAnswers: "Then take its answer here: paste it, or scan its QR code.",
    orHave: "Or, if your other device shows the invite, paste it here:",
    join: "Pair",
    showTo: "Show this to your other device",
    answerHow:
      'Open the link on the other device, scan this QR code with it, or paste the code at "Paste the answer" there.',
    shareInvite: "Pair my All Threes Domino career:",
    shareAnswer: "My answer to pair All Threes Domino careers:",
    waiting: "Waiting for the other device to take the answer…",
    connecting: "Connecting…",
    crossing: "Connected: the careers are crossing…",
    checking: "Checking every match…",
    notPairing: "That is an invite to a friend's table, not a pairing: open it as a link to join the table.",
    confirmTitle: "Merge the careers?",
    /**
     * @param {number} here @param {number} there @param {number} together @param {number} added @param {number} history
     */
    counts: (here, there, together, added, history) =>
      `On this device: ${here} ${here === 1 ? "match" : "matches"}. On the other: ${there}. Together: ${together} ${together === 1 ? "match" : "matches"} (${added} new here), ${history} to replay.`,
    /** @param {number} n */
    damaged: (n) => `${n} damaged ${n === 1 ? "entry was" : "entries were"} left out.`,
    backupNote: "What the merge replaces is kept as a backup on this device.",
    merge: "Merge",
    notNow: "Not now",
    /** @param {number} n */
    merged: (n) => `Merged: ${n} ${n === 1 ? "match" : "matches"} in your career on this device.`,
    writeFailed: "The merge could not be written (storage full?); your career is as it was.",
    failed: {
      version: "The other device has another version of the game: reload both, then pair again.",
      damaged: "The other device sent something this game cannot read. Nothing was changed.",
      too_big: "The other device's career is larger than a device can keep. Nothing was changed.",
      closed: "The connection ended before both careers had crossed. Nothing was changed: pair again.",
    },
    handoff: {
      delivered: "The answer went to the pairing on this device. You can close this tab.",
      refused: "The pairing on this device is not waiting for this answer: it may be old. Pair again.",
      noTable: "No pairing on this device is waiting for this answer: open it on the device that showed the invite.",
    },
  },
  standings: {
    title: "Standings",
    about: "Everyone who played today's deal, each result checked on this device by replaying it move by move.",
    show: "Show the standings",
    again: "Check again",
    looking: "Fetching the entries and checking them…",
    failed: "The standings could not be checked right now.",
    publish: "Publish my daily result (my name, score and moves)",
    /** @param {number} rank @param {number} count */
    rank: (rank, count) => `Your rank: ${rank} of ${count}`,
    /** @param {number} count */
    played: (count) => `${count} ${count === 1 ? "player" : "players"} in the standings`,
    /** @param {number} best */
    best: (best) => `Best score: ${best}`,
    none: "No checked entries for this date yet.",
    notPublished: "Your result is not published: the setting below is off.",
    tooLong: "Your match's record is too long for a relay's event: it was not published.",
    notSent: "Your entry has not reached a relay yet: it is sent again each time you look.",
    notFound: "Your entry is not among them yet.",
    notPlayed: "Play today's scored deal to have your own entry.",
    /** @param {number} n */
    refused: (n) => `${n} ${n === 1 ? "entry" : "entries"} refused: malformed, or not replaying as claimed.`,
    /** @param {number} n */
    unchecked: (n) => `${n} ${n === 1 ? "entry" : "entries"} not checked yet: look again to check more.`,
    /** @param {number} n @param {number} of */
    relays: (n, of) => `${n} of ${of} ${of === 1 ? "relay" : "relays"} answered.`,
    top: "Top 20",
    near: "Around you",
    /** @param {number} rank @param {string} name @param {number} score @param {boolean} won */
    row: (rank, name, score, won) => `${rank}. ${name}: ${score} points, ${won ? "won" : "lost"}`,
    you: "(you)",
  },
};

// The table read aloud (screenreader.js): tiles as a player says them, the ends, the seats and one
// sentence per event.
const PIP_WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/**
 * "6-3" -> "six-three", "5-5" -> "double five".
 * @param {string} name
 */
function tileWordsEn(name) {
  const [a, b] = name.split("-").map((x) => PIP_WORDS[Number(x)] ?? x);
  return a === b ? `double ${a}` : `${a}-${b}`;
}

const SR_EN = {
  region: "The table, in words",
  handLabel: "Your hand: the tiles you can play",
  /** @param {string} arm */
  arm: (arm) => ARM_NAMES[arm] ?? arm,
  /** @param {string} tile @param {string|null} arm @param {number} points */
  option: (tile, arm, points) =>
    `${tileWordsEn(tile)}${arm ? ` on ${ARM_NAMES[arm] ?? arm}` : ", lead"}${points ? `, scores ${points}` : ""}`,
  /** @param {string[]} parts @param {number|null} target */
  scores: (parts, target) => `Scores: ${parts.join(", ")}${target ? `; playing to ${target}` : ""}.`,
  /** @param {string} name @param {number} points */
  scorePart: (name, points) => `${name} ${points}`,
  emptyTable: "The table is empty.",
  /** @param {string[]} parts */
  ends: (parts) => `Open ends: ${parts.join(", ")}.`,
  /** @param {string} arm @param {number} value @param {number} counts */
  endPart: (arm, value, counts) => `${ARM_NAMES[arm] ?? arm} ${value}${counts !== value ? ` (counts ${counts})` : ""}`,
  /** @param {number} sum @param {boolean} scores */
  endSum: (sum, scores) => (scores ? `They add up to ${sum}, which scores.` : `They add up to ${sum}.`),
  /** @param {string} name @param {number} n @param {boolean} passed @param {number} drew */
  seat: (name, n, passed, drew) =>
    `${name}: ${n === 1 ? "1 tile" : `${n} tiles`}${passed ? ", passed" : drew ? `, drew ${drew}` : ""}.`,
  // out: block play, where nobody draws and every tile left is out of play
  /** @param {number} n @param {number} kept @param {boolean} out */
  boneyard: (n, kept, out) =>
    out
      ? `Out of play: ${n === 1 ? "1 tile" : `${n} tiles`}, face down.`
      : `Boneyard: ${n === 1 ? "1 tile" : `${n} tiles`}${kept ? `, the last ${kept} stay there` : ""}.`,
  /** @param {string[]} tiles */
  hand: (tiles) =>
    tiles.length
      ? `Your hand, ${tiles.length === 1 ? "1 tile" : `${tiles.length} tiles`}: ${tiles.join(", ")}.`
      : "Your hand is empty.",
  /** @param {string} tile @param {boolean} playable */
  handTile: (tile, playable) => (playable ? tileWordsEn(tile) : `${tileWordsEn(tile)} (matches no open end)`),
  keysHint: "Left and Right choose a tile, Up and Down its end, Enter plays, D draws, P passes, H asks for a hint.",
  // events
  /** @param {number} round @param {number} n */
  dealt: (round, n) => `Round ${round}: you have ${n === 1 ? "1 tile" : `${n} tiles`}.`,
  // bust: with an exact target, what the play made that would have passed it (not counted)
  /**
   * @param {string} who @param {boolean} you @param {string} tile @param {string|null} arm @param {number} points
   * @param {number} [bust]
   */
  placed: (who, you, tile, arm, points, bust = 0) =>
    `${who} ${you ? "play" : "plays"} ${tileWordsEn(tile)}${arm ? ` on ${ARM_NAMES[arm] ?? arm}` : ""}` +
    `${points ? ` and ${you ? "score" : "scores"} ${points}` : ""}.` +
    (bust ? ` Bust: ${bust} would pass the target and ${bust === 1 ? "does" : "do"} not count.` : ""),
  /** @param {string[]} tiles */
  drewOwn: (tiles) => `You draw ${tiles.map(tileWordsEn).join(", ")}.`,
  /** @param {string} who @param {number} n */
  drewOther: (who, n) => `${who} draws ${n === 1 ? "a tile" : `${n} tiles`}.`,
  /** @param {string} who @param {boolean} you */
  passedEv: (who, you) => `${who} ${you ? "pass" : "passes"}.`,
  /** @param {string} title @param {string} result */
  roundOver: (title, result) => `${title}. ${result}.`,
  /** @param {string} result */
  matchOver: (result) => `${result}`,
  /** @param {string} who */
  coveredEv: (who) => `Pass the device to ${who}.`,
  /** @param {string[]} parts */
  scoresNow: (parts) => `${parts.join(", ")}.`,
  yourTurn: "Your turn.",
};

/** A language's words of the table: the English catalogue's shape. @typedef {typeof EN} Catalogue */
/** A language's words of the screen reader's table. @typedef {typeof SR_EN} ReaderCatalogue */

export const T = other ? other.PL : EN;
export const SR = other ? other.SR_PL : SR_EN;

/** Every language's catalogue (the tests compare them). */
export async function catalogues() {
  const pl = await import("./strings.pl.js");
  return { en: { T: EN, SR: SR_EN }, pl: { T: pl.PL, SR: pl.SR_PL } };
}

/**
 * Why the Expert likes a move, from Python's code (advice.reason_code).
 * @param {Why|null|undefined} why
 */
export function whyWords(why) {
  if (!why) return "";
  // each code's words take that code's values (WhyWords): the code picks both
  const words = /** @type {Record<string, ((why: Why) => string)|undefined>} */ (T.why)[why.code];
  return words?.(why) ?? "";
}

/**
 * A refusal from Python ({code, values, error}: errors.refusal_json) in the page's language.
 * @param {{code?: string, values?: Values}|null|undefined} refusal
 */
export function refusalWords(refusal) {
  const words = /** @type {Record<string, Worded|undefined>} */ (T.refusals)[refusal?.code ?? ""];
  return words?.(refusal?.values ?? {}) ?? T.refusals.refused();
}

/**
 * The words of a mode, by its code.
 * @param {string} code
 */
export function modeWords(code) {
  return T.modes[code] ?? { name: code, about: () => "" };
}
