"""/files/... from the site's origin (student_portal/server/file_proxy.py) over a mocked PocketBase."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from starlette.responses import PlainTextResponse

from student_portal.pocketbase import PocketBaseClient
from student_portal.server.file_proxy import with_file_proxy
from student_portal.server.image_variants import VariantCache
from tests.unit.test_image_variants import noisy_low_quality_jpeg, photo

PUBLIC_CACHE = "max-age=2592000, stale-while-revalidate=86400"


def body(data: bytes) -> httpx.ByteStream:
    return httpx.ByteStream(data)  # unread, as a network answer is


def pocketbase(request: httpx.Request) -> httpx.Response:
    if request.url.path == "/api/files/pbc_1/rec1/photo_x.jpg":
        headers = {"content-type": "image/jpeg", "cache-control": PUBLIC_CACHE, "x-internal": "secret"}
        if request.headers.get("range") == "bytes=0-1":
            return httpx.Response(
                206, stream=body(b"ab"), headers={**headers, "content-range": "bytes 0-1/4", "content-length": "2"}
            )
        return httpx.Response(200, stream=body(b"abcd"), headers={**headers, "content-length": "4"})
    if request.url.path == "/api/files/pbc_2/rec2/page.html":
        return httpx.Response(200, stream=body(b"<script>x</script>"), headers={"content-type": "text/html"})
    return httpx.Response(404, stream=body(b'{"status": 404}'), headers={"content-type": "application/json"})


def request(path: str, method: str = "GET", **kwargs) -> tuple[httpx.Response, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def backend(req: httpx.Request) -> httpx.Response:
        seen.append(req)
        return pocketbase(req)

    client = PocketBaseClient("http://pb.internal:8090", transport=httpx.MockTransport(backend))
    app = with_file_proxy(PlainTextResponse("the site"), lambda: client)

    async def go() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test") as http:
            return await http.request(method, path, **kwargs)

    return asyncio.run(go()), seen


def test_a_public_file_streams_with_its_type_length_and_long_cache() -> None:
    response, seen = request("/files/pbc_1/rec1/photo_x.jpg?thumb=400x300&other=dropped")
    assert response.status_code == 200 and response.content == b"abcd"
    assert response.headers["content-type"] == "image/jpeg"
    assert response.headers["content-length"] == "4"
    assert response.headers["cache-control"] == PUBLIC_CACHE
    assert "x-internal" not in response.headers
    assert dict(seen[0].url.params) == {"thumb": "400x300"}


def test_a_range_is_passed_through() -> None:
    response, _ = request("/files/pbc_1/rec1/photo_x.jpg", headers={"Range": "bytes=0-1"})
    assert response.status_code == 206 and response.content == b"ab"
    assert response.headers["content-range"] == "bytes 0-1/4"


def test_a_tokenised_file_is_never_stored_by_a_cache() -> None:
    response, seen = request("/files/pbc_1/rec1/photo_x.jpg?token=FT&download=1")
    assert response.headers["cache-control"] == "private, no-store"
    assert dict(seen[0].url.params) == {"token": "FT", "download": "1"}


def test_head_answers_headers_only() -> None:
    response, _ = request("/files/pbc_1/rec1/photo_x.jpg", method="HEAD")
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-type"] == "image/jpeg"


def test_a_missing_file_is_pocketbases_404_and_not_cached() -> None:
    response, _ = request("/files/pbc_1/rec1/gone.jpg")
    assert response.status_code == 404
    assert response.headers["cache-control"] == "private, no-store"


def test_an_uploaded_page_is_never_served_as_html_of_our_origin() -> None:
    response, _ = request("/files/pbc_2/rec2/page.html")
    assert response.headers["content-type"] == "application/octet-stream"


@pytest.mark.parametrize(
    "path",
    ["/files/pbc_1/rec1/..", "/files/pbc_1/rec1/a..b", "/files/pbc_1/rec%2F1/x.jpg", "/files/pbc_1/rec1/.hidden"],
)
def test_paths_outside_a_stored_file_name_never_reach_pocketbase(path: str) -> None:
    response, seen = request(path)
    assert response.status_code == 404 and seen == []


def test_other_requests_reach_the_app_untouched() -> None:
    response, seen = request("/filesystem")
    assert response.text == "the site" and seen == []


def test_pocketbase_down_is_a_502_not_a_crash() -> None:
    def down(req: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=req)

    client = PocketBaseClient("http://pb.internal:8090", transport=httpx.MockTransport(down))
    app = with_file_proxy(PlainTextResponse("the site"), lambda: client)

    async def go() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test") as http:
            return await http.get("/files/pbc_1/rec1/photo_x.jpg")

    response = asyncio.run(go())
    assert response.status_code == 502 and response.headers["cache-control"] == "no-store"


def test_pocketbase_gone_halfway_through_a_picture_is_a_502_not_a_crash() -> None:
    """A restart while the site reads a picture to convert it: the browser gets a clear 502."""

    class CutShort(httpx.AsyncByteStream):
        async def __aiter__(self):
            yield b"\xff\xd8" + b"0" * 510
            raise httpx.RemoteProtocolError("peer closed connection without sending complete message body")

    def backend(req: httpx.Request) -> httpx.Response:
        headers = {"content-type": "image/jpeg", "cache-control": PUBLIC_CACHE, "content-length": "14660"}
        return httpx.Response(200, stream=CutShort(), headers=headers)

    client = PocketBaseClient("http://pb.internal:8090", transport=httpx.MockTransport(backend))
    app = with_file_proxy(PlainTextResponse("the site"), lambda: client, VariantCache)

    async def go() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test") as http:
            return await http.get("/files/pbc_1/rec1/photo_x.jpg?thumb=640x400", headers={"Accept": CHROME_ACCEPT})

    response = asyncio.run(go())
    assert response.status_code == 502 and response.headers["cache-control"] == "no-store"


# --- WebP for browsers that accept it (student_portal/server/image_variants.py) --------------------------

CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"


def jpeg() -> bytes:
    return photo(quality=90)


def picture_backend(data: bytes, seen: list[httpx.Request]):
    def backend(req: httpx.Request) -> httpx.Response:
        seen.append(req)
        headers = {"content-type": "image/jpeg", "cache-control": PUBLIC_CACHE, "content-length": str(len(data))}
        return httpx.Response(200, stream=body(data), headers=headers)

    return backend


def picture_request(path: str, data: bytes, variants: VariantCache, **kwargs) -> tuple[httpx.Response, list]:
    seen: list[httpx.Request] = []
    client = PocketBaseClient("http://pb.internal:8090", transport=httpx.MockTransport(picture_backend(data, seen)))
    app = with_file_proxy(PlainTextResponse("the site"), lambda: client, lambda: variants)

    async def go() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site.test") as http:
            return await http.get(path, **kwargs)

    return asyncio.run(go()), seen


def test_a_public_picture_reaches_a_webp_browser_as_webp_cached_and_varying_on_accept() -> None:
    source, variants = jpeg(), VariantCache()
    response, seen = picture_request(
        "/files/pbc_1/rec1/photo_x.jpg?thumb=640x400", source, variants, headers={"Accept": CHROME_ACCEPT}
    )
    assert response.status_code == 200 and response.headers["content-type"] == "image/webp"
    assert response.content[:4] == b"RIFF" and len(response.content) < len(source)
    assert response.headers["content-length"] == str(len(response.content))
    assert response.headers["cache-control"] == PUBLIC_CACHE
    assert response.headers["vary"] == "Accept"
    assert dict(seen[0].url.params) == {"thumb": "640x400"}
    assert len(variants) == 1
    again, _ = picture_request(
        "/files/pbc_1/rec1/photo_x.jpg?thumb=640x400", source, variants, headers={"Accept": CHROME_ACCEPT}
    )
    assert again.content == response.content and len(variants) == 1


def test_a_browser_without_webp_gets_the_original_with_vary_accept() -> None:
    source, variants = jpeg(), VariantCache()
    response, _ = picture_request("/files/pbc_1/rec1/photo_x.jpg", source, variants, headers={"Accept": "image/*"})
    assert response.headers["content-type"] == "image/jpeg" and response.content == source
    assert response.headers["vary"] == "Accept"
    assert len(variants) == 0


@pytest.mark.parametrize("query", ["?token=FT", "?thumb=640x400&token=FT", "?download=1"])
def test_a_protected_or_downloaded_file_is_never_converted_nor_kept(query: str) -> None:
    source, variants = jpeg(), VariantCache()
    response, _ = picture_request(
        "/files/pbc_1/rec1/photo_x.jpg" + query, source, variants, headers={"Accept": CHROME_ACCEPT}
    )
    assert response.headers["content-type"] == "image/jpeg" and response.content == source
    assert len(variants) == 0
    if "token" in query:
        assert response.headers["cache-control"] == "private, no-store" and "vary" not in response.headers


def test_a_picture_webp_cannot_shrink_is_served_as_it_is() -> None:
    tiny, variants = noisy_low_quality_jpeg(), VariantCache()
    response, _ = picture_request("/files/pbc_1/rec1/photo_x.jpg", tiny, variants, headers={"Accept": CHROME_ACCEPT})
    assert response.headers["content-type"] == "image/jpeg" and response.content == tiny
    assert response.headers["content-length"] == str(len(tiny))


def test_thumb_sizes_the_site_does_not_use_never_fill_the_webp_cache() -> None:
    # The attack: a new ?thumb= each time cost a conversion each time and pushed real pictures
    # out of the cache. An unknown size asks PocketBase for the original (its answer to an
    # unknown size anyway) and shares the original's one converted copy.
    source, variants = jpeg(), VariantCache()
    answers = []
    for junk in ("1x1", "abc", "400x300" + "0" * 50, "9999x9999", " 400x300"):
        response, seen = picture_request(
            f"/files/pbc_1/rec1/photo_x.jpg?thumb={junk}", source, variants, headers={"Accept": CHROME_ACCEPT}
        )
        assert dict(seen[0].url.params) == {}
        answers.append(response.content)
    assert len(variants) == 1 and len(set(answers)) == 1
    _, seen = picture_request(
        "/files/pbc_1/rec1/photo_x.jpg?thumb=400x300", source, variants, headers={"Accept": CHROME_ACCEPT}
    )
    assert dict(seen[0].url.params) == {"thumb": "400x300"} and len(variants) == 2


def test_the_thumb_sizes_are_the_schemas() -> None:
    import re
    from pathlib import Path

    from student_portal.server.image_variants import THUMB_SIZES

    migrations = Path(__file__).resolve().parents[2] / "pb" / "pb_migrations"
    declared = {size for path in migrations.glob("*.js") for size in re.findall(r'"(\d+x\d+[tbf]?)"', path.read_text())}
    assert set(THUMB_SIZES) == declared
