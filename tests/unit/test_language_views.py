"""Rows and views shared by every visitor hold texts in one language (prices, dates, guest
counts): a Sinhala visitor never gets the English ones an earlier English visitor made."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from student_portal.i18n import in_language
from student_portal.i18n.languages import Language
from student_portal.pocketbase import Collection
from student_portal.state import booking, jobs
from student_portal.state import content as state_content
from tests.unit.test_cache_changes import make

ROOMS = [{"collectionId": "pbc_hotels", "id": "h1", "name": "Lake View", "city": "kandy", "gust": 2, "price": 7000}]
JOBS = [{"id": "j1", "title": "Trainee", "postedAt": "2026-11-24 04:00:00.000Z"}]


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[dict]]]:
    data = {Collection.HOTELS: ROOMS, Collection.CITYS: [{"id": "kandy", "name": "Kandy"}], Collection.JOBS: JOBS}
    cache, _, _ = make(data, ttl=30)
    for module in (state_content,):
        monkeypatch.setattr(module, "content_cache", lambda: cache)
    yield data


async def _rooms(language: Language) -> booking.HotelCard:
    with in_language(language):
        return (await booking.rooms_view()).for_address({})[0]


async def _job(language: Language) -> jobs.JobCard:
    with in_language(language):
        cards = await jobs.job_cards()
    assert cards
    return cards[0]


async def test_each_language_gets_its_own_room_cards(cached) -> None:
    english = await _rooms(Language.EN)
    sinhala, tamil = await _rooms(Language.SI), await _rooms(Language.TA)
    assert english.price.startswith("RsH") and not sinhala.price.startswith("RsH")
    assert len({english.price, sinhala.price, tamil.price}) == 3
    assert len({english.guests_label, sinhala.guests_label, tamil.guests_label}) == 3
    assert await _rooms(Language.EN) is english  # still shared by every visitor of a language


async def test_each_language_gets_its_own_job_dates(cached) -> None:
    english, sinhala = await _job(Language.EN), await _job(Language.SI)
    assert english.posted == "24 Nov 2026" and sinhala.posted != english.posted
    assert (await _job(Language.EN)).posted == english.posted
