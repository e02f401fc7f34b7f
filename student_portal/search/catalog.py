"""The search index over public content, following the shared content cache; and the visitor's
own protected documents. No Reflex: the state calls these.

Public part: one segment per source (a collection, with the lists it joins: Subjects for
recordings, folders for papers...). A segment is remembered with the cache versions of its
lists and rebuilt only when one of them changed, so the index is as fresh as the cache (live
updates change the cache within a second of an admin's save) and a rebuild touches one source.
The versions are read before the lists: a change arriving meanwhile makes the next search
rebuild again rather than keep a stale segment under a new version.

Protected part (Uni Notes, class notes and recordings): fetched with the visitor's own token,
so PocketBase's rules decide; never stored anywhere another visitor could read it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from student_portal.pocketbase import ClientResponseError, configured_client, content_cache, parse_records
from student_portal.pocketbase import records as r
from student_portal.pocketbase.collections import PROTECTED_MODELS, PUBLIC, Collection
from student_portal.pocketbase.failures import FailureLog
from student_portal.search import documents as d
from student_portal.search.index import Document, SearchIndex, Segment

log = logging.getLogger(__name__)
failures = FailureLog(log)

Lists = dict[str, list[r.Record]]


@dataclass(frozen=True)
class Source:
    """A segment: the collections it reads (the first holds the documents) and how."""

    name: str
    collections: tuple[str, ...]
    build: Callable[[Lists], list[Document | None]]


def _of(model: type[r.RecordT], records: list[r.Record]) -> list[r.RecordT]:
    return [record for record in records if isinstance(record, model)]


def _folder_items(level: str, label: str, items: str, folders: str) -> Source:
    def build(lists: Lists) -> list[Document | None]:
        names = d.names(lists[folders])
        return [d.folder_item(item, level, label, names) for item in _of(r.FolderItem, lists[items])]

    return Source(items, (items, folders), build)


C = Collection
SOURCES: tuple[Source, ...] = (
    Source(
        "recordings",
        (C.RECORDINGS, C.SUBJECTS),
        lambda s: [d.recording(x, d.names(s[C.SUBJECTS])) for x in _of(r.Recording, s[C.RECORDINGS])],
    ),
    _folder_items("ol", "O/L", C.OL_ITEMS, C.OL_FOLDERS),
    _folder_items("al", "A/L", C.AL_ITEMS, C.AL_FOLDERS),
    Source("teachers", (C.TEACHERS,), lambda s: [d.teacher(x) for x in _of(r.Teacher, s[C.TEACHERS])]),
    Source(
        "classes",
        (C.CLASSES, C.TEACHERS),
        lambda s: [d.tuition_class(x, d.names(s[C.TEACHERS])) for x in _of(r.TuitionClass, s[C.CLASSES])],
    ),
    Source("jobs", (C.JOBS,), lambda s: [d.job(x) for x in _of(r.Job, s[C.JOBS])]),
    Source("rooms", (C.HOTELS, C.CITYS), lambda s: [d.room(x, d.names(s[C.CITYS])) for x in _of(r.Hotel, s[C.HOTELS])]),
    Source("news", (C.NEWS,), lambda s: [d.news(x) for x in _of(r.NewsItem, s[C.NEWS])]),
    Source("articles", (C.ARTICLES,), lambda s: [d.article(x) for x in _of(r.Article, s[C.ARTICLES])]),
    Source(
        "shop",
        (C.PRODUCTS, C.CATEGORIES),
        lambda s: [d.product(x, d.names(s[C.CATEGORIES])) for x in _of(r.Product, s[C.PRODUCTS])],
    ),
)
# Every public collection the search reads: a page showing results is live for these.
SEARCHED_COLLECTIONS: tuple[str, ...] = tuple(dict.fromkeys(c for s in SOURCES for c in s.collections))
assert all(c in PUBLIC for c in SEARCHED_COLLECTIONS)


def build_segment(source: Source, lists: Lists) -> Segment:
    return Segment(doc for doc in source.build(lists) if doc is not None)


@dataclass
class PublicIndex:
    """What the public catalogue index holds now, and which sources could not be read."""

    index: SearchIndex
    failed: tuple[str, ...]


class Catalog:
    """Per process: the public segments, each with the cache versions it was built from."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[tuple[int, ...], Segment]] = {}

    async def index(self) -> PublicIndex:
        """The index as fresh as the cache. Every list is read from the cache each time (a
        memory read while fresh; when its time is up the cache refetches it, so search sees
        what the pages see, failures included); only sources whose lists changed are rebuilt."""
        cache = content_cache()
        versions = {s.name: tuple(cache.version(c) for c in s.collections) for s in SOURCES}
        results = await asyncio.gather(*(cache.records(c) for c in SEARCHED_COLLECTIONS), return_exceptions=True)
        lists: Lists = {}
        for name, result in zip(SEARCHED_COLLECTIONS, results, strict=True):
            if isinstance(result, ClientResponseError):
                continue
            if isinstance(result, BaseException):
                raise result
            lists[name] = result
        failed = tuple(s.name for s in SOURCES if not all(c in lists for c in s.collections))
        stale = [s for s in SOURCES if s.name not in failed and self._built.get(s.name, ((),))[0] != versions[s.name]]
        # No await from here on: visitors typing together never rebuild the same segment twice.
        for source in stale:
            self._built[source.name] = (versions[source.name], build_segment(source, lists))
        # As the pages do: a list the cache cannot give now is not shown.
        segments = {name: segment for name, (_, segment) in self._built.items() if name not in failed}
        return PublicIndex(SearchIndex(segments), failed)


_catalog = Catalog()


def catalog() -> Catalog:
    return _catalog


# --- the visitor's own documents ---------------------------------------------------------------
async def protected_documents(token: str, can_view_notes: bool) -> tuple[list[Document], bool]:
    """The visitor's Uni Notes (when their role allows) and class material, fetched with their
    token; and whether any list failed. Teacher names come from the public cache."""
    client = configured_client()
    wanted = [Collection.CLASS_NOTES, Collection.CLASS_RECORDINGS] + ([Collection.NOTES] if can_view_notes else [])
    results = await asyncio.gather(
        *(client.full_list(c, sort=PROTECTED_MODELS[c].sort, token=token) for c in wanted),
        content_cache().records(Collection.TEACHERS),
        return_exceptions=True,
    )
    teachers = d.names(results[-1]) if isinstance(results[-1], list) else {}
    found: list[Document] = []
    failed = False
    for name, result in zip(wanted, results, strict=False):
        if isinstance(result, ClientResponseError):
            failures.failed(f"{name} list for search", result)
            failed = True
            continue
        if isinstance(result, BaseException):
            raise result
        failures.recovered(f"{name} list for search")
        model = PROTECTED_MODELS[name].model
        for record in parse_records(model, result):
            if isinstance(record, r.Note):
                found.append(d.uni_note(record))
            elif isinstance(record, r.ClassNote):
                found.append(d.class_note(record, teachers))
            elif isinstance(record, r.ClassRecording):
                found.append(d.class_recording(record, teachers))
    return found, failed


def with_protected(public: SearchIndex, documents: Sequence[Document]) -> SearchIndex:
    """The public index plus one visitor's own documents (a new index; the shared one is untouched)."""
    if not documents:
        return public
    by_kind: dict[str, list[Document]] = {}
    for doc in documents:
        by_kind.setdefault(doc.kind, []).append(doc)
    own = {f"own:{kind}": Segment(docs) for kind, docs in by_kind.items()}
    return SearchIndex({**public.segments, **own})
