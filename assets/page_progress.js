/**
 * A signed-in student's page in a document (issue 52), told by the viewer (pdf_viewer.jsx) as one
 * Reflex event, `onPage(collection, record, title, page)` (HistoryState.page_read): the event
 * names its document, so a page kept offline can be sent from any viewer later.
 *
 * Offline (a paper read from a kept copy), the latest page of each document waits in
 * localStorage (PENDING_KEY: closing the tab loses nothing) and is sent once when the connection
 * returns, or when the next viewer opens online; signing out deletes it (offline.js). No JSX.
 */
import { readPending, takePending, writePending } from "./pending_places.js";

export const PENDING_KEY = "history_pending_pages";

// The handler of the last viewer that reports: what sends the waiting pages.
let sender = null;

function flush() {
  if (!sender || navigator.onLine === false) return;
  for (const [collection, record, title, page] of Object.values(takePending(PENDING_KEY))) {
    try {
      sender(String(collection || ""), String(record || ""), String(title || ""), Number(page) || 0);
    } catch (error) {
      console.warn("page", error);
    }
  }
}

if (typeof window !== "undefined") window.addEventListener("online", flush);

/** A viewer that reports pages is open: its handler sends what waits (now, if online). */
export function pageSender(onPage) {
  sender = onPage;
  flush();
}

/** Tell a page reached, or keep it for later when offline. */
export function sendPage(onPage, collection, record, title, page) {
  if (navigator.onLine === false) {
    const kept = readPending(PENDING_KEY);
    kept[`${collection}:${record}`] = [collection, record, title, page];
    writePending(PENDING_KEY, kept);
    return;
  }
  try {
    onPage(collection, record, title, page);
  } catch (error) {
    console.warn("page", error);
  }
}
