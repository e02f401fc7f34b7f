"""The home page's picture carousel: Desktop_Slides at 700 px and wider, Mobile_Slides below.

The switch is a CSS media query on the window width (Limit.DESKTOP_BREAKPOINT_PX), so it
follows resizes live without a script; the hidden carousel is display:none (out of the
accessibility tree, its lazy images never load, and its timer stays silent).
"""

from __future__ import annotations

import reflex as rx

from student_portal.components.carousel import carousel, slide_is_near
from student_portal.components.image import image
from student_portal.constants import Limit, Timing
from student_portal.i18n.texts import Text
from student_portal.state.slides import SlideImage, SlidesState
from student_portal.utils.slots import Slot

# Tailwind needs the literal class names; the breakpoint is Limit.DESKTOP_BREAKPOINT_PX.
assert Limit.DESKTOP_BREAKPOINT_PX == 700
_DESKTOP_ONLY = "hidden min-[700px]:block"
_PHONE_ONLY = "min-[700px]:hidden"
DESKTOP, MOBILE = Slot.HOME_SLIDES_DESKTOP, Slot.HOME_SLIDES_MOBILE


def _slide(name: str, slides: rx.Var[list[SlideImage]], width: int, height: int):
    picture = f"w-full rounded-xl bg-slate-200 object-cover aspect-[{width}/{height}]"

    def render(item: SlideImage, index: rx.Var[int]) -> rx.Component:
        return rx.cond(
            slide_is_near(name, index, slides.length()),
            image(src=item.image_url, alt=item.title, width=width, height=height, class_name=picture),
            rx.el.div(role="img", aria_label=item.title, class_name=picture),
        )

    return render


def _placeholder() -> rx.Component:
    """The space the pictures will take, so nothing below jumps when they arrive."""
    pulse = "animate-pulse rounded-xl bg-slate-200"
    return rx.el.div(
        rx.el.div(class_name=f"aspect-[8/3] {pulse} {_DESKTOP_ONLY}"),
        rx.el.div(class_name=f"aspect-square {pulse} {_PHONE_ONLY}"),
        aria_hidden="true",
    )


def slides_carousel() -> rx.Component:
    return rx.el.section(
        rx.cond(SlidesState.loading, _placeholder()),
        rx.cond(
            SlidesState.desktop,
            carousel(
                DESKTOP,
                SlidesState.desktop,
                _slide(DESKTOP, SlidesState.desktop, 1280, 480),
                label=Text.SLIDES,
                interval_ms=Timing.PAGE_CAROUSEL_AUTOPLAY_MS,
                class_name=_DESKTOP_ONLY,
            ),
        ),
        rx.cond(
            SlidesState.mobile,
            carousel(
                MOBILE,
                SlidesState.mobile,
                _slide(MOBILE, SlidesState.mobile, 640, 640),
                label=Text.SLIDES,
                interval_ms=Timing.PAGE_CAROUSEL_AUTOPLAY_MS,
                class_name=_PHONE_ONLY,
            ),
        ),
        data_testid="slides",
    )
