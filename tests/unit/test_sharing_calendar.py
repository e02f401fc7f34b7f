"""Classes as .ics (student_portal/sharing/calendar.py): parsed back with icalendar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import icalendar

from student_portal.constants import SITE_TIME_ZONE, Limit
from student_portal.sharing.calendar import CalendarClass, classes_calendar, upcoming

NOW = datetime(2026, 11, 23, 6, 0, tzinfo=UTC)
# 19:00 UTC on the 23rd is 00:30 on the 24th in Colombo: the day the old site got wrong.
LATE = CalendarClass(
    "c1", "Physics revision", datetime(2026, 11, 23, 19, 0, tzinfo=UTC), 90, "Mr. Perera", "https://zoom.us/j/123"
)


def parse(data: bytes) -> icalendar.Calendar:
    return icalendar.Calendar.from_ical(data)


def events(data: bytes) -> list[icalendar.Event]:
    return list(parse(data).walk("VEVENT"))


def test_a_class_lands_on_its_colombo_day_and_clock_time() -> None:
    (event,) = events(classes_calendar([LATE], host="site.lk", now=NOW))
    start = event.decoded("dtstart")
    assert start.tzinfo is not None and start.utcoffset() == timedelta(hours=5, minutes=30)
    assert (start.date().isoformat(), start.strftime("%H:%M")) == ("2026-11-24", "00:30")
    assert event.decoded("dtend") - start == timedelta(minutes=90)
    assert event["dtstart"].params["TZID"] == "Asia/Colombo"


def test_the_calendar_carries_colombos_vtimezone() -> None:
    calendar = parse(classes_calendar([LATE], host="site.lk", now=NOW))
    (zone,) = calendar.walk("VTIMEZONE")
    assert zone["tzid"] == "Asia/Colombo"
    # The zone as written resolves to +05:30 for today's classes.
    assert zone.to_tz().utcoffset(datetime(2026, 11, 24, 0, 30)) == timedelta(hours=5, minutes=30)


def test_the_zoom_link_is_location_and_url_and_a_reminder_comes_15_minutes_before() -> None:
    (event,) = events(classes_calendar([LATE], host="site.lk", now=NOW))
    assert str(event["location"]) == str(event["url"]) == "https://zoom.us/j/123"
    assert "Mr. Perera" in str(event["description"])
    (alarm,) = event.walk("VALARM")
    assert alarm.decoded("trigger") == timedelta(minutes=-Limit.CLASS_REMINDER_MINUTES)
    assert str(alarm["action"]) == "DISPLAY"
    assert str(event["uid"]) == "class-c1@site.lk"


def test_undated_classes_are_left_out_and_unsafe_or_missing_links_give_no_location() -> None:
    undated = CalendarClass("c2", "Undated", None, 60)
    no_zoom = CalendarClass("c3", "No link", LATE.starts, None, zoom="")
    unsafe = CalendarClass("c4", "Bad link", LATE.starts, 60, zoom="javascript:alert(1)")
    found = {str(e["uid"]): e for e in events(classes_calendar([undated, no_zoom, unsafe], host="h", now=NOW))}
    assert set(found) == {"class-c3@h", "class-c4@h"}
    for event in found.values():
        assert "location" not in event and "url" not in event
    assert "dtend" not in found["class-c3@h"]  # no length given: no invented end


def test_hostile_names_make_a_valid_calendar() -> None:
    name = "Quotes \" ' <b>angle</b>, commas; semicolons\nnew lines 😀 " + "x" * 10_000
    data = classes_calendar([CalendarClass("c5", name, LATE.starts, 60, teacher=name, zoom=LATE.zoom)], host="h")
    (event,) = events(data)
    summary = str(event["summary"])
    assert summary.startswith("Quotes \" ' <b>angle</b>, commas; semicolons new lines 😀") and len(summary) <= 200
    assert all(len(line) <= 75 for line in data.split(b"\r\n"))  # folded as RFC 5545 asks


def test_an_empty_feed_is_still_a_valid_named_calendar() -> None:
    calendar = parse(classes_calendar([], host="h", name="Mr. Perera classes"))
    assert str(calendar["x-wr-calname"]) == "Mr. Perera classes" and not calendar.walk("VEVENT")


def test_upcoming_keeps_classes_not_over_yet_soonest_first() -> None:
    past = CalendarClass("p", "Past", NOW - timedelta(hours=3), 60)
    running = CalendarClass("r", "Running", NOW - timedelta(minutes=30), 60)
    later = CalendarClass("l", "Later", NOW + timedelta(days=2), 60)
    soon = CalendarClass("s", "Soon", NOW + timedelta(hours=1), None)
    assert [c.id for c in upcoming([later, past, soon, running, CalendarClass("u", "U", None, 1)], NOW)] == [
        "r",
        "s",
        "l",
    ]
    assert SITE_TIME_ZONE.key == "Asia/Colombo"
