"""Add to calendar and teachers' calendar feeds, in the browser and as files: each .ics parses
with icalendar and lands on the Colombo day and time the schedule shows."""

from __future__ import annotations

import datetime
import re
from zoneinfo import ZoneInfo

import httpx
import icalendar
import pytest
from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language, in_language_path, language_prefix
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Collection
from student_portal.utils.dates import parse_pb_datetime
from tests.e2e.auth_support import start_signed_in
from tests.e2e.conftest import PHONE
from tests.e2e.routes import DEMO_IDS
from tests.support.admin import created

COLOMBO = ZoneInfo("Asia/Colombo")
# What the public schedule shows of a class, and so all a feed may hold.
PUBLIC_EVENT_FIELDS = {"SUMMARY", "DTSTART", "DTEND", "DTSTAMP", "UID", "DESCRIPTION", "LOCATION", "URL"}


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "timezone_id": "Asia/Colombo", "accept_downloads": True}


def _events(data: bytes) -> list[icalendar.Event]:
    calendar = icalendar.Calendar.from_ical(data)
    assert [str(z["tzid"]) for z in calendar.walk("VTIMEZONE")] == ["Asia/Colombo"]
    return list(calendar.walk("VEVENT"))


def _clock(moment: datetime.datetime) -> str:
    return moment.strftime("%I:%M %p").lstrip("0")


def test_add_to_calendar_downloads_the_class_at_the_time_the_schedule_shows(sized_page: Page, base_url: str) -> None:
    sized_page.goto(base_url + "/")
    item = sized_page.get_by_test_id("class-item").first
    link = item.get_by_role("link", name=re.compile(f"^{Text.ADD_TO_CALENDAR}"))
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb-sized target on phones
    name = item.get_by_role("heading").inner_text()
    shown_clock = item.locator("time").inner_text()
    with sized_page.expect_download() as download_info:
        link.click()
    download = download_info.value
    assert download.suggested_filename.endswith(".ics")
    (event,) = _events(open(download.path(), "rb").read())  # noqa: SIM115 - read once
    starts = event.decoded("dtstart")
    assert str(event["summary"]) == name
    assert starts.astimezone(COLOMBO).date() == datetime.datetime.now(COLOMBO).date()  # today's schedule
    assert _clock(starts.astimezone(COLOMBO)) == shown_clock
    assert str(event["location"]).startswith("https://us05web.zoom.us/j/")
    (alarm,) = event.walk("VALARM")
    assert alarm.decoded("trigger") == datetime.timedelta(minutes=-15)


def test_the_class_after_midnight_lands_on_the_next_colombo_day(base_url: str, admin: httpx.Client) -> None:
    late = next(
        c
        for c in admin.get("/api/collections/Classes/records", params={"perPage": 200}).json()["items"]
        if c["name"].startswith("Chemistry - Late Night")
    )
    (event,) = _events(httpx.get(f"{base_url}/calendar/class/{late['id']}.ics", timeout=15).content)
    starts = event.decoded("dtstart").astimezone(COLOMBO)
    stored = parse_pb_datetime(late["date"])
    assert starts == stored and (starts.hour, starts.minute) == (0, 30)
    assert starts.date() == stored.date() + datetime.timedelta(days=1)  # 19:00 UTC is the next day here


def test_an_undated_or_unknown_class_has_no_calendar_file(base_url: str, admin: httpx.Client) -> None:
    with created(admin, Collection.CLASSES, name="No date yet", teacher=DEMO_IDS["teacher"]) as undated:
        assert httpx.get(f"{base_url}/calendar/class/{undated['id']}.ics", timeout=15).status_code == 404
    assert httpx.get(f"{base_url}/calendar/class/nosuchclass0000.ics", timeout=15).status_code == 404
    assert httpx.get(f"{base_url}/calendar/teacher/nosuchteacher00.ics", timeout=15).status_code == 404


def test_the_class_page_offers_the_teachers_feed_which_follows_the_admin(
    sized_page: Page, base_url: str, demo_pocketbase, client_ip: str, admin: httpx.Client
) -> None:
    teacher = DEMO_IDS["teacher"]
    start_signed_in(sized_page, base_url, demo_pocketbase.url, "basic", client_ip)
    sized_page.goto(f"{base_url}/class/{teacher}")
    subscribe = sized_page.get_by_test_id("calendar-subscribe")
    expect(subscribe).to_be_visible()
    expect(subscribe).to_have_attribute(
        "href", f"webcal://localhost:{base_url.rsplit(':', 1)[1]}/calendar/teacher/{teacher}.ics"
    )
    feed_url = sized_page.get_by_test_id("calendar-feed").get_attribute("href")
    assert feed_url == f"{base_url}/calendar/teacher/{teacher}.ics"

    before = _events(httpx.get(feed_url, timeout=15).content)
    now = datetime.datetime.now(datetime.UTC)
    assert before and all(e.decoded("dtend") >= now for e in before)  # upcoming only
    assert [e.decoded("dtstart") for e in before] == sorted(e.decoded("dtstart") for e in before)
    for event in before:
        assert {key for key in event} <= PUBLIC_EVENT_FIELDS and "Dr. Nuwan Perera" in str(event["description"])

    starts = (now + datetime.timedelta(days=3)).replace(microsecond=0)
    fields = {"name": "Added by the admin", "date": starts.isoformat(), "duration": 45, "teacher": teacher}
    with created(admin, Collection.CLASSES, **fields) as added:
        deadline = datetime.datetime.now() + datetime.timedelta(seconds=10)
        while True:
            found = [e for e in _events(httpx.get(feed_url, timeout=15).content) if added["id"] in str(e["uid"])]
            if found or datetime.datetime.now() > deadline:
                break
        assert found, "the admin's new class never reached the feed"
        assert found[0].decoded("dtstart") == starts and "location" not in found[0]  # no Zoom link given


@pytest.mark.parametrize("language", [Language.SI, Language.TA], ids=str)
def test_a_calendar_exported_from_a_sinhala_or_tamil_page_is_in_that_language(
    page: Page, base_url: str, demo_pocketbase, client_ip: str, language: Language
) -> None:
    page.set_viewport_size(PHONE)
    prefix = language_prefix(language)
    with in_language(language):
        add, teacher_line = Text.ADD_TO_CALENDAR, Text.teacher_line("Dr. Nuwan Perera")
    page.goto(base_url + in_language_path(routes.HOME, language))
    item = page.get_by_test_id("class-item").first
    link = item.get_by_role("link", name=re.compile(f"^{add}"))
    expect(link).to_have_attribute("href", re.compile(f"^{prefix}/calendar/class/"))
    name = item.get_by_role("heading").inner_text()
    with page.expect_download() as download_info:
        link.click()
    (event,) = _events(open(download_info.value.path(), "rb").read())  # noqa: SIM115 - read once
    (alarm,) = event.walk("VALARM")
    with in_language(language):
        assert str(alarm["description"]) == Text.class_reminder(name)  # the site's words, translated
    assert str(event["summary"]) == name  # the class's own name, as authored

    teacher = DEMO_IDS["teacher"]
    start_signed_in(page, base_url, demo_pocketbase.url, "basic", client_ip)
    page.goto(f"{base_url}{prefix}/class/{teacher}")
    feed_url = page.get_by_test_id("calendar-feed").get_attribute("href")
    assert feed_url == f"{base_url}{prefix}/calendar/teacher/{teacher}.ics"
    events = _events(httpx.get(feed_url, timeout=15).content)
    assert events and all(teacher_line in str(e["description"]) for e in events)
    assert not any("Teacher:" in str(e["description"]) for e in events)
