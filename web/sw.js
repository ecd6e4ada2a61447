// Service worker: precache the built site so the game loads and plays offline; what is needed
// only on demand (BUILD.onDemand: later/, the install icons, play across devices) is kept the
// first time the page asks for it.
// scripts/build replaces the BUILD line below with the build's hash and file list, so every
// deploy changes this file's bytes (which is how browsers notice an update) and gets a cache of
// its own. A new version waits until the page asks it to take over (between rounds).
const BUILD = { hash: "dev", files: [], onDemand: [] }; // replaced by scripts/build
const PREFIX = "allthrees-";
const CACHE = PREFIX + BUILD.hash;
// not precached: kept at first use
const ON_DEMAND = new Set(BUILD.onDemand.map((f) => new URL(f, self.location).pathname));

/** A path as a URLPattern matches it and nothing else (its special characters escaped). */
const exactly = (pathname) => pathname.replace(/[\\:*?+(){}]/g, "\\$&");

// Where the browser has static routes (Chromium 123+, InstallEvent.addRoutes), every precached
// file, and the page itself when it is asked for as kept, comes straight from this build's cache
// without waking this worker's JavaScript for it: a returning player's page asks for the table's
// modules at once, and each one through the fetch handler below queued on this worker's one
// thread (the kept table was on screen 380 ms after navigation on the 2-core machine, most of it
// waiting for modules). The answer is the same as the handler's: this cache's copy, or the
// network when it has none.
function staticRoutes() {
  const files = BUILD.files.filter((f) => f !== "./");
  const routes = files.map((f) => ({
    condition: { urlPattern: { pathname: exactly(new URL(f, self.location).pathname) }, requestMethod: "GET" },
    source: { cacheName: CACHE },
  }));
  // The page itself, asked for as it is kept (no query string: the fetch handler maps any other
  // to it), so that a returning player's visit need not start this worker at all.
  const page = { pathname: exactly(new URL("./", self.location).pathname), search: "" };
  routes.push({ condition: { urlPattern: page, requestMode: "navigate" }, source: { cacheName: CACHE } });
  return routes;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Revalidated with the server (never a stale HTTP-cache copy, so a cache never mixes two
      // builds), yet a file the page has just downloaded costs a 304, not its bytes again.
      cache.addAll(BUILD.files.map((f) => new Request(f, { cache: "no-cache" }))),
    ),
  );
  if (typeof event.addRoutes === "function") {
    // a browser that refuses the routes still has the fetch handler: offline play is the same
    event.waitUntil(event.addRoutes(staticRoutes()).catch((err) => console.warn("static routes refused:", err)));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Navigations (any query string) get the cached page; everything else by exact path.
      const key = req.mode === "navigate" ? new URL("./", self.location).href : url.origin + url.pathname;
      const hit = await cache.match(key);
      if (hit) return hit;
      const response = await fetch(req);
      // fetched only when first needed (a first visit never pays for it) and kept from then on,
      // in this build's cache, for offline play
      if (ON_DEMAND.has(url.pathname) && response.ok) await cache.put(key, response.clone());
      return response;
    })(),
  );
});
