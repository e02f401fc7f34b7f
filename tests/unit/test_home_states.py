"""Home states: what each section shows, shaped from records (no server, no browser)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, time

import pytest

from student_portal.constants import Limit
from student_portal.pocketbase import NewsItem, TuitionClass
from student_portal.state.home import HOME_SECTIONS
from student_portal.state.news import active_news, news_slide
from student_portal.state.schedule import (
    ScheduleFetch,
    ScheduleState,
    TeacherCard,
    class_days,
    class_row,
    day_cards,
    picked_day,
    with_teachers,
)
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
    rows = [
        class_row(_class("late", 14, "t2")),
        class_row(_class("early", 3, "t1")),
        class_row(_class("nextday", 19, "t1")),
    ]
    cards = day_cards(rows, "2026-11-22", {"t1": TeacherCard(name="Dr. Nuwan Perera", avatar_url="/a.jpg")})
    assert [(c.id, c.teacher_loading, c.teacher_name) for c in cards] == [
        ("early", False, "Dr. Nuwan Perera"),
        ("late", True, ""),
    ]
    assert cards[0].teacher_avatar == "/a.jpg"


def test_picking_a_day_accepts_only_a_real_day() -> None:
    assert picked_day("2026-11-23") == "2026-11-23"
    for bad in ["2026-02-30", "tomorrow", "", "2026-11-23T00:00:00Z"]:
        assert picked_day(bad) is None


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


def _shown(state: ScheduleState) -> list[tuple[str, bool, str]]:
    return [(card.id, card.teacher_loading, card.teacher_name) for card in state.day_classes]


async def test_teachers_in_the_cache_show_with_their_classes() -> None:
    state = _new(ScheduleState)
    rows = [class_row(_class_today("a", "t1"))]
    assert state._show(ScheduleFetch(rows, class_days(rows), _arrived({"t1": TeacherCard(name="Nuwan")}))) is None
    assert state.day == today_local().isoformat() and not state.loading
    assert _shown(state) == [("a", False, "Nuwan")]


async def test_teachers_still_on_their_way_follow_their_classes() -> None:
    state = _new(ScheduleState)
    rows = [class_row(_class_today("a", "t1")), class_row(_class_today("b", "t2"))]
    teachers: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    follow_up = state._show(ScheduleFetch(rows, class_days(rows), teachers))
    assert _shown(state) == [("a", True, ""), ("b", True, "")] and not state.loading
    assert follow_up is not None
    teachers.set_result({"t1": TeacherCard(name="Nuwan"), "t2": TeacherCard(name="Kamala")})
    follow_up.apply(state, await follow_up.pending)
    assert _shown(state) == [("a", False, "Nuwan"), ("b", False, "Kamala")]
    # A lookup that broke (no cards): no names, rather than "Loading teacher..." for ever.
    follow_up = state._show(ScheduleFetch(rows, class_days(rows), asyncio.get_running_loop().create_future()))
    assert follow_up is not None
    follow_up.apply(state, None)
    assert _shown(state) == [("a", False, ""), ("b", False, "")]


async def test_a_lookup_that_failed_is_left_to_the_follow_up_which_shows_no_names() -> None:
    state = _new(ScheduleState)
    failed: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    failed.set_exception(RuntimeError("teachers broke"))
    rows = [class_row(_class_today("a", "t1"))]
    follow_up = state._show(ScheduleFetch(rows, class_days(rows), failed))
    assert follow_up is not None and follow_up.pending is failed  # show_when_ready logs it, then applies None
    follow_up.apply(state, None)
    assert _shown(state) == [("a", False, "")]
    failed.exception()  # retrieved, as show_when_ready does


async def test_a_refresh_keeps_the_chosen_day_and_a_failed_one_keeps_what_is_shown() -> None:
    state = _new(ScheduleState)
    state.day = "2026-11-22"
    rows = [class_row(_class("a", 3, "t1"))]
    assert (
        state._show_refreshed(ScheduleFetch(rows, class_days(rows), _arrived({"t1": TeacherCard(name="Nuwan")})))
        is None
    )
    assert state.day == "2026-11-22" and _shown(state) == [("a", False, "Nuwan")]
    assert state._show_refreshed(None) is None
    assert _shown(state) == [("a", False, "Nuwan")] and state.class_days == ["2026-11-22"]
    state._show(None)  # a failed page view: the loading ends, the day is empty (spec 8)
    assert state.day_classes == [] and state.class_days == [] and not state.loading
    assert state.day == today_local().isoformat()


async def test_a_picked_day_shows_its_classes_and_a_failed_one_keeps_the_calendars_dots() -> None:
    state = _new(ScheduleState)
    rows = [class_row(_class("a", 3, "t1")), class_row(_class("b", 19, "t1"))]
    fetched = ScheduleFetch(rows, class_days(rows), _arrived({"t1": TeacherCard(name="Nuwan")}))
    assert state._show_day(fetched, "2026-11-23") is None
    assert state.day == "2026-11-23" and _shown(state) == [("b", False, "Nuwan")]
    assert state.class_days == ["2026-11-22", "2026-11-23"]
    state._show_day(None, "2026-11-22")
    assert state.day == "2026-11-22" and state.day_classes == []
    assert state.class_days == ["2026-11-22", "2026-11-23"]


async def test_a_day_with_no_teacher_missing_does_not_wait_for_the_lookup() -> None:
    state = _new(ScheduleState)
    lookup: asyncio.Future[dict[str, TeacherCard]] = asyncio.get_running_loop().create_future()
    rows = [class_row(_class("a", 3, "t1"))]  # on 22 November, not on the day shown
    assert state._show_day(ScheduleFetch(rows, class_days(rows), lookup), "2026-11-25") is None
    assert lookup.cancelled() and state.day_classes == []


def test_a_class_whose_teacher_arrived_keeps_it_and_the_others_get_theirs() -> None:
    rows = [class_row(_class("a", 3, "t1")), class_row(_class("b", 4, "t2"))]
    cards = day_cards(rows, "2026-11-22", {"t1": TeacherCard(name="Nuwan")})
    filled = with_teachers(cards, {"t1": TeacherCard(name="Someone else"), "t2": TeacherCard(name="Kamala")})
    assert [(c.teacher_loading, c.teacher_name) for c in filled] == [(False, "Nuwan"), (False, "Kamala")]


@pytest.mark.parametrize("section", HOME_SECTIONS, ids=lambda s: s.__name__)
def test_every_home_section_shows_a_failure_and_returns_nothing_or_a_follow_up(section) -> None:
    state = _new(section)
    follow_up = state._show(None)  # what load_sections passes for a fetch that broke
    assert follow_up is None or isinstance(follow_up, FollowUp)
    assert not getattr(state, "loading", False)
