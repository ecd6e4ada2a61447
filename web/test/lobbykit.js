// What net_lobby.test.js and net_quick.test.js share: a stranger's tables and asks as pages make
// them (their work done, signed), a lobby and a host's announcer on the in-memory relay, and the
// flood limits' buckets held still.
import { Announcer, LOBBY_VERSION, Lobby, lobbyTopics } from "../js/net/lobby.js";
import { lobbyEvent } from "../js/net/lobbyevents.js";
import { keyPair } from "../js/net/nostr.js";
import * as curve from "../node_modules/@noble/secp256k1/index.js";
import { until } from "./fakerelay.js";

export { curve };
export const RELAYS = ["ws://fake"];
/** The work the tests' lobbies ask (a few bits: quick to make); WORK_BITS is held once below. */
export const BITS = 4;
export const PRESETS = ["standard", "fives"];
export const NOW_S = 1_700_000_000;
export const nowS = () => Math.floor(Date.now() / 1000);
export const topics = await lobbyTopics();

/** A table's fields as a host's page gives them (an Announcer's entry()): two players, waiting. */
export function fields(over = {}, since = NOW_S - 60) {
  return {
    room: "ab".repeat(32),
    name: "Ada",
    lang: "en",
    players: 2,
    teams: false,
    sprint: false,
    free: 1,
    preset: "standard",
    target: 150,
    clock: 0,
    quick: null,
    since,
    rating: null,
    provisional: true,
    title: null,
    abandoned: 0,
    ...over,
  };
}
/** A table announced by `key` as a stranger's page may send it: its work done, signed, on the
 * tables' topic; `answers`: the asks' keys it names. */
export const announce = (key, over = {}, createdAt = nowS(), { bits = BITS, answers = [] } = {}) =>
  lobbyEvent(
    {
      tags: [["t", topics.tables], ...answers.map((a) => ["p", a])],
      content: JSON.stringify({ v: LOBBY_VERSION, type: "table", ...fields(over, createdAt - 30) }),
    },
    key,
    curve,
    { bits, now: () => createdAt * 1000 },
  );
/** An ask as a page sends it, from a fresh key (or `key`): any table, or a quick match's. */
export const ask = async ({ key = null, quick = null, preset = null, to = [], bits = BITS } = {}) =>
  lobbyEvent(
    {
      tags: [["t", topics.asks], ...to.map((h) => ["p", h])],
      content: JSON.stringify({ v: LOBBY_VERSION, type: "ask", quick, preset }),
    },
    key ?? (await keyPair(null, curve)),
    curve,
    { bits },
  );
export const typeOf = (ev) => JSON.parse(ev.content).type;

/** The flood limits' buckets (peer.js's Bucket) refill by performance.now(): held still while
 * `run` goes, so that a slow machine's signature checks let no token more in. */
export async function stillBuckets(run) {
  const realNow = performance.now;
  const at = realNow.call(performance);
  performance.now = () => at;
  try {
    return await run();
  } finally {
    performance.now = realNow;
  }
}

/** A lobby on the fake relay, open (closed when the test ends); `sweep` runs its sweep now. */
export async function openLobby(t, relay, options = {}) {
  const lobby = new Lobby({
    relays: RELAYS,
    presets: PRESETS,
    WebSocketClass: relay.Socket,
    curve,
    bits: BITS,
    ...options,
  });
  // the sweep runs on open()'s 5 s interval: the callback is caught as it is set, so a test can
  // run it at once instead of waiting for it (lobby.js itself untouched)
  const realSetInterval = globalThis.setInterval;
  let sweep = null;
  globalThis.setInterval = (fn, ms) => {
    if (ms === 5000) sweep = fn;
    return realSetInterval(fn, ms);
  };
  try {
    await lobby.open();
  } finally {
    globalThis.setInterval = realSetInterval;
  }
  t.after(() => lobby.close());
  await until(() => lobby.pool.open === 1);
  return { lobby, sweep };
}

/** A host's announcer on the fake relay (stopped when the test ends). */
export function announcer(t, relay, key, options = {}) {
  const since = nowS() - 60;
  const entry = () => fields({}, since);
  const ad = new Announcer({ relays: RELAYS, key, entry, WebSocketClass: relay.Socket, curve, bits: BITS, ...options });
  t.after(() => ad.stop());
  return ad;
}
