"""Reading public collections from the shared content cache, for the page states."""

from __future__ import annotations

import asyncio
import logging

from student_portal.pocketbase import ClientResponseError, Record, content_cache

log = logging.getLogger(__name__)


async def public_records(*collections: str) -> list[list[Record] | None]:
    """Each collection's records (cache order), fetched concurrently; None where a fetch failed.

    The cache logs each outage once; a page decides what a failure looks like (an error
    message, or per spec 8 for products, categories and slides, just an empty list).
    """
    cache = content_cache()
    results = await asyncio.gather(*(cache.records(name) for name in collections), return_exceptions=True)
    out: list[list[Record] | None] = []
    for name, result in zip(collections, results, strict=True):
        if isinstance(result, ClientResponseError):
            log.debug("%s unavailable: %s", name, result.message)
            out.append(None)
        elif isinstance(result, BaseException):
            raise result
        else:
            out.append(result)
    return out
