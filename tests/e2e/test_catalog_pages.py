"""/courses, /single-blog, /about, /instructor; and every catalog page's own title and description."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.constants import SHOP_WHATSAPP_NUMBER
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Teacher
from student_portal.utils.sample_data import TUITION
from tests.e2e.page_checks import wait_for_content
from tests.support.demo_records import demo_records

CATALOG_PAGES = {
    "/youtube": Text.KUPPI_RECORDINGS,
    "/ol-folder": "O/L resources",
    "/al-folder": "A/L resources",
    "/ol/olfolder0000001": "O/L papers and notes",
    "/al/alfolder0000001": "A/L papers and notes",
    "/jobs": Text.JOB_MARKET,
    "/booking": "Bodim - Rooms for students",
    "/shop": "Shop",
    "/courses": "Courses",
    "/single-blog": "Five habits that make a kuppi session work",
    "/about": "About us",
    "/instructor": "Our teachers",
}


@pytest.mark.parametrize(("path", "title"), CATALOG_PAGES.items(), ids=list(CATALOG_PAGES))
def test_each_page_has_its_own_title_and_meta_description(page: Page, base_url: str, path: str, title: str) -> None:
    page.goto(base_url + path)
    expect(page).to_have_title(f"{title} | Student Portal")
    description = page.locator('meta[name="description"]')
    expect(description).to_have_count(1)
    assert len(description.get_attribute("content") or "") > 40


def test_descriptions_differ_between_pages(page: Page, base_url: str) -> None:
    seen = set()
    for path in CATALOG_PAGES:
        page.goto(base_url + path)
        seen.add(page.locator('meta[name="description"]').get_attribute("content"))
    # The two folder-item routes share a text; every other page has its own.
    assert len(seen) >= len(CATALOG_PAGES) - 2


def test_courses_show_the_static_tuition_cards(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.COURSES)
    cards = sized_page.get_by_test_id("course-card")
    expect(cards).to_have_count(len(TUITION))
    expect(cards.get_by_role("heading")).to_have_text([t.title for t in TUITION])
    for card, course in zip(cards.all(), TUITION, strict=True):
        expect(card).to_contain_text(f"{course.count} Lessons")
        expect(card).to_contain_text(Text.COURSE_RATING)
        expect(card).to_contain_text(course.instructor)
        expect(card.locator("img").first).to_have_attribute("src", course.cover_url)
    first = cards.first
    join = first.get_by_role("link", name=f"{Text.JOIN_NOW} {TUITION[0].title}")
    parts = urlsplit(join.get_attribute("href") or "")
    assert (parts.netloc, parts.path) == ("wa.me", f"/{SHOP_WHATSAPP_NUMBER}")
    assert parse_qs(parts.query)["text"] == [Text.join_message(TUITION[0].title)]
    first.get_by_role("link", name=re.compile(f"^{Text.KNOW_DETAILS}")).click()
    expect(sized_page).to_have_url(base_url + routes.PROFILE)


def test_course_pictures_are_served(page: Page, base_url: str) -> None:
    for course in TUITION:
        for url in (course.cover_url, course.image_url):
            response = page.request.get(base_url + url)
            assert response.ok and "svg" in response.headers["content-type"], url


def test_single_blog_is_a_readable_post(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.SINGLE_BLOG)
    article = sized_page.get_by_role("article")
    expect(article.get_by_role("heading", level=1)).to_have_text(CATALOG_PAGES["/single-blog"])
    expect(article.get_by_role("heading", level=2)).to_have_count(5)
    expect(article).not_to_contain_text("Lorem")
    article.get_by_role("link", name="Kuppi Recordings").click()
    expect(sized_page).to_have_url(re.compile(r"/youtube$"))


def test_about_explains_the_site_and_links_to_its_sections(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + routes.ABOUT)
    expect(sized_page.get_by_role("heading", level=1)).to_have_text("About Student Portal")
    for label, href in [
        ("Kuppi Recordings", "/youtube"),
        ("Job Market", "/jobs"),
        ("Bodim", "/booking"),
        ("Shop", "/shop"),
    ]:
        expect(sized_page.get_by_role("main").get_by_role("link", name=re.compile(f"^{label}"))).to_have_attribute(
            "href", href
        )
    expect(sized_page.get_by_role("link", name="WhatsApp us")).to_have_attribute(
        "href", f"https://wa.me/{SHOP_WHATSAPP_NUMBER}"
    )
    expect(sized_page.get_by_role("main").get_by_role("link", name=re.compile(r"^Call \+94"))).to_have_attribute(
        "href", re.compile(r"^tel:\+94\d{9}$")
    )


def test_instructor_lists_the_teachers_from_the_teachers_collection(
    sized_page: Page, base_url: str, demo_pocketbase
) -> None:
    teachers = [Teacher.model_validate(t) for t in demo_records(demo_pocketbase, "Teachers")]
    sized_page.goto(base_url + routes.INSTRUCTOR)
    cards = sized_page.get_by_test_id("instructor-card")
    expect(cards.get_by_role("heading")).to_have_text([t.name for t in teachers])
    undescribed = next(t for t in teachers if not t.description)
    expect(cards.filter(has_text=undescribed.name)).to_contain_text(Text.TEACHER_DESCRIPTION_DEFAULT)
    expect(cards.first.locator("img")).to_have_attribute("src", re.compile(r"\?thumb=256x256f$"))
    expect(cards.first.get_by_role("link", name=f"{Text.VIEW_CLASSES} {teachers[0].name}")).to_have_attribute(
        "href", routes.class_page(teachers[0].id)
    )


def test_instructor_page_without_teachers(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.goto(base_url + routes.INSTRUCTOR)
    expect(page.get_by_role("status")).to_have_text(Text.NO_TEACHERS)


def test_instructor_page_with_a_dead_backend(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + routes.INSTRUCTOR)
    expect(page.get_by_role("alert")).to_have_text(Text.TEACHERS_FAILED)


@pytest.mark.parametrize(
    "path", ["/youtube", "/ol-folder", "/al/alfolder0000003", "/jobs", "/booking", "/shop", "/courses"]
)
def test_pictures_and_icons_size_by_attributes_not_generated_css(page: Page, base_url: str, path: str) -> None:
    # An Emotion class per <img>/<svg> costs style work on every card (and pins images at
    # their pixel size); width/height and stroke belong in attributes.
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    wait_for_content(page)
    expect(page.locator("main img").first).to_be_attached()
    assert page.locator("main img[class*='css-'], main svg[class*='css-']").count() == 0
    # One read of every picture: the page may still redraw its cards (a live update, the
    # slides), and a list taken before that waited 30 s for a card that had gone (the full run).
    sizes = page.locator("main img").evaluate_all(
        "imgs => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')])"
    )
    assert sizes and all((w or "").isdigit() and (h or "").isdigit() for w, h in sizes), sizes
