"""Protected documents (Uni Notes, class notes): rows, preview and download.

The files are stored `protected` in PocketBase: their plain address answers 404. Preview and
download ask PocketBase for a short-lived file token (~3 min) with the visitor's own token at
the moment of the click, and only then put the tokenised address in the browser. A row never
carries a file address; the state keeps which file belongs to which row on the server side.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import reflex as rx
from reflex.event import EventSpec

from student_portal.i18n.texts import Text
from student_portal.pocketbase import ClientResponseError, FolderItem, configured_client, content_cache
from student_portal.pocketbase.client import FILES_PREFIX
from student_portal.pocketbase.collections import Collection
from student_portal.state.auth import AuthState
from student_portal.state.content import backend_failures
from student_portal.state.history import HistoryState
from student_portal.utils.page_actions import run_page_action

log = logging.getLogger(__name__)

PREVIEW_DIALOG_ID = "file-preview"


@dataclass
class DocumentRow:
    """One note as a list shows it."""

    id: str
    name: str
    has_file: bool = False
    link: str = ""  # a checked external address (drive / url), "" when none
    external: bool = False  # spec: an external note opens `link` instead of a preview


@dataclass(frozen=True)
class StoredFile:
    collection_id: str
    record_id: str
    filename: str
    collection: str = ""  # its collection's name (the student's history names documents so)


def show_preview_dialog() -> EventSpec:
    return run_page_action("openDialog", PREVIEW_DIALOG_ID)


def start_download(url: str) -> EventSpec:
    """Fetch `url` (PocketBase answers it as an attachment) in a hidden frame: the browser saves
    the file. Following a link in the page itself would start a navigation, on which Reflex
    drops its websocket connection."""
    return run_page_action("download", url)


def is_public_file_url(url: str) -> bool:
    """Whether `url` is a public file address as item cards list them (the site's /files/, or a
    CDN in front of PocketBase's files), without a token."""
    client = configured_client()
    prefixes = [f"{client.site_url}{FILES_PREFIX}/"]
    if client.public_url:
        prefixes.append(f"{client.public_url}/api/files/")
    return isinstance(url, str) and url.startswith(tuple(prefixes)) and "token=" not in url


def file_parts(url: str) -> tuple[str, str, str] | None:
    """(collection id or name, record id, file name) of a public file address, else None."""
    if not is_public_file_url(url):
        return None
    parts = urlsplit(url).path.split("/")
    if len(parts) < 3:
        return None
    return unquote(parts[-3]), unquote(parts[-2]), unquote(parts[-1])


# The papers a public preview may be (their history names them by collection and id).
_PAPERS = (Collection.OL_ITEMS, Collection.AL_ITEMS)


async def public_paper(url: str) -> tuple[str, str]:
    """(collection, record) of the O/L or A/L paper whose own file `url` is (not its marking
    scheme: another document); ("", "") for any other address."""
    parts = file_parts(url)
    if parts is None:
        return "", ""
    collection_ref, record_id, filename = parts
    for collection in _PAPERS:
        for record in await content_cache().records(collection):
            if (
                isinstance(record, FolderItem)
                and record.id == record_id
                and collection_ref in (collection, record.collection_id)
                and record.file == filename
            ):
                return collection, record_id
    return "", ""


class FilePreviewState(rx.State):
    """The one preview dialog of a page: the framed address and the document's name; for a
    signed-in student, the document (collection, record) whose page goes into their history, and
    the page it opens at (where they stopped)."""

    url: str = ""
    title: str = ""
    collection: str = ""
    record: str = ""
    page: int = 0

    async def _open(self, url: str, title: str, collection: str, record_id: str):
        page = 0
        if collection and record_id:
            async with self:
                history = await self.get_state(HistoryState)
            page = await history.last_page(collection, record_id)
        async with self:
            self.url, self.title = url, title
            self.collection, self.record, self.page = collection, record_id, page

    @rx.event(background=True)
    async def open_public(self, url: str, title: str):
        """Preview a public file (an O/L or A/L paper) listed on the page."""
        if not is_public_file_url(url):
            return
        await self._open(url, title, *await public_paper(url))
        yield show_preview_dialog()

    @rx.event
    def clear(self):
        """The dialog closed: drop the address (its file token) from the frame and the state."""
        self.url = ""
        self.title = ""
        self.collection, self.record, self.page = "", "", 0


class ProtectedDocuments(rx.State, mixin=True):
    """Preview and download for the rows a page state lists (see `_remember_files`)."""

    # row id -> the stored file; a backend var: never sent to the browser.
    _files: dict[str, StoredFile] = {}
    _titles: dict[str, str] = {}

    def _remember_files(self, rows: list[DocumentRow], files: dict[str, StoredFile]) -> None:
        self._files = files
        self._titles = {row.id: row.name for row in rows}

    async def _file_address(self, row_id: str, *, download: bool) -> tuple[str, str, StoredFile] | None:
        """(tokenised address, title, the file) for a row's file, or None when the visitor may not have it."""
        async with self:
            stored = self._files.get(row_id)
            title = self._titles.get(row_id, "")
            session = (await self.get_state(AuthState))._session()
        if stored is None or session is None:
            return None
        client = configured_client()
        file_token = await client.file_token(session.token)
        url = client.file_url(
            stored.collection_id,
            stored.record_id,
            stored.filename,
            token=file_token,
            download=download,
        )
        return (url, title, stored) if url else None

    @rx.event(background=True)
    async def preview(self, row_id: str):
        try:
            found = await self._file_address(row_id, download=False)
            backend_failures.recovered("file token")
        except ClientResponseError as error:
            backend_failures.failed("file token", error)
            found = None
        if found is None:
            yield rx.window_alert(Text.FAILED_FILE_PREVIEW)
            return
        url, title, stored = found
        async with self:
            dialog = await self.get_state(FilePreviewState)
        await dialog._open(url, title, stored.collection, stored.record_id)
        yield show_preview_dialog()

    @rx.event(background=True)
    async def download(self, row_id: str):
        try:
            found = await self._file_address(row_id, download=True)
            backend_failures.recovered("file token")
        except ClientResponseError as error:
            backend_failures.failed("file token", error)
            found = None
        if found is None:
            yield rx.window_alert(Text.FAILED_FILE_DOWNLOAD)
            return
        yield start_download(found[0])
