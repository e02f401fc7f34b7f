"""Search inside papers against the real PocketBase: the indexer follows it by itself.

A paper added with a word only on its page 3 becomes findable; replacing its file drops the old
words; deleting it removes it; a Uni Note's words are found only with the notes role. The
indexer runs as on the site: its own superuser credential, realtime events, the extraction
process.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from student_portal.constants import Timing
from student_portal.pocketbase import PocketBaseClient
from student_portal.pocketbase.embedded import EmbeddedPocketBase
from student_portal.pocketbase.realtime import RealtimeSubscriber
from student_portal.search.credential import Credential
from student_portal.search.extraction_process import Extractor
from student_portal.search.indexer import PaperIndexer
from student_portal.search.pages import NOTES_ROLE, PUBLIC, SIGNED_IN, PageIndex
from tests.integration.conftest import SUPERUSER_EMAIL, SUPERUSER_PASSWORD, list_all
from tests.support.backend_proxy import BackendProxy
from tests.support.pdfs import Page, make_pdf
from tests.support.pocketbases import start_pocketbase

WAIT_S = 60.0  # the bound: found within a minute of the upload


@contextlib.asynccontextmanager
async def running_indexer(url: str, index: PageIndex) -> AsyncIterator[PaperIndexer]:
    client = PocketBaseClient(url, timeout=10)
    credential = Credential(client, SUPERUSER_EMAIL, SUPERUSER_PASSWORD)
    extractor = Extractor()
    indexer = PaperIndexer(client, index, credential, extractor)
    subscriber = RealtimeSubscriber(client, indexer, indexer.collections, auth=credential.checked_token)
    tasks = [asyncio.create_task(indexer.run()), asyncio.create_task(subscriber.run())]
    try:
        # Connected within 10 s, or once PocketBase's limit on sign-ins from 127.0.0.1 is waited out.
        await asyncio.wait_for(subscriber.wait_connected(), 10 + Timing.SUPERUSER_SIGN_IN_PATIENCE_S)
        yield indexer
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        extractor.close(kill=True)
        index.close_writer()
        await client.aclose()


async def found(index: PageIndex, query: str, access: set[str]) -> list[tuple[str, int]]:
    results = await asyncio.to_thread(index.search, query, access)
    return [(hit.paper.record_id, hit.shown(results.wanted)[0]) for hit in results.hits]


async def eventually(check: Callable[[], object], expected: object) -> None:
    deadline = asyncio.get_running_loop().time() + WAIT_S
    while True:
        value = await check()  # type: ignore[misc]
        if value == expected or asyncio.get_running_loop().time() > deadline:
            assert value == expected
            return
        await asyncio.sleep(0.25)


def _pdf(*pages: Page | str) -> tuple[str, bytes, str]:
    return ("paper.pdf", make_pdf(pages), "application/pdf")


@pytest.fixture
def folder(admin: httpx.Client) -> str:
    return list_all(admin, "OLFolders")[0]["id"]


async def test_a_paper_is_findable_then_replaced_then_gone(pocketbase: EmbeddedPocketBase, admin, folder, tmp_path):
    index = PageIndex(tmp_path / "index")
    async with running_indexer(pocketbase.url, index):
        pages = ["Cover page", "Instructions", "Question 7: a zebracorn projectile", Page("ප්‍රකාශ සංශ්ලේෂණය", "sinhala")]
        response = admin.post(
            "/api/collections/OL_Items/records",
            data={"folder": folder, "type": "paper", "title": "Integration paper"},
            files={"file": _pdf(*pages)},
        )
        response.raise_for_status()
        record = response.json()["id"]
        try:
            await eventually(lambda: found(index, "zebracorn", {PUBLIC}), [(record, 3)])
            assert await found(index, "zebracorm", {PUBLIC}) == [(record, 3)]  # a typo too
            assert await found(index, "ප්‍රකාශ", {PUBLIC}) == [(record, 4)]

            replaced = admin.patch(
                f"/api/collections/OL_Items/records/{record}", files={"file": _pdf("A new text about quokkafish")}
            )
            replaced.raise_for_status()
            await eventually(lambda: found(index, "quokkafish", {PUBLIC}), [(record, 1)])
            assert await found(index, "zebracorn", {PUBLIC}) == []
        finally:
            admin.delete(f"/api/collections/OL_Items/records/{record}")
        await eventually(lambda: found(index, "quokkafish", {PUBLIC}), [])
        assert f"OL_Items/{record}" not in index.files()


async def test_a_uni_notes_words_are_found_only_with_the_notes_role(pocketbase, admin, tmp_path):
    index = PageIndex(tmp_path / "index")
    async with running_indexer(pocketbase.url, index):
        response = admin.post(
            "/api/collections/Notes/records",
            data={"name": "Protected lecture"},
            files={"file": _pdf("Lecture one", "the secret word is narwhalite")},
        )
        response.raise_for_status()
        record = response.json()["id"]
        try:
            full = {PUBLIC, SIGNED_IN, NOTES_ROLE}
            await eventually(lambda: found(index, "narwhalite", full), [(record, 2)])
            assert await found(index, "narwhalite", {PUBLIC}) == []
            assert await found(index, "narwhalite", {PUBLIC, SIGNED_IN}) == []
            assert await found(index, "protected lecture", {PUBLIC, SIGNED_IN}) == []
        finally:
            admin.delete(f"/api/collections/Notes/records/{record}")


async def test_a_pocketbase_replaced_behind_the_same_address_still_gets_its_notes_indexed(pocketbase, admin, tmp_path):
    # The indexer first talks to another PocketBase (as after a restore: same superuser, other
    # signing key). The token it got there means nothing to ours, which would take it as a
    # guest's without an error and show it no protected note.
    other = start_pocketbase(tmp_path / "other", demo=False)
    proxy = BackendProxy(other.port).start()
    try:
        index = PageIndex(tmp_path / "index")
        async with running_indexer(proxy.url, index) as indexer:
            await eventually(lambda: asyncio.sleep(0, indexer.idle), True)
            proxy.forward_to(pocketbase.port)  # drops the subscription: the indexer reconnects
            response = admin.post(
                "/api/collections/Notes/records",
                data={"name": "Lecture after the restore"},
                files={"file": _pdf("the restored word is quokkastone")},
            )
            response.raise_for_status()
            record = response.json()["id"]
            try:
                await eventually(lambda: found(index, "quokkastone", {PUBLIC, SIGNED_IN, NOTES_ROLE}), [(record, 1)])
            finally:
                admin.delete(f"/api/collections/Notes/records/{record}")
    finally:
        proxy.stop()
        other.stop()


async def test_a_restart_indexes_only_what_changed_meanwhile(pocketbase, admin, folder, tmp_path):
    index = PageIndex(tmp_path / "index")
    async with running_indexer(pocketbase.url, index) as indexer:
        await eventually(lambda: asyncio.sleep(0, indexer.idle and indexer.indexed > 0), True)
    first = dict(index.files())
    assert first and all(not f.error for f in first.values())
    response = admin.post(
        "/api/collections/OL_Items/records",
        data={"folder": folder, "type": "paper", "title": "Added while stopped"},
        files={"file": _pdf("the offline word is lemurbrick", Page(scan=True))},
    )
    response.raise_for_status()
    record = response.json()["id"]
    try:
        again = PageIndex(tmp_path / "index")
        async with running_indexer(pocketbase.url, again) as indexer:
            await eventually(lambda: found(again, "lemurbrick", {PUBLIC}), [(record, 1)])
            assert indexer.indexed == 1  # nothing else was read again
        assert again.files()[f"OL_Items/{record}"].scanned == (2,)
    finally:
        admin.delete(f"/api/collections/OL_Items/records/{record}")


def test_a_deleted_index_is_rebuilt_by_the_command(pocketbase, monkeypatch, tmp_path, capsys):
    from student_portal.search import pages

    monkeypatch.setenv("POCKETBASE_URL", pocketbase.url)
    monkeypatch.setenv("SEARCH_INDEX_DIR", str(tmp_path / "index"))
    monkeypatch.setenv("SEARCH_INDEXER_EMAIL", SUPERUSER_EMAIL)
    monkeypatch.setenv("SEARCH_INDEXER_PASSWORD", SUPERUSER_PASSWORD)
    assert pages.main(["rebuild"]) == 0
    rebuilt = PageIndex(tmp_path / "index")
    files = rebuilt.files()
    # Every demo PDF (public papers and protected notes alike) is back, each with its text.
    assert any(key.startswith("OL_Items/") for key in files) and any(key.startswith("Notes/") for key in files)
    assert rebuilt.num_docs() == sum(f.pages for f in files.values()) > 0
    assert pages.main(["report"]) == 0
    assert f"{len(files)} files" in capsys.readouterr().out
