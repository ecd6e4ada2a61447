// @ts-check
// Trusted Types: the page's CSP says `require-trusted-types-for 'script'; trusted-types allthrees`
// (netlify.toml), so a script URL reaches a sink (new Worker, serviceWorker.register) only through
// this one policy, and the policy lets through only scripts of this site. No HTML or script text
// is ever made from a string (the DOM is built with dom/dom.js's `h`), so the policy has nothing else.
//
//   new Worker(scriptURL(siteURL("js/boot/worker.js")), {type: "module"})

const POLICY = "allthrees";

/** @param {string|URL} url */
function sameOrigin(url) {
  const parsed = new URL(String(url), location.href);
  if (parsed.origin !== location.origin) throw new TypeError(`refused a script from ${parsed.origin}`);
  return parsed.href;
}

// TypeScript's DOM library has no Trusted Types yet (nor sinks that take a TrustedScriptURL, which
// stands for its URL's text): what this module uses of them, typed here.
/** @typedef {{createScriptURL: (url: string) => string}} ScriptURLPolicy */
/** @typedef {{createPolicy: (name: string, rules: ScriptURLPolicy) => ScriptURLPolicy}} TrustedTypes */
const trustedTypes = /** @type {{trustedTypes?: TrustedTypes}} */ (globalThis).trustedTypes;
const policy = trustedTypes?.createPolicy(POLICY, { createScriptURL: sameOrigin }) ?? null;

/**
 * A script URL a sink accepts: a TrustedScriptURL where the browser has Trusted Types.
 * @param {string|URL} url
 */
export function scriptURL(url) {
  return policy ? policy.createScriptURL(String(url)) : sameOrigin(url);
}
