"""The shop: products and categories from the shared content cache, filtered by category.

Used by the full /shop page and by the home page's preview (first Limit.HOME_SHOP_PREVIEW
products). Spec 8: a failed products or categories fetch is only logged; the list stays empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import SHOP_WHATSAPP_NUMBER, Limit
from student_portal.i18n import Np_
from student_portal.i18n.languages import english_page
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Category, Collection, Product
from student_portal.state.address import replace_address
from student_portal.state.content import SharedView, file_url, public_lists
from student_portal.state.options import Option, option, usable
from student_portal.state.paging import PagedList
from student_portal.state.sections import Section
from student_portal.utils.filters import filter_by_category
from student_portal.utils.phone import whatsapp_link
from student_portal.utils.query import bounded_text, page_url, query_choice

PRODUCT_THUMB = "400x400"  # Products.image thumbs in the schema


@dataclass
class ProductCard:
    id: str
    name: str
    price: str  # "Rs 380" or Price Unavailable
    image_url: str
    buy_url: str  # the WhatsApp chat with the prefilled "I want to buy ..." text
    categories: list[str] = field(default_factory=list)


def product_card(product: Product) -> ProductCard:
    return ProductCard(
        id=product.id,
        name=product.name,
        price=product.price_label,
        image_url=file_url(product, product.image, PRODUCT_THUMB),
        buy_url=whatsapp_link(SHOP_WHATSAPP_NUMBER, Text.buy_message(product.name)) or "",
        categories=list(product.categories),
    )


@dataclass(frozen=True)
class ShopView(SharedView):
    """Every product card and the category choices, shared by every visitor (read-only)."""

    cards: list[ProductCard]
    categories: list[Option]
    LISTS: ClassVar[tuple[str, ...]] = (Collection.PRODUCTS, Collection.CATEGORIES)

    def matching(self, category: str) -> list[ProductCard]:
        """Spec 4: all products, or those whose category list contains the chosen id."""
        return self.filtered(category, lambda: filter_by_category(self.cards, category, "categories"))

    def category_of(self, params: Mapping[str, str]) -> str:
        """The address's category (/shop?category=) when it is one of the categories; an unknown
        or stale id in a shared link falls back to All Categories ("")."""
        return query_choice(params, "category", {o.value for o in self.categories})

    def for_address(self, params: Mapping[str, str]) -> list[ProductCard]:
        """The products /shop?category=.. opens with (its first card: sharing/first_view.py)."""
        return self.matching(self.category_of(params))


async def shop_view() -> ShopView:
    products, categories = await public_lists(
        (Collection.PRODUCTS, Product, product_card), (Collection.CATEGORIES, Category, option)
    )
    if products is None or categories is None:
        # A failed read: not the shared view the cache's last version of the lists made.
        return ShopView(products or [], usable(categories))
    return ShopView.shared(lambda: ShopView(products, usable(categories)))


class ShopState(PagedList, Section, rx.State):
    """/shop pages its products; the home preview shows Limit.HOME_SHOP_PREVIEW of them."""

    PAGE_SIZE: ClassVar[int] = Limit.SHOP_PAGE
    LIST_ID: ClassVar[str] = "shop-grid"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} product", "{count} products")

    page: list[ProductCard] = []  # the cards shown: one page on /shop, the preview on home
    categories: list[Option] = []
    category: str = ""  # a Categories id; "" = All Categories
    loading: bool = True

    @rx.var
    def shop_url(self) -> str:
        """Show More keeps the chosen category."""
        return page_url(routes.SHOP, {"category": self.category})

    def _address(self) -> EventSpec:
        return replace_address(routes.SHOP, {"category": self.category, **self._show_query()})

    def _show_view(self, view: ShopView) -> None:
        self.categories = view.categories
        self.page = self._paged(view.matching(self.category))
        self.loading = False

    async def _refresh_page(self) -> None:
        self._show_view(await shop_view())

    @rx.event
    async def set_category(self, value: str):
        """The home preview's dropdown: filters in place (the home address has no shop query)."""
        self.category = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        self.shown = Limit.HOME_SHOP_PREVIEW
        await self._refresh_page()

    @rx.event
    async def choose_category(self, value: str):
        """The /shop dropdown: filters and writes ?category= into the address."""
        self.category = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        self._first_page()
        await self._refresh_page()
        return self._address()

    @staticmethod
    async def _fetch() -> ShopView:
        return await shop_view()

    def _show(self, view: ShopView | None) -> None:
        view = view or ShopView([], [])
        url = self.router.url  # once: each read assembles the router from the state's fields
        params = dict(url.query_parameters)
        self.category = view.category_of(params)
        on_shop = english_page(url.path) == routes.SHOP  # /si/shop too
        self.shown = self._shown_from(params) if on_shop else Limit.HOME_SHOP_PREVIEW
        self._show_view(view)
