"""The shop (/shop): every product, filtered by category (?category=<id>)."""

import reflex as rx

from student_portal import routes
from student_portal.components.layout import site_page
from student_portal.components.shop import shop_section
from student_portal.i18n import N_
from student_portal.server.first_answer import FirstAnswer
from student_portal.state.shop import ShopState


@site_page(
    route=routes.SHOP,
    title=N_("Shop"),
    description=N_("Books, past papers, calculators and stationery for students. Order on WhatsApp."),
    first_answer=FirstAnswer((ShopState,), ShopState.load),
)
def shop() -> rx.Component:
    return shop_section(heading_level=1)
