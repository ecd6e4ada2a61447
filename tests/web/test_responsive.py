"""The page stays responsive while the Expert thinks: its search runs in the engine's worker, and
the page only waits for the worker's answer, drawing frames and answering all the while.

What is checked is that arrangement, not a duration: the computer's move reaches the page only in
the worker's reply, and while that reply is held back (for as long as the test likes) the page keeps
producing frames and answering, showing the computer to move. How long the main thread's tasks take
during the Expert's turns (the Long Tasks API, and their CPU time in a Chrome trace) is a figure of
`scripts/bench web`, not a test: it depends on how busy the machine is."""

from __future__ import annotations

from playwright.sync_api import Page
from tablekit import Player, open_table
from test_boot import stand_in_worker

# The engine's own worker behind a stand-in at its address: once holdMoves() is called, the reply
# to the next "advance" request (the computer's move, the Expert's search) waits in the worker
# until releaseMoves(); every other message goes through. moveHeld() resolves to the number of
# replies held, 0 when the person's move left the computer nothing to do (the round is over).
HOLD_THE_COMPUTERS_MOVE = """
const post = self.postMessage.bind(self);
const ops = new Map();
const held = [];
const waiting = [];
let holding = false;
self.addEventListener("message", (event) => {
  const { type, id, request } = event.data ?? {};
  if (type === "call") ops.set(id, JSON.parse(request).op);
});
const settle = (count) => {
  holding = false;
  for (const resolve of waiting.splice(0)) resolve(count);
};
self.postMessage = (message) => {
  const op = message?.type === "reply" ? ops.get(message.id) : null;
  if (holding && op === "advance") {
    held.push(message);
    return void settle(held.length);
  }
  post(message);
  const snap = op === "intent" && message.reply ? JSON.parse(message.reply).snapshot : null;
  if (holding && snap && !snap.computer_to_move) settle(0);
};
self.holdMoves = () => { holding = true; };
self.moveHeld = () => held.length || !holding ? held.length : new Promise((resolve, reject) => {
  waiting.push(resolve);
  setTimeout(() => reject(new Error("the computer did not move in 30 s")), 30000);
});
self.releaseMoves = () => { for (const message of held.splice(0)) post(message); };
await import("./worker.js?as-is");
"""
# Resolves once the page has drawn this many more frames (requestAnimationFrame callbacks).
FRAMES = """(count) => new Promise((resolve, reject) => {
  let n = 0;
  const frame = () => (++n >= count ? resolve(n) : requestAnimationFrame(frame));
  requestAnimationFrame(frame);
  setTimeout(() => reject(new Error(`${n} of ${count} frames in 30 s`)), 30000);
})"""
TURNS = 3


def table(st: dict) -> tuple:
    """What a move changes: whose turn, the tiles in each hand, the boneyard, the round's end."""
    return st["turn"], [s["tiles"] for s in st["seats"]], st["boneyard"], st["round_over"]


def test_the_page_draws_and_answers_while_the_expert_thinks_in_the_worker(page: Page) -> None:
    """Each time the person plays, the worker's answer with the Expert's move is held back: the
    computer must not have moved (it fails if the move is found anywhere but in the worker), the
    page must draw frames and answer the test hook meanwhile, with the computer to move (it fails
    if the page blocks or spins while it waits for the engine), and once the answer is let through
    the computer moves (it fails if the page has stopped listening)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    stand_in_worker(page, HOLD_THE_COMPUTERS_MOVE)
    with page.expect_worker(lambda w: w.url.endswith("/js/boot/worker.js")) as started:
        open_table(page, 8)  # the default opponent: Expert
    engine = started.value
    player = Player(page)
    st = player.idle()
    assert not st["rules"]["options"]["muggins"], "a play goes to the engine with no claim asked"
    held = 0
    for _ in range(40):
        if held == TURNS or st["round_over"]:
            break
        if not any(t["playable"] for t in st["hand"]):
            player.turn(st)  # a draw or a pass
            st = player.state()
            continue
        engine.evaluate("() => self.holdMoves()")
        player.play_tile(st)  # real mouse input
        made = engine.evaluate("() => self.moveHeld()")
        if made == 0:  # the person's tile ended the round
            st = player.idle()
            continue
        assert made == 1, "the Expert moved, in the worker"
        waiting = player.state()
        assert waiting["turn"] != waiting["human"] and not waiting["round_over"], waiting
        assert page.evaluate(FRAMES, 30) == 30, "frames drawn while the engine's answer is awaited"
        assert table(player.state()) == table(waiting), "the computer moved without the worker"
        engine.evaluate("() => self.releaseMoves()")
        st = player.idle()
        assert table(st) != table(waiting), "the computer's move, once the worker answered"
        held += 1
    assert held == TURNS, f"the computer answered {held} plays of the person"
