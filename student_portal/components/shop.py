"""The shop: Sinhala heading, category dropdown, product grid, Buy Now on WhatsApp.

`shop_section()` is the whole shop (/shop); `shop_section(limit=Limit.HOME_SHOP_PREVIEW)` is the
home page's preview, with a Show More link to /shop.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.buttons import WHATSAPP, show_more_link
from student_portal.components.feedback import empty_message, list_faces, picture_card_placeholders
from student_portal.components.filters import filter_bar, select_filter
from student_portal.components.image import image, server_picture
from student_portal.components.links import external_link
from student_portal.components.paging import list_count, show_more_button
from student_portal.constants import Limit
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.sharing import first_view
from student_portal.state.shop import ProductCard, ShopState

_EAGER_IMAGES = 4  # one desktop row
GRID = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
PICTURE = "aspect-square w-full rounded-t-lg bg-slate-100 object-cover"


def product_card(product: ProductCard, eager: rx.Var[bool] | bool = False, *, level: int = 3) -> rx.Component:
    """`level`: the name's heading level, one below the section's heading."""
    title = rx.el.h2 if level == 2 else rx.el.h3
    return rx.el.article(
        image(
            src=product.image_url,
            alt=product.name,
            width=400,
            height=400,
            eager=eager,
            class_name=PICTURE,
        ),
        rx.el.div(
            title(product.name, class_name="line-clamp-2 font-semibold text-slate-900"),
            rx.el.p(product.price, data_testid="price", class_name="font-bold text-blue-800"),
            external_link(
                Text.BUY_NOW,
                rx.el.span(" ", product.name, class_name="sr-only"),
                href=product.buy_url,
                class_name=f"{WHATSAPP} mt-auto",
            ),
            # A long Tamil word ("Price Unavailable") may break: two cards fit 360 px in every language.
            class_name="flex min-w-0 flex-1 flex-col gap-2 p-4 [overflow-wrap:anywhere]",
        ),
        data_testid="product-card",
        id="product-" + product.id,  # search results link here
        data_linked_card=True,  # assets/hash_target.js brings it into view
        class_name="flex min-w-0 scroll-mt-20 flex-col rounded-lg border border-slate-200 bg-white shadow-sm "
        "target:ring-2 target:ring-blue-700",
    )


def _product_placeholders(count: int, *, lead: bool) -> rx.Component:
    """The grid's footprint while the products load. On /shop the first card already shows the
    first product's picture for the address's category: the server writes it into the HTML
    (sharing/first_view.py) and the real card asks for the same file, from the browser's cache."""
    return picture_card_placeholders(
        count,
        grid=GRID,
        picture="aspect-square w-full rounded-t-lg",
        bars=("h-5 w-3/4 rounded", "h-5 w-1/3 rounded", "mt-auto h-11 rounded-lg"),
        body="h-40",
        first_picture=server_picture(first_view.PRODUCT_PICTURE, 400, 400, PICTURE) if lead else None,
    )


def shop_section(limit: int | None = None, *, heading_level: int = 2) -> rx.Component:
    """The product grid with its category dropdown; `limit` shows only the first products."""
    products = ShopState.page  # /shop: one page at a time; home: the preview's `limit` only
    heading = rx.el.h1 if heading_level == 1 else rx.el.h2
    return rx.el.section(
        heading(
            Text.SHOP_HEADING, id="shop-heading", lang="si", class_name="text-2xl font-bold text-slate-900 sm:text-3xl"
        ),
        filter_bar(
            select_filter(
                gettext("Category"),
                control_id="shop-category" if limit is None else "shop-preview-category",
                value=ShopState.category,
                # The full shop keeps the choice in its address; the preview filters in place.
                on_change=ShopState.choose_category if limit is None else ShopState.set_category,
                options=ShopState.categories,
                all_label=Text.ALL_CATEGORIES,
            ),
        ),
        list_count(ShopState) if limit is None else rx.fragment(),
        list_faces(  # spec 8: a failed products fetch is only logged, so no error face
            loading=ShopState.loading,
            loading_face=_product_placeholders(limit or Limit.SKELETON_CARDS, lead=limit is None),
            items=products,
            content=rx.el.div(
                rx.foreach(
                    products,
                    # On /shop the first row is the largest paint; the home preview is below the fold.
                    lambda product, index: product_card(
                        product, index < _EAGER_IMAGES if limit is None else False, level=heading_level + 1
                    ),
                ),
                id=ShopState.LIST_ID if limit is None else None,
                class_name=GRID,
            ),
            empty=empty_message(Text.NO_PRODUCTS),
        ),
        show_more_link(ShopState.shop_url) if limit is not None else show_more_button(ShopState),
        aria_labelledby="shop-heading",
        class_name="flex flex-col gap-4",
    )
