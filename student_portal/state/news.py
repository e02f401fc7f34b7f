"""Latest News: the active news items for the home carousel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.pocketbase import NewsItem
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import file_url, public_rows, shared_view
from student_portal.state.live import live
from student_portal.state.sections import Section

IMAGE_THUMB = "640x360"


@dataclass
class NewsSlide:
    id: str
    title: str
    excerpt: str
    image_url: str
    href: str  # /news/{id}


def news_slide(record: NewsItem) -> NewsSlide:
    return NewsSlide(
        id=record.id,
        title=record.title,
        excerpt=record.excerpt,
        image_url=file_url(record, record.image, IMAGE_THUMB),
        href=routes.news_item(record.id),
    )


def active_news(records: list[NewsItem]) -> list[NewsItem]:
    """Spec 2: only records with active true appear."""
    return [record for record in records if record.active]


def _active_news_slide(record: NewsItem) -> NewsSlide | None:
    """A shape for the content cache (made once per version of the list): None if inactive."""
    return news_slide(record) if active_news([record]) else None


async def home_news() -> list[NewsSlide] | None:
    """The home carousel's slides (None: the backend failed); also what the server writes into
    the home page's HTML (student_portal/sharing/first_view.py)."""
    slides = await public_rows(Collection.NEWS, NewsItem, _active_news_slide)
    if slides is None:
        return None
    # The carousel draws every slide it holds: the newest few, in the spec's order (once per
    # version of the list, for every visitor).
    return shared_view(
        (Collection.NEWS,), "home carousel", lambda: [s for s in slides if s is not None][-Limit.HOME_NEWS_MAX :]
    )


@live(Collection.NEWS, handler="load")  # an open home page shows news switched on or off
class NewsState(Section, rx.State):
    SHARED_ONLY: ClassVar[bool] = True  # the same for every visitor: not kept between events (sections.py)
    items: list[NewsSlide] = []
    loading: bool = True

    @staticmethod
    async def _fetch() -> list[NewsSlide] | None:
        return await home_news()

    def _show(self, slides: list[NewsSlide] | None) -> None:
        self.items = list(slides or [])  # a copy: the view is shared
        self.loading = False
