"""Hostile content never runs in a visitor's browser (issue 7: "never leaks").

A PocketBase of its own holds XSS payloads in every text, rich-text and link field of every
collection (tests/support/hostile_content.py). The site is pointed at it and Chromium opens
every route, public and signed in, plus addresses that carry payloads themselves. A route fails
when a payload runs (a dialog opens, or `window.__xss` is set) or the DOM holds something a
payload could use: an `on*` attribute, a link whose scheme is not http/https/tel/mailto, a frame
outside YouTube-nocookie and PocketBase, script/style/object elements inside the page content.

The browser context bypasses the Content-Security-Policy: the policy would stop inline scripts
anyway, and this test is about the sanitising and link checks under it (defence in depth).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from student_portal.utils.youtube import EMBED_BASE
from tests.e2e.conftest import DESKTOP
from tests.e2e.page_checks import PageWatch, dom_problems, new_visitor, sign_in_context, wait_for_content
from tests.e2e.routes import ALL_ROUTES, LANGUAGE_SAMPLE, Route, checked_pages
from tests.support.hostile_content import (
    FILE_NAME_PAYLOADS,
    HOSTILE_PASSWORD,
    HOSTILE_USER,
    HTML_PAYLOADS,
    LINK_PAYLOADS,
    HostileData,
    seed_hostile,
)
from tests.support.pocketbases import seeded_pocketbase

# Text every hostile record shows somewhere: proof the hostile records, not an empty page, were checked.
PAYLOAD_TEXT = re.compile(r"alert\(1\)|__xss|msgbox")

# Addresses that carry a payload themselves (search box, filters, ids in the path).
_REFLECTED = (
    Route("/youtube?q=" + quote('"><img src=x onerror=window.__xss=1>')),
    Route("/shop?category=" + quote("<script>alert(1)</script>")),
    Route("/booking?city=" + quote('"><svg onload=alert(1)>') + "&guests=" + quote("<script>window.__xss=1</script>")),
    Route("/news/" + quote("<img src=x onerror=alert(1)>"), content=False),
    Route("/ol/" + quote('"><script>window.__xss=1</script>'), content=False),
    Route("/al/{al}?type=" + quote("note<svg/onload=alert(1)>")),
    # The query is echoed and it finds the records whose titles are that payload.
    Route("/search?q=" + quote("<img src=x onerror=alert(1)>")),
    Route("/class/" + quote("<svg onload=window.__xss=1>"), signed_in=True, content=False),
    Route("/" + quote("<script>alert(1)</script>"), content=False),
)
# Not under make check-page, which checks the pages it names.
REFLECTED = () if checked_pages() else _REFLECTED


@dataclass
class HostileBackend:
    server: object
    data: HostileData

    @property
    def ids(self) -> dict[str, str]:
        return {
            "news": self.data.news_id,
            "ol": self.data.folder_id("ol"),
            "al": self.data.folder_id("al"),
            "teacher": self.data.teacher_id,
        }


@pytest.fixture(scope="module")
def hostile_pocketbase(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostileBackend]:
    with seeded_pocketbase(tmp_path_factory.mktemp("pb-hostile"), seed_hostile) as (server, data):
        yield HostileBackend(server, data)


@pytest.fixture
def backend_home(hostile_pocketbase: HostileBackend):
    """Every test here runs on these records (tests/e2e/conftest.py)."""
    return hostile_pocketbase.server


def test_the_corpus_is_hostile_enough(hostile_pocketbase: HostileBackend) -> None:
    data = hostile_pocketbase.data
    assert len(HTML_PAYLOADS) >= 40 and len(LINK_PAYLOADS) >= 40
    assert sum("__xss" in p for p in HTML_PAYLOADS) >= 40  # marker variants, seen without a dialog
    # Every public collection and the protected ones were filled, each link field with every link payload.
    assert {
        "News",
        "Articles",
        "Products",
        "SocialMedia",
        "Notes",
        "Class_Notes",
        "Class_Recordings",
        "Jobs",
        "Hotels",
        "OL_Items",
        "AL_Items",
        "Classes",
        "Teachers",
    } <= set(data.collections)
    assert all(count >= len(LINK_PAYLOADS) for count in data.collections.values())
    assert ("Articles", "conent") in data.html_fields and ("News", "content") in data.html_fields
    assert ("SocialMedia", "link") in data.link_fields and ("Jobs", "email") in data.link_fields


def _allowed_frame_origins(site) -> list[str]:
    youtube = re.match(r"https://[^/]+", EMBED_BASE).group(0)
    return [youtube, site.url + "/files/"]  # note previews: the site's own file addresses


def _open_players_and_previews(page: Page) -> None:
    """Put the frames a visitor can open into the DOM: one video player, one note preview."""
    play = page.get_by_role("button", name=re.compile(f"^{Text.PLAY_VIDEO}")).first
    if play.count() and play.is_visible():
        play.click()
        expect(page.locator("iframe").first).to_be_attached()
    preview = page.get_by_role("button", name=re.compile(f"^{Text.PREVIEW}")).first
    if preview.count() and preview.is_visible():
        preview.click()
        expect(page.locator("dialog[open]").get_by_test_id("pdf-viewer")).to_be_attached(timeout=30_000)


@pytest.mark.parametrize("route", [*ALL_ROUTES, *REFLECTED, *LANGUAGE_SAMPLE], ids=lambda r: r.template)
def test_no_payload_runs_or_reaches_the_dom_on_any_route(
    browser: Browser,
    base_url: str,
    site,
    hostile_pocketbase: HostileBackend,
    client_ip: str,
    route: Route,
) -> None:
    context = new_visitor(browser, client_ip, bypass_csp=True, viewport=DESKTOP)
    try:
        if route.signed_in:
            sign_in_context(context, base_url, hostile_pocketbase.server.url, HOSTILE_USER, HOSTILE_PASSWORD, client_ip)
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(base_url + route.path(hostile_pocketbase.ids))
        wait_for_content(page)
        if route.content:
            expect(page.get_by_role("main")).to_contain_text(PAYLOAD_TEXT, timeout=30_000)
        _open_players_and_previews(page)
        problems = dom_problems(page, _allowed_frame_origins(site))
        ran = page.evaluate("() => window.__xss")
    finally:
        context.close()
    assert watch.dialogs == [], f"a payload opened a dialog on {route.template}"
    assert watch.errors == []
    assert ran is None, f"a payload set window.__xss on {route.template}"
    assert problems == [], problems


def test_hostile_file_names_stay_inside_pocketbase_addresses(
    page: Page, base_url: str, site, hostile_pocketbase: HostileBackend
) -> None:
    page.goto(base_url + routes.SHOP)
    wait_for_content(page)
    sources = page.locator("main img").evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))")
    hostile = [s for s in sources if s and ("onerror" in s.lower() or "javascript" in s.lower())]
    assert hostile, "the hostile file names were not on the page"
    assert all(s.startswith("/files/") for s in hostile)
    assert not any(name in s for s in hostile for name in FILE_NAME_PAYLOADS)  # always escaped


TYPED = "\"');window.__xss=1;//</script><img src=x onerror=window.__xss=1>\u2028alert(1)"


@pytest.mark.parametrize("path, box", [("/youtube", Text.SEARCH_RECORDINGS), ("/notes", Text.SEARCH_NOTES)])
def test_a_payload_typed_into_a_search_box_stays_text(
    browser: Browser,
    base_url: str,
    site,
    hostile_pocketbase: HostileBackend,
    client_ip: str,
    path: str,
    box: str,
) -> None:
    """Searches are echoed in the page ("No videos found for ...") and written into the address."""
    context = new_visitor(browser, client_ip, bypass_csp=True, viewport=DESKTOP)
    try:
        sign_in_context(context, base_url, hostile_pocketbase.server.url, HOSTILE_USER, HOSTILE_PASSWORD, client_ip)
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(base_url + path)
        wait_for_content(page)
        page.get_by_role("searchbox", name=box).fill(TYPED)
        expect(page.get_by_role("main").get_by_role("status")).to_contain_text("onerror=window.__xss=1")
        problems = dom_problems(page, _allowed_frame_origins(site))
        ran = page.evaluate("() => window.__xss")
    finally:
        context.close()
    assert watch.dialogs == [] and watch.errors == [] and ran is None
    assert problems == []
