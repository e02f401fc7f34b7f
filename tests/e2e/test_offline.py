"""Installable and offline (issue 18): the manifest, the Workbox service worker, pages and kept
files without a connection, logout, and the bytes a repeat visit downloads."""

from __future__ import annotations

import json
import re
import time
from datetime import datetime

import httpx
import pytest
from babel.dates import format_datetime
from playwright.sync_api import BrowserContext, Page, expect

from student_portal import routes
from student_portal.build.offline_page import FONT_FAMILIES
from student_portal.i18n import gettext, in_language
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from student_portal.utils.dates import browser_dates
from tests.e2e.auth_support import fake_token, start_signed_in, store_auth
from tests.e2e.conftest import PHONE
from tests.e2e.offline_helpers import all_cached_urls, cache_keys, eventually, go_offline, worker_ready
from tests.e2e.page_checks import axe_violations
from tests.e2e.routes import DEMO_IDS

PAPER_TEXT = "G.C.E. O/L Mathematics - Past Paper"


def _wait_for_copy(page: Page, path: str) -> None:
    eventually(
        page,
        "path => caches.open('sp-pages').then(c => c.keys()).then(k => k.some(r => new URL(r.url).pathname === path))",
        path,
    )


def _worker_on_phone(context: BrowserContext, base_url: str, language: Language = Language.EN) -> Page:
    """A new phone page that opened the home page in `language`, with the service worker running."""
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(base_url + in_language_path(routes.HOME, language))
    worker_ready(page)
    return page


def _jobs_copied(context: BrowserContext, base_url: str, language: Language = Language.EN) -> Page:
    """`_worker_on_phone`, then /jobs in `language` once its copy for offline is kept."""
    page = _worker_on_phone(context, base_url, language)
    jobs = in_language_path(routes.JOBS, language)
    page.goto(base_url + jobs)
    expect(page.get_by_test_id("job-card").first).to_be_visible()
    _wait_for_copy(page, jobs)
    return page


def _saved_at_text(page: Page, iso: str, language: Language) -> str:
    """The moment `iso` on the browser's clock, as the server writes a day and a time in `language`
    (issue 33: one date style, the offline banner's included): "28 Nov 2026, 3:03 AM"."""
    parts = page.evaluate(
        "iso => { const d = new Date(iso); return [d.getFullYear(), d.getMonth() + 1, d.getDate(),"
        " d.getHours(), d.getMinutes()]; }",
        iso,
    )
    return format_datetime(datetime(*parts), browser_dates(language)["moment"], locale=language.value)


def test_service_worker_installs_and_precaches_the_app_shell(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    worker_ready(page)
    precache = next(name for name in page.evaluate("() => caches.keys()") if "precache" in name)
    paths = {url.split("?")[0].replace(base_url, "") for url in cache_keys(page, precache)}
    assert {"/offline.html", "/saved.html", "/manifest.webmanifest"} <= paths
    assert any(p.startswith("/assets/") and p.endswith(".js") for p in paths)
    assert any(p.startswith("/assets/") and p.endswith(".css") for p in paths)
    # sonner, fetched by a page only for its first toast: the connection-lost toast needs no network
    assert any(re.fullmatch(r"/assets/toast_library-[\w-]+\.js", p) for p in paths)
    # the worker's own files come from our origin, with the security headers
    for path in ["/sw.js", "/manifest.webmanifest", "/offline.html"]:
        response = httpx.get(base_url + path)
        assert response.status_code == 200, path
        assert response.headers["x-content-type-options"] == "nosniff"
    sw = httpx.get(base_url + "/sw.js").text
    assert "__WB_MANIFEST" not in sw and "__WORKBOX_DIR__" not in sw


def test_offline_visited_page_kept_pdf_and_unvisited_page(context: BrowserContext, base_url: str) -> None:
    page = _jobs_copied(context, base_url)
    first_title = page.get_by_test_id("job-card").get_by_role("heading").first.inner_text()

    page.goto(base_url + f"/ol/{DEMO_IDS['ol']}")
    page.get_by_role("button", name=Text.PREVIEW).first.click()
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    # A public paper is cached after first use (cache-first), under its own address.
    paper_url = viewer.get_attribute("data-src") or ""
    assert "/files/" in paper_url and "token=" not in paper_url
    assert httpx.URL(base_url).join(paper_url) in {httpx.URL(u) for u in cache_keys(page, "sp-files")}
    viewer.get_by_test_id("keep-offline").click()
    expect(viewer.get_by_test_id("keep-offline")).to_have_text(Text.KEPT_OFFLINE)

    # The page wrote the time in the site's date style (the server's names, no Intl)...
    copy = page.evaluate(
        """() => caches.open('sp-pages').then(c => c.keys().then(keys => c.match(keys.find(
            k => new URL(k.url).pathname === '/jobs')))).then(r => r.text())"""
    )
    stored = re.search(r'<time datetime="([^"]+)">([^<]*)</time>', copy)
    assert stored and stored.group(2) == _saved_at_text(page, stored.group(1), Language.EN)
    go_offline(context, page)
    try:
        page.goto(base_url + "/jobs")
        banner = page.get_by_test_id("offline-copy")
        expect(banner).to_contain_text("as you last saw it")
        saved_at = banner.locator("time").get_attribute("datetime") or ""
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", saved_at)
        # ...and the worker serves it as it is
        expect(banner.locator("time")).to_have_text(_saved_at_text(page, saved_at, Language.EN))
        expect(page.get_by_role("heading", name=first_title).first).to_be_visible()

        page.goto(base_url + "/booking")  # never visited here
        expect(page.get_by_test_id("offline-page")).to_contain_text("You are offline")

        page.goto(base_url + "/saved")
        kept = page.get_by_test_id("kept-file")
        expect(kept).to_have_count(1)
        expect(kept.get_by_test_id("kept-size")).to_have_text(re.compile(r"^\d+ KB$"))
        kept.get_by_role("button", name=Text.OPEN).click()
        page_one = kept.locator('.pdf-page[data-page="1"]')
        expect(page_one).to_have_attribute("data-rendered", "true", timeout=20_000)
        expect(page_one.locator(".pdf-text-layer")).to_contain_text(PAPER_TEXT)
        kept.get_by_role("button", name=Text.REMOVE).click()
        expect(page.get_by_test_id("kept-file")).to_have_count(0)
    finally:
        context.set_offline(False)


# Counts the page copies written for offline (assets/offline.js puts each into Cache Storage).
COUNT_COPIES = """(() => {
  window.__copies = 0;
  const put = Cache.prototype.put;
  Cache.prototype.put = function (key, value) {
    if (value && value.headers.has("x-saved-at")) window.__copies += 1;
    return put.call(this, key, value);
  };
})()"""


def test_a_turning_slideshow_is_not_copied_again_but_new_content_is(context: BrowserContext, base_url: str) -> None:
    context.add_init_script(COUNT_COPIES)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(base_url + routes.HOME)
    eventually(page, "() => window.__copies >= 1")
    slide = page.locator('section[aria-roledescription]:visible [role="group"][aria-hidden="false"]').first
    before = slide.get_attribute("aria-label")
    expect(slide).not_to_have_attribute("aria-label", before or "", timeout=10_000)  # a slide turned
    page.wait_for_timeout(4_000)  # and another turn, and the settle time after it
    assert page.evaluate("window.__copies") == 1
    page.evaluate("document.querySelector('main').append(document.createElement('p'))")  # new content
    eventually(page, "() => window.__copies === 2")


def test_an_offline_copy_speaks_the_language_of_its_page(context: BrowserContext, base_url: str) -> None:
    page = _jobs_copied(context, base_url, Language.SI)
    with in_language(Language.SI):
        before, after = gettext("You are offline. This is the page as you last saw it on {time}.").split("{time}")
    go_offline(context, page)
    try:
        page.goto(base_url + "/si/jobs")
        banner = page.get_by_test_id("offline-copy")
        expect(banner).to_contain_text(before.strip())
        expect(banner).to_contain_text(after.strip())
        expect(banner).not_to_contain_text("You are offline")
        # its time too: the site's date style in Sinhala ("28 ඉල් 2026 ප.ව. 3:03"), not "11/28/2026, 3:03:07 AM"
        saved = banner.locator("time")
        expect(saved).to_have_text(_saved_at_text(page, saved.get_attribute("datetime") or "", Language.SI))
        assert not re.search(r"[A-Za-z]", saved.inner_text())
    finally:
        context.set_offline(False)


@pytest.mark.parametrize("language", [Language.SI, Language.TA], ids=str)
def test_an_unvisited_page_offline_says_so_in_its_language(
    context: BrowserContext, base_url: str, language: Language
) -> None:
    page = _worker_on_phone(context, base_url, language)
    page.reload()  # under the worker now: the page's own font is fetched through it, and kept
    page.wait_for_function("() => document.fonts.ready.then(() => document.fonts.status === 'loaded')")
    with in_language(language):
        heading, try_again = gettext("You are offline"), gettext("Try again")
    go_offline(context, page)
    try:
        page.goto(base_url + in_language_path(routes.BOOKING, language))  # never visited here
        offline = page.get_by_test_id("offline-page")
        expect(offline.get_by_role("heading", level=1)).to_have_text(heading)
        expect(offline.get_by_role("link", name=try_again)).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", language.value)
        expect(offline).not_to_contain_text("offline")  # no English left
        # Its letters are drawn with the Noto face (the system's or the one the worker kept), not boxes.
        family = FONT_FAMILIES[language]
        drawn = page.evaluate(
            "family => document.fonts.ready.then(() => [...document.fonts].some("
            "f => f.family.replaceAll('\"', '') === family && f.status === 'loaded'))",
            family,
        )
        assert drawn, f"{family} did not load on the offline page"
    finally:
        context.set_offline(False)


def _keep_first_preview(page: Page) -> None:
    page.get_by_role("button", name=Text.PREVIEW).first.click()
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    viewer.get_by_test_id("keep-offline").click()
    expect(viewer.get_by_test_id("keep-offline")).to_have_text(Text.KEPT_OFFLINE)
    page.keyboard.press("Escape")


def test_kept_paper_and_note_are_listed_on_saved_and_logout_removes_the_protected_one(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    page.set_viewport_size(PHONE)
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    page.goto(base_url + "/")
    worker_ready(page)
    page.goto(base_url + f"/ol/{DEMO_IDS['ol']}")
    _keep_first_preview(page)  # a public paper
    page.goto(base_url + "/notes")
    _keep_first_preview(page)  # a protected note: fetched with a token, kept without it
    kept = cache_keys(page, "sp-kept-files")
    assert len(kept) == 2 and not any("token=" in url for url in kept)
    _wait_for_copy(page, "/notes")

    page.goto(base_url + "/saved")
    files = page.get_by_test_id("kept-file")
    expect(files).to_have_count(2)
    for i in range(2):
        expect(files.nth(i).get_by_test_id("kept-size")).to_have_text(re.compile(r"^\d+ KB$"))
        expect(files.nth(i).get_by_role("button", name=re.compile(f"^{Text.REMOVE} "))).to_be_visible()

    page.get_by_role("banner").get_by_role("button", name=Text.LOGOUT).click()
    expect(page.get_by_role("banner").get_by_role("link", name=Text.LOGIN)).to_be_visible()
    # The note goes, the public paper stays; so do copies of pages seen signed in.
    eventually(page, "() => caches.open('sp-kept-files').then(c => c.keys()).then(k => k.length === 1)")
    left = cache_keys(page, "sp-kept-files")
    assert (
        left[0] in kept
        and page.evaluate(
            "url => caches.open('sp-kept-files').then(c => c.match(url)).then(r => r.headers.get('x-protected'))",
            left[0],
        )
        == "0"
    )
    eventually(
        page, "() => caches.open('sp-pages').then(c => c.keys()).then(k => !k.some(r => r.url.includes('/notes')))"
    )
    # Signed out and online, /saved still lists the paper kept on this device, beside sign-in.
    page.goto(base_url + "/saved")
    expect(page.get_by_test_id("saved-sign-in")).to_be_visible()
    expect(page.get_by_test_id("kept-file")).to_have_count(1)


def test_nothing_private_or_foreign_is_cached(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    """Signed in, through sign-in, a protected note's preview (a tokenised file) and pages with
    pictures from another origin: no cache holds an event, a sign-in page, a token or another origin."""
    page.goto(base_url + "/")
    worker_ready(page)
    page.goto(base_url + "/login")
    expect(page.get_by_role("main").get_by_role("button", name=Text.SIGN_IN, exact=True)).to_be_visible()
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    page.goto(base_url + "/notes")
    page.get_by_role("button", name=Text.PREVIEW).first.click()
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    assert "token=" in (viewer.get_attribute("data-src") or "")
    page.goto(base_url + "/youtube")  # video thumbnails from i.ytimg.com
    expect(page.locator("[data-video-id]").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    _wait_for_copy(page, "/youtube")

    cached = all_cached_urls(page)
    assert any("/assets/" in url for url in cached)
    for url in cached:
        assert url.startswith(base_url + "/"), url
        assert "token=" not in url and "/_event" not in url and "/login" not in url, url


def test_a_repeat_visit_takes_its_js_and_css_from_the_worker(context: BrowserContext, base_url: str) -> None:
    """The built, content-hashed files of a page seen before come from the service worker, not
    the network (their bytes are measured by `make bench BENCH_ARGS="--only offline"`)."""
    first = context.new_page()
    first.goto(base_url + "/")
    worker_ready(first)

    # JS and CSS, what the issue counts (a font a page draws late may come from the HTTP cache).
    def built(url: str) -> bool:
        return "/assets/" in url and url.endswith((".js", ".css"))

    loaded: set[str] = set()
    first.on("response", lambda r: loaded.add(r.url) if built(r.url) else None)
    first.goto(base_url + "/jobs")  # controlled: the page's assets are cached as it loads them
    expect(first.get_by_test_id("job-card").first).to_be_visible()
    first.wait_for_load_state("networkidle")
    # The worker stores each file as it passes it on, asynchronously (a late font included).
    deadline = time.monotonic() + 15
    while not loaded <= (cached_before := {url for url in all_cached_urls(first) if built(url)}):
        assert time.monotonic() < deadline, loaded - cached_before
        first.wait_for_timeout(250)
    first.close()

    repeat = context.new_page()
    answered: list[tuple[str, bool]] = []
    repeat.on(
        "response",
        lambda r: answered.append((r.url, r.from_service_worker)) if built(r.url) else None,
    )
    repeat.goto(base_url + "/jobs")
    expect(repeat.get_by_test_id("job-card").first).to_be_visible()
    repeat.wait_for_load_state("networkidle")
    # Answered by the worker (cache-first) from what it held before this visit.
    assert answered and all(from_worker for _url, from_worker in answered), answered
    assert {url for url, _ in answered} <= cached_before, {url for url, _ in answered} - cached_before


def test_offline_pieces_pass_axe(page: Page, base_url: str, demo_pocketbase, client_ip: str) -> None:
    """The Keep offline button, the kept-files list with its viewer, a page copy and the offline
    page: nothing for axe-core to report (accessibility stays 100)."""
    page.set_viewport_size(PHONE)
    start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    page.goto(base_url + "/")
    worker_ready(page)
    page.goto(base_url + f"/ol/{DEMO_IDS['ol']}")
    page.get_by_role("button", name=Text.PREVIEW).first.click()
    viewer = page.get_by_test_id("pdf-viewer")
    expect(viewer.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    assert axe_violations(page) == []
    viewer.get_by_test_id("keep-offline").click()
    expect(viewer.get_by_test_id("keep-offline")).to_have_text(Text.KEPT_OFFLINE)
    page.keyboard.press("Escape")
    page.goto(base_url + "/jobs")
    expect(page.get_by_test_id("job-card").first).to_be_visible()
    _wait_for_copy(page, "/jobs")

    page.goto(base_url + "/saved")
    kept = page.get_by_test_id("kept-file")
    kept.get_by_role("button", name=re.compile(f"^{Text.OPEN} ")).click()
    expect(kept.locator('.pdf-page[data-rendered="true"]').first).to_be_visible(timeout=20_000)
    assert axe_violations(page) == []

    go_offline(page.context, page)
    try:
        page.goto(base_url + "/jobs")
        expect(page.get_by_test_id("offline-copy")).to_be_visible()
        assert axe_violations(page) == []
        page.goto(base_url + "/booking")
        expect(page.get_by_test_id("offline-page")).to_be_visible()
        assert axe_violations(page) == []
    finally:
        page.context.set_offline(False)


def test_signed_out_by_the_site_the_protected_copies_leave_the_phone_too(
    page: Page, base_url: str, demo_pocketbase, client_ip: str
) -> None:
    # Issue 36, finding 7: only the Logout button cleared them; a token the site stops accepting
    # (expired, ended elsewhere, a password reset by an admin) left them on the phone and on /saved.
    page.set_viewport_size(PHONE)
    auth = start_signed_in(page, base_url, demo_pocketbase.url, "notes", client_ip)
    page.goto(base_url + "/")
    worker_ready(page)
    page.goto(base_url + f"/ol/{DEMO_IDS['ol']}")
    _keep_first_preview(page)  # a public paper
    page.goto(base_url + "/notes")
    _keep_first_preview(page)  # a protected note
    _wait_for_copy(page, "/notes")
    assert len(cache_keys(page, "sp-kept-files")) == 2

    # PocketBase no longer accepts the stored token: the next signed-in page signs the student out.
    rejected = fake_token(auth["record"]["id"], time.time() + 3600)
    store_auth(page, base_url, json.dumps({"token": rejected, "record": auth["record"]}))
    page.goto(base_url + "/notes")
    expect(page).to_have_url(re.compile(re.escape(base_url + routes.LOGIN)))
    eventually(page, "() => caches.open('sp-kept-files').then(c => c.keys()).then(k => k.length === 1)")
    eventually(
        page, "() => caches.open('sp-pages').then(c => c.keys()).then(k => !k.some(r => r.url.includes('/notes')))"
    )
    page.goto(base_url + "/saved")
    expect(page.get_by_test_id("saved-sign-in")).to_be_visible()
    expect(page.get_by_test_id("kept-file")).to_have_count(1)
