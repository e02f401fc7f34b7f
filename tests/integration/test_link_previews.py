"""Link previews on the first request after a start (a fresh content cache) against the real
PocketBase with the demo data: a list page's preview has its picture at once.

A WhatsApp preview is made once, from whatever the first answer said: a preview without
og:image then stays without a picture in that chat."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from starlette.responses import HTMLResponse

from student_portal import pages, routes  # noqa: F401 - pages declares every page
from student_portal.pocketbase import Collection, ContentCache, PocketBaseClient
from student_portal.routes.links import absolute
from student_portal.sharing import content
from student_portal.sharing.server import with_sharing
from student_portal.state.content import file_url
from tests.unit.test_sharing_tags import read

SITE = "https://portal.test"
BUILT = '<!DOCTYPE html><html lang="en"><head><title>Built</title></head><body><div id="root"></div></body></html>'


async def _built_page(scope, receive, send) -> None:
    await HTMLResponse(BUILT)(scope, receive, send)


@pytest.fixture
async def fresh_cache(pocketbase, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[ContentCache]:
    """The content cache of a site that has just started: nothing fetched yet."""
    client = PocketBaseClient(pocketbase.url, timeout=10)
    cache = ContentCache(client)
    monkeypatch.setattr(content, "content_cache", lambda: cache)
    yield cache
    await client.aclose()


@pytest.mark.parametrize(
    ("path", "collection", "field"),
    [(routes.BOOKING, Collection.HOTELS, "image"), (routes.SHOP, Collection.PRODUCTS, "image")],
)
async def test_the_first_request_after_a_start_sends_a_preview_with_its_picture(
    fresh_cache: ContentCache, path: str, collection: str, field: str
) -> None:
    assert fresh_cache.cached(collection) is None  # nothing held: the first request after a start
    # A generous wait: what is tested is that the answer waits for the picture at all (it read
    # only what the cache held), not how fast a loaded machine fetches it.
    site = with_sharing(_built_page, base_url=lambda: SITE, is_built=lambda _: False, wait_s=30)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=site), base_url=SITE) as browser:
        head = read((await browser.get(path)).text)
    first = next(r for r in await fresh_cache.records(collection) if getattr(r, field))
    _, _, thumb = content.REPRESENTATIVE[path]
    assert head.meta.get("og:image") == absolute(SITE, file_url(first, getattr(first, field), thumb))
    assert head.meta["twitter:card"] == "summary_large_image"
