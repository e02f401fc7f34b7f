"""Articles (/article): every article as a card, or "No articles available"."""

import reflex as rx

from student_portal import routes
from student_portal.components.articles import article_cards
from student_portal.components.layout import site_page
from student_portal.i18n import N_
from student_portal.i18n.texts import Text
from student_portal.state.articles import ArticlePageState


@site_page(
    route=routes.ARTICLE,
    title=Text.ARTICLES,
    description=N_("Study plans, university choices and student life guides for Sri Lankan students."),
    on_load=ArticlePageState.load,
)
def article() -> rx.Component:
    return rx.el.section(
        rx.el.h1(Text.ARTICLES, class_name="text-3xl font-bold"),
        article_cards(),
        class_name="flex flex-col gap-6",
    )
