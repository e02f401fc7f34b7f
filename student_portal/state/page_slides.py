"""The picture slides at the top of list pages: Recording_Slides, OL_Slides, AL_Slides
(and Notes_Slides), each an image with a title and an excerpt."""

from __future__ import annotations

from dataclasses import dataclass

from student_portal.pocketbase import ContentSlide
from student_portal.state.content import file_url

# ContentSlide.image thumbs in the schema: wide for desktop, half size for phones (srcset).
SLIDE_THUMB_WIDE = "1280x480"
SLIDE_THUMB_NARROW = "640x240"


@dataclass
class PageSlide:
    id: str
    title: str
    excerpt: str
    image_url: str  # 1280x480
    image_url_small: str  # 640x240


def page_slide(record: ContentSlide) -> PageSlide:
    return PageSlide(
        id=record.id,
        title=record.title,
        excerpt=record.excerpt,
        image_url=file_url(record, record.image, SLIDE_THUMB_WIDE),
        image_url_small=file_url(record, record.image, SLIDE_THUMB_NARROW),
    )


def with_image(slides: list[PageSlide] | None) -> list[PageSlide]:
    """Slides that have a picture; none after a failed fetch (spec 8: slides only log)."""
    return [slide for slide in slides or [] if slide.image_url]
