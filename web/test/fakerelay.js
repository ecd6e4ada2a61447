// An in-memory Nostr relay for net/'s tests (the real relay is tests/web/relaykit.py's), speaking
// NIP-01's and NIP-42's exact messages: each socket's subscriptions (REQ by id, CLOSE) filtered by
// kinds, #t, #p, #d, since and until, stored events (in the order given) sent before EOSE, an EVENT answered OK and delivered to
// the subscriptions it matches. What a test makes it do instead (each a hook of fakeRelay's):
//   answer(ev, socket)   the OK to an event: {ok, message, deliver} (deliver false: dropped
//                        silently after an OK), or null (no answer at all)
//   onReq(id, filter, socket)   a REQ: a message to send instead of serving it (["CLOSED", ...])
//   challenge            sent as ["AUTH", challenge] when a socket opens; AUTH events are kept
//                        (relay.auths) and answered by authAnswer(ev) (default: OK true)
//   down                 (set on the relay) sockets that open fail at once
//   ignoresSince         stored events are sent whatever a REQ's since says (as a careless relay)
// relay.deliver(ev) sends an event to the matching subscriptions; relay.raw(text) sends a frame to
// every socket; relay.kill() closes every socket from the relay's side. sockets({url: relay})
// makes one WebSocket class for several relays, by URL.

/** Whether `ev` matches a REQ `filter` (kinds, #t, #p, #d, since, until). */
function matches(filter, ev) {
  if (filter.kinds && !filter.kinds.includes(ev.kind)) return false;
  if (filter.since && ev.created_at < filter.since) return false;
  if (filter.until && ev.created_at > filter.until) return false;
  for (const name of ["t", "p", "d"]) {
    const want = filter[`#${name}`];
    if (want && !ev.tags.some((t) => t[0] === name && want.includes(t[1]))) return false;
  }
  return true;
}

/** An in-memory relay (its hooks above). */
export function fakeRelay({
  answer = () => ({ ok: true, message: "" }),
  onReq = () => null,
  challenge = null,
  authAnswer = () => ({ ok: true, message: "" }),
  stored = [],
  ignoresSince = false,
} = {}) {
  const sockets = new Set();
  const relay = { sockets, log: [], auths: [], reqs: [], stored: [...stored], down: false, frames: [] };
  const send = (socket, message) => socket.onmessage?.({ data: JSON.stringify(message) });
  relay.deliver = (ev) => {
    for (const s of sockets) for (const [id, filter] of s.subs) if (matches(filter, ev)) send(s, ["EVENT", id, ev]);
  };
  relay.raw = (text) => {
    for (const s of sockets) s.onmessage?.({ data: text });
  };
  relay.kill = () => {
    for (const s of [...sockets]) {
      sockets.delete(s);
      setTimeout(() => s.onclose?.(), 0);
    }
  };
  relay.Socket = class {
    constructor(url) {
      this.url = url;
      this.subs = new Map();
      if (relay.down) {
        setTimeout(() => this.onclose?.(), 0);
        return;
      }
      sockets.add(this);
      setTimeout(() => {
        if (!sockets.has(this)) return;
        this.onopen?.();
        if (challenge) send(this, ["AUTH", challenge]);
      }, 0);
    }
    send(text) {
      if (!sockets.has(this)) throw new Error("closed");
      relay.frames.push(text);
      const msg = JSON.parse(text);
      if (msg[0] === "REQ") {
        relay.reqs.push(msg);
        const instead = onReq(msg[1], msg[2], this);
        if (instead) return setTimeout(() => send(this, instead), 0);
        this.subs.set(msg[1], msg[2]);
        this.filter = msg[2]; // the last one (older tests read it)
        const asked = ignoresSince ? { ...msg[2], since: undefined } : msg[2];
        const old = relay.stored.filter((ev) => matches(asked, ev)).slice(0, msg[2].limit ?? 500);
        setTimeout(() => {
          for (const ev of old) send(this, ["EVENT", msg[1], ev]);
          send(this, ["EOSE", msg[1]]);
        }, 0);
      }
      if (msg[0] === "CLOSE") this.subs.delete(msg[1]);
      if (msg[0] === "AUTH") {
        relay.auths.push(msg[1]);
        const a = authAnswer(msg[1]);
        setTimeout(() => send(this, ["OK", msg[1].id, a.ok, a.message]), 0);
      }
      if (msg[0] === "EVENT") {
        relay.log.push(msg[1]);
        const a = answer(msg[1], this);
        setTimeout(() => {
          if (!a) return;
          send(this, ["OK", msg[1].id, a.ok, a.message ?? ""]);
          if (a.ok && a.deliver !== false) relay.deliver(msg[1]);
        }, 0);
      }
    }
    close() {
      if (!sockets.delete(this)) return;
      setTimeout(() => this.onclose?.(), 0);
    }
  };
  return relay;
}

/** One WebSocket class for several fake relays, by URL (an unknown URL fails to open). */
export function sockets(byURL) {
  return class {
    constructor(url) {
      const relay = byURL[url];
      if (!relay) {
        setTimeout(() => this.onclose?.(), 0);
        this.send = () => {
          throw new Error("closed");
        };
        this.close = () => {};
        return;
      }
      // biome-ignore lint/correctness/noConstructorReturn: the socket is the relay's own
      return new relay.Socket(url);
    }
  };
}

export const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
/** Waits until `done()` holds (the curve's first signatures take a while), at most 5 s. */
export async function until(done, most = 5000) {
  for (let waited = 0; !done() && waited < most; waited += 20) await tick();
}
