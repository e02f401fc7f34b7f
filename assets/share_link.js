/**
 * The WhatsApp address of a Share button (student_portal/components/share.py), made in the
 * browser from the title and address the card already has: a list's rows then do not each carry
 * a percent-encoded copy of both over the websocket (a Sinhala title costs 9 bytes a letter).
 */

// A lone half of a surrogate pair (broken text from the backend) would make encodeURIComponent
// throw and take the card down with it; it becomes U+FFFD instead.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// `title` on one line, at most `limit` letters (whole code points: never half an emoji), cut at
// the last word that fits when one ends past the middle, then "…".
function clip(title, limit) {
  const line = String(title ?? "").replace(/\s+/g, " ").trim();
  const letters = Array.from(line);
  if (letters.length <= limit) return line;
  let cut = letters.slice(0, limit - 1).join("");
  const space = cut.lastIndexOf(" ");
  if (space >= limit / 2) cut = cut.slice(0, space);
  return cut.replace(/[ ,;:.-]+$/, "") + "\u2026";
}

/** `base` + the title and address, percent-encoded; "" when there is no address to share. */
export function whatsappLink(base, title, url, limit) {
  if (!url) return "";
  const text = `${clip(title, limit)} ${url}`.trim().replace(LONE_SURROGATE, "\uFFFD");
  return base + encodeURIComponent(text);
}

// A tap on a Share button opens the system share sheet where the browser has the Web Share API
// (phones); elsewhere the WhatsApp link above does its job, without script. Here rather than in a
// file of its own: this module comes with every page that draws a Share button, and a separate
// script was one more request (queued behind the page's bundle on slow mobile data). One listener
// on the document, in the capture phase, covers buttons React draws later (none while the build
// prerenders the pages: no document there).
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-share-url]") : null;
      if (!link || typeof navigator.share !== "function") return;
      const data = { title: link.dataset.shareTitle || document.title, url: link.dataset.shareUrl };
      if (typeof navigator.canShare === "function" && !navigator.canShare(data)) return;
      event.preventDefault();
      navigator.share(data).catch(() => {
        // Dismissed by the person, or refused: nothing to do; the link stays for another try.
      });
    },
    true,
  );
}
