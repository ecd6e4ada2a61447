// net/link.js: a seat's link starts on the relays and moves to a direct channel without losing or
// reordering a message: what comes directly waits for the other side's last relayed messages (its
// `moved {m}` word), or MOVE_WAIT_MS when that word is lost; once both sides moved, the relayed
// channel ends without a word, and the link's end is the direct channel's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Link, MOVE_WAIT_MS } from "../js/net/link.js";

/** A channel's face, recording what is sent; `hear(text)` is a message arriving on it. */
function carrier(via) {
  const c = {
    via,
    state: "connected",
    m: 0,
    sent: [],
    dropped: false,
    onmessage: null,
    onstate: null,
    ondrop: null,
    send(text) {
      if (c.state === "closed") throw new Error("closed");
      c.sent.push(text);
      c.m += 1;
    },
    close() {
      c.state = "closed";
      c.onstate?.("closed");
    },
    drop() {
      c.dropped = true;
      c.state = "closed";
    },
    hear(text) {
      c.onmessage?.(text);
    },
  };
  return c;
}

function linked() {
  const relay = carrier("relay");
  const said = [];
  const link = new Link(relay, (m) => said.push(m));
  const got = [];
  link.onmessage = (text) => got.push(text);
  return { relay, link, said, got };
}

test("messages keep their order across the move", () => {
  const { relay, link, said, got } = linked();
  link.send("a");
  link.send("b");
  assert.equal(link.via, "relay");
  const direct = carrier("direct");
  link.move(direct);
  assert.deepEqual(said, [2], "the other side is told two went through the relays");
  assert.equal(link.via, "direct");
  link.send("c");
  assert.deepEqual(relay.sent, ["a", "b"]);
  assert.deepEqual(direct.sent, ["c"]);
  // the other side sent 3 through the relays before it moved; the third is still on its way
  relay.hear("1");
  relay.hear("2");
  direct.hear("4");
  link.heardMoved(3);
  assert.deepEqual(got, ["1", "2"], "the direct message waits for the relays' last");
  relay.hear("3");
  assert.deepEqual(got, ["1", "2", "3", "4"]);
  assert.ok(relay.dropped, "the relayed channel is done with");
  direct.hear("5");
  assert.deepEqual(got, ["1", "2", "3", "4", "5"]);
});

test("a lost word of the other side's move holds the direct messages only for a while", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { link, got } = linked();
  const direct = carrier("direct");
  let moved = 0;
  link.onmoved = () => moved++;
  link.move(direct);
  direct.hear("x");
  assert.deepEqual(got, []);
  t.mock.timers.tick(MOVE_WAIT_MS);
  assert.deepEqual(got, ["x"]);
  assert.equal(moved, 1);
  link.heardMoved(5); // late: changes nothing any more
  direct.hear("y");
  assert.deepEqual(got, ["x", "y"]);
});

test("the relays' channel ending after the move is no end of the link; the direct one's is", () => {
  const { relay, link } = linked();
  const states = [];
  link.onstate = (s) => states.push(s);
  const direct = carrier("direct");
  link.move(direct);
  link.heardMoved(0);
  relay.onstate?.("closed");
  assert.deepEqual(states, []);
  assert.equal(link.state, "connected");
  direct.close();
  assert.deepEqual(states, ["closed"]);
  assert.equal(link.state, "closed");
  assert.throws(() => link.send("late"), /closed/);
});

test("before the move the relays' end is the link's end", () => {
  const { relay, link } = linked();
  const states = [];
  link.onstate = (s) => states.push(s);
  relay.onstate("closed");
  assert.deepEqual(states, ["closed"]);
});

test("a second direct channel is closed, never used", () => {
  const { link } = linked();
  const first = carrier("direct");
  const second = carrier("direct");
  link.move(first);
  link.move(second);
  assert.equal(second.state, "closed");
  link.send("z");
  assert.deepEqual(first.sent, ["z"]);
});
