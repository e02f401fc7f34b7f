"""Pictures that carry words are shown whole: the class page's banners ("Combined Maths Notes"),
teacher avatars and promo cards; a video whose thumbnail cannot be fetched shows a drawn picture,
not the browser's broken-image icon."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from student_portal import routes
from tests.e2e.auth_support import start_signed_in
from tests.e2e.routes import DEMO_IDS

WIDTHS = [360, 1280]

# For each picture: how much of it the visitor cannot see. The picture is drawn into its box
# (object-fit), the box's corners may be rounded (a circle cuts a square's corners), and the box
# may stick out of an ancestor that clips (overflow) or of the page. 0 when the picture is whole.
_HIDDEN_PART = """(img) => {
    const style = getComputedStyle(img);
    const box = img.getBoundingClientRect();
    const px = (v) => parseFloat(v) || 0;
    // The content box, then the picture drawn in it.
    const left = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const top = box.top + px(style.borderTopWidth) + px(style.paddingTop);
    const width = box.width - px(style.borderLeftWidth) - px(style.borderRightWidth)
        - px(style.paddingLeft) - px(style.paddingRight);
    const height = box.height - px(style.borderTopWidth) - px(style.borderBottomWidth)
        - px(style.paddingTop) - px(style.paddingBottom);
    const natural = img.naturalWidth / img.naturalHeight;
    let drawn = {left, top, width, height};
    if (style.objectFit === "contain" || style.objectFit === "scale-down") {
        const w = Math.min(width, height * natural), h = Math.min(height, width / natural);
        drawn = {left: left + (width - w) / 2, top: top + (height - h) / 2, width: w, height: h};
    } else if (Math.abs(width / height - natural) / natural > 0.02) {
        return "object-fit " + style.objectFit + " of a " + natural.toFixed(2) + " picture in a "
            + (width / height).toFixed(2) + " box";
    }
    // Rounded corners may round off the picture's very corners (at most 4 px or 4 % of its size
    // deep, along the diagonal), never more: a circle around a square picture cuts 15 % of it.
    const radius = Math.min(px(style.borderTopLeftRadius), box.width / 2, box.height / 2);
    const corners = [[drawn.left, drawn.top], [drawn.left + drawn.width, drawn.top],
        [drawn.left, drawn.top + drawn.height], [drawn.left + drawn.width, drawn.top + drawn.height]];
    for (const [x, y] of corners) {
        const cx = Math.min(Math.max(x, box.left + radius), box.right - radius);
        const cy = Math.min(Math.max(y, box.top + radius), box.bottom - radius);
        const cut = Math.hypot(x - cx, y - cy) - radius;
        const allowed = Math.max(4, 0.04 * Math.min(drawn.width, drawn.height));
        if (cut > allowed) return "a rounded corner cuts into the picture";
    }
    // Clipped by an ancestor, or off the page.
    const outside = (r) => drawn.left < r.left - 0.5 || drawn.top < r.top - 0.5
        || drawn.left + drawn.width > r.right + 0.5 || drawn.top + drawn.height > r.bottom + 0.5;
    if (outside({left: 0, top: -Infinity, right: document.documentElement.clientWidth, bottom: Infinity}))
        return "off the page's width";
    for (let el = img.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflow !== "visible" && outside(el.getBoundingClientRect())) return "clipped by " + el.tagName;
    }
    return "";
}"""


def _whole(page: Page, selector: str, expected: int) -> None:
    pictures = page.locator(selector)
    expect(pictures).to_have_count(expected)
    for i in range(expected):
        picture = pictures.nth(i)
        picture.scroll_into_view_if_needed()
        expect(picture).to_have_js_property("complete", True)
        assert picture.evaluate("img => img.naturalWidth") > 0, "the picture loaded"
        assert picture.evaluate(_HIDDEN_PART) == "", picture.get_attribute("src")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_class_pages_banners_and_avatar_are_shown_whole(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(base_url + routes.class_page(DEMO_IDS["teacher"]))
    expect(page.get_by_test_id("teacher-description")).to_be_visible()
    # the avatar, then the notes' and the recordings' banners
    _whole(page, "main img[data-whole-picture]", 3)
    banners = page.locator("main section img[data-whole-picture]")
    expect(banners.first).to_have_attribute("src", re.compile(r"thumb=1280x320f$"))


@pytest.mark.parametrize("width", WIDTHS)
def test_teacher_avatars_and_promo_cards_are_shown_whole(page: Page, base_url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url + routes.PROFILE)
    expect(page.get_by_test_id("promo-card").first).to_be_visible()
    teachers, promos = page.get_by_test_id("teacher-card"), page.get_by_test_id("promo-card")
    _whole(page, "[data-testid=teacher-card] img[data-whole-picture]", teachers.count())
    _whole(page, "[data-testid=promo-card] img[data-whole-picture]", promos.count())


def test_the_schedules_round_avatars_hold_the_whole_picture(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(base_url + routes.HOME)
    avatars = page.locator("[data-testid=class-item] img[data-whole-picture]")
    expect(avatars.first).to_be_attached()
    _whole(page, "[data-testid=class-item] img[data-whole-picture]", avatars.count())


def test_a_video_whose_thumbnail_fails_shows_a_drawn_picture(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    page.route(re.compile(r"^https://i\.ytimg\.com/"), lambda route: route.fulfill(status=404, body=""))
    page.goto(base_url + routes.YOUTUBE)
    card = page.get_by_test_id("recording-card").filter(has=page.locator("[data-video-id]")).first
    card.scroll_into_view_if_needed()
    drawn = card.get_by_test_id("broken-thumbnail")
    expect(drawn).to_be_visible()
    expect(drawn).to_contain_text(card.get_by_role("heading").inner_text())
    # no broken <img> left in the video's frame; the play button still plays it
    assert card.locator("[data-video-id] img").count() == 0
    expect(card.get_by_role("button", name=re.compile("^Play video"))).to_be_visible()


def test_a_thumbnail_that_loads_is_the_picture(page: Page, base_url: str) -> None:
    """The fallback is for failures only: a thumbnail that arrives is shown (served here by the
    test, as the machine has no internet)."""
    page.set_viewport_size({"width": 360, "height": 800})
    body = io.BytesIO()
    Image.new("RGB", (480, 360), "navy").save(body, "JPEG")
    page.route(
        re.compile(r"^https://i\.ytimg\.com/"),
        lambda route: route.fulfill(status=200, body=body.getvalue(), content_type="image/jpeg"),
    )
    page.goto(base_url + routes.YOUTUBE)
    card = page.get_by_test_id("recording-card").filter(has=page.locator("[data-video-id]")).first
    card.scroll_into_view_if_needed()
    picture = card.locator("[data-video-id] img")
    expect(picture).to_have_js_property("complete", True)
    assert picture.evaluate("img => img.naturalWidth") == 480
    expect(card.get_by_test_id("broken-thumbnail")).to_have_count(0)
