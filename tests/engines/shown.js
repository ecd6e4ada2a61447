// What a page says to its player, as it changes: every new text of a toast, of the status line
// (the turn, the ends, the clock, how the other devices stand), of "Waking up…", of the loading
// screen's error and of an open modal dialog (not the round panel: the game's own words), in
// order, in `window.__shown`, for a test to read (tests/engines/onlinekit.py looks there for
// alarming words). A toast lasts 3.2 s, so it is caught when it appears, not looked for later.
// Installed before the page's own scripts where the driver can (Chromium's init script, Firefox's
// evaluateOnNewDocument), else at once after the page loads (WebKit under Selenium), which is
// before the table's room is even opened.
(() => {
  if (window.__shown) return;
  const shown = [];
  window.__shown = shown;
  const SAYS = "#toasts .toast, #status, #waking, #boot-error, dialog[open]";
  const said = new WeakMap(); // element -> its text as last kept
  const look = () => {
    for (const el of document.querySelectorAll(SAYS)) {
      if (el.hidden || !el.isConnected) continue;
      const text = (el.innerText ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!text || said.get(el) === text) continue;
      said.set(el, text);
      if (shown.length < 2000) shown.push(text);
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["hidden", "open"],
  });
  look();
})();
