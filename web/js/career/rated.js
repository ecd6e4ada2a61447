// @ts-check
// A rated match between people, at its end, on this device (issue 44; docs/protocol.md "Rated
// results and the daily standings"): this device's part of the result (op rated_part: its seat,
// its own key, its rating before the match, its previous signed result) goes to the table, the
// others' parts come from it; once every person's part is in, this device's Python makes the
// document and its digest (op rated_document), this device signs the digest (BIP-340, its own
// key) and sends its signature; once every person's signature is in, each is verified here
// against its part's key and the same digest, and the result goes to this device's Python (op
// rated_take), which checks every other field against its own entry and career. Anything that
// does not verify, or that Python refuses, changes nothing: the match stays unrated.
//
// A signature that never comes (the other device closed, or refuses to sign its loss) ends the
// exchange SIGN_WAIT_MS after this device's part went out: the entry stays as it was recorded
// ("unsigned", no rating moved, the chain of signed results where it was), anything heard later
// is ignored, and the player is told (`unrated`: "late"; "refused" when a part or a signature did
// not check out). docs/protocol.md "Rated results and the daily standings" says what the other
// device may have counted meanwhile.
//
//   const ex = new RatedExchange({ call, entry, share, career, taken, unrated });
//   await ex.start(entries);   // its own part out
//   ex.heard({seat, part} | {seat, digest, signature});   // the table's, in any order
//
// The key is this device's own (allthrees.ratingkey.v1), never a table's or a room's: the chain
// of a device's signed results is by this key.

import { hex, keyPair, loadCurve, unhex } from "../net/nostrevent.js";
import { keepSecret, keptSecret } from "./ratingkey.js";
import { utcDate } from "./store.js";

/** @typedef {import("../shapes/career.js").CareerEntry} CareerEntry */
/** A device's part of the document (career.signed.part).
 * @typedef {{seat: number, key: string, rating: number, deviation: number, previous: string|null}} Part */
/** A part or a signature, as the table brings it.
 * @typedef {{seat: number, part?: Part, digest?: string, signature?: string}} Shared */
/** The result every person signed: rated_take's `signed`.
 * @typedef {import("../shapes/career.js").SignedResult} Signed */

/** How long this device waits for every other person's part and signature after its own part
 * went out (ms): a minute, as long as a quick match gives a move. */
export const SIGN_WAIT_MS = 60_000;
const PEOPLE = ["you", "friend"]; // the controllers of an entry's seats played by people

/** This device's own signing key for rated results (ratingkey.js): kept once made (none, or an
 * unreadable one: a new key, and the chain starts again; the other devices take a first result). */
export async function ratingKey() {
  const secret = keptSecret();
  const key = await keyPair(secret);
  if (!secret) keepSecret(key.secret);
  return key;
}

/** The page's clock. */
const PAGE_TIMER = {
  set: (/** @type {() => void} */ f, /** @type {number} */ ms) => setTimeout(f, ms),
  clear: (/** @type {unknown} */ t) => clearTimeout(/** @type {number} */ (t)),
};

export class RatedExchange {
  /**
   * @param {object} o
   * @param {(op: string, payload?: Record<string, unknown>) => Promise<any>} o.call this device's engine
   * @param {CareerEntry & {record?: object}} o.entry the match's unsigned entry, with its record
   * @param {(shared: {part?: Part, digest?: string, signature?: string}) => void} o.share to the table
   * @param {() => {entries: CareerEntry[], attempts: object, abandoned: object[]}} o.career the career now
   * @param {(reply: any) => void} o.taken rated_take's reply, once every signature verified and
   *   this device's Python took the result ({entry, career, new_titles})
   * @param {(why: "late"|"refused") => void} [o.unrated] the exchange ended without a result taken:
   *   every signature did not come within `wait` ("late"), or one did not check out ("refused")
   * @param {number} [o.wait] SIGN_WAIT_MS, unless told (a test's)
   * @param {{set: (f: () => void, ms: number) => unknown, clear: (t: unknown) => void}} [o.timer] the clock
   *   (the page's setTimeout, unless told: a test's fake one)
   */
  constructor({ call, entry, share, career, taken, unrated = () => {}, wait = SIGN_WAIT_MS, timer = PAGE_TIMER }) {
    this.call = call;
    this.entry = entry;
    this.share = share;
    this.career = career;
    this.taken = taken;
    this.unrated = unrated;
    this.wait = wait;
    this.timer = timer;
    /** @type {unknown} the wait for every signature, once this device's part went out */
    this.waiting = null;
    /** @type {number[]} the seats played by people, each of which signs */
    this.people = entry.seats.flatMap((c, seat) => (PEOPLE.includes(c) ? [seat] : []));
    /** @type {Map<number, Part>} */
    this.parts = new Map();
    /** @type {Map<number, {digest: string, signature: string}>} */
    this.signatures = new Map();
    /** @type {{document: import("../shapes/career.js").ResultDocument, digest: string}|null} */
    this.made = null;
    /** @type {{secret: string, public: string}|null} */
    this.key = null;
    this.finished = false;
    this.queue = Promise.resolve();
  }

  /** This device's part, made and sent. @param {CareerEntry[]} entries the career before it */
  start(entries) {
    return this.#then(async () => {
      this.key = await ratingKey();
      const reply = await this.call("rated_part", { entries, entry: this.entry, key: this.key.public });
      if (!reply?.ok) return this.#stop("refused");
      this.parts.set(this.entry.you, reply.part);
      this.waiting = this.timer.set(() => this.#then(async () => this.#stop("late")), this.wait);
      this.share({ part: reply.part });
    });
  }

  /** A part or a signature from the table (another seat's: this device's own is its own).
   * @param {Shared} shared */
  heard(shared) {
    return this.#then(async () => {
      const { seat } = shared;
      if (seat === this.entry.you || !this.people.includes(seat)) return;
      if (shared.part && shared.part.seat === seat) this.parts.set(seat, shared.part);
      else if (shared.digest && shared.signature)
        this.signatures.set(seat, { digest: shared.digest, signature: shared.signature });
    });
  }

  /** One step after another, each looking at what is in once it is done. @param {() => Promise<void>} step */
  #then(step) {
    this.queue = this.queue
      .then(step)
      .then(() => this.#next())
      .catch(() => this.#stop("refused"));
    return this.queue;
  }

  async #next() {
    if (this.finished || !this.key) return;
    if (!this.made && this.people.every((s) => this.parts.has(s))) {
      const parts = this.people.map((s) => this.parts.get(s));
      const reply = await this.call("rated_document", { entry: this.entry, parts });
      if (!reply?.ok) return this.#stop("refused");
      this.made = { document: reply.document, digest: reply.digest };
      const curve = await loadCurve();
      const signature = hex(await curve.schnorr.signAsync(unhex(reply.digest), unhex(this.key.secret)));
      this.signatures.set(this.entry.you, { digest: reply.digest, signature });
      this.share({ digest: reply.digest, signature });
    }
    if (this.made && this.people.every((s) => this.signatures.has(s))) {
      const made = this.made;
      const curve = await loadCurve();
      /** @type {Record<string, string>} */
      const signatures = {};
      for (const seat of this.people) {
        const sig = /** @type {{digest: string, signature: string}} */ (this.signatures.get(seat));
        const key = /** @type {Part} */ (this.parts.get(seat)).key;
        const ok =
          sig.digest === made.digest &&
          (await curve.schnorr.verifyAsync(unhex(sig.signature), unhex(made.digest), unhex(key)).catch(() => false));
        if (!ok) return this.#stop("refused"); // a forged or another result's signature: unrated
        signatures[key] = sig.signature;
      }
      this.#done();
      const signed = { document: made.document, digest: made.digest, signatures };
      const { entries, attempts, abandoned } = this.career();
      const reply = await this.call("rated_take", {
        ...{ entries, entry: this.entry, signed, verified: true, key: this.key.public },
        ...{ today: utcDate(), attempts, abandoned },
      });
      if (reply?.ok) this.taken(reply);
      else this.unrated("refused"); // Python refused it: the match stays unrated
    }
  }

  /** The exchange is over: nothing heard from now on changes anything. */
  #done() {
    this.finished = true;
    if (this.waiting !== null) this.timer.clear(this.waiting);
    this.waiting = null;
  }

  /** Over without a result taken (once): the entry stays unsigned, and the player is told.
   * @param {"late"|"refused"} why */
  #stop(why) {
    if (this.finished) return;
    this.#done();
    this.unrated(why);
  }
}
