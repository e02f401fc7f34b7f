"""Which slide each carousel shows, and whether the visitor paused it.

One state serves every carousel of the site: each carousel has a name ("home-news",
"notes-slides", ...) and its position and pause flag are kept under that name. The slide
count travels with each event (the carousel knows its slides, this state does not), so the
index always stays inside the list it was computed for.

The clock is in the browser (components/carousel.py): a small interval fires `advance` and
stays silent while the slides are hovered or focused, the tab is hidden, or the carousel is
paused, so time-based behaviour can be driven by a test clock.
"""

from __future__ import annotations

import reflex as rx


def wrapped_index(index: int, step: int, count: int) -> int:
    """`index` moved by `step` in a ring of `count` slides (last -> first, first -> last)."""
    if count <= 0:
        return 0
    return (index + step) % count


class CarouselState(rx.State):
    positions: dict[str, int] = {}
    paused: dict[str, bool] = {}

    @rx.event
    def advance(self, carousel: str, step: int, count: int):
        """Next (`step` 1), previous (-1): the timer's tick and the arrow buttons/keys/swipes."""
        self.positions[carousel] = wrapped_index(self.positions.get(carousel, 0), step, count)

    @rx.event
    def go_to(self, carousel: str, index: int, count: int):
        """A dot: show slide `index` (ignored when it is not one of the `count` slides)."""
        if 0 <= index < count:
            self.positions[carousel] = index

    @rx.event
    def set_paused(self, carousel: str, paused: bool):
        """The Pause/Play button; also paused on arrival when the visitor prefers reduced motion."""
        self.paused[carousel] = paused
