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
import dataclasses
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from student_portal.constants import Limit
from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.pocketbase import ClientResponseError, ContentCache, configured_client, content_cache, parse_records
from student_portal.pocketbase import records as r
from student_portal.pocketbase.collections import PROTECTED_MODELS, PUBLIC, Collection
from student_portal.pocketbase.failures import FailureLog
from student_portal.search import documents as d
from student_portal.search.documents import KIND_ORDER
from student_portal.search.index import Document, Group, SearchIndex, Segment, query_words
from student_portal.utils.paging import SHOW_PARAM

log = logging.getLogger(__name__)
failures = FailureLog(log)

Lists = dict[str, list[r.Record]]
ANSWERS_KEPT = 1000


@dataclass(frozen=True)
class Source:
    """A segment: the documents of one collection, each made by `make(record, names)` where
    `names` are the names of the list it joins (`names_of`: subjects, folders...), if any."""

    name: str
    collection: str
    model: type[r.Record]
    make: Callable[[Any, dict[str, str]], Document | None]
    names_of: str = ""
    # A list page shown a page at a time: the hit's link asks for enough pages (?show=) to
    # include it. `paged_in` is the page's list within the collection (a folder and type, a
    # city...) and `order` the page's order when it is not the cache's.
    page_size: int = 0
    paged_in: Callable[[Any], object] = lambda _record: None
    order: Callable[[list[Any]], list[Any]] | None = None

    @property
    def collections(self) -> tuple[str, ...]:
        return (self.collection, self.names_of) if self.names_of else (self.collection,)


def _folder_item(level: str, label: str) -> Callable[[Any, dict[str, str]], Document | None]:
    return lambda item, names: d.folder_item(item, level, label, names)


def _alone(make: Callable[[Any], Document | None]) -> Callable[[Any, dict[str, str]], Document | None]:
    return lambda record, _names: make(record)


def _newest_posted_first(jobs: list[r.Job]) -> list[r.Job]:
    # As /jobs lists them (state/jobs.py newest_first): dated newest first, undated after.
    dated = sorted((j for j in jobs if j.posted_at), key=lambda j: cast(datetime, j.posted_at), reverse=True)
    return dated + [j for j in jobs if not j.posted_at]


def _first(values: list[str]) -> str:
    return values[0] if values else ""


C = Collection
_ITEMS: dict[str, Any] = {"page_size": Limit.FOLDER_ITEMS_PAGE, "paged_in": lambda item: (item.folder, item.type)}
SOURCES: tuple[Source, ...] = (
    Source("recordings", C.RECORDINGS, r.Recording, d.recording, C.SUBJECTS),  # linked filtered to it
    Source("ol_items", C.OL_ITEMS, r.FolderItem, _folder_item("ol", "O/L"), C.OL_FOLDERS, **_ITEMS),
    Source("al_items", C.AL_ITEMS, r.FolderItem, _folder_item("al", "A/L"), C.AL_FOLDERS, **_ITEMS),
    Source("teachers", C.TEACHERS, r.Teacher, _alone(d.teacher)),
    Source("classes", C.CLASSES, r.TuitionClass, d.tuition_class, C.TEACHERS),
    Source("jobs", C.JOBS, r.Job, _alone(d.job), page_size=Limit.JOBS_PAGE, order=_newest_posted_first),
    Source("rooms", C.HOTELS, r.Hotel, d.room, C.CITYS, page_size=Limit.ROOMS_PAGE, paged_in=lambda h: h.city),
    Source("news", C.NEWS, r.NewsItem, _alone(d.news)),
    Source("articles", C.ARTICLES, r.Article, _alone(d.article), page_size=Limit.ARTICLES_PAGE),
    Source(
        "shop",
        C.PRODUCTS,
        r.Product,
        d.product,
        C.CATEGORIES,
        page_size=Limit.SHOP_PAGE,
        paged_in=lambda p: _first(p.categories),
    ),
)
# Every public collection the search reads: a page showing results is live for these.
SEARCHED_COLLECTIONS: tuple[str, ...] = tuple(dict.fromkeys(c for s in SOURCES for c in s.collections))
assert all(c in PUBLIC for c in SEARCHED_COLLECTIONS)


# Per source: the join names and, per record object, the document made from it.
_Made = tuple[dict[str, str], dict[int, tuple[r.Record, Document | None]]]


def documents(source: Source, lists: Lists, made: _Made | None = None) -> tuple[list[Document], _Made]:
    """The source's documents, reusing those `made` from the very same record objects (the
    cache keeps unchanged records as they were: after one edit only that record is new)."""
    names = d.names(lists[source.names_of]) if source.names_of else {}
    before = made[1] if made is not None and made[0] == names else {}
    now: dict[int, tuple[r.Record, Document | None]] = {}
    found: list[Document] = []
    records = [record for record in lists[source.collection] if isinstance(record, source.model)]
    counts: dict[object, int] = {}
    for record in source.order(records) if source.order else records:
        kept = before.get(id(record))
        doc = kept[1] if kept is not None and kept[0] is record else source.make(record, names)
        now[id(record)] = (record, doc)  # holding the record keeps its id() from being reused
        if doc is None:
            continue
        if source.page_size:
            position = counts.get(key := source.paged_in(record), 0)
            counts[key] = position + 1
            if position >= source.page_size:
                doc = dataclasses.replace(doc, href=with_show(doc.href, position, source.page_size))
        found.append(doc)
    return found, (names, now)


def with_show(href: str, position: int, page_size: int) -> str:
    """`href` asking its list page for enough whole pages to show the row at `position`."""
    shown = (position // page_size + 1) * page_size
    base, hash_mark, anchor = href.partition("#")
    return f"{base}{'&' if '?' in base else '?'}{SHOW_PARAM}={shown}{hash_mark}{anchor}"


@dataclass
class PublicIndex:
    """What the public catalogue index holds now, and which sources could not be read."""

    index: SearchIndex
    failed: tuple[str, ...]
    generation: int = 0  # changes whenever the index does


class Catalog:
    """Per process: the public segments, each with the cache versions it was built from."""

    def __init__(self, cache: ContentCache | None = None) -> None:
        self._cache = cache  # None: the process-wide cache (a benchmark brings its own)
        self._built: dict[str, tuple[tuple[int, ...], Segment]] = {}
        self._made: dict[str, _Made] = {}
        self._generation = 0
        self._failed: tuple[str, ...] = ()
        # Answers to the same words on the same index: visitors type the same popular prefixes.
        self._answers: dict[tuple[int, tuple[str, ...], int], list[Group]] = {}

    async def index(self) -> PublicIndex:
        """The index as fresh as the cache. Every list is read from the cache each time (a
        memory read while fresh; when its time is up the cache refetches it, so search sees
        what the pages see, failures included); only sources whose lists changed are rebuilt."""
        cache = self._cache or content_cache()
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
            # In English whoever asks: the index is shared; state/search.py reads its words
            # in each visitor's language.
            with in_language(Language.EN):
                docs, self._made[source.name] = documents(source, lists, self._made.get(source.name))
            self._built[source.name] = (versions[source.name], Segment(docs))
        if stale or failed != self._failed:
            self._generation += 1
            self._failed = failed
            self._answers.clear()
        # As the pages do: a list the cache cannot give now is not shown.
        segments = {name: segment for name, (_, segment) in self._built.items() if name not in failed}
        return PublicIndex(SearchIndex(segments), failed, self._generation)

    def search(self, public: PublicIndex, query: str, per_kind: int) -> list[Group]:
        """`public.index.search(...)`, answered from memory when the same words were asked of
        the same index (the groups are shared: read-only)."""
        key = (public.generation, query_words(query), per_kind)
        found = self._answers.get(key)
        if found is None:
            found = public.index.search(query, KIND_ORDER, per_kind)
            if public.generation == self._generation:
                if len(self._answers) >= ANSWERS_KEPT:
                    self._answers.pop(next(iter(self._answers)))  # the oldest
                self._answers[key] = found
        return found


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
        with in_language(Language.EN):  # as the shared index (state/search.py translates)
            found.extend(_protected_documents(parse_records(model, cast("list[Any]", result)), teachers))
    return found, failed


def _protected_documents(records: Iterable[r.Record], teachers: dict[str, str]) -> list[Document]:
    found: list[Document] = []
    for record in records:
        if isinstance(record, r.Note):
            found.append(d.uni_note(record))
        elif isinstance(record, r.ClassNote):
            found.append(d.class_note(record, teachers))
        elif isinstance(record, r.ClassRecording):
            found.append(d.class_recording(record, teachers))
    return found


def search_own(documents: Sequence[Document], query: str, per_kind: int) -> list[Group]:
    """One visitor's own documents searched apart from the shared index (which never holds them)."""
    by_kind: dict[str, list[Document]] = {}
    for doc in documents:
        by_kind.setdefault(doc.kind, []).append(doc)
    return SearchIndex({kind: Segment(docs) for kind, docs in by_kind.items()}).search(query, KIND_ORDER, per_kind)


def merged(*parts: list[Group]) -> list[Group]:
    """Groups of disjoint kinds, in the results page's order."""
    order = {kind: n for n, kind in enumerate(KIND_ORDER)}
    return sorted((g for part in parts for g in part), key=lambda g: order.get(g.kind, len(order)))
