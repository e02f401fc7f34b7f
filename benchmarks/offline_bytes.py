"""What a visit downloads, with and without the service worker, side by side (issue 18).

    make bench BENCH_ARGS="--only offline"

For a few pages, at 390 px, in two kinds of browser profile on the same built site:
- "no worker": service workers blocked, as the site was before issue 18 (the browser's HTTP
  cache only);
- "worker": the site as it is (the Workbox service worker registers on the first visit).
Each profile opens the page once (first visit, empty cache) and then again in a new tab (repeat
visit). Bytes are those on the wire (the built files are served pre-gzipped): every response
the network gave the page or the service worker, so the worker's own downloads (sw.js, Workbox,
the app shell it precaches) count on the first visit. Target: a repeat visit transfers less
than 20 KB of JS/CSS.
"""

from __future__ import annotations

from typing import Any

from benchmarks import config
from student_portal import routes

PATHS = (routes.HOME, routes.JOBS, routes.OL_FOLDERS)
PHONE = {"width": 390, "height": 844}
REPEAT_JS_CSS_MAX_BYTES = 20 * 1024
CODE = ("script", "stylesheet")


class _Wire:
    """Responses that came over the network (to the page directly, or to its service worker)."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str, int]] = []

    def __call__(self, response) -> None:
        if response.from_service_worker:
            return  # answered by the worker: its network fetch, if any, is counted on its own
        try:
            size = response.request.sizes()["responseBodySize"]
        except Exception:
            size = 0
        request = response.request
        kind = request.resource_type
        if request.service_worker is not None and kind in ("fetch", "other"):
            # The worker's own downloads: sw.js imports and the precached app shell.
            kind = "script" if request.url.endswith((".js", ".mjs")) else kind
            kind = "stylesheet" if request.url.endswith(".css") else kind
        self.entries.append((request.url, kind, max(size, 0)))

    def totals(self) -> dict[str, int]:
        return {
            "js_css_bytes": sum(size for _u, kind, size in self.entries if kind in CODE),
            "all_bytes": sum(size for _u, _k, size in self.entries),
            "requests": len(self.entries),
        }


def _visit(context, url: str, wire: _Wire, *, wait_for_worker: bool) -> dict[str, int]:
    wire.entries.clear()
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if wait_for_worker:
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_load_state("networkidle")
    page.wait_for_timeout(2000)  # the worker's precache downloads, after load
    page.close()
    return wire.totals()


def measure_profile(browser, url: str, *, worker: bool) -> dict[str, Any]:
    context = browser.new_context(viewport=PHONE, service_workers="allow" if worker else "block")
    wire = _Wire()
    context.on("response", wire)
    try:
        first = _visit(context, url, wire, wait_for_worker=worker)
        repeat = _visit(context, url, wire, wait_for_worker=False)
        return {"first": first, "repeat": repeat, "repeat_files": [e for e in wire.entries if e[1] in CODE]}
    finally:
        context.close()


def measure(servers, log) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    servers.start_site()
    result: dict[str, Any] = {"pages": {}, "repeat_js_css_max_bytes": REPEAT_JS_CSS_MAX_BYTES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=config.CHROMIUM, args=config.BROWSER_ARGS)
        try:
            for path in PATHS:
                figures = {
                    name: measure_profile(browser, servers.site_url + path, worker=worker)
                    for name, worker in (("no worker", False), ("worker", True))
                }
                result["pages"][path] = figures
                log(
                    f"offline bytes {path}: "
                    + ", ".join(f"{n} {f['first']} / {f['repeat']}" for n, f in figures.items())
                )
        finally:
            browser.close()
    return result


def render_table(result: dict[str, Any]) -> list[list[str]]:
    rows = []
    for path, figures in result["pages"].items():
        for name, f in figures.items():
            rows.append(
                [
                    path,
                    name,
                    f"{f['first']['js_css_bytes'] / 1024:.1f}",
                    f"{f['first']['all_bytes'] / 1024:.1f}",
                    f"{f['repeat']['js_css_bytes'] / 1024:.1f}",
                    f"{f['repeat']['all_bytes'] / 1024:.1f}",
                    str(f["repeat"]["requests"]),
                ]
            )
    return rows


def target_rows(result: dict[str, Any]):
    for path, figures in result["pages"].items():
        repeat = figures["worker"]["repeat"]["js_css_bytes"]
        yield (
            f"Repeat visit of {path}: JS/CSS < {REPEAT_JS_CSS_MAX_BYTES // 1024} KB (service worker)",
            f"{repeat / 1024:.1f} KB",
            repeat < REPEAT_JS_CSS_MAX_BYTES,
        )
