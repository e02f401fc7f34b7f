"""Share buttons on news, recordings, papers, jobs and rooms, at phone and desktop widths: the
system share sheet where the browser has the Web Share API, else a WhatsApp link with the
page's address."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from student_portal.i18n.texts import Text
from tests.e2e.routes import DEMO_IDS

# Where each kind of content lives, and what its share address looks like.
SHARED = [
    ("/news/{news}", "/news/{news}"),
    ("/youtube", "https://www.youtube.com/watch?v="),
    ("/ol/{ol}", "/ol/{ol}"),
    ("/jobs", "/jobs/#job-"),
    ("/booking", "/booking/#hotel-"),
]

# Phones: a Web Share API that records what it was given (Chromium on Linux has none).
FAKE_SHARE = (
    "window.__shared = []; navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };"
)
NO_SHARE = "delete Navigator.prototype.share; delete navigator.share;"


def _first_share(page: Page):
    return page.get_by_test_id("share").first


def _expected(base_url: str, target: str) -> str:
    target = target.format(**DEMO_IDS)
    return target if target.startswith("https://") else base_url + target


@pytest.mark.parametrize(("path", "target"), SHARED, ids=[s[0] for s in SHARED])
def test_each_kind_has_a_share_button_with_its_address(sized_page: Page, base_url: str, path: str, target: str) -> None:
    sized_page.goto(base_url + path.format(**DEMO_IDS))
    share = _first_share(sized_page)
    expect(share).to_be_visible()
    expect(share).to_contain_text(Text.SHARE)
    box = share.bounding_box()
    assert box is not None and box["height"] >= 44
    url = share.get_attribute("data-share-url") or ""
    assert url.startswith(_expected(base_url, target))
    href = share.get_attribute("href") or ""
    assert href.startswith("https://wa.me/?text=")
    text = parse_qs(urlsplit(href).query)["text"][0]
    assert text.endswith(url) and text.startswith(share.get_attribute("data-share-title") or "")


def test_where_the_browser_can_share_the_system_sheet_gets_the_title_and_address(
    sized_page: Page, base_url: str
) -> None:
    sized_page.add_init_script(FAKE_SHARE)
    sized_page.goto(base_url + "/news/" + DEMO_IDS["news"])
    share = _first_share(sized_page)
    expect(share).to_be_visible()
    pages_before = len(sized_page.context.pages)
    share.click()
    sized_page.wait_for_function("window.__shared.length === 1")
    shared = sized_page.evaluate("window.__shared[0]")
    assert shared["url"] == f"{base_url}/news/{DEMO_IDS['news']}"
    assert shared["title"] == sized_page.get_by_role("heading", level=1).inner_text()
    assert len(sized_page.context.pages) == pages_before  # no WhatsApp tab as well


def test_without_the_web_share_api_the_button_opens_whatsapp_with_the_link(sized_page: Page, base_url: str) -> None:
    sized_page.add_init_script(NO_SHARE)
    sized_page.context.route(
        "https://wa.me/**", lambda route: route.fulfill(body="WhatsApp", content_type="text/plain")
    )
    sized_page.goto(base_url + "/jobs")
    share = _first_share(sized_page)
    expect(share).to_be_visible()
    with sized_page.expect_popup() as popup_info:
        share.click()
    popup = popup_info.value
    text = parse_qs(urlsplit(popup.url).query)["text"][0]
    assert f"{base_url}/jobs/#job-" in text


# assets/share_link.js, as the page's own script runs it: (base, title, address, letters) -> link.
WHATSAPP_LINK = (
    "([title, url]) => import('/share_link.js').then((m) => m.whatsappLink('https://wa.me/?text=', title, url, 200))"
)


def test_the_whatsapp_link_carries_any_title_intact_and_short(page: Page, base_url: str) -> None:
    page.goto(base_url + "/jobs")

    def shared(title: str, url: str) -> str:
        link = page.evaluate(WHATSAPP_LINK, [title, url])
        return parse_qs(urlsplit(link).query)["text"][0] if link else ""

    # Sinhala, quotes, &, #, an emoji and a newline survive the round trip (the newline as a space).
    assert shared('උසස් පෙළ "results" & more #1 😀\nline two', "https://portal.lk/news/abc") == (
        'උසස් පෙළ "results" & more #1 😀 line two https://portal.lk/news/abc'
    )
    assert shared("A title", "") == ""  # nothing to share without an address
    long_text = shared("x " * 5000, "https://portal.lk/jobs/")
    assert long_text.endswith("https://portal.lk/jobs/") and len(long_text) < 250
    # Emoji right at the cut are kept whole or left out, never halved (a half would not encode).
    emoji = shared("😀" * 300, "https://portal.lk/jobs/")
    assert emoji.startswith("😀" * 199 + "…") and "\ufffd" not in emoji
    # Broken text from the backend (a lone surrogate) still gives a link, not an error.
    assert shared("bad \ud800 text", "https://portal.lk/jobs/") == "bad \ufffd text https://portal.lk/jobs/"
