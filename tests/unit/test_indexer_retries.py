"""The paper indexer's retry loop: a PocketBase fault is one warning line, a bug a traceback."""

from __future__ import annotations

import asyncio
import logging

import pytest

from student_portal.pocketbase import ClientResponseError
from student_portal.search.indexer import PaperIndexer


async def _first_log_of(indexer: PaperIndexer, caplog: pytest.LogCaptureFixture) -> logging.LogRecord:
    runner = asyncio.create_task(indexer.run())
    try:
        for _ in range(100):
            if caplog.records:
                break
            await asyncio.sleep(0.01)
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    (record,) = [r for r in caplog.records if r.name == "student_portal.search.indexer"]
    return record


@pytest.mark.parametrize("status", [0, 401, 503])
async def test_a_backend_fault_is_one_warning_line_without_a_traceback(status, caplog) -> None:
    indexer = PaperIndexer(None, None, None, None)  # type: ignore[arg-type]

    async def unreachable() -> None:
        raise ClientResponseError(url="http://pb/api/files/token", status=status)

    indexer.drain = unreachable  # type: ignore[method-assign]
    record = await _first_log_of(indexer, caplog)
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "retrying" in record.getMessage()


async def test_a_bug_is_logged_with_its_traceback(caplog) -> None:
    indexer = PaperIndexer(None, None, None, None)  # type: ignore[arg-type]

    async def broken() -> None:
        raise KeyError("a bug")

    indexer.drain = broken  # type: ignore[method-assign]
    record = await _first_log_of(indexer, caplog)
    assert record.levelno == logging.ERROR and record.exc_info is not None
