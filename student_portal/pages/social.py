"""Social channels (/social): every social-channel card."""

import reflex as rx

from student_portal import routes
from student_portal.components.layout import site_page
from student_portal.components.social import social_cards
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.server.first_answer import FirstAnswer
from student_portal.state.social import SocialState


@site_page(
    route=routes.SOCIAL,
    title=Text.SOCIAL,
    description=N_("Follow Student Portal on YouTube, Facebook, TikTok, WhatsApp and Telegram."),
    first_answer=FirstAnswer((SocialState,), SocialState.load),
)
def social() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.SOCIAL, class_name="text-3xl font-bold"),
        social_cards(card_heading=rx.el.h2),
        class_name="flex flex-col gap-6",
    )
