"""A paper or note in the PDF viewer (/read?c=<collection>&id=<record>&page=3&q=...).

Where a search hit inside a PDF leads: the viewer opens at the page, the searched words marked.
The address is the whole state, so it can be shared. Who may open what is decided here as on the
lists: an O/L or A/L item is public (its file comes from the shared cache's record); a Uni Note or
a class note is fetched with the visitor's own token (PocketBase's view rule decides; a file token
is asked for only then), so a shared link opens nothing for someone without the role.
"""

from __future__ import annotations

import re

import reflex as rx

from student_portal import routes
from student_portal.pocketbase import ClientResponseError, configured_client, content_cache
from student_portal.pocketbase.collections import Collection
from student_portal.search.indexer import SOURCES, is_pdf
from student_portal.search.pages import PUBLIC
from student_portal.state.auth import forget_on_logout, verified_session
from student_portal.state.content import backend_failures
from student_portal.state.history import HistoryState
from student_portal.utils.query import bounded_text

_RECORD_ID = re.compile(r"[a-z0-9]{1,40}")
MAX_PAGE = 100_000
HIGHLIGHT_WORDS = 8


class ReadPhase:
    LOADING = "loading"
    READY = "ready"
    NOT_FOUND = "not_found"
    SIGN_IN = "sign_in"
    NOT_ALLOWED = "not_allowed"
    FAILED = "failed"


def page_number(value: object) -> int:
    """?page= as a page number: 0 when missing or not a sane positive number."""
    text = value if isinstance(value, str) else ""
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) < 7 and 0 < int(text) <= MAX_PAGE else 0


def highlight_words(query: str) -> list[str]:
    """The words to mark: those of the search, as typed (the viewer folds them as the server does)."""
    return [word for word in bounded_text(query).split() if word][:HIGHLIGHT_WORDS]


@forget_on_logout  # a protected file's tokenised address leaves with the session
class ReadState(rx.State):
    url: str = ""  # the file's address for the viewer ("" until allowed)
    title: str = ""
    page: int = 0
    words: list[str] = []
    back_href: str = ""  # the paper's own place on the site
    phase: str = ReadPhase.LOADING
    # The document open (its collection and id): the viewer tells a signed-in student's page in it.
    collection: str = ""
    record: str = ""

    def _reset(self) -> None:
        self.url, self.title, self.page, self.words, self.back_href = "", "", 0, [], ""
        self.collection, self.record = "", ""

    @rx.event(background=True)
    async def load(self):
        async with self:
            params = self.router.url.query_parameters
            collection, record_id = str(params.get("c", "")), str(params.get("id", ""))
            page, words = page_number(params.get("page")), highlight_words(str(params.get("q", "")))
            self._reset()
            self.phase = ReadPhase.LOADING
        source = SOURCES.get(collection)
        if source is None or not _RECORD_ID.fullmatch(record_id):
            async with self:
                self.phase = ReadPhase.NOT_FOUND
            return
        try:
            phase, found = await (
                self._public(collection, record_id) if source.access == PUBLIC else self._own(collection, record_id)
            )
            backend_failures.recovered("document for the viewer")
        except ClientResponseError as error:
            backend_failures.failed("document for the viewer", error)
            phase, found = ReadPhase.FAILED, None
        if found is not None and not page:
            # No page asked for: a signed-in student's document opens where they left it.
            async with self:
                history = await self.get_state(HistoryState)
            page = await history.last_page(collection, record_id)
        async with self:
            self.phase = phase
            if found is not None:
                self.url, self.title, self.back_href = found
                self.page, self.words = page, words
                self.collection, self.record = collection, record_id

    async def _public(self, collection: str, record_id: str) -> tuple[str, tuple[str, str, str] | None]:
        record = next((r for r in await content_cache().records(collection) if r.id == record_id), None)
        file = getattr(record, "file", "")
        if record is None or not is_pdf(file):
            return ReadPhase.NOT_FOUND, None
        url = configured_client().file_url(collection, record_id, file)
        level = routes.OL if collection == Collection.OL_ITEMS else routes.AL
        back = routes.folder(level, getattr(record, "folder", "")) if getattr(record, "folder", "") else ""
        return ReadPhase.READY, (url, getattr(record, "title", "") or file, back)

    async def _own(self, collection: str, record_id: str) -> tuple[str, tuple[str, str, str] | None]:
        session = await verified_session(self)
        if session is None:
            return ReadPhase.SIGN_IN, None
        client = configured_client()
        try:
            record = await client.get_one(collection, record_id, token=session.token)
        except ClientResponseError as error:
            if error.status in (403, 404):  # hidden by the view rule, or gone: the same answer
                return ReadPhase.NOT_ALLOWED, None
            raise
        file = record.get("file")
        if not is_pdf(file):
            return ReadPhase.NOT_FOUND, None
        url = client.file_url(collection, record_id, str(file), token=await client.file_token(session.token))
        back = routes.NOTES if collection == Collection.NOTES else routes.class_page(str(record.get("teacher", "")))
        return ReadPhase.READY, (url, str(record.get("name") or "").strip() or str(file), back)
