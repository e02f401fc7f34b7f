"""The lead images' redirects (student_portal/server/lead_images.py) over a mocked PocketBase."""

from __future__ import annotations

import asyncio

import httpx
from starlette.responses import PlainTextResponse

from student_portal.pocketbase import Collection
from student_portal.pocketbase.collections import PUBLIC
from student_portal.server.lead_images import LEAD_IMAGES, NO_PICTURE, lead_image_url, with_lead_images
from tests.unit.test_cache_changes import make


def slide(id_: str, image: str, n: int) -> dict:
    return {
        "id": id_,
        "collectionId": "pbc_slides",
        "title": f"Slide {id_}",
        "image": image,
        "created": f"2026-01-0{n} 00:00:00.000Z",
    }


def assert_no_picture(response: httpx.Response) -> None:
    assert response.status_code == 200 and response.headers["content-type"] == "image/gif"
    assert response.content == NO_PICTURE and response.headers["cache-control"] == "no-cache"


def site(data: dict[str, list[dict]], **kwargs):
    cache, backend, _ = make(data, ttl=30)
    app = with_lead_images(PlainTextResponse("the site"), lambda: cache, **kwargs)
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test")
    return client, cache, backend


async def test_a_slot_redirects_to_the_first_pictures_thumb_at_the_width_asked_for() -> None:
    client, _, _ = site({Collection.RECORDING_SLIDES: [slide("s1", "one.jpg", 1), slide("s2", "two.jpg", 2)]})
    async with client:
        for width, thumb in (("640", "640x240"), ("960", "960x360"), ("1280", "1280x480")):
            response = await client.get(lead_image_url("recording-slides", int(width)))
            assert response.status_code == 302
            assert response.headers["location"] == f"/files/pbc_slides/s1/one.jpg?thumb={thumb}"
            # The target moves with the content, so the redirect itself is never reused unchecked.
            assert response.headers["cache-control"] == "no-cache"


async def test_slides_without_a_picture_are_skipped_as_the_page_skips_them() -> None:
    client, _, _ = site({Collection.OL_SLIDES: [slide("s1", "", 1), slide("s2", "two.jpg", 2)]})
    async with client:
        response = await client.get(lead_image_url("ol-slides", 960))
    assert response.headers["location"].endswith("/pbc_slides/s2/two.jpg?thumb=960x360")


async def test_no_slide_with_a_picture_gives_no_picture() -> None:
    client, _, _ = site({Collection.AL_SLIDES: [slide("s1", "", 1)]})
    async with client:
        assert_no_picture(await client.get(lead_image_url("al-slides", 640)))


async def test_unknown_slots_and_widths_answer_404() -> None:
    client, _, _ = site({Collection.OL_SLIDES: [slide("s1", "one.jpg", 1)]})
    async with client:
        assert (await client.get("/lead-image/nope/400")).status_code == 404
        assert (await client.get(lead_image_url("ol-slides", 401))).status_code == 404
        assert (await client.get("/lead-image/ol-slides/wide")).status_code == 404
        # /shop's first picture comes in its HTML now (sharing/first_view.py), not from here.
        assert (await client.get("/lead-image/shop/400")).status_code == 404


async def test_empty_lists_and_a_dead_backend_give_an_empty_picture_not_an_error() -> None:
    client, _, backend = site({Collection.AL_SLIDES: [], Collection.RECORDING_SLIDES: [slide("s1", "one.jpg", 1)]})
    async with client:
        assert_no_picture(await client.get(lead_image_url("al-slides", 640)))
        backend.failing = True
        assert_no_picture(await client.get(lead_image_url("recording-slides", 640)))


async def test_a_slow_backend_gets_no_picture_rather_than_a_late_one_and_the_fetch_goes_on() -> None:
    client, _cache, backend = site({Collection.OL_SLIDES: [slide("s1", "one.jpg", 1)]}, wait_s=0.05)
    backend.delay = 0.3
    async with client:
        assert_no_picture(await client.get(lead_image_url("ol-slides", 640)))
        await asyncio.sleep(0.4)  # the fetch it started has filled the cache meanwhile
        assert (await client.get(lead_image_url("ol-slides", 640))).status_code == 302
    assert backend.calls == {Collection.OL_SLIDES: 1}


async def test_a_change_in_pocketbase_moves_the_redirect_without_a_rebuild() -> None:
    client, cache, _ = site({Collection.OL_SLIDES: [slide("s1", "one.jpg", 1)]})
    async with client:
        before = await client.get(lead_image_url("ol-slides", 640))
        cache.apply_event(Collection.OL_SLIDES, "update", slide("s1", "new.jpg", 1))
        after = await client.get(lead_image_url("ol-slides", 640))
    assert before.headers["location"].endswith("/s1/one.jpg?thumb=640x240")
    assert after.headers["location"].endswith("/s1/new.jpg?thumb=640x240")


async def test_every_other_request_goes_to_the_site() -> None:
    client, _, _ = site({})
    async with client:
        for path in ("/", "/shop/", "/lead-imagery", "/lead-image"):
            response = await client.get(path)
            assert (response.status_code, response.text) == (200, "the site")


def test_every_slot_reads_a_public_collection_and_lists_its_thumbs_narrowest_first() -> None:
    for lead in LEAD_IMAGES.values():
        assert lead.collection in PUBLIC  # never a protected list: the redirect serves anyone
        assert lead.widths and lead.widths == tuple(sorted(lead.widths))
