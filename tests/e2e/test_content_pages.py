"""The standalone pages: /news/{id}, /article, /talent, /social (spec: Other screens)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import SITE_NAME
from student_portal.i18n.languages import Language, in_language_path
from student_portal.i18n.texts import Text


def _meta_description(page: Page) -> str:
    return page.locator('meta[name="description"]').get_attribute("content") or ""


def test_a_news_page_shows_title_picture_content_and_a_way_back(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/news/news00000000002")
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(
        "UGC publishes Z-score cut-off marks for the 2025/2026 intake"
    )
    expect(sized_page.locator("main article img")).to_have_attribute(
        "src", re.compile(r"/news00000000002/.+thumb=640x360$")
    )
    expect(sized_page.get_by_role("heading", name="Highlights")).to_be_visible()
    expect(sized_page.get_by_role("link", name="ugc.ac.lk")).to_have_attribute("href", "https://www.ugc.ac.lk")
    expect(sized_page).to_have_title(f"News | {SITE_NAME}")
    assert _meta_description(sized_page)
    sized_page.get_by_role("link", name="Back to home").click()
    expect(sized_page).to_have_url(base_url + "/")


def test_an_unknown_news_id_reads_article_not_found(page: Page, base_url: str) -> None:
    page.goto(base_url + "/news/doesnotexist123")
    expect(page.get_by_text(Text.ARTICLE_NOT_FOUND)).to_be_visible()
    expect(page.get_by_role("link", name="Back to home")).to_have_attribute("href", "/")


def test_inactive_news_is_not_published_by_its_link_either(page: Page, base_url: str) -> None:
    page.goto(base_url + "/news/news00000000006")
    expect(page.get_by_text(Text.ARTICLE_NOT_FOUND)).to_be_visible()
    expect(page.get_by_text("Kuppi marathon")).to_have_count(0)


def test_a_failed_news_fetch_reads_article_not_found(page: Page, base_url: str, backend) -> None:
    backend.server_error()
    page.goto(base_url + "/news/news00000000001")
    expect(page.get_by_text(Text.ARTICLE_NOT_FOUND)).to_be_visible()


def test_the_article_page_lists_every_article_as_rich_text(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.ARTICLE)
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.ARTICLES)
    cards = sized_page.locator("main article")
    expect(cards).to_have_count(3)
    expect(cards.nth(1).locator("h2").first).to_have_text("Choosing a degree: Moratuwa, Peradeniya or Colombo?")
    expect(cards.nth(1).locator("table")).to_be_visible()
    expect(cards.nth(1).get_by_role("link", name="UGC handbook")).to_have_attribute("href", "https://www.ugc.ac.lk")
    expect(sized_page).to_have_title(f"{Text.ARTICLES} | {SITE_NAME}")
    assert _meta_description(sized_page)


def test_the_article_page_without_articles_says_so(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.goto(base_url + routes.ARTICLE)
    expect(page.get_by_text(Text.NO_ARTICLES)).to_be_visible()


def test_the_talent_page_shows_every_talent_with_the_filter(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.TALENT)
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.TALENTS)
    cards = sized_page.get_by_test_id("talent-card")
    expect(cards).to_have_count(6)
    sized_page.get_by_role("combobox").select_option(label="Singing")
    expect(cards).to_have_count(2)
    expect(sized_page).to_have_title(f"Talents | {SITE_NAME}")
    assert _meta_description(sized_page)


@pytest.mark.parametrize("language", [Language.SI, Language.TA], ids=lambda language: language.value)
@pytest.mark.parametrize(("route", "card"), [(routes.TALENT, "talent-card"), (routes.SHOP, "product-card")])
def test_a_list_page_in_sinhala_or_tamil_shows_as_many_cards_as_in_english(
    page: Page, base_url: str, route: str, card: str, language: Language
) -> None:
    # The same state fills the home page's short preview and the whole page: the page's
    # language prefix must not make /si/shop a preview.
    page.goto(base_url + route)
    cards = page.get_by_test_id(card)
    expect(cards.first).to_be_visible()
    english = cards.count()
    assert english > 3, "the demo data has more than a home preview's worth"
    page.goto(base_url + in_language_path(route, language))
    expect(cards).to_have_count(english)


def test_the_social_page_shows_every_card(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.SOCIAL)
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.SOCIAL)
    expect(sized_page.locator("main article")).to_have_count(5)
    expect(sized_page).to_have_title(f"{Text.SOCIAL} | {SITE_NAME}")
    assert _meta_description(sized_page)
