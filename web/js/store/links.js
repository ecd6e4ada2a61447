// @ts-check
// Links that start a game: the page's query parameters, handed to Python as they are (Python
// checks them and says what is wrong: see allthrees/links.py parse_link and the README,
// "Links"). Once read they leave the address bar, so a reload resumes the match instead of
// starting the link's game again.

/** The query's parameters as a plain object of texts (the last of a repeated name wins). */
export function linkParams(search = location.search) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] = value;
  return out;
}

/** Take the query out of the address bar (history stays as it was). */
export function clearLink() {
  if (!location.search) return;
  history.replaceState(history.state, "", `${location.pathname}${location.hash}`);
}
