"""Articles: rich text, sanitised on the server before any component sees it.

The old site rendered the stored HTML as is (a stored `<img onerror=...>` ran in every
visitor's browser); here `clean_html` keeps the formatting and drops scripts, event handlers
and javascript: links.
"""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from student_portal.pocketbase import Article
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import public_rows
from student_portal.utils.headings import demote_headings
from student_portal.utils.sanitize import clean_html

# The pages show articles under their own h1 and section h2: article titles become h3.
HEADING_LEVEL = 3


@dataclass
class ArticleBody:
    id: str
    html: str  # sanitised


def article_body(record: Article) -> ArticleBody:
    return ArticleBody(id=record.id, html=demote_headings(clean_html(record.conent), HEADING_LEVEL))


class ArticlesState(rx.State):
    articles: list[ArticleBody] = []
    loading: bool = True

    @rx.event(background=True)
    async def load(self):
        articles = await public_rows(Collection.ARTICLES, Article, article_body)
        async with self:
            # Spec 8: a failure is only logged; the list stays empty ("No articles available").
            self.articles = [article for article in articles or [] if article.html.strip()]
            self.loading = False
