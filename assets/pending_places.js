/**
 * A signed-in student's places made offline (issue 52): kept in localStorage under one key per
 * kind (a recording's second: watch_progress.js; a document's page: page_progress.js), the
 * latest of each thing, until the connection returns and they are sent once. Signing out
 * deletes them (offline.js's forgetSignedIn). No JSX.
 */

export function readPending(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

export function writePending(key, kept) {
  try {
    if (Object.keys(kept).length) localStorage.setItem(key, JSON.stringify(kept));
    else localStorage.removeItem(key);
  } catch {
    // storage full or refused: the place is lost, the page goes on
  }
}

/** What is waiting under `key`, taken (each place is sent once). */
export function takePending(key) {
  const kept = readPending(key);
  writePending(key, {});
  return kept;
}
