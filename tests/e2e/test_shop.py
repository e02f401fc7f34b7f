"""The shop (/shop): every product, category filter in the address, Buy Now on WhatsApp."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import SHOP_WHATSAPP_NUMBER
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Product
from tests.e2e.address_helpers import is_same_document, mark_document
from tests.support.demo_records import demo_records


def _products(demo_pocketbase) -> list[Product]:
    return [Product.model_validate(p) for p in demo_records(demo_pocketbase, "Products")]


def test_shop_lists_every_product_with_image_name_price_and_buy_now(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    products = _products(demo_pocketbase)
    sized_page.goto(base_url + routes.SHOP)
    expect(sized_page).to_have_title(re.compile(r"^Shop \|"))
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.SHOP_HEADING)
    cards = sized_page.get_by_test_id("product-card")
    expect(cards).to_have_count(len(products))
    expect(cards.get_by_role("heading")).to_have_text([p.name for p in products])
    expect(cards.get_by_test_id("price")).to_have_text([p.price_label for p in products])
    assert any(p.price_label == Text.PRICE_UNAVAILABLE for p in products), "demo data has a product without price"
    first = cards.first.get_by_role("img")
    expect(first).to_have_attribute("alt", products[0].name)
    expect(first).to_have_attribute("src", re.compile(r"^/files/.+\?thumb=400x400$"))


def test_buy_now_opens_whatsapp_to_the_shop_number_with_the_product_prefilled(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    products = _products(demo_pocketbase)
    page.goto(base_url + routes.SHOP)
    tricky = next(p for p in products if "&" in p.name and "#" in p.name)
    card = page.get_by_test_id("product-card").filter(has_text=tricky.name)
    link = card.get_by_role("link", name=re.compile(f"^{Text.BUY_NOW}"))
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    href = link.get_attribute("href") or ""
    parts = urlsplit(href)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "wa.me", f"/{SHOP_WHATSAPP_NUMBER}")
    assert parse_qs(parts.query) == {"text": [Text.buy_message(tricky.name)]}


def test_category_filter_shows_its_products_and_goes_into_the_address(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    products = _products(demo_pocketbase)
    categories = demo_records(demo_pocketbase, "Categories")
    electronics = next(c for c in categories if c["name"] == "Electronics")
    expected = [p.name for p in products if electronics["id"] in p.categories]
    sized_page.goto(base_url + routes.SHOP)
    cards = sized_page.get_by_test_id("product-card")
    expect(cards).to_have_count(len(products))
    select = sized_page.get_by_label("Category")
    expect(select.locator("option")).to_have_text([Text.ALL_CATEGORIES] + [c["name"] for c in categories])
    mark_document(sized_page)
    select.select_option(label="Electronics")
    expect(cards.get_by_role("heading")).to_have_text(expected)
    expect(sized_page).to_have_url(f"{base_url}/shop?category={electronics['id']}")
    assert is_same_document(sized_page)
    select.select_option(label=Text.ALL_CATEGORIES)
    expect(cards).to_have_count(len(products))
    expect(sized_page).to_have_url(f"{base_url}/shop")


def test_a_shared_category_link_opens_the_same_view(page: Page, base_url: str, demo_pocketbase) -> None:
    products = _products(demo_pocketbase)
    bags = next(c for c in demo_records(demo_pocketbase, "Categories") if c["name"] == "Bags")
    page.goto(f"{base_url}/shop?category={bags['id']}")
    expect(page.get_by_label("Category")).to_have_value(bags["id"])
    expect(page.get_by_test_id("product-card")).to_have_count(sum(bags["id"] in p.categories for p in products))
    page.reload()
    expect(page.get_by_label("Category")).to_have_value(bags["id"])


def test_an_unknown_category_in_the_address_shows_all_categories(page: Page, base_url: str, demo_pocketbase) -> None:
    page.goto(base_url + "/shop?category=nonsense")
    expect(page.get_by_test_id("product-card")).to_have_count(len(_products(demo_pocketbase)))
    expect(page.get_by_label("Category")).to_have_value("")


def test_an_empty_shop_says_so(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.goto(base_url + routes.SHOP)
    expect(page.get_by_text(Text.NO_PRODUCTS)).to_be_visible()
    expect(page.get_by_test_id("product-card")).to_have_count(0)


def test_a_dead_backend_leaves_the_shop_empty_without_an_error(page: Page, base_url: str, backend) -> None:
    # Spec 8: a failed products fetch is only logged.
    backend.down()
    page.goto(base_url + routes.SHOP)
    expect(page.get_by_text(Text.NO_PRODUCTS)).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text(Text.SHOP_HEADING)
