"""Articles: rich text, sanitised on the server before any component sees it.

The old site rendered the stored HTML as is (a stored `<img onerror=...>` ran in every
visitor's browser); here `clean_html` keeps the formatting and drops scripts, event handlers
and javascript: links.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_
from student_portal.pocketbase import Article
from student_portal.pocketbase.collections import Collection
from student_portal.state.address import replace_address
from student_portal.state.content import public_rows, shared_view
from student_portal.state.paging import PagedList
from student_portal.state.sections import Section
from student_portal.utils.headings import fit_headings
from student_portal.utils.sanitize import clean_html

# Home shows articles inside its "Articles" section (h2): titles become h3. /article lists them
# right under its h1: titles become h2.
HOME_HEADING_LEVEL = 3
PAGE_HEADING_LEVEL = 2


@dataclass
class ArticleBody:
    id: str
    html: str  # sanitised


def _body(record: Article, heading_level: int) -> ArticleBody:
    return ArticleBody(id=record.id, html=fit_headings(clean_html(record.conent), heading_level))


# Module-level shapes: the content cache shapes each list once per shape for every visitor.
def article_body(record: Article) -> ArticleBody:
    return _body(record, HOME_HEADING_LEVEL)


def page_article_body(record: Article) -> ArticleBody:
    return _body(record, PAGE_HEADING_LEVEL)


def readable(articles: list[ArticleBody] | None) -> list[ArticleBody]:
    """Spec 8: a failure is only logged; the list stays empty ("No articles available")."""
    return [article for article in articles or [] if article.html.strip()]


class ArticlesState(Section, rx.State):
    SHARED_ONLY: ClassVar[bool] = True  # the same for every visitor: not kept between events (sections.py)
    articles: list[ArticleBody] = []
    loading: bool = True

    @staticmethod
    async def _fetch() -> list[ArticleBody] | None:
        articles = await public_rows(Collection.ARTICLES, Article, article_body)
        if articles is None:
            return None
        # The carousel draws every slide it holds: the newest few, in the spec's order (once
        # per version of the list, for every visitor).
        return shared_view(
            (Collection.ARTICLES,), "home carousel", lambda: readable(articles)[-Limit.HOME_ARTICLES_MAX :]
        )

    def _show(self, articles: list[ArticleBody] | None) -> None:
        self.articles = readable(articles)
        self.loading = False


async def page_articles() -> list[ArticleBody] | None:
    """Every readable article titled for /article, once per version of the list (shared)."""
    articles = await public_rows(Collection.ARTICLES, Article, page_article_body)
    if articles is None:
        return None
    return shared_view((Collection.ARTICLES,), "readable", lambda: readable(articles))


class ArticlePageState(PagedList, Section, rx.State):
    """/article: the articles as cards, titled one level higher, a page at a time. A state of
    its own so the home page's delta does not carry a second copy of the articles."""

    PAGE_SIZE: ClassVar[int] = Limit.ARTICLES_PAGE
    LIST_ID: ClassVar[str] = "article-cards"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} article", "{count} articles")

    page: list[ArticleBody] = []
    loading: bool = True

    def _address(self) -> EventSpec:
        return replace_address(routes.ARTICLE, self._show_query())

    async def _refresh_page(self) -> None:
        self._show_page(await page_articles())

    @staticmethod
    async def _fetch() -> list[ArticleBody] | None:
        return await page_articles()

    def _show(self, articles: list[ArticleBody] | None) -> None:
        self.shown = self._shown_from(dict(self.router.url.query_parameters))
        self._show_page(articles)

    def _show_page(self, articles: list[ArticleBody] | None) -> None:
        self.page = self._paged(articles)
        self.loading = False
