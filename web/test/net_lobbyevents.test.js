// net/lobbyevents.js: what a lobby event may say, field by field (a table's announcement, a
// "gone", an ask), each refusal with its reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import { askProblem, ENTRY_LIFE_S, entryProblem, LOBBY_VERSION, MAX_ENTRY_CHARS } from "../js/net/lobby.js";
import { CLOCK_SLACK_S } from "../js/net/nostr.js";
import { MOST_WATCHERS } from "../js/net/watch.js";
import { fields, NOW_S, PRESETS } from "./lobbykit.js";

const table = (over = {}) => JSON.stringify({ v: LOBBY_VERSION, type: "table", ...fields(), ...over });
const problem = (over, presets = null) => entryProblem(table(over), NOW_S, NOW_S, presets);

// ------------------------------------------------------------------ entryProblem

test("a well-made table entry passes, and so do a partners table and a three-player one", () => {
  assert.equal(problem({}), null);
  assert.equal(problem({}, PRESETS), null);
  assert.equal(problem({ players: 4, teams: true, free: 3, quick: "partners", clock: 60 }), null);
  assert.equal(problem({ players: 3, free: 2, quick: null, lang: "pl", target: 1000 }), null);
  assert.equal(problem({ quick: "2p", name: "Zażółć gęślą jaźń", target: 1, clock: 120 }), null);
  assert.equal(problem({ name: "x".repeat(24), preset: "a_1".repeat(8) }), null);
  assert.equal(problem({ rating: 1672, provisional: false, title: "grand_master" }), null, "a host's rating");
  assert.equal(problem({ rating: 0, provisional: true, title: "newcomer" }), null);
});

test("the longest announcement a page makes, its rating and title with it, fits MAX_ENTRY_CHARS", () => {
  const longest = table({
    name: "\u{10FFFF}".repeat(24),
    players: 4,
    teams: true,
    free: 3,
    preset: "x".repeat(24),
    target: 1000,
    clock: 3600,
    quick: "partners",
    rating: 4000,
    provisional: false,
    title: "grand_master",
    abandoned: 9999,
  }).replaceAll("\\u{10FFFF}", "\\udbff\\udfff"); // 14 characters a letter: past JSON's longest escape (12)
  assert.ok(longest.length <= MAX_ENTRY_CHARS, `${longest.length} characters`);
});

test("content too long, not JSON, not an object, another version or an unknown type is refused with its reason", () => {
  const long = table({ name: "Ada" }).replace("}", `,"pad":"${"x".repeat(MAX_ENTRY_CHARS)}"}`);
  assert.equal(entryProblem(long, NOW_S, NOW_S), "size");
  assert.equal(entryProblem(42, NOW_S, NOW_S), "size");
  assert.equal(entryProblem(null, NOW_S, NOW_S), "size");
  assert.equal(entryProblem("{not json", NOW_S, NOW_S), "json");
  assert.equal(entryProblem("", NOW_S, NOW_S), "json");
  assert.equal(entryProblem("[1,2]", NOW_S, NOW_S), "shape");
  assert.equal(entryProblem("null", NOW_S, NOW_S), "shape");
  assert.equal(entryProblem('"table"', NOW_S, NOW_S), "shape");
  assert.equal(problem({ v: 2 }), "version");
  assert.equal(problem({ v: "1" }), "version");
  assert.equal(problem({ type: "chair" }), "type");
  assert.equal(entryProblem(JSON.stringify({ v: LOBBY_VERSION, type: "ask" }), NOW_S, NOW_S), "type");
});

test("a missing field or an extra one is refused as shape", () => {
  for (const name of Object.keys(fields())) {
    const body = { v: LOBBY_VERSION, type: "table", ...fields() };
    delete body[name];
    assert.equal(entryProblem(JSON.stringify(body), NOW_S, NOW_S), "shape", `without ${name}`);
  }
  assert.equal(problem({ x: 1 }), "shape");
  assert.equal(problem({ host: "cd".repeat(32) }), "shape");
  assert.equal(entryProblem(table().replace("{", '{"__proto__":{},'), NOW_S, NOW_S), "shape");
});

test("each field of a wrong type or out of range is refused as shape", () => {
  const wrong = {
    room: ["AB".repeat(32), "ab".repeat(31), `${"ab".repeat(31)}zz`, 42, null],
    name: ["<b>Ada</b>", "Ada<", "A\u0007da", "Ada\n", "A\u200bda", "x".repeat(25), " Ada", "Ada ", "", 7],
    lang: ["de", "EN", null],
    players: [1, 5, "2", 2.5],
    teams: ["false", 0, null],
    free: [0, 2, 1.5, "1"], // 2: as many free seats as players, the host's own among them
    preset: ["Standard", "a-b", "", "x".repeat(25), 3],
    target: [0, 1001, "150", 1.5, -1],
    clock: [3601, "30", null, -30, 1.5],
    quick: ["3p", "", false],
    since: [NOW_S + CLOCK_SLACK_S + 1, NOW_S + 86_400, NOW_S - 86_401, 0, -5, "1", 1.5],
    rating: [-1, 4001, 1500.5, "1500", true],
    provisional: [null, 0, "true"],
    title: ["Grand Master", "<b>", "x".repeat(25), "", 1],
    abandoned: [-1, 10_000, 1.5, "2", null],
  };
  for (const [name, values] of Object.entries(wrong))
    for (const value of values) assert.equal(problem({ [name]: value }), "shape", `${name}: ${JSON.stringify(value)}`);
  // a clock this page's Python does not offer (Python's choices, handed to the lobby)
  const clocks = [0, 30, 60, 120];
  assert.equal(entryProblem(table({ clock: 45 }), NOW_S, NOW_S, null, clocks), "clock");
  assert.equal(entryProblem(table({ clock: 60 }), NOW_S, NOW_S, null, clocks), null);
  assert.equal(problem({ players: 3, free: 1, teams: true }), "shape", "teams with three players");
  assert.equal(problem({ players: 2, teams: true }), "shape", "teams with two players");
  assert.equal(problem({ players: 4, free: 3, teams: false, quick: "partners" }), "shape", "partners, no teams");
  assert.equal(problem({ players: 3, free: 2, quick: "2p" }), "shape", "a 2p quick table of three");
  assert.equal(problem({ players: 4, free: 3, quick: "2p" }), "shape", "a 2p quick table of four");
});

test("a preset not among the page's presets is refused as preset; without a list any well-formed one passes", () => {
  assert.equal(problem({ preset: "blocks" }, PRESETS), "preset");
  assert.equal(problem({ preset: "fives" }, PRESETS), null);
  assert.equal(problem({ preset: "blocks" }), null);
  assert.equal(problem({ preset: "Blocks" }, PRESETS), "shape", "the pattern first");
});

test("an announcement older than ENTRY_LIFE_S or too far in the future is refused as expired", () => {
  const at = (createdAt) => entryProblem(table({ since: createdAt - 30 }), createdAt, NOW_S);
  assert.equal(at(NOW_S - ENTRY_LIFE_S), null);
  assert.equal(at(NOW_S - ENTRY_LIFE_S - 1), "expired");
  assert.equal(at(NOW_S - 86_400), "expired");
  assert.equal(at(NOW_S + CLOCK_SLACK_S), null);
  assert.equal(at(NOW_S + CLOCK_SLACK_S + 1), "expired");
  assert.equal(at(NOW_S + 3600), "expired");
});

test("a gone body passes with exactly its two fields", () => {
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone" }), NOW_S, NOW_S), null);
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone", x: 1 }), NOW_S, NOW_S), "shape");
  assert.equal(entryProblem(JSON.stringify({ v: 1, type: "gone", ...fields() }), NOW_S, NOW_S), "shape");
  assert.equal(entryProblem(JSON.stringify({ v: 2, type: "gone" }), NOW_S, NOW_S), "version");
});

test("an ask's content is read only in its exact shape", () => {
  const body = (over) => JSON.stringify({ v: LOBBY_VERSION, type: "ask", quick: null, preset: null, ...over });
  assert.equal(askProblem(body({})), null);
  assert.equal(askProblem(body({ quick: "2p", preset: "fives" })), null);
  assert.equal(askProblem(body({ quick: "3p" })), "shape");
  assert.equal(askProblem(body({ preset: "Fives" })), "shape");
  assert.equal(askProblem(body({ x: 1 })), "shape");
  assert.equal(askProblem(JSON.stringify({ v: 1, type: "ask" })), "shape");
  assert.equal(askProblem(body({ type: "table" })), "type");
  assert.equal(askProblem(body({ v: 2 })), "version");
  assert.equal(askProblem("{"), "json");
});

test("a table in play passes with exactly its fields; a seat's link, free seats, a quick kind or too many watchers are refused", () => {
  const { room: _r, free: _f, quick: _q, rating: _g, provisional: _p, title: _t, abandoned: _a, ...about } = fields();
  const play = (over = {}) =>
    entryProblem(
      JSON.stringify({ v: LOBBY_VERSION, type: "play", watch: "cd".repeat(32), watchers: 0, ...about, ...over }),
      NOW_S,
      NOW_S,
    );
  assert.equal(play(), null);
  assert.equal(play({ watchers: MOST_WATCHERS, players: 4, teams: true }), null);
  for (const over of [
    { room: "ab".repeat(32) },
    { free: 1 },
    { quick: "2p" },
    { watchers: MOST_WATCHERS + 1 },
    { watchers: -1 },
    { watchers: "2" },
    { watch: "AB".repeat(32) },
    { watch: null },
    { name: "<b>Ada</b>" },
  ])
    assert.equal(play(over), "shape", JSON.stringify(over));
  assert.equal(play({ since: NOW_S + 3600 }), "shape", "in play since after it was said");
});
