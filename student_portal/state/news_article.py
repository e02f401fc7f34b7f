"""One news item (/news/{id}): title, picture and sanitised content, or "Article not found"."""

from __future__ import annotations

import logging

import reflex as rx

from student_portal import routes
from student_portal.pocketbase import ClientResponseError, NewsItem, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.routes.links import share_url
from student_portal.state.address import route_arg
from student_portal.state.content import backend_failures, file_url
from student_portal.utils.sanitize import clean_html

log = logging.getLogger(__name__)

IMAGE_THUMB = "640x360"


class NewsArticleState(rx.State):
    loading: bool = True
    found: bool = False
    title: str = ""
    image_url: str = ""
    html: str = ""
    share_url: str = ""

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.loading, self.found = True, False
            news_id = await route_arg(self, routes.NEWS_ID)
        record = None
        if news_id:
            try:
                record = await content_cache().record(Collection.NEWS, news_id)
            except ClientResponseError as error:
                # 404 for an unknown id; anything else is a failed fetch. Both read "not found".
                if error.status == 404:
                    log.info("news %s: not found", news_id)
                else:
                    backend_failures.failed("News record", error)
            else:
                backend_failures.recovered("News record")
        # Inactive news is retired or a draft: not published, so not shown by its link either.
        shown = record if isinstance(record, NewsItem) and record.active else None
        async with self:
            self.found = shown is not None
            self.title = shown.title if shown else ""
            self.image_url = file_url(shown, shown.image, IMAGE_THUMB) if shown else ""
            self.html = clean_html(shown.content) if shown else ""
            self.share_url = share_url(routes.news_item(shown.id)) if shown else ""
            self.loading = False
