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
