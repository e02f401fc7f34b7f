"""Which slide each carousel shows, and whether the visitor paused it.

One state serves every carousel of the site: each carousel has a name ("home-news",
"notes-slides", ...) and its position and pause flag are kept under that name. The slide
count travels with each event (the carousel knows its slides, this state does not), so the
index always stays inside the list it was computed for.

The clock is in the browser (components/carousel.py): a small interval fires `advance` and
stays silent while the slides are hovered or focused, the tab is hidden, or the carousel is
paused, so time-based behaviour can be driven by a test clock.

Names, counts and indexes arrive from the browser, and anyone can send any event: only the
site's own carousels (`CAROUSELS`, checked when a carousel is built) are kept, and counts and
indexes must be sane whole numbers, so a tab cannot grow its state (issue 16).
"""

from __future__ import annotations

import reflex as rx

from student_portal.constants import Limit
from student_portal.utils.slots import CAROUSELS

# Every carousel on the site (student_portal/utils/slots.py); components/carousel.py builds no other.
__all__ = ["CAROUSELS", "CarouselState", "wrapped_index"]


def _whole(value: object, low: int, high: int) -> int | None:
    """`value` if it is an int (not a bool) within [low, high], else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if low <= value <= high else None


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
        step_ok, count_ok = _whole(step, -1, 1), _whole(count, 0, Limit.CAROUSEL_MAX_SLIDES)
        if carousel in CAROUSELS and step_ok is not None and count_ok is not None:
            self.positions[carousel] = wrapped_index(self.positions.get(carousel, 0), step_ok, count_ok)

    @rx.event
    def go_to(self, carousel: str, index: int, count: int):
        """A dot: show slide `index` (ignored when it is not one of the `count` slides)."""
        count_ok = _whole(count, 0, Limit.CAROUSEL_MAX_SLIDES)
        if carousel in CAROUSELS and count_ok and _whole(index, 0, count_ok - 1) is not None:
            self.positions[carousel] = index

    @rx.event
    def set_paused(self, carousel: str, paused: bool):
        """The Pause/Play button; also paused on arrival when the visitor prefers reduced motion."""
        if carousel in CAROUSELS and isinstance(paused, bool):
            self.paused[carousel] = paused
