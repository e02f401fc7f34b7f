"""Articles: rich text (sanitised in state/articles.py), one at a time on home, as cards on /article."""

from __future__ import annotations

import reflex as rx

from student_portal.components.carousel import carousel
from student_portal.components.feedback import empty_message, skeleton_cards
from student_portal.components.paging import list_count, show_more_button
from student_portal.constants import Timing
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.state.articles import ArticleBody, ArticlePageState, ArticlesState
from student_portal.utils.slots import Slot

# Tailwind Typography gives stored HTML (headings, lists, tables, links) a readable look.
PROSE = (
    "prose prose-slate max-w-none prose-a:text-blue-700 prose-table:block prose-table:overflow-x-auto dark:prose-invert"
)


def article_content(article: ArticleBody) -> rx.Component:
    return rx.html(article.html, class_name=PROSE)


def _slide(article: ArticleBody, _index: rx.Var[int]) -> rx.Component:
    return rx.el.article(article_content(article), class_name="h-full rounded-xl bg-white p-5 shadow-sm sm:p-8")


def articles_section() -> rx.Component:
    """Home: one article at a time, next every 7 s, previous/next wrap both ways."""
    return rx.el.section(
        rx.el.h2(Text.ARTICLES, class_name="text-2xl font-bold"),
        rx.cond(
            ArticlesState.loading,
            skeleton_cards(1, "h-80"),
            rx.cond(
                ArticlesState.articles,
                carousel(
                    Slot.HOME_ARTICLES,
                    ArticlesState.articles,
                    _slide,
                    label=Text.ARTICLES,
                    interval_ms=Timing.ARTICLE_ADVANCE_MS,
                    noun=gettext("article"),
                ),
                empty_message(Text.NO_ARTICLES),
            ),
        ),
        class_name="flex flex-col gap-4",
    )


def article_cards() -> rx.Component:
    """/article: every article as a card, a page at a time."""
    return rx.cond(
        ArticlePageState.loading,
        skeleton_cards(2, "h-80"),
        rx.cond(
            ArticlePageState.page,
            rx.el.div(
                list_count(ArticlePageState),
                rx.el.div(
                    rx.foreach(
                        ArticlePageState.page,
                        lambda article: rx.el.article(
                            article_content(article),
                            id="article-" + article.id,  # search results link here
                            data_linked_card=True,  # assets/hash_target.js brings it into view
                            class_name="scroll-mt-20 rounded-xl bg-white p-5 shadow-sm target:ring-2 "
                            "target:ring-blue-700 sm:p-8",
                        ),
                    ),
                    id=ArticlePageState.LIST_ID,
                    class_name="grid gap-6",
                ),
                show_more_button(ArticlePageState),
                class_name="flex flex-col gap-4",
            ),
            empty_message(Text.NO_ARTICLES),
        ),
    )
