// Request/reply over postMessage with the engine worker (see worker.js for the message shapes).
//
//   const reply = await bridge.call("ping");            // -> {ok: true, version: "0.1.0"}
//   const reply = await bridge.call("intent", {seat: 0, intent: {kind: "play", tile: "6-3", arm: "E"}});
//
// The request sent to Python is one flat JSON object, {op, ...payload}; the reply is whatever
// allthrees.app.handle returns, parsed: plain data, including replies with ok: false (a rejected
// move is an answer, not a failure). The promise rejects only when Python raised, or the worker is
// gone (closed, crashed).

export class BridgeError extends Error {
  constructor(message, op) {
    super(message);
    this.name = "BridgeError";
    this.op = op;
  }
}

export class Bridge {
  #worker;
  #nextId = 1;
  #pending = new Map(); // id -> {resolve, reject, op}
  #closed = null; // the BridgeError every later call rejects with

  /** @param {Worker} worker a worker that has finished booting (see boot.js) */
  constructor(worker) {
    this.#worker = worker;
    worker.addEventListener("message", this.#onMessage);
    worker.addEventListener("error", this.#onError);
  }

  /**
   * Send one request to the engine.
   * @param {string} op
   * @param {object} [payload] more fields of the request (plain data)
   * @returns {Promise<object>} the parsed reply
   */
  call(op, payload = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    let request;
    try {
      request = JSON.stringify({ ...payload, op });
    } catch (err) {
      return Promise.reject(new BridgeError(`request ${op} is not plain data: ${err.message}`, op));
    }
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, op });
      this.#worker.postMessage({ type: "call", id, request });
    });
  }

  /** Stop the worker; pending and later calls reject. */
  close(reason = "the engine was closed") {
    if (this.#closed) return;
    this.#closed = new BridgeError(reason);
    this.#worker.removeEventListener("message", this.#onMessage);
    this.#worker.removeEventListener("error", this.#onError);
    this.#worker.terminate();
    for (const { reject, op } of this.#pending.values()) reject(new BridgeError(reason, op));
    this.#pending.clear();
  }

  get closed() {
    return this.#closed !== null;
  }

  #onMessage = (event) => {
    const message = event.data;
    if (message?.type !== "reply") return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if ("error" in message) {
      pending.reject(new BridgeError(`engine error in ${pending.op}: ${message.error}`, pending.op));
      return;
    }
    try {
      pending.resolve(JSON.parse(message.reply));
    } catch (err) {
      pending.reject(new BridgeError(`engine sent a reply that is not JSON: ${err.message}`, pending.op));
    }
  };

  #onError = (event) => {
    this.close(`the engine worker crashed: ${event.message || "unknown error"}`);
  };
}
