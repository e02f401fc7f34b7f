"""Class schedule: Sri Lankan (Asia/Colombo) calendar days and clock times (spec: Class schedule)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from student_portal.pocketbase import ClientResponseError, Teacher, TuitionClass
from student_portal.state import schedule
from student_portal.state.schedule import class_row, class_teacher_ids
from student_portal.utils.schedule import classes_on_day, day_label, minutes_label


def test_day_and_duration_labels() -> None:
    assert day_label("2026-11-22") == "Sunday, 22 November 2026"
    assert day_label("2026-02-30") == day_label("nonsense") == day_label("") == ""
    assert minutes_label(90) == "90 minutes"
    assert minutes_label(1) == "1 minute"
    assert minutes_label(None) == minutes_label(0) == ""


def _record(rid: str, when: datetime | None, teacher: str = "t1") -> TuitionClass:
    return TuitionClass.model_validate(
        {
            "id": rid,
            "name": f"Class {rid}",
            "date": when.isoformat() if when else "",
            "duration": 60,
            "teacher": teacher,
            "zoom": "https://us05web.zoom.us/j/1?pwd=x",
        }
    )


def test_classes_on_a_colombo_day_are_those_starting_that_day_earliest_first() -> None:
    rows = [
        class_row(r)
        for r in [
            _record("late", datetime(2026, 11, 22, 14, 30, tzinfo=UTC)),  # 20:00 on the 22nd
            _record("early", datetime(2026, 11, 22, 2, 30, tzinfo=UTC)),  # 08:00 on the 22nd
            _record("dawn", datetime(2026, 11, 21, 18, 31, tzinfo=UTC)),  # 00:01 on the 22nd
            _record("next", datetime(2026, 11, 22, 19, 0, tzinfo=UTC)),  # 00:30 on the 23rd
            _record("before", datetime(2026, 11, 21, 18, 29, tzinfo=UTC)),  # 23:59 on the 21st
            _record("undated", None),
        ]
    ]
    assert [row.id for row in classes_on_day(rows, "2026-11-22")] == ["dawn", "early", "late"]
    assert [row.id for row in classes_on_day(rows, "2026-11-23")] == ["next"]
    assert [row.id for row in classes_on_day(rows, "2026-11-21")] == ["before"]
    assert classes_on_day(rows, "") == []


def test_a_class_at_1430_utc_is_on_the_same_colombo_day_at_8_pm() -> None:
    row = class_row(_record("c1", datetime(2026, 11, 22, 14, 30, tzinfo=UTC)))
    assert (row.day, row.clock, row.minutes) == ("2026-11-22", "8:00 PM", "60 minutes")


def test_a_class_at_1900_utc_belongs_to_the_next_colombo_day_at_12_30_am() -> None:
    row = class_row(_record("c2", datetime(2026, 11, 22, 19, 0, tzinfo=UTC)))
    assert (row.day, row.clock) == ("2026-11-23", "12:30 AM")


def test_a_class_row_has_a_safe_zoom_link() -> None:
    row = class_row(_record("c1", datetime(2026, 11, 22, 14, 30, tzinfo=UTC)))
    assert row.zoom_url.startswith("https://us05web.zoom.us/")
    bad = class_row(TuitionClass.model_validate({"id": "c2", "zoom": "javascript:alert(1)"}))
    assert bad.zoom_url == ""


@dataclass
class _Row:
    teacher_id: str


def test_each_teacher_is_fetched_once() -> None:
    rows = [_Row("t1"), _Row("t2"), _Row("t1"), _Row(""), _Row("t3"), _Row("t2")]
    assert class_teacher_ids(rows) == ["t1", "t2", "t3"]  # type: ignore[arg-type]
    assert class_teacher_ids([]) == []


class _FakeCache:
    """The teachers list as cached (`listed`) and records found only by id (`by_id`)."""

    def __init__(self, listed: list[Teacher] | ClientResponseError, by_id: dict[str, Teacher]) -> None:
        self.listed, self.by_id, self.asked = listed, by_id, []

    async def shaped(self, collection: str, model: type, shape):
        if isinstance(self.listed, ClientResponseError):
            raise self.listed
        return [shape(record) for record in self.listed if isinstance(record, model)]

    async def record(self, collection: str, record_id: str) -> Teacher:
        self.asked.append((collection, record_id))
        if record_id not in self.by_id:
            raise ClientResponseError.not_found(collection)
        return self.by_id[record_id]


def _teacher(teacher_id: str, name: str) -> Teacher:
    return Teacher.model_validate({"id": teacher_id, "collectionId": "pbc_1", "name": name, "avatar": "a.jpg"})


async def test_a_teacher_comes_from_the_cached_list_else_by_id_and_a_missing_one_gives_an_empty_card(
    monkeypatch,
) -> None:
    cache = _FakeCache([_teacher("t1", "Dr. Nuwan Perera")], {"t2": _teacher("t2", "Ms. Fathima Rizvi")})
    monkeypatch.setattr(schedule, "content_cache", lambda: cache)
    cards = await schedule.teacher_cards(["t1", "t2", "gone"])
    assert list(cards) == ["t1", "t2", "gone"]
    assert cards["t1"].name == "Dr. Nuwan Perera"
    assert cards["t1"].avatar_url == "/files/pbc_1/t1/a.jpg?thumb=96x96f"
    assert cards["t2"].name == "Ms. Fathima Rizvi"  # added since the list
    assert cards["gone"] == schedule.TeacherCard()
    assert cache.asked == [("Teachers", "t2"), ("Teachers", "gone")]  # t1 in the list: no request of its own


async def test_when_the_teachers_list_fails_every_card_is_empty_and_nothing_more_is_asked(monkeypatch) -> None:
    cache = _FakeCache(ClientResponseError.not_found("Teachers"), {"t2": _teacher("t2", "Ms. Fathima Rizvi")})
    monkeypatch.setattr(schedule, "content_cache", lambda: cache)
    assert await schedule.teacher_cards(["t1", "t2"]) == {"t1": schedule.TeacherCard(), "t2": schedule.TeacherCard()}
    assert cache.asked == []
