"""Every page answers at its own address on a first load, with or without the trailing slash
(no 307 round trip: student_portal/server/page_paths.py), in every language; scripts travel brotli,
pages gzip, the .html files the service worker precaches too."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from student_portal import routes as site
from student_portal.i18n.languages import Language, in_language_path
from tests.e2e.routes import ALL_ROUTES, DEMO_IDS

NOT_FOUND = "/no-such-page"
PATHS = sorted(
    {
        in_language_path(route.path(DEMO_IDS).partition("?")[0], language)
        for route in ALL_ROUTES
        for language in Language
    }
)


@pytest.mark.parametrize("path", PATHS)
def test_a_first_load_is_answered_at_once_with_and_without_the_slash(base_url: str, path: str) -> None:
    forms = {path, path + "/"} if path != "/" else {"/"}
    for form in forms:
        answer = httpx.get(base_url + form, follow_redirects=False)
        expected = 404 if NOT_FOUND in path else 200  # the routes list has an unknown page too
        assert answer.status_code == expected, (form, answer.status_code, answer.headers.get("location"))
        assert answer.headers["content-type"].startswith("text/html")


def test_in_page_links_stay_on_a_page_opened_without_the_slash(page: Page, base_url: str) -> None:
    path = in_language_path(site.BOOKING, Language.SI)
    redirects: list[str] = []
    page.on("response", lambda r: redirects.append(r.url) if 300 <= r.status < 400 else None)
    page.goto(base_url + path)
    expect(page).to_have_url(base_url + path)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link
    expect(page).to_have_url(re.compile(re.escape(base_url + path) + "/?#main$"))
    assert page.evaluate("() => document.getElementById('main') !== null")
    assert not [url for url in redirects if "/lead-image/" not in url]


def raw(url: str, headers: dict[str, str]) -> tuple[httpx.Response, bytes]:
    """The answer and its bytes as they travelled (not decoded)."""
    with httpx.stream("GET", url, headers=headers) as answer:
        return answer, b"".join(answer.iter_raw())


def test_scripts_travel_brotli_and_pages_gzip(page: Page, base_url: str) -> None:
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" and "/assets/" in r.url else None)
    page.goto(base_url + site.JOBS)
    page.wait_for_load_state("networkidle")
    assert scripts
    offered = {"Accept-Encoding": "gzip, deflate, br, zstd"}
    brotli, brotli_bytes = raw(scripts[0], offered)
    gzip, gzip_bytes = raw(scripts[0], {"Accept-Encoding": "gzip"})
    assert brotli.headers["content-encoding"] == "br" and "Accept-Encoding" in brotli.headers["vary"]
    assert gzip.headers["content-encoding"] == "gzip" and len(brotli_bytes) < len(gzip_bytes)
    html = httpx.get(base_url + site.JOBS, headers=offered)
    assert html.headers["content-encoding"] == "gzip" and "<html" in html.text
    # What the service worker precaches and serves for /saved: gzip too, so its policy carries
    # the hashes of the page's inline scripts (with brotli it did not, and /saved never hydrated).
    saved = httpx.get(base_url + "/saved.html", headers=offered)
    assert saved.headers["content-encoding"] == "gzip" and "<html" in saved.text
    assert "'sha256-" in saved.headers["content-security-policy"]
