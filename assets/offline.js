// Offline support in the page, bundled with every page by Vite (so its name carries its content's
// hash like the rest of the build: a new deploy never runs this file from an older build).
// student_portal/components/offline.py renders <OfflineSupport/> in the common layout.
//
// - registers the service worker (sw.js) once the page has settled;
// - keeps a copy of each visited page as the student saw it, shown offline with its time;
// - keeps files offline on request ("Keep offline": keep / kept / remove);
// - forgetSignedIn (called by the site's logout) deletes copies of pages seen while signed in
//   and kept protected files; so does every page, and a change in another tab, once this
//   browser holds no sign-in (the site signed the student out itself: an expired or rejected
//   token), since those copies belong to a sign-in.
// A page copy is the page's HTML without scripts, frames, dialogs or tokenised addresses, with a
// banner saying when it was saved; it is served under a policy that runs no script.
import { useEffect } from "react";
import { formatDate } from "./date_style.js";

export const PAGES = "sp-pages";
export const KEPT = "sp-kept-files";
export const KEPT_CHANGED = "sp-kept-files";
const MAX_PAGES = 40;
const NOT_COPIED = ["/login", "/saved"]; // /saved works offline as itself (sw.js)
const AUTH_KEY = "pocketbase_auth";
const SETTLE_MS = 1500;
const COPY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
  "script-src 'none'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'";

const hasCaches = () => typeof window !== "undefined" && "caches" in window;

function signedIn() {
  try {
    return !!JSON.parse(localStorage.getItem(AUTH_KEY) || "null")?.token;
  } catch {
    return false;
  }
}

export function pageKey(href) {
  const u = new URL(href, location.href);
  return u.origin + (u.pathname.replace(/\/+$/, "") || "/") + u.search;
}

export function withoutToken(href) {
  const u = new URL(href, location.href);
  u.searchParams.delete("token");
  u.searchParams.delete("download");
  return u.href;
}

function pageCopy(savedAt) {
  const html = document.documentElement.cloneNode(true);
  html
    .querySelectorAll('script, iframe, dialog, noscript, link[rel="modulepreload"], template#hydration-preloads, [data-testid="pdf-viewer"]')
    .forEach((node) => node.remove());
  html.querySelectorAll('[src*="token="], [href*="token="]').forEach((node) => node.remove());
  const banner = document.createElement("p");
  banner.setAttribute("role", "status");
  banner.dataset.testid = "offline-copy";
  banner.setAttribute(
    "style",
    "margin:0;padding:.75rem 1rem;background:#fef3c7;color:#78350f;font-weight:600;text-align:center",
  );
  // In the site's date style and the page's language, from the names the page came with
  // (assets/date_style.js): no Intl, whose first use loads the locale's data (12-38 ms of main
  // thread here, x4 on a slow phone) and which has no Sinhala in Chromium.
  const time = document.createElement("time");
  time.dateTime = savedAt.toISOString();
  time.textContent = savedAtNames ? formatDate(savedAtNames.moment, savedAt, savedAtNames) : savedAt.toISOString();
  const [before, after] = copyBanner.split("{time}");
  banner.append(before, time, after ?? "");
  html.querySelector("body")?.prepend(banner);
  return "<!DOCTYPE html>\n" + html.outerHTML;
}

// The copy's banner in the page's language (OfflineSupport's props, from the page's catalog and
// CLDR names).
let copyBanner = "You are offline. This is the page as you last saw it on {time}.";
let savedAtNames = null;
let settling = null;
// A slideshow turning its slides is not new content (the home page's turn every 3 s, and each
// turn copied the whole page again): a change inside a carousel or slide the last copy already
// had asks for no new copy. Carousels and slides are named by aria-roledescription.
const SLIDESHOW = "[aria-roledescription]";
let copiedShows = new WeakSet();
function copyPage() {
  settling = null;
  if (!navigator.onLine || NOT_COPIED.includes(location.pathname.replace(/\/+$/, ""))) return;
  const main = document.querySelector("main");
  // Only a page that shows its content: not while it is still loading, not an empty shell.
  if (!main || main.querySelector('[aria-busy="true"], [data-loading="true"]')) return;
  const savedAt = new Date();
  const response = new Response(pageCopy(savedAt), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": COPY_POLICY,
      "x-saved-at": savedAt.toISOString(),
      "x-signed-in": signedIn() ? "1" : "0",
    },
  });
  copiedShows = new WeakSet(document.querySelectorAll(SLIDESHOW));
  const key = pageKey(location.href);
  caches
    .open(PAGES)
    .then(async (cache) => {
      await cache.put(key, response); // replaces and moves it last: the oldest copies go first
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((k) => cache.delete(k)));
    })
    .catch(() => {});
}

// The worker is registered once the page has settled (its data in), not at load: its precache
// (the app shell, some 40-50 KB) then never competes with the page's own content on slow 4G.
// A page that never settles (something keeps changing) registers it after WORKER_LATEST_MS.
const WORKER_LATEST_MS = 10000;
let workerAsked = false;

function registerWorker() {
  if (workerAsked || !("serviceWorker" in navigator)) return;
  workerAsked = true;
  // Ask for a new deploy's worker on every visit (the browser's own check may come later): it
  // installs beside the running one and takes over once no tab runs the old build.
  navigator.serviceWorker
    .register("/sw.js")
    .then((registration) => registration.active && registration.update())
    .catch(() => {});
}

function settled() {
  registerWorker();
  forgetWhenSignedOut();
  copyPage();
}

function copyWhenSettled() {
  clearTimeout(settling);
  settling = setTimeout(settled, SETTLE_MS);
}

function inCopiedShow(record) {
  const node = record.target instanceof Element ? record.target : record.target.parentElement;
  const show = node?.closest(SLIDESHOW);
  return Boolean(show && copiedShows.has(show));
}

function copyWhenChanged(records) {
  if (!records.every(inCopiedShow)) copyWhenSettled();
}

// The viewer's bytes, not a second download: a protected file's token may have expired since.
export async function keep(url, bytes, meta) {
  const body = new Blob([bytes], { type: "application/pdf" });
  const cache = await caches.open(KEPT);
  await cache.put(
    withoutToken(url),
    new Response(body, {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(body.size),
        "x-title": encodeURIComponent(meta?.title || ""),
        "x-protected": meta?.protected ? "1" : "0",
        "x-kept-at": new Date().toISOString(),
      },
    }),
  );
  dispatchEvent(new Event(KEPT_CHANGED));
}

export async function isKept(url) {
  if (!hasCaches() || !url) return false;
  return !!(await (await caches.open(KEPT)).match(withoutToken(url)));
}

export async function kept() {
  if (!hasCaches()) return [];
  const cache = await caches.open(KEPT);
  const files = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = await cache.match(request);
      return {
        url: request.url,
        title: decodeURIComponent(response?.headers.get("x-title") || ""),
        size: Number(response?.headers.get("content-length") || 0),
        keptAt: response?.headers.get("x-kept-at") || "",
        protected: response?.headers.get("x-protected") === "1",
      };
    }),
  );
  return files.sort((a, b) => (a.keptAt < b.keptAt ? 1 : -1));
}

export async function remove(url) {
  await (await caches.open(KEPT)).delete(withoutToken(url));
  dispatchEvent(new Event(KEPT_CHANGED));
}

async function deleteWhere(cacheName, header) {
  const cache = await caches.open(cacheName);
  let deleted = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response?.headers.get(header) === "1") deleted += (await cache.delete(request)) ? 1 : 0;
  }
  return deleted;
}

async function forgetSignedInCopies() {
  if (!hasCaches()) return;
  await deleteWhere(PAGES, "x-signed-in");
  if (await deleteWhere(KEPT, "x-protected")) dispatchEvent(new Event(KEPT_CHANGED));
}

export async function forgetSignedIn() {
  clearTimeout(settling);
  try {
    // A signed-out student's unsent places (watch_progress.js, page_progress.js).
    localStorage.removeItem("history_pending");
    localStorage.removeItem("history_pending_pages");
  } catch {
    // no storage: nothing kept
  }
  if (!hasCaches()) return;
  await deleteWhere(PAGES, "x-signed-in");
  await deleteWhere(KEPT, "x-protected");
  dispatchEvent(new Event(KEPT_CHANGED));
}

// Signed out without the Logout button: the copies go all the same.
function forgetWhenSignedOut() {
  if (!signedIn()) forgetSignedInCopies().catch(() => {});
}

let started = false;
function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  // For the server's logout (rx.call_script evaluates in the page, outside this module).
  window.studentPortalOffline = { keep, kept, remove, forgetSignedIn };
  forgetWhenSignedOut();
  addEventListener("storage", (event) => {
    if (event.key === AUTH_KEY || event.key === null) forgetWhenSignedOut();
  });
  // A page still running an older build asks for a chunk the new deploy removed: load the page
  // again (Vite's documented recovery), once, rather than leave a half-working page. Only then:
  // a chunk that failed because the connection dropped is its importer's to show (the
  // calendar's message, a video's picture), and a reload would lose the page. So the importer
  // gets the error, and the page reloads once the server says the chunk is gone (404).
  addEventListener("vite:preloadError", (event) => {
    const reloaded = () => sessionStorage.getItem("sp-reloaded") === location.href;
    const chunk = String(event.payload?.message ?? "").match(/https?:\/\/\S+/)?.[0];
    if (!chunk || !navigator.onLine || reloaded()) return;
    fetch(chunk, { method: "HEAD", cache: "no-store" })
      .then((response) => {
        if (response.status !== 404 || reloaded()) return;
        sessionStorage.setItem("sp-reloaded", location.href);
        location.reload();
      })
      .catch(() => {}); // the server is out of reach: nothing a reload would mend
  });
  const onLoad = () => {
    setTimeout(registerWorker, WORKER_LATEST_MS);
    if (!hasCaches()) return;
    // Content arrives over the websocket after load: copy once the page stops changing.
    new MutationObserver(copyWhenChanged).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    copyWhenSettled();
  };
  if (document.readyState === "complete") onLoad();
  else addEventListener("load", onLoad, { once: true });
}

export default function OfflineSupport({ copyBanner: text, savedAt }) {
  if (text) copyBanner = text;
  if (savedAt) savedAtNames = savedAt;
  useEffect(start, []);
  return null;
}
