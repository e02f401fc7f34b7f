"""Pictures on a phone: only those in or near the first screen load before the student scrolls,
the first one in view comes first, and they arrive as WebP at the size PocketBase thumbed
(student_portal/server/image_variants.py through /files/...)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal import routes
from tests.e2e.conftest import PHONE

# Every page with pictures of its own (talents and recordings show YouTube thumbnails: i.ytimg.com).
PAGES = [routes.HOME, routes.SHOP, routes.BOOKING, routes.JOBS, routes.PROFILE, routes.YOUTUBE, routes.OL_FOLDERS]
# Chromium fetches a lazy picture once it is within ~1250 px of the screen (more on slow
# connections); three screens down is beyond what any page may fetch before a scroll.
FAR_BELOW = 3 * PHONE["height"]
PICTURES = """() => [...document.images].filter(i => i.getClientRects().length).map(i => ({
    src: i.src, srcset: i.srcset, top: i.getBoundingClientRect().top + scrollY,
    loading: i.loading, priority: i.getAttribute('fetchpriority')
}))"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


def requested_pictures(page: Page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url) if request.resource_type == "image" else None)
    return urls


def open_and_settle(page: Page, url: str) -> list[dict]:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)  # lazy pictures are decided after layout
    return page.evaluate(PICTURES)


def varies_on(headers) -> set[str]:
    return {name.strip() for name in headers.get("vary", "").split(",")}


def candidates(picture: dict) -> set[str]:
    return {picture["src"], *(part.strip().split(" ")[0] for part in picture["srcset"].split(",") if part.strip())}


@pytest.mark.parametrize("path", PAGES)
def test_before_a_scroll_only_pictures_near_the_first_screen_load_and_only_those_in_it_are_eager(
    phone: Page, base_url: str, path: str
) -> None:
    requested = requested_pictures(phone)
    pictures = open_and_settle(phone, base_url + path)
    assert pictures, "the page showed no picture"
    for picture in pictures:
        if picture["top"] > FAR_BELOW:
            assert not candidates(picture) & set(requested), f"{picture['src']} loaded {picture['top']:.0f} px down"
        if picture["loading"] != "lazy":
            assert picture["top"] < PHONE["height"], f"{picture['src']} is eager below the first screen"


def test_booking_on_a_phone_asks_first_for_the_room_in_view_and_leaves_the_last_rooms(
    phone: Page, base_url: str
) -> None:
    requested = requested_pictures(phone)
    pictures = open_and_settle(phone, base_url + routes.BOOKING)
    rooms = [p for p in pictures if "/files/" in p["src"]]
    assert len(rooms) >= 5
    assert rooms[0]["loading"] == "eager" and rooms[0]["priority"] == "high"
    assert all(room["loading"] == "lazy" for room in rooms[1:])
    fetched = [room for room in rooms if room["src"] in requested]
    assert rooms[0] in fetched and rooms[-1] not in fetched and len(fetched) < len(rooms)
    # They do arrive once the student scrolls to them.
    phone.get_by_test_id("hotel-card").last.scroll_into_view_if_needed()
    last = phone.get_by_test_id("hotel-card").last.locator("img")
    expect(last).to_have_js_property("complete", True)
    assert last.evaluate("img => img.naturalWidth") > 0


def test_pictures_arrive_as_webp_varying_on_accept(phone: Page, base_url: str) -> None:
    answers = []
    phone.on("response", lambda r: answers.append(r) if "/files/" in r.url and r.status == 200 else None)
    open_and_settle(phone, base_url + routes.BOOKING)
    assert answers
    for answer in answers:
        assert answer.headers["content-type"] == "image/webp", answer.url
        assert "Accept" in varies_on(answer.headers)


def test_a_browser_without_webp_gets_the_original_jpeg(phone: Page, base_url: str) -> None:
    pictures = open_and_settle(phone, base_url + routes.BOOKING)
    url = next(p["src"] for p in pictures if "/files/" in p["src"])
    original = httpx.get(url, headers={"Accept": "image/png,image/*;q=0.8"})
    webp = httpx.get(url, headers={"Accept": "image/webp,*/*"})
    assert original.headers["content-type"] == "image/jpeg" and original.content[:2] == b"\xff\xd8"
    assert webp.headers["content-type"] == "image/webp" and len(webp.content) < len(original.content)
    assert "Accept" in varies_on(original.headers) and "Accept" in varies_on(webp.headers)
