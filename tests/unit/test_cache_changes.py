"""The content cache's change notices: versions and listeners, for live pages (no server)."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest

from student_portal.pocketbase import ClientResponseError, Collection, ContentCache, PocketBaseClient


class Backend:
    """A PocketBase list endpoint over httpx.MockTransport; `data` may change between calls."""

    def __init__(self, data: dict[str, list[dict]]) -> None:
        self.data = data
        self.calls: dict[str, int] = {}
        self.failing = False
        self.delay = 0.0

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[3]
        self.calls[name] = self.calls.get(name, 0) + 1
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.failing:
            return httpx.Response(500, json={"message": "down"})
        return httpx.Response(200, json={"page": 1, "perPage": 500, "items": self.data.get(name, [])})


def news(*items: tuple[str, bool]) -> list[dict]:
    return [
        {"id": id_, "title": f"Title {id_}", "active": active, "created": f"2026-01-0{n} 00:00:00.000Z"}
        for n, (id_, active) in enumerate(items, start=1)
    ]


def make(
    data: dict[str, list[dict]], backend_class: type[Backend] = Backend, **kwargs
) -> tuple[ContentCache, Backend, list[str]]:
    backend = backend_class(data)
    cache = ContentCache(PocketBaseClient("http://pb.test", transport=httpx.MockTransport(backend)), **kwargs)
    heard: list[str] = []
    cache.add_listener(heard.append)
    return cache, backend, heard


async def test_an_event_that_changes_a_cached_list_bumps_its_version_and_tells_listeners() -> None:
    cache, _, heard = make({"News": news(("n1", True), ("n2", False))}, ttl=30)
    await cache.records(Collection.NEWS)
    assert cache.version(Collection.NEWS) == 0 and heard == []  # the first fetch is no change
    record = {**news(("n1", True), ("n2", False))[1], "active": True}
    assert cache.apply_event(Collection.NEWS, "update", record)
    assert heard == [Collection.NEWS] and cache.version(Collection.NEWS) == 1
    assert [n.active for n in await cache.records(Collection.NEWS)] == [True, True]


async def test_events_that_change_nothing_stay_quiet() -> None:
    items = news(("n1", True))
    cache, _, heard = make({"News": items}, ttl=30)
    await cache.records(Collection.NEWS)
    assert not cache.apply_event(Collection.NEWS, "update", dict(items[0]))  # saved unchanged
    assert not cache.apply_event(Collection.NEWS, "delete", {"id": "gone"})
    assert not cache.apply_event(Collection.NEWS, "explode", dict(items[0]))
    assert not cache.apply_event(Collection.JOBS, "create", {"id": "j1"})  # never read here
    assert heard == [] and cache.version(Collection.NEWS) == 0


async def test_a_refetch_with_different_records_is_a_change_and_the_same_records_are_not() -> None:
    cache, backend, heard = make({"News": news(("n1", True))}, ttl=0)
    await cache.records(Collection.NEWS)
    await cache.records(Collection.NEWS)  # ttl 0: fetched again, same content
    assert backend.calls == {"News": 2} and heard == []
    backend.data["News"] = news(("n1", True), ("n2", True))
    await cache.records(Collection.NEWS)
    assert heard == [Collection.NEWS]


async def test_the_first_good_fetch_after_a_failure_is_a_change() -> None:
    cache, backend, heard = make({"News": news(("n1", True))}, ttl=0, failure_ttl=0)
    backend.failing = True
    with pytest.raises(ClientResponseError):
        await cache.records(Collection.NEWS)
    backend.failing = False
    await cache.records(Collection.NEWS)
    assert heard == [Collection.NEWS]  # pages showing the error get the content


async def test_an_event_during_a_fetch_discards_it_and_tells_listeners() -> None:
    cache, backend, heard = make({"News": news(("n1", False))}, ttl=30)
    backend.delay = 0.05
    reading = asyncio.create_task(cache.records(Collection.NEWS))
    await asyncio.sleep(0.01)
    backend.data["News"] = news(("n1", True))
    cache.apply_event(Collection.NEWS, "update", backend.data["News"][0])
    assert heard == [Collection.NEWS]
    await reading  # this reader got the older list...
    backend.delay = 0
    assert (await cache.records(Collection.NEWS))[0].active  # ...the next one fetches anew


async def test_an_event_after_an_invalidation_tells_listeners() -> None:
    cache, _, heard = make({"News": news(("n1", True))}, ttl=30)
    await cache.records(Collection.NEWS)
    cache.invalidate()
    cache.apply_event(Collection.NEWS, "delete", {"id": "n1"})
    assert heard == [Collection.NEWS]


async def test_reload_refetches_what_was_held_and_reports_only_real_changes() -> None:
    cache, backend, heard = make({"News": news(("n1", True)), "Jobs": [], "Citys": []}, ttl=30)
    await cache.records(Collection.NEWS)
    await cache.records(Collection.JOBS)
    backend.data["News"] = news(("n1", True), ("n2", True))
    await cache.reload()
    assert backend.calls == {"News": 2, "Jobs": 2}  # Citys was never read: not fetched
    assert heard == [Collection.NEWS]
    assert len(cache.cached(Collection.NEWS)) == 2


async def test_reload_survives_a_dead_backend() -> None:
    cache, backend, heard = make({"News": news(("n1", True))}, ttl=30)
    await cache.records(Collection.NEWS)
    backend.failing = True
    await cache.reload()
    assert cache.cached(Collection.NEWS) is None and heard == []


async def test_a_failing_listener_is_logged_and_the_others_still_hear(caplog: pytest.LogCaptureFixture) -> None:
    cache, _, heard = make({"News": news(("n1", True))}, ttl=30)

    def broken(_: str) -> None:
        raise RuntimeError("boom")

    remove = cache.add_listener(broken)
    await cache.records(Collection.NEWS)
    with caplog.at_level(logging.ERROR):
        cache.apply_event(Collection.NEWS, "delete", {"id": "n1"})
    assert heard == [Collection.NEWS] and "boom" in caplog.text
    remove()
    cache.apply_event(Collection.NEWS, "create", news(("n9", True))[0])
    assert heard == [Collection.NEWS, Collection.NEWS]


async def test_a_list_is_fresh_from_its_fetch_until_its_ttl_passes_and_never_after_a_failure() -> None:
    now = [100.0]
    cache, backend, _ = make({"News": news(("n1", True))}, ttl=30, clock=lambda: now[0])
    assert not cache.fresh(Collection.NEWS)  # nothing cached yet: reading it would wait
    await cache.records(Collection.NEWS)
    assert cache.fresh(Collection.NEWS)
    now[0] += 29.9
    assert cache.fresh(Collection.NEWS)
    now[0] += 0.2
    assert not cache.fresh(Collection.NEWS)
    backend.failing = True
    with pytest.raises(ClientResponseError):
        await cache.records(Collection.NEWS)
    assert not cache.fresh(Collection.NEWS)


async def test_reading_several_warm_lists_fetches_nothing_and_a_cold_one_is_fetched_first(monkeypatch) -> None:
    from student_portal.pocketbase.records import NewsItem, Subject
    from student_portal.state import content

    cache, backend, _ = make({"News": news(("n1", True)), "Subjects": []}, ttl=30)
    monkeypatch.setattr(content, "content_cache", lambda: cache)
    waited: list[str] = []
    ready = cache.ready

    async def counting_ready(collection: str) -> None:
        waited.append(collection)
        await ready(collection)

    monkeypatch.setattr(cache, "ready", counting_ready)
    sources = ((Collection.NEWS, NewsItem, _title), (Collection.SUBJECTS, Subject, _title))
    assert await content.public_lists(*sources) == [["Title n1"], []]
    assert sorted(waited) == [Collection.NEWS, Collection.SUBJECTS]
    waited.clear()
    assert await content.public_lists(*sources) == [["Title n1"], []]
    assert waited == [] and backend.calls == {"News": 1, "Subjects": 1}


def _title(record) -> str:  # module level: the cache shapes a list once per shape
    return record.title
