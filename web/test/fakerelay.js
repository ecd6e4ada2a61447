// An in-memory Nostr relay for net/'s tests (the real relay is tests/web/relaykit.py's): every
// socket's REQ filtered by kinds, #t and #p, an EVENT answered OK and delivered to the sockets
// whose filter it matches; and the waits those tests share.

/** An in-memory relay: every socket's REQ filter by kinds, #t and #p; EVENT answered OK. */
export function fakeRelay() {
  const sockets = new Set();
  const relay = { sockets, log: [] };
  relay.deliver = (ev) => {
    for (const s of sockets) {
      const f = s.filter;
      if (!f?.kinds.includes(ev.kind)) continue;
      const tag = (n) => ev.tags.find((t) => t[0] === n)?.[1];
      if (!f["#t"].includes(tag("t")) || (f["#p"] && !f["#p"].includes(tag("p")))) continue;
      s.onmessage?.({ data: JSON.stringify(["EVENT", "room", ev]) });
    }
  };
  relay.raw = (text) => {
    for (const s of sockets) s.onmessage?.({ data: text });
  };
  relay.Socket = class {
    constructor(url) {
      this.url = url;
      sockets.add(this);
      setTimeout(() => this.onopen?.(), 0);
    }
    send(text) {
      const msg = JSON.parse(text);
      if (msg[0] === "REQ") this.filter = msg[2];
      if (msg[0] === "EVENT") {
        relay.log.push(msg[1]);
        setTimeout(() => {
          this.onmessage?.({ data: JSON.stringify(["OK", msg[1].id, true, ""]) });
          relay.deliver(msg[1]);
        }, 0);
      }
    }
    close() {
      sockets.delete(this);
      setTimeout(() => this.onclose?.(), 0);
    }
  };
  return relay;
}

export const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
/** Waits until `done()` holds (the curve's first signatures take a while), at most 5 s. */
export async function until(done) {
  for (let waited = 0; !done() && waited < 5000; waited += 20) await tick();
}
