"""Home: Class Schedule, in Sri Lankan days and clock times (spec: Class schedule).

The demo data dates classes from the day the demo database was seeded: today (Colombo) has
classes at 08:00, 16:00 and 20:00 (= 14:30 UTC), and tomorrow one at 00:30 (= 19:00 UTC
today: the UTC calendar would put it on the wrong day).
"""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect

from student_portal.constants import Text

COLOMBO = ZoneInfo("Asia/Colombo")
TODAY_CLASSES = [
    ("Combined Maths - Theory: Integration", "8:00 AM", "120 minutes", "Dr. Nuwan Perera"),
    ("Physics - Mechanics Revision", "4:00 PM", "90 minutes", "Ms. Dilani Jayasinghe"),
    ("ICT - Python Night Class", "8:00 PM", "60 minutes", "Ms. Tharushi Fernando"),
]
AFTER_MIDNIGHT = "Chemistry - Late Night Q&A before the unit test"


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    # Our students' browsers run on Sri Lankan time.
    return {**browser_context_args, "timezone_id": "Asia/Colombo"}


def _schedule(page: Page):
    return page.locator("section", has=page.get_by_role("heading", name=Text.CLASS_SCHEDULE, exact=True))


def _tile(page: Page, day: datetime.date):
    label = f"{day.day} {day:%B %Y}"
    return page.locator(f'.react-calendar__tile abbr[aria-label="{label}"]')


def _pick(page: Page, day: datetime.date) -> None:
    expect(page.locator(".react-calendar__tile--active")).to_be_visible()  # the calendar is drawn
    if _tile(page, day).count() == 0:
        page.locator(".react-calendar__navigation__next-button").click()
    _tile(page, day).click()


def _today() -> datetime.date:
    return datetime.datetime.now(COLOMBO).date()


def test_the_schedule_opens_on_today_with_its_classes_in_colombo_time(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    schedule = _schedule(sized_page)
    today = _today()
    expect(schedule.get_by_role("heading", level=3)).to_have_text(f"{today:%A}, {today.day} {today:%B %Y}")
    expect(sized_page.locator(".react-calendar__tile--active abbr")).to_have_attribute(
        "aria-label", f"{today.day} {today:%B %Y}"
    )
    items = schedule.get_by_test_id("class-item")
    expect(items).to_have_count(len(TODAY_CLASSES))
    for item, (name, clock, minutes, teacher) in zip(items.all(), TODAY_CLASSES, strict=True):
        expect(item.get_by_role("heading")).to_have_text(name)
        expect(item).to_contain_text(clock)
        expect(item).to_contain_text(minutes)
        expect(item).to_contain_text(teacher)
        avatar = item.locator("img")
        expect(avatar).to_have_class(re.compile(r"\brounded-full\b"))
        expect(avatar).to_have_attribute("src", re.compile(r"thumb=96x96$"))
        join = item.get_by_role("link", name=Text.JOIN_ZOOM_CLASS)
        expect(join).to_have_attribute("href", re.compile(r"^https://us05web\.zoom\.us/j/\d+\?pwd="))
        expect(join).to_have_attribute("target", "_blank")
        expect(join).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
        expect(join).to_have_class(re.compile(r"\bbg-green-700\b"))
    expect(schedule).not_to_contain_text(AFTER_MIDNIGHT)


def test_a_class_at_19_00_utc_shows_on_the_next_sri_lankan_day_at_12_30_am(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    _pick(page, _today() + datetime.timedelta(days=1))
    first = _schedule(page).get_by_test_id("class-item").first
    expect(first.get_by_role("heading")).to_have_text(AFTER_MIDNIGHT)
    expect(first).to_contain_text("12:30 AM")
    expect(first).to_contain_text("45 minutes")


def test_a_day_without_classes_says_so(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    _pick(page, _today() + datetime.timedelta(days=10))  # the demo week has none that far
    expect(_schedule(page).get_by_test_id("class-item")).to_have_count(0)
    expect(_schedule(page).get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()


def test_the_calendar_is_a_gregorian_month_without_year_jumps_and_marks_class_days(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page.locator(".react-calendar__month-view__weekdays__weekday").first).to_have_text(re.compile("Sun", re.I))
    expect(page.locator(".react-calendar__navigation__prev2-button")).to_have_count(0)
    expect(page.locator(".react-calendar__navigation__next2-button")).to_have_count(0)
    expect(page.locator(".react-calendar__navigation__label")).to_be_disabled()  # no year view
    expect(page.locator(".react-calendar__tile--active")).to_have_class(re.compile(r"\bhas-classes\b"))
    empty_day = _today() + datetime.timedelta(days=10)
    tomorrow = _today() + datetime.timedelta(days=1)
    for day, marked in [(tomorrow, True), (empty_day, False)]:
        tile = page.locator(f'.react-calendar__tile:has(abbr[aria-label="{day.day} {day:%B %Y}"])')
        if tile.count() == 0:  # not in this month's view
            continue
        if marked:
            expect(tile).to_have_class(re.compile(r"\bhas-classes\b"))
        else:
            expect(tile).not_to_have_class(re.compile(r"\bhas-classes\b"))


def _record_class_item_texts(page: Page) -> None:
    """From the next load on, keep every text a class item shows on its way to the final one
    (read back with `page.evaluate("Array.from(window.__seen)")`)."""
    page.add_init_script("""
        window.__seen = new Set();
        new MutationObserver(() => {
            document.querySelectorAll('[data-testid="class-item"]').forEach(el => window.__seen.add(el.innerText));
        }).observe(document, {subtree: true, childList: true, characterData: true});
    """)


def test_teacher_names_read_loading_teacher_until_they_arrive(page: Page, base_url: str, backend) -> None:
    backend.slow(2, only=("Teachers",))  # the classes arrive, their teachers take a while
    _record_class_item_texts(page)
    page.goto(base_url + "/")
    expect(_schedule(page).get_by_test_id("class-item").first).to_contain_text(TODAY_CLASSES[0][3], timeout=15_000)
    seen = page.evaluate("Array.from(window.__seen)")
    assert any(Text.LOADING_TEACHER in text for text in seen), seen


def test_teachers_already_known_show_with_their_classes_at_once(page: Page, browser: Browser, base_url: str) -> None:
    page.goto(base_url + "/")  # the site's cache now holds the teachers
    expect(_schedule(page).get_by_test_id("class-item").first).to_contain_text(TODAY_CLASSES[0][3])
    visitor = browser.new_context()  # a new visitor: nothing of theirs in the site's state yet
    try:
        fresh = visitor.new_page()
        _record_class_item_texts(fresh)
        fresh.goto(base_url + "/")
        expect(_schedule(fresh).get_by_test_id("class-item").first).to_contain_text(TODAY_CLASSES[0][3])
        seen = fresh.evaluate("Array.from(window.__seen)")
        assert seen and not any(Text.LOADING_TEACHER in text for text in seen), seen
    finally:
        visitor.close()


def test_schedule_shows_loading_then_no_classes_when_the_backend_is_empty(page: Page, base_url: str, backend) -> None:
    backend.empty()
    page.add_init_script("""
        window.__seen = [];
        new MutationObserver(() => window.__seen.push(document.documentElement.innerText))
            .observe(document, {subtree: true, childList: true, characterData: true});
    """)
    page.goto(base_url + "/")
    expect(_schedule(page).get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()
    assert any(Text.LOADING_SCHEDULE in text for text in page.evaluate("window.__seen"))


def test_a_dead_backend_ends_the_loading_with_no_classes(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + "/")
    expect(_schedule(page).get_by_text(Text.NO_CLASSES_TODAY)).to_be_visible()
    expect(_schedule(page).get_by_text(Text.LOADING_SCHEDULE)).to_have_count(0)
