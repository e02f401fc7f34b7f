"""Home states: what each section shows, shaped from records (no server, no browser)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, time

import pytest

from student_portal.constants import Limit
from student_portal.pocketbase import NewsItem, TuitionClass
from student_portal.state.home import HOME_SECTIONS
from student_portal.state.news import active_news, news_slide
from student_portal.state.schedule import ScheduleFetch, ScheduleState, TeacherCard, class_row
from student_portal.state.sections import FollowUp
from student_portal.state.talents import CategoryOption, TalentCard, TalentsState, TalentsView
from student_portal.utils.dates import today_local


def _new(state_class):
    return state_class(_reflex_internal_init=True)


def test_only_active_news_appear_and_read_more_leads_to_news_id() -> None:
    records = [NewsItem.model_validate({"id": f"n{i}", "title": f"T{i}", "active": i % 2 == 0}) for i in range(4)]
    assert [record.id for record in active_news(records)] == ["n0", "n2"]
    assert news_slide(records[0]).href == "/news/n0"


def _class(rid: str, hour_utc: int, teacher: str) -> TuitionClass:
    return TuitionClass.model_validate(
        {
            "id": rid,
            "name": rid,
            "teacher": teacher,
            "duration": 60,
            "date": datetime(2026, 11, 22, hour_utc, 0, tzinfo=UTC).isoformat(),
        }
    )


def _class_today(rid: str, teacher: str) -> TuitionClass:
    """A class at noon of today in Colombo (06:30 UTC), whatever the clock of the test run says."""
    noon = datetime.combine(today_local(), time(6, 30), tzinfo=UTC)
    return TuitionClass.model_validate(
        {"id": rid, "name": rid, "teacher": teacher, "duration": 60, "date": noon.isoformat()}
    )


def test_the_days_classes_show_their_teacher_or_loading_until_it_arrives() -> None:
    state = _new(ScheduleState)
    state._classes = (
        class_row(_class("late", 14, "t2")),
        class_row(_class("early", 3, "t1")),
        class_row(_class("nextday", 19, "t1")),
    )
    state.day = "2026-11-22"
    state._teachers = {"t1": TeacherCard(name="Dr. Nuwan Perera", avatar_url="/a.jpg")}
    cards = state.day_classes
    assert [(c.id, c.teacher_loading, c.teacher_name) for c in cards] == [
        ("early", False, "Dr. Nuwan Perera"),
        ("late", True, ""),
    ]
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
    talents = [_talent("a", "sing"), _talent("b", "dance"), _talent("c", "sing"), _talent("d", "sing")]
    view = TalentsView([*talents, _talent("e", "sing")], [CategoryOption("sing", "Singing")])
    state._show(view)  # on home
    assert [t.id for t in state.page] == ["a", "b", "c"] and len(state.page) == Limit.TALENTS_MAX
    assert state.total == 5 and state.has_talents
    state.category = "sing"
    state._show_view(view)
    assert [t.id for t in state.page] == ["a", "c", "d"] and state.total == 4
    state.category = "dance"
    state._show_view(view)
    assert [t.id for t in state.page] == ["b"]


def test_an_unknown_talent_category_means_all_categories(monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_refresh(self) -> None:  # the shared cache is not what is tested here
        return None

    monkeypatch.setattr(TalentsState, "_refresh_page", no_refresh)
    state = _new(TalentsState)
    state.categories = [CategoryOption(id="sing", name="Singing")]
    asyncio.run(TalentsState.set_category.fn(state, "sing"))
    assert state.category == "sing"
    asyncio.run(TalentsState.set_category.fn(state, "nope"))
    assert state.category == ""


def _arrived(cards: dict[str, TeacherCard]) -> asyncio.Future[dict[str, TeacherCard]]:
    future: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    future.set_result(cards)
    return future


async def test_teachers_in_the_cache_show_with_their_classes() -> None:
    state = _new(ScheduleState)
    rows = [class_row(_class("a", 3, "t1"))]
    teachers = _arrived({"t1": TeacherCard(name="Nuwan")})
    assert state._show(ScheduleFetch(rows, ["t1"], teachers)) is None
    assert state.day == today_local().isoformat() and not state.loading
    assert state._teachers == {"t1": TeacherCard(name="Nuwan")} and state._pending_teachers == []


async def test_teachers_still_on_their_way_follow_their_classes() -> None:
    state = _new(ScheduleState)
    rows = [class_row(_class_today("a", "t1")), class_row(_class_today("b", "t2"))]
    teachers: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    follow_up = state._show(ScheduleFetch(rows, ["t1", "t2"], teachers))
    assert [row.id for row in state._classes] == ["a", "b"] and not state.loading
    assert [card.teacher_loading for card in state.day_classes] == [True, True]
    assert state._pending_teachers == ["t1", "t2"] and follow_up is not None
    teachers.set_result({"t1": TeacherCard(name="Nuwan"), "t2": TeacherCard(name="Kamala")})
    follow_up.apply(state, await follow_up.pending)
    assert state._teachers["t2"] == TeacherCard(name="Kamala") and state._pending_teachers == []
    # A lookup that broke (no cards): no names, rather than "Loading teacher..." for ever.
    follow_up = state._show(ScheduleFetch(rows, ["t1", "t2"], asyncio.get_running_loop().create_future()))
    assert follow_up is not None
    follow_up.apply(state, None)
    assert state._teachers == {"t1": TeacherCard(), "t2": TeacherCard()} and state._pending_teachers == []


async def test_a_refresh_keeps_the_chosen_day_and_a_failed_one_keeps_what_is_shown() -> None:
    state = _new(ScheduleState)
    state.day = "2026-12-01"
    rows = [class_row(_class("a", 3, "t1"))]
    assert state._show_refreshed(ScheduleFetch(rows, ["t1"], _arrived({"t1": TeacherCard(name="Nuwan")}))) is None
    assert state.day == "2026-12-01" and [row.id for row in state._classes] == ["a"]
    assert state._show_refreshed(None) is None
    assert [row.id for row in state._classes] == ["a"]
    state._show(None)  # a failed page view: the loading ends, the day is empty (spec 8)
    assert state._classes == () and not state.loading and state.day == today_local().isoformat()


async def test_teachers_another_refresh_is_fetching_are_left_to_it() -> None:
    state = _new(ScheduleState)
    state._pending_teachers = ["t1"]
    lookup: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    assert state._show_refreshed(ScheduleFetch([class_row(_class("a", 3, "t1"))], ["t1"], lookup)) is None
    assert lookup.cancelled() and state._pending_teachers == ["t1"]


@pytest.mark.parametrize("section", HOME_SECTIONS, ids=lambda s: s.__name__)
def test_every_home_section_shows_a_failure_and_returns_nothing_or_a_follow_up(section) -> None:
    state = _new(section)
    follow_up = state._show(None)  # what load_sections passes for a fetch that broke
    assert follow_up is None or isinstance(follow_up, FollowUp)
    assert not getattr(state, "loading", False)
