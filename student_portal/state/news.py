"""Latest News: the active news items for the home carousel."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from student_portal.pocketbase import NewsItem
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import file_url, public_rows
from student_portal.state.live import live

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
        href=f"/news/{record.id}",
    )


def active_news(records: list[NewsItem]) -> list[NewsItem]:
    """Spec 2: only records with active true appear."""
    return [record for record in records if record.active]


@live(Collection.NEWS, handler="load")  # an open home page shows news switched on or off
class NewsState(rx.State):
    items: list[NewsSlide] = []
    loading: bool = True

    @rx.event(background=True)
    async def load(self):
        active = await public_rows(Collection.NEWS, NewsItem, lambda record: record)
        async with self:
            self.items = [news_slide(record) for record in active_news(active or [])]
            self.loading = False
