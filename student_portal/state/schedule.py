"""The home page's class schedule: the classes of the chosen Sri Lankan calendar day.

Days are Asia/Colombo days (see utils/schedule.py for the decision). Classes and their
teachers' cards come from the shared content cache, read again by each event that needs them;
the state keeps only what the page shows (the chosen day's cards and the days with classes).
A class's teacher not yet fetched shows "Loading teacher..." until it arrives. It is a section
(state/sections.py) loaded with the rest of home; its teachers are a follow-up step.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
from dataclasses import dataclass
from datetime import UTC

import reflex as rx

from student_portal import routes
from student_portal.i18n import localized
from student_portal.pocketbase import ClientResponseError, Teacher, TuitionClass, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import backend_failures, file_url, public_rows, shared_view
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
    teacher_id: str  # "" for a class without a teacher
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
    days: list[str]  # the days with classes, in order: the calendar's dots
    teachers: asyncio.Future[dict[str, TeacherCard]] | None  # the rows' teachers' cards, maybe on their way

    def arrived(self) -> dict[str, TeacherCard]:
        task = self.teachers
        if task is None or not task.done() or task.cancelled() or task.exception() is not None:
            return {}
        return task.result()


def day_cards(rows: list[ClassRow], day: str, teachers: dict[str, TeacherCard]) -> list[ClassCard]:
    """The classes of `day` joined with their teachers: a teacher not in `teachers` is still on
    its way ("Loading teacher...")."""
    cards = []
    for row in classes_on_day(rows, day):
        teacher = teachers.get(row.teacher_id)
        cards.append(
            ClassCard(
                id=row.id,
                name=row.name,
                clock=row.clock,
                minutes=row.minutes,
                zoom_url=row.zoom_url,
                teacher_id=row.teacher_id,
                teacher_loading=bool(row.teacher_id) and teacher is None,
                teacher_name=teacher.name if teacher else "",
                teacher_avatar=teacher.avatar_url if teacher else "",
                # In the page's language (the event's: i18n/middleware.py), like the file's texts.
                calendar_url=localized(routes.class_calendar(row.id)) if row.starts else "",
            )
        )
    return cards


def with_teachers(cards: list[ClassCard], teachers: dict[str, TeacherCard]) -> list[ClassCard]:
    """`cards` whose teacher was on its way, now with theirs from `teachers` (an empty card when
    the lookup gave none: no name, rather than "Loading teacher..." for ever)."""
    filled = []
    for card in cards:
        if card.teacher_loading:
            teacher = teachers.get(card.teacher_id) or TeacherCard()
            card = dataclasses.replace(
                card, teacher_loading=False, teacher_name=teacher.name, teacher_avatar=teacher.avatar_url
            )
        filled.append(card)
    return filled


def class_days(rows: list[ClassRow]) -> list[str]:
    """The days that have classes, in order."""
    return sorted({row.day for row in rows if row.day})


def picked_day(day: str) -> str | None:
    """A day from the calendar ('YYYY-MM-DD'), or None for anything else."""
    picked = parse_iso_day(day) if len(day.strip()) == 10 else None
    return picked.isoformat() if picked else None


@live(Collection.CLASSES, Collection.TEACHERS)  # refresh: new classes appear on an open page
class ScheduleState(Section, rx.State):
    """What the schedule shows, and nothing more: every class and teacher stay in the shared
    cache, read again by each event that needs them (a warm cache answers at once), so a visitor
    keeps only the chosen day's cards (in Redis, with the Redis layout)."""

    day: str = ""
    day_classes: list[ClassCard] = []
    class_days: list[str] = []  # the days with classes, dotted on the calendar
    loading: bool = True

    @rx.var
    def day_label(self) -> str:
        return day_label(self.day)

    @rx.event(background=True)
    async def pick_day(self, day: str):
        """The chosen day's classes; anything but a real day is ignored."""
        if (picked := picked_day(day)) is not None:
            show_day = functools.partial(ScheduleState._show_day, day=picked)
            await show_when_ready(self, [(ScheduleState._fetch(), ScheduleState, show_day)])

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
        # Once per version of the classes, for every visitor (the rows are the same for all).
        days = shared_view((Collection.CLASSES,), "class days", lambda: class_days(rows))
        return ScheduleFetch(rows, days, teachers)

    def _show(self, fetched: ScheduleFetch | None) -> FollowUp | None:
        """A page view: the schedule opens on today; a failure ends the loading with the day
        empty (spec 8)."""
        if fetched is None:
            self.class_days = []
        return self._show_day(fetched, today_local().isoformat())

    def _show_day(self, fetched: ScheduleFetch | None, day: str) -> FollowUp | None:
        """`day`'s classes; none if they failed (the calendar keeps its dots)."""
        self.day = day
        if fetched is None:
            self.day_classes, self.loading = [], False
            return None
        return self._show_classes(fetched)

    def _show_refreshed(self, fetched: ScheduleFetch | None) -> FollowUp | None:
        """A live refresh keeps the visitor's chosen day, and what is shown if it failed."""
        return None if fetched is None else self._show_classes(fetched)

    def _show_classes(self, fetched: ScheduleFetch) -> FollowUp | None:
        self.class_days = list(fetched.days)  # a copy: the view is shared
        self.day_classes = day_cards(fetched.rows, self.day, fetched.arrived())
        self.loading = False
        if (teachers := fetched.teachers) is None:
            return None  # no class has a teacher
        if not any(card.teacher_loading for card in self.day_classes):
            teachers.cancel()  # arrived already, or none of this day's is wanted
            return None
        return FollowUp(teachers, ScheduleState._show_teachers)

    def _show_teachers(self, cards: dict[str, TeacherCard] | None) -> None:
        self.day_classes = with_teachers(self.day_classes, cards or {})

    @rx.event(background=True)
    async def refresh(self):
        """Live updates (state/live.py): classes and teachers again, on the visitor's chosen day."""
        await show_when_ready(self, [(ScheduleState._fetch(), ScheduleState, ScheduleState._show_refreshed)])
