"""The paper indexer: keeps the page index (pages.py) in step with the PDFs PocketBase holds.

Runs in the background, never in a visitor's event: one process of the site owns it (a file
lock beside the index, as the embedded PocketBase does), the others only search the index.
- At start it lists every record of the PDF collections and indexes what is missing or changed
  and forgets what is gone (`sync`); again after every realtime reconnect (events may have been
  missed meanwhile).
- Then it follows PocketBase's realtime events for those collections (pocketbase/realtime.py,
  subscribed with its own token): a PDF added or replaced is indexed within seconds, a record
  deleted (or its file removed) leaves the index.
- Text comes out of each file in a separate process (extraction.py under a process pool, at a
  lower CPU priority): a huge or hostile PDF costs that process, never a worker's event loop.

Credential: protected notes are read with a superuser token of the indexer's own (credential.py),
held only in this server process; no browser ever sees it. What visitors may find of protected
notes is decided when they search (pages.py `access`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.pocketbase import ClientResponseError, PocketBaseClient, configured_client, parse_records
from student_portal.pocketbase import records as r
from student_portal.pocketbase.collections import Collection, model_for
from student_portal.pocketbase.realtime import RealtimeSubscriber
from student_portal.search import documents as d
from student_portal.search.credential import Credential, configured_credential
from student_portal.search.documents import Kind
from student_portal.search.extraction import Extraction, ExtractionError
from student_portal.search.extraction_process import Extractor
from student_portal.search.pages import (
    NOTES_ROLE,
    PUBLIC,
    SIGNED_IN,
    OldIndexError,
    PageIndex,
    Paper,
    clear,
    index_dir,
)
from student_portal.utils.private_files import worker_claim

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 25 * 1024 * 1024  # PocketBase's field allows 20 MB


@dataclass(frozen=True)
class Source:
    collection: str
    kind: str
    access: str
    folders: str = ""  # the folders collection of O/L and A/L items
    level: tuple[str, str] = ("", "")  # (route key, label)


SOURCES: dict[str, Source] = {
    Collection.OL_ITEMS: Source(Collection.OL_ITEMS, Kind.PAPERS, PUBLIC, Collection.OL_FOLDERS, ("ol", "O/L")),
    Collection.AL_ITEMS: Source(Collection.AL_ITEMS, Kind.PAPERS, PUBLIC, Collection.AL_FOLDERS, ("al", "A/L")),
    Collection.NOTES: Source(Collection.NOTES, Kind.UNI_NOTES, NOTES_ROLE),
    Collection.CLASS_NOTES: Source(Collection.CLASS_NOTES, Kind.CLASS_MATERIAL, SIGNED_IN),
}


def is_pdf(name: object) -> bool:
    return isinstance(name, str) and name.lower().endswith(".pdf")


def stamp_of(record: dict[str, Any]) -> str:
    return f"{record.get('file', '')}@{record.get('updated', '')}"


def paper_of(source: Source, record: dict[str, Any], names: dict[str, str]) -> Paper | None:
    """The paper a record is (title, link, detail as the title index has them), or None when it
    holds no PDF (an external note, a Word file, no file)."""
    if not is_pdf(record.get("file")):
        return None
    model = model_for(source.collection)  # Notes, Class_Notes, OL/AL items: each its declared model
    parsed = parse_records(model, [record])
    if not parsed:
        return None
    item: Any = parsed[0]
    with in_language(Language.EN):  # shared by every visitor: state/search.py translates
        if isinstance(item, r.FolderItem):
            doc = d.folder_item(item, source.level[0], source.level[1], names)
        elif isinstance(item, r.Note):
            if item.external:
                return None
            doc = d.uni_note(item)
        else:
            doc = d.class_note(item, names)
    return Paper(
        collection=source.collection,
        record_id=str(record.get("id", "")),
        kind=source.kind,
        access=source.access,
        title=doc.title,
        about=doc.text,
        href=doc.href,
        detail=doc.detail,
        when=doc.when,
        stamp=stamp_of(record),
    )


# --- the indexer --------------------------------------------------------------------------------------
class PaperIndexer:
    """Follows the PDF collections and writes the page index. Also a `RealtimeCache` (the
    subscriber's callback interface): events queue work, a reconnect queues a full sync."""

    def __init__(
        self,
        client: PocketBaseClient,
        index: PageIndex,
        credential: Credential | None,
        extract: Callable[[bytes], Awaitable[Extraction]] | None = None,
    ) -> None:
        self.client, self.index, self.credential = client, index, credential
        self._extract = extract or Extractor()
        self._pending: dict[str, tuple[str, dict[str, Any]]] = {}  # key -> (collection, record or {} to drop)
        self._wake = asyncio.Event()
        self._sync_wanted = True
        self.indexed = 0  # files indexed so far (tests, diagnostics)
        self._working = False

    @property
    def idle(self) -> bool:
        """Nothing queued, nothing being indexed, no sync wanted."""
        return not (self._working or self._pending or self._sync_wanted)

    @property
    def collections(self) -> tuple[str, ...]:
        # Without a credential only what guests may read.
        return tuple(c for c, s in SOURCES.items() if self.credential is not None or s.access == PUBLIC)

    async def _token(self) -> str | None:
        return await self.credential.token() if self.credential is not None else None

    # RealtimeCache
    def apply_event(self, collection: str, action: str, record: dict[str, Any]) -> bool:
        if collection not in SOURCES or not isinstance(record.get("id"), str):
            return False
        key = f"{collection}/{record['id']}"
        self._pending[key] = (collection, {} if action == "delete" else record)
        self._wake.set()
        return True

    async def reload(self) -> None:
        self._sync_wanted = True
        self._wake.set()

    def set_live(self, live: bool) -> None:
        pass

    # work
    async def _names(self, source: Source, token: str | None) -> dict[str, str]:
        collection = source.folders or (Collection.TEACHERS if source.collection == Collection.CLASS_NOTES else "")
        if not collection:
            return {}
        try:
            rows = await self.client.full_list(collection, sort="created", token=token)
        except ClientResponseError as error:
            log.warning("paper search: %s names unavailable (%s)", collection, error)
            return {}
        return {str(row.get("id")): str(row.get("label") or row.get("name") or "").strip() for row in rows}

    async def sync(self) -> None:
        """Index what is missing or changed; forget what is gone."""
        token = await self.credential.checked_token() if self.credential is not None else None
        known = self.index.files()
        seen: set[str] = set()
        for collection in self.collections:
            rows = await self.client.full_list(collection, sort="created", token=token)
            for row in rows:
                key = f"{collection}/{row.get('id')}"
                seen.add(key)
                has_pdf = is_pdf(row.get("file"))
                if has_pdf and (key not in known or known[key].stamp != stamp_of(row)):
                    self._pending[key] = (collection, row)
                elif not has_pdf and key in known:
                    self._pending[key] = (collection, {})
        for key in known:
            if key not in seen and key.partition("/")[0] in self.collections:
                self._pending[key] = (key.partition("/")[0], {})

    async def _download(self, collection: str, record_id: str, filename: str) -> bytes:
        token = await self._token()
        params = {"token": await self.client.file_token(token)} if token else {}
        response = await self.client.open_file(collection, record_id, filename, params=params, headers={})
        try:
            if response.status_code != 200:
                raise ExtractionError(f"the file answered {response.status_code}")
            data = bytearray()
            async for chunk in response.aiter_bytes():
                data.extend(chunk)
                if len(data) > MAX_FILE_BYTES:
                    raise ExtractionError("the file is larger than the indexer reads")
            return bytes(data)
        finally:
            await response.aclose()

    async def index_one(self, key: str, collection: str, record: dict[str, Any]) -> None:
        """Index `record` under `key` ("collection/id"); an empty record: forget the key."""
        source = SOURCES[collection]
        if not record:
            await asyncio.to_thread(self.index.remove, key)
            return
        paper = paper_of(source, record, await self._names(source, await self._token()))
        if paper is None:
            await asyncio.to_thread(self.index.remove, key)
            return
        try:
            data = await self._download(collection, paper.record_id, str(record["file"]))
            found = await self._extract(data)
        except ExtractionError as error:
            log.warning("paper search: %s not indexed: %s", key, error)
            await asyncio.to_thread(self.index.replace, paper, [], error=str(error))
            return
        if found.scanned:
            log.warning("paper search: %s has %d scanned pages without text", key, len(found.scanned))
        await asyncio.to_thread(self.index.replace, paper, found.pages, scanned=found.scanned, blank=found.blank)
        self.indexed += 1

    async def drain(self) -> None:
        """Do every queued piece of work (and a sync first, when one is wanted)."""
        self._working = True
        try:
            await self._drain()
        finally:
            self._working = False

    async def _drain(self) -> None:
        if self._sync_wanted:
            await self.sync()  # a failure leaves it wanted: the retry syncs again
            self._sync_wanted = False
        while self._pending:
            key = next(iter(self._pending))
            collection, record = self._pending.pop(key)
            try:
                await self.index_one(key, collection, record)
            except ClientResponseError as error:
                if error.status in (401, 403) and self.credential is not None:
                    self.credential.forget()
                log.warning("paper search: %s postponed: %s", key, error)
                self._pending.setdefault(key, (collection, record))
                raise

    async def run(self) -> None:
        """Work whenever something is queued; retry after a failure."""
        while True:
            self._wake.clear()
            try:
                await self.drain()
            except asyncio.CancelledError:
                raise
            except ClientResponseError as error:
                # PocketBase down, restarting or refusing the credential: expected, one line (the
                # site's rule for backend faults), no traceback.
                log.warning("paper search: indexing paused (%s); retrying in a while", error)
            except Exception:
                log.exception("paper search: indexing failed; retrying in a while")
            else:
                await self._wake.wait()
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(30.0):  # not wait_for: it can drop a cancel (3.11)
                    await self._wake.wait()


# --- in the site: one owner per index ------------------------------------------------------------------
@contextlib.asynccontextmanager
async def paper_indexer(_app: Any = None) -> AsyncIterator[None]:
    """A lifespan task: in the one worker that gets the lock, index and follow PocketBase."""
    with worker_claim(Path(index_dir()) / ".indexer.lock") as owner:
        if not owner:
            yield
            return
        tasks: list[asyncio.Task[None]] = []
        extractor = Extractor()
        index: PageIndex | None = None
        try:
            client = configured_client()
            credential = await asyncio.to_thread(configured_credential, client)
            index = await asyncio.to_thread(open_for_writing, Path(index_dir()))
            indexer = PaperIndexer(client, index, credential, extractor)
            subscriber = RealtimeSubscriber(
                client,
                indexer,
                indexer.collections,
                auth=credential.checked_token if credential else None,
            )
            tasks = [
                asyncio.create_task(indexer.run(), name="paper_indexer"),
                asyncio.create_task(subscriber.run(), name="paper_indexer_realtime"),
            ]
        except Exception:
            log.exception("paper search: the indexer could not start")
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            extractor.close(kill=True)
            if index is not None:
                index.close_writer()


def open_for_writing(directory: Path) -> PageIndex:
    """The index, made anew when it is of another schema version (the sync then fills it)."""
    try:
        return PageIndex(directory)
    except OldIndexError:
        log.warning("paper search: %s holds an older index: building it anew", directory)
        clear(directory)
        return PageIndex(directory)


def rebuild() -> int:
    """`python -m student_portal.search.pages rebuild`: the index made again from PocketBase."""
    directory = Path(index_dir())
    with worker_claim(directory / ".indexer.lock") as owner:
        if not owner:
            print(f"{directory} is being indexed by the running site: it rebuilds what is missing itself")
            return 1
        clear(directory)

        async def build() -> int:
            client = configured_client()
            extractor = Extractor()
            index = PageIndex(directory)
            try:
                indexer = PaperIndexer(client, index, configured_credential(client), extractor)
                await indexer.drain()
                print(f"indexed {indexer.indexed} files into {directory}")
            except ClientResponseError as error:  # down, or the sign-in refused: said, not a traceback
                print(f"PocketBase did not answer as expected, nothing indexed: {error}", file=sys.stderr)
                return 1
            finally:
                extractor.close()
                index.close_writer()
                await client.aclose()
            return 0

        return asyncio.run(build())
