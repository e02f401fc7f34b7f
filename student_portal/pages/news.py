"""One news item (/news/{id}): title, picture, content and a way back home."""

import reflex as rx

from student_portal import routes
from student_portal.components.articles import PROSE
from student_portal.components.feedback import skeleton_cards
from student_portal.components.icons import icon
from student_portal.components.image import image
from student_portal.components.layout import site_page
from student_portal.components.links import internal_link
from student_portal.components.share import share_button
from student_portal.i18n import N_, gettext
from student_portal.i18n.texts import Text
from student_portal.state.news_article import NewsArticleState


def back_home() -> rx.Component:
    return internal_link(
        icon("arrow-left", "size-5"),
        gettext("Back to home"),
        href=routes.HOME,
        class_name="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-3 font-semibold text-blue-700 "
        "hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700",
    )


def news_article() -> rx.Component:
    return rx.el.article(
        rx.el.h1(NewsArticleState.title, class_name="text-3xl font-bold"),
        rx.cond(
            NewsArticleState.image_url,
            image(
                src=NewsArticleState.image_url,
                alt="",
                width=640,
                height=360,
                class_name="aspect-video w-full max-w-2xl rounded-xl bg-slate-200 object-cover",
            ),
        ),
        share_button(NewsArticleState.title, NewsArticleState.share_url, words=True),
        rx.html(NewsArticleState.html, class_name=PROSE),
        class_name="flex flex-col gap-5",
    )


@site_page(
    route=routes.NEWS_ITEM,
    title=N_("News"),
    description=N_("Exam, results and university news for Sri Lankan students."),
    on_load=NewsArticleState.load,
)
def news() -> rx.Component:
    return rx.el.div(
        back_home(),
        rx.cond(
            NewsArticleState.loading,
            skeleton_cards(1, "h-96"),
            rx.cond(
                NewsArticleState.found,
                news_article(),
                rx.el.div(
                    rx.el.h1(Text.ARTICLE_NOT_FOUND, class_name="py-8 text-2xl font-semibold text-slate-700"),
                    role="status",
                ),
            ),
        ),
        class_name="flex max-w-3xl flex-col gap-4",
    )
