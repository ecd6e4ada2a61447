// @ts-check
// A relay's address, as this page will use one: the one rule every list of relays passes (the
// pinned list, the player's preference, a monitor's report, the page's own record). A relay is
// untrusted, and so is whoever names one (a NIP-66 monitor is a stranger): an address is taken
// only as a secure WebSocket to a named host (wss:), or a plain one to the player's own machine
// (ws: on loopback, for a relay run there and for the tests), written one way (lower-case host, no
// default port, no trailing "/", no user, query or fragment) so that one relay is one entry.

/** The longest relay address taken. */
export const MAX_URL_CHARS = 200;
/** The player's own machine: the only hosts a plain ws: relay may have. */
const LOOPBACK = new Set(["127.0.0.1", "localhost"]); // as the CSP names them (netlify.toml)
/** Hosts no public relay has: an IP literal (a stranger's report must not send the page probing
 * the player's own network), a name of a private network, or one this page cannot reach. */
const NOT_PUBLIC = /^\[|^\d+\.\d+\.\d+\.\d+$|(^|\.)(localhost|local|internal|lan|home|onion|i2p|loki)$/;

/** Whether `host` (a URL's hostname) is the player's own machine. @param {string} host */
export const isLoopback = (host) => LOOPBACK.has(host);

/** `text` as the one way this page writes that relay's address, or null when it is not one the
 * page may talk to.
 * @param {unknown} text
 * @returns {string|null}
 */
export function relayURL(text) {
  if (typeof text !== "string" || text.length > MAX_URL_CHARS) return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.protocol === "ws:") {
    if (!isLoopback(url.hostname)) return null;
  } else if (url.protocol !== "wss:" || !url.hostname.includes(".") || NOT_PUBLIC.test(url.hostname)) return null;
  const path = url.pathname.replace(/\/+$/, "");
  const out = `${url.protocol}//${url.host}${path}`;
  return out.length <= MAX_URL_CHARS ? out : null;
}

/** Where a relay serves its NIP-11 document: the same address over http(s). @param {string} relay */
export const infoURLOf = (relay) => relay.replace(/^ws/, "http");
