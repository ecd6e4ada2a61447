// board/state.js: busy() and modal() count what keeps the person waiting, and say when a count
// goes down, so that a request ending after the last frame still gets the table drawn again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { busy, canAct, createState, modal } from "../js/board/state.js";

function tableAtRest() {
  const told = [];
  const state = createState({ onSettle: () => told.push({ work: state.work, modals: state.modals }) });
  state.snap = { round: { over: false }, viewer: 0, person_to_move: 0 };
  return { state, told };
}

test("busy() counts the work while it runs and says so once it is over", async () => {
  const { state, told } = tableAtRest();
  let finish;
  const running = busy(state, new Promise((resolve) => (finish = resolve)));
  assert.equal(state.work, 1);
  assert.equal(canAct(state), false);
  assert.deepEqual(told, []);
  finish("reply");
  assert.equal(await running, "reply");
  assert.deepEqual(told, [{ work: 0, modals: 0 }], "told after the count went down");
  assert.equal(canAct(state), true);
});

test("busy() settles a failed request as well, and passes its error on", async () => {
  const { state, told } = tableAtRest();
  await assert.rejects(busy(state, Promise.reject(new Error("worker gone")), "advice"), /worker gone/);
  assert.equal(state.advice, 0);
  assert.equal(told.length, 1);
});

test("modal() keeps the person out while the dialog is up and says when it closes", async () => {
  const { state, told } = tableAtRest();
  let close;
  const open = modal(state, () => new Promise((resolve) => (close = resolve)));
  assert.equal(canAct(state), false);
  close("kept");
  assert.equal(await open, "kept");
  assert.deepEqual(told, [{ work: 0, modals: 0 }]);
  assert.equal(canAct(state), true);
});
