"""One language per page (issue 33): the site's dates, clock times and durations in Sinhala and
Tamil are CLDR's words (Babel), in the site's one date style, with no English left in them."""

from __future__ import annotations

import math
import re
from datetime import date

import pytest

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.utils.dates import (
    browser_dates,
    clock_pattern,
    format_clock,
    format_date,
    format_long_day,
    format_minutes,
)
from student_portal.utils.schedule import day_label, minutes_label

LATIN = re.compile(r"[A-Za-z]")
TRANSLATED = [Language.SI, Language.TA]


@pytest.mark.parametrize(
    ("language", "day", "long_day", "morning", "evening", "minutes"),
    [
        (Language.EN, "28 Nov 2026", "Saturday, 28 November 2026", "8:00 AM", "8:05 PM", "120 minutes"),
        (Language.SI, "28 ඉල් 2026", "සෙනසුරාදා, 28 ඉල් 2026", "පෙ.ව. 8:00", "ප.ව. 8:05", "මිනිත්තු 120"),
        (Language.TA, "28 நவ. 2026", "சனி, 28 நவம்பர் 2026", "காலை 8:00", "அந்தி மாலை 8:05", "120 நிமிடங்கள்"),
    ],
    ids=["en", "si", "ta"],
)
def test_a_class_is_written_in_the_page_language(language, day, long_day, morning, evening, minutes) -> None:
    with in_language(language):
        assert format_date("2026-11-28") == day
        assert format_long_day("2026-11-28") == format_long_day(date(2026, 11, 28)) == long_day
        assert day_label("2026-11-28") == long_day
        assert format_clock("2026-11-28 02:30:00Z") == morning  # 8:00 in Colombo
        assert format_clock("2026-11-28 14:35:00Z") == evening
        assert format_minutes(120) == minutes_label(120.0) == minutes


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
@pytest.mark.parametrize("hour", range(24))
def test_no_clock_time_or_day_has_latin_letters(language, hour) -> None:
    with in_language(language):
        assert not LATIN.search(format_clock(f"2026-01-{1 + hour:02d} {hour:02d}:00:00+05:30"))
        day = f"2026-{hour % 12 + 1:02d}-{hour + 1:02d}"
        assert not LATIN.search(format_date(day) + format_long_day(day))


def test_one_minute_is_singular_and_plurals_follow_the_language() -> None:
    assert format_minutes(1) == "1 minute"
    with in_language(Language.TA):
        assert format_minutes(1) == "1 நிமிடம்"
        assert format_minutes(2) == "2 நிமிடங்கள்"


@pytest.mark.parametrize("value", [None, 0, -5, math.nan, math.inf, -math.inf, True, "90", 1e308, [90]], ids=repr)
def test_a_duration_that_is_not_one_writes_nothing(value) -> None:
    assert format_minutes(value) == "" or value == 1e308  # 1e308 is a number: written, not raised
    assert isinstance(format_minutes(value), str)


def test_a_duration_is_rounded_to_the_minute() -> None:
    assert format_minutes(90.4) == "90 minutes"
    assert format_minutes(0.2) == "1 minute"  # a positive duration is never "0 minutes"


def test_the_long_day_of_what_is_not_a_day_is_empty() -> None:
    assert format_long_day("2026-02-30") == format_long_day("nonsense") == format_long_day("") == ""
    assert format_long_day(None) == format_long_day(20261128) == ""


def test_tamil_writes_the_part_of_the_day_and_the_others_am_pm() -> None:
    assert clock_pattern(Language.EN) == "h:mm a"
    assert clock_pattern(Language.SI) == "a h:mm"
    assert clock_pattern(Language.TA) == "B h:mm"


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_the_browser_gets_the_names_the_server_writes_with(language) -> None:
    names = browser_dates(language)
    with in_language(language):
        assert f"28 {names['months'][10]} 2026" == format_date("2026-11-28")
        assert names["weekdays"][6] + ", 28 " + names["monthsWide"][10] + " 2026" == format_long_day("2026-11-28")
    assert len(names["periods"]) == 24 and len(names["weekdaysShort"]) == 7
    if language is not Language.EN:
        assert not any(LATIN.search(str(v)) for key in ("months", "weekdays", "periods") for v in names[key])
