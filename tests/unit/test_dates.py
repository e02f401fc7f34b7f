"""Spec 4: the calendar date defaults to today and filters classes to the same calendar day.

The calendar day and clock are Colombo's (SITE_TIME_ZONE), not the UTC clock part: a class at
19:00 UTC starts at 00:30 the next day in Sri Lanka.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from student_portal.constants import SITE_TIME_ZONE
from student_portal.utils.dates import (
    format_clock,
    format_date,
    local_day,
    parse_iso_day,
    parse_pb_datetime,
    to_local,
    today_local,
)

UTC = UTC
COLOMBO_OFFSET = timedelta(hours=5, minutes=30)


@pytest.mark.parametrize(
    "value",
    [
        "2026-11-22 14:30:00.000Z",
        "2026-11-22 14:30:00Z",
        "2026-11-22T14:30:00.000Z",
        "2026-11-22T14:30:00Z",
        "2026-11-22T14:30:00",
        "2026-11-22 14:30:00",
        "2026-11-22 14:30",
        "2026-11-22t14:30:00z",
        "  2026-11-22 14:30:00.000Z\n",
        "2026-11-22T20:00:00+05:30",
        "2026-11-22T20:00:00+0530",
        "2026-11-22T09:30:00-05:00",
        datetime(2026, 11, 22, 14, 30),
        datetime(2026, 11, 22, 14, 30, tzinfo=UTC),
        datetime(2026, 11, 22, 20, 0, tzinfo=SITE_TIME_ZONE),
    ],
)
def test_pocketbase_and_iso_forms_parse_to_the_same_utc_instant(value):
    parsed = parse_pb_datetime(value)
    assert parsed == datetime(2026, 11, 22, 14, 30, tzinfo=UTC)
    assert parsed.utcoffset() == timedelta(0)


def test_milliseconds_are_kept():
    assert parse_pb_datetime("2026-11-22 14:30:00.123Z") == datetime(2026, 11, 22, 14, 30, 0, 123000, tzinfo=UTC)
    assert parse_pb_datetime("2026-11-22 14:30:00.123456789Z").microsecond == 123456


def test_date_only_value_is_utc_midnight_like_pocketbase_stores_it():
    assert parse_pb_datetime("2026-11-22") == datetime(2026, 11, 22, tzinfo=UTC)
    assert parse_pb_datetime(date(2026, 11, 22)) == datetime(2026, 11, 22, tzinfo=UTC)


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "   ",
        "not a date",
        "2026-02-30 10:00:00Z",
        "2026-13-01",
        "2026-11-22 25:00:00Z",
        "22/11/2026",
        "Nov 22 2026",
        "2026-W47-1",
        "20261122T143000",
        "2026-11-22 14:30:00.000Z<script>",
        "2026-11-22 14:30:00.000Z" + " " * 100 + "x",
        "0001-01-01T01:00:00+05:30",  # before the calendar begins in UTC
        "٢٠٢٦-١١-٢٢",
        1732285800,
        1732285800.0,
        True,
        b"2026-11-22",
        ["2026-11-22"],
    ],
)
def test_unreadable_values_are_none(value):
    assert parse_pb_datetime(value) is None
    assert local_day(value) is None
    assert format_clock(value) == ""


# --- the Colombo day and clock ------------------------------------------------------------


def test_class_at_19_utc_belongs_to_the_next_colombo_day():
    start = "2026-11-22 19:00:00.000Z"
    assert local_day(start) == date(2026, 11, 23)
    assert format_clock(start) == "12:30 AM"
    assert format_date(start) == "23 Nov 2026"


def test_class_at_18_29_utc_is_still_the_same_colombo_day():
    assert local_day("2026-11-22 18:29:59Z") == date(2026, 11, 22)
    assert local_day("2026-11-22 18:30:00Z") == date(2026, 11, 23)


def test_early_utc_morning_class_is_the_same_colombo_day():
    assert local_day("2026-11-22 00:15:00Z") == date(2026, 11, 22)
    assert format_clock("2026-11-22 00:15:00Z") == "5:45 AM"


@pytest.mark.parametrize(
    ("utc", "clock"),
    [
        ("2026-11-22 14:30:00Z", "8:00 PM"),
        ("2026-11-22 18:30:00Z", "12:00 AM"),
        ("2026-11-22 06:30:00Z", "12:00 PM"),
        ("2026-11-22 06:35:00Z", "12:05 PM"),
        ("2026-11-22 03:30:00Z", "9:00 AM"),
        ("2026-11-22 05:29:00Z", "10:59 AM"),
        ("2026-11-22 17:29:00Z", "10:59 PM"),
    ],
)
def test_clock_is_twelve_hour_colombo_time(utc, clock):
    assert format_clock(utc) == clock


def test_to_local_is_colombo_time():
    local = to_local("2026-11-22 14:30:00.000Z")
    assert local.tzinfo == SITE_TIME_ZONE
    assert (local.hour, local.minute) == (20, 0)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("2026-11-22 14:30:00.000Z", "22 Nov 2026"),
        ("2026-11-22", "22 Nov 2026"),  # a day string is a day, never shifted
        (" 2026-01-05 ", "5 Jan 2026"),
        (date(2026, 12, 31), "31 Dec 2026"),
        (datetime(2026, 12, 31, 20, 0, tzinfo=UTC), "1 Jan 2027"),
        (datetime(2026, 6, 1, 12, 0), "1 Jun 2026"),
        ("2026-11-22T23:00:00+05:30", "22 Nov 2026"),
        (None, ""),
        ("", ""),
        ("yesterday", ""),
        ("2026-02-29", ""),
        (12, ""),
    ],
)
def test_format_date(value, text):
    assert format_date(value) == text


def test_history_of_the_zone_is_respected():
    # 2000-01-01 00:00 UTC was 06:00 in Colombo (the +06:00 years), not 05:30.
    assert format_clock("2000-01-01 00:00:00Z") == "6:00 AM"


def test_far_end_of_the_calendar_does_not_raise():
    last = datetime(9999, 12, 31, 23, 0, tzinfo=UTC)
    assert local_day(last) is None
    assert format_clock(last) == ""
    assert format_date(last) == ""
    assert today_local(last) == date(9999, 12, 31)
    assert local_day(datetime.min.replace(tzinfo=UTC)) == date(1, 1, 1)


class _BrokenZone(tzinfo):
    def utcoffset(self, dt):
        raise RuntimeError("broken")


def test_broken_tzinfo_does_not_raise():
    assert parse_pb_datetime(datetime(2026, 1, 1, tzinfo=_BrokenZone())) is None


# --- today and the browser's calendar -----------------------------------------------------


def test_today_is_the_colombo_date():
    assert today_local(datetime(2026, 11, 22, 18, 29, tzinfo=UTC)) == date(2026, 11, 22)
    assert today_local(datetime(2026, 11, 22, 18, 30, tzinfo=UTC)) == date(2026, 11, 23)
    assert today_local(datetime(2026, 11, 22, 18, 30)) == date(2026, 11, 23)  # naive = UTC


def test_today_without_now_reads_the_clock():
    before = datetime.now(UTC)
    today = today_local()
    after = datetime.now(UTC)
    assert today in {(before + COLOMBO_OFFSET).date(), (after + COLOMBO_OFFSET).date()}
    assert today_local("not a datetime") in {(before + COLOMBO_OFFSET).date(), (after + COLOMBO_OFFSET).date()}


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026-11-22", date(2026, 11, 22)),
        (" 2026-11-22\n", date(2026, 11, 22)),
        (date(2026, 11, 22), date(2026, 11, 22)),
        # JS Date(2026, 10, 22).toISOString() in a Colombo browser
        ("2026-11-21T18:30:00.000Z", date(2026, 11, 22)),
        (datetime(2026, 11, 21, 18, 30, tzinfo=UTC), date(2026, 11, 22)),
        ("2026-02-29", None),
        ("2026-11-2", None),
        ("22-11-2026", None),
        ("", None),
        (None, None),
        (20261122, None),
        ("2026-11-22" * 1000, None),
    ],
)
def test_parse_iso_day(value, day):
    assert parse_iso_day(value) == day


# --- properties ---------------------------------------------------------------------------

# Sri Lanka has been on +05:30 since April 2006 (it tried +06:30 and +06:00 from 1996).
aware_instants = st.datetimes(min_value=datetime(2006, 5, 1), max_value=datetime(9999, 12, 30), timezones=st.just(UTC))
anything = st.one_of(
    st.none(), st.integers(), st.floats(), st.text(), st.binary(), st.dates(), st.datetimes(),
    st.datetimes(timezones=st.timezones()), st.lists(st.integers()),
)  # fmt: skip


@given(anything)
def test_date_helpers_never_raise(value):
    parsed = parse_pb_datetime(value)
    assert parsed is None or parsed.utcoffset() == timedelta(0)
    day = local_day(value)
    assert day is None or isinstance(day, date)
    assert isinstance(format_clock(value), str)
    assert isinstance(format_date(value), str)
    day2 = parse_iso_day(value)
    assert day2 is None or (isinstance(day2, date) and not isinstance(day2, datetime))
    assert isinstance(today_local(value if isinstance(value, datetime) else None), date)


@given(aware_instants)
def test_pocketbase_string_round_trips(instant):
    instant = instant.replace(microsecond=instant.microsecond // 1000 * 1000)
    pb = instant.strftime("%Y-%m-%d %H:%M:%S.") + f"{instant.microsecond // 1000:03d}Z"
    assert parse_pb_datetime(pb) == instant
    assert parse_pb_datetime(instant.isoformat()) == instant


@given(aware_instants)
def test_local_day_is_the_utc_instant_plus_five_thirty(instant):
    assert local_day(instant) == (instant + COLOMBO_OFFSET).date()


@given(aware_instants)
def test_clock_is_a_twelve_hour_time_of_the_colombo_clock(instant):
    local = instant + COLOMBO_OFFSET
    clock = format_clock(instant)
    time_part, meridiem = clock.split(" ")
    hour, minute = (int(x) for x in time_part.split(":"))
    assert 1 <= hour <= 12 and minute == local.minute
    assert meridiem == ("AM" if local.hour < 12 else "PM")
    assert hour % 12 == local.hour % 12


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@given(st.dates())
def test_day_strings_round_trip_and_format_without_shifting(day):
    assert parse_iso_day(day.isoformat()) == day
    text = format_date(day)
    d, m, y = text.split(" ")
    assert (int(d), _MONTHS.index(m) + 1, int(y)) == (day.day, day.month, day.year)


@given(aware_instants)
def test_today_local_matches_local_day(instant):
    assert today_local(instant) == local_day(instant)
