/* The site's service worker, written with Workbox (workbox-sw, served from our own origin).
 *
 * tools/build_service_worker.mjs runs after each production build: it copies Workbox's runtime
 * next to this file, puts the app shell's precache list in place of the manifest below (content-hashed
 * files, so a new deploy precaches only what changed) and the Workbox folder in place of
 * __WORKBOX_DIR__.
 *
 * What is cached, and what never is:
 * - the app shell (precached) and every other /assets/* file once used (cache-first: their names
 *   change with their content), so a repeat visit downloads no unchanged JS or CSS;
 * - public files served from our origin (/files/...), cache-first, capped;
 * - pages: never cached by the worker. Offline, a page the student visited is answered with the
 *   copy offline.js kept of what they saw (labelled with its time), else the offline page of the
 *   address's language; /saved
 *   is precached as the live page, whose kept files open without the server;
 * - files the student chose to "Keep offline" are read from their own cache, never written here;
 * - never: /_event, sign-in, addresses with a ?token=, other origins.
 * A new worker waits until no tab uses the old one (Workbox's default), so a page never mixes
 * assets of two builds; the next visit runs on the new one.
 */
/* global workbox */
importScripts("/__WORKBOX_DIR__/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "/__WORKBOX_DIR__/", debug: false });

const { precaching, routing, strategies, expiration, cacheableResponse } = workbox;

// The offline page in the language of the address it stands in for (student_portal/build/offline_page.py).
const OFFLINE_PAGES = { si: "/si/offline.html", ta: "/ta/offline.html" };
const offlinePage = (url) => OFFLINE_PAGES[url.pathname.split("/")[1]] || "/offline.html";
const SAVED = "/saved";
const SAVED_PAGE = "/saved.html";
const PAGES = "sp-pages"; // copies of visited pages (offline.js writes them)
const KEPT = "sp-kept-files"; // files kept offline on the student's request (offline.js)
const FILE_PATH = /^\/files\//; // PocketBase's files, through the site (file_proxy.py)

// The first visit's page is taken over as soon as the worker runs, so the files it loads next
// (a pdf.js preview before a Keep offline) are cached too. A new worker still waits for the old
// one's pages to close (no skipWaiting): a running page never loses the build it started with.
workbox.core.clientsClaim();
precaching.cleanupOutdatedCaches();
precaching.precacheAndRoute(self.__WB_MANIFEST || []);

const sameOrigin = (url) => url.origin === self.location.origin;
const withoutToken = (url) => {
  const clean = new URL(url);
  clean.searchParams.delete("token");
  clean.searchParams.delete("download");
  return clean.href;
};
const pageKey = (url) => {
  const u = new URL(url);
  return u.origin + (u.pathname.replace(/\/+$/, "") || "/") + u.search;
};

// Public files from our own origin (images, paper PDFs): cache-first, capped at 80 files of at
// most 5 MB each (a bigger one is served, not stored), the least recently used going first. A
// tokenised (protected) address is never cached.
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const notTooBig = {
  cacheWillUpdate: async ({ response }) =>
    Number(response.headers.get("content-length") || 0) > MAX_FILE_BYTES ? null : response,
};
const publicFiles = new strategies.CacheFirst({
  cacheName: "sp-files",
  plugins: [
    new cacheableResponse.CacheableResponsePlugin({ statuses: [200] }),
    notTooBig,
    new expiration.ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});

// A file: the student's kept copy first (keyed without the token), then the public cache, then
// the network; a tokenised address goes to the network only, and is stored nowhere.
routing.registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === "GET" && FILE_PATH.test(url.pathname),
  async (options) => {
    const { request, url } = options;
    const kept = await caches.open(KEPT).then((cache) => cache.match(withoutToken(url.href)));
    if (kept) return kept;
    return url.searchParams.has("token") ? fetch(request) : publicFiles.handle(options);
  },
);

// Built assets (content-hashed names): cache-first.
routing.registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === "GET" && url.pathname.startsWith("/assets/"),
  new strategies.CacheFirst({
    cacheName: "sp-assets",
    plugins: [
      new cacheableResponse.CacheableResponsePlugin({ statuses: [200] }),
      new expiration.ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Pages: always from the network; offline, the student's copy of it or the offline page.
const network = new strategies.NetworkOnly({ networkTimeoutSeconds: 10 });
routing.registerRoute(
  new routing.NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch (error) {
        const url = new URL(options.request.url);
        // /saved runs as the live page: its kept files open from the device without the server.
        if (url.pathname.replace(/\/+$/, "") === SAVED) {
          const page = await precaching.matchPrecache(SAVED_PAGE);
          if (page) return page;
        }
        const copy = await caches.open(PAGES).then((cache) => cache.match(pageKey(url.href)));
        if (copy) return copy;
        return (await precaching.matchPrecache(offlinePage(url))) || Response.error();
      }
    },
    { denylist: [/^\/_event/, /^\/api\//, /^\/files\//, /^\/_upload/] },
  ),
);
