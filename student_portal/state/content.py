"""Shared by the content states: read a public collection from the shared cache, shaped.

A failure is reported as None, so each section decides its own error face and one unavailable
collection never stops the others (spec 8: failures are only logged). The content cache logs
each failure cause once as a warning; here it is noted per page view at INFO level only, so an
outage does not write one warning per visitor.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from student_portal.pocketbase import ClientResponseError, Record, configured_client, content_cache
from student_portal.pocketbase.failures import FailureLog

log = logging.getLogger(__name__)

# Failures of the calls a page makes for one visitor (protected lists, one record, a folder's
# items): the same outage hits every visitor, so each cause is logged once, not per page view.
backend_failures = FailureLog(log)

RowT = TypeVar("RowT")
RecordT = TypeVar("RecordT", bound=Record)


async def public_rows(collection: str, model: type[RecordT], shape: Callable[[RecordT], RowT]) -> list[RowT] | None:
    """Every record of `collection` shaped by `shape`, in the cache's order; None on failure."""
    try:
        # Shaped once per version of the list and shared by every visitor (read-only rows).
        return await content_cache().shaped(collection, model, shape)
    except ClientResponseError as error:
        log.info("%s unavailable, section left empty: %s", collection, error.message)
        return None


def file_url(record: Record, filename: str, thumb: str | None = None) -> str:
    """The browser address of one of `record`'s files ("" when it has none)."""
    return configured_client().file_url(record.collection_id, record.id, filename, thumb=thumb)
