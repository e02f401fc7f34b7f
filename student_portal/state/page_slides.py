"""The picture slides at the top of list pages: Recording_Slides, OL_Slides, AL_Slides
(and Notes_Slides), each an image with a title and an excerpt."""

from __future__ import annotations

from dataclasses import dataclass

from student_portal.pocketbase import ContentSlide
from student_portal.state.content import file_url

# ContentSlide.image thumbs in the schema (8:3), by width: the browser picks one for its screen
# width and pixel ratio (srcset); the widest is also the plain src.
SLIDE_THUMBS: tuple[tuple[str, int], ...] = (("640x240", 640), ("960x360", 960), ("1280x480", 1280))


@dataclass
class PageSlide:
    id: str
    title: str
    excerpt: str
    image_url: str  # 1280x480
    image_srcset: str  # every thumb with its width ("<url> 640w, ...")


def page_slide(record: ContentSlide) -> PageSlide:
    return PageSlide(
        id=record.id,
        title=record.title,
        excerpt=record.excerpt,
        image_url=file_url(record, record.image, SLIDE_THUMBS[-1][0]),
        image_srcset=", ".join(f"{file_url(record, record.image, thumb)} {width}w" for thumb, width in SLIDE_THUMBS)
        if record.image
        else "",
    )


def with_image(slides: list[PageSlide] | None) -> list[PageSlide]:
    """Slides that have a picture; none after a failed fetch (spec 8: slides only log)."""
    return [slide for slide in slides or [] if slide.image_url]
