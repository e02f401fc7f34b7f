"""The home page's picture slides: Desktop_Slides for wide windows, Mobile_Slides for phones.

Both sets are loaded, each on its own (one failing leaves the other); which one shows is
decided by CSS at 700 px (components/slides.py), so it follows window resizes live.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import reflex as rx

from student_portal.pocketbase import DeviceSlide
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import file_url, public_lists
from student_portal.state.sections import Section

DESKTOP_THUMB = "1280x480"
MOBILE_THUMB = "640x640"


@dataclass
class SlideImage:
    id: str
    title: str
    image_url: str


def _slide(record: DeviceSlide, thumb: str) -> SlideImage:
    return SlideImage(id=record.id, title=record.title, image_url=file_url(record, record.field, thumb))


# Module-level shapes: the content cache shapes each list once for every visitor.
def _desktop_slide(record: DeviceSlide) -> SlideImage:
    return _slide(record, DESKTOP_THUMB)


def _mobile_slide(record: DeviceSlide) -> SlideImage:
    return _slide(record, MOBILE_THUMB)


class SlidesState(Section, rx.State):
    SHARED_ONLY: ClassVar[bool] = True  # the same for every visitor: not kept between events (sections.py)
    desktop: list[SlideImage] = []
    mobile: list[SlideImage] = []
    loading: bool = True

    @staticmethod
    async def _fetch() -> tuple[list[SlideImage] | None, list[SlideImage] | None]:
        desktop, mobile = await public_lists(
            (Collection.DESKTOP_SLIDES, DeviceSlide, _desktop_slide),
            (Collection.MOBILE_SLIDES, DeviceSlide, _mobile_slide),
        )
        return desktop, mobile

    def _show(self, sets: tuple[list[SlideImage] | None, list[SlideImage] | None] | None) -> None:
        desktop, mobile = sets or (None, None)
        # Slides without a picture have nothing to show.
        self.desktop = [slide for slide in desktop or [] if slide.image_url]
        self.mobile = [slide for slide in mobile or [] if slide.image_url]
        self.loading = False
