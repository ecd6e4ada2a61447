// The relays a table played online meets in: public Nostr relays run by volunteers, none of them
// ours, pinned here and nowhere else (netlify.toml's connect-src lists the same, so the page can
// reach no other; web/test/net_relays.test.js holds the two together). They see that some pages
// meet in a room (a hash), their keys, when and how much they send: never a tile, a name or a
// move, which travel encrypted end to end (room.js). A player's preferences may replace the list
// (`relays`, beside `iceServers`): a relay of this list, or one on the player's own machine.

/** Public relays that forward ephemeral events, chosen for being long-lived and widely used. */
export const DEFAULT_RELAYS = [
  "wss://relay.damus.io",
  "wss://nos.lol",
  "wss://relay.primal.net",
  "wss://relay.nostr.band",
];
/** Relays on the player's own machine are allowed too (the page's CSP admits loopback). */
const LOOPBACK = new Set(["127.0.0.1", "localhost"]);
/** At most this many relays from the preferences (each is a connection the page keeps open). */
export const MOST_RELAYS = 8;

/** Whether `url` is a relay the page may talk to: wss: on DEFAULT_RELAYS' hosts, or ws: on loopback. */
export function isRelayURL(url) {
  if (typeof url !== "string" || url.length > 200) return false;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "ws:") return LOOPBACK.has(parsed.hostname);
  return parsed.protocol === "wss:" && DEFAULT_RELAYS.some((d) => new URL(d).host === parsed.host);
}

/**
 * The relays this page uses: the preference `relays` when it is a list of relays the page may
 * talk to, none when it is an empty list (the player wants nothing to pass a relay: the codes
 * sent by hand), else DEFAULT_RELAYS. `refused` lists what the preference named that cannot be used.
 */
export function relaysFrom(prefs) {
  const asked = prefs?.relays;
  if (!Array.isArray(asked)) return { urls: DEFAULT_RELAYS, refused: [] };
  if (asked.length === 0) return { urls: [], refused: [] };
  const urls = asked.filter(isRelayURL).slice(0, MOST_RELAYS);
  const refused = asked.filter((u) => !urls.includes(u)).map(String);
  return { urls: urls.length ? urls : DEFAULT_RELAYS, refused };
}
