"""PDF extraction in a separate, lower-priority process, so a huge or hostile file costs that
process, never a worker's event loop (extraction.py is the pure part).

The process has a time limit (EXTRACT_TIMEOUT_S) and a memory limit (EXTRACT_MEMORY_BYTES of
address space, RLIMIT_AS: issue 49): a file that would take more fails with ExtractionError, and
the process is replaced, instead of the machine's memory going to one PDF."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import resource
from concurrent.futures.process import BrokenProcessPool

from student_portal.search.extraction import Extraction, ExtractionError, extract_pages

EXTRACT_TIMEOUT_S = 120.0
# The process starts at about 250 MB of address space (Python, pypdf, Pillow); the largest real
# paper extracted takes well under 100 MB more.
EXTRACT_MEMORY_BYTES = 1024 * 1024 * 1024


def _prepare(memory_bytes: int) -> None:
    """In the extraction process, before any work: a lower priority and the memory limit."""
    with contextlib.suppress(OSError):
        os.nice(10)
    with contextlib.suppress(OSError, ValueError):
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


class Extractor:
    """One worker process that turns PDF bytes into pages; replaced if a file hangs it."""

    def __init__(self, timeout: float = EXTRACT_TIMEOUT_S, memory_bytes: int = EXTRACT_MEMORY_BYTES) -> None:
        self.timeout = timeout
        self.memory_bytes = memory_bytes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_prepare,
                initargs=(self.memory_bytes,),
            )
        return self._pool

    async def __call__(self, data: bytes) -> Extraction:
        future = asyncio.get_running_loop().run_in_executor(self._executor(), extract_pages, data)
        try:
            # asyncio.timeout, not wait_for: Python 3.11's wait_for drops a cancel that arrives as
            # the extraction ends, and the indexer would not stop (tests/unit/test_cancel_not_lost.py).
            async with asyncio.timeout(self.timeout):
                return await future
        except (TimeoutError, BrokenProcessPool, MemoryError) as error:
            self.close(kill=True)
            raise ExtractionError(f"extraction stopped: {type(error).__name__}") from error

    def close(self, kill: bool = False) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
        pool.shutdown(wait=not kill, cancel_futures=True)
