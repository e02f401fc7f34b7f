"""A carousel for any list of slides: autoplay, pause, arrows, dots, keys and swipe.

Usage (any page, any list, any interval):

    carousel("home-news", NewsState.items, news_slide, label="Latest News",
             interval_ms=Timing.NEWS_AUTOPLAY_MS)

`render(item, index)` draws one slide. The index lives in `CarouselState` under the
carousel's name; the clock lives in the browser (assets/carousel.js): it fires `advance` every
`interval_ms` unless the visitor paused it, hovers or focuses the slides, the tab is hidden,
the carousel is not displayed, or there is only one slide. It restarts whenever the slide
changes, so a manual step gets a full interval before the next automatic one. Visitors who
prefer reduced motion get a paused carousel (they may press Play) and no sliding animation.

Keyboard: ArrowLeft/ArrowRight while focus is anywhere in the carousel. Touch: a horizontal
swipe of at least Limit.SWIPE_THRESHOLD_PX. Hidden slides are `inert` and `aria-hidden`, so
neither the tab key nor a screen reader lands on a slide that is not shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import reflex as rx

from student_portal.components.icons import icon
from student_portal.constants import Limit, Timing
from student_portal.i18n import gettext, gettext_with
from student_portal.i18n.texts import Text
from student_portal.state.carousel import CAROUSELS, CarouselState
from student_portal.utils.slots import Slot

_BUTTON = (
    "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 "
    "hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700"
)


class CarouselRoot(rx.Component):
    """The carousel's <section>, with its clock, keys and swipe in the browser (assets/carousel.js)."""

    library = rx.asset("carousel.js").importable_path
    tag = "CarouselRoot"

    interval_ms: rx.Var[int]
    swipe_px: rx.Var[int]
    index: rx.Var[int]  # the clock restarts when it changes
    count: rx.Var[int]
    paused: rx.Var[bool]
    on_tick: rx.EventHandler[rx.event.no_args_event_spec]
    on_prev: rx.EventHandler[rx.event.no_args_event_spec]
    on_next: rx.EventHandler[rx.event.no_args_event_spec]
    on_pause: rx.EventHandler[rx.event.no_args_event_spec]


def _current(name: str, count: rx.Var) -> rx.Var:
    """The index of the slide shown (0 when the stored one is past the end of a shorter list)."""
    index = CarouselState.positions.get(name, 0).to(int)
    return rx.cond(index < count, index, 0).to(int)


def slide_is_near(name: str, index: rx.Var, count: rx.Var) -> rx.Var:
    """True for the slide shown, the next one and the one just left.

    Pictures of the other slides need not load yet: a lazy image in a carousel track is beside
    the screen, not below it, so the browser would fetch every slide's picture on arrival.
    Rendering a slide's picture only when it is near saves those bytes on mobile data and still
    gives the next picture a whole interval to arrive before it slides in.
    """
    current = _current(name, count)
    return (index == current) | (index == current - 1) | (index == (current + 1) % count)


def _slide(content: rx.Component, index: rx.Var, current: rx.Var, count: rx.Var, noun: str) -> rx.Component:
    hidden = index != current
    return rx.el.div(
        content,
        role="group",
        aria_roledescription=noun,
        aria_label=gettext_with("{number} of {count}", number=index + 1, count=count),
        aria_hidden=hidden.to_string(),
        custom_attrs={"inert": hidden},
        class_name="w-full shrink-0 grow-0 basis-full",
    )


def _dot(index: rx.Var, current: rx.Var, name: str, count: rx.Var, noun: str) -> rx.Component:
    active = index == current
    return rx.el.button(
        rx.el.span(
            class_name=rx.cond(
                active, "block size-3 rounded-full bg-blue-700", "block size-3 rounded-full bg-slate-400"
            )
        ),
        type="button",
        aria_label=gettext_with("Show {item} {number}", item=noun, number=index + 1),
        aria_current=rx.cond(active, "true", "false"),
        on_click=CarouselState.go_to(name, index, count),
        class_name=_BUTTON.replace("hover:bg-slate-200", "hover:bg-slate-100"),
    )


def carousel(
    name: Slot,
    slides: rx.Var[list[Any]],
    render: Callable[[rx.Var, rx.Var[int]], rx.Component],
    *,
    label: str,
    interval_ms: int = Timing.DEFAULT_CAROUSEL_INTERVAL_MS,
    transition_ms: int = Timing.PAGE_CAROUSEL_TRANSITION_MS,
    arrows: bool = True,
    dots: bool = True,
    noun: str = "",
    class_name: str = "",
) -> rx.Component:
    """One slide at a time from `slides`; `name` must be unique on the site."""
    if name not in CAROUSELS:
        raise ValueError(f"carousel {name!r}: add it to slots.Slot, whose CAROUSELS its state keeps")
    noun = noun or gettext("slide")
    dom_id = "carousel-" + re.sub(r"[^a-z0-9-]", "-", name.lower())
    count = slides.length()
    index = CarouselState.positions.get(name, 0).to(int)
    current = _current(name, count)
    paused = CarouselState.paused.get(name, False).to(bool)

    controls = [
        arrows
        and rx.el.button(
            icon("chevron-left", "size-6"),
            rx.el.span(Text.previous_item(noun), class_name="sr-only"),
            type="button",
            on_click=CarouselState.advance(name, -1, count),
            class_name=_BUTTON,
        ),
        dots
        and rx.el.div(
            rx.foreach(slides, lambda _item, i: _dot(i, current, name, count, noun)),
            class_name="flex flex-wrap items-center justify-center",
        ),
        rx.el.button(
            rx.cond(paused, icon("play", "size-5"), icon("pause", "size-5")),
            rx.el.span(rx.cond(paused, Text.PLAY_SLIDESHOW, Text.PAUSE_SLIDESHOW), class_name="sr-only"),
            type="button",
            on_click=CarouselState.set_paused(name, ~paused),
            class_name=_BUTTON,
        ),
        arrows
        and rx.el.button(
            icon("chevron-right", "size-6"),
            rx.el.span(Text.next_item(noun), class_name="sr-only"),
            type="button",
            on_click=CarouselState.advance(name, 1, count),
            class_name=_BUTTON,
        ),
    ]
    return CarouselRoot.create(
        rx.el.div(
            rx.el.div(
                rx.foreach(slides, lambda item, i: _slide(render(item, i), i, current, count, noun)),
                # Announce slide changes only when they are the visitor's doing (APG carousel).
                aria_live=rx.cond(paused, "polite", "off"),
                style={
                    "transform": f"translateX(-{current * 100}%)",
                    "transitionDuration": f"{int(transition_ms)}ms",
                },
                class_name="flex transition-transform ease-out motion-reduce:transition-none",
            ),
            data_carousel_viewport="",
            class_name="overflow-hidden",
        ),
        rx.cond(
            count > 1,
            rx.el.div(*[c for c in controls if c], class_name="mt-2 flex items-center justify-center gap-1"),
        ),
        interval_ms=int(interval_ms),
        swipe_px=Limit.SWIPE_THRESHOLD_PX,
        index=index,
        count=count,
        paused=paused,
        on_tick=CarouselState.advance(name, 1, count),
        on_prev=CarouselState.advance(name, -1, count),
        on_next=CarouselState.advance(name, 1, count),
        on_pause=CarouselState.set_paused(name, True),
        id=dom_id,
        custom_attrs={"aria-roledescription": gettext("carousel"), "aria-label": label},
        class_name=f"relative {class_name}".strip(),
    )
