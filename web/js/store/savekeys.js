// @ts-check
// Keys that never leave the browser: an AES-GCM key that seals the seed inside the save, and an
// HMAC key that signs the save, both made with WebCrypto as non-extractable CryptoKeys and kept
// in IndexedDB. Nothing in a browser is truly secret (the page's own memory is the player's),
// but the hidden tiles do not lie in the open: the stored save holds no seed in clear text, and a
// save edited by hand (a computer's move rewritten, the last moves cut off) fails its signature.
//
//   const saveKeys = await openSaveKeys();   // null where IndexedDB or WebCrypto is unavailable
//   const sealed = await saveKeys.seal(text); await saveKeys.unseal(sealed) === text
//   const sig = await saveKeys.sign(text); await saveKeys.verify(text, sig) === true

/**
 * The seed as sealed: AES-GCM's nonce and cipher text, each in base64.
 * @typedef {{iv: string, data: string}} Sealed
 */

/**
 * Seals and signs saves with keys that never leave the browser.
 * @typedef {Object} SaveKeys
 * @property {(text: string) => Promise<Sealed>} seal
 * @property {(sealed: Sealed) => Promise<string>} unseal rejects when the key cannot open it
 * @property {(text: string) => Promise<string>} sign the signature in base64
 * @property {(text: string, sig: string) => Promise<boolean>} verify
 */

/** @typedef {{seal: CryptoKey, sign: CryptoKey}} KeyPair */

const DB = "allthrees";
const STORE = "keys";
const KEY_ID = "save-keys-1";

/**
 * @template T
 * @param {IDBRequest<T>} req
 * @returns {Promise<T>}
 */
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function database() {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/** @returns {Promise<KeyPair>} */
async function keys() {
  const db = await database();
  try {
    const stored = await request(db.transaction(STORE).objectStore(STORE).get(KEY_ID));
    if (stored?.seal && stored?.sign) return stored;
    const made = {
      seal: await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
      sign: await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
    // another tab may have made its keys meanwhile: the first ones written win
    const tx = db.transaction(STORE, "readwrite");
    const existing = await request(tx.objectStore(STORE).get(KEY_ID));
    if (existing?.seal && existing?.sign) return existing;
    await request(tx.objectStore(STORE).put(made, KEY_ID));
    return made;
  } finally {
    db.close();
  }
}

/** @param {ArrayBuffer|Uint8Array} bytes */
const toB64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
/** @param {string} text */
const fromB64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const utf8 = new TextEncoder();

/**
 * The saveKeys, or null where the browser cannot keep keys (then saves are stored plain).
 * @returns {Promise<SaveKeys|null>}
 */
export async function openSaveKeys() {
  if (!globalThis.crypto?.subtle || !globalThis.indexedDB) return null;
  let k;
  try {
    k = await keys();
  } catch (err) {
    console.warn(`All Threes: no key store (${err instanceof Error ? err.message : err}); saves are kept unsealed`);
    return null;
  }
  return {
    async seal(text) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, k.seal, utf8.encode(text));
      return { iv: toB64(iv), data: toB64(data) };
    },
    async unseal(sealed) {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromB64(sealed.iv) },
        k.seal,
        fromB64(sealed.data),
      );
      return new TextDecoder().decode(plain);
    },
    async sign(text) {
      return toB64(await crypto.subtle.sign("HMAC", k.sign, utf8.encode(text)));
    },
    async verify(text, sig) {
      try {
        return await crypto.subtle.verify("HMAC", k.sign, fromB64(sig), utf8.encode(text));
      } catch {
        return false;
      }
    },
  };
}
