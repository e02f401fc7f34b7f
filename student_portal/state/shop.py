"""The shop: products and categories from the shared content cache, filtered by category.

Used by the full /shop page and by the home page's preview (first Limit.HOME_SHOP_PREVIEW
products). Spec 8: a failed products or categories fetch is only logged; the list stays empty.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import reflex as rx

from student_portal import routes
from student_portal.constants import SHOP_WHATSAPP_NUMBER, Limit, Text
from student_portal.pocketbase import Category, Collection, Product
from student_portal.state.address import replace_address
from student_portal.state.content import file_url, public_rows
from student_portal.state.options import Option, option, usable
from student_portal.state.sections import load_sections
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


class ShopState(rx.State):
    _products: list[ProductCard] = []  # backend only: the page gets its filtered view
    categories: list[Option] = []
    category: str = ""  # a Categories id; "" = All Categories
    loading: bool = True

    @rx.var
    def visible_products(self) -> list[ProductCard]:
        return filter_by_category(self._products, self.category, "categories")

    @rx.var
    def shop_url(self) -> str:
        """Show More keeps the chosen category."""
        return page_url(routes.SHOP, {"category": self.category})

    @rx.event
    def set_category(self, value: str):
        """The home preview's dropdown: filters in place (the home address has no shop query)."""
        self.category = bounded_text(value, Limit.CHOICE_MAX_CHARS)

    @rx.event
    def choose_category(self, value: str):
        """The /shop dropdown: filters and writes ?category= into the address."""
        self.category = bounded_text(value, Limit.CHOICE_MAX_CHARS)
        return replace_address(routes.SHOP, {"category": self.category})

    @rx.event(background=True)
    async def load(self):
        await load_sections(self, [ShopState])

    @staticmethod
    async def _fetch() -> tuple[list[ProductCard] | None, list[Option] | None]:
        return await asyncio.gather(
            public_rows(Collection.PRODUCTS, Product, product_card),
            public_rows(Collection.CATEGORIES, Category, option),
        )

    def _show(self, lists: tuple[list[ProductCard] | None, list[Option] | None] | None) -> None:
        products, categories = lists or (None, None)
        options = usable(categories)
        self._products = products or []
        self.categories = options
        # The category from the address (/shop?category=); an unknown or stale id in a shared
        # link falls back to All Categories.
        params = dict(self.router.url.query_parameters)
        self.category = query_choice(params, "category", {o.value for o in options})
        self.loading = False
