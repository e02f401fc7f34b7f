"""Slides of the page carousels (Recording_Slides, OL_Slides, AL_Slides), shaped for the UI."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from student_portal.pocketbase import ContentSlide, Record, configured_client

# ContentSlide.image thumbs in the schema: wide for desktop, half size for phones.
SLIDE_THUMB_WIDE = "1280x480"
SLIDE_THUMB_NARROW = "640x240"


@dataclass
class Slide:
    id: str
    title: str
    excerpt: str
    image_url: str  # 1280x480
    image_url_small: str  # 640x240, for phones (srcset)


def slide_rows(records: Iterable[Record] | None) -> list[Slide]:
    """Slides with an image, in the collection's order (a failed fetch gives none: spec 8)."""
    client = configured_client()

    def image(slide: ContentSlide, thumb: str) -> str:
        return client.file_url(slide.collection_id, slide.id, slide.image, thumb=thumb)

    return [
        Slide(s.id, s.title, s.excerpt, image(s, SLIDE_THUMB_WIDE), image(s, SLIDE_THUMB_NARROW))
        for s in records or []
        if isinstance(s, ContentSlide) and s.image
    ]
