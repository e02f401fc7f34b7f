"""The shared content cache: public collections fetched once and served to every visitor.

PocketBase on our machine serves a few hundred list requests a second; a page view needs about
a dozen collections. Public content is the same for everyone, so one process-wide cache holds
each public collection's full list for a short freshness window (CONTENT_CACHE_TTL, 30 s by
default): edits made in the admin UI appear within that window, without a redeploy.

- Live: while a realtime subscription keeps the lists current (`set_live(True)`, from
  pocketbase/realtime.py after it has reloaded them), an entry stays fresh for `live_ttl`
  (10 min) instead: every edit arrives as an event, so refetching unchanged lists would only load
  PocketBase (one fetch per collection per process, not one per TTL). The long window is only a
  safety net; when the subscription drops, the short TTL applies again at once.

- Single flight: concurrent callers for one collection share one fetch (a task per key; each
  caller awaits it shielded, so one visitor leaving does not cancel the others' fetch).
- Failure memory: a failed fetch is re-raised to its callers and remembered for
  `failure_ttl` seconds, during which callers get the same error without a request, so a
  dead backend is not hammered by every visitor. Each cause is logged once per outage.
- Realtime-ready: `invalidate()` and `apply_event()` let a PocketBase SSE subscriber
  (pocketbase/realtime.py) keep the cache current between refreshes, and `reload()` refetches
  what it held after the subscriber reconnects.
- Change notices: each collection has a content `version()`, bumped whenever what a reader would
  get changes (a realtime event changed the list, a refetch brought different records, a fetch
  under way was discarded by an event). Listeners (`add_listener`) hear the collection's name;
  the Reflex side uses that to refresh the pages that show it (student_portal/server/live_updates.py).
- Protected collections (Notes, Class_Notes, Class_Recordings, users) are refused: they are
  fetched with each visitor's own token, never shared.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from student_portal.pocketbase.client import PocketBaseClient, configured_client
from student_portal.pocketbase.collections import PROTECTED, PUBLIC, CollectionSpec
from student_portal.pocketbase.errors import ClientResponseError
from student_portal.pocketbase.failures import FailureLog
from student_portal.pocketbase.records import Record, parse_record, parse_records
from student_portal.settings import settings

log = logging.getLogger(__name__)

RowT = TypeVar("RowT")
ViewT = TypeVar("ViewT")

DEFAULT_TTL_S = 30.0
DEFAULT_FAILURE_TTL_S = 2.0
DEFAULT_LIVE_TTL_S = 600.0
# Derived views kept per process: every list page's current filters for many visitors at once
# (each a list of references to shared rows, not copies).
DEFAULT_MAX_VIEWS = 512


def ttl_from_env(default: float = DEFAULT_TTL_S) -> float:
    """CONTENT_CACHE_TTL (student_portal/settings.py), or `default` when it is unset."""
    if "content_cache_ttl" not in (config := settings()).model_fields_set:
        return default
    return config.content_cache_ttl


_serials = itertools.count(1)


@dataclass(frozen=True)
class _Entry:
    records: tuple[Record, ...]
    fetched_at: float
    # Names this version of the list for the derived views (identity, without keeping it alive).
    serial: int = dataclasses.field(default_factory=lambda: next(_serials))


# A shape function and the rows it made from one version of a list.
_Shaped = tuple[Callable[[Any], Any], tuple[Any, ...]]

# What a collection last held, for telling a real change from a refetch of the same records.
_FAILED = object()


@dataclass(frozen=True)
class _Failure:
    error: ClientResponseError
    at: float


class ContentCache:
    """Full lists of public collections, parsed and sorted, shared by every visitor."""

    def __init__(
        self,
        client: PocketBaseClient,
        *,
        ttl: float | None = None,
        failure_ttl: float = DEFAULT_FAILURE_TTL_S,
        live_ttl: float = DEFAULT_LIVE_TTL_S,
        clock: Callable[[], float] = time.monotonic,
        registry: Mapping[str, CollectionSpec] = PUBLIC,
    ) -> None:
        self.client = client
        self.ttl = ttl_from_env() if ttl is None else ttl
        # A failure is never remembered longer than a success: with a short content TTL (tests
        # that switch backends), a recovered backend shows on the next load as fresh data does.
        self.failure_ttl = min(failure_ttl, self.ttl)
        self.live_ttl = max(live_ttl, self.ttl)
        self.live = False
        self._clock = clock
        self._registry = registry
        self._entries: dict[str, _Entry] = {}
        self._failures: dict[str, _Failure] = {}
        self._inflight: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Task[Any]]] = {}
        # Bumped by invalidate/apply_event so a fetch started before them is not stored.
        self._generation: dict[str, int] = {}
        self._failure_log = FailureLog(log, clock=clock)
        self._versions: dict[str, int] = {}
        # Last content stored per collection (or _FAILED), kept across invalidate().
        self._seen: dict[str, object] = {}
        self._listeners: list[Callable[[str], None]] = []
        # Per collection: the entry the shaped rows were made from, and the rows by shape.
        self._shaped: dict[str, tuple[_Entry, dict[object, _Shaped]]] = {}
        # Derived views (filtered, joined, sorted rows), newest use last: key -> (serials, view);
        # and the list version (serial) each collection's views were made from.
        self._views: OrderedDict[tuple[tuple[str, ...], Hashable], tuple[tuple[int, ...], Any]] = OrderedDict()
        self._view_serials: dict[str, int] = {}
        self.max_views = DEFAULT_MAX_VIEWS

    def _spec(self, collection: str) -> CollectionSpec:
        if collection in PROTECTED:
            raise ValueError(f"{collection} is protected: fetch it with the visitor's token, not the cache")
        spec = self._registry.get(collection)
        if spec is None:
            raise ValueError(f"{collection!r} is not a public collection")
        return spec

    # --- reading -------------------------------------------------------------------------------
    async def records(self, collection: str) -> list[Record]:
        """Every record of a public collection, in its registry sort order (a list of its own)."""
        return list(await self._current(collection))

    async def ready(self, collection: str) -> None:
        """Fetch `collection` unless a fresh copy is cached (or its failure is remembered: raises)."""
        await self._current(collection)

    def fresh(self, collection: str) -> bool:
        """Whether a fresh copy of `collection` is cached: reading it now waits for nothing."""
        return self._fresh_entry(collection, self._clock()) is not None

    def _fresh_entry(self, collection: str, now: float) -> _Entry | None:
        entry = self._entries.get(collection)
        if entry is not None and now - entry.fetched_at < (self.live_ttl if self.live else self.ttl):
            return entry
        return None

    async def _current(self, collection: str) -> tuple[Record, ...]:
        """The cached records themselves, no copy (a catalog's 20,000 would cost each visitor
        ~50 us per copy): fresh, else fetched once for every caller."""
        spec = self._spec(collection)
        now = self._clock()
        entry = self._fresh_entry(collection, now)
        if entry is not None:
            return entry.records
        failure = self._failures.get(collection)
        if failure is not None and now - failure.at < self.failure_ttl:
            # A copy per caller: re-raising one shared object would grow its traceback.
            raise failure.error.copy()
        return await asyncio.shield(self._fetch_task(collection, spec))

    async def record(self, collection: str, record_id: str) -> Record:
        """One record: from the cached list, else fetched by id (404 ClientResponseError)."""
        spec = self._spec(collection)
        for record in await self.records(collection):
            if record.id == record_id:
                return record
        item = await self.client.get_one(collection, record_id)
        fetched = parse_record(spec.model, item)
        if fetched is None:  # get_one returns an object or raises; kept for type safety
            raise ClientResponseError.not_found(collection)
        return fetched

    async def shaped(
        self, collection: str, model: type[Record], shape: Callable[[Any], RowT], variant: Hashable = None
    ) -> list[RowT]:
        """`shape` applied to every `model` record of `collection`, once per version of the list.

        A page view turns records into display rows (sanitised HTML, parsed video ids, phone
        links); that work is the same for every visitor, so while the list is unchanged the rows
        are reused. They are shared: callers must treat them as read-only. A shape that closes
        over variables may differ between calls, so it is applied afresh every time. `variant`
        keeps rows the same shape makes differently apart (the site passes the page's language:
        rows hold prices and dates written in it).
        """
        records = await self._current(collection)
        entry = self._entries.get(collection)
        code = getattr(shape, "__code__", None)
        if entry is None or code is None or getattr(shape, "__closure__", None):
            return [shape(record) for record in records if isinstance(record, model)]
        made_from, by_shape = self._shaped.get(collection, (None, {}))
        if made_from is not entry:
            by_shape = _carried_over(made_from, by_shape, entry, variant)
            self._shaped[collection] = (entry, by_shape)
        key = (code, model, variant)
        made = by_shape.get(key)
        if made is None:
            made = (shape, tuple(shape(record) for record in entry.records if isinstance(record, model)))
            by_shape[key] = made
        return list(made[1])

    def view(self, collections: tuple[str, ...], key: Hashable, compute: Callable[[], ViewT]) -> ViewT:
        """`compute()`, remembered while `collections` hold the same lists.

        For what a page derives from cached lists and shares between visitors: recordings
        joined with their subjects, a search over them, the rooms of one city. The memo is keyed
        by `key` (the view's name and its filter values) and checked against the cached lists
        it was made from (a realtime change or a refetch makes a new list, so a new view). It
        keeps the `max_views` most recently used views per process. Call it right after reading
        the lists (no await in between), so the view matches what the caller read; while a list
        is not cached (failed, invalidated) the view is computed and not kept. Read-only result.
        """
        entries = [self._entries.get(name) for name in collections]
        serials = tuple(entry.serial for entry in entries if entry is not None)
        if len(serials) != len(collections):
            return compute()
        for name, serial in zip(collections, serials, strict=True):
            if self._view_serials.get(name, serial) != serial:
                self._drop_views(name)  # made from an older list: free them now, not when evicted
            self._view_serials[name] = serial
        memo_key = (collections, key)
        found = self._views.get(memo_key)
        if found is not None and found[0] == serials:
            self._views.move_to_end(memo_key)
            return found[1]
        value = compute()
        self._views[memo_key] = (serials, value)
        self._views.move_to_end(memo_key)
        while len(self._views) > self.max_views:
            self._views.popitem(last=False)
        return value

    def _drop_views(self, collection: str) -> None:
        for memo_key in [k for k in self._views if collection in k[0]]:
            del self._views[memo_key]

    def cached(self, collection: str) -> list[Record] | None:
        """What the cache holds now (fresh or not), without fetching; None when nothing."""
        entry = self._entries.get(collection)
        return None if entry is None else list(entry.records)

    # --- fetching, once per key ---------------------------------------------------------------
    def _fetch_task(self, collection: str, spec: CollectionSpec) -> asyncio.Task[Any]:
        loop = asyncio.get_running_loop()
        inflight = self._inflight.get(collection)
        if inflight is not None and inflight[0] is loop and not inflight[1].done():
            return inflight[1]
        task = loop.create_task(self._fetch(collection, spec, self._generation.get(collection, 0)))
        # Mark the outcome as seen even when every waiter went away (no "never retrieved").
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        self._inflight[collection] = (loop, task)
        return task

    async def _fetch(self, collection: str, spec: CollectionSpec, generation: int) -> tuple[Record, ...]:
        try:
            items = await self.client.full_list(collection, sort=spec.sort)
        except ClientResponseError as error:
            self._remember_failure(collection, error)
            raise
        finally:
            inflight = self._inflight.get(collection)
            if inflight is not None and inflight[1] is asyncio.current_task():
                del self._inflight[collection]
        records = tuple(parse_records(spec.model, items))
        if self._generation.get(collection, 0) == generation:
            self._entries[collection] = _Entry(records, self._clock())
            self._failures.pop(collection, None)
            self._failure_log.recovered(collection)
            previous = self._seen.get(collection)
            self._seen[collection] = records
            # The first fetch is news to nobody; a different list (or one after a failure) is.
            if previous is not None and previous != records:
                self._changed(collection)
        return records

    def _remember_failure(self, collection: str, error: ClientResponseError) -> None:
        self._failures[collection] = _Failure(error, self._clock())
        # Pages showing the error hear of the first good fetch after it.
        self._seen[collection] = _FAILED
        self._failure_log.failed(collection, error, "fetch failed")

    # --- keeping it current -------------------------------------------------------------------
    def set_live(self, live: bool) -> None:
        """Whether realtime events keep the cached lists current (see the module notes)."""
        self.live = live

    def invalidate(self, collection: str | None = None) -> None:
        """Forget one collection (or all): the next read fetches it again."""
        names = list(self._entries.keys() | self._failures.keys() | self._inflight.keys())
        for name in names if collection is None else [collection]:
            self._entries.pop(name, None)
            self._failures.pop(name, None)
            self._inflight.pop(name, None)
            self._generation[name] = self._generation.get(name, 0) + 1

    def apply_event(self, collection: str, action: str, record: Mapping[str, Any]) -> bool:
        """Apply a realtime event (create/update/delete) to a cached list.

        Returns True when the cached list changed. Events for collections that are not
        cached (or not public) are ignored; a fetch under way is discarded so it cannot
        overwrite the event with older data.
        """
        spec = self._registry.get(collection)
        if spec is None or collection in PROTECTED:
            return False
        if action not in ("create", "update", "delete"):
            log.debug("%s: ignoring realtime action %r", collection, action)
            return False
        if collection in self._inflight:
            self.invalidate(collection)
            # Whoever read the discarded fetch holds older data than the event: tell them.
            self._changed(collection)
            return False
        entry = self._entries.get(collection)
        if entry is None:
            if collection in self._seen:
                # Invalidated since it was last read (a reconnect): readers refetch anew.
                self._changed(collection)
            return False
        parsed = parse_record(spec.model, dict(record) if isinstance(record, Mapping) else None)
        if parsed is None or not parsed.id:
            return False
        # Incremental: find the one record, splice it in or out (no re-sort, no refetch), so a
        # change costs a pass over the list however long the catalog is.
        records_now = entry.records
        index = next((i for i, existing in enumerate(records_now) if existing.id == parsed.id), None)
        if action == "delete":
            if index is None:
                return False
            kept = [*records_now[:index], *records_now[index + 1 :]]
        elif index is not None and records_now[index] == parsed:
            return False  # saved without a change
        elif index is not None and same_place(records_now[index], parsed, spec.sort):
            kept = [*records_now[:index], parsed, *records_now[index + 1 :]]  # edited in place
        else:
            kept = [existing for i, existing in enumerate(records_now) if i != index]
            kept = insert_sorted(kept, parsed, spec.sort)
        records = tuple(kept)
        self._entries[collection] = _Entry(records, entry.fetched_at)
        self._seen[collection] = records
        self._changed(collection)
        return True

    async def reload(self) -> None:
        """Forget everything and fetch again what was held, concurrently.

        For the realtime subscriber after a (re)connect, when events may have been missed:
        collections whose records differ from before notify the listeners; failures are
        logged once per outage by the fetch and leave the collection to the next reader.
        """
        held = list(self._entries)
        self.invalidate()
        results = await asyncio.gather(*(self.records(name) for name in held), return_exceptions=True)
        for name, result in zip(held, results, strict=True):
            if isinstance(result, BaseException) and not isinstance(result, ClientResponseError):
                log.error("%s: reload failed", name, exc_info=result)

    # --- change notices -----------------------------------------------------------------------
    def version(self, collection: str) -> int:
        """How many times `collection`'s content has changed in this cache (0 at start)."""
        return self._versions.get(collection, 0)

    def add_listener(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call `listener(collection)` after each content change; returns the remover.

        Listeners run synchronously inside the cache's own calls: keep them quick (schedule
        work, never await or fetch), and they must not raise (errors are logged).
        """
        self._listeners.append(listener)

        def remove() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return remove

    def _changed(self, collection: str) -> None:
        self._versions[collection] = self._versions.get(collection, 0) + 1
        for listener in list(self._listeners):
            try:
                listener(collection)
            except Exception:
                log.exception("content change listener failed for %s", collection)


def _carried_over(
    previous: _Entry | None, by_shape: dict[Any, _Shaped], entry: _Entry, variant: Hashable
) -> dict[Any, _Shaped]:
    """The previous version's rows of `variant`, carried over to the new list by shape: a realtime
    event keeps every other record object, so only the records it changed are shaped again (by
    the caller, in its variant: the other variants' rows are made afresh when asked for)."""
    if previous is None:
        return {}
    carried: dict[Any, _Shaped] = {}
    for (code, model, made_for), (shape, old_rows) in by_shape.items():
        if made_for != variant:
            continue
        old_records = [record for record in previous.records if isinstance(record, model)]
        made = {id(record): row for record, row in zip(old_records, old_rows, strict=True)}
        rows = tuple(
            made[id(record)] if id(record) in made else shape(record)
            for record in entry.records
            if isinstance(record, model)
        )
        carried[(code, model, made_for)] = (shape, rows)
    return carried


def sort_records(records: list[Record], sort: str) -> list[Record]:
    """`records` ordered like PocketBase's `sort` ("created", "-created", "a,-b"); stable.

    Empty values (None, "") come first ascending and last descending, as SQLite orders NULLs
    and empty strings first.
    """
    ordered = list(records)
    for field in reversed([part.strip() for part in sort.split(",") if part.strip()]):
        descending = field.startswith("-")
        name = field.lstrip("+-")
        attribute = _attribute_name(type(ordered[0]), name) if ordered else None
        if attribute is None:
            continue
        ordered.sort(key=functools.partial(_sort_key_of, attribute), reverse=descending)
    return ordered


def _sort_fields(record: Record, sort: str) -> list[tuple[str, bool]]:
    """(attribute, descending) for each field of `sort` the record's model has."""
    fields = []
    for part in (part.strip() for part in sort.split(",")):
        attribute = _attribute_name(type(record), part.lstrip("+-")) if part else None
        if attribute is not None:
            fields.append((attribute, part.startswith("-")))
    return fields


def same_place(old: Record, new: Record, sort: str) -> bool:
    """Whether `new` sorts exactly where `old` did (an edit that leaves the order alone)."""
    return all(
        _sort_key(getattr(old, attribute)) == _sort_key(getattr(new, attribute))
        for attribute, _ in _sort_fields(new, sort)
    )


def insert_sorted(records: list[Record], record: Record, sort: str) -> list[Record]:
    """`record` inserted into `records` (already in `sort` order) after its equals, as a stable
    re-sort would put it; a binary search for one-field sorts, a re-sort otherwise."""
    fields = _sort_fields(record, sort)
    if len(fields) > 1:
        return sort_records([*records, record], sort)
    if not fields:
        return [*records, record]
    attribute, descending = fields[0]
    key = _sort_key(getattr(record, attribute))
    low, high = 0, len(records)
    while low < high:  # the first position whose key comes after the new record's
        middle = (low + high) // 2
        other = _sort_key(getattr(records[middle], attribute))
        if (other < key) if descending else (other > key):
            high = middle
        else:
            low = middle + 1
    return [*records[:low], record, *records[low:]]


def _attribute_name(model: type[Record], field: str) -> str | None:
    for attribute, info in model.model_fields.items():
        if field in (attribute, info.alias):
            return attribute
    return None


def _sort_key_of(attribute: str, record: Record) -> tuple[int, Any]:
    return _sort_key(getattr(record, attribute))


def _sort_key(value: Any) -> tuple[int, Any]:
    if value is None or value == "":
        return (0, 0)
    if isinstance(value, bool):
        return (1, int(value))
    if isinstance(value, int | float):
        return (1, value)
    if hasattr(value, "timestamp"):
        return (1, value.timestamp())
    return (2, str(value))


_content_cache: ContentCache | None = None


def content_cache() -> ContentCache:
    """The process-wide cache, on the process-wide client."""
    global _content_cache
    client = configured_client()
    if _content_cache is None or _content_cache.client is not client:
        _content_cache = ContentCache(client)
    return _content_cache
