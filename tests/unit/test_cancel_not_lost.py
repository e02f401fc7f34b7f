"""A cancel that arrives as the awaited work finishes still ends the task.

Python 3.11's `asyncio.wait_for` returns the result then and drops the cancel: the paper
indexer, stopped as an extraction ended, went back to waiting for work, and the worker's
shutdown (or a test closing it) waited for it forever. The timeouts use `asyncio.timeout`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from student_portal.search.extraction import Extraction
from student_portal.search.extraction_process import Extractor
from student_portal.search.indexer import PaperIndexer

EXTRACTION = Extraction(pages=("text",), total_pages=1)


class _HeldPool:
    """An executor whose one job ends when the test says so."""

    def __init__(self) -> None:
        self.job: concurrent.futures.Future[Extraction] = concurrent.futures.Future()

    def submit(self, *_args: object) -> concurrent.futures.Future[Extraction]:
        return self.job


async def _cancelled_as_it_ends(work: Coroutine[Any, Any, object], finish: Callable[[], None]) -> asyncio.Task[object]:
    """Run `work` until it waits, then finish what it waits for and cancel it in the same turn
    of the loop; the task, once it has ended."""
    task = asyncio.create_task(work)
    for _ in range(5):
        await asyncio.sleep(0)  # the task reaches its wait
    finish()
    asyncio.get_running_loop().call_soon(task.cancel)
    done, _ = await asyncio.wait([task], timeout=2)
    assert done, "the cancelled task is still running"
    return task


async def test_an_extraction_cancelled_as_it_ends_is_cancelled() -> None:
    extractor, pool = Extractor(timeout=60), _HeldPool()
    extractor._pool = pool  # type: ignore[assignment]
    task = await _cancelled_as_it_ends(extractor(b"%PDF"), lambda: pool.job.set_result(EXTRACTION))
    with pytest.raises(asyncio.CancelledError):
        task.result()


async def test_the_indexer_cancelled_as_its_retry_wait_ends_stops() -> None:
    indexer = PaperIndexer(None, None, None, None)  # type: ignore[arg-type]

    async def failing() -> None:
        raise RuntimeError("a bug: the indexer waits, then retries")

    indexer.drain = failing  # type: ignore[method-assign]
    task = await _cancelled_as_it_ends(indexer.run(), indexer._wake.set)
    with pytest.raises(asyncio.CancelledError):
        task.result()
