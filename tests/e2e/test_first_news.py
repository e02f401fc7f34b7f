"""The home page's first news item is in the HTML the server sends (sharing/first_view.py):
on screen before any script, kept by hydration, then the carousel with the same slide."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text
from student_portal.sharing import first_view
from tests.e2e.carousel_helpers import shown_slide
from tests.e2e.page_checks import without_app
from tests.e2e.test_home_news import ACTIVE_NEWS, _news

FACE_TITLE = f'h3[data-preview="{first_view.TITLE}"]'
FACE_EXCERPT = f'p[data-preview="{first_view.EXCERPT}"]'
FACE_PICTURE = f'img[data-preview="{first_view.PICTURE}"]'
FIRST_PICTURE = re.compile(r"^/files/.+/news00000000001/.+thumb=640x360$")
EXCERPT = "Department of Examinations has released the 2025 A/L results"

# Watches the face's title from the first parsed byte: was it ever emptied while on the page?
WATCH_FACE = f"""
window.__faceEmptied = false;
new MutationObserver(() => {{
  const title = document.querySelector({FACE_TITLE!r});
  if (title && title.isConnected && title.textContent === "") window.__faceEmptied = true;
}}).observe(document, {{subtree: true, childList: true, characterData: true}});
"""


@pytest.mark.parametrize("language", [Language.EN, Language.SI])
def test_the_html_the_server_sends_holds_the_first_news_item(page: Page, base_url: str, language: Language) -> None:
    html = page.request.get(base_url + in_language_path("/", language)).text()
    # The title element carries its elementtiming name too (benchmarks/first_paint.py times its paint).
    title = re.search(rf'<h3 [^>]*data-preview="{first_view.TITLE}"[^>]*>([^<]*)</h3>', html)
    assert title is not None and title.group(1) == ACTIVE_NEWS[0]
    assert f'elementtiming="{first_view.TITLE_TIMING}"' in title.group(0)
    assert EXCERPT in html
    assert "Scheduled maintenance" not in html  # inactive news stays out


def test_before_any_script_the_first_news_title_is_on_screen(sized_page: Page, base_url: str) -> None:
    without_app(sized_page)
    sized_page.goto(base_url + "/", wait_until="load")
    expect(sized_page.locator(FACE_TITLE)).to_have_text(ACTIVE_NEWS[0])
    expect(sized_page.locator(FACE_TITLE)).to_be_visible()
    expect(sized_page.locator(FACE_EXCERPT)).to_contain_text(EXCERPT)
    picture = sized_page.locator(FACE_PICTURE)
    expect(picture).to_have_attribute("src", FIRST_PICTURE)
    sized_page.wait_for_function(f"document.querySelector({FACE_PICTURE!r}).naturalWidth > 0")


def test_hydration_keeps_the_title_until_the_carousel_shows_the_same_slide(sized_page: Page, base_url: str) -> None:
    errors: list[str] = []
    sized_page.on("pageerror", lambda error: errors.append(str(error)))
    sized_page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    sized_page.add_init_script(WATCH_FACE)
    pictures: list[str] = []
    sized_page.on("request", lambda request: "news00000000001" in request.url and pictures.append(request.url))
    sized_page.goto(base_url + "/")
    expect(shown_slide(_news(sized_page)).get_by_role("heading")).to_have_text(ACTIVE_NEWS[0])
    expect(shown_slide(_news(sized_page)).locator("img")).to_have_attribute("src", FIRST_PICTURE)
    sized_page.wait_for_load_state("load")
    assert len(pictures) == 1, pictures  # the face's picture, which the slide finds in the cache
    expect(sized_page.locator(FACE_TITLE)).to_have_count(0)  # the face made way for the carousel
    assert sized_page.evaluate("window.__faceEmptied") is False
    assert not [e for e in errors if "418" in e or "ydration" in e], errors


def _news_height(page: Page) -> float:
    section = page.locator("section", has=page.get_by_role("heading", name=Text.LATEST_NEWS, level=2))
    box = section.bounding_box()
    assert box is not None
    return box["height"]


def test_the_carousel_takes_the_faces_place_without_moving_what_is_below(sized_page: Page, base_url: str) -> None:
    sized_page.route("**/assets/*.js", lambda route: route.abort())
    sized_page.goto(base_url + "/", wait_until="load")
    expect(sized_page.locator(FACE_TITLE)).to_have_text(ACTIVE_NEWS[0])
    face = _news_height(sized_page)
    sized_page.unroute("**/assets/*.js")
    sized_page.goto(base_url + "/")
    expect(shown_slide(_news(sized_page)).get_by_role("heading")).to_have_text(ACTIVE_NEWS[0])
    # Within a few pixels (the face had been 112 px shorter at phone width: the button, the dots).
    assert abs(_news_height(sized_page) - face) <= 8, (face, _news_height(sized_page))
