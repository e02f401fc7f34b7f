"""The class schedule's calendar logic: which classes fall on a student's calendar day.

Time zone decision: classes are stored as UTC instants; our students are in Sri Lanka, so a
class belongs to the Asia/Colombo calendar day on which it starts and its start time is shown
on the Colombo clock. A class stored at 2026-11-22 14:30 UTC is on 22 November at 20:00 for
the student; one at 2026-11-22 19:00 UTC is on 23 November at 00:30. (The old site compared
and printed the UTC date and clock: a defect at the day boundary, fixed here.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, tzinfo
from typing import Protocol, TypeVar

from student_portal.constants import SITE_TIME_ZONE


class Scheduled(Protocol):
    day: str  # 'YYYY-MM-DD' of the start, in the site's zone
    starts: str  # ISO instant in UTC ("2026-11-22T14:30:00+00:00"): sorts by time


ScheduledT = TypeVar("ScheduledT", bound=Scheduled)


def local_day(instant: datetime | None, zone: tzinfo = SITE_TIME_ZONE) -> str:
    """The 'YYYY-MM-DD' calendar day of `instant` in `zone` ("" when there is no instant)."""
    if instant is None:
        return ""
    return instant.astimezone(zone).date().isoformat()


def today(zone: tzinfo = SITE_TIME_ZONE, *, now: datetime | None = None) -> str:
    """Today's 'YYYY-MM-DD' in `zone`."""
    return local_day(now or datetime.now(zone), zone)


def clock_label(instant: datetime | None, zone: tzinfo = SITE_TIME_ZONE) -> str:
    """The start time on the local clock, as students write it: "8:00 PM" ("" when none)."""
    if instant is None:
        return ""
    local = instant.astimezone(zone)
    hour = local.hour % 12 or 12
    return f"{hour}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"


def parse_day(value: str) -> str:
    """`value` when it is a real 'YYYY-MM-DD' day, else ""."""
    try:
        return date.fromisoformat(value.strip()).isoformat() if len(value.strip()) == 10 else ""
    except (ValueError, AttributeError):
        return ""


def day_label(day: str) -> str:
    """'2026-11-22' -> "Sunday, 22 November 2026" ("" when `day` is not a day)."""
    if not parse_day(day):
        return ""
    value = date.fromisoformat(day)
    return f"{value:%A}, {value.day} {value:%B %Y}"


def date_label(instant: datetime | None, zone: tzinfo = SITE_TIME_ZONE) -> str:
    """The local calendar day of `instant`, as "19 November 2026" ("" when none)."""
    day = local_day(instant, zone)
    if not day:
        return ""
    value = date.fromisoformat(day)
    return f"{value.day} {value:%B %Y}"


def classes_on_day(classes: Iterable[ScheduledT], day: str) -> list[ScheduledT]:
    """The classes on calendar `day`, earliest first."""
    return sorted((item for item in classes if item.day and item.day == day), key=lambda item: item.starts)


def minutes_label(duration: float | None) -> str:
    """"90 minutes" ("" when the duration is missing or not positive)."""
    if duration is None or duration <= 0:
        return ""
    minutes = int(duration) if float(duration).is_integer() else round(duration, 1)
    return f"{minutes} minute{'' if minutes == 1 else 's'}"
