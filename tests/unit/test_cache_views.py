"""The content cache at catalog size: realtime events applied in place, derived views shared
per version of a list, shaped rows carried over (no server: httpx.MockTransport)."""

from __future__ import annotations

import itertools

import httpx

from student_portal.pocketbase import Collection, ContentCache
from student_portal.pocketbase.cache import insert_sorted, sort_records
from student_portal.pocketbase.records import Recording, parse_records
from tests.unit.test_cache_changes import Backend
from tests.unit.test_cache_changes import make as make_cache


class PagingBackend(Backend):
    """Answers page/perPage as PocketBase does (the full list comes in batches)."""

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        response = await super().__call__(request)
        if response.status_code != 200:
            return response
        page, per_page = int(request.url.params["page"]), int(request.url.params["perPage"])
        items = response.json()["items"][(page - 1) * per_page : page * per_page]
        return httpx.Response(200, json={"page": page, "perPage": per_page, "items": items})


def make(data: dict[str, list[dict]], **kwargs) -> tuple[ContentCache, Backend, list[str]]:
    return make_cache(data, PagingBackend, **kwargs)


def recordings(count: int) -> list[dict]:
    """Newest first, as PocketBase returns `-created`."""
    return [
        {"id": f"r{n:05d}", "name": f"Recording {n}", "subject": "s1", "created": _at(n)} for n in range(count, 0, -1)
    ]


def _at(n: int) -> str:
    return f"2026-01-01 {n // 3600 % 24:02d}:{n // 60 % 60:02d}:{n % 60:02d}.000Z"


async def test_a_created_record_is_spliced_in_order_without_a_refetch() -> None:
    cache, backend, heard = make({"Recordings": recordings(2000)}, ttl=30)
    await cache.records(Collection.RECORDINGS)
    new = {"id": "new", "name": "Newest", "subject": "s1", "created": _at(5000)}
    middle = {"id": "mid", "name": "Middle", "subject": "s1", "created": _at(1000)}
    assert cache.apply_event(Collection.RECORDINGS, "create", new)
    assert cache.apply_event(Collection.RECORDINGS, "create", middle)
    held = await cache.records(Collection.RECORDINGS)
    assert heard == [Collection.RECORDINGS] * 2
    assert backend.calls == {"Recordings": 5}  # fetched in the spec's batches of 500
    assert held[0].id == "new" and len(held) == 2002
    assert held == sort_records(held, "-created")  # still newest first
    assert [r.id for r in held].index("mid") == [r.id for r in held].index("r01000") + 1  # after its equal


async def test_an_update_in_place_keeps_the_other_record_objects_and_its_position() -> None:
    items = recordings(500)
    cache, _, _ = make({"Recordings": items}, ttl=30)
    before = await cache.records(Collection.RECORDINGS)
    assert cache.apply_event(Collection.RECORDINGS, "update", {**items[10], "name": "Renamed"})
    after = await cache.records(Collection.RECORDINGS)
    assert after[10].name == "Renamed" and after[10].id == items[10]["id"]
    assert all(a is b for i, (a, b) in enumerate(zip(before, after, strict=True)) if i != 10)


async def test_an_update_that_moves_a_record_and_a_delete() -> None:
    items = recordings(100)
    cache, _, _ = make({"Recordings": items}, ttl=30)
    await cache.records(Collection.RECORDINGS)
    assert cache.apply_event(Collection.RECORDINGS, "update", {**items[50], "created": _at(999)})
    assert cache.apply_event(Collection.RECORDINGS, "delete", {"id": items[0]["id"]})
    held = await cache.records(Collection.RECORDINGS)
    assert [r.id for r in held][:2] == [items[50]["id"], items[1]["id"]] and len(held) == 99
    assert not cache.apply_event(Collection.RECORDINGS, "delete", {"id": items[0]["id"]})  # gone already


def test_insert_sorted_matches_a_stable_resort() -> None:
    items = parse_records(Recording, [r for r in recordings(40) if int(r["id"][1:]) % 3])
    for created in (0, 7, 20, 41, 100):
        new = parse_records(Recording, [{"id": f"x{created}", "name": "x", "created": _at(created)}])[0]
        for sort in ("-created", "created"):
            ordered = sort_records(items, sort)
            assert insert_sorted(ordered, new, sort) == sort_records([*ordered, new], sort)


_SHAPED: list[str] = []


def _shape(record: Recording) -> tuple[str]:
    """A module-level shape (the cache memoises shapes that close over nothing); logs its calls."""
    _SHAPED.append(record.id)
    return (record.name,)


async def test_shaped_rows_after_an_event_reshape_only_the_changed_record() -> None:
    items = recordings(300)
    cache, _, _ = make({"Recordings": items}, ttl=30)
    _SHAPED.clear()
    rows = await cache.shaped(Collection.RECORDINGS, Recording, _shape)
    assert len(_SHAPED) == 300
    cache.apply_event(Collection.RECORDINGS, "update", {**items[3], "name": "Changed"})
    again = await cache.shaped(Collection.RECORDINGS, Recording, _shape)
    assert _SHAPED[300:] == [items[3]["id"]] and again[3] == ("Changed",)
    assert all(a is b for i, (a, b) in enumerate(zip(rows, again, strict=True)) if i != 3)


_MADE_IN = ["en"]


def _shape_in_language(record: Recording) -> tuple[str, str]:
    """Rows holding a text in the language they were made in (a price, a date)."""
    _SHAPED.append(record.id)
    return (record.name, _MADE_IN[0])


async def test_shaped_rows_of_each_variant_are_kept_apart_and_carried_over_in_their_own() -> None:
    items = recordings(3)
    cache, _, _ = make({"Recordings": items}, ttl=30)
    _SHAPED.clear()
    english = await cache.shaped(Collection.RECORDINGS, Recording, _shape_in_language, variant="en")
    _MADE_IN[0] = "si"
    sinhala = await cache.shaped(Collection.RECORDINGS, Recording, _shape_in_language, variant="si")
    assert {row[1] for row in english} == {"en"} and {row[1] for row in sinhala} == {"si"}
    assert len(_SHAPED) == 6
    cache.apply_event(Collection.RECORDINGS, "update", {**items[1], "name": "Changed"})
    # A Sinhala visitor after the change: only the changed record is shaped again, in Sinhala.
    sinhala = await cache.shaped(Collection.RECORDINGS, Recording, _shape_in_language, variant="si")
    assert _SHAPED[6:] == [items[1]["id"]] and sinhala[1] == ("Changed", "si")
    # The English rows were not carried over by a Sinhala caller: made afresh, in English.
    _MADE_IN[0] = "en"
    english = await cache.shaped(Collection.RECORDINGS, Recording, _shape_in_language, variant="en")
    assert {row[1] for row in english} == {"en"} and english[1] == ("Changed", "en") and len(_SHAPED) == 10


async def test_a_view_is_computed_once_per_version_and_filters_and_shared() -> None:
    items = recordings(50)
    cache, _, _ = make({"Recordings": items, "Subjects": []}, ttl=30)
    lists = (Collection.RECORDINGS, Collection.SUBJECTS)
    computed = itertools.count()

    async def view(query: str) -> int:
        await cache.records(Collection.RECORDINGS)
        await cache.records(Collection.SUBJECTS)
        return cache.view(lists, ("search", query), lambda: next(computed))

    assert await view("a") == 0
    assert await view("a") == 0  # another visitor, same filters: shared
    assert await view("b") == 1  # other filter values: their own view
    cache.apply_event(Collection.RECORDINGS, "delete", {"id": items[0]["id"]})
    assert await view("a") == 2  # a new version of a list: made again
    assert len(cache._views) == 1  # views of the old version are dropped at once


async def test_views_are_bounded_and_not_kept_for_lists_that_are_not_cached() -> None:
    cache, backend, _ = make({"Recordings": recordings(5)}, ttl=30)
    cache.max_views = 3
    await cache.records(Collection.RECORDINGS)
    for n in range(10):
        cache.view((Collection.RECORDINGS,), n, lambda: None)
    assert len(cache._views) == 3
    calls = itertools.count()
    for _ in range(2):  # Jobs never read: computed every time, never kept
        cache.view((Collection.JOBS,), "x", lambda: next(calls))
    assert next(calls) == 2 and backend.calls == {"Recordings": 1}
