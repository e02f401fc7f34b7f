"""The home page's class schedule: the classes of the chosen Sri Lankan calendar day.

Days are Asia/Colombo days (see utils/schedule.py for the decision). Classes come from the
shared content cache; each class's teacher is looked up once per teacher id and kept here,
so the list can show "Loading teacher..." until its teacher arrives.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC

import reflex as rx

from student_portal.pocketbase import ClientResponseError, Teacher, TuitionClass, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.state.content import backend_failures, file_url, public_rows
from student_portal.state.live import live
from student_portal.state.sections import BATCH_WINDOW_S
from student_portal.utils.links import safe_url
from student_portal.utils.dates import format_clock, local_day, parse_iso_day, today_local
from student_portal.utils.schedule import classes_on_day, day_label, minutes_label

log = logging.getLogger(__name__)

AVATAR_THUMB = "96x96"


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


def teachers_to_fetch(rows: list[ClassRow], known: dict[str, object], pending: list[str]) -> list[str]:
    """Teacher ids of `rows` not yet known nor being fetched, each once, in order of appearance."""
    wanted: list[str] = []
    for row in rows:
        if row.teacher_id and row.teacher_id not in known and row.teacher_id not in pending and row.teacher_id not in wanted:
            wanted.append(row.teacher_id)
    return wanted


def _teacher_card_by_id(record: Teacher) -> tuple[str, TeacherCard]:
    return record.id, teacher_card(record)


async def fetch_teacher(teacher_id: str) -> TeacherCard:
    """One teacher, by id; a failure is logged and gives an empty card (the list shows no name)."""
    try:
        # The cards of the whole (cached) list are made once for every visitor; a teacher added
        # since the list was fetched is looked up by id.
        cards = dict(await content_cache().shaped(Collection.TEACHERS, Teacher, _teacher_card_by_id))
        card = cards.get(teacher_id)
        if card is None:
            record = await content_cache().record(Collection.TEACHERS, teacher_id)
            card = teacher_card(record) if isinstance(record, Teacher) else TeacherCard()
    except ClientResponseError as error:
        if error.is_not_found:
            log.info("teacher %s: not found", teacher_id)
        else:
            backend_failures.failed("Teachers record", error)
        return TeacherCard()
    backend_failures.recovered("Teachers record")
    return card


@live(Collection.CLASSES, Collection.TEACHERS)  # refresh: new classes appear on an open page
class ScheduleState(rx.State):
    day: str = ""
    # Backend only (never sent): the page shows the day's cards and the days with classes.
    _classes: list[ClassRow] = []
    _teachers: dict[str, TeacherCard] = {}
    _pending_teachers: list[str] = []
    loading: bool = True

    @rx.var
    def day_classes(self) -> list[ClassCard]:
        cards = []
        for row in classes_on_day(self._classes, self.day):
            teacher = self._teachers.get(row.teacher_id)
            cards.append(ClassCard(
                id=row.id, name=row.name, clock=row.clock, minutes=row.minutes, zoom_url=row.zoom_url,
                teacher_loading=bool(row.teacher_id) and teacher is None,
                teacher_name=teacher.name if teacher else "",
                teacher_avatar=teacher.avatar_url if teacher else "",
            ))
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

    @rx.event(background=True)
    async def load(self):
        today = today_local().isoformat()
        # A failure ends the loading and leaves the day empty (spec 8).
        rows = await public_rows(Collection.CLASSES, TuitionClass, class_row) or []
        await self._show(rows, refetch_teachers=False, day=today)

    @rx.event(background=True)
    async def refresh(self):
        """Live updates (state/live.py): classes and teachers again, on the visitor's chosen day."""
        rows = await public_rows(Collection.CLASSES, TuitionClass, class_row)
        if rows is not None:  # a failed refresh keeps what is shown
            await self._show(rows, refetch_teachers=True)

    async def _show(self, rows: list[ClassRow], refetch_teachers: bool, day: str | None = None) -> None:
        # Teachers usually come straight from the cache: those there within the batch window
        # show with their classes (one lock, one delta, no "Loading teacher..." flash); the
        # rest read "Loading teacher..." until they arrive.
        lookups = {tid: asyncio.ensure_future(fetch_teacher(tid)) for tid in teachers_to_fetch(rows, {}, [])}
        if lookups:
            await asyncio.wait(lookups.values(), timeout=BATCH_WINDOW_S)
        ready = {tid: task.result() for tid, task in lookups.items() if task.done()}
        async with self:
            if day is not None:
                self.day = day
            self._classes = rows
            self.loading = False
            self._teachers = {**self._teachers, **ready}
            known = ready if refetch_teachers else self._teachers
            wanted = teachers_to_fetch(rows, known, self._pending_teachers)
            self._pending_teachers = self._pending_teachers + wanted
        for tid, task in lookups.items():
            if tid not in wanted:
                task.cancel()  # known already, or another refresh is fetching it
        if not wanted:
            return
        cards = await asyncio.gather(*(lookups[tid] for tid in wanted))
        async with self:
            self._teachers = {**self._teachers, **dict(zip(wanted, cards, strict=True))}
            self._pending_teachers = [tid for tid in self._pending_teachers if tid not in wanted]
