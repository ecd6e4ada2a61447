// @ts-check
// Your career on every device, with no server: two of one's own devices pair as a friend's
// table does (an invite and an answer, by link, QR code or text code: net/peer.js), each sends
// the other what its career keeps (net/pairing.js), and each device's Python merges the two
// (op "career_merge": entries by id, whole matches, the daily's attempts; every entry checked and
// every kept match replayed; the figures and trophies worked out again), so both end with the
// same career. The person sees what the merge gives and confirms on each device; what it replaces
// is kept as a backup, as an import's is (store.js), and the page starts again from it.
//
// The match in progress is no part of it (its seed is sealed to this browser: transfer.js). A
// device keeps the tile design and felt it chose and takes the other's only where it chose none; a
// design the other device's trophies unlock is unlocked here too, by the trophies.

import { T } from "../i18n/strings.js";
import { answerLink, pairLink, parseLink, readPasted } from "../net/codes.js";
import { listenForAnswers, netErrorWords } from "../net/handoff.js";
import { exchangeCareers, PairError } from "../net/pairing.js";
import { answerInvite, createInvite } from "../net/peer.js";
import { PairDialog } from "../ui/dialogs/pair.js";
import { DESIGN_PREFS, utcDate } from "./store.js";

/** @typedef {import("../store/storage.js").Prefs} Prefs */
/** @typedef {import("../shapes/career.js").KeptCareer} KeptCareer */
/**
 * A channel to the other device (net/peer.js's).
 * @typedef {Awaited<Awaited<ReturnType<typeof answerInvite>>["channel"]>} Channel
 */

function pairId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `pair-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Pair this device with another and merge the careers.
 * @param {object} o
 * @param {import("./store.js").Career} o.career
 * @param {Prefs} o.prefs the page's preferences (the designs chosen are read and, where unset, filled)
 * @param {import("./flow.js").EngineCall} o.call this device's engine
 * @param {HTMLElement} o.root
 * @param {string} o.site this page's address, for the links
 * @param {RTCIceServer[]} [o.iceServers]
 * @param {string|null} [o.given] an invite from a #pair= link
 * @param {(prefs: Partial<Prefs>) => void} o.applyPrefs
 * @param {(video: HTMLVideoElement, signal: AbortSignal) => Promise<string>} [o.scan]
 * @returns {Promise<boolean>} whether the career was replaced by the merge (the page starts again)
 */
export async function pairDevices({ career, prefs, call, root, site, iceServers, given = null, applyPrefs, scan }) {
  const dialog = new PairDialog(root);
  const id = pairId();
  /** @type {Awaited<ReturnType<typeof createInvite>>|null} this device's invite */
  let offer = null;
  /** @type {Awaited<ReturnType<typeof answerInvite>>|null} this device's answer to the other's invite */
  let answered = null;
  let stopListening = () => {};
  /** @type {(channel: Channel) => void} */
  let connected = () => {};
  /** @type {Promise<Channel>} */
  const channel = new Promise((resolve) => {
    connected = resolve;
  });

  /** @param {string} text the answer pasted, or its link @returns {Promise<string|null>} what is wrong */
  const takeAnswer = async (text) => {
    if (!offer) return T.invite.preparing;
    try {
      const answer = await readPasted(text, "answer");
      if (answer.meta?.table !== id) return T.netTable.otherTable;
      dialog.status(T.pair.connecting);
      connected(await offer.accept(parseLink(text).code));
      return null;
    } catch (error) {
      return netErrorWords(error);
    }
  };
  /** @param {string} text the other's invite @returns {Promise<string|null>} what is wrong */
  const takeInvite = async (text) => {
    let invite;
    try {
      invite = await readPasted(text, "invite");
    } catch (error) {
      return netErrorWords(error);
    }
    const other = invite.meta?.pair;
    if (typeof other !== "string" || !other) return T.pair.notPairing;
    try {
      answered = await answerInvite(parseLink(text).code, { iceServers, meta: { table: other, pair: true } });
    } catch (error) {
      return netErrorWords(error);
    }
    offer?.cancel();
    offer = null;
    stopListening();
    dialog.showAnswer({ link: answerLink(site, answered.answerCode), code: answered.answerCode });
    answered.channel.then(connected, (error) => dialog.done(netErrorWords(error)));
    return null;
  };

  const closed = dialog.open({ answer: takeAnswer, join: takeInvite, scan, given });
  if (!given) {
    try {
      offer = await createInvite({ iceServers, meta: { pair: id, table: id } });
      dialog.offer({ link: pairLink(site, offer.code), code: offer.code });
      // the other device's answer link opened in a tab here comes to this dialog (handoff.js)
      stopListening = listenForAnswers(id, async (/** @type {string} */ code) => (await takeAnswer(code)) === null);
    } catch (error) {
      if (!answered) dialog.status(netErrorWords(error));
    }
  }
  const end = () => {
    stopListening();
    offer?.cancel();
    answered?.cancel();
  };
  const first = await Promise.race([closed, channel]);
  if (first === "closed") {
    end();
    return false;
  }
  const open = first;
  stopListening();
  try {
    return await merge({ open, dialog, closed, career, prefs, call, applyPrefs });
  } finally {
    open.close();
    end();
  }
}

/**
 * Both careers across the open channel, Python's merge, the person's yes, then the writing.
 * @param {object} o
 * @param {Channel} o.open the channel to the other device
 * @param {PairDialog} o.dialog
 * @param {Promise<string>} o.closed resolves ("closed") when the person closes the dialog
 * @param {import("./store.js").Career} o.career
 * @param {Prefs} o.prefs
 * @param {import("./flow.js").EngineCall} o.call
 * @param {(prefs: Partial<Prefs>) => void} o.applyPrefs
 */
async function merge({ open, dialog, closed, career, prefs, call, applyPrefs }) {
  dialog.status(T.pair.crossing);
  /** @type {KeptCareer} */
  const mine = {
    ...career.exportable(),
    prefs: Object.fromEntries(DESIGN_PREFS.filter((k) => prefs[k] !== undefined).map((k) => [k, prefs[k]])),
  };
  const crossing = exchangeCareers(open, mine);
  crossing.catch(() => {}); // the person may close the dialog first
  let theirs;
  try {
    theirs = await Promise.race([crossing, closed]);
  } catch (error) {
    const failed = /** @type {Record<string, string|undefined>} */ (T.pair.failed);
    dialog.done(failed[error instanceof PairError ? error.code : "damaged"] ?? T.pair.failed.damaged);
    return false;
  }
  if (theirs === "closed") return false;
  dialog.status(T.pair.checking);
  /** @type {import("./sync.js").MergeReply|{ok: false}|null} */
  const reply = await call("career_merge", { mine, theirs, today: utcDate() });
  if (!reply?.ok) {
    dialog.done(T.pair.failed.damaged);
    return false;
  }
  const { merged, counts } = reply;
  const there = Array.isArray(theirs.entries) ? theirs.entries.length : 0;
  const lines = [T.pair.counts(mine.entries.length, there, counts.entries, counts.added, counts.history)];
  if (counts.damaged) lines.push(T.pair.damaged(counts.damaged));
  lines.push(T.pair.backupNote);
  if (!(await dialog.confirm(lines))) return false;
  const written = career.replace({
    entries: merged.entries,
    daily: merged.daily,
    history: merged.history,
    abandoned: merged.abandoned,
  });
  if (written !== "replaced") {
    dialog.done(T.pair.writeFailed);
    return false;
  }
  const unset = DESIGN_PREFS.filter((k) => prefs[k] === undefined && merged.prefs?.[k] !== undefined);
  if (unset.length) applyPrefs(Object.fromEntries(unset.map((k) => [k, merged.prefs[k]])));
  dialog.done(T.pair.merged(merged.entries.length));
  await closed; // the person reads it and closes; the page then starts again from the merged career
  return true;
}
