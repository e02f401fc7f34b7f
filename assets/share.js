// Share buttons (student_portal/components/share.py) are WhatsApp links that work without
// script. Where the browser has the Web Share API (phones), a tap opens the system share
// sheet instead, with the page's address and title. Listening on the document in the capture
// phase covers buttons React draws later, without a handler per button.
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
