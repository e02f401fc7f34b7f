"""Home: the Kuppi Recordings and shop previews (spec: Recordings preview, Shop preview)."""

from __future__ import annotations

import re
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from student_portal.constants import SHOP_WHATSAPP_NUMBER, Limit
from student_portal.i18n.texts import Text
from tests.e2e.conftest import DESKTOP

SUBJECT = re.compile(r"Combined Maths|Physics|Chemistry|ICT|Economics|Accounting|Unknown")


def _recordings(page: Page):
    return page.locator("section", has=page.get_by_role("heading", name=Text.KUPPI_RECORDINGS, exact=True))


def _shop(page: Page):
    return page.locator("section", has=page.get_by_role("heading", name=Text.SHOP_HEADING, exact=True))


def test_recordings_preview_shows_the_first_four_in_two_columns(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    cards = _recordings(sized_page).get_by_test_id("recording-card")
    expect(cards).to_have_count(Limit.RECORDINGS_PREVIEW)
    for card in cards.all():
        expect(card).to_contain_text(SUBJECT)  # the subject badge
        expect(card.get_by_role("heading")).to_have_class(re.compile(r"\bline-clamp-2\b"))
    boxes = [card.bounding_box() for card in cards.all()]
    columns = {round(box["x"]) for box in boxes}
    assert len(columns) == (2 if sized_page.viewport_size == DESKTOP else 1)
    show_more = _recordings(sized_page).get_by_role("link", name=Text.SHOW_MORE)
    expect(show_more).to_have_attribute("href", "/youtube")


def test_recordings_preview_videos_play_when_tapped(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    cards = _recordings(page).get_by_test_id("recording-card")
    expect(cards).to_have_count(Limit.RECORDINGS_PREVIEW)
    play = re.compile(Text.PLAY_VIDEO)
    # The play buttons come with react-player's preview, a chunk loaded after the cards are drawn.
    expect(_recordings(page).get_by_role("button", name=play).first).to_be_visible()
    index = next(i for i, card in enumerate(cards.all()) if card.get_by_role("button", name=play).count())
    card = cards.nth(index)
    expect(card.locator("iframe")).to_have_count(0)
    card.get_by_role("button", name=play).click()
    expect(card.locator("iframe")).to_have_attribute(
        "src", re.compile(r"youtube-nocookie\.com/embed/[\w-]{11}\?(.+&)?rel=0(&|$)")
    )


def test_shop_preview_shows_two_products_a_category_filter_and_show_more(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    shop = _shop(sized_page)
    cards = shop.get_by_test_id("product-card")
    expect(cards).to_have_count(Limit.HOME_SHOP_PREVIEW)
    expect(cards.nth(0).get_by_role("heading")).to_have_text("Atlas CR Book 120 Pages (Single Ruled)")
    expect(cards.nth(0).get_by_test_id("price")).to_have_text("Rs 380")
    buy = cards.nth(0).get_by_role("link", name=re.compile(f"^{Text.BUY_NOW}"))
    expect(buy).to_have_attribute("target", "_blank")
    href = buy.get_attribute("href") or ""
    assert href.startswith(f"https://wa.me/{SHOP_WHATSAPP_NUMBER}?text=")
    assert "Atlas CR Book" in unquote(href)
    select = shop.get_by_role("combobox")
    expect(select.locator("option").first).to_have_text(Text.ALL_CATEGORIES)
    select.select_option(label="Electronics")
    expect(cards).to_have_count(Limit.HOME_SHOP_PREVIEW)
    expect(cards.get_by_role("heading")).to_have_text(
        ["Casio fx-991ES Plus Scientific Calculator", "SanDisk USB Flash Drive 32GB"]
    )
    select.select_option(label="Bags")
    expect(cards).to_have_count(1)
    expect(shop.get_by_role("link", name=Text.SHOW_MORE)).to_have_attribute("href", re.compile(r"^/shop"))


def test_the_home_page_loads_both_previews_on_arrival(page: Page, base_url: str) -> None:
    """The previews' own loads run from the home page's on_load, not only from /youtube and /shop."""
    page.goto(base_url + "/")
    expect(_recordings(page).get_by_test_id("recording-card").first).to_be_visible()
    expect(_shop(page).get_by_test_id("product-card").first).to_be_visible()
    expect(page.get_by_test_id("skeletons")).to_have_count(0)
