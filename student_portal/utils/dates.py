"""PocketBase date-times, read as Sri Lankan students live them.

PocketBase stores UTC (`2026-11-22 14:30:00.000Z`). The old site showed the UTC clock part and
filtered the calendar by the UTC day, so a class at 19:00 UTC (00:30 next day in Colombo)
appeared on the wrong day at the wrong time. Here every calendar day and clock time is in
SITE_TIME_ZONE (Asia/Colombo, UTC+05:30, no daylight saving).

Clock times are 12-hour with AM/PM ("8:00 PM"): that is how class times are written on Sri
Lankan tuition posters, SMS and WhatsApp messages, and what phones there show by default.
Month and AM/PM names come from CLDR (Babel) in the visitor's language, never the server locale's.
Pure: no Reflex, no I/O (today_local reads the clock only when no `now` is given), never raises.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from babel import dates as babel_dates

from student_portal.constants import SITE_TIME_ZONE
from student_portal.i18n import language, locale

UTC = UTC
# CLDR patterns (Babel), the month and AM/PM names in the current language: "22 Nov 2026",
# "22 නොවැ 2026", "22 நவ. 2026"; "8:00 PM", "8:00 ප.ව.".
DAY_PATTERN = "d MMM y"
CLOCK_PATTERN = "h:mm a"

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


def format_clock(dt: object) -> str:
    """Colombo clock time, 12-hour: "8:00 PM", "12:05 AM"; "" when there is no time."""
    local = to_local(dt)
    if local is None:
        return ""
    return babel_dates.format_time(local, CLOCK_PATTERN, locale=locale(language()))


def _format_day(day: date) -> str:
    return babel_dates.format_date(day, DAY_PATTERN, locale=locale(language()))


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
