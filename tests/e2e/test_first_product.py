"""/shop is sent with its first product's picture for the address's category
(sharing/first_view.py): it loads before any script, with no redirect on its way, and the real
first card shows the same file, fetched once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n.languages import Language, in_language_path
from student_portal.pocketbase import Product
from student_portal.sharing import first_view
from tests.e2e.page_checks import without_app
from tests.e2e.test_first_room import first_card_after_face
from tests.e2e.test_shop import _products
from tests.support.demo_records import demo_records

FACE_PICTURE = f'img[data-preview="{first_view.PRODUCT_PICTURE}"]'


def _picture_of(product: Product) -> re.Pattern[str]:
    return re.compile(rf"^/files/[^/]+/{product.id}/[^/?]+\?thumb=400x400$")


def _category(demo_pocketbase, name: str) -> str:
    return next(c["id"] for c in demo_records(demo_pocketbase, "Categories") if c["name"] == name)


def _first_product(demo_pocketbase, category: str | None = None) -> Product:
    return next(p for p in _products(demo_pocketbase) if category is None or category in p.categories)


@pytest.mark.parametrize(("language", "category_name"), [(Language.EN, None), (Language.SI, "Bags")])
def test_the_html_names_the_first_product_picture_for_the_address(
    page: Page, base_url: str, demo_pocketbase, language: Language, category_name: str | None
) -> None:
    category = _category(demo_pocketbase, category_name) if category_name else None
    query = f"?category={category}" if category else ""
    html = page.request.get(base_url + in_language_path(routes.SHOP, language) + query).text()
    face = re.search(rf'<img\b[^>]*data-preview="{first_view.PRODUCT_PICTURE}"[^>]*>', html)
    assert face is not None, "the loading face's picture is in the page"
    src = re.search(r'\bsrc="([^"]+)"', face.group(0))
    assert src is not None and _picture_of(_first_product(demo_pocketbase, category)).match(
        src.group(1).replace("&amp;", "&")
    )
    assert "/lead-image/" not in html


def test_before_any_script_the_first_product_picture_is_on_screen(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    redirects: list[str] = []
    sized_page.on("response", lambda response: 300 <= response.status < 400 and redirects.append(response.url))
    without_app(sized_page)
    sized_page.goto(base_url + routes.SHOP, wait_until="load")
    picture = sized_page.locator(FACE_PICTURE)
    expect(picture).to_have_attribute("src", _picture_of(_first_product(demo_pocketbase)))
    expect(picture).to_be_in_viewport()
    sized_page.wait_for_function(f"document.querySelector({FACE_PICTURE!r}).naturalWidth > 0")
    assert redirects == []  # the picture's own address: no redirect on its way


def test_the_first_card_shows_the_same_picture_fetched_once(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    category = _category(demo_pocketbase, "Bags")
    first = _first_product(demo_pocketbase, category)
    card = first_card_after_face(
        sized_page, f"{base_url}{routes.SHOP}?category={category}", "product-card", first.id, FACE_PICTURE
    )
    expect(card.get_by_role("heading")).to_have_text(first.name)
    expect(card.locator("img")).to_have_attribute("src", _picture_of(first))
