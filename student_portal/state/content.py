"""Shared by the content states: read a public collection from the shared cache, shaped.

A failure is reported as None, so each section decides its own error face and one unavailable
collection never stops the others (spec 8: failures are only logged). The content cache logs
each failure cause once as a warning; here it is noted per page view at INFO level only, so an
outage does not write one warning per visitor.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, TypeVar

from student_portal.i18n import current_language
from student_portal.pocketbase import ClientResponseError, ContentCache, Record, configured_client, content_cache
from student_portal.pocketbase.failures import FailureLog

log = logging.getLogger(__name__)

# Failures of the calls a page makes for one visitor (protected lists, one record, a folder's
# items): the same outage hits every visitor, so each cause is logged once, not per page view.
backend_failures = FailureLog(log)

RowT = TypeVar("RowT")
RecordT = TypeVar("RecordT", bound=Record)
ViewT = TypeVar("ViewT", bound="SharedView")
T = TypeVar("T")


async def public_rows(collection: str, model: type[RecordT], shape: Callable[[RecordT], RowT]) -> list[RowT] | None:
    """Every record of `collection` shaped by `shape`, in the cache's order; None on failure."""
    return await _rows(content_cache(), collection, model, shape)


async def _rows(
    cache: ContentCache, collection: str, model: type[RecordT], shape: Callable[[RecordT], RowT]
) -> list[RowT] | None:
    try:
        # Shaped once per version of the list and language, shared by every visitor of the
        # language (read-only rows: they hold prices, dates and labels written in it).
        return await cache.shaped(collection, model, shape, variant=current_language.get())
    except ClientResponseError as error:
        log.info("%s unavailable, section left empty: %s", collection, error.message)
        return None


async def public_lists(*sources: tuple[str, type[Record], Callable[[Any], Any]]) -> list[list[Any] | None]:
    """`public_rows(collection, model, shape)` for each source, all read at the same instant.

    For a view derived from several lists (recordings named by subject, rooms by city) and
    remembered per version of them (`ContentCache.view`): a cold cache fetches them together,
    then each is read again one after the other from the warm cache, which does not wait, so no
    realtime event can slip in between the reads.
    """
    cache = content_cache()  # once: a page view reads several lists
    # The first pass only fetches what is missing (no rows copied for nothing); failures are
    # reported by the second. A warm cache, as every visitor but the first per TTL finds it,
    # skips it: no task per list for a read that would not wait.
    missing = [source[0] for source in sources if not cache.fresh(source[0])]
    if missing:
        await asyncio.gather(*map(cache.ready, missing), return_exceptions=True)
    return [await _rows(cache, *source) for source in sources]


def shared_view(collections: tuple[str, ...], name: Hashable, compute: Callable[[], T]) -> T:
    """`compute()` (what a page derives from cached lists: an order, a slice, joined cards) once
    per version of `collections` and per language, for every visitor: call it right after
    reading the lists. Per language: it is made from rows holding texts written in one."""
    return content_cache().view(collections, (name, current_language.get()), compute)


class SharedView:
    """Base of a page's view of cached lists (cards joined with their names, search indexes),
    made once per version of its `LISTS` and shared by every visitor: build it with
    `content_cache().view(LISTS, ..., make)` right after reading the lists (`public_lists`).

    `filtered(key, compute)` remembers a filtered list of it per filter values (`key`), for
    every visitor with the same filters. The memo holds this view object, so its id in the key
    stays unique while the entry lives, even when it is filtered later than it was read.
    """

    LISTS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def shared(cls: type[ViewT], make: Callable[[], ViewT]) -> ViewT:
        """The view for the lists as just read: made by `make()` once per version of them."""
        return shared_view(cls.LISTS, cls.__name__, make)

    def filtered(self, key: Hashable, compute: Callable[[], list[RowT]]) -> list[RowT]:
        return content_cache().view(self.LISTS, (key, id(self)), lambda: (self, compute()))[1]


def file_url(record: Record, filename: str, thumb: str | None = None) -> str:
    """The browser address of one of `record`'s files ("" when it has none)."""
    return configured_client().file_url(record.collection_id, record.id, filename, thumb=thumb)
