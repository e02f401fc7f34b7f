"""Updates (issue 18): a new deploy takes over on the next visit, never a mix of two builds.

The site is built a second time (another build name: a different root chunk, so different
content-hashed files and a different precache list) and served in place of the first, whose
files are gone from the server, as after a real deploy. A student's tab of the old build stays
open meanwhile: the hard case for a service worker that caches built files. It is also the site
restarted under a visitor (issue 36): that tab reconnects to the new server and carries on.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page, expect

from student_portal.constants import SITE_NAME
from student_portal.i18n.texts import Text
from tests.e2e.conftest import PHONE
from tests.e2e.offline_helpers import eventually, worker_ready
from tests.e2e.page_checks import new_visitor

SECOND_BUILD = "second-build"


def _build_of(page: Page) -> str:
    return page.locator('meta[name="build"]').get_attribute("content") or ""


def _root_chunk(urls: set[str]) -> str:
    return next(url for url in urls if re.search(r"/assets/root-[\w-]+\.js$", url))


def _failed_responses(page: Page) -> list[str]:
    """From now on, every answer of 400 or more the page gets ("404 https://...")."""
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failed


def _visit_jobs(page: Page, base_url: str) -> set[str]:
    """Open /jobs; the built files it loaded (all of them must load).

    A request the page before it still had in flight (a news picture the home page was loading) is
    cancelled by the navigation: only requests made once /jobs is the page count (CI failed on one).
    """
    built: set[str] = set()
    failed = _failed_responses(page)
    committed: list[bool] = []
    ours: set = set()
    page.on("framenavigated", lambda f: committed.append(True) if f == page.main_frame else None)
    page.on("request", lambda r: ours.add(r) if committed or r.is_navigation_request() else None)
    page.on("response", lambda r: built.add(r.url) if "/assets/" in r.url else None)
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}") if r in ours else None)
    page.goto(base_url + "/jobs")
    expect(page.get_by_test_id("job-card").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert failed == []
    return built


def test_a_new_build_takes_over_on_the_next_visit(
    browser: Browser, base_url: str, client_ip: str, second_build
) -> None:
    context = new_visitor(browser, client_ip, viewport=PHONE)
    try:
        old_tab = context.new_page()
        old_tab.goto(base_url + "/")
        worker_ready(old_tab)
        # The whole home page seen, its calendar too (a chunk of its own, fetched when it nears the
        # screen): every file the page uses is in the worker's cache before the deploy. A file the
        # tab never used is gone with the old build, and asking for it reloads the page into the new
        # one (offline.js; test_home_schedule.py).
        old_tab.locator("#schedule-title").scroll_into_view_if_needed()
        expect(old_tab.locator(".react-calendar")).to_be_visible()
        old_files = _visit_jobs(old_tab, base_url)  # controlled: its files are cached now
        old_build, old_root = _build_of(old_tab), _root_chunk(old_files)

        second_build()  # rebuilt and restarted: the old build's files are gone from the server
        assert httpx.get(old_root).status_code == 404

        page = context.new_page()  # the next visit, with the old tab still open
        new_files = _visit_jobs(page, base_url)
        assert _build_of(page) == SECOND_BUILD != old_build
        new_root = _root_chunk(new_files)
        assert new_root != old_root and old_root not in new_files
        # Every file the page ran is the new build's (the server has each of them now).
        for url in new_files:
            assert httpx.get(url).status_code == 200, url
        page.reload()
        expect(page.get_by_test_id("job-card").first).to_be_visible()
        assert _build_of(page) == SECOND_BUILD
        # The new build's worker is installed beside the old one, waiting for its tabs to close.
        eventually(page, "() => navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting))")

        # The tab left open through the restart reconnects to the new server and carries on,
        # without a reload: a page reached inside the site gets its content, and a tap is answered.
        old_tab.evaluate("() => (window.__notReloaded = true)")
        missing = _failed_responses(old_tab)  # no requestfailed: leaving a page aborts requests
        old_tab.get_by_role("banner").get_by_role("link", name=SITE_NAME).first.click()
        news = old_tab.locator("#carousel-home-news")
        expect(news.locator("h3").first).to_be_attached(timeout=30_000)
        news.get_by_role("button", name=Text.PAUSE_SLIDESHOW).click()
        expect(news.get_by_role("button", name=Text.PLAY_SLIDESHOW)).to_be_visible()
        assert old_tab.evaluate("() => window.__notReloaded === true")
        assert _build_of(old_tab) == old_build
        assert missing == []

        # Once no tab runs the old build, the new worker takes over with the new app shell.
        old_tab.close()
        page.close()
        page = context.new_page()
        page.goto(base_url + "/")
        eventually(
            page,
            """root => caches.keys()
                .then((names) => caches.open(names.find((n) => n.includes("precache"))))
                .then((cache) => cache.keys())
                .then((keys) => keys.map((r) => r.url).filter((url) => url.includes("/assets/root-")))
                .then((roots) => roots.length === 1 && roots[0] === root)""",
            new_root,
            timeout_s=30,
        )
        assert _build_of(page) == SECOND_BUILD
    finally:
        context.close()
