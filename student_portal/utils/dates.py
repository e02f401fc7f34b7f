"""PocketBase date-times, read as Sri Lankan students live them.

PocketBase stores UTC (`2026-11-22 14:30:00.000Z`). The old site showed the UTC clock part and
filtered the calendar by the UTC day, so a class at 19:00 UTC (00:30 next day in Colombo)
appeared on the wrong day at the wrong time. Here every calendar day and clock time is in
SITE_TIME_ZONE (Asia/Colombo, UTC+05:30, no daylight saving).

Clock times are 12-hour with AM/PM ("8:00 PM"): that is how class times are written on Sri
Lankan tuition posters, SMS and WhatsApp messages, and what phones there show by default.
Month, day and AM/PM names come from CLDR (Babel) in the visitor's language, never the server
locale's; the browser gets the same names and patterns (`browser_dates`) for what only it can
write (the calendar's months, the time an offline copy was kept).
Pure: no Reflex, no I/O (today_local reads the clock only when no `now` is given), never raises.
"""

from __future__ import annotations

import math
import re
from datetime import UTC, date, datetime, time
from functools import cache
from typing import Any

from babel import dates as babel_dates
from babel import units as babel_units

from student_portal.constants import SITE_TIME_ZONE
from student_portal.i18n import language, locale
from student_portal.i18n.languages import Language

UTC = UTC
# The site's one date style, in every language: CLDR patterns filled with the current language's
# names (Babel): "22 Nov 2026", "22 ඉල් 2026", "22 நவ. 2026"; the schedule's day line
# "Sunday, 22 November 2026"; the calendar's heading "November 2026".
DAY_PATTERN = "d MMM y"
LONG_DAY_PATTERN = "EEEE, d MMMM y"
DAY_WIDE_PATTERN = "d MMMM y"  # a calendar day's button, read out: "28 November 2026"
MONTH_PATTERN = "MMMM y"
# The clock: each language's own CLDR 12-hour form ("8:00 PM", "ප.ව. 8:00"), except that CLDR's
# Tamil AM/PM are the Latin letters: Tamil writes the part of the day ("காலை 8:00", "மாலை 4:00").
CLOCK_SKELETONS = {Language.EN: "hm", Language.SI: "hm", Language.TA: "Bhm"}

# PocketBase's own form and the ISO forms around it; nothing fancier (week dates, basic format).
_DATETIME_RE = re.compile(
    r"\d{4}-\d{2}-\d{2}"
    r"(?:[ T]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)?"
    r"(?:Z|[+-]\d{2}(?::?\d{2})?)?",
    re.IGNORECASE,
)
_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
_MAX_CHARS = 64


def parse_pb_datetime(value: object) -> datetime | None:
    """An aware UTC datetime from a PocketBase/ISO string or a datetime, else None.

    Naive values are UTC (that is what PocketBase stores); a date-only value is UTC midnight,
    as PocketBase stores a picked date. The empty string (an unset PocketBase date) is None.
    """
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, date):
        parsed = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > _MAX_CHARS or not _DATETIME_RE.fullmatch(text):
            return None
        text = text.upper().replace(",", ".")
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            return None
    else:
        return None
    try:
        if parsed.tzinfo is None or parsed.utcoffset() is None:
            return parsed.replace(tzinfo=UTC)
        return parsed.astimezone(UTC)
    except Exception:
        return None


def to_local(value: object) -> datetime | None:
    """The same instant on the Colombo clock (aware, SITE_TIME_ZONE), else None."""
    parsed = parse_pb_datetime(value)
    if parsed is None:
        return None
    try:
        return parsed.astimezone(SITE_TIME_ZONE)
    except (OverflowError, ValueError):  # 9999-12-31 late evening UTC has no Colombo day
        return None


def local_day(dt: object) -> date | None:
    """The Colombo calendar day an instant falls on (19:00 UTC -> the next day)."""
    local = to_local(dt)
    return local.date() if local else None


def parse_iso_day(value: object) -> date | None:
    """A calendar day from the browser's calendar: "2026-11-22" (taken as is).

    Also accepted: a date; a datetime or a full timestamp (for example a JS toISOString()),
    which is read as an instant and mapped to its Colombo day.
    """
    if isinstance(value, datetime):
        return local_day(value)
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _DAY_RE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            return None
    return local_day(text)


@cache
def clock_pattern(language: Language) -> str:
    """The CLDR pattern of `language`'s clock: "h:mm a", "a h:mm", "B h:mm"."""
    return str(locale(language).datetime_skeletons[CLOCK_SKELETONS[language]].pattern)


def format_clock(dt: object) -> str:
    """Colombo clock time, 12-hour: "8:00 PM", "12:05 AM" ("ප.ව. 8:00", "இரவு 8:00"); "" when
    there is no time."""
    local = to_local(dt)
    if local is None:
        return ""
    return babel_dates.format_time(local, clock_pattern(language()), locale=locale(language()))


def _format_day(day: date, pattern: str = DAY_PATTERN) -> str:
    return babel_dates.format_date(day, pattern, locale=locale(language()))


def format_long_day(value: object) -> str:
    """ "Sunday, 22 November 2026" for a day ('YYYY-MM-DD' or a date); "" when it is not one."""
    day = value if isinstance(value, date) and not isinstance(value, datetime) else None
    if isinstance(value, str) and _DAY_RE.fullmatch(value.strip()):
        day = parse_iso_day(value)
    return _format_day(day, LONG_DAY_PATTERN) if day else ""


def format_minutes(minutes: object) -> str:
    """A duration in minutes as the language says it ("90 minutes", "මිනිත්තු 90", "90 நிமிடங்கள்",
    CLDR's units through Babel), rounded to the minute; "" when it is missing, not positive or
    not a finite number."""
    if isinstance(minutes, bool) or not isinstance(minutes, int | float):
        return ""
    if not math.isfinite(minutes) or minutes <= 0:
        return ""
    try:
        # Whole seconds, not a timedelta: a stored 1e12 minutes is past timedelta's range but
        # still a number.
        seconds = round(minutes * 60)
        return babel_dates.format_timedelta(
            seconds, granularity="minute", threshold=math.inf, locale=locale(language())
        )
    except (OverflowError, ValueError):  # too large to round to a whole minute
        return ""


_DURATION_UNITS = ((3600, "duration-hour"), (60, "duration-minute"), (1, "duration-second"))


def format_duration(seconds: object) -> str:
    """A time taken or allowed, as the language writes it short ("1 hr 12 min", "12 min 5 sec",
    "පැය 1 මිනි 12"; CLDR's units through Babel): seconds only under 10 minutes, hours and
    minutes above; "" when missing or not positive."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        return ""
    left = round(seconds)
    if left <= 0 or left > 10**9:
        return ""
    units = _DURATION_UNITS if left < 600 else _DURATION_UNITS[:2]
    parts = []
    for size, unit in units:
        amount, left = divmod(left, size)
        if amount:
            parts.append(babel_units.format_unit(amount, unit, length="short", locale=locale(language())))
    return " ".join(parts) or babel_units.format_unit(0, "duration-minute", length="short", locale=locale(language()))


def format_date(dt_or_str: object) -> str:
    """ "22 Nov 2026": a day as given, or the Colombo day of an instant; "" when unreadable."""
    if isinstance(dt_or_str, date) and not isinstance(dt_or_str, datetime):
        return _format_day(dt_or_str)
    if isinstance(dt_or_str, str) and _DAY_RE.fullmatch(dt_or_str.strip()):
        day = parse_iso_day(dt_or_str)
    else:
        day = local_day(dt_or_str)
    return _format_day(day) if day else ""


def today_local(now: datetime | None = None) -> date:
    """Today in Colombo; `now` (naive = UTC) makes it deterministic for tests."""
    moment = now if isinstance(now, datetime) else datetime.now(UTC)
    day = local_day(moment)
    if day is not None:
        return day
    # An instant at the very end of the calendar cannot move to +05:30; its own day will do.
    return moment.date()


@cache
def browser_dates(language: Language) -> dict[str, Any]:
    """What the browser needs to write a date in the site's style and `language` without its
    own locale data (assets/date_style.js): CLDR's names from Babel and the patterns."""
    cldr = locale(language)
    clock = clock_pattern(language)
    found = re.search(r"a+|B+", clock)
    period = found.group(0) if found else "a"
    return {
        "months": [cldr.months["format"]["abbreviated"][month] for month in range(1, 13)],
        "monthsWide": [cldr.months["format"]["wide"][month] for month in range(1, 13)],
        # Babel counts from Monday (0), the browser's Date.getDay() from Sunday.
        "weekdays": [cldr.days["format"]["wide"][(day + 6) % 7] for day in range(7)],
        "weekdaysShort": [cldr.days["format"]["abbreviated"][(day + 6) % 7] for day in range(7)],
        # The part of the day each hour has (on the half hour: "noon" is 12:00 itself)...
        "periods": [babel_dates.format_time(time(hour, 30), period, locale=cldr) for hour in range(24)],
        # ...and the flexible ones' own names for midnight and noon ("12:00 noon").
        "onTheHour": {
            str(hour): babel_dates.format_time(time(hour), period, locale=cldr)
            for hour in (0, 12)
            if period.startswith("B")
        },
        "day": DAY_PATTERN,
        "longDay": LONG_DAY_PATTERN,
        "dayWide": DAY_WIDE_PATTERN,
        "month": MONTH_PATTERN,
        "clock": clock,
        # A moment: the day and the clock as CLDR joins them ("{1}, {0}": "22 Nov 2026, 8:00 PM").
        "moment": str(cldr.datetime_formats["medium"]).replace("{1}", DAY_PATTERN).replace("{0}", clock),
    }
