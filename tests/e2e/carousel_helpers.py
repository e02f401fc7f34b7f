"""Reading and driving the shared carousel from a browser test."""

from __future__ import annotations

import datetime

from playwright.sync_api import Locator, Page


def freeze_clock(page: Page) -> None:
    """Fake timers, paused: autoplay moves only when the test runs the clock (never sleeps)."""
    start = datetime.datetime(2026, 11, 22, 10, 0, 0)
    page.clock.install(time=start)
    page.clock.pause_at(start + datetime.timedelta(seconds=1))


def shown_slide(carousel: Locator) -> Locator:
    """The one slide a visitor (and a screen reader) can see."""
    return carousel.locator('[role="group"][aria-hidden="false"]')


def slides(carousel: Locator) -> Locator:
    return carousel.locator('[role="group"][aria-roledescription]')


def swipe(page: Page, target: Locator, dx: float, dy: float = 0) -> None:
    """A one-finger touch swipe of `dx` pixels across `target`."""
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    target.evaluate(
        """(el, [x, y, dx, dy]) => {
            const touch = (cx, cy) => new Touch({identifier: 1, target: el, clientX: cx, clientY: cy});
            const start = touch(x, y), end = touch(x + dx, y + dy);
            el.dispatchEvent(new TouchEvent("touchstart", {touches: [start], changedTouches: [start], bubbles: true}));
            el.dispatchEvent(new TouchEvent("touchend", {touches: [], changedTouches: [end], bubbles: true}));
        }""",
        [x, y, dx, dy],
    )
