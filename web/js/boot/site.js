// @ts-check
// Where the site's own files are, for what a module asks for at run time (the engine's worker,
// the music, the QR libraries): relative to the page, not to the module, because scripts/build
// bundles the modules (a module's code then runs from js/main.js or a shared chunk, not from its
// own file).
//
//   new Worker(scriptURL(siteURL("js/boot/worker.js")), { type: "module" })

/**
 * The URL of a file of the site, by its path from the site's root (the page's folder).
 * @param {string} path
 */
export const siteURL = (path) => new URL(path, document.baseURI);
