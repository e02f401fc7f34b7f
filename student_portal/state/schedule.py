"""The home page's class schedule: the classes of the chosen Sri Lankan calendar day.

Days are Asia/Colombo days (see utils/schedule.py for the decision). Classes come from the
shared content cache; each class's teacher is looked up once per teacher id and kept here,
so the list can show "Loading teacher..." until its teacher arrives. It is a section
(state/sections.py) loaded with the rest of home; its teachers are a follow-up step.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from dataclasses import dataclass
from datetime import UTC

import reflex as rx

from student_portal import routes
from student_portal.i18n import localized
from student_portal.pocketbase import ClientResponseError, Teacher, TuitionClass, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import backend_failures, file_url, public_rows
from student_portal.state.live import live
from student_portal.state.sections import BATCH_WINDOW_S, FollowUp, Section, show_when_ready
from student_portal.utils.dates import format_clock, local_day, parse_iso_day, today_local
from student_portal.utils.links import safe_url
from student_portal.utils.schedule import classes_on_day, day_label, minutes_label

log = logging.getLogger(__name__)

AVATAR_THUMB = "96x96f"  # whole, not cropped (state/profile.py)


@dataclass
class ClassRow:
    """One scheduled class, shaped for the list (the teacher joins later)."""

    id: str
    name: str
    day: str  # 'YYYY-MM-DD' in Colombo
    starts: str  # ISO instant, for ordering
    clock: str  # "8:00 PM" on the Colombo clock
    minutes: str  # "90 minutes"
    teacher_id: str = ""
    zoom_url: str = ""


@dataclass
class TeacherCard:
    name: str = ""
    avatar_url: str = ""


@dataclass
class ClassCard:
    """A class joined with its teacher, as the list draws it."""

    id: str
    name: str
    clock: str
    minutes: str
    zoom_url: str
    teacher_loading: bool
    teacher_name: str
    teacher_avatar: str
    calendar_url: str = ""  # "Add to calendar": this class as an .ics file


def class_row(record: TuitionClass) -> ClassRow:
    day = local_day(record.date)
    return ClassRow(
        id=record.id,
        name=record.name,
        day=day.isoformat() if day else "",
        starts=record.date.astimezone(UTC).isoformat() if record.date else "",
        clock=format_clock(record.date),
        minutes=minutes_label(record.duration),
        teacher_id=record.teacher,
        zoom_url=safe_url(record.zoom) or "",
    )


def teacher_card(record: Teacher) -> TeacherCard:
    return TeacherCard(name=record.name, avatar_url=file_url(record, record.avatar, AVATAR_THUMB))


def class_teacher_ids(rows: list[ClassRow]) -> list[str]:
    """The teacher ids of `rows`, each once, in order of appearance."""
    return list(dict.fromkeys(row.teacher_id for row in rows if row.teacher_id))


def _teacher_card_by_id(record: Teacher) -> tuple[str, TeacherCard]:
    return record.id, teacher_card(record)


async def fetch_teacher(teacher_id: str) -> TeacherCard:
    """A teacher missing from the cached list (added since it was fetched), by id; a failure is
    logged and gives an empty card (the list shows no name)."""
    try:
        record = await content_cache().record(Collection.TEACHERS, teacher_id)
    except ClientResponseError as error:
        if error.is_not_found:
            log.info("teacher %s: not found", teacher_id)
        else:
            backend_failures.failed("Teachers record", error)
        return TeacherCard()
    backend_failures.recovered("Teachers record")
    return teacher_card(record) if isinstance(record, Teacher) else TeacherCard()


async def teacher_cards(teacher_ids: list[str]) -> dict[str, TeacherCard]:
    """The cards of `teacher_ids`. The cards of the whole cached list are made once for every
    visitor; a teacher not in it is looked up by id. If the list fails, every card is empty."""
    try:
        listed = dict(await content_cache().shaped(Collection.TEACHERS, Teacher, _teacher_card_by_id))
    except ClientResponseError as error:
        backend_failures.failed("Teachers record", error)
        return {tid: TeacherCard() for tid in teacher_ids}
    missing = [tid for tid in teacher_ids if tid not in listed]
    looked_up = dict(zip(missing, await asyncio.gather(*map(fetch_teacher, missing)), strict=True))
    return {tid: listed.get(tid) or looked_up[tid] for tid in teacher_ids}


@dataclass
class ScheduleFetch:
    rows: list[ClassRow]
    teacher_ids: list[str]  # of the rows, each once
    teachers: asyncio.Future[dict[str, TeacherCard]] | None  # their cards, maybe still on their way

    def arrived(self) -> dict[str, TeacherCard]:
        task = self.teachers
        if task is None or not task.done() or task.cancelled() or task.exception() is not None:
            return {}
        return task.result()


@live(Collection.CLASSES, Collection.TEACHERS)  # refresh: new classes appear on an open page
class ScheduleState(Section, rx.State):
    day: str = ""
    # Backend only (never sent): the page shows the day's cards and the days with classes.
    # A tuple: Reflex wraps each row of a list var in a change-tracking proxy on every read.
    _classes: tuple[ClassRow, ...] = ()
    _teachers: dict[str, TeacherCard] = {}
    _pending_teachers: list[str] = []
    loading: bool = True

    @rx.var
    def day_classes(self) -> list[ClassCard]:
        cards = []
        for row in classes_on_day(self._classes, self.day):
            teacher = self._teachers.get(row.teacher_id)
            cards.append(
                ClassCard(
                    id=row.id,
                    name=row.name,
                    clock=row.clock,
                    minutes=row.minutes,
                    zoom_url=row.zoom_url,
                    teacher_loading=bool(row.teacher_id) and teacher is None,
                    teacher_name=teacher.name if teacher else "",
                    teacher_avatar=teacher.avatar_url if teacher else "",
                    # In the page's language (the event's: i18n/middleware.py), like the file's texts.
                    calendar_url=localized(routes.class_calendar(row.id)) if row.starts else "",
                )
            )
        return cards

    @rx.var
    def day_label(self) -> str:
        return day_label(self.day)

    @rx.var
    def class_days(self) -> list[str]:
        return sorted({row.day for row in self._classes if row.day})

    @rx.event
    def pick_day(self, day: str):
        picked = parse_iso_day(day) if len(day.strip()) == 10 else None
        self.day = picked.isoformat() if picked else self.day

    @staticmethod
    async def _fetch() -> ScheduleFetch | None:
        """The classes, and their teachers' cards (None: the classes failed)."""
        rows = await public_rows(Collection.CLASSES, TuitionClass, class_row)
        if rows is None:
            return None
        teacher_ids = class_teacher_ids(rows)
        teachers = asyncio.ensure_future(teacher_cards(teacher_ids)) if teacher_ids else None
        if teachers is not None:
            # Teachers usually come straight from the cache: there within the window, they show
            # with their classes (no "Loading teacher..." flash); otherwise they follow.
            await asyncio.wait([teachers], timeout=BATCH_WINDOW_S)
        return ScheduleFetch(rows, teacher_ids, teachers)

    def _show(self, fetched: ScheduleFetch | None) -> FollowUp | None:
        """A page view: the schedule opens on today; a failure ends the loading with the day
        empty (spec 8)."""
        self.day = today_local().isoformat()
        if fetched is None:
            self._classes = ()
            self.loading = False
            return None
        return self._show_classes(fetched)

    def _show_refreshed(self, fetched: ScheduleFetch | None) -> FollowUp | None:
        """A live refresh keeps the visitor's chosen day, and what is shown if it failed."""
        return None if fetched is None else self._show_classes(fetched)

    def _show_classes(self, fetched: ScheduleFetch) -> FollowUp | None:
        self._classes = tuple(fetched.rows)
        self.loading = False
        ready = fetched.arrived()
        self._teachers = {**self._teachers, **ready}
        # A teacher another refresh is already fetching is left to it.
        wanted = [tid for tid in fetched.teacher_ids if tid not in ready and tid not in self._pending_teachers]
        if fetched.teachers is None or not wanted:
            if fetched.teachers is not None:
                fetched.teachers.cancel()  # arrived already, or all left to another refresh
            return None
        self._pending_teachers = [*self._pending_teachers, *wanted]
        return FollowUp(fetched.teachers, functools.partial(ScheduleState._show_teachers, wanted=wanted))

    def _show_teachers(self, cards: dict[str, TeacherCard] | None, wanted: list[str]) -> None:
        cards = cards or {}  # a bug in the lookup: no names rather than "Loading" for ever
        self._teachers = {**self._teachers, **{tid: cards.get(tid) or TeacherCard() for tid in wanted}}
        self._pending_teachers = [tid for tid in self._pending_teachers if tid not in wanted]

    @rx.event(background=True)
    async def refresh(self):
        """Live updates (state/live.py): classes and teachers again, on the visitor's chosen day."""
        await show_when_ready(self, [(ScheduleState._fetch(), ScheduleState, ScheduleState._show_refreshed)])
