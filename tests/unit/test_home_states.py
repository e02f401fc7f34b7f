"""Home states: what each section shows, shaped from records (no server, no browser)."""

from __future__ import annotations

from datetime import UTC, datetime

from student_portal.constants import Limit
from student_portal.pocketbase import NewsItem, TuitionClass
from student_portal.state.news import active_news, news_slide
from student_portal.state.news_article import news_id_from_path
from student_portal.state.schedule import ScheduleState, TeacherCard, class_row
from student_portal.state.talents import CategoryOption, TalentCard, TalentsState


def _new(state_class):
    return state_class(_reflex_internal_init=True)


def test_only_active_news_appear_and_read_more_leads_to_news_id() -> None:
    records = [NewsItem.model_validate({"id": f"n{i}", "title": f"T{i}", "active": i % 2 == 0}) for i in range(4)]
    assert [record.id for record in active_news(records)] == ["n0", "n2"]
    assert news_slide(records[0]).href == "/news/n0"


def test_the_news_id_comes_from_the_address() -> None:
    assert news_id_from_path("/news/news00000000001") == "news00000000001"
    assert news_id_from_path("/news/news00000000001/") == "news00000000001"
    assert news_id_from_path("/news/a%20b") == "a b"
    assert news_id_from_path("/news/") == news_id_from_path("/other/x") == ""


def _class(rid: str, hour_utc: int, teacher: str) -> TuitionClass:
    return TuitionClass.model_validate({"id": rid, "name": rid, "teacher": teacher, "duration": 60,
                                        "date": datetime(2026, 11, 22, hour_utc, 0, tzinfo=UTC).isoformat()})


def test_the_days_classes_show_their_teacher_or_loading_until_it_arrives() -> None:
    state = _new(ScheduleState)
    state._classes = [class_row(_class("late", 14, "t2")), class_row(_class("early", 3, "t1")),
                     class_row(_class("nextday", 19, "t1"))]
    state.day = "2026-11-22"
    state._teachers = {"t1": TeacherCard(name="Dr. Nuwan Perera", avatar_url="/a.jpg")}
    cards = state.day_classes
    assert [(c.id, c.teacher_loading, c.teacher_name) for c in cards] == [
        ("early", False, "Dr. Nuwan Perera"), ("late", True, "")]
    assert state.class_days == ["2026-11-22", "2026-11-23"]


def test_picking_a_day_accepts_only_a_real_day() -> None:
    state = _new(ScheduleState)
    state.day = "2026-11-22"
    ScheduleState.pick_day.fn(state, "2026-11-23")
    assert state.day == "2026-11-23"
    for bad in ["2026-02-30", "tomorrow", "", "2026-11-23T00:00:00Z"]:
        ScheduleState.pick_day.fn(state, bad)
        assert state.day == "2026-11-23"


def _talent(tid: str, category: str) -> TalentCard:
    return TalentCard(id=tid, name=tid, title=tid, video_id="", date="", category_id=category)


def test_talents_filter_by_category_and_home_shows_at_most_three() -> None:
    state = _new(TalentsState)
    state._talents = [_talent("a", "sing"), _talent("b", "dance"), _talent("c", "sing"), _talent("d", "sing"),
                     _talent("e", "sing")]
    assert len(state.preview_talents) == Limit.TALENTS_MAX
    state.category = "sing"
    assert [t.id for t in state.visible_talents] == ["a", "c", "d", "e"]
    assert [t.id for t in state.preview_talents] == ["a", "c", "d"]
    state.category = "dance"
    assert [t.id for t in state.preview_talents] == ["b"]


def test_an_unknown_talent_category_means_all_categories() -> None:
    state = _new(TalentsState)
    state.categories = [CategoryOption(id="sing", name="Singing")]
    TalentsState.set_category.fn(state, "sing")
    assert state.category == "sing"
    TalentsState.set_category.fn(state, "nope")
    assert state.category == ""
