// A visit's page, as the load benchmarks read it (scripts/bench_web.py in Chromium,
// scripts/bench_engines.py in WebKit, scripts/bench_firefox.mjs in Firefox): ms from navigation
// to ready (allthrees:ready), to the table drawn (allthrees:table), to the first contentful paint
// where the engine reports one, and whether the page came from the service worker: through its
// fetch handler (workerStart) or, in Chromium, its static routes straight from its cache (the
// worker not started, nothing transferred). One function expression, no module: each reader
// passes it to its driver as a function.
() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    ready: at("allthrees:ready"),
    drawn: at("allthrees:table"),
    painted: at("first-contentful-paint"),
    from_sw: Boolean(navigator.serviceWorker?.controller) && ((nav?.workerStart ?? 0) > 0 || nav?.transferSize === 0),
  };
};
