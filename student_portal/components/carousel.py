"""A carousel for any list of slides: autoplay, pause, arrows, dots, keys and swipe.

Usage (any page, any list, any interval):

    carousel("home-news", NewsState.items, news_slide, label="Latest News",
             interval_ms=Timing.NEWS_AUTOPLAY_MS)

`render(item, index)` draws one slide. The index lives in `CarouselState` under the
carousel's name; the clock lives in the browser: a small interval fires `advance` every
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
from reflex_base.components.component import field
from reflex_base.constants.compiler import MemoizationDisposition, MemoizationMode
from reflex_base.event import EventChain
from reflex_base.vars import VarData

from student_portal.components.icons import icon
from student_portal.constants import Limit, Text, Timing
from student_portal.slots import Slot
from student_portal.state.carousel import CAROUSELS, CarouselState

_BUTTON = (
    "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 "
    "hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700"
)


def _chain(spec: Any) -> rx.Var:
    """An event as a plain JS function (`() => addEvents(...)`), for the browser-side hooks."""
    return rx.Var.create(EventChain(events=[spec], args_spec=lambda: []))


class _CarouselRoot(rx.el.Section):
    """The carousel's <section>; carries the browser-side timer, keys and swipe (see hooks)."""

    hooks: list[Any] = field(default_factory=list, is_javascript_property=False)

    # Its own memoized React component: a tick re-renders the carousel, not the whole page.
    _memoization_mode = MemoizationMode(disposition=MemoizationDisposition.ALWAYS, recursive=False)

    def add_imports(self) -> dict[str, list[str]]:
        return {"react": ["useEffect", "useRef"]}

    def add_hooks(self) -> list[str | rx.Var]:
        return list(self.hooks)


def _browser_hooks(name: str, dom_id: str, interval_ms: int, count: rx.Var, index: rx.Var) -> list[rx.Var]:
    ref = "carousel_" + re.sub(r"\W", "_", name)
    live = {
        "tick": _chain(CarouselState.advance(name, 1, count)),
        "prev": _chain(CarouselState.advance(name, -1, count)),
        "next": _chain(CarouselState.advance(name, 1, count)),
        "pause": _chain(CarouselState.set_paused(name, True)),
        "paused": CarouselState.paused.get(name, False),
        "count": count,
    }
    data = VarData.merge(*(var._get_all_var_data() for var in [*live.values(), index]))
    assign = ", ".join(f"{key}: {var!s}" for key, var in live.items())
    hooks = [
        f"const {ref} = useRef({{}});",
        f"{ref}.current = {{{assign}}};",
        # Keys, swipe and the reduced-motion preference: wired once, read the latest state.
        f"""useEffect(() => {{
  const root = document.getElementById("{dom_id}");
  if (!root) return;
  const viewport = root.querySelector("[data-carousel-viewport]");
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {ref}.current.pause();
  let start = null;
  const onTouchStart = (e) => {{ const t = e.changedTouches[0]; start = {{x: t.clientX, y: t.clientY}}; }};
  const onTouchEnd = (e) => {{
    if (!start) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - start.x, dy = t.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= {Limit.SWIPE_THRESHOLD_PX} && Math.abs(dx) >= Math.abs(dy))
      (dx < 0 ? {ref}.current.next : {ref}.current.prev)();
  }};
  const onKey = (e) => {{
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea, [contenteditable]")) return;
    if (e.key === "ArrowLeft") {{ e.preventDefault(); {ref}.current.prev(); }}
    else if (e.key === "ArrowRight") {{ e.preventDefault(); {ref}.current.next(); }}
  }};
  viewport.addEventListener("touchstart", onTouchStart, {{passive: true}});
  viewport.addEventListener("touchend", onTouchEnd, {{passive: true}});
  root.addEventListener("keydown", onKey);
  return () => {{
    viewport.removeEventListener("touchstart", onTouchStart);
    viewport.removeEventListener("touchend", onTouchEnd);
    root.removeEventListener("keydown", onKey);
  }};
}}, []);""",
        # The clock: restarted on every slide change, silent while paused/hovered/focused/hidden.
        f"""useEffect(() => {{
  const timer = setInterval(() => {{
    const root = document.getElementById("{dom_id}");
    const live = {ref}.current;
    if (!root || live.paused || live.count < 2 || document.hidden || root.getClientRects().length === 0) return;
    const viewport = root.querySelector("[data-carousel-viewport]");
    if (viewport.matches(":hover") || viewport.contains(document.activeElement)) return;
    live.tick();
  }}, {int(interval_ms)});
  return () => clearInterval(timer);
}}, [{index!s}]);""",
    ]
    return [rx.Var(hook, _var_data=data) for hook in hooks]


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
        aria_label=f"{index + 1} of {count}",
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
        aria_label=f"Show {noun} {index + 1}",
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
    noun: str = "slide",
    class_name: str = "",
) -> rx.Component:
    """One slide at a time from `slides`; `name` must be unique on the site."""
    if name not in CAROUSELS:
        raise ValueError(f"carousel {name!r}: add it to slots.Slot, whose CAROUSELS its state keeps")
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
    return _CarouselRoot.create(
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
        id=dom_id,
        aria_roledescription="carousel",
        aria_label=label,
        hooks=_browser_hooks(name, dom_id, interval_ms, count, index),
        class_name=f"relative {class_name}".strip(),
    )
