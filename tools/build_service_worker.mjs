// After each production build (student_portal/build/service_worker.py's Reflex plugin runs this):
// node tools/build_service_worker.mjs <.web dir> <static dir>
//
// 1. copies Workbox's runtime into the static dir (served from our own origin);
// 2. fills sw.js's precache list with the app shell: the content-hashed JS/CSS that the home page
//    and /saved load (/saved opens kept files offline), the kept-files list, sonner, the offline pages,
//    /saved's page, the manifest and its icons. Other built assets are cached by the worker the
//    first time a page uses them (a student does not pay up front for pages never opened).
// Reflex compresses the static dir (sw.js.gz...) after the plugins' post_build.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [webDir, staticDir] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(webDir), "package.json"));
const { copyWorkboxLibraries, injectManifest } = require("workbox-build");

const SHELL_PAGES = ["index.html", "saved.html"];
// The offline page of each language (student_portal/build/offline_page.py wrote them just before).
const SHELL_FILES = ["offline.html", "si/offline.html", "ta/offline.html", "saved.html", "manifest.webmanifest", "icons/*.png"];
// Loaded by /saved only when it draws the kept files (a NoSSR component: not in its HTML), and
// sonner, loaded by any page only for its first toast (assets/toaster.js): the toast that says
// the connection is lost must not need the connection.
const SHELL_CHUNKS = /^(kept_files|toast_library)-[\w-]+\.js$/;

function shellAssets() {
  const found = new Set();
  for (const page of SHELL_PAGES) {
    const html = readFileSync(path.join(staticDir, page), "utf8");
    for (const match of html.matchAll(/(?:href|src)="\/(assets\/[^"?#]+\.(?:js|css))"/g)) found.add(match[1]);
  }
  for (const name of readdirSync(path.join(staticDir, "assets"))) {
    if (SHELL_CHUNKS.test(name)) found.add(`assets/${name}`);
  }
  return [...found];
}

const workboxDir = await copyWorkboxLibraries(staticDir);
// Only the production runtime is used: drop the debug builds and source maps.
for (const name of readdirSync(path.join(staticDir, workboxDir))) {
  if (name.endsWith(".map") || name.includes(".dev.")) rmSync(path.join(staticDir, workboxDir, name));
}

const swPath = path.join(staticDir, "sw.js");
const { count, size, warnings } = await injectManifest({
  swSrc: swPath,
  swDest: swPath,
  globDirectory: staticDir,
  globPatterns: [...shellAssets(), ...SHELL_FILES],
  // Names under /assets/ carry their content's hash: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
writeFileSync(swPath, readFileSync(swPath, "utf8").replaceAll("__WORKBOX_DIR__", workboxDir));
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB), Workbox in /${workboxDir}`);
