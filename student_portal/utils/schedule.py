"""The class schedule's day logic, on top of utils.dates (Asia/Colombo days and clock times).

Time zone decision: classes are stored as UTC instants; our students are in Sri Lanka, so a
class belongs to the Asia/Colombo calendar day on which it starts and its start time is shown
on the Colombo clock. A class stored at 2026-11-22 14:30 UTC is on 22 November at 8:00 PM for
the student; one at 2026-11-22 19:00 UTC is on 23 November at 12:30 AM. (The old site compared
and printed the UTC date and clock: a defect at the day boundary, fixed here.) Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from student_portal.utils.dates import format_long_day, format_minutes


class Scheduled(Protocol):
    day: str  # the Colombo calendar day it starts on ('YYYY-MM-DD'; "" when undated)
    starts: str  # the start instant, ISO in UTC ("2026-11-22T14:30:00+00:00"): sorts by time


ScheduledT = TypeVar("ScheduledT", bound=Scheduled)


def classes_on_day(classes: Iterable[ScheduledT], day: str) -> list[ScheduledT]:
    """The classes starting on Colombo calendar `day` ('YYYY-MM-DD'), earliest first. Each row's
    day was worked out once when it was shaped (shared by every visitor): this runs on every
    view of the schedule, and parsing each instant again was ~3 % of a burst of visitors' CPU."""
    day = day.strip()
    return sorted((item for item in classes if day and item.day == day), key=lambda item: item.starts)


def day_label(day: str) -> str:
    """'2026-11-22' -> "Sunday, 22 November 2026" in the current language ("" when `day` is not a day)."""
    return format_long_day(day)


def minutes_label(duration: float | None) -> str:
    """ "90 minutes" in the current language ("" when the duration is missing or not positive)."""
    return format_minutes(duration)
