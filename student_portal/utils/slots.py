"""Every named picture slot of the site: the carousels, whose page slides are also lead images
(the first picture a list page's built HTML asks for, student_portal/server/lead_images.py).

A carousel's name keys its position in CarouselState, names its DOM id and, for a page's slides,
its lead image (/lead-image/<slot>/<width>): one enum, so a page, its carousel and its lead image
cannot drift apart by spelling. Pure: no Reflex.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Slot(StrEnum):
    HOME_NEWS = "home-news"
    HOME_ARTICLES = "home-articles"
    HOME_SLIDES_DESKTOP = "home-slides-desktop"
    HOME_SLIDES_MOBILE = "home-slides-mobile"
    NOTES_SLIDES = "notes-slides"
    RECORDING_SLIDES = "recording-slides"
    OL_SLIDES = "ol-slides"
    AL_SLIDES = "al-slides"


# The carousels: CarouselState keeps positions for these names only (a tab sends any name).
CAROUSELS: Final[frozenset[str]] = frozenset(Slot)


def level_slides(level: str) -> Slot:
    """The slides carousel of a level's folder page ("ol" -> Slot.OL_SLIDES)."""
    return Slot(f"{level}-slides")
