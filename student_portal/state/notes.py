"""Uni Notes (/notes): sign-in and role notes or full required (spec 2, 6).

The old site checked the role only in the browser. Here the server decides: the visitor's
session is confirmed with PocketBase (verified_session), the role PocketBase reports is
checked, and the list is fetched with the visitor's own token, so PocketBase's list rule
applies too. A visitor who may not see notes gets no note data at all, not even hidden.
"""

from __future__ import annotations

from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from student_portal import routes
from student_portal.constants import Limit
from student_portal.i18n import Np_
from student_portal.pocketbase import (
    ClientResponseError,
    ContentSlide,
    Note,
    configured_client,
    parse_records,
)
from student_portal.pocketbase.collections import PROTECTED_MODELS, Collection
from student_portal.state.access_request import AccessRequestState
from student_portal.state.address import replace_address
from student_portal.state.auth import Session, forget_on_logout
from student_portal.state.content import backend_failures, public_rows
from student_portal.state.documents import DocumentRow, ProtectedDocuments, StoredFile
from student_portal.state.page_slides import PageSlide, page_slide, with_image
from student_portal.state.paging import PagedList
from student_portal.state.signed_in import Phase, sign_in_gate
from student_portal.utils.filters import search_by_name
from student_portal.utils.links import safe_url
from student_portal.utils.query import bounded_text, page_url, query_text


def note_rows(records: list[Any]) -> tuple[list[DocumentRow], dict[str, StoredFile]]:
    """Rows for the list and, per row, the stored file it previews and downloads."""
    rows: list[DocumentRow] = []
    files: dict[str, StoredFile] = {}
    for note in records:
        if not isinstance(note, Note) or not note.id:
            continue
        link = safe_url(note.drive) or ""
        rows.append(
            DocumentRow(
                id=note.id,
                name=note.display_name,
                has_file=bool(note.file),
                link=link,
                external=note.external and bool(link),
            )
        )
        if note.file:
            files[note.id] = StoredFile(note.collection_id, note.id, note.file, note.collection_name)
    return rows, files


@forget_on_logout
class NotesState(PagedList, ProtectedDocuments, rx.State):
    PAGE_SIZE: ClassVar[int] = Limit.NOTES_PAGE
    LIST_ID: ClassVar[str] = "notes-list"
    COUNT_WORDS: ClassVar[tuple[str, str]] = Np_("{count} note", "{count} notes")

    phase: str = Phase.CHECKING
    # Every note this visitor may see (fetched with their token): a backend var, never sent;
    # the browser gets one page of those matching the search.
    _notes: list[DocumentRow] = []
    page: list[DocumentRow] = []
    query: str = ""
    slides: list[PageSlide] = []  # Notes_Slides: public pictures, for the carousel
    slides_loading: bool = True  # the carousel keeps its place until they arrive

    def _address(self) -> EventSpec:
        return replace_address(routes.NOTES, {"q": self.query.strip(), **self._show_query()})

    def _show_notes(self) -> None:
        """Spec 5: case-insensitive substring search on the name."""
        self.page = self._paged(search_by_name(self._notes, self.query))

    async def _refresh_page(self) -> None:
        self._show_notes()

    @rx.event
    def set_query(self, value: str):
        self.query = bounded_text(value)
        self._first_page()
        self._show_notes()
        return self._address()

    @rx.event(background=True)
    async def load_slides(self):
        slides = with_image(await public_rows(Collection.NOTES_SLIDES, ContentSlide, page_slide))
        async with self:
            self.slides, self.slides_loading = slides, False

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = dict(self.router.url.query_parameters)
            # ?q= (a search hit for one note, or a shared search) fills the search box.
            self.phase, self._notes, self.page, self.query = Phase.CHECKING, [], [], query_text(params, "q")
            self.shown = self._shown_from(params)
            self._remember_files([], {})
        session = await sign_in_gate(self, page_url(routes.NOTES, {"q": self.query}))
        if not isinstance(session, Session):
            for event in session:
                yield event
            return
        if not session.user.can_view_notes:
            async with self:
                self.phase = Phase.UNAUTHORIZED
            yield AccessRequestState.load  # "ask for access", or that it was asked already
            return
        try:
            items = await configured_client().full_list(
                Collection.NOTES, sort=PROTECTED_MODELS[Collection.NOTES].sort, token=session.token
            )
        except ClientResponseError as error:
            backend_failures.failed("Notes list", error)
            async with self:
                self.phase = Phase.FAILED
            return
        backend_failures.recovered("Notes list")
        rows, files = note_rows(parse_records(Note, items))
        async with self:
            self._notes = rows
            self._show_notes()
            self._remember_files(rows, files)
            self.phase = Phase.READY
