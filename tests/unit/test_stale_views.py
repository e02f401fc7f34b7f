"""A failed read never gets the shared view the cache made from the lists' last good version
(spec 8: the talents and shop sections go empty while PocketBase is down, as recordings do)."""

from __future__ import annotations

import pytest

from student_portal.pocketbase import Collection
from student_portal.state import content
from student_portal.state.shop import shop_view
from student_portal.state.talents import talents_view
from tests.unit.test_cache_changes import make


@pytest.fixture
def backend(monkeypatch: pytest.MonkeyPatch):
    data = {
        Collection.TALENTS: [{"id": "t1", "name": "Ama", "title": "Song", "link": "", "categorie": "c1"}],
        Collection.TALENTS_CATEGORIES: [{"id": "c1", "name": "Music"}],
        Collection.PRODUCTS: [{"id": "p1", "name": "Pen", "category": ["k1"]}],
        Collection.CATEGORIES: [{"id": "k1", "name": "Stationery"}],
    }
    cache, backend, _ = make(data, ttl=0, failure_ttl=0)
    monkeypatch.setattr(content, "content_cache", lambda: cache)
    return backend


async def test_talents_go_empty_when_their_lists_cannot_be_read(backend) -> None:
    assert [card.id for card in (await talents_view()).cards] == ["t1"]
    backend.failing = True
    assert (await talents_view()).cards == []
    backend.failing = False
    assert [card.id for card in (await talents_view()).cards] == ["t1"]


async def test_the_shop_goes_empty_when_its_lists_cannot_be_read(backend) -> None:
    assert [card.id for card in (await shop_view()).cards] == ["p1"]
    backend.failing = True
    assert (await shop_view()).cards == []
    backend.failing = False
    assert [card.id for card in (await shop_view()).cards] == ["p1"]
