"""One teacher's class page (/class/{teacherId}): sign-in required (spec 2, 6).

Class notes and class recordings are fetched with the visitor's own token (PocketBase's rules
require a signed-in user), filtered to this teacher by PocketBase rather than in the browser
as the old site did. When the class notes cannot be loaded the old site showed made-up sample
notes ("Failed to load notes. Displaying sample data."); we say that they failed to load
instead (Text.CLASS_NOTES_LOAD_FAILED): invented documents on a real class page would mislead
students.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import reflex as rx

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import localized
from student_portal.i18n.texts import Text
from student_portal.pocketbase import (
    ClassNote,
    ClassRecording,
    ClientResponseError,
    Teacher,
    configured_client,
    content_cache,
    filter_eq,
    parse_records,
)
from student_portal.pocketbase.collections import Collection
from student_portal.routes.links import absolute, site_url, webcal
from student_portal.state.address import route_arg
from student_portal.state.auth import Session, forget_on_logout
from student_portal.state.content import backend_failures, file_url
from student_portal.state.documents import DocumentRow, ProtectedDocuments, StoredFile
from student_portal.state.profile import AVATAR_THUMB, AVATAR_THUMB_LARGE
from student_portal.state.signed_in import Phase, sign_in_gate
from student_portal.utils.filters import search_by_name, take
from student_portal.utils.links import safe_url
from student_portal.utils.query import bounded_text
from student_portal.utils.youtube import youtube_id

BANNER_THUMB = "1280x320f"  # whole, not cropped: banners carry words


@dataclass
class TeacherHeader:
    id: str = ""
    name: str = ""
    description: str = ""
    avatar_url: str = ""
    avatar_url_large: str = ""
    notes_banner_url: str = ""
    recordings_banner_url: str = ""
    calendar_feed_url: str = ""  # the teacher's upcoming classes, .ics (https)
    calendar_subscribe_url: str = ""  # the same as webcal://, which calendar apps subscribe to


@dataclass
class VideoRow:
    id: str
    name: str
    video_id: str  # 11 characters; rows without one are not listed (spec 5)


def teacher_header(teacher: Teacher) -> TeacherHeader:
    # In the page's language (the event's: i18n/middleware.py), like the feed's texts.
    feed = absolute(site_url(), localized(routes.teacher_calendar(teacher.id))) if teacher.id else ""
    return TeacherHeader(
        id=teacher.id,
        name=teacher.name,
        description=teacher.display_description,  # "A grade" when empty
        avatar_url=file_url(teacher, teacher.avatar, AVATAR_THUMB),
        avatar_url_large=file_url(teacher, teacher.avatar, AVATAR_THUMB_LARGE),
        notes_banner_url=file_url(teacher, teacher.note_background, BANNER_THUMB),
        recordings_banner_url=file_url(teacher, teacher.record_backgroud, BANNER_THUMB),
        calendar_feed_url=feed,
        calendar_subscribe_url=webcal(feed),
    )


def class_note_rows(notes: list[ClassNote]) -> tuple[list[DocumentRow], dict[str, StoredFile]]:
    rows: list[DocumentRow] = []
    files: dict[str, StoredFile] = {}
    for note in notes:
        if not note.id:
            continue
        rows.append(
            DocumentRow(
                id=note.id,
                name=note.name.strip() or Text.UNTITLED_NOTE,
                has_file=bool(note.file),
                link=safe_url(note.url) or "",
            )
        )
        if note.file:
            files[note.id] = StoredFile(note.collection_id, note.id, note.file, note.collection_name)
    return rows, files


def video_rows(recordings: list[ClassRecording]) -> list[VideoRow]:
    rows = []
    for recording in recordings:
        video_id = youtube_id(recording.link)
        if recording.id and video_id:
            rows.append(VideoRow(id=recording.id, name=recording.name, video_id=video_id))
    return rows


def _matching(rows: list, query: str, limit: int) -> list:
    """Spec 5: case-insensitive substring search on the name, then the section's limit."""
    return take(search_by_name(rows, query), limit)


@forget_on_logout
class ClassState(ProtectedDocuments, rx.State):
    phase: str = Phase.CHECKING
    teacher: TeacherHeader = TeacherHeader()
    # Every note and recording of the teacher (fetched with the visitor's token): backend vars,
    # never sent; the browser gets the spec's first 5 notes and 6 recordings that match.
    _notes: list[DocumentRow] = []
    notes_failed: bool = False
    notes_query: str = ""
    _recordings: list[VideoRow] = []
    recordings_failed: bool = False
    recordings_query: str = ""

    @rx.var
    def visible_notes(self) -> list[DocumentRow]:
        return _matching(self._notes, self.notes_query, Limit.CLASS_NOTES_MAX)

    @rx.var
    def visible_recordings(self) -> list[VideoRow]:
        return _matching(self._recordings, self.recordings_query, Limit.CLASS_RECORDINGS_MAX)

    @rx.event
    def set_notes_query(self, value: str):
        self.notes_query = bounded_text(value)

    @rx.event
    def set_recordings_query(self, value: str):
        self.recordings_query = bounded_text(value)

    @rx.event
    def to_profile(self):
        """/class without a teacher: the teachers are listed on /profile."""
        return rx.redirect(localized(routes.PROFILE), replace=True)

    @rx.event(background=True)
    async def load(self):
        async with self:
            self.reset()
            teacher_id = await route_arg(self, routes.TEACHER_ID)
        session = await sign_in_gate(self, routes.class_page(teacher_id))
        if not isinstance(session, Session):
            for event in session:
                yield event
            return
        try:
            teacher = await content_cache().record(Collection.TEACHERS, teacher_id)
        except ClientResponseError as error:
            async with self:
                self.phase = Phase.NOT_FOUND if error.is_not_found else Phase.FAILED
            if not error.is_not_found:
                backend_failures.failed("Teachers record", error)
            return
        backend_failures.recovered("Teachers record")
        if not isinstance(teacher, Teacher):
            async with self:
                self.phase = Phase.NOT_FOUND
            return
        client = configured_client()
        by_teacher = filter_eq("teacher", teacher.id)
        lists: tuple[list[dict[str, Any]] | BaseException, ...] = await asyncio.gather(
            client.full_list(Collection.CLASS_NOTES, sort="created", filter=by_teacher, token=session.token),
            client.full_list(Collection.CLASS_RECORDINGS, sort="created", filter=by_teacher, token=session.token),
            return_exceptions=True,
        )
        notes, recordings = lists
        for name, result in ((Collection.CLASS_NOTES, notes), (Collection.CLASS_RECORDINGS, recordings)):
            if isinstance(result, ClientResponseError):
                backend_failures.failed(f"{name} list", result)
            elif isinstance(result, BaseException):
                raise result
            else:
                backend_failures.recovered(f"{name} list")
        async with self:
            self.teacher = teacher_header(teacher)
            if isinstance(notes, list):
                rows, files = class_note_rows(parse_records(ClassNote, notes))
                self._notes = rows
                self._remember_files(rows, files)
            self.notes_failed = not isinstance(notes, list)
            if isinstance(recordings, list):
                self._recordings = video_rows(parse_records(ClassRecording, recordings))
            self.recordings_failed = not isinstance(recordings, list)
            self.phase = Phase.READY
