// @ts-check
// Polish words of the table: the same keys as the English catalogue (strings.js), in a domino
// player's words as the Polish rule text uses them: kamień, dublet, spinner, talon, pasuje,
// domino!, blokada, oczka, partia (a round), rozgrywka (a match). Plurals by Intl.PluralRules
// (one, few, many), so "1 kamień, 2 kamienie, 5 kamieni".

import { plural, sumOf } from "./lang.js";

/** @typedef {import("./strings.js").Values} Values */
/** @typedef {import("./strings.js").Worded} Worded */

const PL_LANG = "pl";
/** @param {number} n @param {string} one @param {string} few @param {string} many */
const pl = (n, one, few, many) => plural(n, { one, few, many, other: few }, PL_LANG);
/** @param {number} n */
const kamienie = (n) => `${n} ${pl(n, "kamień", "kamienie", "kamieni")}`;
/** @param {number} n */
const punkty = (n) => `${n} ${pl(n, "punkt", "punkty", "punktów")}`;

// The ends as the table shows them: up, down, left, right (the compass letters of the English
// table would read as words in Polish: W is "wschód", east).
const ARM_SHORT = { N: "G", S: "D", W: "L", E: "P" };
/** @type {Record<string, string>} */
const ARM_ON = { N: "u góry", S: "u dołu", W: "po lewej", E: "po prawej" };
/** @type {Record<string, string>} */
const ARM_NAME = { N: "górny", S: "dolny", W: "lewy", E: "prawy" };

/**
 * "3", "3 ani 5", "1, 3 ani 5" (after "nie ma").
 * @param {readonly (number|string)[]} values
 */
function noneOf(values) {
  const xs = values.map(String);
  return xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} ani ${xs[xs.length - 1]}`;
}

/** @param {number} n */
const oczka = (n) => `${n} ${pl(n, "oczko", "oczka", "oczek")}`;
/** @param {number} n */
const kolki = (n) => `${n} ${pl(n, "kołek", "kołki", "kołków")}`;
/** @param {{by: number, pegs: boolean}|null|undefined} d */
const dividedPl = (d) => (d ? `, potem podzielone przez ${d.by}${d.pegs ? " na kołki" : ""}` : "");
/**
 * "11 → 12, / 3 = 4 kołki: zdobywasz 4 kołki."
 * @param {Values} v @param {string} how
 */
function settledPl(v, how) {
  const d = v.divide;
  const won = v.pegs ? kolki(v.score) : punkty(v.score);
  return `${how} → ${v.rounded}${d ? `, / ${d.by} = ${v.score}` : ""}: zdobywasz ${won}.`;
}
/** @type {Record<string, Worded>} */
const PRESET_PARTS = {
  multiple: (p) => `punktują wielokrotności ${p.k}`,
  target: (p) => `do ${p.target}`,
  hand: (p) => `${kamienie(p.tiles)} w ręce`,
  lead: (p) =>
    /** @type {Record<string, string>} */ ({
      highest_double: "wychodzi się najwyższym dubletem",
      highest_double_any: "posiadacz najwyższego dubletu wychodzi czymkolwiek",
      lots: "o wyjściu decyduje losowanie",
    })[p.rule],
  next_lead: (p) => (p.rule === "winner" ? "zwycięzca wychodzi w następnej" : "wyjście przechodzi w lewo"),
  reserve: (p) => `${p.tiles} ${pl(p.tiles, "kamień zostaje", "kamienie zostają", "kamieni zostaje")} w talonie`,
  sides_count: () => "liczą się otwarte boki spinnera",
  block: (p) => (p.rule === "difference" ? "blokada daje różnicę" : "blokada daje wszystko"),
  divisor: (p) => `premia dzielona przez ${p.by}`,
  fives_and_threes: () => "punktują piątki i trójki",
  exact_target: (p) => `dokładnie do ${p.target}`,
  cribbage: () => "wynik na tablicy do cribbage",
  block_play: () => "bez dobierania",
  no_spinner: () => "bez spinnera",
  out_bonus: (p) => `${punkty(p.points)} za zejście`,
  partners_out: () => "partnerzy schodzą razem",
  no_pips: () => "oczek się nie liczy",
};

/**
 * "trzy piątki i pięć trójek" for an end sum's scoring parts (explain.py's example).
 * @param {{fives?: number, threes?: number}} v
 */
function fivesPl(v) {
  /** @param {number|undefined} n @param {string} one @param {string} few @param {string} many */
  const part = (n, one, few, many) => (n ? `${n} ${pl(n, one, few, many)}` : null);
  return [part(v.fives, "piątka", "piątki", "piątek"), part(v.threes, "trójka", "trójki", "trójek")]
    .filter(Boolean)
    .join(" i ");
}

/**
 * A round's end, by Python's reason code (round.py: domino, blocked, target).
 * @type {Record<string, string>}
 */
const ENDS_PL = { domino: "domino!", blocked: "blokada", target: "dokładnie do celu!" };

const PIPS = ["zero", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć"];

/**
 * "6-3" -> "sześć-trzy", "5-5" -> "dublet pięć".
 * @param {string} name
 */
function tileWordsPl(name) {
  const [a, b] = name.split("-").map((x) => PIPS[Number(x)] ?? x);
  return a === b ? `dublet ${a}` : `${a}-${b}`;
}

/** @type {Record<string, string>} */
const LEVELS = { beginner: "Początkujący", casual: "Amator", pub: "Bywalec", expert: "Ekspert" };

/** @type {import("./strings.js").Catalogue} */
export const PL = {
  seatName: (label) => {
    if (label.kind === "you") return PL.controllers.you;
    if (label.kind === "level") {
      const level = LEVELS[label.level] ?? label.level;
      return label.n > 1 ? `${level} ${label.n}` : level;
    }
    if (label.kind === "host") return label.name ?? "Gospodarz";
    return label.name ?? `Gracz ${label.n}`;
  },
  sideName: (names) => names.join(" i "),
  armShort: ARM_SHORT,
  career: {
    title: "Kariera",
    button: "Kariera",
    tabs: {
      stats: "Statystyki",
      ratings: "Ranking",
      history: "Historia",
      trophies: "Trofea",
      designs: "Wygląd",
      daily: "Rozdanie dnia",
    },
    noMatches: "Nie ma jeszcze skończonej rozgrywki: statystyki zaczną się od pierwszej.",
    noHistory: "Nie ma jeszcze skończonej rozgrywki.",
    played: "Rozegrane rozgrywki",
    won: "Wygrane rozgrywki",
    streak: "Seria zwycięstw",
    longest: "najdłuższa",
    perRound: "Punkty na partię",
    perTurn: "Punkty na ruch",
    multiples: "Punktujące zagrania",
    largest: "Najwyższe pojedyncze zagranie",
    largestPlay: (points, date) => `${points} (${date})`,
    dominoes: "Partie wygrane przez domino",
    blocks: "przez blokadę",
    best: "Najlepsza rozgrywka",
    worst: "Najgorsza rozgrywka",
    matchLine: (m, date) => `${m.scores.join(" – ")}, ${m.margin > 0 ? "+" : ""}${m.margin} (${date})`,
    byMode: "Według gry",
    byPlayers: "Według liczby graczy",
    byLevel: "Według przeciwnika",
    keyWords: (key) =>
      ({
        2: "2 graczy",
        3: "3 graczy",
        4: "4 graczy",
        mixed: "Różne poziomy",
        people: "Ludzie",
      })[key] ?? key,
    winRateTitle: "Odsetek wygranych w ostatnich rozgrywkach",
    playsTitle: "Punkty za zagranie",
    won1: "Wygrana",
    lost1: "Przegrana",
    modeLine: (mode, seats) => `${mode}: ${seats.join(", ")}`,
    historyNote: (n) =>
      `${plural(n, { one: "Ostatnia rozgrywka", few: `Ostatnie ${n} rozgrywki`, many: `Ostatnie ${n} rozgrywek` })}, od najnowszej: otwórz, by odtworzyć ruch po ruchu.`,
    trophyCount: (got, all) => `Zdobyte trofea: ${got} z ${all}. Trofea odblokowują wzory kamieni i sukna.`,
    earnedOn: (date) => `Zdobyte ${date}`,
    notYet: "Jeszcze niezdobyte",
    designKinds: { tiles: "Kamienie", felts: "Sukno stołu" },
    designsNote: "Zdobywane grą, nigdy kupowane: każde trofeum może odblokować wzór.",
    lockedBy: (trophy) => `Odblokowuje trofeum „${trophy}”`,
    dailyAbout:
      "Jedno rozdanie dla wszystkich każdego dnia (UTC), przeciw Ekspertowi. Liczy się pierwsza próba dnia; można zagrać je znowu, ale bez wyniku.",
    dailyDate: (date) => `Dzisiejsze rozdanie: ${date}`,
    dailyStreak: (n, longest) =>
      `Seria dni: ${plural(n, { one: "1 dzień", few: `${n} dni`, many: `${n} dni` })} (najdłuższa ${longest})`,
    dailyPlay: "Zagraj dzisiejsze rozdanie",
    dailyReplace: "Zacząć dzisiejsze rozdanie?",
    dailyAgain: "Zagraj je znowu (bez wyniku)",
    dailyLine: (l) =>
      `All Threes, rozdanie dnia ${l.date}: ${l.points} pkt, ${l.won ? "wygrana" : "przegrana"} różnicą ${Math.abs(l.margin)}`,
    dailyScored: (date) => `Rozdanie dnia ${date}: ta próba się liczy.`,
    dailyNotScored: "Dzisiejsze rozdanie jeszcze raz: ta próba się nie liczy.",
    copy: "Kopiuj",
    copied: "Skopiowano.",
    copyFailed: "Ta przeglądarka nie pozwoliła kopiować: zaznacz tekst i skopiuj go.",
    export: "Eksportuj",
    import: "Importuj",
    newTrophy: (name) => `Zdobyte trofeum: ${name}!`,
    keptAside:
      "Nie udało się odczytać zapisu twojej kariery; odłożono go, nigdy nie zostanie nadpisany, a kariera zaczyna się od nowa.",
    raceTitle: "Wyścig punktów, partia po partii",
  },
  trophies: {
    first_win: { name: "Pierwsza wygrana", how: "Wygraj rozgrywkę." },
    beat_expert: { name: "Ekspert pokonany", how: "Wygraj rozgrywkę z Ekspertem." },
    big_play: { name: "Trzydzieści naraz", how: "Zdobądź 30 punktów lub więcej jednym zagraniem." },
    domino_66: { name: "Dublet szóstek w zapasie", how: "Zejdź z kamieni, gdy dublet szóstek jest jeszcze w grze." },
    no_round_lost: { name: "Czyste konto", how: "Wygraj rozgrywkę, w której nikt inny nie wygrał partii." },
    sprint_60: { name: "Sprinter", how: "Zdobądź ponad 60 punktów w szybkim sprincie." },
    beginner_partner: { name: "Dobry nauczyciel", how: "Wygraj grę w parach z Początkującym jako partnerem." },
    grand_master: { name: "Wielki Mistrz Salonu", how: "Wygraj dziesięć rozgrywek z Ekspertem." },
    ten_matches: { name: "Stały bywalec", how: "Rozegraj dziesięć rozgrywek." },
    full_table: { name: "Pełny stół", how: "Wygraj rozgrywkę przy stole czterech graczy, każdy na siebie." },
    comeback: { name: "Pogoń", how: "Wygraj rozgrywkę, przegrywając wcześniej o 50 punktów lub więcej." },
    multiples_100: { name: "Sto wielokrotności", how: "Wykonaj 100 punktujących zagrań w karierze." },
    daily_first: { name: "Gracz dnia", how: "Dokończ rozdanie dnia." },
    daily_week: { name: "Tydzień rozdań", how: "Zagraj rozdanie dnia siedem dni z rzędu." },
    block_win: { name: "Blokada", how: "Wygraj partię zakończoną blokadą." },
  },
  transfer: {
    exportTitle: "Eksport postępów",
    exported: (name, entries, history) =>
      `Zapisano jako ${name}: ${plural(entries, { one: "1 rozgrywka", few: `${entries} rozgrywki`, many: `${entries} rozgrywek` })} kariery, ${history} do odtworzenia, twoje trofea i ustawienia.`,
    matchStays:
      "Trwająca rozgrywka zostaje na tym urządzeniu: jej rozdanie jest zapieczętowane dla tej przeglądarki i nigdy nie wychodzi jako czytelny tekst. Dokończ ją, by ją przenieść.",
    codeLabel: "Albo skopiuj ten kod i wklej go na drugim urządzeniu:",
    importTitle: "Import postępów",
    importAbout: "Wybierz wyeksportowany plik albo wklej kod. Nic się nie zmieni, dopóki nie potwierdzisz.",
    fileLabel: "Plik",
    pasteLabel: "Kod",
    check: "Sprawdź",
    notAFile: "To nie jest eksport All Threes: ani plik, ani kod, który da się odczytać.",
    refusedTitle: "Tego nie da się zaimportować",
    nothingChanged: "Nic nie zostało zmienione.",
    confirmTitle: "Zastąpić twoje postępy?",
    replaces: (entries, history) => `Teraz na tym urządzeniu: rozgrywki kariery ${entries}, do odtworzenia ${history}.`,
    brings: (s) =>
      `Import przynosi: rozgrywki kariery ${s.entries}, do odtworzenia ${s.history}, trofea ${s.trophies}${s.newest ? ` (najnowsza ${s.newest.slice(0, 10)})` : ""}.`,
    backupNote: "To, co zastąpi, zostanie zachowane jako kopia na tym urządzeniu.",
    replace: "Zastąp",
    writeFailed: "Nie udało się zapisać importu (pełna pamięć?); twoje postępy są takie jak były.",
  },
  mustWords: { draw: "dobierać", pass: "pasować" },
  // Wzory kamieni i stoły, które gracz zdobywa i wybiera (designs.js).
  designs: {
    tiles: { ivory: "Kość słoniowa i mosiądz", ebony: "Heban", jade: "Jadeit", bone: "Kość" },
    felts: { green: "Zielone sukno", blue: "Niebieskie sukno", mahogany: "Mahoniowy stół", slate: "Łupek" },
    lockedBy: (trophy) => `Nagroda za trofeum „${trophy}”`,
    locked: "Do zdobycia",
    inUse: "W użyciu",
  },
  languageLabel: "Język",
  // the career's charts (charts.js), as in the English catalogue
  charts: {
    round: "Partia",
    match: "Rozgrywka",
    pointsPerPlay: "Punkty za zagranie",
    target: (shown) => `cel ${shown}`,
    empty: "Na razie nie ma czego pokazać",
    scorePart: (name, shown) => `${name}: ${shown}`,
    race: (parts, rounds, target) =>
      `Po ${rounds} ${pl(rounds, "partii", "partiach", "partiach")}${target ? `, gra do ${target}` : ""} — ${parts}.`,
    raceLead: (name, round) => `Na prowadzeniu od partii ${round}: ${name}.`,
    raceLevel: "Na koniec nikt nie prowadzi.",
    raceNone: "Nie rozegrano jeszcze żadnej partii.",
    winRate: (matches, matchesShown, now, low, high, window) =>
      `Odsetek wygranych w ${matchesShown} ${pl(matches, "rozgrywce", "rozgrywkach", "rozgrywkach")}${window ? `, każdy punkt z ostatnich ${window}` : ""}: teraz ${now}, od ${low} do ${high}.`,
    winRateNone: "Nie ma jeszcze zakończonych rozgrywek.",
    rating: (matches, matchesShown, now, low, high) =>
      `Ranking w ${matchesShown} ${pl(matches, "rozgrywce rankingowej", "rozgrywkach rankingowych", "rozgrywkach rankingowych")}: teraz ${now}, od ${low} do ${high}.`,
    ratingNone: "Nie ma jeszcze rozgrywek rankingowych.",
    histogram: (plays, playsShown, top, times, timesShown) =>
      `Punkty za zagranie w ${playsShown} ${pl(plays, "zagraniu", "zagraniach", "zagraniach")}: najczęściej ${top}, ${timesShown} ${pl(times, "raz", "razy", "razy")}.`,
    bucketPart: (label, shown) => `${label}: ${shown}`,
    range: (from, to) => `od ${from} do ${to}`,
    atLeast: (from) => `${from} i więcej`,
    histogramNone: "Nie ma jeszcze zagrań.",
  },
  tableLabel: "Stół do domina",
  // przeglądarka powtórek (replay.js): rozegrana rozgrywka ruch po ruchu, wszystkie ręce odkryte
  replay: {
    title: "Powtórka rozgrywki",
    playedOn: (date) => `Rozegrana ${date}`,
    roundLabel: "Partia",
    roundNo: (n) => `Partia ${n}`,
    moveOf: (k, n) => `Ruch ${k} z ${n}`,
    first: "Na początek: rozdanie",
    back: "Poprzedni ruch",
    forward: "Następny ruch",
    last: "Ostatni ruch",
    close: "Zamknij powtórkę",
    loading: "Rozdaję partię jeszcze raz…",
    failed: "Tej partii nie da się pokazać.",
    dealtLead: (who, you) => (you ? "Rozdanie: wychodzisz." : `Rozdanie: wychodzi ${who}.`),
    leadMove: (turn, who, you, tile, points) =>
      you
        ? `Ruch ${turn}: wychodzisz ${tile}${points ? ` i zdobywasz ${punkty(points)}` : ""}`
        : `Ruch ${turn}: ${who} wychodzi ${tile}${points ? ` i zdobywa ${punkty(points)}` : ""}`,
    playMove: (turn, who, you, tile, arm, points) =>
      you
        ? `Ruch ${turn}: zagrywasz ${tile} ${ARM_ON[arm] ?? arm}${points ? ` i zdobywasz ${punkty(points)}` : ""}`
        : `Ruch ${turn}: ${who} zagrywa ${tile} ${ARM_ON[arm] ?? arm}${points ? ` i zdobywa ${punkty(points)}` : ""}`,
    drawMove: (turn, who, you, tile) =>
      you ? `Ruch ${turn}: dobierasz ${tile}` : `Ruch ${turn}: ${who} dobiera ${tile}`,
    passMove: (turn, who, you) => (you ? `Ruch ${turn}: pasujesz` : `Ruch ${turn}: ${who} pasuje`),
    mugginsTaken: (taker, points) => `Muggins! ${taker} bierze ${punkty(points)}`,
    reviewNone: "nie było wyraźnie lepszego zagrania.",
    tableAt: (k, words) => (Number(k) ? `Stół po ruchu ${k}. ${words}` : `Stół po rozdaniu. ${words}`),
    stockLeft: (n) => `Talon: ${kamienie(n)}`,
    toPlay: "kolej na ruch",
    handOf: (name, words) => `${name}: ${words}`,
    scrollLabel: "Stół, ruch i ręce graczy",
  },
  refusals: {
    refused: () => "Gra tego nie przyjęła; nic się nie zmieniło.",
    bad_request: () => "Gra nie przyjęła tej prośby; nic się nie zmieniło.",
    failed: () => "W grze coś poszło nie tak; stół jest taki jak przedtem.",
    illegal_move: () => "Tego ruchu nie można tu zrobić.",
    bad_record: () => "Zapisu partii nie da się odtworzyć.",
    bad_rules: () => "Z tych zasad nie wychodzi gra.",
    bad_settings: () => "Te ustawienia nie opisują gry.",
    unknown_mode: (v) => `Nie ma rodzaju gry o nazwie „${v.text}”.`,
    unknown_preset: (v) => `Nie ma zasad o nazwie „${v.text}”.`,
    one_you: () => "Dokładnie jedno miejsce musi być twoje.",
    unknown_option: (v) => `Nie ma opcji zasad o nazwie „${v.name}”.`,
    target_max: (v) => `Partia toczy się najwyżej do ${v.most} punktów.`,
    name_control: () => "Imię nie może zawierać znaków sterujących.",
    name_long: (v) => `Imię ma najwyżej ${v.most} znaków.`,
    link_flag: (v) => `${v.key} to 1 albo 0, nie „${v.text}”`,
    link_number: (v) => `${v.key} to liczba całkowita, nie „${v.text}”`,
    link_unknown: (v) => `nie ma w nim „${v.name}”`,
    link_players_seats: (v) => `players=${v.players}, a miejsc podano ${v.seats}`,
    link_seat: (v) => `nieznany rodzaj miejsca „${v.text}”`,
    seat_name: () => "imię ma tylko miejsce osoby",
    unreadable: () => "To nie jest zapis gry, który ta strona umie odczytać.",
    newer: () => "Zapisała go nowsza wersja gry.",
    tampered: () => "Jego rozdanie nie jest tym, z którego rozdano partię.",
    damaged: (v) => `Ruch ${v.where?.[1]} w rozdaniu ${v.where?.[0]} jest niedozwolony.`,
    not_a_save: () => "To nie jest zapis gry.",
    save_version: () => "Pochodzi z nieznanej wersji gry.",
    save_settings: () => "Jego stół i zasady nie opisują gry.",
    save_seed: () => "Brakuje w nim rozdania.",
    save_record: () => "Brakuje w nim ruchów albo nie pasują do jego zasad.",
    save_replay: () => "Jego ruchów nie da się odtworzyć.",
    save_dealing: () => "Podaje nieznany sposób rozdawania.",
    save_id: () => "Nie ma numeru partii.",
    save_past_end: () => "Jego ruchy wychodzą poza koniec partii.",
    replay_record: () => "Zapisu tej rozgrywki nie da się odtworzyć, więc nie można jej pokazać.",
    replay_round: (v) => `Ta rozgrywka nie ma takiej partii${v.rounds ? ` (partii w niej: ${v.rounds})` : ""}.`,
    replay_rules: () => "To nie są zasady, według których rozegrano tę rozgrywkę.",
    bad_career: (v) => `${v.item ? `Wpis ${v.item} kariery` : "Wpis kariery"} jest uszkodzony.`,
    bad_date: (v) => `„${v.text}” to nie jest data.`,
    match_not_over: () => "Rozgrywka jeszcze się nie skończyła.",
    not_daily: () => "Ta rozgrywka nie była rozdaniem dnia.",
    rated_result: () => "Ten wynik rankingowy nie zgadza się z twoim zapisem rozgrywki, więc się nie liczy.",
    not_an_export: () => "Ten plik nie jest eksportem All Threes.",
    export_newer: () => "Ten eksport zrobiła nowsza wersja gry.",
    export_version: () => "Ten eksport pochodzi z nieznanej wersji gry.",
    export_shape: () => "Ten eksport jest uszkodzony: brakuje jego części.",
    export_too_many: (v) => `Ten eksport zawiera zapisy ponad ${v.most} rozgrywek.`,
    export_history: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku jest uszkodzona.`,
    export_settings: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku ma stół i zasady, z których nie wychodzi gra.`,
    export_seed: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku nie została rozdana tak, jak obiecano.`,
    export_replay: (v) =>
      `${v.date ? `Rozgrywki z ${v.date.slice(0, 10)}` : "Jednej z rozgrywek"} w pliku nie da się odtworzyć.`,
    export_rules: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku nie była grana według swoich zasad.`,
    export_unfinished: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku nie jest skończona.`,
    export_mismatch: (v) =>
      `${v.date ? `Rozgrywka z ${v.date.slice(0, 10)}` : "Jedna z rozgrywek"} w pliku nie zgadza się ze swoim wpisem w karierze.`,
    // przez urządzenia (py/allthrees/net): wiadomość z innego urządzenia, wspólne rozdanie, kontrola
    message_json: () => "Nie udało się odczytać wiadomości z drugiego urządzenia; nic się nie zmieniło.",
    message_long: (v) =>
      `Wiadomość z drugiego urządzenia była za długa${v.most ? ` (najwyżej ${v.most} znaków)` : ""}; nic się nie zmieniło.`,
    message_newer: () =>
      "Drugie urządzenie ma nowszą wersję gry: zaktualizuj tę (odśwież stronę) i spróbuj jeszcze raz.",
    message_version: () => "Drugie urządzenie mówi nieznaną wersją gry; nic się nie zmieniło.",
    message_kind: () => "Drugie urządzenie wysłało coś, czego ten stół nie przyjmuje; nic się nie zmieniło.",
    message_shape: (v) =>
      `Wiadomość z drugiego urządzenia była zniekształcona${v.field ? ` (${v.field})` : ""}; nic się nie zmieniło.`,
    reaction_unknown: () => "Ta gra nie zna takiej reakcji.",
    title_unknown: () => "Ta gra nie zna takiego tytułu.",
    reaction_flood: (v) => `Najwyżej ${v.most} reakcje między dwoma ruchami.`,
    no_friends: () => "Stół przez urządzenia potrzebuje miejsca dla przyjaciela na innym urządzeniu.",
    chain_spent: () => "Ten stół rozdał już wszystkie rozgrywki, jakie mógł: załóż z przyjaciółmi nowy stół.",
    gathering_save: () => "Zapisany stół przez urządzenia jest uszkodzony.",
    guest_seat: () => "To miejsce nie jest grane na innym urządzeniu.",
    not_joined: () => "Drugie urządzenie jeszcze nie zajęło swojego miejsca.",
    not_dealt: () => "Rozgrywka nie jest jeszcze rozdana: najpierw muszą dołączyć wszyscy przyjaciele.",
    wrong_table: () => "To zaproszenie jest do innego stołu: poproś gospodarza o nowe.",
    clock_choice: () => "Zegar: wyłączony, 30 s, 60 s albo 2 minuty na ruch.",
    clock_off: () => "Przy tym stole nie ma zegara.",
    clock_turn: () => "Zegar tego miejsca nie biegnie: to nie jego ruch.",
    clock_running: (v) => `Jest jeszcze czas na ruch (${Math.ceil((v.left_ms ?? 0) / 1000)} s).`,
    no_gathering: () => "Żaden stół nie czeka na graczy.",
    nobody_joined: () => "Nikt jeszcze nie dołączył: zagraj z komputerem.",
    rated_joined: () => "Ktoś już usiadł przy stole: to, czy rozgrywka jest rankingowa, jest ustalone.",
    table_full: () => "Ten stół jest pełny: wszystkie miejsca dla przyjaciół są zajęte.",
    seat_given: () => "Gospodarz oddał to miejsce komputerowi.",
    seat_taken: () => "To miejsce należy do innego gracza.",
    shared_commitment: () =>
      "Rozdanie gospodarza nie zgadza się z obietnicą pokazaną na początku: ta rozgrywka nie była rozdana uczciwie.",
    shared_part: () =>
      "Twoja część rozdania nie została użyta tak, jak ją wysłano: ta rozgrywka nie była rozdana uczciwie.",
    shared_seed: () =>
      "Ziarno rozdania nie jest połączeniem części wszystkich graczy: ta rozgrywka nie była rozdana uczciwie.",
    shared_replay: () => "Rozgrywka nie odtwarza się z ujawnionego rozdania.",
    shared_seen: (v) =>
      `To, co widziało to urządzenie${v.item ? ` (zdarzenie ${v.item})` : ""}, nie zgadza się z zapisem gospodarza.`,
    not_bool: () => "Wybierz tak albo nie.",
    too_small: (v) => `Liczba całkowita, co najmniej ${v.least}.`,
    players: () => "2, 3 lub 4 graczy.",
    not_a_choice: () => "Wybierz jedną z podanych wartości.",
    teams_of_four: () => "Dwie drużyny to 4 graczy.",
    too_many_tiles: (v) =>
      `${v.players} ręce po ${kamienie(v.hand)} to ${kamienie(v.need)}; komplet do ${v.top} ma ${kamienie(v.tiles)}.`,

    reserve_without_draw: () => "W grze blokowej nikt nie dobiera, więc talon nie ma rezerwy: wybierz 0.",
  },
  tableRole: "stół do domina",
  summary: {
    muggins: (l, seat) =>
      `Muggins! ${seat(l.taker)} bierze ${l.award}${l.pegs ? ` ${pl(l.award, "kołek", "kołki", "kołków")}` : ""} ` +
      `od: ${seat(l.seat)} (${l.claim != null ? `zgłoszono ${l.claim}` : "bez zgłoszenia"}; końce dały ${l.made}).`,
    domino: (l, seat) => `${seat(l.seat)}: ostatni kamień na stole, domino!`,
    holds: (l, seat) => `${l.seats.map(seat).join(" i ")}: w ręce ${sumOf(l.parts)} = ${l.total} → ${l.rounded}`,
    blocked: () => "Blokada: nikt nie może zagrać ani dobrać.",
    side_pips: (l, _seat, side) => `${side(l.side)}: ${sumOf(l.parts)} = ${l.total}`,
    tie: () => "Remis w najmniejszej liczbie oczek: nikt nie wygrywa partii, bez premii.",
    fewest: (l, _seat, side) =>
      l.rule === "difference"
        ? `Najmniej oczek: ${side(l.side)}. ${l.opponents} − ${l.own} = ${l.pips} → ${l.rounded}`
        : `Najmniej oczek: ${side(l.side)}. Oczka przeciwników: ${l.opponents} → ${l.rounded}`,
    cribbage: (l) => `${l.rounded} / ${l.multiple} = ${l.bonus} (${pl(l.bonus, "kołek", "kołki", "kołków")})`,
    divisor: (l) => `${l.rounded} / ${l.divisor} = ${l.bonus}`,
    bonus: (l, _seat, side) => `Premia ${l.bonus} dla: ${side(l.side)}.`,
    bust: (l, seat) =>
      `Za dużo: ${l.pegs ? kolki(l.points) : punkty(l.points)} (${seat(l.seat)}) przekroczyłoby ${l.target}, ` +
      "więc się nie liczy.",
    target: (l, seat, side) => `${seat(l.seat)}: dokładnie ${l.target}! Rozgrywkę wygrywa: ${side(l.side)}.`,
    no_pips: () => "Oczek się nie liczy: za blokadę nikt nie dostaje punktów.",
    out_bonus: (l, _seat, side) => `Za zejście: ${l.points} dla: ${side(l.side)}.`,
    bust_bonus: (l, _seat, side) =>
      `Za dużo: ${l.points} dla: ${side(l.side)} przekroczyłoby ${l.target}, więc się nie liczy.`,
  },
  why: {
    only_draw: () => "żaden kamień nie pasuje: dobierz",
    only_pass: () => "nic nie pasuje, a talon jest zamknięty: pasuj",
    knock: () => "nic nie pasuje, a w grze blokowej się nie dobiera: pukaj",
    only_play: () => "jedyne dozwolone zagranie",
    reaches: (w) => `daje ${punkty(w.points)}: dokładnie do celu, a z tym cały mecz`,
    scores: (w) => `daje ${punkty(w.points)}${w.safe ? ", a potem żaden pojedynczy kamień nie punktuje" : ""}`,
    busts: (w) =>
      `${punkty(w.points)} ${pl(w.points, "przekroczyłby", "przekroczyłyby", "przekroczyłoby")} cel, więc ` +
      `${pl(w.points, "się nie liczy", "się nie liczą", "się nie liczy")}; mimo to najlepsze zagranie`,
    dead_end: (w) => `zostawia ${w.sum}: żaden pojedynczy kamień nie da wielokrotności ${w.k}`,
    dead_end_f3: (w) => `zostawia ${w.sum}: żaden pojedynczy kamień nie da wielokrotności 5 ani 3`,
    sheds: (w) =>
      `pozbywa się ${w.pips} ${pl(w.pips, "oczka", "oczek", "oczek")}; zostawia ${w.sum} (${PL.chances(w.replies)})`,
    leaves: (w) => `zostawia ${w.sum}: ${PL.chances(w.replies)}`,
  },
  chances: (n) =>
    `${kamienie(n)}, ${pl(n, "którego", "których", "których")} nie widzisz, ${pl(n, "może", "mogą", "może")} zapunktować w następnym ruchu`,
  rulesText: {
    titles: {
      game: "Gra",
      leading: "Wyjście",
      turn: "Ruch",
      scoring: "Punkty",
      end: "Koniec partii",
      example: "Przykład",
    },
    lines: {
      set: (v) => `Komplet do ${v.top}: ${v.tiles} kamieni, na każdej połówce od 0 do ${v.top} oczek.`,
      players: (v) =>
        `${v.players} graczy${v.teams ? " w dwóch drużynach: partnerzy siedzą naprzeciw siebie i sumują punkty." : "."} ` +
        `Każdy dostaje ${kamienie(v.hand)}; reszta to talon.`,
      single_round: () => "Tylko jedna partia (szybki sprint): wygrywa wyższy wynik, równy wynik to remis.",
      rounds: (v) =>
        `Partie trwają, aż któraś strona ma na koniec partii co najmniej ${v.target} ${v.pegs ? "kołków" : "punktów"}; ` +
        "wygrywa wyższa suma, a przy remisie na czele gra się jeszcze jedną partię.",
      lead: (v) =>
        /** @type {Record<string, string>} */ ({
          highest_double:
            "Wychodzi gracz z najwyższym dubletem i musi wyjść tym dubletem; gdy nikt nie ma dubletu, wychodzi posiadacz najcięższego kamienia, właśnie nim.",
          highest_double_any:
            "Wychodzi gracz z najwyższym dubletem (gdy nikt nie ma dubletu, posiadacz najcięższego kamienia) i może wyjść dowolnym kamieniem.",
          lots: "Każdy losuje kamień; najcięższy wygrywa wyjście i może wyjść dowolnym kamieniem. Kamienie wracają i są tasowane przed rozdaniem.",
        })[v.rule],
      next_lead: (v) =>
        /** @type {Record<string, string>} */ ({
          same: "Każdą partię zaczyna się według tej samej zasady co pierwszą.",
          winner:
            "Od drugiej partii wychodzi zwycięzca poprzedniej, dowolnym kamieniem (po remisie: gracz z lewej od ostatnio wychodzącego).",
          left: "Od drugiej partii wyjście przechodzi w lewo: wychodzi gracz z lewej od ostatnio wychodzącego, dowolnym kamieniem.",
        })[v.rule],
      play: () => "Dołóż jeden kamień z ręki do otwartego końca, którego oczka pasują do jednej z jego połówek.",
      draw: (v) =>
        "Gdy nie masz czym zagrać, dobieraj z talonu po jednym kamieniu, aż któryś będzie pasował" +
        (v.reserve
          ? ` albo zostaną ${v.reserve === 1 ? "ostatni kamień" : `ostatnie ${kamienie(v.reserve)}`}: tych nigdy się nie dobiera.`
          : " albo talon się skończy."),
      pass: () => "Gdy nie masz czym zagrać ani czego dobrać, pasujesz.",
      doubles: () => "Dublety kładzie się w poprzek; na końcu ramienia liczą się obie ich połówki.",
      spinner: (v) =>
        "Pierwszy dublet to spinner: gdy oba jego dłuższe boki są zajęte, krótsze boki otwierają się jako dwa kolejne ramiona." +
        (v.sides_count ? " Otwarty, pusty krótszy bok liczy oczka spinnera." : " Pusty krótszy bok nic nie liczy."),
      no_spinner: () => "Bez spinnera: układ ma tylko dwa końce.",
      no_draw: () =>
        "Nikt nie dobiera (gra blokowa): kamienie, których nie rozdano, leżą zakryte poza grą przez całą partię.",
      knock: () => "Gdy nie masz czym zagrać, pukasz: ruch przechodzi dalej. Nie wolno pukać, mając czym zagrać.",
      exact_target: (v) =>
        `Wygrywa od razu strona, która pierwsza dojdzie dokładnie do ${v.target} ${v.pegs ? "kołków" : "punktów"}. ` +
        `Punkty, które przeniosłyby stronę ponad ${v.target}, się nie liczą: zostaje tam, gdzie była.`,
      fives_and_threes: () =>
        "Jeśli ta suma jest wielokrotnością 5, gracz dostaje punkt za każdą piątkę; jeśli wielokrotnością 3, punkt " +
        "za każdą trójkę; wielokrotność obu daje jedno i drugie (15 to trzy piątki i pięć trójek: 8 punktów).",
      pegging: () => "Punkty odmierza się kołkami na tablicy do cribbage na bieżąco, kołek za punkt.",
      partners_out: () =>
        "Partnerzy schodzą razem: kto wyłożył ostatni kamień, nie ma już ruchów, a partia trwa, aż zejdą obaj " +
        "partnerzy jednej drużyny albo nastąpi blokada.",
      going_out: (v) =>
        `Partia kończy się, gdy ${v.teams ? "zejdzie cała drużyna" : "ktoś wyłoży ostatni kamień"} albo nastąpi ` +
        "blokada; oczek się nie liczy.",
      out_bonus: (v) =>
        `Zejście daje ${punkty(v.points)}${v.teams ? " dla drużyny" : ""}.` +
        (v.exact ? " Liczy się razem z punktami ostatniego zagrania." : ""),
      blocked_no_pips: () => "Blokada: gdy nikt nie może zagrać, partia się kończy i nikt nic za nią nie dostaje.",
      end_sum: () =>
        "Po każdym zagraniu zsumuj otwarte końce: zewnętrzną połówkę każdego końca, obie połówki dubletu; sam kamień wyjścia liczy obie połówki.",
      multiple: (v) => `Jeśli ta suma jest wielokrotnością ${v.k} (i nie jest zerem), gracz ją zdobywa.`,
      cribbage: (v) =>
        `Punktacja kołkami (cribbage): każda zdobycz dzieli się przez ${v.k} i przesuwa kołki na planszy (jeden kołek za każde ${v.k} punkty).`,
      muggins: () =>
        "Muggins: podawaj punkty każdego punktującego zagrania. Brak zgłoszenia, za mało albo błędnie: nic nie dostajesz, a następny przeciwnik woła Muggins! i bierze punkty.",
      domino: (v) =>
        `Domino!: gracz, który wyłoży ostatni kamień, kończy partię i zdobywa oczka ${v.teams ? "drużyny przeciwnej" : "wszystkich przeciwników"}, ` +
        `zaokrąglone do najbliższej wielokrotności ${v.k} (połowa w górę)${dividedPl(v.divide)}.`,
      blocked: (v) =>
        "Blokada: gdy nikt nie może zagrać ani dobrać, partia się kończy; strona z najmniejszą liczbą oczek zdobywa " +
        `${v.rule === "difference" ? "oczka pozostałych minus swoje" : "wszystkie oczka pozostałych"}, ` +
        `zaokrąglone do najbliższej wielokrotności ${v.k} (połowa w górę)${dividedPl(v.divide)}. Remis w najmniejszej liczbie oczek nic nie daje.`,
      example_lead: (v) =>
        `Wyjście ${v.tile}: suma końców to ${v.sum}, wielokrotność ${v.k}: daje ${v.pegs ? kolki(v.award) : punkty(v.award)}.`,
      example_play: (v) =>
        `Potem ${v.tile} na prawy koniec: suma końców to ${v.sum}: daje ${v.pegs ? kolki(v.award) : punkty(v.award)}.`,
      example_fives_lead: (v) =>
        `Wyjście ${v.tile}: suma końców to ${v.sum}, ${fivesPl(v)}: daje ${v.pegs ? kolki(v.award) : punkty(v.award)}.`,
      example_fives_play: (v) =>
        `Potem ${v.tile} na prawy koniec: suma końców to ${v.sum}, ${fivesPl(v)}: daje ` +
        `${v.pegs ? kolki(v.award) : punkty(v.award)}.`,
      example_bust: (v) =>
        `Przy ${v.at}, ${v.need} przed ${v.target}: wyjście ${v.tile} daje sumę ${v.sum}, czyli ` +
        `${v.pegs ? kolki(v.award) : punkty(v.award)}, co przekroczyłoby ${v.target}, więc się nie liczy i zostajesz ` +
        `przy ${v.at}. Wygrywa dokładnie ${v.need} (suma końców ${v.sums.join(" albo ")}).`,
      example_domino: (v) => `Wykładasz ostatni kamień, a pozostali mają ${oczka(v.others)}: ${settledPl(v, v.raw)}`,
      example_blocked: (v) =>
        `Blokada; ty masz ${oczka(v.own)}, pozostali ${oczka(v.others)}: ` +
        settledPl(v, v.rule === "difference" ? `${v.others} − ${v.own} = ${v.raw}` : String(v.others)),
    },
  },
  presetAbout: (parts) => {
    const text = parts.map((p) => PRESET_PARTS[p.code]?.(p) ?? p.code).join("; ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  yourTurn: "Twój ruch",
  yourTurnNamed: (name) => `${name}: twój ruch`,
  yourLead: {
    highest_double: (tile) => `Wychodzisz: zagraj najwyższy dublet, ${tile}`,
    heaviest_tile: (tile) => `Wychodzisz: nikt nie dostał dubletu, więc zagraj najcięższy kamień, ${tile}`,
    highest_double_any: (tile) => `Wychodzisz: masz najwyższy dublet (${tile}); wyjdź dowolnym kamieniem`,
    heaviest_any: (tile) =>
      `Wychodzisz: nikt nie dostał dubletu, a ty masz najcięższy kamień (${tile}); wyjdź dowolnym kamieniem`,
    lots: (tile) =>
      tile
        ? `Wychodzisz: wylosowałeś ${tile}, najcięższy kamień; wyjdź dowolnym kamieniem`
        : "Wychodzisz: wyjdź dowolnym kamieniem",
    winner: () => "Wychodzisz: wygrałeś ostatnią partię; wyjdź dowolnym kamieniem",
    left: () => "Wychodzisz: wyjście przeszło na ciebie; wyjdź dowolnym kamieniem",
    tie_left: () =>
      "Wychodzisz: nikt nie wygrał ostatniej partii, więc wyjście przechodzi na ciebie; wyjdź dowolnym kamieniem",
  },
  thinking: (name) => `${name} myśli…`,
  thinkingShort: "myśli",
  mustDraw: "Dobierz z talonu",
  mustPass: "Nie masz czym zagrać: pasuj",
  mustKnock: "Nie masz czym zagrać: pukasz",
  mustPassReserve: (n) =>
    n === 1
      ? "Nie masz czym zagrać: pasuj (ostatni kamień zostaje w talonie)"
      : `Nie masz czym zagrać: pasuj (${pl(n, "ostatni", "ostatnie", "ostatnich")} ${kamienie(n)} ${pl(n, "zostaje", "zostają", "zostaje")} w talonie)`,
  kept: (n) => `${n} w rezerwie`,
  outOfPlay: (n) => `${n} poza grą`,
  roundOver: "Koniec partii",
  matchOver: "Koniec rozgrywki",
  passTo: (name) => `Przekaż urządzenie: ${name}`,
  tapWhenReady: "Dotknij, gdy gotowe",
  coverNote: "Do tego czasu wszystkie kamienie są zakryte.",
  waitingFor: (name) => `Czekamy na: ${name}`,
  target: "do",
  tiles: (n) => kamienie(n),
  drewTiles: (n) => `dobrane: ${n}`,
  passedMark: "pasuje",
  boneyard: "Talon",
  drawLabel: "Dobierz",
  pass: "Pasuj",
  passed: "Pas",
  drew: "Dobiera",
  nextRound: "Następna partia",
  rematch: "Rewanż",
  newSprint: "Nowy sprint",
  newGame: "Nowa gra",
  menu: "Menu",
  rulesButton: "Zasady",
  rulesTitle: "Zasady tej gry",
  close: "Zamknij",
  lookAtTable: "Pokaż stół",
  showResult: "Pokaż wynik",
  sumHidden: "Suma końców ukryta",
  soundOn: "Dźwięk włączony",
  soundOff: "Dźwięk wyłączony",
  // Głośność (ui/dialogs/levels.js): efekty i muzyka, każde od wyłączonych do pełnej
  sound: {
    title: "Głośność",
    effects: "Efekty",
    music: "Muzyka",
    effectsAbout: "Kostki, dzwonki i fanfary",
    musicAbout: "Spokojna, akustyczna muzyka skomponowana dla tej gry",
    off: "Wyłączone",
    percent: (n) => `${n}%`,
    mutedNote: "Dźwięk jest wyciszony: przycisk dźwięku w menu włączy go z tymi poziomami.",
  },
  showSum: "Pokazuj sumę końców",
  hideSum: "Ukryj sumę końców (dla ekspertów)",
  roundTitle: (round, reason) => `Partia ${round}: ${ENDS_PL[reason] ?? reason}`,
  sprintTitle: (reason) => `Szybki sprint: ${ENDS_PL[reason] ?? reason}`,
  youWinRound: "Wygrywasz partię",
  yourTeamWinsRound: "Twoja drużyna wygrywa partię",
  winsRound: (name) => `${name} wygrywają partię`,
  winRound: (name) => `${name} wygrywa partię`,
  roundTie: "Nikt nie wygrywa partii",
  youWinMatch: "Wygrywasz rozgrywkę!",
  yourTeamWinsMatch: "Twoja drużyna wygrywa rozgrywkę!",
  winsMatch: (name) => `${name} wygrywają rozgrywkę`,
  winMatch: (name) => `${name} wygrywa rozgrywkę`,
  youWinSprint: "Wygrywasz sprint!",
  yourTeamWinsSprint: "Twoja drużyna wygrywa sprint!",
  winSprint: (name) => `${name} wygrywa sprint`,
  winsSprint: (name) => `${name} wygrywają sprint`,
  matchDraw: "Rozgrywka kończy się remisem",
  sprintDraw: "Sprint kończy się remisem",
  handsLeft: "Kamienie w rękach",
  emptyHand: "brak",
  pips: (n) => `${n} ${pl(n, "oczko", "oczka", "oczek")}`,
  score: "Wynik",
  sideColumn: "Punkty",
  statColumn: "Statystyka",
  inPlay: "W grze",
  bonus: "Premia",
  multiples: (k) => `Wielokrotności ${k}`,
  avgPerTurn: "Punkty na ruch",
  engineError: "W grze coś poszło nie tak; spróbuj jeszcze raz albo odśwież stronę.",
  controllers: {
    you: "Ty",
    person: "Osoba (przy tym urządzeniu)",
    friend: "Przyjaciel na innym urządzeniu",
    beginner: LEVELS.beginner,
    casual: LEVELS.casual,
    pub: LEVELS.pub,
    expert: LEVELS.expert,
  },
  modes: {
    match: { name: "Rozgrywka salonowa", about: (target) => `Partie, aż któraś strona zdobędzie ${target} pkt` },
    sprint: { name: "Szybki sprint", about: () => "Jedna partia: wygrywa wyższy wynik" },
    partners: {
      name: "All Threes w parach",
      about: () => "Dwie drużyny po dwie osoby; partnerzy siedzą naprzeciw siebie",
    },
  },
  hint: "Podpowiedź",
  hintLabel: "Podpowiedź: ruch, który zagrałby Ekspert",
  hintThinking: "Myślę…",
  hintText: (move, reason) => `Podpowiedź: ${move} — ${reason}`,
  hintDraw: "dobierz",
  hintPass: "pasuj",
  hintLead: (tile) => `wyjdź ${tile}`,
  hintPlay: (tile, arm) => `${tile} ${ARM_ON[arm] ?? arm}`,
  reviewTitle: "Ocena Eksperta",
  reviewBusy: "Ekspert ocenia zagrania…",
  reviewAgrees: "Ekspert zgadza się z każdym zagraniem tej partii.",
  reviewFailed: "Ocena jest niedostępna.",
  reviewEntry: (turn, who, played, expert, loss, why) =>
    `Ruch ${turn} (${who}): ${played}; lepiej ${expert}, o około ${loss} oczekiwanych punktów: ${why}`,
  moveWords: (tile, arm) => (arm ? `${tile} ${ARM_ON[arm] ?? arm}` : tile),
  you: "ty",
  confirmNew: "Zacząć nową rozgrywkę? Bieżąca przepadnie.",
  modeLegend: "Gra",
  playersLegend: "Gracze",
  playersCount: (n) => `${n} graczy`,
  seatsLegend: "Przy stole",
  places: { left: "Po lewej", top: "Naprzeciwko", right: "Po prawej" },
  partnerSeat: "Twój partner",
  opponentSeat: "Przeciwnik",
  nameLabel: "Imię",
  namePlaceholder: (n) => `Gracz ${n}`,
  points: (n) => punkty(n),
  cancel: "Anuluj",
  start: "Zacznij nową grę",
  rulesLegend: "Zasady",
  presets: {
    parlor: "Salonowe",
    classic: "Klasyczne",
    pub: "Pubowe",
    polish: "Polskie",
    all_fives: "All Fives",
    fives_and_threes: "Piątki i trójki",
    fives_and_threes_league: "Piątki i trójki (liga)",
  },
  customised: "zmienione",
  optionsLegend: "Opcje",
  options: {
    target: "Gra do",
    hand_size: "Kamieni w ręce",
    set: "Komplet",
    multiple: "Punktowana wielokrotność",
    spinner: "Spinner",
    spinner_sides_count: "Liczą się otwarte boki spinnera",
    stock_reserve: "Kamieni w rezerwie talonu",
    lead: "Pierwsze wyjście",
    next_lead: "Kolejne wyjścia",
    block_bonus: "Blokadę wygrywa się premią",
    bonus_divisor: "Premia dzielona przez",
    cribbage: "Punktacja kołkami (cribbage)",
    muggins: "Muggins (zgłaszaj swoje punkty)",
    scoring: "Punktacja",
    draw: "Dobieranie z talonu",
    pip_bonus: "Oczka liczą się na koniec partii",
    out_bonus: "Punkty za zejście",
    partners_out: "Zejście partnerów",
    exact_target: "Dokładnie do celu",
  },
  choiceWords: {
    set: { double_six: "Do szóstek (28 kamieni)", double_nine: "Do dziewiątek (55 kamieni)" },
    spinner: { first_double: "Pierwszy dublet", none: "Bez spinnera" },
    lead: {
      highest_double: "Najwyższy dublet, od razu",
      highest_double_any: "Posiadacz najwyższego dubletu, dowolnym kamieniem",
      lots: "Losowanie",
    },
    next_lead: { same: "Jak pierwsze", winner: "Zwycięzca partii", left: "Następny gracz z lewej" },
    block_bonus: { difference: "Różnica oczek", total: "Oczka wszystkich pozostałych" },
    scoring: { multiple: "Wielokrotności punktowanej liczby", fives_and_threes: "Piątki i trójki" },
    partners_out: { one: "Jeden partner kończy partię", both: "Obaj partnerzy muszą zejść" },
  },
  claimTitle: "Ile punktów daje to zagranie?",
  claimHelp:
    "Podaj punkty swojego zagrania. Błędne lub brakujące zgłoszenie pozwala następnemu przeciwnikowi zawołać Muggins!",
  claimNone: "Bez zgłoszenia",
  claimSay: (n) => `Zgłoś ${n}`,
  claimClear: "Wyczyść",
  claimCancel: "Cofnij kamień",
  mugginsCall: (taker, points, seat) => `${taker}: Muggins! ${points} od: ${seat}`,
  partnerNote: {
    kept_open: (n, who, partner) =>
      `${who} gra ${n.tile} zamiast ${n.other_tile}, żeby zostawić otwarty koniec dla: ${partner ?? "ciebie"} — ` +
      `${partner ? `${partner} nie ma` : "nie masz"} ${noneOf(n.lacks)} (widać to z dobierania i pasów)`,
    shut_out: (n, who, _partner, opponent) =>
      `${who} gra ${n.tile}: ${opponent} nie ma ${noneOf(n.lacks)}, więc musi ${PL.mustWords[n.must] ?? n.must}`,
    two_ends: (n, who, partner) =>
      `${who} gra ${n.tile}: ${n.value} zostaje otwarte na dwóch końcach dla: ${partner ?? "ciebie"}`,
    safe: (n, who, _partner, opponent) =>
      `${who} gra ${n.tile} zamiast ${n.other_tile}${n.given_up ? ` za ${n.given_up}` : ""}: ${opponent} ma mniej ` +
      `punktujących odpowiedzi (${kamienie(n.left)}, które może mieć, zamiast ${n.instead})`,
    set_up: (n, who, partner) =>
      `${who} gra ${n.tile} zamiast ${n.other_tile}${n.given_up ? ` za ${n.given_up}` : ""}: ${partner ?? "ty"} ` +
      `${partner ? "ma" : "masz"} więcej punktujących odpowiedzi (${kamienie(n.left)} zamiast ${n.instead})`,
  },
  mugginsFloat: (points) => `Muggins! +${points}`,
  mugginsPegs: (pegs) => `Muggins! +${pegs} ${pl(pegs, "kołek", "kołki", "kołków")}`,
  bustFloat: (n) => `Za dużo! ${n} się nie liczy`,
  pegsFloat: (pegs) => `+${pegs} ${pl(pegs, "kołek", "kołki", "kołków")}`,
  elsewhereTitle: "Ta gra jest otwarta w innej karcie",
  elsewhereBody: "Gra toczy się w jednej karcie naraz, więc żaden ruch nie przepada. Grać tutaj?",
  playHere: "Graj tutaj",
  saveTrouble: "Postęp nie jest zapisywany: pamięć tej przeglądarki jest pełna albo wyłączona.",
  saveProblemTitle: "Nie udało się otworzyć zapisanej gry",
  saveProblem: {
    unreadable: "Zapisana gra jest uszkodzona.",
    tampered: "Zapisaną grę zmieniono poza grą, więc nie można jej ufać.",
    unsealable: "Ta przeglądarka utraciła klucz, którym zapieczętowano zapis.",
    newer: "Ten zapis pochodzi z nowszej wersji gry.",
    damaged: "Ruch w zapisanej grze jest niedozwolony.",
  },
  saveKept: "Zapis odłożono na bok i nic go nie nadpisze: możesz go wyeksportować. Zaczyna się nowa gra.",
  salvageTitle: "Zapisany ruch jest uszkodzony",
  salvageBody: (round, move) =>
    `Ruch ${move} partii ${round} w zapisanej grze jest niedozwolony. Wznowić tuż sprzed niego czy zacząć nową grę? Zapis i tak zostanie odłożony.`,
  salvageYes: "Wznów sprzed niego",
  salvageNo: "Nowa gra",
  exportSave: "Eksportuj",
  ok: "OK",
  recovered: "Ostatni zapis był uszkodzony: gra toczy się od poprzedniego.",
  waking: "Gra się budzi…",
  wakingHeld: "Twój ruch zostanie wykonany, gdy tylko gra się obudzi.",
  wakingWait: "Gra się budzi: chwileczkę.",
  wakingMoved: "Stół zmienił się w międzyczasie: twój ruch nie został wykonany.",
  fairButton: "Uczciwe rozdanie",
  fairTitle: "Uczciwe rozdanie",
  fairBody:
    "Każde rozdanie tej rozgrywki ustalono przed pierwszym, tajnym ziarnem. Jego odcisk (SHA-256 ziarna) widać od początku:",
  fairLater: "Po rozgrywce ziarno zostanie ujawnione i każdy może nim sprawdzić każde rozdanie.",
  fairRevealed: "Rozgrywka skończona. Jej ziarno:",
  fairHow: "Sprawdź każde rozdanie: pobierz zapis i uruchom python -m allthrees verify record.json.",
  fairPractice: "Rozdanie treningowe (ziarno z linku): nie liczy się.",
  downloadRecord: "Pobierz zapis",
  linkTitle: "Zacząć grę z tego linku?",
  linkBody: "Twoja bieżąca rozgrywka zostanie zastąpiona.",
  linkStart: "Zacznij",
  linkKeep: "Zostaw moją rozgrywkę",
  badLink: (why) => `Ten link nie opisuje gry (${why.replace(/\.$/, "")}); oto twój stół.`,
  whyNot: {
    wait: () => "Poczekaj na swój ruch",
    lead: (tile, must) => (must ? `Musisz wyjść ${must}, nie ${tile}` : `Nie możesz wyjść ${tile}`),
    no_end: (tile) => `${tile} nie pasuje do żadnego otwartego końca`,
  },
  keysButton: "Klawisze",
  howToButton: "Jak grać",
  howToOffer: "Pierwszy raz? Jak grać",
  howToDismiss: "Nie, dziękuję",
  howTo: {
    title: "Jak grać",
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
            title: "Punkty za piątki i trójki",
            lines: [
              "Po każdym zagraniu zsumuj oczka na otwartych końcach układu. Wielokrotność 5 daje punkt za każdą piątkę, wielokrotność 3 punkt za każdą trójkę, a 15 daje jedno i drugie: 8.",
            ],
            picture: true,
          }
        : {
            title: `Punkty za wielokrotności ${k}`,
            lines: [
              `Po każdym zagraniu zsumuj oczka na otwartych końcach układu. Gdy suma jest wielokrotnością ${k}, zdobywasz tyle punktów.`,
            ],
            picture: true,
          },
      {
        title: "Twój ruch",
        lines: [
          "Zagraj kamień, którego połówka pasuje do otwartego końca: przeciągnij go tam albo dotknij go, a potem podświetlonego końca. Kamienie, które do niczego nie pasują, są szare.",
          "Dublet kładzie się w poprzek łańcucha; na końcu układu liczą się obie jego połówki.",
        ],
      },
      draw
        ? {
            title: "Dobieranie",
            lines: [
              reserve
                ? `Gdy nie masz czym zagrać, dobieraj z talonu, aż trafisz kamień, który pasuje. ${reserve === 1 ? "Ostatni kamień zostaje" : `Ostatnie ${reserve} kamienie zostają`} w talonie: gdy ${reserve === 1 ? "tylko on został" : "tylko one zostały"}, pasujesz.`
                : "Gdy nie masz czym zagrać, dobieraj z talonu, aż trafisz kamień, który pasuje; gdy talon jest pusty, pasujesz.",
            ],
          }
        : {
            title: "Pukanie",
            lines: [
              "Nikt nie dobiera: kamienie, których nie rozdano, są poza grą. Gdy nie masz czym zagrać, pukasz (pasujesz); nie wolno pukać, gdy jakiś kamień pasuje.",
            ],
          },
      ...(spinner
        ? [
            {
              title: "Spinner",
              lines: [
                "Pierwszy dublet to spinner: gdy oba jego dłuższe boki mają kamień, można dokładać także do krótszych boków, więc układ może mieć cztery końce.",
              ],
            },
          ]
        : []),
      {
        title: "Koniec partii",
        lines: [
          pips
            ? "Partia kończy się, gdy ktoś wyłoży ostatni kamień (domino!) albo gdy nikt nie może zagrać (blokada). Zwycięzca dostaje premię z oczek, które zostały w innych rękach."
            : `Partia kończy się, gdy ktoś zejdzie albo nikt nie może zagrać; oczek, które zostały, się nie liczy.${outBonus ? ` Zejście daje ${punkty(outBonus)}.` : ""}`,
          exact && target
            ? `Wygrywa strona, która pierwsza dojdzie dokładnie do ${target}: punkty, które przeniosłyby cię ponad ${target}, się nie liczą. Wszystkie zasady tego stołu opisuje przycisk Zasady (w menu).`
            : target
              ? `Partie trwają, aż któraś strona zdobędzie ${target} punktów. Wszystkie zasady tego stołu opisuje przycisk Zasady (w menu).`
              : "Wygrywa wyższy wynik. Wszystkie zasady tego stołu opisuje przycisk Zasady (w menu).",
        ],
      },
    ],
    picture: (left, right, sum, k, award, pegs, parts = null) =>
      `Otwarte końce to ${left} i ${right}: ${left} + ${right} = ${sum}, ${parts ? fivesPl(parts) : `wielokrotność ${k}`}, ` +
      `więc zagranie daje ${pegs ? kolki(award) : punkty(award)}.`,
  },
  keysTitle: "Gra klawiaturą",
  keys: [
    ["Tab", "Przejście między stołem, jego przyciskami i menu"],
    ["Strzałka w lewo, w prawo", "Wybór kamienia, którym możesz zagrać"],
    ["Strzałka w górę, w dół", "Wybór końca, na który pójdzie"],
    ["Enter lub spacja", "Zagranie (bez wybranego kamienia: dobranie lub pas, gdy to jest ruch)"],
    ["D", "Dobranie z talonu"],
    ["P", "Pas"],
    ["H", "Podpowiedź: ruch, który zagrałby Ekspert"],
    ["Escape", "Odłożenie kamienia; w panelu partii: widok stołu"],
    ["?", "Ta lista"],
  ],
  // --- watch: oglądanie stołu online (net/watch.js, net/watching.js) i kto ogląda ---
  watch: {
    status: "Oglądasz · o jeden ruch później",
    fullShort: "Oglądasz · ten stół ma już komplet widzów",
    full: "Ten stół ma już 20 widzów: spróbuj za jakiś czas.",
    count: (n) => `widzów: ${n}`,
    stop: "Przestań oglądać",
    cannotPlay: "Oglądasz ten stół: ruchy wykonują gracze.",
    noRelays: "Oglądanie wymaga przekaźników, a żaden nie odpowiada: sprawdź połączenie z internetem.",
    allow: "Pozwól oglądać",
    allowWhy:
      "Każdy z linkiem do oglądania widzi zagrane kamienie, liczbę kamieni w każdej ręce i wynik, o jeden ruch później; nigdy ręki przed końcem partii.",
    linkLabel: "Link do oglądania",
    linkWhat: "link do oglądania",
    share: "Oglądaj mój stół w All Threes Domino:",
    watchButton: "Oglądaj",
    watchTable: (words) => `Oglądaj: ${words}`,
  },
  // --- netTable: stół przez urządzenia, tak jak go pokazuje stół (net/hosting.js, guesting.js) ---
  netTable: {
    joinButton: "Dołącz do stołu przyjaciela",
    inviteButton: "Zaproś przyjaciela",
    giveButton: "Oddaj miejsce komputerowi",
    giveTitle: "Oddaj miejsce komputerowi",
    giveText: "Od teraz to miejsce gra komputer, do końca tego stołu: gracz się o tym dowie i nie może go odzyskać.",
    leaveButton: "Odejdź od stołu",
    leaveTitle: "Odejść od tego stołu?",
    leaveText: "Gospodarz może oddać twoje miejsce komputerowi. Na tym urządzeniu wróci twój własny stół.",
    leaveYes: "Odejdź",
    muteReactions: "Wycisz reakcje innych",
    unmuteReactions: "Pokazuj reakcje innych",
    reactButton: "Reakcja",
    reactTitle: "Krótkie słowo do stołu",
    reactions: {
      nice: "Ładnie!",
      well_played: "Dobrze zagrane",
      oops: "Ups",
      thinking: "Daj pomyśleć…",
      good_game: "Dobra gra",
    },
    reacted: (name, words) => `${name}: ${words}`,
    presence: {
      waiting: "jeszcze nie dołączył",
      connected: "połączony",
      reconnecting: "łączy się ponownie…",
      away: "nieobecny",
    },
    seat: (name, presence) => `${name ?? "Twój przyjaciel"}: ${PL.netTable.presence[presence] ?? presence}`,
    waitingFor: (who) => `Czekamy, aż dołączy: ${who}`,
    someone: "twój przyjaciel",
    joined: (name) => `${name ?? "Twój przyjaciel"} dołącza do stołu.`,
    back: (name) => `${name} jest z powrotem.`,
    left: (name) => `Połączenie z: ${name ?? "Twój przyjaciel"} zostało zerwane: czeka nowe zaproszenie.`,
    otherTable: "Ta odpowiedź dotyczy innego stołu: poproś przyjaciela, by otworzył najnowsze zaproszenie.",
    connecting: "Łączenie…",
    waitingDeal: "Jesteś przy stole. Rozdanie nastąpi, gdy dołączą wszyscy.",
    hostDeals: "Następną partię rozdaje gospodarz.",
    hostGone: "Połączenie z gospodarzem zostało zerwane. Poproś go o nowe zaproszenie, by wrócić na swoje miejsce.",
    reconnecting: "Ponowne łączenie z gospodarzem… zagraj za chwilę.",
    notConnected: "Brak połączenia z gospodarzem: poproś go o nowe zaproszenie.",
    fair: "Rozdanie sprawdzone: zostało uczciwie wylosowane z części wszystkich graczy.",
    unfair: "Rozdanie nie przeszło kontroli.",
    awayTitle: (name) => `${name ?? "Twój przyjaciel"}: nieobecny`,
    awayText: "Do jego powrotu stół może czekać albo jego miejsce może zająć komputer.",
    wait: "Czekaj",
    standIn: (level) => `Gra ${level}`,
  },
  // --- net: gra na kilku urządzeniach (web/js/net/; słowa dla jego kodów) ---
  net: {
    errors: {
      "no-webrtc":
        "Ta przeglądarka nie umie połączyć się bezpośrednio z innym urządzeniem. Otwórz grę w aktualnym Chrome, Firefoksie, Edge lub Safari.",
      "no-network":
        "To urządzenie nie znalazło sieci, przez którą mogłoby się połączyć. Włącz Wi-Fi lub dane komórkowe i przygotuj nowe zaproszenie.",
      unreachable:
        "Nie udało się połączyć: urządzenia nie mogą się nawzajem dosięgnąć. W jednej sieci Wi-Fi zwykle to działa; niektóre sieci komórkowe wymagają przekaźnika, którego ta gra nie ma. Połącz oba urządzenia z jednym Wi-Fi i przygotuj nowe zaproszenie.",
      timeout: "Gospodarz nie przyjął odpowiedzi na czas. Poproś go o nowe zaproszenie.",
      closed: "Połączenie zostało zamknięte. Poproś gospodarza o nowe zaproszenie.",
      code: "Tego kodu nie da się użyć.",
    },
    codes: {
      empty: "Najpierw wklej kod lub link.",
      foreign: "To nie jest kod tej gry. Skopiuj jeszcze raz cały link lub kod.",
      version: "Ten kod pochodzi z nowszej wersji gry. Odśwież tę stronę, aby ją zaktualizować, i spróbuj ponownie.",
      damaged: "Ten kod jest uszkodzony lub ucięty. Skopiuj jeszcze raz cały link lub kod.",
      kind: "To nie ten kod: zaproszenie trafia do gościa, a odpowiedź wraca do gospodarza.",
      compression:
        "Ta przeglądarka jest za stara, by odczytać ten kod. Zaktualizuj ją albo otwórz link na innym urządzeniu.",
    },
    handoff: {
      sending: "Przekazuję odpowiedź do twojego stołu…",
      delivered: "Odpowiedź trafiła do twojego stołu. Możesz zamknąć tę kartę.",
      refused: "Twój stół nie czeka na tę odpowiedź: może jest stara. Przygotuj nowe zaproszenie dla tego miejsca.",
      noTable:
        "Żaden stół na tym urządzeniu nie czeka na tę odpowiedź. Jeśli gospodarz gra na innym urządzeniu, wyślij mu ten link.",
    },
  },
  // --- invite: dwa okna nawiązywania połączenia (ui/dialogs/invite.js); nazwy pól to umowa ---
  invite: {
    title: (name) => `Zaproszenie: ${name}`,
    titleAnyone: "Zaproś przyjaciela",
    send: (name) => `Wyślij to przyjacielowi${name ? ` (${name})` : ""}: link, kod QR albo kod.`,
    whenAnswers: () => "Gdy przyjdzie odpowiedź, wklej ją tutaj albo zeskanuj jej kod QR.",
    linkLabel: "Link zaproszenia",
    codeLabel: "Kod zaproszenia",
    qrLabel: "Kod QR zaproszenia",
    answerLabel: "Wklej odpowiedź",
    connect: "Połącz",
    checking: "Sprawdzam odpowiedź…",
    scan: "Zeskanuj odpowiedź",
    stopScan: "Wyłącz aparat",
    camera: "Aparat: pokaż mu kod QR odpowiedzi",
    scanning: "Skieruj aparat na kod QR na ekranie przyjaciela.",
    cameraDenied: "Nie zezwolono na użycie aparatu. Wklej odpowiedź albo zezwól na aparat i spróbuj ponownie.",
    noCamera: "To urządzenie nie ma aparatu. Wklej odpowiedź.",
    cameraFailed: "Nie udało się włączyć aparatu. Wklej odpowiedź.",
    keepWaiting: "Po zamknięciu miejsce dalej czeka: przycisk Zaproś przyjaciela pokaże to zaproszenie ponownie.",
    share: "Udostępnij",
    copy: "Kopiuj",
    shared: "Udostępniono.",
    copied: (what) => `Skopiowano: ${what}.`,
    copyFailed: "Ta przeglądarka nie pozwoliła skopiować: tekst jest zaznaczony, skopiuj go sam.",
    linkWhat: "link zaproszenia",
    codeWhat: "kod zaproszenia",
    shareTitle: "All Threes Domino",
    shareInvite: "Dołącz do mojego stołu w All Threes Domino:",
    close: "Zamknij",
    joinTitle: "Dołącz do stołu przyjaciela",
    pasteIntro: "Wklej zaproszenie od przyjaciela: cały link albo kod.",
    inviteLabel: "Wklej zaproszenie",
    join: "Dołącz",
    preparing: "Przygotowuję odpowiedź…",
    showTo: (host) => (host ? `Pokaż to gospodarzowi (${host})` : "Pokaż to gospodarzowi"),
    answerHow: () =>
      "Wyślij gospodarzowi link, daj mu zeskanować kod QR albo podyktuj kod. Gospodarz wkleja go w polu „Wklej odpowiedź”.",
    answerLinkLabel: "Link odpowiedzi",
    answerCodeLabel: "Kod odpowiedzi",
    answerQrLabel: "Kod QR odpowiedzi",
    answerLinkWhat: "link odpowiedzi",
    answerCodeWhat: "kod odpowiedzi",
    shareAnswer: "Moja odpowiedź na zaproszenie do All Threes Domino:",
    waitingHost: "Czekam, aż gospodarz przyjmie odpowiedź…",
  },
  // Parowanie dwóch własnych urządzeń, by połączyć kariery (career/pair.js).
  // Lobby salonu (table/playonline.js, ui/dialogs/lobby.js): otwarte stoły, szybka gra, zegar
  lobby: {
    button: "Graj online",
    title: "Graj online",
    intro:
      "Zagraj z osobami, które są tu teraz: dosiądź się do otwartego stołu, otwórz własny albo daj się posadzić szybkiej grze. Bez konta: widać tylko twoje imię przy stole.",
    nameLabel: "Twoje imię przy stole",
    nameDefault: (n) => `Gracz ${n}`,
    quickTitle: "Szybka gra",
    quickAbout: "W kilka sekund przy stole z kimś, kto czeka na tę samą grę; 60 s na ruch.",
    quick: "Szybka gra",
    kinds: { "2p": "2 graczy", partners: "W parach (2 na 2)" },
    kindLegend: "Gra",
    anyRules: "Dowolne zasady",
    rulesLabel: "Zasady",
    openTitle: "Otwórz stół",
    openAbout: "Wybierz grę; twój stół jest tu na liście, aż zajęte zostaną miejsca.",
    open: "Otwórz stół",
    tablesTitle: "Otwarte stoły",
    join: "Dosiądź się",
    none: "Nie ma teraz otwartych stołów: otwórz swój albo spróbuj szybkiej gry.",
    count: (n) => (n === 1 ? "1 otwarty stół" : `Otwarte stoły: ${n}`),
    paused: "Lista wstrzymana, bo strona jest bezczynna.",
    refresh: "Odśwież",
    down: "Żaden przekaźnik nie odpowiada: sprawdź połączenie z internetem.",
    describe: ({ rules, target, sprint, players, teams, free, name, lang, waited, clock }) =>
      `${rules} ${sprint ? "sprint (jedno rozdanie)" : `do ${target}`}, ${teams ? "w parach" : `graczy: ${players}`}, wolne miejsca: ${free}; gospodarz ${name}; ${lang}; czeka ${waited}${clock ? `; ${clock} na ruch` : ""}`,
    quickTag: "szybka gra",
    playingTitle: "Stoły do oglądania",
    watch: "Oglądaj",
    playingNone: "Żaden toczący się stół nie pozwala teraz oglądać.",
    playingCount: (n) => (n === 1 ? "1 stół w grze" : `Stoły w grze: ${n}`),
    describePlaying: ({ rules, target, sprint, players, teams, name, lang, playing, watchers }) =>
      `${rules} ${sprint ? "sprint (jedno rozdanie)" : `do ${target}`}, ${teams ? "w parach" : `graczy: ${players}`}; gospodarz ${name}; ${lang}; grają ${playing}; oglądających: ${watchers}`,
    minutes: (m) => {
      if (m < 1) return "niecałą minutę";
      if (m === 1) return "minutę";
      const few = m % 10 >= 2 && m % 10 <= 4 && (m % 100 < 12 || m % 100 > 14);
      return `${m} ${few ? "minuty" : "minut"}`;
    },
    languages: { en: "angielski", pl: "polski" },
    looking: "Szukam graczy…",
    lookingFor: (kind, waited) => `Szukam gry: ${kind}. Czekam ${waited}.`,
    alone: "Nikt inny teraz nie szuka gry.",
    joinedSoFar: (n) => `Dołączyło graczy: ${n}.`,
    computerInstead: "Zagraj z komputerem",
    fill: "Zacznij teraz, komputery na wolnych miejscach",
    stop: "Przestań szukać",
    announced: "Twój stół jest na liście w „Graj online”, aż zajęte zostaną miejsca.",
    unlisted: "Nie udało się umieścić twojego stołu na liście: jego zasady zostały odrzucone.",
    listed: "Na liście w „Graj online”",
  },
  // Zegar stołu online (reguła Pythona: py/allthrees/net/clock.py)
  clock: {
    legend: "Czas na ruch (stoły online)",
    off: "Wyłączony",
    seconds: (s) => (s >= 120 ? `${s / 60} min` : `${s} s`),
    left: (name, s) => `${name}: zostało ${s} s`,
    short: (s) => `zostało ${s} s`,
    timedOut: (name) => `Czas minął (${name}): ruch zrobił komputer.`,
    away: (name) => `${name}: trzy razy skończył się czas, na razie gra komputer.`,
    back: "Wracam",
  },
  room: {
    title: "Zaproś przyjaciół",
    send: "Wyślij ten link przyjaciołom, z którymi grasz: każdy, kto go otworzy, siada na wolnym miejscu i niczego nie odsyła. Kto się rozłączy, wraca sam.",
    private:
      "Link jest kluczem do twojego stołu: udostępniaj go prywatnie. Przechodzi przez publiczne przekaźniki, które widzą, kiedy urządzenia się spotykają, nigdy kamienia.",
    hide: "Ukryj mój adres przed innymi graczami",
    hideWhy:
      "Bezpośrednie połączenie pokazuje innym internetowy adres każdego urządzenia. Po ukryciu wiadomości stołu idą przez przekaźniki, zaszyfrowane, trochę wolniej.",
    noDirect:
      "Ta przeglądarka nie łączy się bezpośrednio (nie ma WebRTC): twoje stoły zawsze idą przez przekaźniki, z ukrytym adresem.",
    manual: "Połącz bez przekaźników",
    down: "Żaden przekaźnik nie odpowiada: sprawdź połączenie z internetem albo połącz bez przekaźników (kody wysyłane ręcznie).",
    downGuest:
      "Żaden przekaźnik nie odpowiada: sprawdź połączenie z internetem. Albo poproś gospodarza o kody (Połącz bez przekaźników w jego zaproszeniu) i wklej tu zaproszenie.",
    joining: "Dołączanie do stołu…",
    full: "Ten stół jest pełny: wszystkie miejsca dla przyjaciół są zajęte.",
    noAnswer:
      "Urządzenie gospodarza nie odpowiada: może być zamknięte albo bez sieci. Poproś gospodarza, by otworzył grę.",
    back: "Z powrotem przy stole.",
    through: "przez przekaźnik",
  },
  // Parowanie jednym linkiem i kariery zgrywane same (career/sync.js, ui/dialogs/pairlink.js)
  sync: {
    about:
      "Miej jedną karierę na wszystkich urządzeniach: otwórz ten link na drugim urządzeniu albo zeskanuj kod QR jego aparatem. Odtąd oba same łączą kariery, gdy tylko oba są otwarte.",
    linkLabel: "Link parowania",
    linkWhat: "link parowania",
    share: "Sparuj moją karierę w All Threes Domino:",
    private: "Kto otworzy ten link, zostanie sparowany z tą karierą: zachowaj go dla siebie.",
    preparing: "Przygotowuję link…",
    waiting: "Czekam, aż drugie urządzenie otworzy link…",
    paired: (label) => `Sparowano z: ${label}. Kariery łączą się teraz i zawsze, gdy oba urządzenia są otwarte.`,
    cannot:
      "To urządzenie nie może teraz parować przez link (żaden przekaźnik nie odpowiada albo pamięć jest pełna): połącz bez przekaźników.",
    list: "Sparowane urządzenia",
    none: "Żadne urządzenie nie jest jeszcze sparowane.",
    entry: (since, last) => `sparowane ${since}${last ? `, ostatnio zgrane ${last}` : ""}`,
    forget: "Zapomnij",
    forgetLabel: (label) => `Zapomnij: ${label}`,
    askTitle: "Sparować to urządzenie?",
    ask: "Twoje drugie urządzenie prosi o sparowanie z tym: oba będą miały każdą rozgrywkę, rozgrywki do odtworzenia, rozdania dnia i trofea, połączone teraz i zawsze, gdy oba są otwarte. To, co połączenie zastąpi, zostaje zachowane jako kopia.",
    pair: "Sparuj",
    notNow: "Nie teraz",
    pairedHere: "Sparowano: kariery łączą się, gdy oba urządzenia są otwarte.",
    noRelays:
      "Parowanie przez link potrzebuje przekaźników, które ustawienia tego urządzenia wyłączają: sparuj kodami (Kariera → Sparuj urządzenie).",
    otherDevice: "twoje drugie urządzenie",
    merged: (label, n) =>
      n
        ? `Do twojej kariery dołączono rozgrywki z urządzenia ${label}: ${n}.`
        : `Twoja kariera jest połączona z: ${label}.`,
    failed: (label) => `Nie udało się połączyć kariery z urządzenia ${label}: nic się nie zmieniło.`,
  },
  ratings: {
    about:
      "Każda cała rozgrywka z komputerem i każda rankingowa rozgrywka online zmienia twój ranking: rośnie, gdy pokonasz kogoś silniejszego, niż mówi ranking, spada, gdy przegrasz ze słabszym. Rozdanie treningowe, gra przy jednym urządzeniu, rozdanie dnia i rozgrywka z podpowiedzią nie są rankingowe.",
    none: "Jeszcze żadnej rozgrywki rankingowej: dokończ całą rozgrywkę z komputerem bez podpowiedzi.",
    kinds: { two: "Dwoje graczy", multi: "Troje lub czworo graczy", partners: "W parach" },
    value: (rating, deviation) => `${rating} ± ${deviation}`,
    provisional: "tymczasowy",
    provisionalWhy:
      "Tymczasowy: ranking jest jeszcze niepewny (± 110 lub więcej), mniej więcej przez pierwsze dziesięć rozgrywek rankingowych.",
    played: (n) => `${n} ${pl(n, "rozgrywka rankingowa", "rozgrywki rankingowe", "rozgrywek rankingowych")}`,
    abandoned: (n) => `${n} ${pl(n, "porzucona", "porzucone", "porzuconych")}`,
    best: (rating, date) => `Najlepszy: ${rating} (${date})`,
    bestNone: "Najlepszy: gdy ranking przestanie być tymczasowy",
    title: (title) => `Tytuł: ${title}`,
    chartTitle: "Ranking po każdej rozgrywce rankingowej",
    changes: "Każda rozgrywka rankingowa",
    change: (change) => change,
    hideTitle: "Ukryj mój tytuł przy stole",
    newTitle: (title) => `Nowy tytuł: ${title}!`,
    host: (name, rating, provisional, title, abandoned = 0) => {
      const said = [
        rating === null ? "" : `ranking ${rating}${provisional ? ", tymczasowy" : ""}`,
        title ?? "",
        abandoned ? `porzucone: ${abandoned}` : "",
      ];
      const words = said.filter(Boolean).join(", ");
      return words ? `${name} (${words})` : name;
    },
    ratedMatch: "Rozgrywka rankingowa",
    ratedWhy:
      "Na koniec rozgrywki oba urządzenia podpisują jej wynik, a on zmienia ranking obu graczy. Podpowiedź w jej trakcie sprawia, że przestaje być rankingowa.",
    hintTitle: "Poprosić o podpowiedź?",
    hintBody:
      "Ta rozgrywka jest rankingowa. Podpowiedź sprawi, że przestanie nią być: nie zmieni twojego rankingu. (Omówienie między partiami jest dozwolone.)",
    hintAsk: "Poproś o podpowiedź",
    hintKeep: "Zostaw rankingową",
    unsigned: {
      late: "Urządzenie drugiego gracza nie podpisało wyniku na czas: rozgrywka nie jest rankingowa.",
      refused: "Podpis wyniku od drugiego gracza się nie zgadza: rozgrywka nie jest rankingowa.",
    },
  },
  titles: {
    newcomer: "Nowicjusz",
    apprentice: "Uczeń",
    journeyman: "Czeladnik",
    adept: "Adept",
    expert: "Ekspert",
    master: "Mistrz",
    grand_master: "Wielki Mistrz Salonu",
  },
  pair: {
    button: "Sparuj urządzenie",
    title: "Sparuj swoje urządzenia",
    about:
      "Połącz tę karierę z karierą na twoim drugim urządzeniu: potem oba mają każdą rozgrywkę, rozgrywki do odtworzenia, rozdania dnia i trofea. Nic się nie zmieni, dopóki nie potwierdzisz na każdym urządzeniu.",
    send: "Na drugim urządzeniu otwórz ten link albo zeskanuj kod QR jego aparatem, albo wklej kod w jego Kariera → Sparuj urządzenie.",
    whenAnswers: "Potem przyjmij tutaj jego odpowiedź: wklej ją albo zeskanuj jej kod QR.",
    orHave: "Albo, jeśli to drugie urządzenie pokazuje zaproszenie, wklej je tutaj:",
    join: "Sparuj",
    showTo: "Pokaż to swojemu drugiemu urządzeniu",
    answerHow: "Otwórz link na drugim urządzeniu, zeskanuj nim ten kod QR albo wklej tam kod w polu „Wklej odpowiedź”.",
    shareInvite: "Sparuj moją karierę w All Threes Domino:",
    shareAnswer: "Moja odpowiedź na parowanie karier w All Threes Domino:",
    waiting: "Czekam, aż drugie urządzenie przyjmie odpowiedź…",
    connecting: "Łączę…",
    crossing: "Połączono: kariery są przesyłane…",
    checking: "Sprawdzam każdą rozgrywkę…",
    notPairing: "To zaproszenie do stołu przyjaciela, nie parowanie: otwórz je jako link, by dołączyć do stołu.",
    confirmTitle: "Połączyć kariery?",
    counts: (here, there, together, added, history) =>
      `Na tym urządzeniu: rozgrywki ${here}. Na drugim: ${there}. Razem: rozgrywki ${together} (nowe tutaj: ${added}), do odtworzenia ${history}.`,
    damaged: (n) => `Pominięto uszkodzone wpisy: ${n}.`,
    backupNote: "To, co połączenie zastąpi, zostanie zachowane jako kopia na tym urządzeniu.",
    merge: "Połącz",
    notNow: "Nie teraz",
    merged: (n) => `Połączono: rozgrywki w twojej karierze na tym urządzeniu: ${n}.`,
    writeFailed: "Nie udało się zapisać połączenia (pełna pamięć?); twoja kariera jest taka jak była.",
    failed: {
      version: "Drugie urządzenie ma inną wersję gry: odśwież oba i sparuj ponownie.",
      damaged: "Drugie urządzenie przysłało coś, czego ta gra nie umie odczytać. Nic nie zostało zmienione.",
      too_big: "Kariera drugiego urządzenia jest większa, niż urządzenie może przechować. Nic nie zostało zmienione.",
      closed: "Połączenie skończyło się, zanim obie kariery dotarły. Nic nie zostało zmienione: sparuj ponownie.",
    },
    handoff: {
      delivered: "Odpowiedź trafiła do parowania na tym urządzeniu. Możesz zamknąć tę kartę.",
      refused: "Parowanie na tym urządzeniu nie czeka na tę odpowiedź: może jest stara. Sparuj ponownie.",
      noTable:
        "Żadne parowanie na tym urządzeniu nie czeka na tę odpowiedź: otwórz ją na urządzeniu, które pokazało zaproszenie.",
    },
  },
  standings: {
    title: "Ranking",
    about:
      "Wszyscy, którzy zagrali dzisiejsze rozdanie; każdy wynik sprawdzony na tym urządzeniu przez odtworzenie ruch po ruchu.",
    show: "Pokaż ranking",
    again: "Sprawdź ponownie",
    looking: "Pobieranie wpisów i sprawdzanie ich…",
    failed: "Nie udało się teraz sprawdzić rankingu.",
    publish: "Publikuj mój wynik dnia (imię, punkty i ruchy)",
    /** @param {number} rank @param {number} count */
    rank: (rank, count) => `Twoje miejsce: ${rank} z ${count}`,
    /** @param {number} count */
    played: (count) => `Graczy w rankingu: ${count}`,
    /** @param {number} best */
    best: (best) => `Najlepszy wynik: ${best}`,
    none: "Brak sprawdzonych wpisów z tego dnia.",
    notPublished: "Twój wynik nie jest publikowany: ustawienie poniżej jest wyłączone.",
    tooLong: "Zapis twojej rozgrywki jest za długi na zdarzenie przekaźnika: nie został opublikowany.",
    notSent: "Twój wpis jeszcze nie dotarł do przekaźnika: jest wysyłany ponownie przy każdym otwarciu.",
    notFound: "Twojego wpisu jeszcze wśród nich nie ma.",
    notPlayed: "Zagraj dzisiejsze punktowane rozdanie, aby mieć własny wpis.",
    /** @param {number} n */
    refused: (n) => `Odrzucone wpisy: ${n} (błędne albo nie odtwarzają się tak, jak twierdzą).`,
    /** @param {number} n */
    unchecked: (n) => `Jeszcze niesprawdzone wpisy: ${n}. Otwórz ponownie, by sprawdzić kolejne.`,
    /** @param {number} n @param {number} of */
    relays: (n, of) => `Odpowiedziały przekaźniki: ${n} z ${of}.`,
    top: "Pierwsza dwudziestka",
    near: "Wokół ciebie",
    /** @param {number} rank @param {string} name @param {number} score @param {boolean} won */
    row: (rank, name, score, won) => `${rank}. ${name}: ${score} pkt, ${won ? "wygrana" : "przegrana"}`,
    you: "(ty)",
  },
};

/** @type {import("./strings.js").ReaderCatalogue} */
export const SR_PL = {
  region: "Stół opisany słowami",
  handLabel: "Twoja ręka: kamienie, którymi możesz zagrać",
  arm: (arm) => ARM_NAME[arm] ?? arm,
  option: (tile, arm, points) =>
    `${tileWordsPl(tile)}${arm ? ` ${ARM_ON[arm] ?? arm}` : ", wyjście"}${points ? `, ${punkty(points)}` : ""}`,
  scores: (parts, target) => `Wynik: ${parts.join(", ")}${target ? `; gra do ${target}` : ""}.`,
  scorePart: (name, points) => `${name} ${points}`,
  emptyTable: "Stół jest pusty.",
  ends: (parts) => `Otwarte końce: ${parts.join(", ")}.`,
  endPart: (arm, value, counts) =>
    `${ARM_NAME[arm] ?? arm} ${value}${counts !== value ? ` (liczy się ${counts})` : ""}`,
  endSum: (sum, scores) => (scores ? `Suma: ${sum}, punktuje.` : `Suma: ${sum}.`),
  seat: (name, n, passed, drew) => `${name}: ${kamienie(n)}${passed ? ", pasuje" : drew ? `, dobrane: ${drew}` : ""}.`,
  boneyard: (n, kept, out) =>
    out
      ? `Poza grą: ${kamienie(n)}, zakryte.`
      : `Talon: ${kamienie(n)}${kept ? `, ${pl(kept, "ostatni zostaje", `ostatnie ${kept} zostają`, `ostatnich ${kept} zostaje`)}` : ""}.`,
  hand: (tiles) =>
    tiles.length ? `Twoja ręka, ${kamienie(tiles.length)}: ${tiles.join(", ")}.` : "Twoja ręka jest pusta.",
  handTile: (tile, playable) => (playable ? tileWordsPl(tile) : `${tileWordsPl(tile)} (nie pasuje do żadnego końca)`),
  keysHint:
    "Strzałki w lewo i w prawo wybierają kamień, w górę i w dół jego koniec, Enter zagrywa, D dobiera, P pasuje, H podpowiada.",
  dealt: (round, n) => `Partia ${round}: masz ${kamienie(n)}.`,
  placed: (who, you, tile, arm, points, bust = 0) =>
    (you
      ? `Zagrywasz ${tileWordsPl(tile)}${arm ? ` ${ARM_ON[arm] ?? arm}` : ""}${points ? ` i zdobywasz ${punkty(points)}` : ""}.`
      : `${who} zagrywa ${tileWordsPl(tile)}${arm ? ` ${ARM_ON[arm] ?? arm}` : ""}${points ? ` i zdobywa ${punkty(points)}` : ""}.`) +
    (bust ? ` Za dużo: ${punkty(bust)} przekroczyłoby cel, więc się nie liczy.` : ""),
  drewOwn: (tiles) => `Dobierasz ${tiles.map(tileWordsPl).join(", ")}.`,
  drewOther: (who, n) => `${who} dobiera ${n === 1 ? "kamień" : kamienie(n)}.`,
  passedEv: (who, you) => (you ? "Pasujesz." : `${who} pasuje.`),
  roundOver: (title, result) => `${title}. ${result}.`,
  matchOver: (result) => `${result}`,
  coveredEv: (who) => `Przekaż urządzenie: ${who}.`,
  scoresNow: (parts) => `${parts.join(", ")}.`,
  yourTurn: "Twój ruch.",
};
