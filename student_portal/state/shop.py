"""The shop: products and categories from the shared content cache, filtered by category.

Used by the full /shop page and by the home page's preview (first Limit.HOME_SHOP_PREVIEW
products). Spec 8: a failed products or categories fetch is only logged; the list stays empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import reflex as rx

from student_portal.constants import SHOP_WHATSAPP_NUMBER, Text
from student_portal.pocketbase import Category, Collection, Product, configured_client
from student_portal.state.address import replace_address
from student_portal.state.content import public_records
from student_portal.state.options import Option, options_from
from student_portal.utils.query import query_choice

SHOP_PATH = "/shop"
PRODUCT_THUMB = "400x400"  # Products.image thumbs in the schema


@dataclass
class ProductCard:
    id: str
    name: str
    price: str  # "Rs 380" or Price Unavailable
    image_url: str
    buy_url: str  # the WhatsApp chat with the prefilled "I want to buy ..." text
    categories: list[str] = field(default_factory=list)


def _buy_url(product_name: str) -> str:
    from urllib.parse import quote  # TEMP: utils.phone.whatsapp_link replaces this when main lands

    return f"https://wa.me/{SHOP_WHATSAPP_NUMBER}?text={quote(Text.buy_message(product_name), safe='')}"


def product_card(product: Product) -> ProductCard:
    image = configured_client().file_url(product.collection_id, product.id, product.image, thumb=PRODUCT_THUMB)
    return ProductCard(
        id=product.id,
        name=product.name,
        price=product.price_label,
        image_url=image,
        buy_url=_buy_url(product.name),
        categories=list(product.categories),
    )


class ShopState(rx.State):
    products: list[ProductCard] = []
    categories: list[Option] = []
    category: str = ""  # a Categories id; "" = All Categories
    loading: bool = True

    @rx.var
    def visible_products(self) -> list[ProductCard]:
        """Spec 4: an empty category means all; otherwise products whose list holds the id."""
        if not self.category:
            return self.products
        return [p for p in self.products if self.category in p.categories]

    @rx.var
    def shop_url(self) -> str:
        """Show More keeps the chosen category."""
        return f"{SHOP_PATH}?category={self.category}" if self.category else SHOP_PATH

    @rx.event
    def set_category(self, value: str):
        """The home preview's dropdown: filters in place (the home address has no shop query)."""
        self.category = value

    @rx.event
    def choose_category(self, value: str):
        """The /shop dropdown: filters and writes ?category= into the address."""
        self.category = value
        return replace_address(SHOP_PATH, {"category": self.category})

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = dict(self.router.url.query_parameters)
            self.loading = not self.products
        products, categories = await public_records(Collection.PRODUCTS, Collection.CATEGORIES)
        async with self:
            self.products = [product_card(p) for p in products or [] if isinstance(p, Product)]
            self.categories = options_from(c for c in categories or [] if isinstance(c, Category))
            # An unknown or stale id in a shared link falls back to All Categories.
            self.category = query_choice(params, "category", {o.value for o in self.categories})
            self.loading = False
