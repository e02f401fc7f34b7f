// Links to one card of a list page (a search hit: /jobs#job-<id>) name an element that the page
// draws only after its content arrives over the websocket, so the browser's own jump to the
// fragment finds nothing, and client-side navigation never jumps at all. Watch the page until
// the named element exists, then bring it into view and focus it (so a screen reader starts
// there): once per address, and only for a few seconds, so a late list never yanks a visitor
// who has started reading elsewhere.
// Bundled (components/root_scripts.py): not while the build prerenders the pages (no document).
(() => {
  if (typeof document === "undefined") return;
  const GIVE_UP_MS = 8000;
  let address = "";
  let since = 0;
  let done = false;
  const bringIntoView = () => {
    if (location.hash.length < 2) return;
    const current = location.pathname + location.search + location.hash;
    if (current !== address) {
      address = current;
      since = performance.now();
      done = false;
    }
    if (done || performance.now() - since > GIVE_UP_MS) return;
    let target = null;
    try {
      target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch {
      done = true; // a malformed fragment names nothing
      return;
    }
    // Only the cards that links name (data-linked-card): other fragments, such as the skip
    // link's #main, are the browser's own business.
    if (!target || !target.hasAttribute("data-linked-card")) return;
    done = true;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
  new MutationObserver(bringIntoView).observe(document.documentElement, { childList: true, subtree: true });
  addEventListener("hashchange", bringIntoView);
  bringIntoView();
})();
