// @ts-check
// Request/reply over postMessage with the engine worker (see worker.js for the message shapes).
//
//   const reply = await bridge.call("ping");            // -> {ok: true, version: "0.1.0"}
//   const reply = await bridge.call("intent", {seat: 0, intent: {kind: "play", tile: "6-3", arm: "E"}});
//
// The request sent to Python is one flat JSON object, {op, ...payload}; the reply is whatever
// allthrees.app.handle returns, parsed: plain data, including replies with ok: false (a rejected
// move is an answer, not a failure). The promise rejects only when Python raised, or the worker is
// gone (closed, crashed).

/** @typedef {import("../shapes/engine.js").FromWorker} FromWorker */

export class BridgeError extends Error {
  /** @param {string} message @param {string} [op] the request's op */
  constructor(message, op) {
    super(message);
    this.name = "BridgeError";
    this.op = op;
  }
}

export class Bridge {
  #worker;
  #nextId = 1;
  /** @type {Map<number, {resolve: (reply: any) => void, reject: (error: BridgeError) => void, op: string}>} */
  #pending = new Map(); // id -> the call waiting for its reply
  /** @type {BridgeError|null} */
  #closed = null; // the BridgeError every later call rejects with

  /** @param {Worker} worker a worker that has finished booting (see boot.js) */
  constructor(worker) {
    this.#worker = worker;
    worker.addEventListener("message", this.#onMessage);
    worker.addEventListener("error", this.#onError);
  }

  /**
   * Send one request to the engine. The reply is Python's JSON, whatever the op makes it (its
   * shapes: web/js/shapes/), typed by whoever asks.
   * @param {string} op
   * @param {Record<string, unknown>} [payload] more fields of the request (plain data)
   * @returns {Promise<any>} the parsed reply
   */
  call(op, payload = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    let request;
    try {
      request = JSON.stringify({ ...payload, op });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return Promise.reject(new BridgeError(`request ${op} is not plain data: ${why}`, op));
    }
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, op });
      /** @type {import("../shapes/engine.js").WorkerCall} */
      const call = { type: "call", id, request };
      this.#worker.postMessage(call);
    });
  }

  /**
   * Stop the worker; pending and later calls reject.
   * @param {string} [reason]
   */
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

  /** @param {MessageEvent<FromWorker>} event */
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
      const why = err instanceof Error ? err.message : String(err);
      pending.reject(new BridgeError(`engine sent a reply that is not JSON: ${why}`, pending.op));
    }
  };

  /** @param {ErrorEvent} event */
  #onError = (event) => {
    this.close(`the engine worker crashed: ${event.message || "unknown error"}`);
  };
}
