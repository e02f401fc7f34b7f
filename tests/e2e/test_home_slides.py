"""Home: the picture carousel switches between Desktop_Slides and Mobile_Slides at 700 px."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from student_portal.constants import Limit, Timing
from student_portal.i18n.texts import Text
from tests.e2e.carousel_helpers import freeze_clock, shown_slide, slides

DESKTOP_TITLES = [
    "Kuppi Recordings - free lessons by university students",
    "Uni Notes from Moratuwa, Peradeniya and Colombo",
    "Join live tuition classes on Zoom",
]
MOBILE_TITLES = ["Kuppi Recordings", "Uni Notes", "Tuition Classes"]


def _slides(page: Page):
    return page.get_by_role("region", name=Text.SLIDES)


def _expect_set(page: Page, titles: list[str], thumb: str) -> None:
    carousel = _slides(page)
    expect(carousel).to_have_count(1)  # the other set is not displayed at all
    expect(slides(carousel)).to_have_count(len(titles))
    for index, title in enumerate(titles):
        slide = slides(carousel).nth(index)
        expect(slide.get_by_role("img", name=title, exact=True, include_hidden=True)).to_have_count(1)
    shown = shown_slide(carousel).locator("img")
    expect(shown).to_have_attribute("alt", titles[0])
    expect(shown).to_have_attribute("src", re.compile(rf"^/files/.+\?thumb={thumb}$"))


def test_wide_windows_show_the_desktop_slides_with_their_titles_as_alt(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    _expect_set(page, DESKTOP_TITLES, "1280x480")


def test_phones_show_the_mobile_slides(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + "/")
    _expect_set(page, MOBILE_TITLES, "640x640")


def test_the_slide_set_follows_the_window_across_700_px_live(page: Page, base_url: str) -> None:
    breakpoint = Limit.DESKTOP_BREAKPOINT_PX
    page.set_viewport_size({"width": breakpoint, "height": 800})
    page.goto(base_url + "/")
    shown = shown_slide(_slides(page)).locator("img")
    expect(shown).to_have_attribute("alt", DESKTOP_TITLES[0])
    page.set_viewport_size({"width": breakpoint - 1, "height": 800})
    expect(shown).to_have_attribute("alt", MOBILE_TITLES[0])
    page.set_viewport_size({"width": breakpoint, "height": 800})
    expect(shown).to_have_attribute("alt", DESKTOP_TITLES[0])


def test_slides_have_arrows_and_indicators_and_autoplay_every_3_seconds(sized_page: Page, base_url: str) -> None:
    freeze_clock(sized_page)
    sized_page.goto(base_url + "/")
    carousel = _slides(sized_page)
    shown = shown_slide(carousel).locator("img")
    first = shown.get_attribute("alt")
    expect(carousel.get_by_role("button", name="Show slide 3")).to_be_visible()
    carousel.get_by_role("button", name="Next slide").click()
    expect(carousel.get_by_role("button", name="Show slide 2")).to_have_attribute("aria-current", "true")
    expect(shown).not_to_have_attribute("alt", first or "")
    carousel.get_by_role("button", name="Previous slide").click()
    expect(shown).to_have_attribute("alt", first)
    carousel.get_by_role("button", name="Previous slide").click()  # wraps to the last
    expect(carousel.get_by_role("button", name="Show slide 3")).to_have_attribute("aria-current", "true")
    sized_page.mouse.move(0, 0)
    sized_page.clock.run_for(Timing.PAGE_CAROUSEL_AUTOPLAY_MS)
    expect(carousel.get_by_role("button", name="Show slide 1")).to_have_attribute("aria-current", "true")


def test_the_hidden_slide_set_does_not_tick(page: Page, base_url: str) -> None:
    """Only the displayed carousel advances: the other one stays where it was."""
    page.set_viewport_size({"width": 1280, "height": 800})
    freeze_clock(page)
    page.goto(base_url + "/")
    carousel = _slides(page)
    expect(shown_slide(carousel).locator("img")).to_have_attribute("alt", DESKTOP_TITLES[0])
    page.clock.run_for(Timing.PAGE_CAROUSEL_AUTOPLAY_MS)
    expect(shown_slide(carousel).locator("img")).to_have_attribute("alt", DESKTOP_TITLES[1])
    page.set_viewport_size({"width": 390, "height": 800})
    expect(shown_slide(carousel).locator("img")).to_have_attribute("alt", MOBILE_TITLES[0])
