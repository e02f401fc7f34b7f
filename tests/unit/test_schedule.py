"""Class schedule: Sri Lankan (Asia/Colombo) calendar days and clock times (spec: Class schedule)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

import pytest

from student_portal.pocketbase import ClientResponseError, Teacher, TuitionClass
from student_portal.state import schedule
from student_portal.state.schedule import class_row, teachers_to_fetch
from student_portal.utils.schedule import (
    classes_on_day,
    clock_label,
    date_label,
    day_label,
    local_day,
    minutes_label,
    parse_day,
    today,
)


def test_a_class_at_1430_utc_is_on_the_same_colombo_day_at_8_pm() -> None:
    instant = datetime(2026, 11, 22, 14, 30, tzinfo=UTC)
    assert local_day(instant) == "2026-11-22"
    assert clock_label(instant) == "8:00 PM"


def test_a_class_at_1900_utc_belongs_to_the_next_colombo_day() -> None:
    # 19:00 UTC is 00:30 the next morning in Sri Lanka: the UTC date would be the wrong day.
    instant = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
    assert local_day(instant) == "2026-11-23"
    assert clock_label(instant) == "12:30 AM"


def test_clock_label_noon_and_midnight() -> None:
    colombo = timezone(timedelta(hours=5, minutes=30))
    assert clock_label(datetime(2026, 1, 1, 12, 5, tzinfo=colombo)) == "12:05 PM"
    assert clock_label(datetime(2026, 1, 1, 0, 0, tzinfo=colombo)) == "12:00 AM"
    assert clock_label(None) == ""


def test_today_is_the_colombo_date_not_the_utc_date() -> None:
    assert today(now=datetime(2026, 11, 22, 20, 0, tzinfo=UTC)) == "2026-11-23"
    assert today(now=datetime(2026, 11, 22, 18, 0, tzinfo=UTC)) == "2026-11-22"


@pytest.mark.parametrize(("value", "expected"), [
    ("2026-11-22", "2026-11-22"), (" 2026-02-28 ", "2026-02-28"), ("2026-02-30", ""),
    ("22/11/2026", ""), ("", ""), ("2026-11-22T00:00", ""), ("not a day", ""),
])
def test_parse_day_accepts_only_real_days(value: str, expected: str) -> None:
    assert parse_day(value) == expected


def test_labels() -> None:
    assert day_label("2026-11-22") == "Sunday, 22 November 2026"
    assert day_label("nonsense") == ""
    assert date_label(datetime(2026, 11, 21, 20, 0, tzinfo=UTC)) == "22 November 2026"
    assert date_label(None) == ""
    assert minutes_label(90) == "90 minutes"
    assert minutes_label(1) == "1 minute"
    assert minutes_label(None) == minutes_label(0) == ""


def _record(rid: str, when: datetime | None, teacher: str = "t1") -> TuitionClass:
    return TuitionClass.model_validate({
        "id": rid, "name": f"Class {rid}", "date": when.isoformat() if when else "", "duration": 60,
        "teacher": teacher, "zoom": "https://us05web.zoom.us/j/1?pwd=x",
    })


def test_classes_on_a_colombo_day_are_those_starting_that_day_earliest_first() -> None:
    rows = [class_row(r) for r in [
        _record("late", datetime(2026, 11, 22, 14, 30, tzinfo=UTC)),      # 20:00 on the 22nd
        _record("early", datetime(2026, 11, 22, 2, 30, tzinfo=UTC)),      # 08:00 on the 22nd
        _record("dawn", datetime(2026, 11, 21, 18, 31, tzinfo=UTC)),      # 00:01 on the 22nd
        _record("next", datetime(2026, 11, 22, 19, 0, tzinfo=UTC)),       # 00:30 on the 23rd
        _record("before", datetime(2026, 11, 21, 18, 29, tzinfo=UTC)),    # 23:59 on the 21st
        _record("undated", None),
    ]]
    assert [row.id for row in classes_on_day(rows, "2026-11-22")] == ["dawn", "early", "late"]
    assert [row.id for row in classes_on_day(rows, "2026-11-23")] == ["next"]
    assert [row.id for row in classes_on_day(rows, "2026-11-21")] == ["before"]
    assert classes_on_day(rows, "") == []


def test_a_class_row_shows_colombo_clock_minutes_and_a_safe_zoom_link() -> None:
    row = class_row(_record("c1", datetime(2026, 11, 22, 14, 30, tzinfo=UTC)))
    assert (row.day, row.clock, row.minutes) == ("2026-11-22", "8:00 PM", "60 minutes")
    assert row.zoom_url.startswith("https://us05web.zoom.us/")
    bad = class_row(TuitionClass.model_validate({"id": "c2", "zoom": "javascript:alert(1)"}))
    assert bad.zoom_url == ""


@dataclass
class _Row:
    teacher_id: str


def test_each_teacher_is_fetched_once() -> None:
    rows = [_Row("t1"), _Row("t2"), _Row("t1"), _Row(""), _Row("t3"), _Row("t2")]
    assert teachers_to_fetch(rows, known={}, pending=[]) == ["t1", "t2", "t3"]  # type: ignore[arg-type]
    assert teachers_to_fetch(rows, known={"t1": object()}, pending=["t3"]) == ["t2"]  # type: ignore[arg-type]
    assert teachers_to_fetch(rows, known={"t1": 1, "t2": 2, "t3": 3}, pending=[]) == []  # type: ignore[arg-type]


class _FakeCache:
    def __init__(self, teachers: dict[str, Teacher]) -> None:
        self.teachers, self.asked = teachers, []

    async def record(self, collection: str, record_id: str) -> Teacher:
        self.asked.append((collection, record_id))
        if record_id not in self.teachers:
            raise ClientResponseError.not_found(collection)
        return self.teachers[record_id]


async def test_a_teacher_is_looked_up_by_id_and_a_missing_one_gives_an_empty_card(monkeypatch) -> None:
    cache = _FakeCache({"t1": Teacher.model_validate({"id": "t1", "collectionId": "pbc_1", "name": "Dr. Nuwan Perera",
                                                       "avatar": "a.jpg"})})
    monkeypatch.setattr(schedule, "content_cache", lambda: cache)
    found = await schedule.fetch_teacher("t1")
    assert found.name == "Dr. Nuwan Perera"
    assert found.avatar_url.endswith("/api/files/pbc_1/t1/a.jpg?thumb=96x96")
    assert await schedule.fetch_teacher("gone") == schedule.TeacherCard()
    assert cache.asked == [("Teachers", "t1"), ("Teachers", "gone")]
