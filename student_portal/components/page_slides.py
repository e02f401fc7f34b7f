"""The picture carousel at the top of a list page (Recording_Slides, OL_Slides, AL_Slides).

Each slide is its image with the title and excerpt as a caption. Phones get the 640 px thumb, wider
screens the 1280 px one (srcset), and only the first slide loads before it is needed.
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.carousel import carousel
from student_portal.components.image import image, lead_image
from student_portal.constants import Timing
from student_portal.server.lead_images import LEAD_IMAGES
from student_portal.state.page_slides import PageSlide
from student_portal.utils.slots import Slot

SLIDE_SIZES = "(min-width: 1152px) 1120px, 100vw"
PICTURE = "aspect-[8/3] w-full bg-slate-200 object-cover"


def _slide(slide: PageSlide, index: rx.Var[int]) -> rx.Component:
    return rx.el.figure(
        image(
            src=slide.image_url,
            src_set=slide.image_srcset,
            sizes=SLIDE_SIZES,
            alt=slide.title,
            width=1280,
            height=480,
            eager=index == 0,
            class_name=PICTURE,
        ),
        # Below the picture, not over it: uploaded slides often carry their own lettering.
        rx.el.figcaption(
            rx.el.span(slide.title, class_name="font-semibold text-slate-900"),
            rx.cond(slide.excerpt != "", rx.el.span(" · ", slide.excerpt, class_name="text-slate-700")),
            class_name="truncate px-4 py-2 text-sm",
        ),
        class_name="overflow-hidden rounded-xl border border-slate-200 bg-white",
    )


def _placeholder(name: Slot) -> rx.Component:
    """The carousel's footprint (picture, caption, controls) while the slides load, so the
    list below does not jump when they arrive; on public pages already with the first slide's
    picture (a lead image: requested by the built HTML, before the data)."""
    picture = (
        lead_image(name, 1280, 480, sizes=SLIDE_SIZES, class_name=PICTURE)
        if name in LEAD_IMAGES
        else rx.el.div(class_name="aspect-[8/3] w-full animate-pulse bg-slate-200")
    )
    return rx.el.div(
        rx.el.div(
            picture,
            rx.el.p("\u00a0", class_name="px-4 py-2 text-sm"),
            class_name="overflow-hidden rounded-xl border border-slate-200 bg-white",
        ),
        rx.el.div(class_name="mt-2 h-11"),
        aria_hidden="true",
    )


def page_slides(name: Slot, slides: rx.Var[list[PageSlide]], label: str, loading: rx.Var[bool]) -> rx.Component:
    """A page's slides; nothing at all when there are none (spec 8: slides only log failures)."""
    return rx.cond(
        loading,
        _placeholder(name),
        rx.cond(
            slides,
            carousel(name, slides, _slide, label=label, interval_ms=Timing.PAGE_CAROUSEL_AUTOPLAY_MS),
        ),
    )
