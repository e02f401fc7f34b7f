"""Latest News: a carousel of the active news, each slide leading to /news/{id}."""

from __future__ import annotations

import reflex as rx

from student_portal.components.carousel import carousel, slide_is_near
from student_portal.components.image import from_server, image, server_picture
from student_portal.components.links import internal_link
from student_portal.constants import Timing
from student_portal.i18n import gettext
from student_portal.i18n.texts import Text
from student_portal.sharing import first_view
from student_portal.state.news import NewsSlide, NewsState
from student_portal.utils.slots import Slot

CAROUSEL = Slot.HOME_NEWS
_PICTURE = "aspect-video w-full rounded-lg bg-slate-200 object-cover md:w-1/2"
_SLIDE = "flex h-full flex-col gap-4 rounded-xl bg-white p-4 shadow-sm md:flex-row"
_TITLE = "text-xl font-bold text-slate-900"
_EXCERPT = "line-clamp-3 text-slate-700"
_BAR = "empty:rounded empty:bg-slate-200"  # an empty face: grey bars


def news_slide(item: NewsSlide, index: rx.Var[int]) -> rx.Component:
    return rx.el.article(
        rx.cond(
            item.image_url,
            rx.cond(
                slide_is_near(CAROUSEL, index, NewsState.items.length()),
                # The first slide may be the largest picture in view: not lazy.
                image(src=item.image_url, alt="", width=640, height=360, eager=index == 0, class_name=_PICTURE),
                rx.el.div(class_name=_PICTURE),
            ),
        ),
        rx.el.div(
            rx.el.h3(item.title, class_name=_TITLE),
            rx.el.p(item.excerpt, class_name=_EXCERPT),
            internal_link(
                Text.READ_MORE,
                rx.el.span(": ", item.title, class_name="sr-only"),
                href=item.href,
                class_name="mt-auto inline-flex min-h-11 w-fit items-center rounded-lg bg-blue-700 px-4 font-semibold "
                "text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 "
                "focus-visible:outline-blue-900",
            ),
            class_name="flex flex-1 flex-col gap-3",
        ),
        class_name=_SLIDE,
    )


def _server_text(tag, mark: str, class_name: str, **attrs: str) -> rx.Component:
    """Built empty (a grey bar) for the server to write the first slide's text into."""
    return tag("", class_name=class_name, custom_attrs={**from_server(mark), **attrs})


def first_news_face() -> rx.Component:
    """The news while it loads: the first slide's shape, with its title and excerpt already in
    the HTML the server sends. Hidden from screen readers like any loading face: the carousel
    that replaces it reads the same slide."""
    return rx.el.div(
        rx.el.article(
            server_picture(first_view.PICTURE, 640, 360, _PICTURE),
            rx.el.div(
                # Named for the Element Timing API: benchmarks/first_paint.py times its paint.
                _server_text(
                    rx.el.h3,
                    first_view.TITLE,
                    f"{_TITLE} {_BAR} empty:h-7 empty:w-3/4",
                    elementtiming=first_view.TITLE_TIMING,
                ),
                _server_text(rx.el.p, first_view.EXCERPT, f"{_EXCERPT} {_BAR} empty:h-16"),
                rx.el.div(class_name="mt-auto h-11 w-32 rounded-lg bg-slate-200"),  # Read More
                class_name="flex flex-1 flex-col gap-3",
            ),
            class_name=_SLIDE,
        ),
        rx.el.div(class_name="mt-2 h-11"),  # the carousel's dots: what is below stays put
        aria_hidden="true",
        data_testid="news-face",
    )


def latest_news() -> rx.Component:
    """Spec: autoplay every 3 s, 500 ms transition, dots, one slide at a time.

    The spec gives news no empty or error face: without active news the section is left out.
    """
    return rx.cond(
        NewsState.loading | NewsState.items,
        rx.el.section(
            rx.el.h2(Text.LATEST_NEWS, class_name="text-2xl font-bold"),
            rx.cond(
                NewsState.loading,
                first_news_face(),
                carousel(
                    CAROUSEL,
                    NewsState.items,
                    news_slide,
                    label=Text.LATEST_NEWS,
                    interval_ms=Timing.NEWS_AUTOPLAY_MS,
                    transition_ms=Timing.NEWS_SPEED_MS,
                    arrows=False,
                    noun=gettext("news item"),
                ),
            ),
            class_name="flex flex-col gap-4",
        ),
    )
