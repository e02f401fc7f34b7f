"""Browser-side checks on the service worker and the Cache API, shared by the offline tests."""

from __future__ import annotations

import time

from playwright.sync_api import BrowserContext, Page

ALL_CACHED_URLS = """async () => {
    const all = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) all.push(request.url);
    }
    return all;
}"""


def worker_ready(page: Page) -> None:
    """The page's service worker is active (pages opened from now on are controlled by it)."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def cache_keys(page: Page, name: str) -> list[str]:
    return page.evaluate("name => caches.open(name).then(c => c.keys()).then(k => k.map(r => r.url))", name)


def all_cached_urls(page: Page) -> list[str]:
    return page.evaluate(ALL_CACHED_URLS)


def eventually(page: Page, script: str, arg: object = None, timeout_s: float = 15.0) -> None:
    """Poll an async check in the page until it holds (wait_for_function takes a returned
    Promise itself for a truthy answer, so it cannot wait on the Cache API)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"still false after {timeout_s:.0f} s: {script}"
        page.wait_for_timeout(250)


# True once a protected file's address fails: the service worker fetches it itself, never from a
# cache (sw.js), so it fails only when the worker has no network.
WORKER_OFFLINE = "() => fetch('/files/offline-probe?token=probe').then(() => false, () => true)"


def go_offline(context: BrowserContext, page: Page) -> None:
    """Cut the network, and wait until `page`'s service worker has lost it too: Chromium tells
    the worker a moment after the page, and a navigation in between still reaches the server."""
    context.set_offline(True)
    eventually(page, WORKER_OFFLINE)
