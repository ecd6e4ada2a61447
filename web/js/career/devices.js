// @ts-check
// The devices this one is paired with (career/sync.js merges the careers whenever both are open),
// kept under a versioned key of its own:
//
//   allthrees.devices.v1 = {version: 1, paired: [{room, key, peer, label, since, last}]}
//     room   the pairing's secret (64 hex digits): the two devices' room on the relays
//     key    this device's secret key in that room (64 hex digits)
//     peer   the other device's public key there (64 hex digits; null until it has answered)
//     label  what the other device called itself ("Android · Chrome"), shown in the list
//     since  the day it was paired; last: the day the careers last crossed (null: not yet)
//
// What cannot be read is kept aside (`<key>.unreadable`) and never written over, as the career's
// own store does.

import { read, write } from "../store/storage.js";

export const DEVICES_KEY = "allthrees.devices.v1";
const VERSION = 1;
/** At most this many paired devices (each a room the page listens in while it is open). */
export const MOST_PAIRED = 8;
const HEX64 = /^[0-9a-f]{64}$/;
const LABEL_MOST = 60;

/**
 * A device paired with this one (see the top of this module for each field).
 * @typedef {{room: string, key: string, peer: string|null, label: string, since: string, last: string|null}} Pairing
 */

/**
 * @param {any} p a stored pairing, unchecked
 * @returns {p is Pairing}
 */
const isPairing = (p) =>
  p &&
  typeof p === "object" &&
  HEX64.test(p.room) &&
  HEX64.test(p.key) &&
  (p.peer === null || HEX64.test(p.peer)) &&
  typeof p.label === "string" &&
  p.label.length <= LABEL_MOST;

/**
 * This device as the other sees it in its list: its system and browser, in a few words.
 * @param {string} [ua]
 */
export function deviceLabel(ua = navigator.userAgent) {
  /** @type {[RegExp, string][]} */
  const systems = [
    [/Android/, "Android"],
    [/iPhone|iPad|iPod/, "iOS"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ];
  const system = systems.find(([re]) => re.test(ua))?.[1] ?? "";
  /** @type {[RegExp, string][]} */
  const browsers = [
    [/Edg\//, "Edge"],
    [/Firefox\//, "Firefox"],
    [/Chrom(e|ium)\//, "Chrome"],
    [/Safari\//, "Safari"],
  ];
  const browser = browsers.find(([re]) => re.test(ua))?.[1] ?? "";
  return [system, browser].filter(Boolean).join(" · ").slice(0, LABEL_MOST) || "?";
}

export class PairedDevices {
  constructor() {
    this.writable = true;
    /** @type {Pairing[]} */
    this.list = [];
    const raw = read(DEVICES_KEY);
    if (raw === null) return;
    try {
      const data = JSON.parse(raw);
      if (data?.version !== VERSION || !Array.isArray(data.paired)) throw new Error("not this version");
      this.list = data.paired.filter(isPairing).slice(0, MOST_PAIRED);
    } catch {
      const aside = `${DEVICES_KEY}.unreadable`;
      const kept = read(aside);
      this.writable = kept === raw || (kept === null && write(aside, raw) === true);
    }
  }

  #save() {
    if (!this.writable) return false;
    return write(DEVICES_KEY, JSON.stringify({ version: VERSION, paired: this.list })) === true;
  }

  get full() {
    return this.list.length >= MOST_PAIRED;
  }

  /** @param {string} room */
  find(room) {
    return this.list.find((p) => p.room === room) ?? null;
  }

  /**
   * A pairing begun here (the other device has not answered yet: no peer) or taken from a link.
   * @param {{room: string, key: string, peer?: string|null, label?: string}} pairing
   * @returns {Pairing|null}
   */
  add({ room, key, peer = null, label = "" }) {
    const pairing = { room, key, peer, label: String(label).slice(0, LABEL_MOST), since: today(), last: null };
    if (!isPairing(pairing) || this.find(room) || this.full) return null;
    this.list.push(pairing);
    return this.#save() ? pairing : null;
  }

  /**
   * The other device answered (its key, its label), or the careers crossed today.
   * @param {string} room @param {Partial<Pairing>} changes
   */
  update(room, changes) {
    const pairing = this.find(room);
    if (!pairing) return;
    Object.assign(pairing, changes);
    if (typeof pairing.label !== "string") pairing.label = "";
    pairing.label = pairing.label.slice(0, LABEL_MOST);
    this.#save();
  }

  /** @param {string} room */
  forget(room) {
    this.list = this.list.filter((p) => p.room !== room);
    this.#save();
  }
}

const today = () => new Date().toISOString().slice(0, 10);
